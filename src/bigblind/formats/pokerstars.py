"""Hand histories in PokerStars' text format, as tracking programs import them.

:func:`dumps` renders a finished hand's events the way the PokerStars client
writes a hand to its history files: the header and table lines, one line a
seat, the posts, ``*** HOLE CARDS ***`` and the streets, the uncalled bet,
``*** SHOW DOWN ***`` with the side pots awarded last-formed first (RULES
6.5), and ``*** SUMMARY ***``: the text that tracking programs such as
PokerTracker and Hold'em Manager import as PokerStars hands. :func:`dump_session`
joins hands as a history file does; :func:`describe_hand` phrases a hand value
in PokerStars' words.

Amounts are chips. With a ``currency`` (a cash game for money) one chip is
one cent: 150 is written ``$1.50``. Without one the hand is a play-money
game, or a tournament when ``tournament`` is given.

>>> from datetime import datetime
>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.stacked("As Kd Qh Jc"))
>>> hand.raise_to(6); hand.fold()
>>> print(dumps(hand, hand_id=1, table="Alpha", players=["ann", "bob"],
...             when=datetime(2026, 12, 1, 9, 5), hero=1, max_seats=2))
PokerStars Hand #1:  Hold'em No Limit (1/2) - 2026/12/01 9:05:00 ET
Table 'Alpha' 2-max (Play Money) Seat #1 is the button
Seat 1: ann (200 in chips)
Seat 2: bob (200 in chips)
ann: posts small blind 1
bob: posts big blind 2
*** HOLE CARDS ***
Dealt to bob [As Qh]
ann: raises 4 to 6
bob: folds
Uncalled bet (4) returned to ann
ann collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: ann (button) (small blind) collected (4)
Seat 2: bob (big blind) folded before Flop
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bigblind.cards import Card, format_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Forced,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
    Street,
)
from bigblind.engine.hand import Hand
from bigblind.engine.pots import split
from bigblind.engine.rules import Structure
from bigblind.errors import HistoryError
from bigblind.evaluation.scalar import Category, category, evaluate, rank_pattern

__all__ = ["Tournament", "describe_hand", "dump_session", "dumps"]

_NAMES: Final = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PLURALS: Final = tuple(name + ("es" if name == "Six" else "s") for name in _NAMES)
# How many leading ranks of a value's rank pattern name the hand; the others are
# kickers, which PokerStars adds to a shown hand only to tell it from one shown before.
_NAMED_RANKS: Final = {
    Category.HIGH_CARD: 1,
    Category.ONE_PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.FOUR_OF_A_KIND: 4,
}
_GAME: Final = {
    Structure.NO_LIMIT: "Hold'em No Limit",
    Structure.POT_LIMIT: "Hold'em Pot Limit",
    Structure.FIXED_LIMIT: "Hold'em Limit",
}
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_CODES: Final = {code: symbol for symbol, code in _CURRENCIES.items()}
_STREET_WORD: Final = ("before Flop", "on the Flop", "on the Turn", "on the River")
_POST_WORDS: Final = {
    Forced.ANTE: "posts the ante",
    Forced.SMALL_BLIND: "posts small blind",
    Forced.BIG_BLIND: "posts big blind",
    # PokerStars deals no straddles; this is the wording trackers read from other rooms.
    Forced.STRADDLE: "posts straddle",
}
_ROMAN: Final = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"))
_ROMAN_SMALL: Final = ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


@dataclass(frozen=True, slots=True)
class Tournament:
    """The tournament a hand belongs to, for the header line.

    ``number`` is the tournament's id, ``level`` the blind level (written in
    Roman numerals, ``Level IV``). ``buy_in`` lists the parts of the buy-in as
    PokerStars writes them, the prize-pool share first and the fee last, e.g.
    ``(319, 31)`` for ``$3.19+$0.31 USD`` (cents, with the hand's currency) or
    ``(4500, 500)`` for a play-money ``4500+500``; empty for a freeroll.

    >>> Tournament(797469411, level=4, buy_in=(319, 31)).level_text
    'IV'
    """

    number: int
    level: int = 1
    buy_in: tuple[int, ...] = ()

    @property
    def level_text(self) -> str:
        """The level in Roman numerals."""
        return _roman(self.level)


def describe_hand(value: int) -> str:
    """A hand value in PokerStars' words, e.g. ``'a full house, Kings full of Fours'``.

    >>> from bigblind.cards import parse_cards
    >>> describe_hand(evaluate(parse_cards("Kh Kd 4s 4c Ks 9d 2c")))
    'a full house, Kings full of Fours'
    >>> describe_hand(evaluate(parse_cards("Ad 2c 3h 4s 5d Kc Kd")))
    'a straight, Ace to Five'
    """
    cat = category(value)
    ranks = rank_pattern(value)
    name, plural = _NAMES, _PLURALS
    if cat is Category.HIGH_CARD:
        return f"high card {name[ranks[0]]}"
    if cat is Category.ONE_PAIR:
        return f"a pair of {plural[ranks[0]]}"
    if cat is Category.TWO_PAIR:
        return f"two pair, {plural[ranks[0]]} and {plural[ranks[2]]}"
    if cat is Category.THREE_OF_A_KIND:
        return f"three of a kind, {plural[ranks[0]]}"
    if cat is Category.STRAIGHT:
        return f"a straight, {name[ranks[4]]} to {name[ranks[0]]}"
    if cat is Category.FLUSH:
        return f"a flush, {name[ranks[0]]} high"
    if cat is Category.FULL_HOUSE:
        return f"a full house, {plural[ranks[0]]} full of {plural[ranks[3]]}"
    if cat is Category.FOUR_OF_A_KIND:
        return f"four of a kind, {plural[ranks[0]]}"
    if ranks[0] == 12:
        return "a Royal Flush"
    return f"a straight flush, {name[ranks[4]]} to {name[ranks[0]]}"


def _kicker(value: int, earlier: Iterable[int]) -> str:
    """The kicker PokerStars adds to a shown hand that ties an earlier one but for kickers.

    Against the best such earlier hand: ``' - Ace+King kicker'`` (the kickers
    up to the first that differs) when this hand is better, ``' - lower
    kicker'`` when it is worse, nothing when they are equal.
    """
    cat = category(value)
    named = _NAMED_RANKS.get(cat)
    if named is None:
        return ""
    ranks = rank_pattern(value)
    rivals = [v for v in earlier if category(v) is cat and rank_pattern(v)[:named] == ranks[:named]]
    if not rivals:
        return ""
    best = max(rivals)
    if best == value:
        return ""
    if value < best:
        return " - lower kicker"
    other = rank_pattern(best)
    last = next(i for i in range(named, 5) if ranks[i] != other[i])
    return " - " + "+".join(_NAMES[r] for r in ranks[named : last + 1]) + " kicker"


def dumps(
    hand: Hand,
    *,
    hand_id: int,
    table: str,
    players: Sequence[str],
    when: datetime,
    seat_numbers: Sequence[int] | None = None,
    hero: int | None = None,
    currency: str | None = None,
    max_seats: int = 9,
    tournament: Tournament | None = None,
    rake: int = 0,
) -> str:
    """Write a finished hand as PokerStars writes it to a hand-history file.

    ``players`` are the names by hand seat; ``seat_numbers`` the table seats
    (1 to ``max_seats``) of the hand seats, by default seat + 1. ``hero`` is
    the seat whose hole cards the ``Dealt to`` line shows (None: an observer's
    history). ``currency`` (``'$'``, ``'€'``, ``'£'`` or ``'USD'``, ``'EUR'``,
    ``'GBP'``) makes a cash game for money with chips as cents; None is a
    play-money game, or with ``tournament`` a tournament hand. ``when`` is
    written as Eastern time: a naive ``datetime`` is taken as Eastern already,
    an aware one is converted. ``rake`` is what the house took: it comes out
    of the pots in proportion to their size, and what each winner collected
    is its share of what is left (RULES 6.6, 7.2). Cards the house saw are
    written, mucked hands included. The text ends with a newline.

    Raises :class:`~bigblind.errors.HistoryError` for a hand that is not over
    or details that do not fit it.
    """
    result = hand.result
    if not hand.finished or result is None:
        raise HistoryError(f"the hand is not over: it awaits {hand.awaiting}")
    n = hand.seats
    names = _check_names(players, n)
    numbers = _check_seat_numbers(seat_numbers, n, max_seats)
    if hero is not None and not (isinstance(hero, int) and 0 <= hero < n):
        raise HistoryError(f"hero {hero!r} must be a seat from 0 to {n - 1}, or None")
    symbol, code = _currency(currency)
    if tournament is not None and rake:
        raise HistoryError(f"rake {rake} in a tournament hand: tournaments take no rake")
    total = sum(e.amount for e in hand.events if isinstance(e, PotAwarded))
    if not isinstance(rake, int) or isinstance(rake, bool) or not 0 <= rake <= total:
        raise HistoryError(f"rake {rake!r} must be whole chips from 0 to the pot, {total}")
    if symbol and tournament is None:

        def money(amount: int) -> str:
            return symbol + _cents(amount)

    else:

        def money(amount: int) -> str:
            return str(amount)

    writer = _Writer(hand, names, numbers, money)
    lines = [
        _header(hand, hand_id, when, symbol, code, tournament),
        _table_line(table, max_seats, numbers[hand.button], play=not symbol and not tournament),
    ]
    for seat in writer.by_table_seat:
        stack = money(hand.starting_stacks[seat])
        lines.append(f"Seat {numbers[seat]}: {names[seat]} ({stack} in chips)")
    lines += writer.play(hero, rake)
    lines += writer.summary(rake)
    return "\n".join(lines) + "\n"


def dump_session(hands: Iterable[str]) -> str:
    """Join exported hands as a PokerStars history file holds them: two blank lines apart.

    Every hand is followed by two blank lines, the last one too. Write the
    file as UTF-8 (the client itself writes a byte-order mark first:
    ``encoding="utf-8-sig"``).

    >>> dump_session(["PokerStars Hand #1: ...\\n", "PokerStars Hand #2: ...\\n"])
    'PokerStars Hand #1: ...\\n\\n\\nPokerStars Hand #2: ...\\n\\n\\n'
    """
    parts = []
    for text in hands:
        if not isinstance(text, str):
            raise HistoryError(f"a session joins exported hand texts, not {type(text).__name__}")
        parts.append(text.rstrip("\n") + "\n\n\n")
    return "".join(parts)


# ----------------------------------------------------------------- the lines


class _Writer:
    """The lines after the seats: posts, streets, showdown and summary."""

    def __init__(
        self,
        hand: Hand,
        names: Sequence[str],
        numbers: Sequence[int],
        money: Callable[[int], str],
    ) -> None:
        self.hand = hand
        self.names = names
        self.numbers = numbers
        self.money = money
        self.by_table_seat = sorted(range(hand.seats), key=numbers.__getitem__)
        self.events = hand.events
        self.awards = [e for e in self.events if isinstance(e, PotAwarded)]
        self.board: list[Card] = []
        self.shown: dict[int, tuple[tuple[Card, ...], int | None]] = {}
        self.mucked: dict[int, tuple[Card | None, ...]] = {}
        self.folded_on: dict[int, Street] = {}
        self.put_in: set[int] = set()  # seats that put in a blind or chose to bet
        self.blinds: dict[int, list[Forced]] = {}
        self.collected = [0] * hand.seats

    def play(self, hero: int | None, rake: int) -> list[str]:
        """From the posts to the last chip collected."""
        hand, names, money = self.hand, self.names, self.money
        posts = [e for e in self.events if isinstance(e, Posted)]
        antes = sorted(
            (e for e in posts if e.kind is Forced.ANTE), key=lambda e: self.numbers[e.seat]
        )
        lines = []
        for post in [*antes, *(e for e in posts if e.kind is not Forced.ANTE)]:
            all_in = " and is all-in" if post.all_in else ""
            word = _POST_WORDS[post.kind]
            lines.append(f"{names[post.seat]}: {word} {money(post.amount)}{all_in}")
            if post.kind is not Forced.ANTE:
                self.put_in.add(post.seat)
                self.blinds.setdefault(post.seat, []).append(post.kind)
        lines.append("*** HOLE CARDS ***")
        if hero is not None:
            hole = hand.hole(hero)
            if hole and all(c is not None for c in hole):
                lines.append(f"Dealt to {names[hero]} [{format_cards(_known(hole), ' ')}]")
        rules = hand.rules
        straddled = any(e.kind is Forced.STRADDLE for e in posts)
        current = rules.straddle if straddled else rules.big_blind
        street = Street.PREFLOP
        showdown: list[Shown | Mucked] = []
        for event in self.events:
            if isinstance(event, BoardDealt):
                lines.append(self._street_line(event))
                street = event.street
                current = 0
            elif isinstance(event, Acted):
                lines.append(self._action_line(event, current))
                if event.kind in (ActionKind.BET, ActionKind.RAISE):
                    current = max(current, event.amount)
                if event.kind is ActionKind.FOLD:
                    self.folded_on[event.seat] = street
                else:
                    self.put_in.add(event.seat)
            elif isinstance(event, BetReturned):
                lines.append(
                    f"Uncalled bet ({money(event.amount)}) returned to {names[event.seat]}"
                )
            elif isinstance(event, Shown | Mucked):
                showdown.append(event)
        shares = self._shares(rake)
        if showdown:
            lines.append("*** SHOW DOWN ***")
        printed: set[int] = set()
        earlier: list[int] = []
        for award, pot_shares in zip(self.awards, shares, strict=True):
            # PokerStars shows the hands of each pot's players just before that pot goes.
            for event in showdown:
                if event.seat in award.eligible and event.seat not in printed:
                    printed.add(event.seat)
                    lines.append(self._showdown_line(event, earlier))
            for seat, share in pot_shares:
                self.collected[seat] += share
                pot = self._pot_name(award.pot)
                lines.append(f"{names[seat]} collected {money(share)} from {pot}")
        for event in showdown:
            if event.seat not in printed:
                lines.append(self._showdown_line(event, earlier))
        return lines

    def summary(self, rake: int) -> list[str]:
        """The ``*** SUMMARY ***`` block."""
        money, names = self.money, self.names
        total = sum(award.amount for award in self.awards)
        net = self._net_pots(rake)
        if len(self.awards) == 1:
            pots = ""
        else:
            by_pot = sorted(zip((a.pot for a in self.awards), net, strict=True))
            pots = " " + " ".join(
                f"{self._pot_name(pot, title=True)} {money(amount)}." for pot, amount in by_pot
            )
        lines = ["*** SUMMARY ***", f"Total pot {money(total)}{pots} | Rake {money(rake)}"]
        if self.board:
            lines.append(f"Board [{format_cards(self.board, ' ')}]")
        button = self.hand.button
        for seat in self.by_table_seat:
            tags = " (button)" if seat == button else ""
            for kind in self.blinds.get(seat, ()):
                if kind is not Forced.STRADDLE:
                    tags += f" ({kind.value})"
            lines.append(f"Seat {self.numbers[seat]}: {names[seat]}{tags} {self._outcome(seat)}")
        return lines

    # ------------------------------------------------------------- pieces

    def _street_line(self, event: BoardDealt) -> str:
        before = format_cards(self.board, " ")
        self.board.extend(event.cards)
        new = format_cards(event.cards, " ")
        if event.street is Street.FLOP:
            return f"*** FLOP *** [{new}]"
        return f"*** {event.street.label.upper()} *** [{before}] [{new}]"

    def _action_line(self, event: Acted, current: int) -> str:
        name, money = self.names[event.seat], self.money
        all_in = " and is all-in" if event.all_in else ""
        kind = event.kind
        if kind is ActionKind.FOLD:
            return f"{name}: folds"
        if kind is ActionKind.CHECK:
            return f"{name}: checks"
        if kind is ActionKind.CALL:
            return f"{name}: calls {money(event.amount)}{all_in}"
        if kind is ActionKind.BET:
            return f"{name}: bets {money(event.amount)}{all_in}"
        by = money(event.amount - current)
        return f"{name}: raises {by} to {money(event.amount)}{all_in}"

    def _showdown_line(self, event: Shown | Mucked, earlier: list[int]) -> str:
        name = self.names[event.seat]
        if isinstance(event, Mucked):
            self.mucked[event.seat] = event.cards
            return f"{name}: mucks hand"
        cards = event.cards
        shown = f"{name}: shows [{format_cards(cards, ' ')}]"
        value = evaluate([*cards, *self.board]) if len(cards) + len(self.board) >= 5 else None
        self.shown[event.seat] = (cards, value)
        if value is None:
            return shown
        text = f"{shown} ({describe_hand(value)}{_kicker(value, earlier)})"
        earlier.append(value)
        return text

    def _outcome(self, seat: int) -> str:
        money = self.money
        won = self.collected[seat]
        if seat in self.shown:
            cards, value = self.shown[seat]
            showed = f"showed [{format_cards(cards, ' ')}]"
            with_ = f" with {describe_hand(value)}" if value is not None else ""
            if won:
                return f"{showed} and won ({money(won)}){with_}"
            return f"{showed} and lost{with_}"
        if seat in self.mucked:
            hidden = self.mucked[seat]
            if hidden and all(c is not None for c in hidden):
                return f"mucked [{format_cards(_known(hidden), ' ')}]"
            return "mucked"
        street = self.folded_on.get(seat)
        if street is not None:
            text = f"folded {_STREET_WORD[street]}"
            if street is Street.PREFLOP and seat not in self.put_in:
                text += " (didn't bet)"
            return text
        return f"collected ({money(won)})"

    def _pot_name(self, pot: int, *, title: bool = False) -> str:
        count = len(self.awards)
        if count == 1:
            name = "pot"
        elif pot == 0:
            name = "main pot"
        elif count == 2:
            name = "side pot"
        else:
            name = f"side pot-{pot}"
        return name.capitalize() if title else name

    def _net_pots(self, rake: int) -> list[int]:
        """Each pot less its part of the rake, in award order."""
        amounts = [award.amount for award in self.awards]
        return [a - r for a, r in zip(amounts, _share_out(rake, amounts), strict=True)]

    def _shares(self, rake: int) -> list[list[tuple[int, int]]]:
        """Who collected what from each pot, in award order, winners by table seat."""
        out = []
        hand = self.hand
        for award, net in zip(self.awards, self._net_pots(rake), strict=True):
            shares: Sequence[int] = award.shares
            if net != award.amount:
                shares = split(net, winners=award.winners, button=hand.button, seats=hand.seats)
            pairs = sorted(
                zip(award.winners, shares, strict=True), key=lambda p: self.numbers[p[0]]
            )
            out.append(pairs)
        return out


# ----------------------------------------------------------------- helpers


def _header(
    hand: Hand,
    hand_id: int,
    when: datetime,
    symbol: str,
    code: str,
    tournament: Tournament | None,
) -> str:
    if isinstance(hand_id, bool) or not isinstance(hand_id, int) or hand_id < 1:
        raise HistoryError(f"hand id {hand_id!r} must be a whole number of at least 1")
    rules = hand.rules
    game = _GAME[rules.structure]
    if rules.structure is Structure.FIXED_LIMIT:
        low, high = rules.small_bet, rules.big_bet
    else:
        low, high = rules.small_blind, rules.big_blind
    stamp = _eastern(when)
    if tournament is not None:
        if isinstance(tournament.number, bool) or not isinstance(tournament.number, int):
            raise HistoryError(f"tournament number {tournament.number!r} must be a whole number")
        if not isinstance(tournament.level, int) or tournament.level < 1:
            raise HistoryError(f"tournament level {tournament.level!r} must be 1 or more")
        if any(not isinstance(p, int) or p < 0 for p in tournament.buy_in):
            raise HistoryError(f"buy-in {tournament.buy_in!r} must be whole amounts, 0 or more")
        if not any(tournament.buy_in):
            buy_in = "Freeroll "  # PokerStars leaves two spaces after the word
        elif symbol:
            buy_in = "+".join(symbol + f"{p // 100}.{p % 100:02d}" for p in tournament.buy_in)
            buy_in += f" {code}"
        else:
            buy_in = "+".join(str(p) for p in tournament.buy_in)
        return (
            f"PokerStars Hand #{hand_id}: Tournament #{tournament.number}, {buy_in} {game}"
            f" - Level {tournament.level_text} ({low}/{high}) - {stamp}"
        )
    if symbol:
        if low % 100 or high % 100:
            stakes = f"{symbol}{low // 100}.{low % 100:02d}/{symbol}{high // 100}.{high % 100:02d}"
        else:
            stakes = f"{symbol}{low // 100}/{symbol}{high // 100}"
        stakes += f" {code}"
    else:
        stakes = f"{low}/{high}"
    return f"PokerStars Hand #{hand_id}:  {game} ({stakes}) - {stamp}"


def _table_line(table: str, max_seats: int, button: int, *, play: bool) -> str:
    if not isinstance(table, str) or not table or "\n" in table or "'" in table:
        raise HistoryError(f"table name {table!r} must be one line of text without quotes")
    money = " (Play Money)" if play else ""
    return f"Table '{table}' {max_seats}-max{money} Seat #{button} is the button"


def _eastern(when: datetime) -> str:
    """PokerStars' time stamp: Eastern time, the hour without a leading zero."""
    if not isinstance(when, datetime):
        raise HistoryError(f"when {when!r} must be a datetime")
    if when.tzinfo is not None:
        try:
            when = when.astimezone(ZoneInfo("America/New_York"))
        except ZoneInfoNotFoundError:
            raise HistoryError(
                "no time-zone data to convert to Eastern time: pass a naive Eastern datetime"
            ) from None
    return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S} ET"


def _cents(amount: int) -> str:
    """``150`` as ``'1.50'``, ``200`` as ``'2'``: PokerStars drops ``.00`` from amounts."""
    whole, cents = divmod(amount, 100)
    return f"{whole}.{cents:02d}" if cents else str(whole)


def _currency(currency: str | None) -> tuple[str, str]:
    if currency is None:
        return "", ""
    if currency in _CURRENCIES:
        return currency, _CURRENCIES[currency]
    if currency in _CODES:
        return _CODES[currency], currency
    accepted = ", ".join([*_CURRENCIES, *_CODES])
    raise HistoryError(
        f"currency {currency!r} is not one PokerStars plays for: accepted {accepted}"
    )


def _check_names(players: Sequence[str], n: int) -> list[str]:
    names = list(players)
    if len(names) != n:
        raise HistoryError(f"{len(names)} player names for a hand of {n} seats")
    for name in names:
        if not isinstance(name, str) or not name.strip() or "\n" in name or name != name.strip():
            raise HistoryError(f"player name {name!r} must be one line of text, not blank")
    if len(set(names)) != n:
        raise HistoryError(f"player names must differ: {names}")
    return names


def _check_seat_numbers(numbers: Sequence[int] | None, n: int, max_seats: int) -> list[int]:
    if isinstance(max_seats, bool) or not isinstance(max_seats, int) or max_seats < n:
        raise HistoryError(f"max_seats {max_seats!r} must be at least the {n} players")
    out = list(range(1, n + 1)) if numbers is None else list(numbers)
    if len(out) != n or len(set(out)) != n:
        raise HistoryError(f"seat numbers {out} must be {n} different table seats")
    for number in out:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= max_seats:
            raise HistoryError(f"seat number {number!r} must be from 1 to {max_seats}")
    return out


def _share_out(total: int, amounts: Sequence[int]) -> list[int]:
    """``total`` divided in proportion to ``amounts``, odd chips to the largest remainders."""
    whole = sum(amounts)
    if not total or not whole:
        return [0] * len(amounts)
    parts = [total * a // whole for a in amounts]
    order = sorted(range(len(amounts)), key=lambda i: -(total * amounts[i] % whole))
    for i in order[: total - sum(parts)]:
        parts[i] += 1
    return parts


def _known(cards: Sequence[Card | None]) -> list[Card]:
    return [c for c in cards if c is not None]


def _roman(number: int) -> str:
    out = []
    for value, letters in (*_ROMAN, *_ROMAN_SMALL):
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)
