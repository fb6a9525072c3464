"""partypoker hand histories (text): each line said in PokerStars' words, then read so.

partypoker writes a banner (``***** Hand History for Game N *****``), the
stakes and game on the next line (``$2/$4 USD NL Texas Hold'em - ...``, or a
tournament's ``Trny: N Level: N Blinds(10/20)``), amounts in brackets
(``[$2 USD].``, ``[2,381]``), raises as what the player added, ``is all-In
[x]`` for a bet, call or raise of the whole stack, and the pot won as ``wins
$7.56 USD from the main pot``. :func:`loads_each` says each hand as PokerStars
would and reads it with the PokerStars reader; histories carry ``site``
``'partypoker'``. partypoker writes no rake for cash games: what the winners'
amounts leave of the pot is the rake, never more than a tenth of it.

>>> text = '''***** Hand History for Game 169480717 *****
... $2/$4 USD NL Texas Hold'em - Monday, May 22, 13:46:41 EDT 2017
... Table Edison (Real Money)
... Seat 6 is the button
... Total number of players : 2/6
... Seat 6: ann ( $133.90 USD )
... Seat 2: bob ( $559.66 USD )
... ann posts small blind [$2 USD].
... bob posts big blind [$4 USD].
... ** Dealing down cards **
... ann raises [$10 USD]
... bob folds
... ann wins $8 USD'''
>>> (history,) = loads_each(text)
>>> history.players, history.finishing_stacks  # no line returns ann's 8 not called
(('bob', 'ann'), (55566, 12990))
>>> from bigblind.formats import pokerstars
>>> pokerstars.reconcile(history).reconciled
True
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.encoding import hand_blocks
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["HEADER", "is_party", "loads_each", "read_each"]

HEADER: Final = re.compile(r"\*\*\*\*\* Hand History [Ff]or Game [0-9]{1,20} \*\*\*\*\*$")
"""The banner every partypoker hand begins with (888's names its site before the words)."""
_BANNER: Final = 4  # the banner, the game, the table, the button: then the count
_GAMES: Final = {"NL Texas Hold'em": "Hold'em No Limit", "PL Texas Hold'em": "Hold'em Pot Limit"}
_GAME: Final = re.compile(
    r"(?P<stakes>.*?) ?(?P<game>(?:NL|PL|FL) (?:Texas Hold'em|Omaha(?: Hi-Lo)?)|\S+ Omaha\S*)"
    r"(?P<rest>.*?)(?: - (?P<when>.*))?$"
)
_LEVEL: Final = re.compile(
    r"Trny: ?(?P<number>[0-9]{1,20}) Level: ?(?P<level>[0-9]{1,4}) +Blinds(?:-Antes)?"
    r"\((?P<low>[0-9,.]+K?)/(?P<high>[0-9,.]+K?)"
)
_TABLE: Final = re.compile(r"Table (?P<name>.+?)(?: \((?P<money>[^()]*Money)\))?$")
_BUTTON: Final = re.compile(r"Seat (?P<seat>[0-9]{1,2}) is the button")
_SEAT: Final = re.compile(r"Seat (?P<seat>[0-9]{1,2}): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)$")
_BRACKET: Final = re.compile(r"\[\s*([^\]]*?)\s*\]")
_WINS: Final = re.compile(r"wins (?P<amount>[$€]?[0-9][0-9,.]*)(?: (?:USD|EUR|chips))?\b.*")
_STREETS: Final = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}


def loads_each(text: str) -> list[Entry]:
    """Each hand of a partypoker history text, read on its own."""
    lines = text.replace("\ufeff", "").replace("\x00", "").splitlines()
    entries: list[Entry] = []
    for first, hand in hand_blocks(lines, HEADER):
        while hand and hand[-1].strip().startswith(("Game #", "#Game No")):
            hand = hand[:-1]  # the next hand's announcement
        entries.append(_entry(hand, first))
    return entries


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a partypoker history file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def is_party(text: str) -> bool:
    """Whether a text holds a partypoker hand.

    >>> is_party("#Game No : 1\\n***** Hand History for Game 1 *****"), is_party("x")
    (True, False)
    """
    lines = text.replace("\ufeff", "").replace("\x00", "").splitlines()
    return any(HEADER.match(line.strip()) for line in lines)


def _entry(lines: list[str], first_line: int) -> Entry:
    number = int(lines[0].split("Game ", 1)[1].split()[0])
    game = _GAME.fullmatch(lines[1].strip()) if len(lines) > 1 else None
    if game is None:
        return Unreadable(
            line=first_line,
            reason=f"hand #{number}, line {first_line + 1}: the game line must read"
            ' "$2/$4 USD NL Texas Hold\'em - Monday, May 22, 13:46:41 EDT 2017"',
        )
    played = _GAMES.get(game["game"])
    if played is None:
        return OtherGame(line=first_line, number=number, game=game["game"])
    try:
        said = _in_pokerstars_words(lines, game, played, number)
        # The table, button and count lines are left out: the rest keep their numbers.
        history = read_hand(sit_out_idle(said), first_line + _BANNER - 1)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason)
    metadata = {**history.metadata, "site": "partypoker", "line": first_line}
    if "tournament" not in metadata:
        metadata["_rake_unknown"] = True  # partypoker does not write a cash game's rake
    return dataclasses.replace(history, metadata=metadata)


def _in_pokerstars_words(
    lines: list[str], game: re.Match[str], played: str, number: int
) -> list[str]:
    table = _TABLE.fullmatch(lines[2].strip()) if len(lines) > 2 else None
    button = _BUTTON.fullmatch(lines[3].strip()) if len(lines) > 3 else None
    if table is None or button is None:
        raise HistoryError(
            f"hand #{number}: the table and button lines must read 'Table Edison (Real"
            " Money)' and 'Seat 6 is the button'"
        )
    level = _LEVEL.search(game["rest"] + " " + game["stakes"])
    money = level is None
    if level is not None:
        header = (
            f"PokerStars Hand #{number}: Tournament #{level['number']}, party {played}"
            f" - Level {level['level']} ({_chips(level['low'])}/{_chips(level['high'])})"
        )
    else:
        low, high = _cash_stakes(game["stakes"], lines)
        code = " EUR" if low.startswith("€") else " USD"
        header = f"PokerStars Hand #{number}:  {played} ({low}/{high}{code})"
    said = [header, f"Table '{table['name']}' Seat #{button['seat']} is the button"]
    names: list[str] = []
    street: dict[str, int] = {}
    board: list[str] = []
    current = 0
    pending = _unwritten_blinds(lines, int(button["seat"]), level)
    for raw in lines[_BANNER:]:
        line = raw.strip()
        if line.startswith("Total number of players"):
            continue  # (left out, as the table and button lines are)
        if seat := _SEAT.fullmatch(line):
            names.append(seat["name"])
            said.append(f"Seat {seat['seat']}: {seat['name']} ({_money(seat['stack'])} in chips)")
            continue
        if pending and (line.startswith(("Trny:", "Blinds")) or line.startswith("** Dealing")):
            # The blinds the file does not write go where it names the level and blinds
            # (or, wanting those lines, just before the deal: the lines after come later).
            while pending:
                name, kind, chips = pending.pop(0)
                street[name] = chips * 100
                current = max(current, chips * 100)
                said.append(f"{name}: posts {kind} blind {chips}")
                if not line.startswith("** Dealing"):
                    break
            if not line.startswith("** Dealing"):
                continue
        if line.startswith("** Dealing down cards"):
            said.append("*** HOLE CARDS ***")
            continue
        if line.startswith("** Dealing "):
            word = line[len("** Dealing ") :].split(" ", 1)[0].lower()
            cards = _cards(_BRACKET.search(line))
            before = f"[{' '.join(board)}] " if board else ""
            board += cards.split()
            street, current = {}, 0
            said.append(f"*** {_STREETS.get(word, word.upper())} *** {before}[{cards}]")
            continue
        if line.startswith("Dealt to "):
            found = _BRACKET.search(line)
            said.append(line[: found.start()] + f"[{_cards(found)}]" if found else line)
            continue
        text, current = _action(line, names, street, current, money)
        said.append(text)
    said.append("*** SUMMARY ***")
    return said


def _unwritten_blinds(
    lines: list[str], button: int, level: re.Match[str] | None
) -> list[tuple[str, str, int]]:
    """The blinds of a tournament hand whose file posts none (older partypoker files post
    only the antes): the two players left of the button, each all-in if short; else none.
    (player, kind, chips)."""
    if level is None or any(" posts small blind " in x or " posts big blind " in x for x in lines):
        return []
    seats = {m["name"]: m for line in lines if (m := _SEAT.fullmatch(line.strip()))}
    order = sorted(seats, key=lambda name: (int(seats[name]["seat"]) - button - 1) % 100)
    playing = [n for n in order if any(x.strip().startswith(n + " ") for x in lines[_BANNER:])]
    if len(playing) < 2:
        return []
    if len(playing) == 2:
        playing = playing[::-1]  # heads-up, the button posts the small blind (RULES 2.3)
    posts = []
    for name, blind, kind in (
        (playing[0], level["low"], "small"),
        (playing[1], level["high"], "big"),
    ):
        # What the stack holds beside the ante the file posts for the player.
        stack = _hundredths(_money(seats[name]["stack"])) // 100 - _ante_of(name, lines)
        posts.append((name, kind, max(0, min(int(_chips(blind).replace(",", "")), stack))))
    return posts


def _ante_of(name: str, lines: list[str]) -> int:
    """The ante a tournament file posts for ``name`` (0 if none)."""
    for line in lines:
        if line.strip().startswith(f"{name} posts ante ") and (found := _BRACKET.search(line)):
            return int(_chips(found.group(1)).replace(",", "") or 0)
    return 0


def _action(
    line: str, names: list[str], street: dict[str, int], current: int, money: bool
) -> tuple[str, int]:
    """One player's line in PokerStars' words ('' for what moves no chip), and the bet to
    call after it, in hundredths."""
    speaker = max((n for n in names if line.startswith(n + " ")), key=len, default=None)
    if speaker is None:
        return "", current
    rest = line[len(speaker) + 1 :]
    found = _BRACKET.search(rest)
    amount = _money(found.group(1)) if found else ""

    def written(hundredths: int) -> str:
        symbol = amount[:1] if amount[:1] in "$€" else ""
        if money:
            return f"{symbol}{hundredths // 100}.{hundredths % 100:02d}"
        return str(hundredths // 100)

    if wins := _WINS.fullmatch(rest):
        return f"{speaker} collected {_money(wins['amount'])} from pot", current
    if rest.startswith("shows") and found:
        return f"{speaker}: shows [{_cards(found)}]", current
    if rest.startswith("doesn't show") or rest.startswith("mucks"):
        return f"{speaker}: mucks hand", current
    added = _hundredths(amount) if amount else 0  # (the brackets above hold cards)
    if rest.startswith("posts "):
        kind = rest[len("posts ") : found.start()].strip() if found else ""
        kind = "the ante" if kind == "ante" else kind
        if kind != "the ante":
            street[speaker] = street.get(speaker, 0) + added
            current = max(current, street[speaker])
        return f"{speaker}: posts {kind} {amount}", current
    verb = rest.split(" ", 1)[0]
    if verb in ("folds", "checks"):
        return f"{speaker}: {verb}", current
    if verb in ("calls", "bets"):
        street[speaker] = street.get(speaker, 0) + added
        return f"{speaker}: {verb} {amount}", max(current, street[speaker])
    if verb == "raises" or rest.startswith("is all-In"):
        to = street.get(speaker, 0) + added
        street[speaker] = to
        all_in = " and is all-in" if verb == "is" else ""
        if current == 0:
            return f"{speaker}: bets {amount}{all_in}", to
        if to <= current:
            return f"{speaker}: calls {amount}{all_in}", current
        return f"{speaker}: raises {written(to - current)} to {written(to)}{all_in}", to
    return "", current


def _cash_stakes(stakes: str, lines: list[str]) -> tuple[str, str]:
    """A cash game's blinds: as the header writes them, else from the posts."""
    # A fast-fold table ('fastforward') names itself after its stakes.
    plain = stakes.replace("fastforward", "").replace("USD", "").replace("EUR", "")
    parts = [_money(part) for part in plain.split("/")]
    parts = [part for part in parts if part]
    if len(parts) == 2:
        return parts[0], parts[1]
    small = big = None
    for line in lines:
        found = _BRACKET.search(line)
        if found and " posts small blind " in line:
            small = small or _money(found.group(1))
        elif found and " posts big blind " in line:
            big = big or _money(found.group(1))
    if big is None:
        raise HistoryError("no big blind is posted, and the header names one stake alone")
    if small is None:
        half = _hundredths(big) // 2
        small = f"{big[:1] if big[:1] in '$€' else ''}{half // 100}.{half % 100:02d}"
    return small, big


def _money(text: str) -> str:
    """A party amount as PokerStars writes it: ``$2 USD`` as ``$2``, ``2,381`` kept."""
    return text.replace("USD", "").replace("EUR", "").replace("chips", "").strip().rstrip(".")


def _chips(text: str) -> str:
    """A tournament's stake: ``12,000`` kept, ``12K`` as ``12000``."""
    return str(int(float(text[:-1].replace(",", "")) * 1000)) if text.endswith("K") else text


def _hundredths(amount: str) -> int:
    digits = amount.lstrip("$€").replace(",", "")
    whole, _, fraction = digits.partition(".")
    if not (whole or "0").isdigit() or not (fraction or "0").isdigit():
        raise HistoryError(f"cannot read the amount {amount!r}: amounts read '$2 USD', '2,381'")
    return int(whole or 0) * 100 + int(fraction.ljust(2, "0")[:2] or 0)


def _cards(found: re.Match[str] | None) -> str:
    """``[ Qc, Ac ]`` or ``[  Ah 2s ]`` as ``Qc Ac``."""
    return " ".join(found.group(1).replace(",", " ").split()) if found else ""
