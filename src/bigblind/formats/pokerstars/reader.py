"""Reading PokerStars hand histories (Hold'em cash and tournament hands) to replay them.

:func:`loads` and :func:`read` turn each hand of a PokerStars history file into
a :class:`~bigblind.formats.phh.history.HandHistory`, the form PHH files take,
so that :func:`~bigblind.formats.phh.replayer.replay` plays it on the engine.
The history's ``finishing_stacks`` are what the file says each player left
with (stacks, less what they put in, plus what they collected after rake);
:func:`results_match` compares a replay with them, the rake allowed for.

Players are in PHH order: ``p1`` is the first player dealt in left of the
button, the button (or the player right of an empty button seat) is ``pn``.
Amounts are chips; in a cash game for money one chip is one cent. Hole
cards come from ``Dealt to`` lines, shows and the summary's ``mucked``
cards, else they are unknown. Lines that do not change the hand (chat,
players joining, leaving or sitting out, time-outs) are passed over.

Each history's ``metadata`` holds ``hand`` (the hand's number), ``table``,
``seats`` (table seat numbers, PHH order), ``seat_count``, ``winnings``
(what each player collected), ``_rake`` and, as the file says,
``currency`` (``'USD'`` ...) or ``tournament`` and ``level``.

>>> text = '''PokerStars Hand #5:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/12/01 9:05:00 ET
... Table 'Alpha' 6-max Seat #1 is the button
... Seat 1: ann ($2 in chips)
... Seat 2: bob ($1.50 in chips)
... ann: posts small blind $0.01
... bob: posts big blind $0.02
... *** HOLE CARDS ***
... ann: raises $0.04 to $0.06
... bob: folds
... Uncalled bet ($0.04) returned to ann
... ann collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0
... Seat 1: ann (button) (small blind) collected ($0.04)
... Seat 2: bob (big blind) folded before Flop
... '''
>>> (history,) = loads(text)
>>> history.players, history.starting_stacks, history.actions[2:]
(('bob', 'ann'), (150, 200), ('p2 cbr 6', 'p1 f'))
>>> results_match(history, replay(history)), history.finishing_stacks
(True, (148, 202))
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from bigblind.engine.hand import Hand
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.names import _shown
from bigblind.formats.phh.history import HandHistory, stacks_match
from bigblind.formats.phh.replayer import _replay

__all__ = ["loads", "read", "replay", "results_match"]

_AMOUNT: Final = r"[$€£]?[0-9]{1,15}(?:\.[0-9]{1,2})?"
_START: Final = re.compile(r"^PokerStars (?:Zoom )?(?:Hand|Game) #", re.MULTILINE)
_HEADER: Final = re.compile(
    r"PokerStars (?:Zoom )?(?:Hand|Game) #(?P<id>[0-9]{1,20}): +"
    r"(?:Tournament #(?P<tournament>[0-9]{1,20}), (?P<buy_in>.*?) +)?"
    r"Hold'em (?P<game>No Limit|Pot Limit|Limit) "
    r"(?:- Level (?P<level>[IVXLCDM]{1,12}) )?"
    rf"\((?P<low>{_AMOUNT})/(?P<high>{_AMOUNT})(?: (?P<code>[A-Z]{{3}}))?\)"
    r" - (?P<when>.*)"
)
_TABLE: Final = re.compile(
    r"Table '(?P<name>.*)' (?P<max>[0-9]{1,2})-max(?: \(Play Money\))?"
    r" Seat #(?P<button>[0-9]{1,2}) is the button"
)
_SEAT: Final = re.compile(
    rf"Seat (?P<seat>[0-9]{{1,2}}): (?P<name>.+?) \((?P<stack>{_AMOUNT}) in chips"
    r"(?:, .*)?\)(?P<rest>.*)"
)
_POST: Final = re.compile(
    r"(?P<kind>posts small blind|posts big blind|posts the ante|posts small & big blinds"
    rf"|posts straddle) (?P<amount>{_AMOUNT})(?P<all_in> and is all-in)?"
)
_ACTION: Final = re.compile(
    rf"(?P<verb>folds|checks|calls|bets|raises)(?: (?P<amount>{_AMOUNT}))?"
    rf"(?: to (?P<to>{_AMOUNT}))?(?P<all_in> and is all-in)?"
    r"(?: and has reached the .* cap)?(?: \[.*\])?"
)
_STREET: Final = re.compile(
    r"\*\*\* (?:(?P<run>FIRST|SECOND) )?(FLOP|TURN|RIVER) \*\*\* "
    r"(?:\[[^\]]*\] )?\[(?P<new>[^\]]*)\]"
)
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_SHOWS: Final = re.compile(r"shows \[(?P<cards>[^\]]*)\]")
_COLLECTED: Final = re.compile(
    rf"(?P<name>.+) collected (?P<amount>{_AMOUNT}) from (?:the )?(?:main |side )?pot(?:-[0-9]+)?"
)
_RETURNED: Final = re.compile(rf"Uncalled bet \((?P<amount>{_AMOUNT})\) returned to (?P<name>.+)")
_RAKE: Final = re.compile(rf"Total pot {_AMOUNT}.*\| Rake (?P<rake>{_AMOUNT})")
_SUMMARY_CARDS: Final = re.compile(
    r"Seat [0-9]{1,2}: (?P<rest>.*) (?:mucked|showed) \[(?P<cards>[^\]]*)\]"
)
_CARD: Final = re.compile(r"[2-9TJQKA][cdhs]")
_ROMAN: Final = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
_CODES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
# PHH has no code for pot-limit Texas hold'em: 'PT' names it, by analogy with 'PO'.
_VARIANT: Final = {Structure.NO_LIMIT: "NT", Structure.FIXED_LIMIT: "FT", Structure.POT_LIMIT: "PT"}


def loads(text: str) -> list[HandHistory]:
    """Read every hand of a PokerStars history text.

    Raises :class:`~bigblind.errors.HistoryError` naming the hand and the line
    for the first hand that cannot be read.
    """
    text = text.lstrip("\ufeff")
    starts = [match.start() for match in _START.finditer(text)]
    if not starts:
        raise HistoryError("not a PokerStars history: no line starts with 'PokerStars Hand #'")
    hands = []
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
        hands.append(_Hand(text[begin:end].splitlines()).history())
    return hands


def read(path: str | Path) -> list[HandHistory]:
    """Read the hands of a PokerStars history file (UTF-8, with or without a byte-order mark)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise HistoryError(f"{path}: cannot read the file: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise HistoryError(
            f"{path}: not a PokerStars history: not UTF-8 ({error.reason})"
        ) from None
    try:
        return loads(text)
    except HistoryError as error:
        raise HistoryError(f"{path}: {error}") from None


def replay(history: HandHistory) -> Hand:
    """Play a hand read from a PokerStars history on the engine and return it.

    As :func:`~bigblind.formats.phh.replayer.replay`, but the showdown may be
    listed in any order: PokerStars writes each pot's hands as that pot goes,
    and each show here waits for its turn (RULES 6.7). Compare the result with
    the file by :func:`results_match`.
    """
    return _replay(history, shows_in_any_order=True)


def results_match(history: HandHistory, hand: Hand) -> bool:
    """Whether a replayed hand ends as the file says, the house's rake allowed for.

    Each player's stack after the replay, less what the file says they left
    with, is their share of the rake: never negative, and all of it the rake
    (RULES 7.2, 10.2).
    """
    result = hand.result
    expected = history.finishing_stacks
    if result is None or expected is None or len(expected) != len(result.stacks):
        return False
    rake = history.metadata.get("_rake", 0)
    if not isinstance(rake, int) or not rake:
        return stacks_match(expected, result.stacks)
    taken = [a - e for a, e in zip(result.stacks, expected, strict=True)]
    return all(t >= 0 for t in taken) and math.isclose(sum(taken), rake)


@dataclass(slots=True)
class _Player:
    name: str
    seat: int  # the table seat number
    stack: int
    dealt: bool
    put_in: int = 0
    street: int = 0  # chips in front this betting round
    collected: int = 0
    cards: str | None = None


@dataclass(slots=True)
class _Post:
    name: str
    kind: str
    amount: int
    all_in: bool


@dataclass(slots=True)
class _Hand:
    """The lines of one hand, read in one pass into the parts of a history."""

    lines: list[str]
    number: int = 0
    cents: bool = False
    players: dict[str, _Player] = field(default_factory=dict)
    posts: list[_Post] = field(default_factory=list)
    # (a player's name, or None for the dealer: any text may be a name, 'd' too; PHH verb)
    play: list[tuple[str | None, str]] = field(default_factory=list)
    rake: int = 0
    runs: int = 1
    metadata: dict[str, object] = field(default_factory=dict)

    def history(self) -> HandHistory:
        header = _HEADER.fullmatch(self.lines[0].strip())
        if header is None:
            raise self.error(0, "the first line is not a PokerStars Hold'em hand header")
        self.number = int(header["id"])
        structure = {
            "No Limit": Structure.NO_LIMIT,
            "Pot Limit": Structure.POT_LIMIT,
            "Limit": Structure.FIXED_LIMIT,
        }[header["game"]]
        tournament = header["tournament"]
        self.cents = tournament is None and header["low"][0] in _CODES
        self.metadata["hand"] = self.number
        if tournament is not None:
            self.metadata["tournament"] = int(tournament)
            if header["level"]:
                self.metadata["level"] = _from_roman(header["level"])
        elif self.cents:
            self.metadata["currency"] = _CODES[header["low"][0]]
        low, high = self.amount(0, header["low"]), self.amount(0, header["high"])
        if len(self.lines) < 2 or (table := _TABLE.fullmatch(self.lines[1].strip())) is None:
            raise self.error(
                1, "the second line must be \"Table '...' N-max Seat #K is the button\""
            )
        self.metadata["table"] = table["name"]
        self.metadata["seat_count"] = int(table["max"])
        self.read_lines()
        order = self.order(int(table["button"]))
        return self.build(order, structure, low, high)

    # ----------------------------------------------------------- the lines

    def read_lines(self) -> None:
        index = 2
        while index < len(self.lines) and (seat := _SEAT.fullmatch(self.lines[index].strip())):
            name = seat["name"]
            if name in self.players:
                raise self.error(index, f"player {_shown(name)} is seated twice")
            out = "sitting out" in seat["rest"] or "out of hand" in seat["rest"]
            stack = self.amount(index, seat["stack"])
            if stack < 1:
                raise self.error(index, f"{_shown(name)} has no chips")
            self.players[name] = _Player(name, int(seat["seat"]), stack, dealt=not out)
            index += 1
        if len(self.players) < 2:
            raise self.error(index, "a hand needs two seated players ('Seat N: name (X in chips)')")
        summary = False
        for at in range(index, len(self.lines)):
            line = self.lines[at].strip()
            if line.startswith("*** SUMMARY ***"):
                summary = True
            elif summary:
                self.summary_line(at, line)
            else:
                self.play_line(at, line)

    def play_line(self, index: int, line: str) -> None:
        if not line or line.startswith(("*** HOLE CARDS", "*** SHOW DOWN")):
            return
        if street := _STREET.fullmatch(line):
            cards = self.cards(index, street["new"], 1)
            if street["run"] == "SECOND":  # RULES 10.3: the board run twice
                self.runs = 2
                self.play.append((None, f"db {cards} # run 2"))
                return
            self.play.append((None, f"db {cards}"))
            for player in self.players.values():
                player.street = 0
            return
        if dealt := _DEALT.fullmatch(line):
            if dealt["name"] in self.players:
                self.players[dealt["name"]].cards = self.cards(index, dealt["cards"], 2)
            return
        if returned := _RETURNED.fullmatch(line):
            player = self.player(index, returned["name"])
            amount = self.amount(index, returned["amount"])
            player.put_in -= amount
            player.street -= amount
            return
        collected = _COLLECTED.fullmatch(line)
        if collected and collected["name"] in self.players:
            self.players[collected["name"]].collected += self.amount(index, collected["amount"])
            return
        name, rest = self.split_name(line)
        if name is None:
            return  # not about a seated player's play: a table message
        player = self.players[name]
        if post := _POST.fullmatch(rest):
            self.post(index, player, post)
        elif action := _ACTION.fullmatch(rest):
            self.action(index, player, action)
        elif (shows := _SHOWS.match(rest)) and len(shows["cards"].split()) >= 2:
            # One card shown (after winning unopposed) is no showdown: passed over.
            player.cards = self.cards(index, shows["cards"], 2)
            self.play.append((name, f"sm {player.cards}"))
        elif rest.startswith("mucks hand"):
            self.play.append((name, "sm"))

    def post(self, index: int, player: _Player, post: re.Match[str]) -> None:
        amount = self.amount(index, post["amount"])
        kind = post["kind"].removeprefix("posts ")
        player.dealt = True
        player.put_in += amount
        if kind != "the ante":
            player.street += amount
        self.posts.append(_Post(player.name, kind, amount, post["all_in"] is not None))

    def action(self, index: int, player: _Player, action: re.Match[str]) -> None:
        verb, name = action["verb"], player.name
        player.dealt = True
        if verb == "folds":
            self.play.append((name, "f"))
            return
        if verb == "checks":
            self.play.append((name, "cc"))
            return
        if action["amount"] is None:
            raise self.error(index, f"{verb!r} needs an amount")
        amount = self.amount(index, action["amount"])
        if verb == "calls":
            player.put_in += amount
            player.street += amount
            self.play.append((name, "cc"))
            return
        if verb == "raises":
            if action["to"] is None:
                raise self.error(index, "a raise reads 'raises X to Y'")
            to = self.amount(index, action["to"])
        else:
            to = player.street + amount
        player.put_in += to - player.street
        player.street = to
        self.play.append((name, f"cbr {to}"))

    def summary_line(self, index: int, line: str) -> None:
        if rake := _RAKE.match(line):
            self.rake = self.amount(index, rake["rake"])
        elif cards := _SUMMARY_CARDS.match(line):
            # The summary names the cards the house saw: mucked ones too (RULES 6.8).
            rest = cards["rest"] + " "
            names = [name for name in self.players if rest.startswith(name + " ")]
            if names:
                player = self.players[max(names, key=len)]
                player.cards = player.cards or self.cards(index, cards["cards"], 2)

    # ------------------------------------------------------------- building

    def order(self, button: int) -> list[_Player]:
        """The players dealt in, in PHH order: from left of the button seat round to it."""
        dealt = [p for p in self.players.values() if p.dealt]
        if len(dealt) < 2:
            raise self.error(1, "fewer than two players are dealt in")
        return sorted(dealt, key=lambda p: (p.seat - button - 1) % 100)

    def build(self, order: list[_Player], structure: Structure, low: int, high: int) -> HandHistory:
        n = len(order)
        index = {p.name: i for i, p in enumerate(order)}
        small = {index[p.name]: p.amount for p in self.posts if p.kind == "small blind"}
        big = {index[p.name]: p.amount for p in self.posts if p.kind == "big blind"}
        both = {index[p.name]: p.amount for p in self.posts if p.kind == "small & big blinds"}
        straddles = {index[p.name]: p.amount for p in self.posts if p.kind == "straddle"}
        antes = {index[p.name]: p.amount for p in self.posts if p.kind == "the ante"}
        # Where the blinds sit (RULES 2.2, 2.3, 8.4); every other blind is owed (10.1).
        dead_small = on_button = False
        sb_at: int | None
        if n == 2:
            sb_at, bb_at = (1 if 1 in small else None), 0
        elif 0 in small:
            sb_at, bb_at = 0, 1
        elif n - 1 in small and 0 in big:
            sb_at, bb_at, on_button = n - 1, 0, True
        elif 0 in big:
            sb_at, bb_at, dead_small = None, 0, True
        else:
            sb_at, bb_at = None, 1  # a game without a small blind
        if bb_at not in big:
            raise self.error(0, f"no big blind posted by {_shown(order[bb_at].name)}")
        if structure is Structure.FIXED_LIMIT:
            # The stakes are the small and big bets: the blinds are as posted, or else
            # half and all of the small bet.
            small_blind, big_blind = low // 2, low
            full = {p.kind: p.amount for p in self.posts if not p.all_in}
            small_blind = full.get("small blind", small_blind)
            big_blind = full.get("big blind", big_blind)
        else:
            small_blind, big_blind = low, high
        if sb_at is None and not dead_small:
            small_blind = 0
        live, dead = [0] * n, [0] * n
        for at, amount in big.items():
            if at != bb_at:
                live[at] += amount
        for at, amount in small.items():
            if at != sb_at:
                dead[at] += amount
        for at, amount in both.items():
            live[at] += min(amount, big_blind)
            dead[at] += amount - min(amount, big_blind)
        straddle = max(
            (p.amount for p in self.posts if p.kind == "straddle" and not p.all_in),
            default=2 * big_blind if straddles else 0,  # all-in for less: the usual size
        )
        if straddles and set(straddles) != {(bb_at + 1) % n}:
            raise self.error(0, "a straddle is posted by the player left of the big blind")
        ante_type, ante = AnteType.NONE, max(antes.values(), default=0)
        if antes:
            # One ante, by the big blind, is a big-blind ante. (Antes owed by every
            # player read the same when the others were all-in on their blinds
            # before the antes, RULES 2.6: the text cannot tell the two apart.)
            one = set(antes) == {bb_at}
            ante_type = AnteType.BIG_BLIND if one else AnteType.PER_PLAYER
        try:
            rules = Rules(
                structure=structure,
                small_blind=small_blind,
                big_blind=big_blind,
                ante=ante,
                ante_type=ante_type,
                straddle=straddle,
                min_bet=big_blind if structure is not Structure.FIXED_LIMIT else 0,
                small_bet=low if structure is Structure.FIXED_LIMIT else 0,
                big_bet=high if structure is Structure.FIXED_LIMIT else 0,
                cap=4 if structure is Structure.FIXED_LIMIT else None,
            )
        except BigblindError as error:
            raise self.error(0, f"the stakes cannot be played: {error}") from None
        actions = [f"d dh p{i + 1} {p.cards or '????'}" for i, p in enumerate(order)]
        for name, verb in _shows_before_run_out(self.play):
            actions.append(f"d {verb}" if name is None else f"p{index[name] + 1} {verb}")
        self.metadata["seats"] = [p.seat for p in order]
        self.metadata["winnings"] = [p.collected for p in order]
        self.metadata["_rake"] = self.rake
        return HandHistory(
            _VARIANT[structure],
            rules,
            tuple(p.stack for p in order),
            tuple(actions),
            tuple(p.stack - p.put_in + p.collected for p in order),
            tuple(p.name for p in order),
            self.number,
            dict(self.metadata),
            dead_small_blind=dead_small,
            small_blind_on_button=on_button,
            live_blinds=tuple(live) if any(live) else (),
            dead_money=tuple(dead) if any(dead) else (),
            runs=self.runs,
        )

    # -------------------------------------------------------------- pieces

    def split_name(self, line: str) -> tuple[str | None, str]:
        """The seated player a ``name: ...`` line is about (the longest name that fits)."""
        best = None
        for name in self.players:
            if line.startswith(name + ": ") and (best is None or len(name) > len(best)):
                best = name
        return (best, line[len(best) + 2 :]) if best is not None else (None, line)

    def player(self, index: int, name: str) -> _Player:
        player = self.players.get(name)
        if player is None:
            raise self.error(index, f"{_shown(name)} is not seated at the table")
        return player

    def amount(self, index: int, text: str) -> int:
        if text[0] in _CODES or self.cents:
            whole, _, cents = text.lstrip("$€£").partition(".")
            return int(whole) * 100 + int(cents.ljust(2, "0") or 0)
        if "." in text:
            raise self.error(index, f"amount {_shown(text)}: chips are whole numbers")
        return int(text)

    def cards(self, index: int, text: str, count: int) -> str:
        cards = text.split()
        if len(cards) < count or not all(_CARD.fullmatch(c) for c in cards):
            raise self.error(index, f"cannot read cards [{_shown(text)[1:-1]}]")
        return "".join(cards)

    def error(self, index: int, message: str) -> HistoryError:
        where = f"hand #{self.number}" if self.number else "a hand"
        return HistoryError(f"{where}, line {index + 1}: {message}")


def _shows_before_run_out(
    play: list[tuple[str | None, str]],
) -> list[tuple[str | None, str]]:
    """The play with every show and muck moved before the board run out after an all-in.

    PokerStars writes the showdown after the whole board; when betting ended
    all-in the hands were turned up before the rest of the board came (RULES
    4.7, 6.7), and that is the order a replay needs.
    """
    last_bet = max(
        (i for i, (who, verb) in enumerate(play) if who is not None and not verb.startswith("sm")),
        default=-1,
    )
    shows = [item for item in play[last_bet + 1 :] if item[0] is not None]
    boards = [item for item in play[last_bet + 1 :] if item[0] is None]
    return [*play[: last_bet + 1], *shows, *boards]


def _from_roman(text: str) -> int:
    """``'XIV'`` as 14: a letter before a larger one is taken away."""
    values = [_ROMAN[c] for c in text]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))
