"""What a hand shows without changing it: the queries of :class:`~bigblind.engine.hand.Hand`.

:class:`HandQueries` is the read-only half of a hand, apart from the actions
and the phase table in :mod:`~bigblind.engine.hand`. No query changes the hand
(every tuple handed out is a copy), so a view, a log or a bot may ask freely.
What a seat, a spectator or the house may see is decided in
:mod:`~bigblind.engine.views`: :meth:`HandQueries.view` and
:meth:`HandQueries.seen` build on it.
"""

from __future__ import annotations

from typing import Final

from bigblind.cards import Card, format_cards
from bigblind.engine import betting as _betting
from bigblind.engine import showdown as _showdown
from bigblind.engine.events import Event, Street
from bigblind.engine.pots import Pot, build_pots
from bigblind.engine.records import HandResult, HandView, Legal, Phase
from bigblind.engine.rules import Rules
from bigblind.engine.state import HandState
from bigblind.engine.views import SeenHand, check_viewer
from bigblind.errors import IllegalActionError

__all__ = ["HandQueries"]

# Enum members as module constants: reading one off its class is a slow lookup.
_BETTING: Final = Phase.BETTING
_SHOWDOWN: Final = Phase.SHOWDOWN
_SETTLED: Final = Phase.SETTLED


class HandQueries:
    """The queries of a hand; :class:`~bigblind.engine.hand.Hand` adds the actions."""

    __slots__ = ("_state", "bomb_pot", "button", "rules", "seats", "show_all")

    _state: HandState
    rules: Rules
    button: int
    seats: int
    show_all: bool
    bomb_pot: int

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand so far, oldest first."""
        return tuple(self._state.events())

    @property
    def phase(self) -> Phase:
        """The phase the hand is in."""
        return self._state.phase

    @property
    def street(self) -> Street:
        """The current (or last) betting round."""
        return self._state.street

    @property
    def actor(self) -> int | None:
        """The seat to act (to bet, or to show or muck), or None."""
        return self._state.actor

    @property
    def awaiting(self) -> str | None:
        """What the hand waits for: 'action', 'hole cards', 'flop', 'turn', 'river', 'show',
        'runs' (:meth:`run_twice` or :meth:`run_once`), or None once it is over."""
        return self._state.awaiting()

    @property
    def finished(self) -> bool:
        """Whether every pot has been awarded."""
        return self._state.phase is _SETTLED

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, not counting what is in front or in the pots."""
        return tuple(self._state.stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks the hand began with."""
        return self._state.start

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips in front of each seat in this betting round."""
        return tuple(self._state.bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """All chips each seat has put in this hand (antes included when they count)."""
        return tuple(self._state.contrib)

    @property
    def pot(self) -> int:
        """Every chip in the middle, bets in front of the players included."""
        return sum(self._state.contrib) + self._state.dead

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded."""
        return tuple(self._state.folded)

    @property
    def dead_hands(self) -> frozenset[int]:
        """The seats whose hand was declared dead (RULES 9.2); they count as folded too."""
        return self._state.killed

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._state.board)

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Each run's board (RULES 10.3): ``(board,)``, or two boards in a hand run twice."""
        state = self._state
        if state.runs == 2:
            return (tuple(state.board), tuple(state.second_board))
        return (tuple(state.board),)

    @property
    def can_run_twice(self) -> bool:
        """Whether the rest of the board may be run twice now (RULES 10.3).

        True once the betting has ended with players all-in before the river,
        until the first card of the run-out or a choice; False when too few
        cards are left for two runs.
        """
        return self._state.can_run_twice()

    def hole(self, seat: object) -> tuple[Card | None, ...]:
        """The hole cards of ``seat`` as the house sees them (None where unknown)."""
        return tuple(self._state.hole[self._check_seat(seat)])

    @property
    def legal(self) -> Legal | None:
        """The legal actions of the player to act, or None when nobody is to bet."""
        state = self._state
        cached = state.legal_cache  # asked once or more each turn: answered once
        if cached is not None:
            return cached
        actor = state.actor
        if state.phase is not _BETTING or actor is None:
            return None
        legal = state.legal_cache = _betting.compute_legal(state, actor)
        return legal

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots as they stand (main pot first)."""
        state = self._state
        if state.pots:
            return tuple(state.pots)
        all_in = [stack == 0 for stack in state.stacks]
        return tuple(build_pots(state.contrib, state.folded, state.dead, all_in=all_in))

    @property
    def result(self) -> HandResult | None:
        """The outcome once the hand is settled, else None."""
        return self._state.hand_result()

    def view(self, seat: object) -> HandView:
        """What ``seat`` may see: its own cards, shown cards, the public state (RULES 3.4),
        its events as :func:`~bigblind.engine.views.visible_event` shows them."""
        s = self._check_seat(seat)
        state = self._state
        return state.view(s, self.legal if state.actor == s else None)

    def seen(self, viewer: object) -> SeenHand:
        """The hand so far as ``viewer`` sees it: a seat, None (a spectator) or
        :data:`~bigblind.engine.views.HOUSE` (every card, RULES 3.4, 6.7, 6.8).

        >>> from bigblind import Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=3))
        >>> hand.seen(0).hole(0) == hand.hole(0), hand.seen(0).hole(1), hand.seen(None).hole(0)
        (True, (None, None), (None, None))
        >>> hand.seen("house").hole(1) == hand.hole(1)
        True
        """
        who = check_viewer(viewer, self.seats)
        state = self._state
        return SeenHand(
            viewer=who,
            rules=self.rules,
            seats=self.seats,
            button=self.button,
            starting_stacks=state.start,
            events=state.visible(who),
            result=state.hand_result(),
            finished=state.phase is _SETTLED,
            awaiting=state.awaiting(),
            bomb_pot=self.bomb_pot,
        )

    def __repr__(self) -> str:
        state = self._state
        board = format_cards(state.board) or "-"
        return (
            f"<Hand {self.rules.structure.value} {self.seats} players, {state.phase.value}, "
            f"{state.street.label}, board {board}, pot {self.pot}, actor {state.actor}>"
        )

    @property
    def can_muck(self) -> bool:
        """Manual showdown: whether the rules let the seat due to show muck (RULES 6.7).

        False for an all-in hand or after betting ended all-in, for the first hand
        of the showdown, and when nobody else can win a pot the hand is in.
        """
        state = self._state
        if state.phase is not _SHOWDOWN or state.actor is None:
            return False
        return _showdown.can_muck(state, state.actor)

    @property
    def may_muck(self) -> bool:
        """Manual showdown: whether the seat due to show may muck, its hand unable to win
        (RULES 6.7); False when it must show or could win."""
        state = self._state
        if state.phase is not _SHOWDOWN or state.actor is None:
            return False
        return _showdown.may_muck(state, state.actor)

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is one of this hand's seats, else an error naming the seats."""
        if type(seat) is not int or not 0 <= seat < self.seats:  # True is no seat 1
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        return seat
