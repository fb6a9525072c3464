"""The table deals, plays and settles hands (RULES 7.2, 10.2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bigblind.cards import Deck
from bigblind.engine.events import Forced, Posted
from bigblind.engine.hand import Hand
from bigblind.engine.pots import split
from bigblind.formats.phh import dump_session
from bigblind.sessions.table.blinds import _BlindPlan
from bigblind.sessions.table.records import HandRecord, TableHand
from bigblind.sessions.table.settings import Decide, Status, TableError

__all__ = ["Table"]


class Table(_BlindPlan):
    """A table of 2 to 23 seats (usually up to 10) where hands are dealt one after another.

    ``buy_in`` limits what a player brings (None: no limits), ``rake`` is the
    house's share, ``dead_button`` chooses the dead-button method (RULES 8.4)
    over the moving button. ``seed`` makes the decks and the first button
    reproducible; ``first_button`` names the seat of the first button
    (otherwise drawn at random). ``keep_history`` keeps every finished hand
    in :attr:`history`, for :meth:`phh`.
    """

    def start_hand(self, *, deck: Deck | None = None, level: int | None = None) -> TableHand:
        """Deal the next hand and return it, to be driven step by step.

        ``deck`` overrides the table's shuffle (for tests and replays);
        ``level`` is recorded (tournaments).
        """
        self._between_hands("start a hand")
        layout, positions, promote = self._plan()
        rules = self._rules
        seated = [self._seats[seat] for seat in layout.dealt]
        players = [p for p in seated if p is not None]
        stacks_before = tuple(p.stack for p in players)
        index = {seat: i for i, seat in enumerate(layout.dealt)}
        small = None if layout.small_blind is None else index[layout.small_blind]
        if deck is None:
            deck = Deck.shuffled(self._random.getrandbits(64)) if self._random else Deck()
        hand = Hand(
            rules,
            stacks_before,
            button=layout.engine_button,
            deck=deck,
            blind_seats=(small, index[layout.big_blind]),
            live_blinds={index[seat]: amount for seat, amount in layout.live.items()},
            dead_blinds={index[seat]: amount for seat, amount in layout.dead.items()},
        )
        # The hand is dealt: now the table changes.
        self._accrue_missed(positions, layout.dealt)
        for p in players:
            p.status = Status.ACTIVE
            p.owes_small = p.owes_big = False
            p.fresh = False
        for seat in promote:
            entering = self._seats[seat]
            assert entering is not None
            entering.status = Status.ACTIVE
            entering.owes_small = entering.owes_big = False
        self._previous = positions
        self.hands_played += 1
        names = tuple(p.name for p in players)
        self._current = TableHand(self.hands_played, hand, layout, names, stacks_before, level)
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
        )
        if self.keep_history:
            self._history.append(record)
        self._current = None
        return record

    def play_hand(
        self,
        decide: Decide | Mapping[int, Decide],
        *,
        deck: Deck | None = None,
        level: int | None = None,
    ) -> HandRecord:
        """Deal and play a whole hand: ``decide`` (one for all, or one per table seat)
        chooses each action from the seat's view."""
        current = self.start_hand(deck=deck, level=level)
        hand = current.hand
        while not hand.finished:
            actor = hand.actor
            if actor is None:  # pragma: no cover - auto dealing and showdown never wait
                raise TableError(f"the hand awaits {hand.awaiting}")
            seat = current.layout.dealt[actor]
            chooser = decide if callable(decide) else decide[seat]
            hand.act(chooser(hand.view(actor)), seat=actor)
        return self.finish_hand()

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
