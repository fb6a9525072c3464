"""Which site wrote a hand-history text, from how its first hand begins.

:func:`guess_site` names the site or client of a text bigblind may not read
yet, so that a reader can say what a file is rather than only that it is not
what was expected.

>>> guess_site("Poker Hand #RC1234: Hold'em No Limit ($0.02/$0.05) - 2025/01/01 10:00:00")
'GGPoker hand histories'
>>> guess_site("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit"), guess_site("x")
('Winamax hand histories', None)
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["guess_site"]

# The first words of a hand or file, by site, looked for at the start of the early lines
# (a mark read in the wrong code page, 'ï»¿', passed over); the first site found is named.
_SITES: Final = (
    ("PokerStars hand histories", re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #")),
    (
        "a PokerStars tournament summary (it holds no hands)",
        re.compile(r"PokerStars Tournament #"),
    ),
    ("GGPoker hand histories", re.compile(r"Poker Hand #[A-Z]{2}[0-9]")),
    (
        "a Winamax tournament summary (it holds no hands)",
        re.compile(r"Winamax Poker - Tournament summary"),
    ),
    ("Winamax hand histories", re.compile(r"Winamax Poker - ")),
    (
        "partypoker hand histories",
        re.compile(r"\*\*\*\*\* Hand History [Ff]or Game |Game #[0-9]+ starts\."),
    ),
    ("888poker hand histories", re.compile(r"#Game No : |\*\*\*\*\* 888(?:poker)? ")),
    (
        "Winning Poker Network (ACR) hand histories",
        re.compile(r"Game (?:started at|ID): |<Game Information>"),
    ),
    ("Bovada or Ignition hand histories", re.compile(r"(?:Bovada|Ignition|Bodog(?:\.eu)?) Hand #")),
    ("9stacks hand histories", re.compile(r"9stacks Poker Hand #")),
    ("Horizon hand histories", re.compile(r"Hand#[0-9A-F]+ - ")),
    ("an 888poker (Cassava) tournament summary", re.compile(r"\*\*\*\*\* Cassava ")),
    ("iPoker or partypoker XML hand histories", re.compile(r"<\?xml |<session")),
    ("a Poker Now log", re.compile(r"entry,at,order")),
    ("a Poker Now ledger", re.compile(r"player_nickname,player_id,")),
    ("Open Hand History JSON", re.compile(r'"ohh": ')),
    ("Global Poker JSON hands", re.compile(r'"table": \{')),
    (
        "an ACPC dealer log (`bigblind acpc replay GAMEDEF LOG` reads it)",
        re.compile(r"# name/game/hands/seed |STATE:[0-9]+:"),
    ),
)
_LOOK: Final = 40  # lines read from the start


def guess_site(text: str) -> str | None:
    """What ``text`` looks like, in words (``'GGPoker hand histories'``), or None."""
    lines = [line.strip() for line in text.replace("\x00", "").splitlines()[:_LOOK]]
    for site, start in _SITES:
        if any(start.match(line.lstrip("\ufeffï»¿")) for line in lines):
            return site
    return None
