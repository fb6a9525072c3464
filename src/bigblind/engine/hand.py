"""One hand of Texas Hold'em, played exactly by the rules (RULES 2-7).

The hand moves through its phases by one transition table (``_NEXT``); each
phase's logic sits in its own method. Every change is an event appended to
``hand.events``; queries never change anything, and an illegal action raises
a :class:`~bigblind.errors.IllegalActionError` and leaves the hand as it was.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), stacks=[200, 200, 200], deck=Deck.shuffled(seed=7))
>>> hand.actor, hand.legal
(0, Legal(seat=0, fold=True, check=False, call=2, min_raise_to=4, max_raise_to=200, bet=False))
>>> hand.raise_to(6); hand.fold(); hand.call()
>>> hand.street, hand.pot
(<Street.FLOP: 1>, 13)
>>> hand.raise_to(500)
Traceback (most recent call last):
...
bigblind.errors.IllegalActionError: seat 2 cannot bet 500: the minimum bet is 2 and the ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal, NamedTuple

from bigblind.cards import Card, Deck, format_cards, parse_cards
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Burned,
    Event,
    Forced,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
    Street,
)
from bigblind.engine.pots import Pot, build_pots, split, winners_of
from bigblind.engine.rules import AnteType, Rules, Structure
from bigblind.errors import (
    CardError,
    HandFinishedError,
    IllegalActionError,
    OutOfTurnError,
    RulesError,
)
from bigblind.evaluation.scalar import describe, evaluate, evaluate7

__all__ = ["MAX_PLAYERS", "Hand", "HandResult", "HandView", "Legal", "Phase", "PotResult"]

MAX_PLAYERS = 23
# The records a hand makes most of (hole cards, actions, legal sets) are built from
# their fields directly, skipping the named tuples' Python-level constructors.
_make = tuple.__new__
_BOARD_SIZE = (0, 3, 1, 1)


class Phase(Enum):
    """Where the hand stands."""

    DEALING = "dealing"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    SETTLED = "settled"

    # Phases are looked up on every action: hash by identity, not by name in Python.
    __hash__ = object.__hash__


# The one place that says which phase may follow which.
_NEXT: dict[Phase, frozenset[Phase]] = {
    Phase.DEALING: frozenset({Phase.BETTING, Phase.SETTLED}),
    Phase.BETTING: frozenset({Phase.DEALING, Phase.SHOWDOWN, Phase.SETTLED}),
    Phase.SHOWDOWN: frozenset({Phase.DEALING, Phase.SETTLED}),
    Phase.SETTLED: frozenset(),
}


class Legal(NamedTuple):
    """What the player to act may do now, with exact amounts.

    ``call`` is the chips a call puts in (an all-in call may be less than the
    bet), or None when there is nothing to call. ``min_raise_to`` and
    ``max_raise_to`` bound a bet (``bet`` True) or a raise-to total, or are
    None when no bet or raise is possible.
    """

    seat: int
    fold: bool
    check: bool
    call: int | None
    min_raise_to: int | None
    max_raise_to: int | None
    bet: bool

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is possible."""
        return self.min_raise_to is not None

    def options(self) -> tuple[str, ...]:
        """The choices in words, as a person at the table says them.

        >>> Legal(3, True, False, 4, 8, 200, False).options()
        ('fold', 'call 4', 'raise to 8-200')
        >>> Legal(1, False, True, None, 2, 2, True).options()
        ('check', 'bet 2')
        """
        parts = []
        if self.fold:
            parts.append("fold")
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {self.call}")
        low, high = self.min_raise_to, self.max_raise_to
        if low is not None and high is not None:
            noun = "bet" if self.bet else "raise to"
            parts.append(f"{noun} {low}" if low == high else f"{noun} {low}-{high}")
        return tuple(parts)


@dataclass(frozen=True, slots=True)
class PotResult:
    """How one pot was won."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    description: str


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome: each pot (main pot first), each seat's winnings and final stacks."""

    pots: tuple[PotResult, ...]
    payouts: tuple[int, ...]
    stacks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandView:
    """What one seat may see of a hand (RULES 3.4): others' cards hidden until shown."""

    seat: int
    button: int
    phase: Phase
    street: Street
    hole: tuple[Card | None, ...]
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    pot: int
    actor: int | None
    legal: Legal | None
    events: tuple[Event, ...]


class Hand:
    """One hand: forced bets, dealing, four betting rounds, showdown, pots.

    ``stacks`` are in seat order (clockwise); ``button`` is the dealer's seat.
    With ``dealing="auto"`` (the default) cards come from ``deck`` (a
    securely shuffled one when none is given); with ``"manual"`` the hand waits
    for :meth:`deal_hole` and :meth:`deal_board`, as when replaying a history
    or when a person deals. ``showdown="auto"`` shows and mucks by RULES 6.7
    (``show_all`` shows every hand); ``"manual"`` waits for :meth:`show` and
    :meth:`muck` in showdown order.

    A table can place the blinds itself: ``blind_seats=(small, big)`` (small
    None for a dead small blind, RULES 8.4), ``live_blinds`` (a new or
    returning player's live post, which counts as their bet) and
    ``dead_blinds`` (missed blinds owed: dead money into the main pot).

    >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [50] * 4, button=0,
    ...             blind_seats=(None, 1), live_blinds={3: 2}, dead_blinds={3: 1})
    >>> hand.bets, hand.pot, hand.actor
    ((0, 2, 0, 2), 5, 2)
    """

    __slots__ = (
        "_able",
        "_acted",
        "_actor",
        "_aggressor",
        "_auto_deal",
        "_auto_show",
        "_bet_count",
        "_bet_size",
        "_bets",
        "_board",
        "_contrib",
        "_current",
        "_dead",
        "_deck",
        "_events",
        "_first_preflop",
        "_fixed",
        "_folded",
        "_full_level",
        "_hole",
        "_hole_count",
        "_increment",
        "_legal_cache",
        "_live",
        "_matched",
        "_no_limit",
        "_order",
        "_phase",
        "_pots",
        "_result",
        "_runout",
        "_shown",
        "_stacks",
        "_start",
        "_street",
        "_street_done",
        "_to_show",
        "_values",
        "button",
        "rules",
        "seats",
        "show_all",
    )

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        button: int = 0,
        deck: Deck | None = None,
        dealing: Literal["auto", "manual"] = "auto",
        showdown: Literal["auto", "manual"] = "auto",
        show_all: bool = False,
        blind_seats: tuple[int | None, int] | None = None,
        live_blinds: Mapping[int, int] | None = None,
        dead_blinds: Mapping[int, int] | None = None,
    ) -> None:
        n = len(stacks)
        if not 2 <= n <= MAX_PLAYERS:
            raise RulesError(f"a hand needs 2 to {MAX_PLAYERS} players, not {n}")
        if [stack for stack in stacks if type(stack) is not int or stack < 1]:
            seat, stack = next(
                (seat, stack)
                for seat, stack in enumerate(stacks)
                if type(stack) is not int or stack < 1
            )
            raise RulesError(
                f"seat {seat} stack {stack!r} must be a whole number of chips of at least 1"
            )
        if not isinstance(button, int) or not 0 <= button < n:
            raise RulesError(f"button {button!r} must be a seat from 0 to {n - 1}")
        if dealing not in ("auto", "manual"):
            raise RulesError(f"dealing {dealing!r} must be 'auto' or 'manual'")
        if showdown not in ("auto", "manual"):
            raise RulesError(f"showdown {showdown!r} must be 'auto' or 'manual'")
        if dealing == "manual" and deck is not None:
            raise RulesError("a deck is for dealing='auto'; manual dealing takes cards one by one")
        self.rules = rules
        self._fixed = rules.structure is Structure.FIXED_LIMIT
        self._no_limit = rules.structure is Structure.NO_LIMIT
        self._bet_size = rules.small_bet
        self.button = button
        self.seats = n
        self.show_all = show_all
        self._auto_deal = dealing == "auto"
        self._auto_show = showdown == "auto"
        self._deck = (deck or Deck()) if self._auto_deal else None
        self._start = tuple(stacks)
        self._stacks = list(stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._dead = 0
        self._folded = [False] * n
        self._acted = [False] * n
        self._matched = [0] * n
        self._hole: list[list[Card | None]] = [[] for _ in range(n)]
        self._board: list[Card] = []
        self._events: list[Event] = [HandStarted(self._start, button)]
        self._order = [*range(button + 1, n), *range(button + 1)]
        self._phase = Phase.DEALING
        self._street = Street.PREFLOP
        self._actor: int | None = None
        self._current = 0
        self._increment = 0
        self._full_level = 0
        self._bet_count = 0
        self._aggressor: int | None = None
        self._runout = False
        self._street_done = False
        self._first_preflop = 0
        self._to_show: list[int] = []
        self._shown: dict[int, int] = {}
        self._pots: list[Pot] = []
        self._result: HandResult | None = None
        self._legal_cache: Legal | None = None
        self._able = n  # seats not folded with chips behind
        self._live = n  # seats not folded
        self._values: dict[int, int] = {}
        self._hole_count = 0
        live = dict(live_blinds) if live_blinds else {}
        dead = dict(dead_blinds) if dead_blinds else {}
        if blind_seats is not None or live or dead:
            self._check_posts(blind_seats, live, dead)
        self._post_forced(blind_seats, live, dead)
        self._advance()

    # ----------------------------------------------------------------- queries

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand so far, oldest first."""
        return tuple(self._events)

    @property
    def phase(self) -> Phase:
        """The phase the hand is in."""
        return self._phase

    @property
    def street(self) -> Street:
        """The current (or last) betting round."""
        return self._street

    @property
    def actor(self) -> int | None:
        """The seat to act (to bet, or to show or muck), or None."""
        return self._actor

    @property
    def awaiting(self) -> str | None:
        """What the hand waits for: 'action', 'hole cards', 'flop', 'turn', 'river', 'show'."""
        if self._phase is Phase.BETTING:
            return "action"
        if self._phase is Phase.SHOWDOWN:
            return "show"
        if self._phase is Phase.DEALING:
            if self._street is Street.PREFLOP and not self._hole_complete():
                return "hole cards"
            return self._next_board_street().label
        return None

    @property
    def finished(self) -> bool:
        """Whether every pot has been awarded."""
        return self._phase is Phase.SETTLED

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, not counting what is in front or in the pots."""
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks the hand began with."""
        return self._start

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat in this betting round."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """All chips each seat has put in this hand (antes included when they count)."""
        return tuple(self._contrib)

    @property
    def pot(self) -> int:
        """Every chip in the middle, bets in front of the players included."""
        return sum(self._contrib) + self._dead

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded."""
        return tuple(self._folded)

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._board)

    def hole(self, seat: int) -> tuple[Card | None, ...]:
        """The hole cards of ``seat`` as the house sees them (None where unknown)."""
        self._check_seat(seat)
        return tuple(self._hole[seat])

    @property
    def legal(self) -> Legal | None:
        """The legal actions of the player to act, or None when nobody is to bet."""
        actor = self._actor
        if self._phase is not Phase.BETTING or actor is None:
            return None
        cached = self._legal_cache
        if cached is not None and cached.seat == actor:
            return cached
        legal = self._legal_cache = self._compute_legal(actor)
        return legal

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand (main pot first)."""
        if self._pots:
            return tuple(self._pots)
        all_in = [stack == 0 for stack in self._stacks]
        return tuple(build_pots(self._contrib, self._folded, self._dead, all_in=all_in))

    @property
    def result(self) -> HandResult | None:
        """The outcome once the hand is settled, else None."""
        return self._result

    def view(self, seat: int) -> HandView:
        """What ``seat`` may see: its own cards, shown cards, the public state (RULES 3.4)."""
        self._check_seat(seat)
        events: list[Event] = []
        for event in self._events:
            if isinstance(event, HoleDealt) and event.seat != seat:
                event = event._replace(card=None)
            elif isinstance(event, Mucked) and event.seat != seat:
                event = event._replace(cards=(None,) * len(event.cards))
            elif isinstance(event, Burned):
                event = event._replace(card=None)
            events.append(event)
        actor = self._actor
        return HandView(
            seat=seat,
            button=self.button,
            phase=self._phase,
            street=self._street,
            hole=tuple(self._hole[seat]),
            board=tuple(self._board),
            stacks=tuple(self._stacks),
            bets=tuple(self._bets),
            folded=tuple(self._folded),
            pot=self.pot,
            actor=actor,
            legal=self.legal if actor == seat else None,
            events=tuple(events),
        )

    def __repr__(self) -> str:
        board = format_cards(self._board) or "-"
        return (
            f"<Hand {self.rules.structure.value} {self.seats} players, {self._phase.value}, "
            f"{self._street.label}, board {board}, pot {self.pot}, actor {self._actor}>"
        )

    # ----------------------------------------------------------------- actions

    def fold(self, *, seat: int | None = None) -> None:
        """Fold (only when facing a bet, RULES 4.4)."""
        s = self._turn(seat, "fold")
        if self._current <= self._bets[s]:
            raise IllegalActionError(
                f"seat {s} cannot fold: nothing is at stake (check is free); legal: "
                + _describe_legal(self._legal(s))
            )
        self._folded[s] = True
        self._live -= 1
        self._able -= 1
        self._record(s, ActionKind.FOLD, 0)

    def check(self, *, seat: int | None = None) -> None:
        """Check (only when there is nothing to call)."""
        s = self._turn(seat, "check")
        if self._current > self._bets[s]:
            raise IllegalActionError(
                f"seat {s} cannot check: {self._current - self._bets[s]} to call; legal: "
                + _describe_legal(self._legal(s))
            )
        self._record(s, ActionKind.CHECK, 0)

    def call(self, *, seat: int | None = None) -> None:
        """Call the current bet, all-in for less if the stack is short (RULES 5.5)."""
        s = self._turn(seat, "call")
        to_call = self._current - self._bets[s]
        if to_call <= 0:
            raise IllegalActionError(
                f"seat {s} cannot call: there is no bet to call; legal: "
                + _describe_legal(self._legal(s))
            )
        amount = min(to_call, self._stacks[s])
        self._put(s, amount)
        self._record(s, ActionKind.CALL, amount)

    def check_or_call(self, *, seat: int | None = None) -> None:
        """Check if free, else call."""
        s = self._turn(seat, "check or call")
        if self._current > self._bets[s]:
            self.call(seat=s)
        else:
            self.check(seat=s)

    def bet(self, amount: int, *, seat: int | None = None) -> None:
        """Bet ``amount`` when nobody has bet this round."""
        s = self._turn(seat, "bet")
        legal = self._legal(s)
        if not legal.bet and legal.can_raise:
            raise IllegalActionError(
                f"seat {s} cannot bet {amount}: there is a bet of {self._current} already"
                f" (call or raise); legal: " + _describe_legal(legal)
            )
        self._raise(s, amount, legal, "bet")

    def raise_to(self, amount: int, *, seat: int | None = None) -> None:
        """Bet, or raise to a total of ``amount`` for this round."""
        s = self._turn(seat, "raise")
        self._raise(s, amount, self._legal(s), "bet" if self._current == 0 else "raise to")

    def all_in(self, *, seat: int | None = None) -> None:
        """Put in the whole stack: a call for less or as much, or a bet or raise (RULES 5.5)."""
        s = self._turn(seat, "go all-in")
        legal = self._legal(s)
        everything = self._bets[s] + self._stacks[s]
        if legal.call is not None and legal.call == self._stacks[s]:
            self.call(seat=s)
        elif legal.max_raise_to == everything:
            self.raise_to(everything, seat=s)
        else:
            raise IllegalActionError(
                f"seat {s} cannot go all-in for {everything}: legal: " + _describe_legal(legal)
            )

    def act(self, action: str, *, seat: int | None = None) -> None:
        """Act from text: 'fold', 'check', 'call', 'bet 6', 'raise 6' (to 6), 'all-in'.

        >>> from bigblind import Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=1))
        >>> hand.act("raise 6"); hand.act("call"); hand.street.label
        'flop'
        """
        words = action.lower().replace("-", " ").replace("to ", "").split()
        simple: dict[str, Callable[..., None]] = {
            "fold": self.fold,
            "f": self.fold,
            "check": self.check,
            "x": self.check,
            "k": self.check,
            "call": self.call,
            "c": self.call,
            "allin": self.all_in,
        }
        if words in (["all", "in"], ["allin"], ["shove"]):
            self.all_in(seat=seat)
            return
        if len(words) == 1 and words[0] in simple:
            simple[words[0]](seat=seat)
            return
        if len(words) == 2 and words[0] in ("bet", "b", "raise", "r") and words[1].isdigit():
            amount = int(words[1])
            if words[0] in ("bet", "b"):
                self.bet(amount, seat=seat)
            else:
                self.raise_to(amount, seat=seat)
            return
        raise IllegalActionError(
            f"cannot read action {action!r}: accepted are 'fold', 'check', 'call',"
            " 'bet N', 'raise N' (raise to N) and 'all-in'"
        )

    # ------------------------------------------------------- dealing and showing

    def deal_hole(self, seat: int, cards: str | Iterable[str | int] | None) -> None:
        """Manual dealing: give ``seat`` one or two hole cards (None: two unknown cards)."""
        self._check_seat(seat)
        if self._auto_deal:
            raise IllegalActionError("this hand deals its own cards (dealing='auto')")
        if self._phase is not Phase.DEALING or self._street is not Street.PREFLOP:
            raise IllegalActionError(
                f"hole cards cannot be dealt now: the hand awaits {self.awaiting}"
            )
        dealt: tuple[Card | None, ...]
        if cards is None:
            dealt = (None, None)
        else:
            dealt = parse_cards(cards)
            self._check_unseen(dealt)
        if not dealt or len(self._hole[seat]) + len(dealt) > 2:
            raise IllegalActionError(
                f"seat {seat} cannot be dealt {len(dealt)} more cards: it holds"
                f" {len(self._hole[seat])} of 2"
            )
        for card in dealt:
            self._hole[seat].append(card)
            self._events.append(HoleDealt(seat, card))
        self._hole_count += len(dealt)
        self._advance()

    def deal_board(self, cards: str | Iterable[str | int]) -> None:
        """Manual dealing: turn over the flop (three cards), the turn or the river (one)."""
        if self._auto_deal:
            raise IllegalActionError("this hand deals its own cards (dealing='auto')")
        if self._phase is not Phase.DEALING or self.awaiting == "hole cards":
            raise IllegalActionError(
                f"the board cannot be dealt now: the hand awaits {self.awaiting}"
            )
        street = self._next_board_street()
        dealt = parse_cards(cards)
        if len(dealt) != _BOARD_SIZE[street]:
            raise IllegalActionError(
                f"the {street.label} is {_BOARD_SIZE[street]} card(s), not {len(dealt)}:"
                f" {format_cards(dealt, ' ')}"
            )
        self._check_unseen(dealt)
        self._lay_board(street, dealt)
        self._advance()

    def show(
        self, cards: str | Iterable[str | int] | None = None, *, seat: int | None = None
    ) -> None:
        """Manual showdown: the seat due to show turns its cards face up."""
        s = self._show_turn(seat, "show")
        hole = self._hole[s]
        if cards is not None:
            given = parse_cards(cards)
            if len(given) != 2:
                raise IllegalActionError(f"seat {s} must show 2 cards, not {len(given)}")
            known = [c for c in hole if c is not None]
            if not set(known) <= set(given):
                raise IllegalActionError(
                    f"seat {s} cannot show {format_cards(given, ' ')}: it was dealt"
                    f" {format_cards(known, ' ')}"
                )
            self._check_unseen([c for c in given if c not in hole])
            self._hole[s] = list(given)
        elif None in hole:
            raise IllegalActionError(f"seat {s} must name the cards it shows: they are unknown")
        self._reveal(s)
        self._advance()

    def muck(self, *, seat: int | None = None) -> None:
        """Manual showdown: the seat due to show throws its hand away unshown."""
        s = self._show_turn(seat, "muck")
        reason = self._must_show(s)
        if reason:
            raise IllegalActionError(f"seat {s} cannot muck: {reason}")
        self._to_show.remove(s)
        self._folded_at_showdown(s)
        self._advance()

    # ------------------------------------------------------------ phase logic

    def _go(self, phase: Phase) -> None:
        if phase not in _NEXT[self._phase]:
            raise AssertionError(f"no transition from {self._phase} to {phase}")
        self._phase = phase

    def _advance(self) -> None:
        """Run the automatic steps until the hand needs outside input or ends."""
        while True:
            phase = self._phase
            if phase is Phase.DEALING:
                if not self._dealing_step():
                    return
            elif phase is Phase.SHOWDOWN:
                if not self._showdown_step():
                    return
            else:
                return

    def _post_forced(
        self,
        blind_seats: tuple[int | None, int] | None,
        live: Mapping[int, int],
        dead: Mapping[int, int],
    ) -> None:
        """Antes and blinds before any card (RULES 2.2-2.7); blinds before antes when short."""
        rules, n, order = self.rules, self.seats, self._order
        sb_seat: int | None
        if blind_seats is not None:
            sb_seat, bb_seat = blind_seats
        elif n == 2:
            sb_seat, bb_seat = self.button, order[0]
        else:
            sb_seat, bb_seat = order[0], order[1]
        posts: list[tuple[int, Forced, int]] = []
        if sb_seat is not None:
            posts.append((sb_seat, Forced.SMALL_BLIND, rules.small_blind))
        posts.append((bb_seat, Forced.BIG_BLIND, rules.big_blind))
        straddler = None
        if rules.straddle and n >= 3:
            straddler = (bb_seat + 1) % n
            posts.append((straddler, Forced.STRADDLE, rules.straddle))
        if live or dead:
            posts += [(seat, Forced.LIVE_BLIND, amount) for seat, amount in sorted(live.items())]
            posts += [(seat, Forced.DEAD_BLIND, amount) for seat, amount in sorted(dead.items())]
        # RULES 2.6: a short stack covers its blinds first, then dead money, then the ante.
        left = list(self._stacks)
        amounts = []
        for seat, _kind, amount in posts:
            amount = min(amount, left[seat])
            left[seat] -= amount
            amounts.append(amount)
        if rules.ante_type is AnteType.PER_PLAYER:
            antes = [(seat, rules.ante) for seat in order]
        elif rules.ante_type is AnteType.BIG_BLIND:
            antes = [(bb_seat, rules.ante)]
        else:
            antes = []
        for seat, ante in antes:
            amount = min(ante, left[seat])
            if amount <= 0:
                continue
            left[seat] -= amount
            self._take(seat, amount)
            if rules.antes_as_contributions:
                self._contrib[seat] += amount
            else:
                self._dead += amount
            self._events.append(Posted(seat, Forced.ANTE, amount, self._stacks[seat] == 0))
        for (seat, kind, _), amount in zip(posts, amounts, strict=True):
            if amount <= 0:
                continue
            if kind is Forced.DEAD_BLIND:
                self._take(seat, amount)
                self._dead += amount
            else:
                self._put(seat, amount)
            self._events.append(Posted(seat, kind, amount, self._stacks[seat] == 0))
        self._current = rules.straddle if straddler is not None else rules.big_blind
        self._increment = self._current if rules.structure is not Structure.FIXED_LIMIT else 0
        self._full_level = self._current
        self._bet_count = 2 if straddler is not None else 1
        self._first_preflop = straddler if straddler is not None else bb_seat

    def _dealing_step(self) -> bool:
        """Deal what is due; False when waiting for the person dealing."""
        if self._hole_count < 2 * self.seats:
            if not self._auto_deal:
                return False
            assert self._deck is not None
            order, n = self._order, self.seats
            cards = self._deck.deal(2 * n)
            # RULES 3.1: one card at a time from left of the button, two rounds.
            self._events.extend(
                [_make(HoleDealt, dealt) for dealt in zip(order + order, cards, strict=True)]
            )
            hole = self._hole
            for i, seat in enumerate(order):
                hole[seat] = [cards[i], cards[i + n]]
            self._hole_count = 2 * n
            return True
        if self._runout and len(self._board) == 5:
            self._settle()
            return True
        if self._runout or self._street_done:
            if not self._auto_deal:
                return False
            assert self._deck is not None
            street = self._next_board_street()
            # RULES 1.3: with 23 players a burn is skipped when it would leave too few cards.
            if self._deck.remaining - 1 >= 5 - len(self._board):
                self._events.append(Burned(self._deck.deal_one()))
            self._lay_board(street, self._deck.deal(_BOARD_SIZE[street]))
            return True
        self._start_round()
        return True

    def _lay_board(self, street: Street, cards: tuple[Card, ...]) -> None:
        self._board.extend(cards)
        self._events.append(BoardDealt(street, tuple(cards)))
        self._street = street
        self._street_done = False

    def _start_round(self) -> None:
        """Begin a betting round (RULES 4.2, 4.3)."""
        self._legal_cache = None
        self._street_done = False
        if self._street is not Street.PREFLOP:
            n = self.seats
            self._bets = [0] * n
            self._acted = [False] * n
            self._matched = [0] * n
            self._current = 0
            self._increment = self.rules.min_bet
            self._full_level = 0
            self._bet_count = 0
            self._aggressor = None
            if self._street >= Street.TURN:
                self._bet_size = self.rules.big_bet
            start = self._order[0]
        else:
            start = (self._first_preflop + 1) % self.seats
        self._go(Phase.BETTING)
        self._actor = self._next_pending(start)
        if self._actor is None:
            self._close_round()

    def _record(self, seat: int, kind: ActionKind, amount: int) -> None:
        """Append the action and pass the turn on."""
        self._legal_cache = None
        self._acted[seat] = True
        self._matched[seat] = self._bets[seat]
        all_in = self._stacks[seat] == 0 and kind is not ActionKind.FOLD
        self._events.append(_make(Acted, (seat, kind, amount, all_in)))
        if self._live > 1:
            self._actor = self._next_pending(seat + 1)
            if self._actor is not None:
                return
        self._close_round()
        self._advance()

    def _close_round(self) -> None:
        """End the betting round: return an uncalled bet, then go on (RULES 4.5-4.8)."""
        self._actor = None
        bets = self._bets
        top = max(bets)
        if top and bets.count(top) == 1:
            seat = bets.index(top)
            excess = top - sorted(bets)[-2]
            bets[seat] -= excess
            self._contrib[seat] -= excess
            if self._stacks[seat] == 0:
                self._able += 1
            self._stacks[seat] += excess
            self._events.append(BetReturned(seat, excess))
        self._street_done = True
        if self._live_count() == 1:
            self._settle()
            return
        if self._street is Street.RIVER or self._able <= 1:
            self._runout = len(self._board) < 5
            self._begin_showdown()
        else:
            self._go(Phase.DEALING)

    def _begin_showdown(self) -> None:
        """Showdown order: the last aggressor of the final round, else left of the button.

        RULES 6.7.
        """
        self._go(Phase.SHOWDOWN)
        self._pots = build_pots(self._contrib, self._folded, self._dead)
        live = [s for s in self._order if not self._folded[s]]
        aggressor = self._aggressor
        first = aggressor if aggressor is not None and not self._folded[aggressor] else live[0]
        start = live.index(first)
        self._to_show = live[start:] + live[:start]
        self._actor = self._to_show[0]

    def _showdown_step(self) -> bool:
        """Show or muck the next hand; False when waiting for a manual decision."""
        if not self._to_show:
            self._actor = None
            if len(self._board) < 5:
                self._go(Phase.DEALING)
            else:
                self._settle()
            return True
        seat = self._to_show[0]
        self._actor = seat
        if not self._auto_show:
            return False
        # RULES 6.7: all-in hands and the first hand are shown, a hand that can win is shown.
        if (
            self.show_all
            or self._runout
            or not self._shown
            or self._stacks[seat] == 0
            or self._can_win(seat)
        ):
            self._reveal(seat)
        else:
            self._to_show.remove(seat)
            self._folded_at_showdown(seat)
        return True

    def _reveal(self, seat: int) -> None:
        cards = self._known_hole(seat)
        # Shown before an all-in run-out, a hand is named once the board is out (PotAwarded).
        value = self._value(seat) if len(self._board) == 5 else 0
        self._shown[seat] = value
        text = describe(value) if value else ""
        self._to_show.remove(seat)
        self._events.append(Shown(seat, cards, text))

    def _folded_at_showdown(self, seat: int) -> None:
        self._events.append(Mucked(seat, tuple(self._hole[seat])))

    def _known_hole(self, seat: int) -> tuple[Card, Card]:
        first, second = self._hole[seat]
        if first is None or second is None:
            raise IllegalActionError(f"seat {seat}'s hole cards are unknown: name them to show")
        return first, second

    def _value(self, seat: int) -> int:
        value = self._values.get(seat)
        if value is None:
            board = self._board
            if len(board) < 5:
                return evaluate([*self._known_hole(seat), *board])
            first, second = self._known_hole(seat)
            value = self._values[seat] = evaluate7(first, second, *board)
        return value

    def _must_show(self, seat: int) -> str:
        """Why ``seat`` may not muck, or '' (RULES 6.7: all-in hands are always shown)."""
        if self._runout or self._stacks[seat] == 0:
            return "all-in hands are always shown"
        if not self._shown:
            return "the first hand of the showdown must be shown"
        others = set(self._to_show) - {seat}
        for pot in self._pots:
            if seat in pot.eligible and not any(
                s in self._shown or s in others for s in pot.eligible if s != seat
            ):
                return "nobody else can win a pot it is in"
        return ""

    def _can_win(self, seat: int) -> bool:
        """Whether ``seat`` could beat or tie every shown hand of some pot it is in."""
        value = self._value(seat)
        for pot in self._pots:
            if seat not in pot.eligible:
                continue
            shown = [self._shown[s] for s in pot.eligible if s in self._shown]
            if not shown or value >= max(shown):
                return True
        return False

    def _settle(self) -> None:
        """Award every pot, last side pot first (RULES 6.5), and end the hand."""
        n = self.seats
        payouts = [0] * n
        pots = self._pots or build_pots(self._contrib, self._folded, self._dead)
        results: list[PotResult] = []
        live = [s for s in range(n) if not self._folded[s]]
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            if len(live) == 1:
                winners: tuple[int, ...] = (live[0],)
                text = ""
            else:
                contenders = {s: self._value(s) for s in pot.eligible if s in self._shown}
                winners = winners_of(pot, contenders)
                text = describe(contenders[winners[0]])
            shares = split(pot.amount, winners=winners, button=self.button, seats=n)
            for seat, share in zip(winners, shares, strict=True):
                payouts[seat] += share
            self._events.append(PotAwarded(index, pot.amount, pot.eligible, winners, shares, text))
            results.append(PotResult(pot.amount, pot.eligible, winners, shares, text))
        for seat in range(n):
            self._stacks[seat] += payouts[seat]
        self._bets = [0] * n
        results.reverse()
        self._result = HandResult(tuple(results), tuple(payouts), tuple(self._stacks))
        self._events.append(HandEnded(tuple(self._stacks)))
        self._actor = None
        self._go(Phase.SETTLED)

    # ------------------------------------------------------------- internals

    def _legal(self, seat: int) -> Legal:
        cached = self._legal_cache
        if cached is not None and cached.seat == seat:
            return cached
        legal = self._legal_cache = self._compute_legal(seat)
        return legal

    def _compute_legal(self, seat: int) -> Legal:
        stack = self._stacks[seat]
        mine = self._bets[seat]
        current = self._current
        to_call = current - mine
        call = (to_call if to_call < stack else stack) if to_call > 0 else None
        lo = hi = None
        if stack > to_call and self._may_raise(seat):
            everything = mine + stack
            if self._fixed:
                lo = hi = min(self._full_level + self._bet_size, everything)
            else:
                lo = current + self._increment
                if lo > everything:
                    lo = everything
                if self._no_limit:
                    hi = everything
                else:
                    hi = min(current + sum(self._contrib) + self._dead + to_call, everything)
                    lo = min(lo, hi)
        return _make(Legal, (seat, to_call > 0, to_call <= 0, call, lo, hi, current == 0))

    def _may_raise(self, seat: int) -> bool:
        """Raise rights: someone able to respond, the cap, short all-ins (RULES 5.2, 5.6)."""
        if not self._others_able(seat):
            return False
        cap = self.rules.cap
        capped = self._fixed and cap is not None and self._bet_count >= cap
        if capped and not (self.rules.uncapped_heads_up and self._live == 2):
            return False
        if not self._acted[seat]:
            return True
        return self._current - self._matched[seat] >= self._reopen_size()

    def _reopen_size(self) -> int:
        """How much more than a player matched reopens the betting for them (RULES 5.6)."""
        if self._fixed:
            return (self._bet_size + 1) // 2
        return self._increment

    def _raise(self, seat: int, amount: int, legal: Legal, verb: str) -> None:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalActionError(
                f"seat {seat} cannot {verb} {amount!r}: amounts are whole chips"
            )
        if legal.min_raise_to is None or legal.max_raise_to is None:
            raise IllegalActionError(
                f"seat {seat} cannot {verb} {amount}: {self._no_raise_reason(seat)}; legal: "
                + _describe_legal(legal)
            )
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if not lo <= amount <= hi:
            noun = "bet" if legal.bet else "raise"
            where = "minimum bet is" if legal.bet else "minimum raise is to"
            msg = f"seat {seat} cannot {verb} {amount}: the {where} {lo} and the maximum is {hi}"
            if lo == hi:
                msg = f"seat {seat} cannot {verb} {amount}: the only {noun} is to {lo}"
            raise IllegalActionError(msg)
        raise_size = amount - self._current
        if self._fixed:
            full = 2 * (amount - self._full_level) >= self._bet_size
        else:
            full = raise_size >= self._increment
            if full:
                self._increment = raise_size
        if full:
            self._full_level = amount
            self._bet_count += 1
        kind = ActionKind.BET if self._current == 0 else ActionKind.RAISE
        self._current = amount
        self._aggressor = seat
        self._put(seat, amount - self._bets[seat])
        self._record(seat, kind, amount)

    def _no_raise_reason(self, seat: int) -> str:
        rules = self.rules
        if self._stacks[seat] <= self._current - self._bets[seat]:
            return "the stack does not cover more than a call"
        if not self._others_able(seat):
            return "nobody else has chips to answer a raise"
        if (
            rules.structure is Structure.FIXED_LIMIT
            and rules.cap is not None
            and self._bet_count >= rules.cap
        ):
            return f"the betting is capped at {rules.cap} bets"
        return "a short all-in did not reopen the betting for a player who has acted"

    def _others_able(self, seat: int) -> bool:
        """Whether another player could answer a raise: chips beyond the current bet."""
        current, folded, stacks, bets = self._current, self._folded, self._stacks, self._bets
        for s in range(self.seats):
            if s != seat and stacks[s] and not folded[s] and bets[s] + stacks[s] > current:
                return True
        return False

    def _responders(self) -> int:
        current, folded, stacks, bets = self._current, self._folded, self._stacks, self._bets
        count = 0
        for s in range(self.seats):
            if stacks[s] and not folded[s] and bets[s] + stacks[s] > current:
                count += 1
        return count

    def _take(self, seat: int, amount: int) -> None:
        """Chips from a stack that are not a bet (antes, dead blinds)."""
        if amount and self._stacks[seat] == amount:
            self._able -= 1
        self._stacks[seat] -= amount

    def _put(self, seat: int, amount: int) -> None:
        if amount and self._stacks[seat] == amount:
            self._able -= 1
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._contrib[seat] += amount

    def _next_pending(self, start: int) -> int | None:
        """The first seat from ``start`` clockwise that still has to act (RULES 4.5)."""
        n = self.seats
        current = self._current
        folded, stacks, bets, acted = self._folded, self._stacks, self._bets, self._acted
        others: bool | None = None
        for i in range(n):
            s = (start + i) % n
            if folded[s] or stacks[s] == 0:
                continue
            if bets[s] < current:
                return s
            if not acted[s]:
                # A player who has matched still acts if a raise could be answered.
                if others is None:
                    others = self._responders() > 1
                if others:
                    return s
        return None

    def _live_count(self) -> int:
        return self._live

    def _hole_complete(self) -> bool:
        return self._hole_count == 2 * self.seats

    def _next_board_street(self) -> Street:
        size = len(self._board)
        return Street.FLOP if size == 0 else Street.TURN if size == 3 else Street.RIVER

    def _check_posts(
        self,
        blind_seats: tuple[int | None, int] | None,
        live: Mapping[int, int],
        dead: Mapping[int, int],
    ) -> None:
        n = self.seats
        if blind_seats is not None:
            try:
                small, big = blind_seats
            except (TypeError, ValueError):
                raise RulesError(
                    f"blind_seats {blind_seats!r} must be (small blind seat or None,"
                    " big blind seat)"
                ) from None
            for name, seat in (("small blind", small), ("big blind", big)):
                if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n):
                    raise RulesError(f"{name} seat {seat!r} must be a seat from 0 to {n - 1}")
            if small == big:
                raise RulesError(f"seat {big} cannot post both blinds")
        for name, posts in (("live blind", live), ("dead blind", dead)):
            for seat, amount in posts.items():
                if not isinstance(seat, int) or not 0 <= seat < n:
                    raise RulesError(f"{name} seat {seat!r} must be a seat from 0 to {n - 1}")
                if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                    raise RulesError(
                        f"{name} {amount!r} of seat {seat} must be whole chips, 0 or more"
                    )

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )

    def _check_unseen(self, cards: Iterable[Card | None]) -> None:
        seen = {c for h in self._hole for c in h if c is not None} | set(self._board)
        new = [c for c in cards if c is not None]
        for card in new:
            if card in seen:
                raise CardError(f"card {card} is already in play: a card cannot be dealt twice")
            seen.add(card)

    def _turn(self, seat: int | None, what: str) -> int:
        actor = self._actor
        if self._phase is Phase.BETTING and actor is not None and (seat is None or seat == actor):
            return actor
        if self._phase is Phase.SETTLED:
            raise HandFinishedError(f"cannot {what}: the hand is over")
        if self._phase is not Phase.BETTING or self._actor is None:
            raise IllegalActionError(f"cannot {what} now: the hand awaits {self.awaiting}")
        if seat is not None and seat != self._actor:
            self._check_seat(seat)
            raise OutOfTurnError(f"seat {seat} cannot {what}: it is seat {self._actor}'s turn")
        return self._actor

    def _show_turn(self, seat: int | None, what: str) -> int:
        if self._phase is Phase.SETTLED:
            raise HandFinishedError(f"cannot {what}: the hand is over")
        if self._phase is not Phase.SHOWDOWN or self._actor is None:
            raise IllegalActionError(f"cannot {what} now: the hand awaits {self.awaiting}")
        if self._auto_show:
            raise IllegalActionError(f"cannot {what}: this hand shows down by itself")
        if seat is not None and seat != self._actor:
            self._check_seat(seat)
            raise OutOfTurnError(f"seat {seat} cannot {what}: seat {self._actor} shows first")
        return self._actor


def _describe_legal(legal: Legal) -> str:
    return ", ".join(legal.options())
