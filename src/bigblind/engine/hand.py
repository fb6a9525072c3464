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
from typing import Literal

from bigblind.cards import Card, Deck, format_cards
from bigblind.engine import betting as _betting
from bigblind.engine import dealing as _dealing
from bigblind.engine import showdown as _showdown
from bigblind.engine.events import Burned, Event, HoleDealt, Mucked, Street
from bigblind.engine.pots import Pot, build_pots
from bigblind.engine.records import HandResult, HandView, Legal, Phase, PotResult
from bigblind.engine.rules import Rules
from bigblind.engine.state import HandState
from bigblind.errors import IllegalActionError, RulesError

__all__ = ["MAX_PLAYERS", "Hand", "HandResult", "HandView", "Legal", "Phase", "PotResult"]

MAX_PLAYERS = 23

# The one place that says which phase may follow which. Each phase's step (``_advance``)
# names the phase that follows; entering a phase runs its opening (``_go``).
_NEXT: dict[Phase, frozenset[Phase]] = {
    Phase.DEALING: frozenset({Phase.BETTING, Phase.SETTLED}),
    Phase.BETTING: frozenset({Phase.DEALING, Phase.SHOWDOWN, Phase.SETTLED}),
    Phase.SHOWDOWN: frozenset({Phase.DEALING, Phase.SETTLED}),
    Phase.SETTLED: frozenset(),
}


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

    __slots__ = ("_state", "button", "rules", "seats", "show_all")

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
        self.button = button
        self.seats = n
        self.show_all = show_all
        auto_deal = dealing == "auto"
        self._state = state = HandState(
            rules,
            tuple(stacks),
            button=button,
            deck=(deck or Deck()) if auto_deal else None,
            auto_deal=auto_deal,
            auto_show=showdown == "auto",
            show_all=show_all,
        )
        live = dict(live_blinds) if live_blinds else {}
        dead = dict(dead_blinds) if dead_blinds else {}
        if blind_seats is not None or live or dead:
            _dealing.check_posts(n, blind_seats, live, dead)
        _dealing.post_forced(state, blind_seats, live, dead)
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
        """What the hand waits for: 'action', 'hole cards', 'flop', 'turn', 'river', 'show'."""
        return self._state.awaiting()

    @property
    def finished(self) -> bool:
        """Whether every pot has been awarded."""
        return self._state.phase is Phase.SETTLED

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
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple(self._state.board)

    def hole(self, seat: int) -> tuple[Card | None, ...]:
        """The hole cards of ``seat`` as the house sees them (None where unknown)."""
        self._check_seat(seat)
        return tuple(self._state.hole[seat])

    @property
    def legal(self) -> Legal | None:
        """The legal actions of the player to act, or None when nobody is to bet."""
        state = self._state
        actor = state.actor
        if state.phase is not Phase.BETTING or actor is None:
            return None
        return _betting.legal(state, actor)

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

    def view(self, seat: int) -> HandView:
        """What ``seat`` may see: its own cards, shown cards, the public state (RULES 3.4)."""
        self._check_seat(seat)
        state = self._state
        events: list[Event] = []
        for event in state.events:
            if isinstance(event, HoleDealt) and event.seat != seat:
                event = event._replace(card=None)
            elif isinstance(event, Mucked) and event.seat != seat:
                event = event._replace(cards=(None,) * len(event.cards))
            elif isinstance(event, Burned):
                event = event._replace(card=None)
            events.append(event)
        actor = state.actor
        return HandView(
            seat=seat,
            button=self.button,
            phase=state.phase,
            street=state.street,
            hole=tuple(state.hole[seat]),
            board=tuple(state.board),
            stacks=tuple(state.stacks),
            bets=tuple(state.bets),
            folded=tuple(state.folded),
            pot=self.pot,
            actor=actor,
            legal=self.legal if actor == seat else None,
            events=tuple(events),
        )

    def __repr__(self) -> str:
        state = self._state
        board = format_cards(state.board) or "-"
        return (
            f"<Hand {self.rules.structure.value} {self.seats} players, {state.phase.value}, "
            f"{state.street.label}, board {board}, pot {self.pot}, actor {state.actor}>"
        )

    # ----------------------------------------------------------------- actions

    def fold(self, *, seat: int | None = None) -> None:
        """Fold (only when facing a bet, RULES 4.4)."""
        state = self._state
        _betting.fold(state, _betting.turn(state, seat, "fold"))
        if state.actor is None:
            self._advance()

    def check(self, *, seat: int | None = None) -> None:
        """Check (only when there is nothing to call)."""
        state = self._state
        _betting.check(state, _betting.turn(state, seat, "check"))
        if state.actor is None:
            self._advance()

    def call(self, *, seat: int | None = None) -> None:
        """Call the current bet, all-in for less if the stack is short (RULES 5.5)."""
        state = self._state
        _betting.call(state, _betting.turn(state, seat, "call"))
        if state.actor is None:
            self._advance()

    def check_or_call(self, *, seat: int | None = None) -> None:
        """Check if free, else call."""
        state = self._state
        s = _betting.turn(state, seat, "check or call")
        if state.current > state.bets[s]:
            _betting.call(state, s)
        else:
            _betting.check(state, s)
        if state.actor is None:
            self._advance()

    def bet(self, amount: int, *, seat: int | None = None) -> None:
        """Bet ``amount`` when nobody has bet this round."""
        state = self._state
        _betting.bet(state, _betting.turn(state, seat, "bet"), amount)
        if state.actor is None:
            self._advance()

    def raise_to(self, amount: int, *, seat: int | None = None) -> None:
        """Bet, or raise to a total of ``amount`` for this round."""
        state = self._state
        s = _betting.turn(state, seat, "raise")
        _betting.raise_to(state, s, amount, "bet" if state.current == 0 else "raise to")
        if state.actor is None:
            self._advance()

    def all_in(self, *, seat: int | None = None) -> None:
        """Put in the whole stack: a call for less or as much, or a bet or raise (RULES 5.5)."""
        state = self._state
        _betting.all_in(state, _betting.turn(state, seat, "go all-in"))
        if state.actor is None:
            self._advance()

    def act(self, action: str, *, seat: int | None = None) -> None:
        """Act from text: 'fold', 'check', 'call', 'bet 6', 'raise 6' (to 6), 'all-in'.

        >>> from bigblind import Deck, Hand, Rules
        >>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=1))
        >>> hand.act("raise 6"); hand.act("call"); hand.street.label
        'flop'
        """
        words = action.lower().replace("-", " ").replace("to ", "").split()
        if words in (["all", "in"], ["allin"], ["shove"]):
            self.all_in(seat=seat)
            return
        if len(words) == 1 and words[0] in ("fold", "f"):
            self.fold(seat=seat)
            return
        if len(words) == 1 and words[0] in ("check", "x", "k"):
            self.check(seat=seat)
            return
        if len(words) == 1 and words[0] in ("call", "c"):
            self.call(seat=seat)
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
        state = self._state
        if state.auto_deal:
            raise IllegalActionError("this hand deals its own cards (dealing='auto')")
        if state.phase is not Phase.DEALING or state.street is not Street.PREFLOP:
            raise IllegalActionError(
                f"hole cards cannot be dealt now: the hand awaits {state.awaiting()}"
            )
        _dealing.deal_hole(state, seat, cards)
        self._advance()

    def deal_board(self, cards: str | Iterable[str | int]) -> None:
        """Manual dealing: turn over the flop (three cards), the turn or the river (one)."""
        state = self._state
        if state.auto_deal:
            raise IllegalActionError("this hand deals its own cards (dealing='auto')")
        if state.phase is not Phase.DEALING or state.awaiting() == "hole cards":
            raise IllegalActionError(
                f"the board cannot be dealt now: the hand awaits {state.awaiting()}"
            )
        _dealing.deal_board(state, cards)
        self._advance()

    def show(
        self, cards: str | Iterable[str | int] | None = None, *, seat: int | None = None
    ) -> None:
        """Manual showdown: the seat due to show turns its cards face up."""
        state = self._state
        _showdown.show(state, _showdown.show_turn(state, seat, "show"), cards)
        self._advance()

    def muck(self, *, seat: int | None = None) -> None:
        """Manual showdown: the seat due to show throws its hand away unshown."""
        state = self._state
        _showdown.muck(state, _showdown.show_turn(state, seat, "muck"))
        self._advance()

    # ------------------------------------------------------------ phase logic

    def _advance(self) -> None:
        """Run the automatic steps until the hand needs outside input or ends."""
        state = self._state
        while True:
            phase = state.phase
            following: Phase | None
            if phase is Phase.DEALING:
                following = _dealing.step(state)
            elif phase is Phase.BETTING:
                if state.actor is not None:
                    return
                following = _betting.close_round(state)
            elif phase is Phase.SHOWDOWN:
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
        if phase is Phase.BETTING:
            _betting.open_round(state)
        elif phase is Phase.SHOWDOWN:
            _showdown.begin(state)
        elif phase is Phase.SETTLED:
            _showdown.settle(state)

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalActionError(
                f"seat {seat!r} does not exist: seats are 0 to {self.seats - 1}"
            )
