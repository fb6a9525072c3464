"""A sit-and-go: one table, a field fixed at the start, rising blinds, places and prizes (RULES 8).

:class:`SitAndGo` keeps what a room's tournament holds beyond its table: the
entrants, the level clock, the prizes and the places given. Levels last
``level_minutes`` of play each (the clock stops while the host pauses): a
home game plans its evening by the clock, and a level counted in hands would
last longer the slower the table plays. A new level applies from the next
hand (RULES 8.1). Players out in the same hand are placed by their stacks at
the start of it, equal stacks sharing the places and their prizes (RULES 8.3).
Prizes follow :func:`~bigblind.sessions.tournament.payout_percentages` (the
winner takes all heads-up, 65/35 for 3 to 6 players, 50/30/20 for 7 to 10)
unless the room names its own percentages.

>>> from bigblind.room.settings import RoomSettings
>>> sng = SitAndGo(RoomSettings(game="tournament", seats=3, tournament_buy_in=10))
>>> sng.start(["Ann", "Bob", "Cy"], at=0)
>>> sng.prizes, sng.level_index(599), sng.level_index(600)
((20, 10), 0, 1)
>>> [(f.places, f.name, f.payout) for f in sng.place([("Bob", 40), ("Cy", 40)], left=["Ann"])]
[((2, 3), 'Bob', 5), ((2, 3), 'Cy', 5), ((1,), 'Ann', 20)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bigblind.sessions.tournament import Finish, Level, payout_percentages, payouts

if TYPE_CHECKING:
    from bigblind.room.settings import RoomSettings

__all__ = ["SitAndGo"]


class SitAndGo:
    """The tournament side of a sit-and-go room (see the module's documentation)."""

    def __init__(self, settings: RoomSettings) -> None:
        self.settings = settings
        self.structure = settings.blind_structure()
        self.started_at: float | None = None
        self.entrants: tuple[str, ...] = ()
        self.prizes: tuple[int, ...] = ()
        self.finishes: list[Finish] = []
        self._paused_for = 0.0
        self._paused_since: float | None = None

    @property
    def started(self) -> bool:
        """Whether the cards are in the air: registration is closed."""
        return self.started_at is not None

    @property
    def finished(self) -> bool:
        """Whether every place has been given."""
        return self.started and len(self.finishes) == len(self.entrants)

    @property
    def prize_pool(self) -> int:
        """Every entrant's buy-in."""
        return self.settings.tournament_buy_in * len(self.entrants)

    @property
    def unpaid(self) -> int:
        """The prizes not yet given."""
        return self.prize_pool - sum(f.payout for f in self.finishes)

    def start(self, names: Sequence[str], *, at: float) -> None:
        """Close registration with ``names`` in; the first level starts now."""
        percentages = self.settings.payouts or payout_percentages(len(names))
        self.entrants = tuple(names)
        self.prizes = payouts(self.prize_pool, percentages)
        self.started_at = at

    def pause(self, at: float) -> None:
        """Stop the level clock (the host paused the game)."""
        if self._paused_since is None:
            self._paused_since = at

    def resume(self, at: float) -> None:
        """Run the level clock again."""
        if self._paused_since is not None:
            self._paused_for += max(0.0, at - self._paused_since)
            self._paused_since = None

    def _played(self, at: float) -> float:
        """Seconds of play since the start, pauses left out."""
        if self.started_at is None:
            return 0.0
        stop = at if self._paused_since is None else min(at, self._paused_since)
        return max(0.0, stop - self.started_at - self._paused_for)

    def level_index(self, at: float) -> int:
        """The level (0 is the first) of a hand dealt at ``at`` (RULES 8.1)."""
        played = self._played(at)
        index = 0
        while True:
            minutes = self.structure.level(index).minutes
            assert minutes is not None  # a room's levels are timed
            if played < minutes * 60:
                return index
            played -= minutes * 60
            index += 1

    def level(self, at: float) -> Level:
        """The blinds and ante of a hand dealt at ``at``."""
        return self.structure.level(self.level_index(at))

    def next_level_at(self, at: float) -> float | None:
        """When the level after the one at ``at`` begins; None while paused or not started."""
        if self.started_at is None or self._paused_since is not None:
            return None
        played = self._played(at)
        index, end = 0, 0.0
        while True:
            minutes = self.structure.level(index).minutes
            assert minutes is not None
            end += minutes * 60
            if played < end:
                return at + (end - played)
            index += 1

    def place(self, out: Sequence[tuple[str, int]], *, left: Sequence[str]) -> list[Finish]:
        """Place the players ``out`` in one hand, (name, stack at its start), with ``left``
        still holding chips; the last one left wins (RULES 8.3). Returns the new finishes."""
        ordered = sorted(out, key=lambda item: -item[1])
        place = len(left) + 1
        new: list[Finish] = []
        k = 0
        while k < len(ordered):
            group = [name for name, start in ordered[k:] if start == ordered[k][1]]
            new += self._give(group, tuple(range(place, place + len(group))))
            place += len(group)
            k += len(group)
        if len(left) == 1:
            new += self._give(list(left), (1,))
        return new

    def end_early(self, stacks: Sequence[tuple[str, int]]) -> list[Finish]:
        """The host ends the game: the players left are placed by their chips."""
        ordered = sorted(stacks, key=lambda item: -item[1])
        new: list[Finish] = []
        place = 1
        k = 0
        while k < len(ordered):
            group = [name for name, chips in ordered[k:] if chips == ordered[k][1]]
            new += self._give(group, tuple(range(place, place + len(group))))
            place += len(group)
            k += len(group)
        return new

    def _give(self, names: Sequence[str], places: tuple[int, ...]) -> list[Finish]:
        """Shared places split their prizes equally, the odd chip to the first named."""
        pool = sum(self.prizes[p - 1] for p in places if p <= len(self.prizes))
        share, odd = divmod(pool, len(names))
        new = [Finish(places, name, share + (i < odd)) for i, name in enumerate(names)]
        self.finishes += new
        return new

    def view(self, at: float) -> dict[str, Any]:
        """The tournament as everyone sees it: level, blinds, next level, prizes, places."""
        level = self.level(at)
        following = self.structure.level(self.level_index(at) + 1)
        return {
            "started": self.started,
            "finished": self.finished,
            "level": self.level_index(at) + 1,
            "blinds": [level.small_blind, level.big_blind, level.ante],
            "next_blinds": [following.small_blind, following.big_blind, following.ante],
            "next_level_at": self.next_level_at(at),
            "level_minutes": self.settings.level_minutes,
            "starting_stack": self.settings.starting_stack,
            "buy_in": self.settings.tournament_buy_in,
            "entrants": len(self.entrants),
            "prize_pool": self.prize_pool,
            "prizes": list(self.prizes),
            "finishes": [
                {"places": list(f.places), "name": f.name, "payout": f.payout}
                for f in sorted(self.finishes, key=lambda f: (f.place, f.name))
            ],
        }
