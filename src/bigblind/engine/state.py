"""The mutable state of one hand, shared by the modules that apply its rules.

A :class:`~bigblind.engine.hand.Hand` owns one :class:`HandState` and hands
it to the functions of :mod:`~bigblind.engine.betting` (RULES 4-5),
:mod:`~bigblind.engine.dealing` (RULES 1.3, 2, 3) and
:mod:`~bigblind.engine.showdown` (RULES 6). Nothing outside the engine
reads it: the hand's queries copy what they return.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Final

from bigblind.cards import Card
from bigblind.deck import Deck
from bigblind.engine.events import Event, HandStarted, Street
from bigblind.engine.pots import Pot
from bigblind.engine.records import HandResult, HandView, Legal, Phase, PotResult, RunResult
from bigblind.engine.rules import Rules, Structure
from bigblind.engine.views import HOUSE, Viewer, visible_events
from bigblind.evaluation.games import HoleUse, Ranking

__all__ = ["MAX_PLAYERS", "HandState", "RawAward", "RawEvent", "RawRun"]

RawEvent = tuple[Any, ...]
"""An event as the engine logs it: its class, then its fields in order."""
RawAward = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], str, str]
"""A pot's award as logged: amount, eligible seats, winners, their shares, the winning
hand, and the half ('' for the whole pot, 'high' or 'low' in a split game)."""
RawRun = tuple[tuple[Card, ...], list[RawAward], list[int]]
"""What one run of the board won, as logged: its board, each pot's award (main pot
first) and each seat's winnings."""

# Enum members as module constants: reading one off its class is a slow lookup in
# Python, and these are read on every action.
_BETTING: Final = Phase.BETTING
_DEALING: Final = Phase.DEALING
_SETTLED: Final = Phase.SETTLED
_SHOWDOWN: Final = Phase.SHOWDOWN
_FLOP: Final = Street.FLOP
_PREFLOP: Final = Street.PREFLOP
_RIVER: Final = Street.RIVER
_TURN: Final = Street.TURN
_FIXED_LIMIT: Final = Structure.FIXED_LIMIT
_NO_LIMIT: Final = Structure.NO_LIMIT
_HAND_STARTED: Final = HandStarted  # compiled, a constant is read without a lookup
_ANY: Final = HoleUse.ANY
_STANDARD: Final = Ranking.STANDARD

# An event is built from its logged fields straight, skipping the named tuple's
# constructor, which is a Python function in both forms.
_make: Final = tuple.__new__

MAX_PLAYERS: Final = 23  # RULES 1.3


class HandState:
    """Every changing fact of a hand: chips, cards, whose turn, the betting round.

    The lists are indexed by seat. ``order`` is the seats from left of the
    button round to the button (RULES 3.1, 4.3).
    """

    __slots__ = (
        "able",
        "acpc",
        "acted",
        "actor",
        "aggressor",
        "auto_deal",
        "auto_show",
        "bet_count",
        "bet_size",
        "bets",
        "board",
        "button",
        "contrib",
        "current",
        "dead",
        "deck",
        "first_preflop",
        "fixed",
        "folded",
        "full_level",
        "game",
        "high",
        "hole",
        "hole_count",
        "hole_size",
        "increment",
        "killed",
        "legal_cache",
        "live",
        "log",
        "lows",
        "made",
        "matched",
        "no_limit",
        "offer_runs",
        "order",
        "phase",
        "pots",
        "result",
        "rules",
        "run_results",
        "runout",
        "runout_from",
        "runs",
        "runs_chosen",
        "seats",
        "second_board",
        "seen_by",
        "show_all",
        "shown",
        "split",
        "stacks",
        "start",
        "street",
        "street_done",
        "to_show",
        "values",
    )

    def __init__(
        self,
        rules: Rules,
        stacks: tuple[int, ...],
        *,
        button: int,
        deck: Deck | None,
        auto_deal: bool,
        auto_show: bool,
        show_all: bool,
        offer_runs: bool = False,
    ) -> None:
        n = len(stacks)
        self.rules = rules
        structure = rules.structure
        self.fixed = structure is _FIXED_LIMIT
        self.no_limit = structure is _NO_LIMIT
        self.acpc = rules.acpc_raises  # the ACPC server's raises, not RULES 5.6
        self.bet_size = rules.small_bet  # the fixed-limit bet of this round
        game = self.game = rules.game
        self.hole_size = game.hole_cards
        # The game values hands (RULES 11); the engine reads only its data. Seven cards
        # of the standard ranking, any of them used, take the seven-card evaluator
        # directly (``high`` None): the fast path of hold'em.
        self.high: Callable[[Collection[int], Collection[int]], int] | None = (
            None
            if game.uses is _ANY and game.ranking is _STANDARD and game.hole_cards == 2
            else game.value_high
        )
        self.split = game.split  # pots halved between high and low (RULES 11.2)
        self.lows: dict[int, int | None] = {}  # each shown seat's low, in a split game
        self.button = button
        self.seats = n
        self.show_all = show_all
        self.auto_deal = auto_deal
        self.auto_show = auto_show
        self.deck = deck
        self.start = stacks
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.contrib = [0] * n
        self.dead = 0  # chips in the main pot that are nobody's contribution
        self.folded = [False] * n
        self.acted = [False] * n
        self.matched = [0] * n  # each seat's bet when it last acted (RULES 5.6)
        self.hole: list[list[Card | None]] = [[] for _ in range(n)]
        self.hole_count = 0
        self.board: list[Card] = []
        # Events are logged as plain tuples and built when first read (:meth:`events`):
        # simulations play hands nobody reads, and a named tuple costs several plain ones.
        self.log: list[RawEvent] = [(_HAND_STARTED, stacks, button)]
        self.made: list[Event] = []
        self.seen_by: dict[Viewer, list[Event]] = {}  # each viewer's events, as made
        self.order = [(button + 1 + i) % n for i in range(n)]
        self.phase = _DEALING
        self.street = _PREFLOP
        self.actor: int | None = None
        self.current = 0  # the bet to match this round
        self.increment = 0  # the last full raise (RULES 5.4)
        self.full_level = 0  # the bet as of the last full bet or raise (RULES 5.6)
        self.bet_count = 0
        self.aggressor: int | None = None
        self.runout = False  # betting ended with players all-in (RULES 4.7)
        self.runout_from = 0  # board cards out when it did
        self.offer_runs = offer_runs  # wait for the choice of runs then (RULES 10.3)
        self.runs = 1
        self.runs_chosen = False
        self.second_board: list[Card] = []  # the second run's board, shared cards included
        self.street_done = False
        self.first_preflop = 0  # the last forced bettor: action starts left of it
        self.to_show: list[int] = []
        self.shown: dict[int, int] = {}
        self.pots: list[Pot] = []
        self.result: HandResult | None = None  # built from run_results when first read
        self.run_results: list[RawRun] = []
        # The actor's legal actions once asked for; every change of turn or of the bets
        # resets it, so a cached value is always the actor's and always current.
        self.legal_cache: Legal | None = None
        self.able = n  # seats not folded with chips behind
        self.live = n  # seats not folded
        self.values: dict[int, int] = {}
        self.killed: frozenset[int] = frozenset()  # dead hands (RULES 9.2)

    def take(self, seat: int, amount: int) -> None:
        """Chips from a stack that are not a bet (antes, dead blinds)."""
        if amount and self.stacks[seat] == amount:
            self.able -= 1
        self.stacks[seat] -= amount

    def put(self, seat: int, amount: int) -> None:
        """Chips from a stack into the seat's bet."""
        if amount and self.stacks[seat] == amount:
            self.able -= 1
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.contrib[seat] += amount

    def next_board_street(self) -> Street:
        """The street the next board cards belong to (in the second run once the first is out)."""
        size = len(self.board)
        if size == 5 and self.runs == 2:
            size = len(self.second_board)
        return _FLOP if size == 0 else _TURN if size == 3 else _RIVER

    def can_run_twice(self) -> bool:
        """Whether the board may now be run twice (RULES 10.3): betting ended all-in
        before the river, no card of the run-out is out, no choice made, cards enough."""
        if not self.runout or self.runs_chosen or self.phase is _SETTLED:
            return False
        size = len(self.board)
        if size != self.runout_from:
            return False
        deck = self.deck
        if deck is not None:
            left = deck.remaining
        else:
            left = len(self.game.deck) - self.hole_size * self.seats - size
        return left >= 2 * (5 - size)

    def awaits_runs(self) -> bool:
        """Whether the hand stops for the choice of one run or two."""
        return self.offer_runs and self.phase is _DEALING and self.can_run_twice()

    def awaiting(self) -> str | None:
        """What the hand waits for: 'action', 'hole cards', 'flop', 'turn', 'river', 'show'
        or 'runs' (the choice of running the board once or twice)."""
        phase = self.phase
        if phase is _BETTING:
            return "action"
        if phase is _SHOWDOWN:
            return "show"
        if phase is _DEALING:
            if self.street is _PREFLOP and not self.hole_complete():
                return "hole cards"
            if self.awaits_runs():
                return "runs"
            return self.next_board_street().label
        return None

    def events(self) -> list[Event]:
        """Every event so far, oldest first, built from the log where not built yet."""
        made, log = self.made, self.log
        for index in range(len(made), len(log)):
            raw = log[index]
            made.append(_make(raw[0], raw[1:]))
        return made

    def visible(self, viewer: Viewer) -> tuple[Event, ...]:
        """Every event so far as ``viewer`` sees it (:func:`~bigblind.engine.views.visible_events`),
        each event read once for each viewer however often its view is asked for."""
        events = self.events()
        if viewer == HOUSE:
            return tuple(events)
        seen = self.seen_by.setdefault(viewer, [])
        seen.extend(visible_events(events[len(seen) :], viewer))
        return tuple(seen)

    def hand_result(self) -> HandResult | None:
        """The outcome once the hand is settled, built from what each run won."""
        result = self.result
        if result is None and self.phase is _SETTLED:
            runs = tuple(
                RunResult(board, tuple(PotResult(*pot) for pot in pots), tuple(payouts))
                for board, pots, payouts in self.run_results
            )
            n = self.seats
            payouts = tuple(sum(run.payouts[seat] for run in runs) for seat in range(n))
            pots = tuple(pot for run in runs for pot in run.pots)
            result = self.result = HandResult(pots, payouts, tuple(self.stacks), runs)
        return result

    def view(self, seat: int, legal: Legal | None) -> HandView:
        """What ``seat`` may see: its own cards, shown cards, the public state (RULES 3.4)."""
        board = tuple(self.board)
        return HandView(
            seat=seat,
            button=self.button,
            phase=self.phase,
            street=self.street,
            hole=tuple(self.hole[seat]),
            board=board,
            stacks=tuple(self.stacks),
            bets=tuple(self.bets),
            folded=tuple(self.folded),
            pot=sum(self.contrib) + self.dead,
            actor=self.actor,
            legal=legal,
            events=self.visible(seat),
            boards=(board, tuple(self.second_board)) if self.runs == 2 else (board,),
            game=self.game,
        )

    def hole_complete(self) -> bool:
        """Whether every seat holds its hole cards (two in hold'em, RULES 3.1, 11.1)."""
        return self.hole_count == self.hole_size * self.seats
