"""What a bot reads off a seat's view: positions, prices and the betting so far.

:func:`read_spot` replays the public events of a :class:`~bigblind.engine.hand.HandView`
(the chips each action put in, the pot before it) into a :class:`Spot`; the
action helpers turn an intention into a text :meth:`~bigblind.engine.hand.Hand.act`
accepts, always within the legal limits.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200, 200], deck=Deck.shuffled(seed=4))
>>> hand.act("raise 6")
>>> spot = read_spot(hand.view(hand.actor))
>>> spot.seat, spot.big_blind, spot.to_call, spot.pot, spot.behind, spot.raises
(1, 2, 5, 9, 1, 1)
>>> [(a.seat, a.kind.value, a.amount, a.pot_before) for a in spot.actions]
[(0, 'raise', 6, 3)]
>>> raise_to(spot.legal, 1000), raise_to(spot.legal, 7), fold_or_check(spot.legal)
('raise 200', 'raise 10', 'fold')
"""

from __future__ import annotations

from dataclasses import dataclass

from bigblind.engine.actions import Action as EngineAction
from bigblind.engine.events import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    Forced,
    Posted,
    Street,
)
from bigblind.engine.hand import HandView, Legal

__all__ = [
    "Action",
    "Spot",
    "check_or_call",
    "fold_or_check",
    "raise_to",
    "read_spot",
]

_BLINDS = (Forced.BIG_BLIND, Forced.STRADDLE)


@dataclass(frozen=True, slots=True)
class Action:
    """One betting action as the table saw it.

    ``amount``: chips a call put in, the raise-to total of a bet or raise.
    ``pot_before`` and ``to_call`` are the pot (bets in front included) and
    what the actor faced just before; ``raises`` counts the bets and raises of
    the round before this action (pre-flop the blinds count as none).
    ``added`` is the chips the action put in.
    """

    street: Street
    seat: int
    kind: ActionKind
    amount: int
    added: int
    pot_before: int
    to_call: int
    raises: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Spot:
    """A decision, read off one seat's view (see :func:`read_spot`)."""

    view: HandView
    legal: Legal
    seat: int
    players: int
    hole: tuple[int, int] | None
    board: tuple[int, ...]
    street: Street
    big_blind: int
    to_call: int
    pot: int
    my_bet: int
    stack: int
    opponents: tuple[int, ...]
    """Seats still in the hand, other than this one."""
    actions: tuple[Action, ...]
    behind: int
    """Players still in the hand who act after this seat in this betting round."""
    in_position: bool
    """Whether this seat acts after every other live player after the flop."""
    raises: int
    """Bets and raises so far in this round (pre-flop: not counting the blinds)."""
    preflop_raiser: int | None
    """The seat that made the last pre-flop raise, if any."""
    preflop_order: tuple[int, ...]
    """Every seat in the order of the first pre-flop round, the biggest blind last."""

    @property
    def pot_odds(self) -> float:
        """The share of the pot after a call that the call costs (0 when nothing to call)."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    def actions_of(self, seat: int, street: Street | None = None) -> tuple[Action, ...]:
        """The actions of ``seat``, of one street or of all."""
        return tuple(
            a for a in self.actions if a.seat == seat and (street is None or a.street is street)
        )


def read_spot(view: HandView) -> Spot:
    """The :class:`Spot` of ``view``; ``view.legal`` must not be None (the seat is to act)."""
    legal = view.legal
    if legal is None:
        raise ValueError(f"seat {view.seat} is not to act in this view: nothing to decide")
    n = len(view.stacks)
    seat = view.seat
    bets = [0] * n
    pot = 0
    street = Street.PREFLOP
    raises = 0
    current = 0
    first_preflop: int | None = None
    preflop_raiser: int | None = None
    big_blind = 0
    actions: list[Action] = []
    for event in view.events:
        if isinstance(event, Posted):
            if event.kind is Forced.ANTE or event.kind is Forced.DEAD_BLIND:
                pot += event.amount
                continue
            bets[event.seat] += event.amount
            pot += event.amount
            current = max(current, bets[event.seat])
            if event.kind in _BLINDS:
                if event.kind is Forced.BIG_BLIND:
                    big_blind = max(big_blind, event.amount)
                first_preflop = event.seat
        elif isinstance(event, Acted):
            s = event.seat
            to_call = max(0, current - bets[s])
            if event.kind is ActionKind.CALL:
                added = event.amount
            elif event.kind in (ActionKind.BET, ActionKind.RAISE):
                added = event.amount - bets[s]
            else:
                added = 0
            actions.append(
                Action(
                    street, s, event.kind, event.amount, added, pot, to_call, raises, event.all_in
                )
            )
            bets[s] += added
            pot += added
            if event.kind in (ActionKind.BET, ActionKind.RAISE):
                raises += 1
                current = bets[s]
                if street is Street.PREFLOP:
                    preflop_raiser = s
        elif isinstance(event, BetReturned):
            bets[event.seat] -= event.amount
            pot -= event.amount
        elif isinstance(event, BoardDealt):
            street = event.street
            bets = [0] * n
            current = 0
            raises = 0
    if big_blind == 0:
        big_blind = max(1, max(view.bets))
    live = [s for s in range(n) if not view.folded[s]]
    opponents = tuple(s for s in live if s != seat)
    # The order of the round: pre-flop from left of the biggest blind, then from left of
    # the button.
    first = ((first_preflop if first_preflop is not None else view.button) + 1) % n
    preflop_order = tuple((first + i) % n for i in range(n))
    start = first if view.street is Street.PREFLOP else (view.button + 1) % n
    order = [(start + i) % n for i in range(n)]
    mine = order.index(seat)
    behind = sum(1 for s in order[mine + 1 :] if not view.folded[s] and view.stacks[s] > 0)
    post = [(view.button + 1 + i) % n for i in range(n)]
    in_position = all(post.index(s) < post.index(seat) for s in opponents)
    one, two = (*view.hole, None, None)[:2]
    hole = (int(one), int(two)) if one is not None and two is not None else None
    to_call = legal.call or 0
    return Spot(
        view=view,
        legal=legal,
        seat=seat,
        players=n,
        hole=hole,
        board=tuple(int(c) for c in view.board),
        street=view.street,
        big_blind=big_blind,
        to_call=to_call,
        pot=view.pot,
        my_bet=view.bets[seat],
        stack=view.stacks[seat],
        opponents=opponents,
        actions=tuple(actions),
        behind=behind,
        in_position=in_position,
        raises=raises,
        preflop_raiser=preflop_raiser,
        preflop_order=preflop_order,
    )


def fold_or_check(legal: Legal) -> str:
    """Check when it is free, else fold."""
    return "check" if legal.check else "fold"


def check_or_call(legal: Legal) -> str:
    """Check when it is free, else call."""
    return "check" if legal.check else "call"


def raise_to(legal: Legal, amount: int) -> str:
    """A bet or raise to ``amount`` clamped to the legal range; a call when none is legal.

    >>> from bigblind.engine.hand import Legal
    >>> raise_to(Legal(0, False, True, None, 2, 100, True), 1)
    'bet 2'
    """
    lo, hi = legal.min_raise_to, legal.max_raise_to
    if lo is None or hi is None:
        return check_or_call(legal)
    total = max(lo, min(hi, int(amount)))
    return str(EngineAction.bet_or_raise(total, opening=legal.bet))
