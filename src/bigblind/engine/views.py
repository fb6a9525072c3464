"""What each viewer may see of a hand: one seat, a spectator, or the house.

A hand's events are the house's record: every card, the burns and the
mucked hands included (RULES 6.8). Every other viewer sees them through
:func:`visible_event`, the one place that says what is hidden:

* a hole card dealt face down is seen by the seat it was dealt to alone
  (RULES 3.4), and so is a hand that seat mucked or had declared dead;
* a hand shown at the showdown is seen by everyone, in turn or, when
  betting stopped with players all-in, every hand turned up at once
  (RULES 6.7); the board is seen by everyone (RULES 3.3);
* a burnt card is seen by the house alone (RULES 3.2), and the stub by
  nobody: no event names it.

A viewer is a seat (an ``int``), ``None`` for a spectator, or
:data:`HOUSE`. :class:`SeenHand` is a hand as one viewer sees it, in the
shape the history writers read, so that a player's history is written
from what that player saw rather than cut out of the house's text; the
hand's :meth:`~bigblind.engine.hand_queries.HandQueries.seen` makes one,
and the seat's :class:`~bigblind.engine.records.HandView` is built from
the same events.

>>> from bigblind.engine.events import HoleDealt
>>> visible_event(HoleDealt(seat=1, card=12), 0), visible_event(HoleDealt(seat=1, card=12), 1)
(HoleDealt(seat=1, card=None), HoleDealt(seat=1, card=12))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from bigblind.cards import Card
from bigblind.engine.events import (
    BoardDealt,
    Burned,
    Event,
    HoleDealt,
    Mucked,
    RunBoardDealt,
    Shown,
)
from bigblind.engine.records import HandResult
from bigblind.engine.rules import Rules
from bigblind.errors import IllegalActionError

__all__ = ["HOUSE", "SeenHand", "Viewer", "check_viewer", "visible_event", "visible_events"]

HOUSE: Final = "house"
"""The viewer who sees every card: the dealer's full record of the hand (RULES 6.8)."""

Viewer = int | None | Literal["house"]
"""A seat of the hand, None for a spectator, or :data:`HOUSE`."""


def check_viewer(viewer: object, seats: int) -> Viewer:
    """``viewer`` if it is one of ``seats`` seats, None or :data:`HOUSE`, else an error."""
    if viewer is None or viewer == HOUSE:
        return None if viewer is None else HOUSE
    if type(viewer) is not int or not 0 <= viewer < seats:  # True is no seat 1
        raise IllegalActionError(
            f"viewer {viewer!r} does not exist: seats are 0 to {seats - 1},"
            f" None a spectator, {HOUSE!r} the house"
        )
    return viewer


_BURNED: Final = Burned(None)


def visible_event(event: Event, viewer: Viewer) -> Event:
    """``event`` as ``viewer`` sees it: the cards it may not see made None (RULES 3.4, 6.8)."""
    if viewer == HOUSE:
        return event
    if isinstance(event, HoleDealt):
        return event if event.seat == viewer or event.card is None else HoleDealt(event.seat, None)
    if isinstance(event, Mucked):
        return event if event.seat == viewer else Mucked(event.seat, (None,) * len(event.cards))
    if isinstance(event, Burned) and event.card is not None:
        return _BURNED
    return event


def visible_events(events: Iterable[Event], viewer: Viewer) -> tuple[Event, ...]:
    """Each of ``events`` as ``viewer`` sees it, in order."""
    if viewer == HOUSE:
        return tuple(events)
    return tuple([visible_event(event, viewer) for event in events])


@dataclass(frozen=True, slots=True)
class SeenHand:
    """A hand as one viewer saw it: its events through :func:`visible_event`, its stacks
    and result (public: they hold no hidden card). The history writers read it as they
    read a hand, so a player's history holds what the player saw and nothing more."""

    viewer: Viewer
    rules: Rules
    seats: int
    button: int
    starting_stacks: tuple[int, ...]
    events: tuple[Event, ...]
    result: HandResult | None
    finished: bool
    awaiting: str | None
    bomb_pot: int = 0  # each player's ante in a bomb pot (RULES 12.1); 0 for any other hand

    def hole(self, seat: int) -> tuple[Card | None, ...]:
        """``seat``'s hole cards as seen: those shown (RULES 6.7), else as dealt, None for
        each card not seen."""
        shown: tuple[Card | None, ...] | None = None
        dealt: list[Card | None] = []
        for event in self.events:
            if isinstance(event, Shown) and event.seat == seat:
                shown = tuple(event.cards)
            elif isinstance(event, HoleDealt) and event.seat == seat:
                dealt.append(event.card)
        return tuple(dealt) if shown is None else shown

    def known(self, seat: int) -> bool:
        """Whether every hole card of ``seat`` is seen (its own, shown, or the house's)."""
        hole = self.hole(seat)
        return bool(hole) and None not in hole

    def cards(self) -> frozenset[Card]:
        """Every card this viewer has seen in the hand: hole cards, board cards, burns."""
        seen: set[Card] = set()
        for event in self.events:
            if isinstance(event, HoleDealt | Burned):
                if event.card is not None:
                    seen.add(event.card)
            elif isinstance(event, Shown | BoardDealt | RunBoardDealt):
                seen.update(event.cards)
            elif isinstance(event, Mucked):
                seen.update(card for card in event.cards if card is not None)
        return frozenset(seen)
