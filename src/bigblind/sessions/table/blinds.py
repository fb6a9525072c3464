"""Where the button and the blinds go next, and who is dealt in (RULES 2.1-2.3, 8.4, 10.1)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from bigblind.sessions.table.records import DealPlan, Layout, Positions
from bigblind.sessions.table.seating import SeatedPlayer, Seating
from bigblind.sessions.table.settings import Status, StraddleOffer, TableError


class BlindPlan(Seating):
    """The layout of the next hand, from the seats and the last hand's positions."""

    def layout(self, *, straddle: bool = False) -> Layout:
        """The button, blinds and players of the next hand, without dealing it.

        ``straddle``: as it would be if the player offered the straddle took it
        (RULES 2.7). Raises :class:`TableError` when fewer than two players can
        be dealt in.
        """
        return self._plan(straddle)[0]

    def straddle_offer(self) -> StraddleOffer | None:
        """The straddle offered before the next hand (RULES 2.7), else None.

        The player left of the big blind chooses each hand whether to
        straddle. None when the table's rules have no straddle, or fewer than
        three players are dealt in, or no hand can start.
        """
        try:
            seat = self._plan(True)[0].straddler
        except TableError:
            return None
        p = None if seat is None else self._seats[seat]
        if seat is None or p is None:
            return None
        rules = self._rules
        return StraddleOffer(seat, p.name, p.stack, rules.straddle, rules.big_blind)

    def plan_deal(self, *, straddle: bool = False) -> DealPlan:
        """The next hand as the engine needs it, without changing the table.

        For a host that deals the hand itself (a live game): build the hand
        from the plan, then :meth:`commit_deal` it and, when it is over,
        :meth:`settle_deal` its stacks. ``straddle``: the player offered the
        straddle takes it (RULES 2.7).
        """
        rules = self._rules
        if straddle and not rules.straddle:
            raise TableError("this table's rules have no straddle: deal with straddle=False")
        layout, positions, promote = self._plan(straddle)
        if rules.straddle and layout.straddler is None:
            rules = dataclasses.replace(rules, straddle=0)
        players = [self._seats[seat] for seat in layout.dealt]
        index = {seat: i for i, seat in enumerate(layout.dealt)}
        small = None if layout.small_blind is None else index[layout.small_blind]
        return DealPlan(
            layout=layout,
            rules=rules,
            names=tuple(p.name for p in players if p is not None),
            stacks=tuple(p.stack for p in players if p is not None),
            button=layout.engine_button,
            blind_seats=(small, index[layout.big_blind]),
            live_blinds={index[seat]: amount for seat, amount in layout.live.items()},
            dead_blinds={index[seat]: amount for seat, amount in layout.dead.items()},
            hand_number=self.hands_played + 1,
            _positions=positions,
            _promote=promote,
        )

    def commit_deal(self, plan: DealPlan) -> None:
        """The planned hand is dealt: players entering are in, blinds missed are owed."""
        if plan.hand_number != self.hands_played + 1:
            raise TableError(f"the plan for hand {plan.hand_number} is stale: plan the next hand")
        self._accrue_missed(plan._positions, plan.layout.dealt)
        for seat in plan.layout.dealt:
            p = self._seats[seat]
            assert p is not None
            p.status = Status.ACTIVE
            p.owes_small = p.owes_big = False
            p.fresh = False
        for seat in plan._promote:
            entering = self._seats[seat]
            assert entering is not None
            entering.status = Status.ACTIVE
            entering.owes_small = entering.owes_big = False
        self._previous = plan._positions
        self.hands_played += 1

    def settle_deal(self, plan: DealPlan, stacks: Sequence[int]) -> None:
        """Take the stacks a hand dealt by its host ended with, by hand seat."""
        self._between_hands("settle a hand dealt elsewhere")
        if len(stacks) != len(plan.layout.dealt):
            raise TableError(f"{len(stacks)} stacks for {len(plan.layout.dealt)} players dealt in")
        for seat, stack in zip(plan.layout.dealt, stacks, strict=True):
            p = self._seats[seat]
            if p is not None:
                p.stack = stack

    def next_big_blind(self) -> int | None:
        """The table seat that would post the next big blind, or None if no hand can start."""
        try:
            return self._plan()[0].big_blind
        except TableError:
            return None

    def can_deal(self) -> bool:
        """Whether two players or more can be dealt in."""
        return self.next_big_blind() is not None

    def _plan(self, straddle: bool = False) -> tuple[Layout, Positions, tuple[int, ...]]:
        """The next hand's layout, its positions and the players promoted to a new game."""
        players = {s: p for s, p in enumerate(self._seats) if p is not None and p.stack > 0}
        active = [s for s, p in players.items() if p.status is Status.ACTIVE]
        entering = [s for s, p in players.items() if p.status in (Status.WAITING, Status.POSTING)]
        promote: tuple[int, ...] = ()
        if len(active) < 2:
            # A new game: everyone ready is dealt in, nobody owes anything.
            promote = tuple(entering)
            active = sorted(active + entering)
            entering = []
        eligible = sorted(active + entering)
        if len(eligible) < 2:
            raise TableError(
                f"a hand needs two players ready to play; {len(eligible)} can be dealt in"
            )
        status = {s: (Status.ACTIVE if s in active else players[s].status) for s in eligible}
        planned = self._layout(self._previous, False, active, eligible, status, players, straddle)
        if planned is None:
            # Nothing sensible follows the last hand (too few left to place): start afresh.
            planned = self._layout(
                self._previous, True, active, eligible, status, players, straddle
            )
        assert planned is not None
        return planned[0], planned[1], promote

    def _layout(
        self,
        previous: Positions | None,
        afresh: bool,
        active: list[int],
        eligible: list[int],
        status: Mapping[int, Status],
        players: Mapping[int, SeatedPlayer],
        straddle: bool,
    ) -> tuple[Layout, Positions] | None:
        n_seats = self.seat_count
        # After a heads-up hand the button was the small blind: the dead-button method
        # has no button to keep, so the next hand is placed as with a moving button and
        # a new player after the big blind is dealt in at once (RULES 10.1).
        heads_up_before = previous is not None and previous.button == previous.small_blind
        if previous is not None and self.dead_button and not afresh and not heads_up_before:
            # RULES 8.4, TDA 32: the big blind moves to the next player due; the small
            # blind and the button follow on the seats before it, empty or not.
            big = _after(eligible, previous.big_blind, n_seats)
            small = previous.big_blind
            button = previous.small_blind
        else:
            # RULES 2.1: the button moves to the next player, the blinds follow it; TDA
            # 34-B: it moves on once more rather than give the big blind twice in a row.
            if previous is None or afresh:
                button = self._draw_button(active)
            else:
                button = _after(active, previous.button, n_seats)
            small = _after(active, button, n_seats)
            big = _after(eligible, small, n_seats)
            for _ in active:
                if previous is None or big != previous.big_blind:
                    break
                button = _after(active, button, n_seats)
                small = _after(active, button, n_seats)
                big = _after(eligible, small, n_seats)

        def between(seat: int, lo: int, hi: int) -> bool:
            """Whether ``seat`` lies strictly between ``lo`` and ``hi`` going clockwise."""
            return 0 < (seat - lo) % n_seats < (hi - lo) % n_seats

        rules = self._rules
        dealt = []
        for seat in eligible:
            kind = status[seat]
            if seat == big:
                dealt.append(seat)
            elif kind is Status.ACTIVE:
                # TDA 31: nobody is dealt in between the button and the small blind.
                if not between(seat, button, small):
                    dealt.append(seat)
            elif kind is Status.POSTING:
                # Robert's Rules: no entering between the button and the big blind.
                p = players[seat]
                owed_dead = rules.small_blind if p.owes_small else 0
                blocked = seat == button or big == button or between(seat, button, big)
                if not blocked and p.stack > owed_dead:
                    dealt.append(seat)
        if len(dealt) < 2:
            return None
        if len(dealt) == 2:
            # RULES 2.3, TDA 34-B: heads-up the button posts the small blind, and the big
            # blind goes to the player who did not post it last hand.
            if previous is None:
                hu_button = button if button in dealt else dealt[0]
            else:
                hu_big = _after(dealt, previous.big_blind, n_seats)
                hu_button = dealt[0] if hu_big == dealt[1] else dealt[1]
            hu_big = dealt[1] if hu_button == dealt[0] else dealt[0]
            layout = Layout(
                button=hu_button,
                small_blind=hu_button,
                big_blind=hu_big,
                dealt=tuple(dealt),
                heads_up=True,
                engine_button=dealt.index(hu_button),
            )
            return layout, Positions(hu_button, hu_button, hu_big)
        if big == button:
            return None
        n = len(dealt)
        b = dealt.index(big)
        # RULES 2.7: a straddle is a live bet of at least the big blind, so it covers a
        # live blind owed by the straddler.
        straddler = dealt[(b + 1) % n] if rules.straddle and straddle else None
        dead: dict[int, int] = {}
        live: dict[int, int] = {}
        for seat in dealt:
            p = players[seat]
            if seat != big and status[seat] is Status.POSTING:
                if p.owes_small and rules.small_blind:
                    dead[seat] = rules.small_blind
                if p.owes_big and seat != straddler:
                    live[seat] = rules.big_blind
        small_blind = small if small in dealt and status[small] is Status.ACTIVE else None
        if small_blind is not None and dealt[(b - 1) % n] != small_blind:
            return None
        layout = Layout(
            button=button,
            small_blind=small_blind,
            big_blind=big,
            dealt=tuple(dealt),
            heads_up=False,
            # The player on the button, or right of a dead button: last after the flop.
            engine_button=min(range(n), key=lambda i: (button - dealt[i]) % n_seats),
            dead=dead,
            live=live,
            straddler=straddler,
        )
        return layout, Positions(button, small, big)

    def _draw_button(self, active: list[int]) -> int:
        if self._first_button is not None and self._first_button in active:
            return self._first_button
        return active[int(self._button_draw * len(active))]

    def _accrue_missed(self, positions: Positions, dealt: Sequence[int]) -> None:
        """Players sitting out owe the blinds that passed their seats (RULES 10.1)."""
        previous = self._previous
        if previous is None:
            return
        n = self.seat_count
        for seat, p in enumerate(self._seats):
            # RULES 10.1: a player sitting out owes the blinds that pass, and so does a
            # busted player, who owes them on rebuying.
            away = p is not None and (p.status is Status.SITTING_OUT or p.stack == 0)
            if p is None or not away or p.fresh:
                continue
            if 0 < (seat - previous.big_blind) % n < (positions.big_blind - previous.big_blind) % n:
                p.owes_big = True
            span = (positions.small_blind - previous.small_blind) % n
            if 0 < (seat - previous.small_blind) % n <= span and seat not in dealt:
                p.owes_small = True


def _after(candidates: Sequence[int], seat: int, n_seats: int) -> int:
    """The first of ``candidates`` clockwise after ``seat`` (``seat`` itself last)."""
    chosen = set(candidates)
    for step in range(1, n_seats + 1):
        s = (seat + step) % n_seats
        if s in chosen:
            return s
    raise TableError("no player to move the blinds to")  # pragma: no cover
