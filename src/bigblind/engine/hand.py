"""One hand of Texas Hold'em, played exactly by the rules (RULES 2-7).

The hand moves through its phases by one transition table (``_NEXT``); each
phase's rules sit in their own module: :mod:`~bigblind.engine.dealing`
(forced bets, cards, burns), :mod:`~bigblind.engine.betting` (turns, legal
actions, raise sizes) and :mod:`~bigblind.engine.showdown` (showing, pots).
Every change is an event appended to ``hand.events``; queries never change
anything, and an illegal action raises a
:class:`~bigblind.errors.IllegalActionError` and leaves the hand as it was.

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

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from bigblind.cards import Card, Deck, format_cards
from bigblind.engine import betting as _betting
from bigblind.engine import dealing as _dealing
from bigblind.engine import showdown as _showdown
from bigblind.engine.events import Event, Street
from bigblind.engine.pots import Pot, build_pots
from bigblind.engine.records import HandResult, HandView, Legal, Phase, PotResult
from bigblind.engine.rules import Rules
from bigblind.engine.state import MAX_PLAYERS, HandState
from bigblind.errors import HandFinishedError, IllegalActionError

__all__ = ["MAX_PLAYERS", "Hand", "HandResult", "HandView", "Legal", "Phase", "PotResult"]


# The one place that says which phase may follow which. Each phase's step (``_advance``)
# names the phase that follows; entering a phase runs its opening (``_go``).
_NEXT: Final[dict[Phase, frozenset[Phase]]] = {
    Phase.DEALING: frozenset({Phase.BETTING, Phase.SETTLED}),
    Phase.BETTING: frozenset({Phase.DEALING, Phase.SHOWDOWN, Phase.SETTLED}),
    Phase.SHOWDOWN: frozenset({Phase.DEALING, Phase.SETTLED}),
    Phase.SETTLED: frozenset(),
}
# Enum members as module constants: reading one off its class is a slow lookup in
# Python, and these are read on every step.
_DEALING: Final = Phase.DEALING
_BETTING: Final = Phase.BETTING
_SHOWDOWN: Final = Phase.SHOWDOWN
_SETTLED: Final = Phase.SETTLED
_PREFLOP: Final = Street.PREFLOP


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

    Run it twice (RULES 10.3): when the betting ends with players all-in
    before the river, :attr:`can_run_twice` says whether the rest of the
    board may be dealt twice; :meth:`run_twice` does so (the players agreed),
    :meth:`run_once` declines. With ``offer_run_twice=True`` the hand stops
    there (``awaiting == 'runs'``) until one of them is called; a hand dealt
    by hand may be told before the first card of the run-out.
    """

    __slots__ = ("_state", "button", "rules", "seats", "show_all")

    # Arguments the engine checks itself are typed ``object``: compiled by mypyc, a
    # parameter typed ``int`` would raise TypeError for a wrong type before the engine
    # could refuse it in its own words (RulesError, IllegalActionError), as Python does.

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        button: object = 0,
        deck: Deck | None = None,
        dealing: object = "auto",
        showdown: object = "auto",
        show_all: object = False,
        offer_run_twice: object = False,
        blind_seats: object = None,
        live_blinds: Mapping[int, int] | None = None,
        dead_blinds: Mapping[int, int] | None = None,
    ) -> None:
        n = len(stacks)
        seat = _dealing.check_setup(stacks, button, dealing, showdown, deck)
        show_all = _dealing.check_flag("show_all", show_all)
        offer_runs = _dealing.check_flag("offer_run_twice", offer_run_twice)
        self.rules = rules
        self.button = seat
        self.seats = n
        self.show_all = show_all
        auto_deal = dealing == "auto"
        self._state = state = HandState(
            rules,
            tuple(stacks),
            button=seat,
            deck=(deck or Deck()) if auto_deal else None,
            auto_deal=auto_deal,
            auto_show=showdown == "auto",
            show_all=show_all,
            offer_runs=offer_runs,
        )
        live = dict(live_blinds) if live_blinds else {}
        dead = dict(dead_blinds) if dead_blinds else {}
        blinds = None
        if blind_seats is not None or live or dead:
            blinds = _dealing.check_posts(n, blind_seats, live, dead)
        _dealing.post_forced(state, blinds, live, dead)
        self._advance()

    # ----------------------------------------------------------------- queries

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand so far, oldest first."""
        return tuple(self._state.events)

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
        return self._state.result

    def view(self, seat: object) -> HandView:
        """What ``seat`` may see: its own cards, shown cards, the public state (RULES 3.4)."""
        s = self._check_seat(seat)
        state = self._state
        return state.view(s, self.legal if state.actor == s else None)

    def __repr__(self) -> str:
        state = self._state
        board = format_cards(state.board) or "-"
        return (
            f"<Hand {self.rules.structure.value} {self.seats} players, {state.phase.value}, "
            f"{state.street.label}, board {board}, pot {self.pot}, actor {state.actor}>"
        )

    # ----------------------------------------------------------------- actions

    def fold(self, *, seat: object = None) -> None:
        """Fold (only when facing a bet, RULES 4.4)."""
        state = self._state
        _betting.fold(state, _betting.turn(state, seat, "fold"))
        if state.actor is None:
            self._advance()

    def check(self, *, seat: object = None) -> None:
        """Check (only when there is nothing to call)."""
        state = self._state
        _betting.check(state, _betting.turn(state, seat, "check"))
        if state.actor is None:
            self._advance()

    def call(self, *, seat: object = None) -> None:
        """Call the current bet, all-in for less if the stack is short (RULES 5.5)."""
        state = self._state
        _betting.call(state, _betting.turn(state, seat, "call"))
        if state.actor is None:
            self._advance()

    def check_or_call(self, *, seat: object = None) -> None:
        """Check if free, else call."""
        state = self._state
        s = _betting.turn(state, seat, "check or call")
        if state.current > state.bets[s]:
            _betting.call(state, s)
        else:
            _betting.check(state, s)
        if state.actor is None:
            self._advance()

    def bet(self, amount: object, *, seat: object = None) -> None:
        """Bet ``amount`` when nobody has bet this round."""
        state = self._state
        _betting.bet(state, _betting.turn(state, seat, "bet"), amount)
        if state.actor is None:
            self._advance()

    def raise_to(self, amount: object, *, seat: object = None) -> None:
        """Bet, or raise to a total of ``amount`` for this round."""
        state = self._state
        s = _betting.turn(state, seat, "raise")
        _betting.raise_to(state, s, amount, "bet" if state.current == 0 else "raise to")
        if state.actor is None:
            self._advance()

    def all_in(self, *, seat: object = None) -> None:
        """Put in the whole stack: a call for less or as much, or a bet or raise (RULES 5.5)."""
        state = self._state
        _betting.all_in(state, _betting.turn(state, seat, "go all-in"))
        if state.actor is None:
            self._advance()

    def act(self, action: object, *, seat: object = None) -> None:
        """Act from text: 'fold', 'check', 'call', 'bet 6', 'raise 6' (to 6), 'all-in'.

        Text that is no action is refused like an illegal one, naming the seat
        and what it may do.

        >>> from bigblind import Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=1))
        >>> hand.act("raise 6"); hand.act("call"); hand.street.label
        'flop'
        >>> hand.act("bet -5")
        Traceback (most recent call last):
        ...
        bigblind.errors.IllegalActionError: cannot read action 'bet -5' of seat 1: accepted are ...
        """
        state = self._state
        _betting.act(state, _betting.turn(state, seat, "act"), action)
        if state.actor is None:
            self._advance()

    # ------------------------------------------------------- dealing and showing

    def deal_hole(self, seat: object, cards: str | Iterable[str | int] | None) -> None:
        """Manual dealing: give ``seat`` one or two hole cards (None: two unknown cards)."""
        s = self._check_seat(seat)
        state = self._state
        if state.auto_deal:
            raise IllegalActionError("this hand deals its own cards (dealing='auto')")
        if state.phase is not _DEALING or state.street is not _PREFLOP:
            raise IllegalActionError(
                f"hole cards cannot be dealt now: the hand awaits {state.awaiting()}"
            )
        _dealing.deal_hole(state, s, cards)
        self._advance()

    def deal_board(self, cards: str | Iterable[str | int]) -> None:
        """Manual dealing: turn over the flop (three cards), the turn or the river (one)."""
        state = self._state
        if state.auto_deal:
            raise IllegalActionError("this hand deals its own cards (dealing='auto')")
        if state.phase is not _DEALING or state.awaiting() in ("hole cards", "runs"):
            raise IllegalActionError(
                f"the board cannot be dealt now: the hand awaits {state.awaiting()}"
            )
        _dealing.deal_board(state, cards)
        self._advance()

    def show(self, cards: str | Iterable[str | int] | None = None, *, seat: object = None) -> None:
        """Manual showdown: the seat due to show turns its cards face up.

        After an all-in (RULES 4.7) every hand is turned up at once, so any seat
        still to show may (RULES 6.7); after the river the order is kept.
        """
        state = self._state
        _showdown.show(state, _showdown.show_turn(state, seat, "show"), cards)
        self._advance()

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

    def muck(self, *, seat: object = None) -> None:
        """Manual showdown: the seat due to show throws its hand away unshown."""
        state = self._state
        _showdown.muck(state, _showdown.show_turn(state, seat, "muck"))
        self._advance()

    def kill(self, seat: object, reason: object = "") -> None:
        """Declare ``seat``'s hand dead at once, in any phase and out of turn (RULES 9.2).

        A dead hand wins nothing and is skipped for acting and showing; every
        chip it put in stays in the pots, a bet it made included (the others
        still call it, raise or fold). One player left ends the hand as
        RULES 4.6 says. Recorded as ``HandKilled(seat, reason)``.

        >>> from bigblind import Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100] * 3, deck=Deck.shuffled(seed=1))
        >>> hand.call(); hand.call(); hand.check()
        >>> hand.kill(1, "found holding three cards")
        >>> hand.actor, hand.folded, hand.dead_hands, hand.pot
        (2, (False, True, False), frozenset({1}), 6)
        >>> hand.check(); hand.kill(2)
        >>> hand.finished, hand.result.payouts
        (True, (6, 0, 0))
        """
        s = self._check_seat(seat)
        state = self._state
        if state.phase is _SETTLED:
            raise HandFinishedError(f"cannot kill seat {s}'s hand: the hand is over")
        if s in state.killed:
            raise IllegalActionError(f"seat {s}'s hand is already dead")
        if state.folded[s]:
            raise IllegalActionError(f"seat {s} has folded: it has no hand to kill")
        if not isinstance(reason, str):
            raise IllegalActionError(f"the reason {reason!r} must be text")
        _showdown.kill(state, s, reason)
        phase = state.phase
        if phase is _BETTING:
            _betting.pass_turn(state)
        elif state.live == 1:
            self._go(_SETTLED)  # RULES 4.6: the last player wins at once
            return
        elif phase is _SHOWDOWN:
            state.actor = state.to_show[0] if state.to_show else None
        self._advance()

    def run_twice(self) -> None:
        """Deal the rest of the board twice and split every pot between the runs (RULES 10.3).

        The table calls it when every player still in agreed. Events: ``RunsAgreed(2)``,
        the first run's ``Burned``/``BoardDealt``, the second run's
        ``Burned``/``RunBoardDealt(2, ...)``, then each half pot's ``PotAwarded`` with
        ``run`` 1 or 2.

        >>> from bigblind import Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=5),
        ...             offer_run_twice=True)
        >>> hand.all_in(); hand.call()
        >>> hand.awaiting, hand.can_run_twice
        ('runs', True)
        >>> hand.run_twice()
        >>> [len(board) for board in hand.result.boards]
        [5, 5]
        >>> [(pot.amount, pot.winners) for pot in hand.result.pots]
        [(100, (0,)), (100, (1,))]
        """
        self._choose_runs(2)

    def run_once(self) -> None:
        """Deal the rest of the board once: the players did not all agree to run it twice."""
        self._choose_runs(1)

    def _choose_runs(self, runs: int) -> None:
        _dealing.choose_runs(self._state, runs)
        self._advance()

    # ------------------------------------------------------------ phase logic

    def _advance(self) -> None:
        """Run the automatic steps until the hand needs outside input or ends."""
        state = self._state
        while True:
            phase = state.phase
            following: Phase | None
            if phase is _BETTING:
                if state.actor is not None:
                    return
                following = _betting.close_round(state)
            elif phase is _DEALING:
                following = _dealing.step(state)
            elif phase is _SHOWDOWN:
                following = _showdown.step(state)
            else:
                return
            if following is None:
                return
            if following is not phase:
                self._go(following)

    def _go(self, phase: Phase) -> None:
        """Enter ``phase`` by the transition table and open it."""
        state = self._state
        if phase not in _NEXT[state.phase]:
            raise AssertionError(f"no transition from {state.phase} to {phase}")
        state.phase = phase
        if phase is _BETTING:
            _betting.open_round(state)
        elif phase is _SHOWDOWN:
            _showdown.begin(state)
        elif phase is _SETTLED:
            _showdown.settle(state)

    def _check_seat(self, seat: object) -> int:
        """``seat`` if it is one of this hand's seats, else an error naming the seats."""
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
        return seat
