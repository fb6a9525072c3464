"""The table deals, plays and settles hands (RULES 7.2, 10.2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bigblind.deck import Deck
from bigblind.engine.actions import Action
from bigblind.engine.events import Forced, Posted
from bigblind.engine.hand import Hand, HandView
from bigblind.engine.pots import split
from bigblind.formats.phh import dump_session
from bigblind.sessions.clock import TimedOut, Turn
from bigblind.sessions.table.blinds import BlindPlan
from bigblind.sessions.table.records import HandRecord, TableHand
from bigblind.sessions.table.settings import (
    Decide,
    RunTwiceDecide,
    Status,
    StraddleDecide,
    TableError,
)

__all__ = ["Table"]


class Table(BlindPlan):
    """A table of 2 to 23 seats (usually up to 10) where hands are dealt one after another.

    ``buy_in`` limits what a player brings (None: no limits), ``rake`` is the
    house's share, ``dead_button`` chooses the dead-button method (RULES 8.4)
    over the moving button. ``seed`` makes the decks and the first button
    reproducible; ``first_button`` names the seat of the first button
    (otherwise drawn at random). ``keep_history`` keeps every finished hand
    in :attr:`history`, for :meth:`phh`.

    ``time_to_act`` puts the players on a :class:`~bigblind.sessions.clock.Clock`
    (RULES 10.4), kept in :attr:`clock`; ``clock_time`` gives the current time
    in monotonic seconds (default :func:`time.monotonic`; a fake one in tests).
    The clock follows the hands played by :meth:`play_hand`, or driven by
    :meth:`act` and :meth:`time_out`.

    ``showdown="manual"`` leaves the showdown to the caller, who shows or mucks
    each hand in turn (:meth:`~bigblind.engine.Hand.show`,
    :meth:`~bigblind.engine.Hand.muck`; RULES 6.7) as a person at the table
    chooses; :meth:`play_hand` needs the default, ``"auto"``.

    Without a seed every deck is shuffled from the operating system's secure
    source (RULES 1.2); a seed is for tests, simulations and replays.
    """

    def start_hand(
        self,
        *,
        deck: Deck | None = None,
        level: int | None = None,
        straddle: bool = False,
        now: float | None = None,
        bomb_pot: int = 0,
    ) -> TableHand:
        """Deal the next hand and return it, to be driven step by step.

        ``deck`` overrides the table's shuffle (for tests and replays);
        ``level`` is recorded (tournaments); ``straddle`` says that the player
        offered the straddle (:meth:`straddle_offer`) takes it (RULES 2.7);
        ``now`` starts the first player's clock (default: the table's time).
        ``bomb_pot`` makes the hand a bomb pot (RULES 12.1): every player dealt in
        antes that much and nobody posts a blind; the button and the blinds move on
        as after any hand, and blinds a player owed are settled by the ante.
        """
        self._between_hands("start a hand")
        if bomb_pot and straddle:
            raise TableError("a bomb pot has no straddle: it posts no blinds (RULES 12.1)")
        plan = self.plan_deal(straddle=straddle)
        if deck is None:
            # The game's own deck (RULES 11.3: 36 cards in short deck).
            cards = plan.rules.game.deck if len(plan.rules.game.deck) < 52 else None
            seed = self._random.getrandbits(64) if self._random else None
            deck = Deck.shuffled(seed, cards=cards)
        hand = Hand(
            plan.rules,
            plan.stacks,
            button=plan.button,
            deck=deck,
            blind_seats=None if bomb_pot else plan.blind_seats,
            live_blinds=None if bomb_pot else plan.live_blinds,
            dead_blinds=None if bomb_pot else plan.dead_blinds,
            offer_run_twice=self.run_it_twice,
            showdown=self.showdown,
            bomb_pot=bomb_pot,
        )
        self.commit_deal(plan)
        layout, stacks_before = plan.layout, plan.stacks
        self._current = TableHand(self.hands_played, hand, layout, plan.names, stacks_before, level)
        self._timeouts = []
        self._start_turn(now)
        return self._current

    def finish_hand(self) -> HandRecord:
        """Settle the finished hand: rake and stacks (RULES 7.2, 10.2)."""
        current = self._current
        if current is None:
            raise TableError("no hand is being played")
        hand = current.hand
        if not hand.finished or hand.result is None:
            raise TableError(f"the hand is not over: it awaits {hand.awaiting}")
        result = hand.result
        layout = current.layout
        n = hand.seats
        dead = [0] * n
        for event in hand.events:
            if isinstance(event, Posted) and event.kind is Forced.DEAD_BLIND:
                dead[event.seat] += event.amount
        pots = [pot.amount for pot in result.pots]
        winners = [pot.winners for pot in result.pots]
        total = sum(pots)
        rake = 0 if self.rake is None else self.rake.of(total, flop=bool(hand.board))
        winnings = [0] * n
        for amount, taken, who in zip(pots, _share_out(rake, pots), winners, strict=True):
            shares = split(amount - taken, winners=who, button=hand.button, seats=n)
            for seat, share in zip(who, shares, strict=True):
                winnings[seat] += share
        stacks_after = []
        for i, seat in enumerate(layout.dealt):
            p = self._seats[seat]
            assert p is not None
            p.stack = result.stacks[i] - result.payouts[i] + winnings[i]
            stacks_after.append(p.stack)
        self.rake_taken += rake
        record = HandRecord(
            current,
            tuple(dead),
            rake,
            tuple(winnings),
            tuple(stacks_after),
            self.name,
            self.seat_count,
            tuple(self._timeouts),
        )
        if self.keep_history:
            self._history.append(record)
        self._current = None
        if self.clock is not None:
            self.clock.hand_finished()
            self._sit_out_away()
        return record

    def play_hand(
        self,
        decide: Decide | Mapping[int, Decide],
        *,
        deck: Deck | None = None,
        level: int | None = None,
        straddle: StraddleDecide | Mapping[int, StraddleDecide] | None = None,
        run_twice: RunTwiceDecide | Mapping[int, RunTwiceDecide] | None = None,
    ) -> HandRecord:
        """Deal and play a whole hand: ``decide`` (one for all, or one per table seat)
        chooses each action from the seat's view.

        ``straddle`` (one for all, or one per table seat) is asked whether the
        player offered the straddle takes it (RULES 2.7); without an answer
        nobody straddles. ``run_twice`` (one for all, or one per table seat) is
        asked whether each player still in agrees to run it twice (RULES
        10.3); without an answer the board is run once.
        """
        offer = self.straddle_offer()
        take = False
        if offer is not None and straddle is not None:
            ask = straddle if callable(straddle) else straddle.get(offer.seat)
            take = ask is not None and ask(offer) is True
        self.start_hand(deck=deck, level=level, straddle=take)
        self.play_turns(decide, run_twice=run_twice)
        return self.finish_hand()

    def play_turns(
        self,
        decide: Decide | Mapping[int, Decide],
        *,
        run_twice: RunTwiceDecide | Mapping[int, RunTwiceDecide] | None = None,
    ) -> None:
        """Play the hand being dealt to its end, asking ``decide`` (one for all, or one per
        table seat) for each action, on the table's clock when it has one (RULES 10.4),
        and ``run_twice`` whether to run it twice (RULES 10.3)."""
        current = self._playing("play")
        hand = current.hand
        while not hand.finished:
            asked = self.runs_offer()
            if asked:
                views = {seat: hand.view(current.hand_seat(seat)) for seat in asked}
                self.choose_runs(s for s in asked if _agrees(run_twice, s, views[s]))
                continue
            actor = hand.actor
            if actor is None:  # pragma: no cover - auto dealing and showdown never wait
                raise TableError(f"the hand awaits {hand.awaiting}")
            # An away player's turn has expired as it began: no question is asked.
            if self.time_out() is not None:
                continue
            seat = current.layout.dealt[actor]
            chooser = decide if callable(decide) else decide[seat]
            action = chooser(hand.view(actor))
            if self.clock is None:
                hand.act(action, seat=actor)
                continue
            now = self._time()
            if self.time_out(now) is None:
                self.act(action, now=now)

    # ----------------------------------------------------------- run it twice

    def runs_offer(self) -> tuple[int, ...]:
        """The table seats asked whether to run it twice (RULES 10.3), else ().

        At a table with ``run_it_twice``, once the betting has ended with
        players all-in before the river, every player still in is asked.
        """
        current = self._current
        if current is None or current.hand.awaiting != "runs":
            return ()
        hand = current.hand
        return tuple(seat for i, seat in enumerate(current.seats) if not hand.folded[i])

    def choose_runs(self, agreed: Iterable[int]) -> int:
        """Run the rest of the board twice when every seat asked is in ``agreed`` (the
        table seats that said yes), else once: a refusal or no answer means one run
        (RULES 10.3). Returns the number of runs."""
        asked = self.runs_offer()
        if not asked:
            raise TableError("nobody is asked to run it twice now")
        yes = set(agreed)
        strangers = sorted(yes - set(asked))
        if strangers:
            raise TableError(f"seats {strangers} were not asked: the seats asked are {asked}")
        hand = self._playing("run it twice").hand
        if yes == set(asked) and hand.can_run_twice:
            hand.run_twice()
            return 2
        hand.run_once()
        return 1

    # ------------------------------------------------------------------- clock

    @property
    def turn(self) -> Turn | None:
        """The turn on the clock (RULES 10.4): who, until when, how much of it is bank."""
        return None if self.clock is None else self.clock.turn

    def act(self, action: Action | str, *, now: float | None = None) -> None:
        """Play ``action`` (an engine Action or its text) for the seat to act at ``now``
        (default: the table's time).

        On the clock, an action after the time ran out is refused (the turn is
        timed out instead, :meth:`time_out`); the time past the decision time
        is drawn from the player's bank. An illegal action changes nothing.
        """
        current = self._playing("act")
        hand = current.hand
        clock = self.clock
        turn = None if clock is None else clock.turn
        moment = 0.0 if turn is None else self._now(now)
        if clock is not None and turn is not None and clock.expired(moment):
            raise TableError(
                f"{turn.name}'s time to act ran out: the table checks or folds for them"
            )
        hand.act(action, seat=hand.actor)
        if clock is not None and turn is not None:
            clock.end_turn(moment)
        self._start_turn(now if turn is None else moment)

    def time_out(self, now: float | None = None) -> TimedOut | None:
        """Time out the seat to act if its time has run out at ``now`` (RULES 10.4).

        The table checks when that is free, else folds, and the player is
        marked away. Returns the timeout, or None when there is time left (or
        no clock, or no turn).
        """
        current = self._playing("time out a turn")
        hand = current.hand
        clock = self.clock
        legal = hand.legal
        if clock is None or clock.turn is None or legal is None:
            return None
        moment = self._now(now)
        if not clock.expired(moment):
            return None
        event = clock.time_out(moment, legal, hand=current.number)
        hand.act(event.action, seat=hand.actor)
        self._timeouts.append(event)
        self._start_turn(moment)
        return event

    def _start_turn(self, now: float | None) -> None:
        clock, current = self.clock, self._current
        if clock is None or current is None:
            return
        hand = current.hand
        if hand.legal is None or hand.actor is None:
            clock.stop()
            return
        clock.start_turn(current.names[hand.actor], self._now(now))

    def _sit_out_away(self) -> None:
        """Away players sit out from the next hand until they say they are back (RULES 10.4)."""
        if self.clock is None or not self.sit_out_away:
            return
        for p in self._seats:
            if p is not None and self.clock.is_away(p.name) and p.status is not Status.SITTING_OUT:
                p.status = Status.SITTING_OUT

    def _now(self, now: float | None) -> float:
        return self._time() if now is None else now

    def _playing(self, what: str) -> TableHand:
        if self._current is None:
            raise TableError(f"cannot {what}: no hand is being played")
        return self._current

    def phh(self, records: Iterable[HandRecord] | None = None, **metadata: object) -> str:
        """The hands played (or ``records``) as one PHH ``.phhs`` text."""
        chosen = self._history if records is None else records
        return dump_session(((r.hand, r.phh_fields()) for r in chosen), **metadata)

    def __repr__(self) -> str:
        name = "" if self.name is None else f" {self.name!r}"
        return (
            f"<Table{name} {len(self.players)}/{self.seat_count} seated,"
            f" {self.hands_played} hands played>"
        )


def _agrees(
    run_twice: RunTwiceDecide | Mapping[int, RunTwiceDecide] | None, seat: int, view: HandView
) -> bool:
    """Whether the player in ``seat`` said yes to running it twice; no answer is a no."""
    if run_twice is None:
        return False
    ask = run_twice if callable(run_twice) else run_twice.get(seat)
    return ask is not None and ask(view) is True


def _share_out(total: int, amounts: Sequence[int]) -> list[int]:
    """``total`` divided in proportion to ``amounts``, odd chips to the first ones.

    >>> _share_out(5, [100, 50, 50])
    [3, 1, 1]
    """
    whole = sum(amounts)
    if not total or not whole:
        return [0] * len(amounts)
    parts = [total * a // whole for a in amounts]
    rest = total - sum(parts)
    order = sorted(range(len(amounts)), key=lambda i: -(total * amounts[i] % whole))
    for i in order[:rest]:
        parts[i] += 1
    return parts
