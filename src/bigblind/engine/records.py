"""The values a hand hands out: its phase, legal actions, views and result.

They are immutable; a hand builds new ones as it moves on.

>>> legal = Legal(0, fold=True, check=False, call=2, min_raise_to=4, max_raise_to=200, bet=False)
>>> legal
Legal(seat=0, fold=True, check=False, call=2, min_raise_to=4, max_raise_to=200, bet=False,
      all_in=False)
>>> Action.call() in legal, Action.raise_to(4) in legal, Action.check() in legal
(True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from bigblind.cards import Card
from bigblind.engine.actions import Action
from bigblind.engine.events import Event, Street
from bigblind.evaluation.games import HOLDEM, Game

__all__ = ["HandResult", "HandView", "Legal", "Phase", "PotResult", "RunResult"]


class Phase(Enum):
    """Where the hand stands."""

    DEALING = "dealing"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    SETTLED = "settled"

    # Phases are looked up on every action: hash by identity, not by name in Python.
    __hash__ = object.__hash__


class Legal(NamedTuple):
    """What the player to act may do now, with exact amounts.

    ``call`` is the chips a call puts in (an all-in call may be less than the
    bet), or None when there is nothing to call. ``min_raise_to`` and
    ``max_raise_to`` bound a bet (``bet`` True) or a raise-to total, or are
    None when no bet or raise is possible. ``all_in`` says whether going all-in is
    legal (RULES 5.5: a call for less or as much, or a bet or raise of the whole
    stack); it defaults to False for a set built by hand.

    ``action in legal`` asks whether an :class:`~bigblind.engine.actions.Action`
    is legal now: 'raise N' opens the betting as 'bet N' does when nobody has bet.
    """

    seat: int
    fold: bool
    check: bool
    call: int | None
    min_raise_to: int | None
    max_raise_to: int | None
    bet: bool
    all_in: bool = False

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` (an :class:`~bigblind.engine.actions.Action`) is legal now.

        >>> legal = Legal(1, False, True, None, 2, 100, True, True)
        >>> [a in legal for a in (Action.check(), Action.bet(2), Action.bet(1), Action.all_in())]
        [True, True, False, True]
        """
        if not isinstance(action, Action):
            return False
        kind = action.kind
        if kind == "fold":
            return self.fold
        if kind == "check":
            return self.check
        if kind == "call":
            return self.call is not None
        if kind == "all-in":
            return self.all_in
        low, high, amount = self.min_raise_to, self.max_raise_to, action.amount
        if low is None or high is None or amount is None or (kind == "bet" and not self.bet):
            return False
        return low <= amount <= high

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is possible."""
        return self.min_raise_to is not None

    @property
    def raise_word(self) -> str:
        """What putting in more is called now: 'bet' (nobody has bet) or 'raise to'.

        >>> Legal(1, False, True, None, 2, 2, True).raise_word
        'bet'
        """
        return "bet" if self.bet else "raise to"

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
            noun = self.raise_word
            parts.append(f"{noun} {low}" if low == high else f"{noun} {low}-{high}")
        return tuple(parts)


@dataclass(frozen=True, slots=True)
class PotResult:
    """How one pot, or one half of it, was won; ``half`` is '', 'high' or 'low' (RULES 11.2)."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    description: str
    half: str = ""


@dataclass(frozen=True, slots=True)
class RunResult:
    """What one run of the board won: its five cards (fewer when all but one folded),
    each pot or half pot it awarded (main pot first) and each seat's winnings on it."""

    board: tuple[Card, ...]
    pots: tuple[PotResult, ...]
    payouts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome: each pot awarded, each seat's winnings and final stacks.

    ``pots`` lists every award, main pot first; in a hand run twice (RULES
    10.3) the first run's half pots and then the second run's. ``runs`` says
    what each run of the board won: one run, or two when run twice.
    """

    pots: tuple[PotResult, ...]
    payouts: tuple[int, ...]
    stacks: tuple[int, ...]
    runs: tuple[RunResult, ...]

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Each run's board: one, or two when the hand was run twice."""
        return tuple(run.board for run in self.runs)


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
    boards: tuple[tuple[Card, ...], ...] = ()
    """Each run's board (RULES 10.3): ``(board,)``, or two when the hand runs twice."""
    game: Game = HOLDEM
    """The game played (RULES 11): every seat knows it, so a bot plays the game it sees."""
