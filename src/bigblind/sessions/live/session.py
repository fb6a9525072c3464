"""The hands of one live game: players, stacks and the button between hands (RULES 2.1, 10.1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bigblind.engine.hand import Hand
from bigblind.engine.rules import Rules
from bigblind.errors import HistoryError, IllegalActionError, RulesError
from bigblind.sessions.live.hand import LiveHand

__all__ = ["LiveSession"]


class LiveSession:
    """The hands of one live game: seats, names, stacks and the button between hands.

    Players with chips are dealt in; the button moves one player clockwise
    after every hand (RULES 2.1), never after a misdeal (a redeal belongs to
    the same hand).

    >>> from bigblind import Rules
    >>> session = LiveSession(Rules.no_limit(blinds=(1, 2)), [("Ann", 50), ("Bob", 50)])
    >>> live = session.start_hand()
    >>> for _ in range(4):
    ...     _ = live.deal_hole()
    >>> live.act("fold")
    >>> session.finish_hand()
    >>> session.stacks, session.button
    ((49, 51), 1)
    >>> print(session.phh().splitlines()[0])
    [1]
    """

    def __init__(
        self, rules: Rules, players: Sequence[tuple[str, int]], *, button: int = 0
    ) -> None:
        self.rules = rules
        self._names: list[str] = []
        self._stacks: list[int] = []
        self._current: LiveHand | None = None
        self.button = 0
        self.set_players(players, button=button)
        self._dealt: tuple[int, ...] = ()
        self._history: list[tuple[LiveHand, tuple[int, ...], tuple[str, ...]]] = []

    def set_players(self, players: Sequence[tuple[str, int]], *, button: int | None = None) -> None:
        """Seat the players (name, chips) in clockwise order; between hands only."""
        if self._current is not None:
            raise IllegalActionError("players change between hands, not during one")
        names = [name for name, _ in players]
        stacks = [chips for _, chips in players]
        if not 2 <= len(names) <= 23:
            raise RulesError(f"a live game seats 2 to 23 players, not {len(names)}")
        if len(set(names)) != len(names):
            raise RulesError("two players have the same name: give each a name of their own")
        for name, chips in players:
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
                raise RulesError(f"{name}'s stack {chips!r} must be whole chips, 0 or more")
        self._names, self._stacks = names, stacks
        if button is not None:
            if not 0 <= button < len(names):
                raise RulesError(f"button {button} must be a seat from 0 to {len(names) - 1}")
            self.button = button
        else:
            self.button = min(self.button, len(names) - 1)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return tuple(self._names)

    @property
    def stacks(self) -> tuple[int, ...]:
        """The players' stacks between hands, by seat."""
        return tuple(self._stacks)

    @property
    def current(self) -> LiveHand | None:
        """The hand being dealt, if any."""
        return self._current

    @property
    def dealt(self) -> tuple[int, ...]:
        """The session seat of each hand seat of the current (or last) hand."""
        return self._dealt

    @property
    def history(self) -> tuple[LiveHand, ...]:
        """The finished hands, oldest first."""
        return tuple(hand for hand, _, _ in self._history)

    def can_deal(self) -> bool:
        """Whether two players have chips."""
        return sum(1 for chips in self._stacks if chips > 0) >= 2

    def start_hand(self) -> LiveHand:
        """Start the next hand among the players with chips."""
        if self._current is not None:
            raise IllegalActionError("a hand is being played: finish it first")
        dealt = tuple(s for s, chips in enumerate(self._stacks) if chips > 0)
        if len(dealt) < 2:
            raise RulesError("a hand needs two players with chips")
        button = self.button
        while button not in dealt:
            button = (button + 1) % len(self._stacks)
        self.button = button
        labels = tuple(f"{self._names[s]} (seat {s + 1})" for s in dealt)
        self._dealt = dealt
        self._current = LiveHand(
            self.rules,
            [self._stacks[s] for s in dealt],
            button=dealt.index(button),
            names=labels,
        )
        return self._current

    def finish_hand(self) -> None:
        """Take the finished hand's stacks and move the button (RULES 2.1, 7.1)."""
        live = self._current
        if live is None or live.result is None:
            raise IllegalActionError("no finished hand to take: the hand is not over")
        for hand_seat, seat in enumerate(self._dealt):
            self._stacks[seat] = live.result.stacks[hand_seat]
        self._history.append((live, self._dealt, tuple(self._names[s] for s in self._dealt)))
        self._current = None
        n = len(self._stacks)
        for step in range(1, n + 1):
            seat = (self.button + step) % n
            if self._stacks[seat] > 0:
                self.button = seat
                break

    def phh(self, **metadata: object) -> str:
        """The finished hands as one PHH ``.phhs`` text (those PHH can express)."""
        from bigblind.formats.phh import dump_session, dumps

        items: list[tuple[Hand, Mapping[str, object]]] = []
        for number, (live, _, names) in enumerate(self._history, start=1):
            fields: dict[str, object] = {"hand": number, "players": list(names)}
            if live.deal_number > 1:
                fields["_misdeals"] = live.deal_number - 1
            try:
                dumps(live.hand, **fields)
            except HistoryError:
                continue
            items.append((live.hand, fields))
        return dump_session(items, **metadata)
