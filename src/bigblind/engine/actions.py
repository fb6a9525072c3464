"""One betting action as a value (RULES 4.4, 5): fold, check, call, bet, raise to N, all-in.

Every caller of the engine (bots, the terminal, the room, ACPC, the
environment) may hand a :class:`~bigblind.engine.hand.Hand` an :class:`Action`;
text is read in one place, :meth:`Action.parse`, and ``str(action)`` is text
that parses back to the same action.

>>> from bigblind.engine import Action, Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=1))
>>> Action.raise_to(6) in hand.legal, Action.check() in hand.legal
(True, False)
>>> hand.act(Action.parse("raise to 6")); hand.act(Action.call()); hand.street.label
'flop'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bigblind.engine.action_text import ACCEPTED, BEYOND, read_action_text
from bigblind.errors import ActionTextError, IllegalActionError

__all__ = ["KINDS", "Action"]

KINDS: Final = ("fold", "check", "call", "bet", "raise", "all-in")
"""The kinds of action, as their text begins; 'bet' and 'raise' carry an amount."""

_CONSTRUCTORS: Final = {"bet": "bet", "raise": "raise_to"}
_SPELLED: Final = {"fold": "fold", "check": "check", "call": "call", "all-in": "all_in"}


@dataclass(frozen=True, slots=True)
class Action:
    """A betting action: ``kind`` one of :data:`KINDS`, ``amount`` the total bet or raised
    to for 'bet' and 'raise' (RULES 5: amounts are raise-to totals), else None.

    >>> Action.parse("raise 50")
    Action.raise_to(50)
    >>> str(Action.raise_to(50)), str(Action.all_in())
    ('raise 50', 'all-in')
    >>> Action.parse(str(Action.bet(8))) == Action.bet(8)
    True
    >>> Action.parse("jump")
    Traceback (most recent call last):
    ...
    bigblind.errors.ActionTextError: cannot read action 'jump': accepted are 'fold', ...
    """

    kind: str
    amount: int | None = None

    def __post_init__(self) -> None:
        kind, amount = self.kind, self.amount
        if kind not in KINDS:
            raise IllegalActionError(
                f"no action kind {kind!r}: kinds are {', '.join(map(repr, KINDS))}"
            )
        if kind in _CONSTRUCTORS:
            if type(amount) is not int or amount < 0:
                raise IllegalActionError(
                    f"{kind} {amount!r}: the amount is a whole number of chips, 0 or more"
                )
        elif amount is not None:
            raise IllegalActionError(f"{kind} takes no amount, not {amount!r}")

    @classmethod
    def fold(cls) -> Action:
        """Fold (RULES 4.4)."""
        return FOLD

    @classmethod
    def check(cls) -> Action:
        """Check (RULES 4.4)."""
        return CHECK

    @classmethod
    def call(cls) -> Action:
        """Call, all-in for less when the stack is short (RULES 5.5)."""
        return CALL

    @classmethod
    def all_in(cls) -> Action:
        """Put in the whole stack (RULES 5.5)."""
        return ALL_IN

    @classmethod
    def bet(cls, amount: int) -> Action:
        """Bet ``amount`` when nobody has bet this round (RULES 4.4)."""
        return cls("bet", amount)

    @classmethod
    def raise_to(cls, amount: int) -> Action:
        """Raise to a total of ``amount`` this round, or bet it when nobody has (RULES 5)."""
        return cls("raise", amount)

    @classmethod
    def bet_or_raise(cls, amount: int, *, opening: bool) -> Action:
        """A bet of ``amount`` when ``opening`` (nobody has bet: ``Legal.bet``), else a raise
        to it: the words a player says for the same chips.

        >>> Action.bet_or_raise(6, opening=True), Action.bet_or_raise(6, opening=False)
        (Action.bet(6), Action.raise_to(6))
        """
        return cls("bet" if opening else "raise", amount)

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action a text names, as
        :func:`~bigblind.engine.action_text.read_action_text` reads it; unreadable text
        raises :class:`~bigblind.errors.ActionTextError`.

        >>> Action.parse("R 20"), Action.parse(" shove ")
        (Action.raise_to(20), Action.all_in())
        """
        kind, amount = read_action_text(text)
        if not kind:
            raise ActionTextError(f"cannot read action {text!r}: {ACCEPTED}")
        if amount == BEYOND:
            digits = text.split()[-1]
            raise IllegalActionError(f"cannot {kind} {digits[:30]}...: more chips than are in play")
        if kind in _CONSTRUCTORS:
            return cls(kind, amount)
        return _BY_KIND[kind]

    def __str__(self) -> str:
        if self.amount is None:
            return self.kind
        return f"{self.kind} {self.amount}"

    def __repr__(self) -> str:
        if self.amount is None:
            return f"Action.{_SPELLED[self.kind]}()"
        return f"Action.{_CONSTRUCTORS[self.kind]}({self.amount})"


FOLD: Final = Action("fold")
CHECK: Final = Action("check")
CALL: Final = Action("call")
ALL_IN: Final = Action("all-in")
_BY_KIND: Final = {"fold": FOLD, "check": CHECK, "call": CALL, "all-in": ALL_IN}
