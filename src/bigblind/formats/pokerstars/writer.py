"""Writing engine hands as PokerStars text: :func:`dumps` and :func:`dump_session`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Final

from bigblind.cards import Card, format_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Forced,
    HandKilled,
    Mucked,
    Posted,
    PotAwarded,
    RunBoardDealt,
    RunsAgreed,
    Shown,
    Street,
)
from bigblind.engine.hand import Hand
from bigblind.engine.pots import split
from bigblind.engine.views import SeenHand
from bigblind.errors import HistoryError
from bigblind.evaluation.games import HOLDEM, Ranking
from bigblind.evaluation.scalar import evaluate
from bigblind.formats.names import check_name
from bigblind.formats.pokerstars.header import (
    Tournament,
    cents_text,
    currency_marks,
    header_line,
    table_line,
)
from bigblind.formats.pokerstars.naming import describe_hand, kicker_words

__all__ = ["dump_session", "dumps"]

_STREET_WORD: Final = ("before Flop", "on the Flop", "on the Turn", "on the River")
_POST_WORDS: Final = {
    Forced.ANTE: "posts the ante",
    Forced.SMALL_BLIND: "posts small blind",
    Forced.BIG_BLIND: "posts big blind",
    # PokerStars deals no straddles; this is the wording trackers read from other rooms.
    Forced.STRADDLE: "posts straddle",
}


def dumps(
    hand: Hand | SeenHand,
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
    written, mucked hands included; a
    :class:`~bigblind.engine.views.SeenHand` (``hand.seen(hero)``) writes what
    one player saw instead (RULES 3.4). The text ends with a newline.

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
    symbol, code = currency_marks(currency)
    if tournament is not None and rake:
        raise HistoryError(f"rake {rake} in a tournament hand: tournaments take no rake")
    total = sum(e.amount for e in hand.events if isinstance(e, PotAwarded))
    if not isinstance(rake, int) or isinstance(rake, bool) or not 0 <= rake <= total:
        raise HistoryError(f"rake {rake!r} must be whole chips from 0 to the pot, {total}")
    if symbol and tournament is None:

        def money(amount: int) -> str:
            return symbol + cents_text(amount)

    else:

        def money(amount: int) -> str:
            return str(amount)

    writer = _Writer(hand, names, numbers, money)
    lines = [
        header_line(hand, hand_id, when, symbol, code, tournament),
        table_line(table, max_seats, numbers[hand.button], play=not symbol and not tournament),
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
        hand: Hand | SeenHand,
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
        # A pot of no chips (everything returned as uncalled) is not written at all.
        self.awards = [e for e in self.events if isinstance(e, PotAwarded) and e.amount]
        self.board: list[Card] = []
        self.shown: dict[int, tuple[tuple[Card, ...], str | None]] = {}
        self.mucked: dict[int, tuple[Card | None, ...]] = {}
        self.folded_on: dict[int, Street] = {}
        self.put_in: set[int] = set()  # seats that put in a blind or chose to bet
        self.blinds: dict[int, list[Forced]] = {}
        self.collected = [0] * hand.seats
        self.won_on: list[set[int]] = [set() for _ in range(hand.seats)]  # runs won (10.3)
        self.runs = 1  # 2 for a board run twice (RULES 10.3)
        self.second: list[Card] = []  # the second run's board

    def play(self, hero: int | None, rake: int) -> list[str]:
        """From the posts to the last chip collected."""
        hand, names, money = self.hand, self.names, self.money
        posts = [e for e in self.events if isinstance(e, Posted)]
        antes = sorted(
            (e for e in posts if e.kind is Forced.ANTE), key=lambda e: self.numbers[e.seat]
        )
        lines = []
        for post in [*antes, *(e for e in posts if e.kind in _POST_WORDS and e not in antes)]:
            all_in = " and is all-in" if post.all_in else ""
            word = _POST_WORDS[post.kind]
            if post.kind is Forced.BIG_BLIND and hand.rules.button_blind:
                word = "posts button blind"  # RULES 11.3, as PokerStars writes 6+ Hold'em
            lines.append(f"{names[post.seat]}: {word} {money(post.amount)}{all_in}")
            if post.kind is not Forced.ANTE:
                self.put_in.add(post.seat)
                self.blinds.setdefault(post.seat, []).append(post.kind)
        lines += self._owed_lines(posts)
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
            if isinstance(event, RunsAgreed):
                self.runs = event.runs
                self.second = list(self.board)  # the run-out starts from the board so far
            elif isinstance(event, BoardDealt):
                lines.append(self._street_line(event))
                street = event.street
                current = 0
            elif isinstance(event, RunBoardDealt):
                lines.append(self._second_street_line(event))
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
            elif isinstance(event, HandKilled):
                # A dead hand (RULES 9.2) is out as a folded or mucked one, the words
                # PokerStars has: what a hand replayed as recorded was, too.
                if showdown or event.reason.startswith("mucked"):
                    showdown.append(Mucked(event.seat, tuple(self.hand.hole(event.seat))))
                else:
                    lines.append(f"{names[event.seat]}: folds")
                    self.folded_on[event.seat] = street
        shares = self._shares(rake)
        if showdown and self.runs == 1:
            lines.append("*** SHOW DOWN ***")
        printed: set[int] = set()
        earlier: list[int] = []
        run = 0
        for award, pot_shares in zip(self.awards, shares, strict=True):
            if award.run != run and self.runs > 1:
                run = award.run
                lines.append(f"*** {'FIRST' if run == 1 else 'SECOND'} SHOW DOWN ***")
            # PokerStars shows the hands of each pot's players just before that pot goes.
            for event in showdown:
                if event.seat in award.eligible and event.seat not in printed:
                    printed.add(event.seat)
                    lines.append(self._showdown_line(event, earlier))
            for seat, share in pot_shares:
                if not share:
                    continue  # the rake took it all: nothing collected
                self.collected[seat] += share
                self.won_on[seat].add(award.run)
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
        by_pot: dict[int, int] = {}
        for award, amount in zip(self.awards, net, strict=True):
            by_pot[award.pot] = by_pot.get(award.pot, 0) + amount  # both runs' halves
        if len(by_pot) <= 1:
            pots = ""
        else:
            pots = " " + " ".join(
                f"{self._pot_name(pot, title=True)} {money(amount)}."
                for pot, amount in sorted(by_pot.items())
            )
        lines = ["*** SUMMARY ***", f"Total pot {money(total)}{pots} | Rake {money(rake)}"]
        if self.runs > 1:
            lines += [
                "Hand was run twice",
                f"FIRST Board [{format_cards(self.board, ' ')}]",
                f"SECOND Board [{format_cards(self.second, ' ')}]",
            ]
        elif self.board:
            lines.append(f"Board [{format_cards(self.board, ' ')}]")
        button = self.hand.button
        for seat in self.by_table_seat:
            tags = " (button)" if seat == button else ""
            for kind in self.blinds.get(seat, ()):
                if kind is Forced.BIG_BLIND and self.hand.rules.button_blind:
                    tags = " (button blind)"  # the one tag PokerStars gives it
                elif kind is not Forced.STRADDLE:
                    tags += f" ({kind.value})"
            outcome = self._outcome(seat)
            tags += f" {outcome}" if outcome else ""
            lines.append(f"Seat {self.numbers[seat]}: {names[seat]}{tags}")
        return lines

    # ------------------------------------------------------------- pieces

    def _owed_lines(self, posts: Sequence[Posted]) -> list[str]:
        """The owed posts of returning players (RULES 10.1), in PokerStars' words.

        A live big blind with a dead small blind is one line, ``posts small & big
        blinds`` with their sum; a live blind alone is a ``big blind``, a dead
        one alone a ``small blind``.
        """
        live: dict[int, Posted] = {}
        dead: dict[int, Posted] = {}
        for post in posts:
            if post.kind is Forced.LIVE_BLIND:
                live[post.seat] = post
            elif post.kind is Forced.DEAD_BLIND:
                dead[post.seat] = post
        lines = []
        for seat in dict.fromkeys([*live, *dead]):
            self.put_in.add(seat)
            parts = [p for p in (live.get(seat), dead.get(seat)) if p is not None]
            amount = sum(p.amount for p in parts)
            all_in = " and is all-in" if any(p.all_in for p in parts) else ""
            if len(parts) == 2:
                word = "posts small & big blinds"
            else:
                word = "posts big blind" if seat in live else "posts small blind"
            lines.append(f"{self.names[seat]}: {word} {self.money(amount)}{all_in}")
        return lines

    def _street_line(self, event: BoardDealt) -> str:
        before = format_cards(self.board, " ")
        self.board.extend(event.cards)
        return _street(event.street, before, event.cards, "FIRST " if self.runs > 1 else "")

    def _second_street_line(self, event: RunBoardDealt) -> str:
        """A street of the second run (RULES 10.3), as PokerStars writes a hand run twice."""
        before = format_cards(self.second, " ")
        self.second.extend(event.cards)
        return _street(event.street, before, event.cards, "SECOND ")

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
        value, words = self._value(cards, self.board)
        self.shown[event.seat] = (cards, words)
        if words is None:
            return shown
        if value is None:  # another ranking, or a low beside the high: no kicker note
            return f"{shown} ({words})"
        text = f"{shown} ({words}{kicker_words(value, earlier)})"
        earlier.append(value)
        return text

    def _value(self, cards: tuple[Card, ...], board: list[Card]) -> tuple[int | None, str | None]:
        """A shown hand's value, where PokerStars compares kickers, and its words: hold'em's
        and Omaha's high hands alike, ``HI: ...; LO: 5,4,3,2,A`` in hi/lo (RULES 11)."""
        game = self.hand.rules.game
        if game is HOLDEM:
            value = evaluate([*cards, *board]) if len(cards) + len(board) >= 5 else None
            return value, describe_hand(value) if value is not None else None
        if len(board) < game.board_cards:
            return None, None  # the hand ended before a full board: nothing to value
        high = game.value_high(cards, board)
        if game.ranking is not Ranking.STANDARD:
            return None, game.describe_high(high)
        if game.low is None:
            return high, describe_hand(high)
        low = game.low_hand(cards, board)
        lowest = f"; LO: {','.join(str(c)[0] for c in low.cards)}" if low is not None else ""
        return None, f"HI: {describe_hand(high)}{lowest}"

    def _outcome(self, seat: int) -> str:
        money = self.money
        won = self.collected[seat]
        if seat in self.shown:
            cards, words = self.shown[seat]
            if self.won_on[seat] == {2}:  # won on the second board alone: named on it
                words = self._value(cards, self.second)[1]
            showed = f"showed [{format_cards(cards, ' ')}]"
            with_ = f" with {words}" if words is not None else ""
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
        # Left alone with nothing to collect (a pot of no chips): no outcome to write.
        return f"collected ({money(won)})" if won else ""

    def _pot_name(self, pot: int, *, title: bool = False) -> str:
        order = sorted({award.pot for award in self.awards})
        count, rank = len(order), order.index(pot)
        if count == 1:
            name = "pot"
        elif rank == 0:
            name = "main pot"
        elif count == 2:
            name = "side pot"
        else:
            name = f"side pot-{rank}"
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


def _check_names(players: Sequence[str], n: int) -> list[str]:
    names = list(players)
    if len(names) != n:
        raise HistoryError(f"{len(names)} player names for a hand of {n} seats")
    for name in names:
        check_name(name)  # one line each: no name may forge lines of its own
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


def _street(street: Street, before: str, cards: Sequence[Card], run: str) -> str:
    """``*** FLOP *** [..]``, ``*** TURN *** [..] [..]``; ``run`` is ``'FIRST '``, ``'SECOND '``."""
    new = format_cards(cards, " ")
    if street is Street.FLOP:
        return f"*** {run}FLOP *** [{new}]"
    return f"*** {run}{street.label.upper()} *** [{before}] [{new}]"
