"""The hands of one live game: players, stacks and the button between hands (RULES 2.1, 10.1)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

from bigblind.engine.hand import MAX_PLAYERS, Hand
from bigblind.engine.rules import Rules
from bigblind.errors import HistoryError, IllegalActionError, RulesError
from bigblind.sessions.live.hand import LiveHand
from bigblind.sessions.names import check_name
from bigblind.sessions.table import DealPlan, StraddleOffer, Table, TableError

__all__ = ["LiveSession"]


class LiveSession:
    """The hands of one live game: seats, names, stacks and the button between hands.

    Players with chips are dealt in; the button moves one player clockwise
    after every hand (RULES 2.1), never after a misdeal (a redeal belongs to
    the same hand). The button, the blinds and the blinds owed are kept as
    at a cash :class:`~bigblind.sessions.table.Table` (RULES 10.1): a player
    added between hands posts a big blind or waits for it, and when the game
    becomes heads-up nobody posts the big blind twice in a row (RULES 8.4).

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
        self,
        rules: Rules,
        players: Sequence[tuple[str, int]],
        *,
        button: int = 0,
        run_twice: bool = False,
    ) -> None:
        self._rules = rules
        self.run_twice = run_twice
        """Whether the game offers to run it twice after an all-in (RULES 10.3): each
        hand then waits for the players' answer (:meth:`LiveHand.run_twice`)."""
        self._names: list[str] = []
        self._stacks: list[int] = []
        self._current: LiveHand | None = None
        self._plan: DealPlan | None = None
        self.button = 0
        # As many seats as the game deals in (RULES 1.3, 11.1, 11.3).
        self._table = Table(
            rules, seats=min(MAX_PLAYERS, rules.game.max_players), keep_history=False
        )
        self.set_players(players, button=button)
        self._dealt: tuple[int, ...] = ()
        self._history: list[tuple[LiveHand, tuple[int, ...], tuple[str, ...]]] = []

    @property
    def rules(self) -> Rules:
        """The rules of the next hand."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        if self._current is not None:
            raise IllegalActionError("the rules change between hands, not during one")
        self._rules = rules
        self._table.rules = rules

    def set_players(self, players: Sequence[tuple[str, int]], *, button: int | None = None) -> None:
        """Seat the players (name, chips) in clockwise order: a new game, nobody owes a blind.

        Between hands only. A player joining a game in progress is seated
        with :meth:`add_player`.
        """
        if self._current is not None:
            raise IllegalActionError("players change between hands, not during one")
        names = [check_name(name, RulesError) for name, _ in players]
        stacks = [chips for _, chips in players]
        most = min(MAX_PLAYERS, self._rules.game.max_players)
        if not 2 <= len(names) <= most:
            raise RulesError(
                f"a live game of {self._rules.game.name} seats 2 to {most} players,"
                f" not {len(names)}"
            )
        if len(set(names)) != len(names):
            raise RulesError("two players have the same name: give each a name of their own")
        for name, chips in players:
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
                raise RulesError(f"{name}'s stack {chips!r} must be whole chips, 0 or more")
        if button is not None and not 0 <= button < len(names):
            raise RulesError(f"button {button} must be a seat from 0 to {len(names) - 1}")
        first = min(self.button, len(names) - 1) if button is None else button
        table = Table(self._rules, seats=most, first_button=first, keep_history=False)
        for seat, (name, chips) in enumerate(zip(names, stacks, strict=True)):
            if chips > 0:
                table.seat_player(seat, name, chips)
        self._table = table
        self._names, self._stacks = names, stacks
        self.button = first

    def add_player(
        self, name: str, chips: int, *, seat: int | None = None, wait_for_big_blind: bool = False
    ) -> None:
        """A player joins the game between hands (RULES 10.1).

        ``seat`` is their place in the clockwise order (0 to the number of
        players; default: after the last). As at a cash table they post a big
        blind to play at once, or wait until the big blind reaches them
        (``wait_for_big_blind``); while fewer than two play, a new game starts.
        """
        if self._current is not None:
            raise IllegalActionError("players join between hands, not during one")
        count = len(self._names)
        at = count if seat is None else seat
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= count:
            raise RulesError(f"seat {seat!r} must be a place from 0 to {count}")
        most = min(MAX_PLAYERS, self._rules.game.max_players)
        if count >= most:
            raise RulesError(f"a live game of {self._rules.game.name} seats at most {most} players")
        check_name(name, RulesError)
        if name in self._names:
            raise RulesError(f"a player named {name!r} is in the game already")
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
            raise RulesError(f"{name}'s stack {chips!r} must be whole chips, 1 or more")
        if at < count:
            self._table._open_seat(at)
        self._table.join(at, name, chips, wait_for_big_blind=wait_for_big_blind)
        self._names.insert(at, name)
        self._stacks.insert(at, chips)
        if at <= self.button and at < count:
            self.button += 1

    def rebuy(self, name: str, chips: int, *, wait_for_big_blind: bool = False) -> None:
        """``name`` buys ``chips`` more between hands (RULES 10.1).

        As at a cash table, a player who went broke owes the blinds that passed
        while they had no chips: they post them to play the next hand, or wait
        for the big blind (``wait_for_big_blind``).
        """
        if self._current is not None:
            raise IllegalActionError("players rebuy between hands, not during one")
        if name not in self._names:
            raise RulesError(f"there is no player {name!r} in the game")
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
            raise RulesError(f"{name}'s rebuy {chips!r} must be whole chips, 1 or more")
        seat = self._names.index(name)
        if self._table.player(seat) is None:  # seated with no chips: never dealt in yet
            self._table.join(seat, name, chips, wait_for_big_blind=wait_for_big_blind)
        else:
            try:
                self._table.rebuy(seat, chips, wait_for_big_blind=wait_for_big_blind)
            except TableError as error:
                raise RulesError(str(error)) from None
        self._stacks[seat] += chips

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

    def players(self, number: int) -> tuple[str, ...]:
        """The names of the players of finished hand ``number`` (1 is the first), in the
        hand's seat order: what its history calls them (the hand's own ``names`` add the
        seat, for the dealer's instructions)."""
        if not 1 <= number <= len(self._history):
            raise IndexError(f"hand {number}: {len(self._history)} hands are finished")
        return self._history[number - 1][2]

    def can_deal(self) -> bool:
        """Whether two players can be dealt in."""
        return self._table.can_deal()

    def straddle_offer(self) -> StraddleOffer | None:
        """The straddle offered before the next hand (RULES 2.7): to the player left of
        the big blind, where the rules have a straddle; else None."""
        if self._current is not None:
            return None
        try:
            return self._table.straddle_offer()
        except TableError:
            return None

    def start_hand(self, *, straddle: bool = False) -> LiveHand:
        """Start the next hand: the button, the blinds and who is dealt in as at a cash
        table (RULES 2.1, 2.3, 10.1); nobody posts the big blind twice in a row.
        ``straddle``: the player offered the straddle (:meth:`straddle_offer`) takes it."""
        if self._current is not None:
            raise IllegalActionError("a hand is being played: finish it first")
        try:
            plan = self._table.plan_deal(straddle=straddle)
        except TableError as error:
            if self._table.can_deal():  # a straddle where none is offered
                raise RulesError(str(error)) from None
            raise RulesError(f"a hand needs two players with chips: {error}") from None
        dealt = plan.layout.dealt
        labels = tuple(f"{self._names[s]} (seat {s + 1})" for s in dealt)
        live = LiveHand(
            plan.rules,
            plan.stacks,
            button=plan.button,
            names=labels,
            blind_seats=plan.blind_seats,
            live_blinds=plan.live_blinds,
            dead_blinds=plan.dead_blinds,
            offer_run_twice=self.run_twice,
        )
        self._table.commit_deal(plan)
        self.button = plan.layout.button
        self._plan, self._dealt, self._current = plan, dealt, live
        return live

    def finish_hand(self) -> None:
        """Take the finished hand's stacks and move the button (RULES 2.1, 7.1)."""
        live, plan = self._current, self._plan
        if live is None or plan is None or live.result is None:
            raise IllegalActionError("no finished hand to take: the hand is not over")
        self._table.settle_deal(plan, live.result.stacks)
        for hand_seat, seat in enumerate(self._dealt):
            self._stacks[seat] = live.result.stacks[hand_seat]
        self._history.append((live, self._dealt, tuple(self._names[s] for s in self._dealt)))
        self._current = self._plan = None
        with contextlib.suppress(TableError):  # nobody left to play: the button stays
            self.button = self._table.layout().button

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
