'''Poker Now: the full log a game exports (CSV), its hands read, and the ledger summed.

A Poker Now log is a CSV of ``entry,at,order``, newest line first. Its lines
are put back in order (by ``order``), cut into hands (``-- starting hand #N
... --`` to ``-- ending hand #N --``) and each hand is said line for line in
PokerStars' words, then read by the PokerStars reader and replayed as every
other site's hand is: ``Player stacks: #1 "ann @ id" (50)`` gives the seats,
``raises to``, ``calls`` and ``bets`` give what the player has in front
after the action, ``posts a missing small blind`` is dead money and ``posts a
missed big blind`` a live one, a board run twice gives its second run
(RULES 10.3). Players are named as the log names them, ``name @ id``, so
that two players of one name stay apart. Amounts are chips; a hand whose
amounts have cents is read in hundredths. What happens between hands
(players joining, leaving, bounties paid) is not part of any hand. A hand
that is not Hold'em is an :class:`~bigblind.formats.pokerstars.OtherGame`;
errors name the CSV line at fault.

A ledger (``player_nickname,player_id,...,buy_in,buy_out,stack,net``) holds
no hands: :func:`read_ledger` gives its rows and what each player won or
lost (:class:`Ledger`).

>>> log = "\\n".join([
...     'entry,at,order',
...     '"-- ending hand #1 --",2022-01-13T19:53:17Z,5',
...     '"""bob @ b2"" collected 4 from pot",2022-01-13T19:53:17Z,4',
...     '"Uncalled bet of 4 returned to ""bob @ b2""",2022-01-13T19:53:17Z,3',
...     '"""ann @ a1"" folds",2022-01-13T19:53:16Z,2',
...     '"""bob @ b2"" raises to 6",2022-01-13T19:53:15Z,1',
...     '"""ann @ a1"" posts a big blind of 2",2022-01-13T19:53:14Z,0',
...     '"""bob @ b2"" posts a small blind of 1",2022-01-13T19:53:14Z,-1',
...     '"Player stacks: #1 ""ann @ a1"" (100) | #3 ""bob @ b2"" (50)",2022-01-13T19:53:14Z,-2',
...     '"-- starting hand #1 (id: x1)  (No Limit Texas Hold\\'em) (dealer: ""bob @ b2"") --",'
...     '2022-01-13T19:53:14Z,-3'])
>>> (history,) = loads_each(log)
>>> history.number, history.players, history.finishing_stacks, history.metadata["line"]
(1, ('ann @ a1', 'bob @ b2'), (98, 52), 10)
'''

from __future__ import annotations

import csv
import dataclasses
import io
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from bigblind.errors import HistoryError
from bigblind.formats.pokerstars.hands import Entry, OtherGame, Unreadable, read_text
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.reader import read_hand, sit_out_idle

__all__ = [
    "Ledger",
    "LedgerError",
    "LedgerRow",
    "is_ledger",
    "is_log",
    "loads_each",
    "loads_ledger",
    "read_each",
    "read_ledger",
]

_LOG_HEADER: Final = re.compile(r"\ufeff?entry,at,order\s*$")
_LEDGER_HEADER: Final = re.compile(r"\ufeff?player_nickname,player_id,")
_START: Final = re.compile(
    r"-- starting hand #(?P<number>[0-9]{1,12}) (?:\(id: [^)]*\) )? *\((?P<game>[^)]*)\)"
    r" *(?:\(dealer: \"(?P<dealer>.*)\"\)|\(dead button\))? *--"
)
_END: Final = re.compile(r"-- ending hand #[0-9]{1,12} --")
_STACK: Final = re.compile(
    r'#(?P<seat>[0-9]{1,2}) "(?P<name>.*?)" \((?P<stack>[0-9]+(?:\.[0-9]+)?)\)'
)
_AMOUNT: Final = r"[0-9]{1,15}(?:\.[0-9]{1,2})?"
_GAMES: Final = {
    "No Limit Texas Hold'em": "Hold'em No Limit",
    "Pot Limit Texas Hold'em": "Hold'em Pot Limit",
    "Limit Texas Hold'em": "Hold'em Limit",
    "Pot Limit Omaha Hi": "Omaha Pot Limit",
    "No Limit Omaha Hi": "Omaha No Limit",
    "Pot Limit Omaha Hi/Lo 8 or Better": "Omaha Hi/Lo Pot Limit",
    "No Limit Omaha Hi/Lo 8 or Better": "Omaha Hi/Lo No Limit",
}
_POSTS: Final = (
    # (Poker Now's words, PokerStars', the order posts are said in)
    ("posts an ante of ", "posts the ante", 0),
    ("posts a small blind of ", "posts small blind", 1),
    ("posts a big blind of ", "posts big blind", 2),
    ("posts a missed big blind of ", "posts big blind", 3),  # a live blind owed
    ("posts a missing small blind of ", "posts small blind", 4),  # dead, after the big blind
    ("posts a straddle of ", "posts straddle", 5),
)
_ACTION: Final = re.compile(
    rf"(?P<verb>calls|bets|raises to) (?P<amount>{_AMOUNT})(?P<all_in> and go all in)?"
)
_BOARD: Final = re.compile(
    r"(?P<street>Flop|Turn|River)(?P<second> \(second run\))?: *(?:[^\[]*)\[(?P<new>[^\]]*)\]"
)
_SHOWS: Final = re.compile(r"shows a (?P<cards>.*?)\.?")
_COLLECTED: Final = re.compile(rf"collected (?P<amount>{_AMOUNT}) from pot\b.*")
_RETURNED: Final = re.compile(rf'Uncalled bet of (?P<amount>{_AMOUNT}) returned to "(?P<name>.*)"')
_SUITS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_LINE: Final = re.compile(r"\bline ([0-9]+)\b")


def is_log(text: str) -> bool:
    """Whether a text is a Poker Now full log: its first line is ``entry,at,order``.

    >>> is_log("entry,at,order\\n"), is_log("player_nickname,player_id,x")
    (True, False)
    """
    return bool(_LOG_HEADER.match(text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")))


def is_ledger(text: str) -> bool:
    """Whether a text is a Poker Now ledger CSV."""
    return bool(_LEDGER_HEADER.match(text.lstrip("\ufeff")))


def loads_each(text: str) -> list[Entry]:
    """Each hand of a Poker Now log, read on its own, in the order it was played."""
    rows: list[tuple[int, int, str, str]] = []  # (order, CSV line, entry, time)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff").replace("\x00", "")))
    try:
        for row in reader:
            if reader.line_num == 1 or not row:
                continue
            order = row[2].strip() if len(row) > 2 else ""
            key = int(order) if re.fullmatch(r"-?[0-9]{1,20}", order) else 0
            rows.append((key, reader.line_num, row[0], row[1] if len(row) > 1 else ""))
    except csv.Error as error:
        rows.append((0, reader.line_num, f"(a line that is not CSV: {error})", ""))
    rows.sort(key=lambda r: (r[0], -r[1]))  # same order: the later line in the file first
    entries: list[Entry] = []
    hand: list[tuple[int, str]] | None = None
    for _, line, entry, at in rows:
        entry = entry.strip()
        if _START.fullmatch(entry):
            if hand:
                entries.append(_entry(hand, ended=False))
            hand = [(line, entry), (line, at)]  # the time, as the second line
        elif hand is not None:
            hand.append((line, entry))
            if _END.fullmatch(entry):
                entries.append(_entry(hand, ended=True))
                hand = None
    if hand:
        entries.append(_entry(hand, ended=False))
    return entries


def read_each(path: str | Path) -> list[Entry]:
    """Each hand of a Poker Now log file."""
    return loads_each(read_text(path))


def _entry(hand: list[tuple[int, str]], *, ended: bool) -> Entry:
    first_line, header = hand[0]
    when = _time(hand.pop(1)[1])
    start = _START.fullmatch(header)
    assert start is not None
    number = int(start["number"])
    game = _GAMES.get(start["game"].strip())
    if game is None:
        return OtherGame(line=first_line, number=number, game=start["game"].strip())
    said: list[tuple[int, str]] = []
    try:
        if not ended:
            raise HistoryError(
                f"hand #{number}, line {first_line}: the log ends, or the next hand starts,"
                " before '-- ending hand #N --'"
            )
        said = _in_pokerstars_words(hand, start, game, number, when)
        history = read_hand([text for _, text in said], 1)
    except OtherGameError as other:
        return OtherGame(line=first_line, number=number, game=other.game)
    except (HistoryError, ValueError, RecursionError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return Unreadable(line=first_line, reason=_on_csv_lines(reason, said))
    lines = [line for line, _ in said]
    metadata: dict[str, object] = {**history.metadata, "site": "Poker Now", "line": first_line}
    if when is not None:
        metadata["time"] = when
    action_lines = history.metadata.get("action_lines")
    if isinstance(action_lines, tuple):
        metadata["action_lines"] = tuple(
            lines[at - 1] if isinstance(at, int) and 0 < at <= len(lines) else 0
            for at in action_lines
        )
    return dataclasses.replace(history, number=number, metadata=metadata)


def _on_csv_lines(reason: str, said: list[tuple[int, str]]) -> str:
    """The reader's message with its lines (of the said hand) as the CSV's lines."""

    def csv_line(match: re.Match[str]) -> str:
        at = int(match.group(1))
        return f"line {said[at - 1][0]}" if 0 < at <= len(said) else match.group(0)

    return _LINE.sub(csv_line, reason, count=1) if said else reason


def _in_pokerstars_words(
    hand: list[tuple[int, str]],
    start: re.Match[str],
    game: str,
    number: int,
    when: datetime | None,
) -> list[tuple[int, str]]:
    """The hand's lines as PokerStars writes them, each with the CSV line it comes from."""
    first_line = hand[0][0]
    stacks_at = next(
        (i for i, (_, text) in enumerate(hand) if text.startswith("Player stacks:")), None
    )
    if stacks_at is None:
        raise HistoryError(
            f"hand #{number}, line {first_line}: no 'Player stacks: #1 \"name @ id\" (100) | ...'"
        )
    stacks_line, stacks = hand[stacks_at]
    seats = {m["name"]: (int(m["seat"]), m["stack"]) for m in _STACK.finditer(stacks)}
    if len(seats) < 2:
        raise HistoryError(f"hand #{number}, line {stacks_line}: fewer than two players' stacks")
    names = sorted(seats, key=len, reverse=True)  # the longest name that fits a line is its
    play: list[tuple[int, str]] = []
    shown: dict[str, list[str]] = {}  # Poker Now may show a hand a card at a time
    posts: list[tuple[int, int, str, str, str]] = []  # (kind, line, said, name, amount)
    small = big = None
    for line, text in hand[1:]:
        speaker = next((n for n in names if text.startswith(f'"{n}" ')), None)
        if speaker is None:
            play += _table_line(line, text, number)
            continue
        rest = text[len(speaker) + 3 :].strip()
        post = next((p for p in _POSTS if rest.startswith(p[0])), None)
        if post is not None:
            amount = rest[len(post[0]) :].removesuffix(" and go all in")
            all_in = " and is all-in" if rest.endswith(" and go all in") else ""
            if not re.fullmatch(_AMOUNT, amount):
                raise HistoryError(
                    f"hand #{number}, line {line}: cannot read the amount {amount!r}"
                )
            small = amount if post[2] == 1 and small is None else small
            big = amount if post[2] == 2 and big is None else big
            posts.append((post[2], line, f"{speaker}: {post[1]} {amount}{all_in}", speaker, amount))
        elif shows := _SHOWS.fullmatch(rest):
            cards = shown.setdefault(speaker, [])
            before = len(cards)
            cards += _cards(shows["cards"], line, number).split()
            if before < 2 <= len(cards):
                play.append((line, f"{speaker}: shows [{' '.join(cards)}]"))
        else:
            play.append((line, _play_line(speaker, rest, line, number)))
    if big is None:
        raise HistoryError(f"hand #{number}, line {first_line}: no big blind is posted")
    cents = any("." in amount for _, amount in seats.values()) or any(
        re.search(r"[0-9]\.[0-9]", text) for _, text in hand[1:]
    )
    low, high = (_hundredths(small or big), _hundredths(big)) if cents else (small or big, big)
    button = _button(start["dealer"], seats, posts)
    stamp = f"{when or datetime(2000, 1, 1):%Y/%m/%d %H:%M:%S}"
    header = f"PokerStars Hand #{number}:  {game} ({low}/{high}) - {stamp} UTC"
    said = [
        (first_line, header),
        (first_line, f"Table 'Poker Now' 10-max Seat #{button} is the button"),
    ]
    for name, (seat, stack) in sorted(seats.items(), key=lambda item: item[1][0]):
        said.append((stacks_line, f"Seat {seat}: {name} ({stack} in chips)"))
    said += [(post[1], post[2]) for post in sorted(posts, key=lambda p: p[0])]
    said.append((stacks_line, "*** HOLE CARDS ***"))
    # The blinds and the straddle are bets in front of their players; antes and dead blinds not.
    front = {name: float(amount) for kind, _, _, name, amount in posts if kind in (1, 2, 3, 5)}
    said += _with_raises(play, front)
    texts = sit_out_idle([text for _, text in said])
    return [(line, text) for (line, _), text in zip(said, texts, strict=True)]


def _table_line(line: int, text: str, number: int) -> list[tuple[int, str]]:
    if board := _BOARD.fullmatch(text):
        cards = _cards(board["new"], line, number)
        run = "SECOND " if board["second"] else ""
        return [(line, f"*** {run}{board['street'].upper()} *** [{cards}]")]
    if returned := _RETURNED.fullmatch(text):
        return [(line, f"Uncalled bet ({returned['amount']}) returned to {returned['name']}")]
    return []  # players joining, leaving, the admin, run-it-twice votes, bounties: no play


def _play_line(speaker: str, rest: str, line: int, number: int) -> str:
    if rest == "folds":
        return f"{speaker}: folds"
    if rest == "checks":
        return f"{speaker}: checks"
    if action := _ACTION.fullmatch(rest):
        all_in = " and is all-in" if action["all_in"] else ""
        # Placeholders: the amount a call or raise adds is worked out in order below.
        return f"{speaker}: \x00{action['verb']} {action['amount']}{all_in}"
    if collected := _COLLECTED.fullmatch(rest):
        return f"{speaker} collected {collected['amount']} from pot"
    return ""  # a line about the player that is no play of the hand


def _with_raises(play: list[tuple[int, str]], front: dict[str, float]) -> list[tuple[int, str]]:
    """Poker Now's amounts are what the player has in front after acting: the calls said
    as what they add, the raises as 'raises X to Y', as PokerStars writes them."""
    out: list[tuple[int, str]] = []
    for line, text in play:
        if text.startswith("*** "):
            front.clear()  # a new betting round
        if "\x00" not in text:
            out.append((line, text))
            continue
        name, _, said = text.partition(": \x00")
        verb, amount, *rest = (
            said.split(" ", 2)
            if not said.startswith("raises to")
            else [
                "raises",
                *said.removeprefix("raises to ").split(" ", 1),
            ]
        )
        tail = f" {rest[0]}" if rest else ""
        to = float(amount)
        before = front.get(name, 0.0)
        high = max(front.values(), default=0.0)
        front[name] = to
        if verb == "calls":
            out.append((line, f"{name}: calls {_chips(to - before, amount)}{tail}"))
        elif verb == "bets" or high == 0:
            out.append((line, f"{name}: bets {amount}{tail}"))
        else:
            out.append((line, f"{name}: raises {_chips(to - high, amount)} to {amount}{tail}"))
    return out


def _button(
    dealer: str | None,
    seats: dict[str, tuple[int, str]],
    posts: list[tuple[int, int, str, str, str]],
) -> int:
    if dealer is not None and dealer in seats:
        return seats[dealer][0]
    # A dead button: the seat before the small blind's, else the player before the big
    # blind, whose small blind is then dead (RULES 2.2), as PokerStars reads it.
    numbers = sorted(seat for seat, _ in seats.values())
    blind = {post[0]: post[3] for post in posts if post[0] in (1, 2)}
    if 1 in blind and blind[1] in seats:
        return seats[blind[1]][0] - 1 if seats[blind[1]][0] > 1 else 99
    if 2 in blind and blind[2] in seats:
        return numbers[numbers.index(seats[blind[2]][0]) - 1]
    return numbers[-1]


def _time(text: str) -> datetime | None:
    """A row's time, ``2022-01-13T19:53:17.974Z``, as UTC without a zone."""
    try:
        return datetime.fromisoformat(text.strip().replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        return None


def _cards(text: str, line: int, number: int) -> str:
    cards = []
    for card in text.replace(",", " ").split():
        rank, suit = card[:-1], _SUITS.get(card[-1:], card[-1:])
        rank = "T" if rank == "10" else rank
        if rank not in "23456789TJQKA" or len(rank) != 1 or suit not in "shdc":
            raise HistoryError(f"hand #{number}, line {line}: cannot read the card {card!r}")
        cards.append(rank + suit)
    return " ".join(cards)


def _hundredths(amount: str) -> str:
    whole, _, fraction = amount.partition(".")
    return f"{whole}.{fraction.ljust(2, '0')}"


def _chips(amount: float, like: str) -> str:
    """A difference of two amounts, written with cents where the amount it comes from is."""
    return f"{amount:.2f}" if "." in like else str(round(amount))


# ------------------------------------------------------------------- ledger


class LedgerError(HistoryError):
    """A ledger that cannot be read: the line and what a ledger's lines hold."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerRow:
    """One row of a ledger: a player's session at the table, in chips as written."""

    line: int
    nickname: str
    player_id: str
    started: datetime | None
    ended: datetime | None
    buy_in: float
    buy_out: float
    stack: float
    net: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Ledger:
    """A Poker Now ledger: its rows, and each player's net over them."""

    rows: tuple[LedgerRow, ...]

    @property
    def nets(self) -> dict[str, float]:
        """Each player's net (by player id), summed over their sessions."""
        nets: dict[str, float] = {}
        for row in self.rows:
            nets[row.player_id] = round(nets.get(row.player_id, 0.0) + row.net, 2)
        return nets

    @property
    def balanced(self) -> bool:
        """Whether the nets add up to nothing, as chips only change hands."""
        return abs(sum(row.net for row in self.rows)) < 0.005

    def line(self) -> str:
        """The ledger in one line: its players, sessions and whether it balances."""
        players = len(self.nets)
        total = round(sum(row.buy_in for row in self.rows), 2)
        balance = "the nets add up to 0" if self.balanced else "the nets do not add up to 0"
        return (
            f"ledger: {players} player{'s' if players != 1 else ''},"
            f" {len(self.rows)} session{'s' if len(self.rows) != 1 else ''},"
            f" {total:g} bought in; {balance}"
        )


def loads_ledger(text: str) -> Ledger:
    """Read a Poker Now ledger; :class:`LedgerError` names the line and the field at fault."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    rows = []
    try:
        for record in reader:
            rows.append(_ledger_row(record, reader.line_num))
    except csv.Error as error:
        raise LedgerError(f"line {reader.line_num}: not CSV ({error})") from None
    return Ledger(rows=tuple(rows))


def read_ledger(path: str | Path) -> Ledger:
    """Read a Poker Now ledger file."""
    return loads_ledger(read_text(path))


def _ledger_row(record: dict[str | None, str | None], line: int) -> LedgerRow:
    def number(field: str) -> float:
        value = (record.get(field) or "").strip()
        if not value:
            return 0.0
        try:
            return float(value)
        except ValueError:
            raise LedgerError(
                f"line {line}: {field} {value!r}: a ledger's buy_in, buy_out, stack and net"
                " are numbers"
            ) from None

    def when(field: str) -> datetime | None:
        value = (record.get(field) or "").strip()
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None
        except ValueError:
            raise LedgerError(f"line {line}: {field} {value!r} is not a time") from None

    player = (record.get("player_id") or "").strip()
    if not player:
        raise LedgerError(f"line {line}: no player_id: each row names its player")
    return LedgerRow(
        line=line,
        nickname=(record.get("player_nickname") or "").strip(),
        player_id=player,
        started=when("session_start_at"),
        ended=when("session_end_at"),
        buy_in=number("buy_in"),
        buy_out=number("buy_out"),
        stack=number("stack"),
        net=number("net"),
    )
