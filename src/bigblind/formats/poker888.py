"""888poker hand histories: each line said in PokerStars' words, then read as PokerStars text.

888poker (formerly Pacific Poker) writes ``#Game No : N`` and a banner before
its header, amounts in brackets (``[$0.02]``, ``[0,02 $]`` with a decimal
comma, ``[1,000]`` with a thousands comma), raises as what the player added
(``raises [$0.06]``), the showdown inside ``** Summary **``, and some files
name suits in German (``KKreuz``, ``10Karo``). :func:`loads_each` says each
hand as PokerStars would and reads it with the PokerStars reader; the
histories carry 888's game number and ``site`` ``'888poker'``. 888 writes no
rake in a cash game: what the winners' amounts leave of the pot is taken as
the rake, never more than a tenth of it (``_rake_unknown``); tournament hands
have none.

>>> text = '''#Game No : 474084325
... ***** 888poker Hand History for Game 474084325 *****
... $0.01/$0.02 Blinds No Limit Holdem - *** 28 01 2020 15:56:31
... Table Akron 9 Max (Real Money)
... Seat 1 is the button
... Total number of players : 2
... Seat 1: ann ( $2 )
... Seat 2: bob ( $1.50 )
... ann posts small blind [$0.01]
... bob posts big blind [$0.02]
... ** Dealing down cards **
... ann raises [$0.05]
... bob folds
... ** Summary **
... ann collected [ $0.04 ]'''
>>> (history,) = loads_each(text)
>>> history.number, history.players, history.finishing_stacks
(474084325, ('bob', 'ann'), (148, 198))
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
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = ["HEADER", "is_888", "loads_each", "read_each"]

HEADER: Final = re.compile(r"#Game No : [0-9]{1,20}$")
"""How every hand of an 888poker history begins (partypoker's hands begin so too: the
banner on the next line tells them apart)."""
# 888's banner names the site: 888poker, or a skin of its network (Delawarepark.com,
# WSOP.com-NJ, TowerTorneosPoker); partypoker's names none.
_SITE: Final = re.compile(
    r"\*\*\*\*\* (?P<site>\S.*?) Hand History for Game [0-9]{1,20} \*\*\*\*\*"
)
# TowerTorneos names cards in Spanish: D (diez) is the ten; corazones, diamantes, picas,
# treboles.
_SPANISH: Final = {"D": "T", "c": "h", "d": "d", "p": "s", "t": "c"}
_BANNER: Final = 6  # lines before the seats: game number, banner, game, table, button, count
_GAME: Final = re.compile(
    r"(?P<low>[^/]+)/(?P<high>.+?) Blinds (?P<game>.+?) - \*\*\* (?P<day>[0-9]{2}) "
    r"(?P<month>[0-9]{2}) (?P<year>[0-9]{4}) (?P<time>[0-9:]{5,8})"
)
_GAMES: Final = {
    "No Limit Holdem": "Hold'em No Limit",
    "Pot Limit Holdem": "Hold'em Pot Limit",
    "Fix Limit Holdem": "Hold'em Limit",
    "No Limit Omaha": "Omaha No Limit",
    "Pot Limit Omaha": "Omaha Pot Limit",
    "Fix Limit Omaha": "Omaha Limit",
    "No Limit OmahaHL": "Omaha Hi/Lo No Limit",
    "Pot Limit OmahaHL": "Omaha Hi/Lo Pot Limit",
    "Fix Limit OmahaHL": "Omaha Hi/Lo Limit",
}
_TABLE: Final = re.compile(
    r"(?:Tournament #(?P<tournament>[0-9]{1,20}) (?P<buy_in>.*?) - )?Table #?(?P<name>.+?)"
    r" (?P<max>[0-9]{1,2}) Max(?: \((?P<money>[^)]*)\))?"
)
_BUTTON: Final = re.compile(r"Seat (?P<seat>[0-9]{1,2}) is the button")
_SEAT: Final = re.compile(r"Seat (?P<seat>[0-9]{1,2}): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)$")
_BRACKET: Final = re.compile(r"\[\s*([^\]]*?)\s*\]")
_MONEY: Final = re.compile(
    r"^(?:(?P<pre>[$€£])\s?(?P<a>[0-9][0-9,.]*)|(?P<b>[0-9][0-9,.]*)\s?(?P<post>[$€£])?)$"
)
_SUITS: Final = {"Karo": "d", "Herz": "h", "Pik": "s", "Kreuz": "c"}
_CARD: Final = re.compile(r"(?P<rank>10|[2-9TJQKA])(?P<suit>[cdhs]|Karo|Herz|Pik|Kreuz)$")
_STREETS: Final = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
_DECIMAL: Final = re.compile(r"[0-9],[0-9]{2}\s*[)\]]")  # '( 994,90 )': hundredths


def loads_each(text: str) -> list[Entry]:
    """Each hand of an 888poker history text, read on its own (as ``pokerstars.loads_each``)."""
    lines = text.replace("\ufeff", "").splitlines()
    starts = [i for i, line in enumerate(lines) if _starts(lines, i)]
    entries: list[Entry] = []
    for begin, end in zip(starts, [*starts[1:], len(lines)], strict=False):
        entries.append(_entry(lines[begin:end], begin + 1))
    return entries


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of an 888poker history file, in whatever encoding it is in."""
    return loads_each(read_text(path))


def is_888(text: str) -> bool:
    """Whether a text holds an 888poker hand.

    >>> is_888("#Game No : 912672152\\n***** 888poker Hand History for Game 912672152 *****")
    True
    """
    lines = text.replace("\ufeff", "").splitlines()
    return any(_starts(lines, i) for i in range(len(lines)))


def _starts(lines: list[str], index: int) -> bool:
    """Whether an 888 hand begins at ``lines[index]``: its number, then 888's banner."""
    return (
        HEADER.match(lines[index].strip()) is not None
        and index + 1 < len(lines)
        and _SITE.fullmatch(lines[index + 1].strip()) is not None
    )


def _entry(lines: list[str], first_line: int) -> Entry:
    number = int(lines[0].strip().rsplit(" ", 1)[1])
    game = _GAME.fullmatch(lines[2].strip()) if len(lines) > 2 else None
    if game is None:
        return Unreadable(
            line=first_line,
            reason=f"hand #{number}, line {first_line + 2}: the game line must read"
            " '$0.01/$0.02 Blinds No Limit Holdem - *** 28 01 2020 15:56:31'",
        )
    played = _GAMES.get(game["game"])
    if played is None:
        return OtherGame(line=first_line, number=number, game=game["game"])
    try:
        said = _in_pokerstars_words(lines, game, played, number)
        # The banner's four lines are left out: the rest keep their numbers.
        history = read_hand(said, first_line + _BANNER - 2)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=reason)
    banner = _SITE.fullmatch(lines[1].strip())
    site = banner["site"] if banner else "888poker"
    metadata = {**history.metadata, "site": site, "line": first_line}
    if "tournament" not in metadata:
        metadata["_rake_unknown"] = True  # 888 does not write a cash game's rake
    return dataclasses.replace(history, metadata=metadata)


def _in_pokerstars_words(
    lines: list[str], game: re.Match[str], played: str, number: int
) -> list[str]:
    banner = _SITE.fullmatch(lines[1].strip()) if len(lines) > 1 else None
    if banner is not None and banner["site"].startswith("TowerTorneos"):
        lines = [_BRACKET.sub(_in_english, line) for line in lines]
    table = _TABLE.fullmatch(lines[3].strip()) if len(lines) > 3 else None
    button = _BUTTON.fullmatch(lines[4].strip()) if len(lines) > 4 else None
    if table is None or button is None:
        raise HistoryError(
            f"hand #{number}: the table and button lines must read 'Table Akron 9 Max (Real"
            " Money)' and 'Seat 7 is the button'"
        )
    low, high = _money(game["low"].strip()), _money(game["high"].strip())
    if "." not in low + high and any(_DECIMAL.search(line) for line in lines[_BANNER:]):
        low, high = _cents(_number(low)), _cents(_number(high))  # play money by hundredths
    if played == "Hold'em Limit":
        # 888 gives a limit game's blinds; PokerStars its small and big bets.
        low, high = high, _double(high)
    when = f"{game['year']}/{game['month']}/{game['day']} {game['time']}"
    if table["tournament"]:
        buy_in = table["buy_in"].replace(" ", "")
        header = (
            f"PokerStars Hand #{number}: Tournament #{table['tournament']}, {buy_in} {played}"
            f" - Level I ({low}/{high}) - {when}"
        )
    else:
        code = {"$": " USD", "€": " EUR", "£": " GBP"}.get(low[:1], "")
        header = f"PokerStars Hand #{number}:  {played} ({low}/{high}{code}) - {when}"
    said = [
        header,
        f"Table '{table['name']}' {table['max']}-max Seat #{button['seat']} is the button",
    ]
    names: list[str] = []
    street: dict[str, str] = {}
    board: list[str] = []
    summary = dealt = False
    for raw in lines[_BANNER:]:
        line = raw.strip()
        if seat := _SEAT.fullmatch(line):
            names.append(seat["name"])
            said.append(f"Seat {seat['seat']}: {seat['name']} ({_money(seat['stack'])} in chips)")
            continue
        if line.startswith("** Summary"):
            summary = True
            said.append("*** SHOW DOWN ***")
            continue
        if line.startswith("** Dealing down cards"):
            dealt = True
            said.append("*** HOLE CARDS ***")
            continue
        if not dealt and line.endswith(" folds"):
            said.append("")  # a fold before the deal: a player not dealt in (sitting out)
            continue
        if line.startswith("** Dealing "):
            word = line[len("** Dealing ") :].split(" ", 1)[0]
            cards = _cards(_BRACKET.search(line))
            before = f"[{' '.join(board)}] " if board else ""
            board += cards.split()
            street = {}
            said.append(f"*** {_STREETS.get(word, word.upper())} *** {before}[{cards}]")
            continue
        if line.startswith("Dealt to "):
            found = _BRACKET.search(line)
            said.append(line[: found.start()] + f"[{_cards(found)}]" if found else line)
            continue
        said.append(_action(line, names, street, summary))
    said.append("*** SUMMARY ***")
    # 888 lists every seat, those not dealt in too (a player waiting for the button).
    return sit_out_idle(said)


def _action(line: str, names: list[str], street: dict[str, str], summary: bool) -> str:
    """One player's line in PokerStars' words; '' for what changes no chip."""
    speaker = max((n for n in names if line.startswith(n + " ")), key=len, default=None)
    if speaker is None:
        return ""
    rest = line[len(speaker) + 1 :]
    found = _BRACKET.search(rest)
    amount = _money(found.group(1)) if found else ""
    verb = rest.split(" ", 1)[0]
    if rest.startswith("collected"):
        return f"{speaker} collected {amount} from pot"
    if verb == "shows" and found:
        return f"{speaker}: shows [{_cards(found)}]"
    if verb == "mucks":
        return f"{speaker}: mucks hand"
    if summary or verb not in ("posts", "folds", "checks", "calls", "bets", "raises"):
        return ""
    if verb == "posts":
        kind = rest[len("posts ") : found.start()].strip() if found else ""
        if kind == "dead blind" and found and "+" in found.group(1):
            # 'posts dead blind [$0.01 + $0.02]': a returning player's small blind, dead
            # money, and big blind, a bet; either may be nothing.
            dead, live = (_money(part) for part in found.group(1).split("+", 1))
            if not _number(live):
                return f"{speaker}: posts small blind {dead}"  # after the big: dead
            street[speaker] = _add(street.get(speaker), live)
            if not _number(dead):
                return f"{speaker}: posts big blind {live}"
            return f"{speaker}: posts small & big blinds {amount}"
        kind = "the ante" if kind == "ante" else kind
        if kind != "the ante":
            street[speaker] = _add(street.get(speaker), amount)
        return f"{speaker}: posts {kind} {amount}"
    if verb in ("folds", "checks"):
        return f"{speaker}: {verb}"
    if verb == "raises":
        to = _add(street.get(speaker), amount)
        street[speaker] = to
        return f"{speaker}: raises {amount} to {to}"
    street[speaker] = _add(street.get(speaker), amount)
    return f"{speaker}: {verb} {amount}"


def _money(text: str) -> str:
    """An 888 amount as PokerStars writes it: ``0,02 $`` as ``$0.02``, ``1,000`` kept; a
    post of a blind and dead money, ``[0,02 $ + 0,01 $]``, as their sum."""
    if "+" in text:
        parts = [_money(part) for part in text.split("+")]
        total = parts[0]
        for part in parts[1:]:
            total = _add(total, part)
        return total
    text = re.sub(r"(?<=[0-9]) (?=[0-9]{3}(?![0-9]))", "", text.replace("\u00a0", " ").strip())
    found = _MONEY.fullmatch(text)
    if found is None:
        return text
    symbol = found["pre"] or found["post"] or ""
    digits = found["a"] or found["b"] or ""
    if re.fullmatch(r"[0-9]+,[0-9]{2}", digits) or (symbol and "," in digits[-2:]):
        digits = digits.replace(",", ".")  # a decimal comma: thousands have three digits
    return f"{symbol}{digits}"


def _add(before: str | None, amount: str) -> str:
    """Two amounts written alike, summed and written so again."""
    if before is None:
        return amount
    symbol = amount[:1] if amount[:1] in "$€£" else ""
    total = _number(before) + _number(amount)
    if "." in before + amount:
        return f"{symbol}{_cents(total)}"
    return f"{symbol}{total // 100}"


def _number(amount: str) -> int:
    """Hundredths of an amount: ``$0.25`` is 25, ``1,000`` is 100000."""
    digits = amount.lstrip("$€£").replace(",", "")
    whole, _, fraction = digits.partition(".")
    if not (whole or "0").isdigit() or not (fraction or "0").isdigit():
        raise HistoryError(f"cannot read the amount {amount!r}: amounts read '$0.02', '0,02 $'")
    return int(whole or 0) * 100 + int(fraction.ljust(2, "0")[:2] or 0)


def _cents(total: int) -> str:
    return f"{total // 100}.{total % 100:02d}"


def _double(amount: str) -> str:
    return _add(amount, amount)


def _in_english(found: re.Match[str]) -> str:
    """A bracket of Spanish cards (``[ Dt, 7c ]``) in English (``[ Tc, 7h ]``)."""
    return re.sub(
        r"\b(10|[2-9AKQJD])([cdpt])\b",
        lambda card: _SPANISH.get(card[1], card[1]) + _SPANISH[card[2]],
        found.group(0),
    )


def _cards(found: re.Match[str] | None) -> str:
    """``[ 3Karo, KKreuz ]`` as ``3d Kc``: the cards of a bracket, German suits too."""
    if found is None:
        return ""
    out = []
    for word in found.group(1).replace(",", " ").split():
        card = _CARD.fullmatch(word)
        if card is None:
            out.append(word)  # the reader says it cannot read it
            continue
        rank = "T" if card["rank"] == "10" else card["rank"]
        out.append(rank + _SUITS.get(card["suit"], card["suit"]))
    return " ".join(out)
