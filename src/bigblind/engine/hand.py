"""One hand of Texas Hold'em, or of another game of its family, played exactly by the
rules (RULES 2-7, 11).

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
(0, Legal(seat=0, fold=True, check=False, call=2, min_raise_to=4, max_raise_to=200, bet=False,
    all_in=True))
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

from bigblind.deck import Deck
from bigblind.engine import betting as _betting
from bigblind.engine import dealing as _dealing
from bigblind.engine import showdown as _showdown
from bigblind.engine.events import Street
from bigblind.engine.hand_queries import HandQueries
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


class Hand(HandQueries):
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

    A bomb pot (RULES 12.1): ``bomb_pot=N`` has every player put in ``N`` as an
    ante (all-in for less when short), live in the pot, and posts no blinds;
    there is no pre-flop betting: the flop is dealt, with its burn, and the
    betting begins left of the button as on any flop.

    >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 50, 8], bomb_pot=10,
    ...             deck=Deck.shuffled(seed=2))
    >>> hand.street.label, hand.pot, hand.stacks, hand.actor, len(hand.board)
    ('flop', 28, (40, 40, 0), 1, 3)
    """

    __slots__ = ()

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
        bomb_pot: object = 0,
    ) -> None:
        n = len(stacks)
        game = rules.game
        seat = _dealing.check_setup(stacks, button, dealing, showdown, deck, game)
        show_all = _dealing.check_flag("show_all", show_all)
        offer_runs = _dealing.check_flag("offer_run_twice", offer_run_twice)
        self.rules = rules
        self.button = seat
        self.seats = n
        self.show_all = show_all
        bomb = _dealing.check_bomb_pot(bomb_pot, blind_seats, live_blinds, dead_blinds)
        self.bomb_pot = bomb
        auto_deal = dealing == "auto"
        if auto_deal and deck is None:
            # The game's deck (RULES 11.3: 36 cards in short deck), securely shuffled.
            deck = Deck() if len(game.deck) == 52 else Deck.shuffled(cards=game.deck)
        self._state = state = HandState(
            rules,
            tuple(stacks),
            button=seat,
            deck=deck if auto_deal else None,
            auto_deal=auto_deal,
            auto_show=showdown == "auto",
            show_all=show_all,
            offer_runs=offer_runs,
        )
        if bomb:
            _dealing.post_bomb_pot(state, bomb)
        else:
            live = dict(live_blinds) if live_blinds else {}
            dead = dict(dead_blinds) if dead_blinds else {}
            blinds = None
            if blind_seats is not None or live or dead:
                blinds = _dealing.check_posts(n, blind_seats, live, dead)
            _dealing.post_forced(state, blinds, live, dead)
        self._advance()

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
        """Play ``action``: an :class:`~bigblind.engine.actions.Action`, or the action a text
        names, 'fold', 'check', 'call', 'bet 6', 'raise 6' (to 6), 'all-in' (read as by
        :meth:`Action.parse <bigblind.engine.actions.Action.parse>`).

        Text that is no action raises :class:`~bigblind.errors.ActionTextError`,
        an :class:`~bigblind.errors.IllegalActionError` of its own, naming the seat
        and what it may do.

        >>> from bigblind import Action, Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=1))
        >>> hand.act(Action.raise_to(6)); hand.act("call"); hand.street.label
        'flop'
        >>> hand.act("bet -5")
        Traceback (most recent call last):
        ...
        bigblind.errors.ActionTextError: cannot read action 'bet -5' of seat 1: accepted are ...
        """
        state = self._state
        _betting.act(state, _betting.turn(state, seat, "act"), action)
        if state.actor is None:
            self._advance()

    # ------------------------------------------------------- dealing and showing

    def deal_hole(self, seat: object, cards: str | Iterable[str | int] | None) -> None:
        """Manual dealing: give ``seat`` some or all of its hole cards (None: all of them,
        unknown); two in hold'em, four to six in Omaha (RULES 11.1)."""
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
