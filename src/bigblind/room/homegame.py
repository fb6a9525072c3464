"""A room's home-game options (RULES 12): bomb pots, seven-deuce, the rabbit hunt.

:class:`RoomHomeGame` applies these events for
:class:`~bigblind.room.state.RoomState`. A bomb pot (RULES 12.1) is a hand
where every player dealt in antes an agreed amount, no blinds are posted and
the hand starts on the flop: called by the host for the next hand, or dealt
every so many hands by the room's settings. Seven-deuce (RULES 12.2): a
player who wins a pot holding 7-2 and shows it collects a bounty from every
other player dealt in, after the pots, at the hand's end or when the cards are
turned up after it; the chips move between stacks, each payment in the
ledger, and none leaves the table. The rabbit hunt (RULES 12.3) turns up
the board cards that would have come after a hand ended before the river:
they are read from the hand's own deck, the one stored with its
``hand_started`` event, past every card the hand dealt, with a burn before
each street as the engine deals them (RULES 3.2), so they are the cards the
table would have seen. They change nothing: the pots are awarded already.

>>> from bigblind.engine.events import Burned, HoleDealt
>>> deck = list(range(52))
>>> dealt = [HoleDealt(0, 0), HoleDealt(1, 1), HoleDealt(0, 2), HoleDealt(1, 3)]
>>> [int(card) for card in rabbit_cards(deck, dealt, board=())]  # burn 4, flop, burn 8, ...
[5, 6, 7, 9, 11]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bigblind.cards import CARDS, Card, format_cards
from bigblind.engine.events import BoardDealt, Burned, Event, HoleDealt, RunBoardDealt, Shown
from bigblind.room.people import RoomPeople
from bigblind.room.settings import RoomError
from bigblind.sessions.table import HandRecord

__all__ = ["RoomHomeGame", "rabbit_cards", "seven_deuce_winners"]

_STREETS = (3, 1, 1)  # the flop, the turn, the river (RULES 3.3)


def rabbit_cards(
    deck: Sequence[int], events: Sequence[Event], board: Sequence[Card]
) -> tuple[Card, ...]:
    """The board cards that would have followed ``board``, dealt from ``deck`` (the
    hand's whole deck, top first) after every card the hand's ``events`` (the house's
    record) dealt, each street after its burn as the engine deals (RULES 3.2; RULES
    1.3: no burn where it would leave too few cards)."""
    used = 0
    for event in events:
        if isinstance(event, HoleDealt | Burned):
            used += 1
        elif isinstance(event, BoardDealt | RunBoardDealt):
            used += len(event.cards)
    left = [CARDS[c] for c in deck[used:]]
    out: list[Card] = []
    size = len(board)
    for street_size in _STREETS[_street_index(size) :]:
        to_come = 5 - size
        if len(left) - 1 >= to_come:
            left.pop(0)  # the burn: seen by nobody (RULES 3.2)
        out += left[:street_size]
        del left[:street_size]
        size += street_size
    return tuple(out)


def _street_index(board: int) -> int:
    return 0 if board == 0 else 1 if board == 3 else 2 if board == 4 else 3


def seven_deuce_winners(record: HandRecord, shown_after: Mapping[int, Sequence[int]]) -> list[int]:
    """The hand seats of ``record`` that won a pot holding 7-2, any suits, and showed both
    cards, at the showdown or after the hand (``shown_after``: the places of the cards
    each table seat turned up, RULES 12.4): those owed the seven-deuce bounty (RULES 12.2).
    A share of a split pot is a pot won; a side pot of the winner's own chips alone (a
    bomb pot's ante over a short stack's) is not."""
    hand = record.hand
    result = hand.result
    if result is None:
        return []
    # Each pot's layer of chips from each player in it: a pot of more than its winner's
    # own layer holds someone else's chips (RULES 6.4).
    pots, contributions = hand.pots, hand.contributions
    contested, level = [], 0
    for pot in pots:
        top = min(contributions[seat] for seat in pot.eligible) if pot.eligible else level
        contested.append(pot.amount > top - level)
        level = top
    won = {
        seat
        for run in result.runs
        for index, pot in enumerate(run.pots)
        if pot.amount and (index >= len(contested) or contested[index])
        for seat in pot.winners
    }
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    out = []
    for seat in sorted(won):
        hole = hand.hole(seat)
        if len(hole) != 2 or sorted(str(c)[0] for c in hole if c is not None) != ["2", "7"]:
            continue
        table_seat = record.seats[seat]
        if seat in shown or len(shown_after.get(table_seat, ())) == 2:
            out.append(seat)
    return out


class RoomHomeGame(RoomPeople):
    """The events of the home-game options (see the module's documentation)."""

    def _settle_seven_deuce(self, record: HandRecord, at: float) -> list[dict[str, int]]:
        """Pay the seven-deuce bounty of ``record``'s hand (RULES 12.2) to each winner with
        7-2 shown and not paid yet: from every other player dealt in and still in their
        seat, what they have when short. Returns the payments, by table seat."""
        bounty = self.settings.seven_deuce
        if not bounty:
            return []
        paid = self.seven_deuce.setdefault(record.number, [])
        done = {p["winner"] for p in paid}
        new = []
        picks = self.shown_picks.get(record.number, {})
        for hand_seat in seven_deuce_winners(record, picks):
            winner = record.seats[hand_seat]
            name = record.names[hand_seat]
            occupant = self.occupants.get(winner)
            if winner in done or occupant is None or occupant.name != name:
                continue
            for other, payer in enumerate(record.seats):
                who = self.occupants.get(payer)
                player = self.table.player(payer)
                if other == hand_seat or who is None or who.name != record.names[other]:
                    continue  # left since the hand: nobody to pay
                if player is None or player.stack == 0:
                    continue
                chips = self.table.pay(payer, winner, bounty)
                self.ledger.record(name, "seven-deuce", chips, at)
                self.ledger.record(who.name, "seven-deuce", -chips, at)
                new.append({"winner": winner, "from": payer, "chips": chips})
        paid += new
        return new

    def _on_shown(self, e: dict[str, Any]) -> None:
        super()._on_shown(e)
        record = self.last_record
        if record is not None:  # a 7-2 that won uncontested, turned up after (RULES 12.2)
            self._settle_seven_deuce(record, float(e["at"]))

    def rabbit_offered(self) -> bool:
        """Whether anyone may ask for the rabbit now (RULES 12.3): the room allows it, and
        the last hand ended before the river, with its rabbit not yet turned up."""
        record = self.last_record
        if not self.settings.rabbit_hunting or self.current is not None or record is None:
            return False
        hand = record.hand
        return len(hand.board) < 5 and len(hand.boards) == 1 and record.number not in self.rabbits

    def bomb_pot_due(self) -> int:
        """Each player's ante if the next hand is a bomb pot (RULES 12.1), else 0: one the
        host called, or the room's every ``bomb_pot_every`` hands."""
        if self.bomb_called:
            return self.bomb_called
        s = self.settings
        upcoming = self.hand_number + 1  # the number of the next hand dealt
        if s.bomb_pot and s.bomb_pot_every and upcoming % s.bomb_pot_every == 0:
            return s.bomb_pot
        return 0

    def _on_bomb_pot_called(self, e: dict[str, Any]) -> None:
        amount = e["amount"]
        most = self.settings.max_buy_in
        if self.sng is not None:
            raise RoomError("bomb pots are for cash games: a sit-and-go keeps to its levels")
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= most:
            raise RoomError(
                f"a bomb pot of {amount!r}: each player puts in 1 to {most:,} chips (the"
                " maximum buy-in), or 0 to call it off"
            )
        if self.ended:
            raise RoomError("the game is over")
        self.bomb_called = amount

    def _on_rabbit_hunted(self, e: dict[str, Any]) -> None:
        record = self.last_record
        if not self.settings.rabbit_hunting:
            raise RoomError("this room does not allow rabbit hunting")
        if self.current is not None or record is None:
            raise RoomError("the rabbit is hunted after a hand, before the next deal")
        if record.number in self.rabbits:
            raise RoomError("the rabbit of this hand is on the table already")
        hand = record.hand
        if len(hand.board) == 5 or len(hand.boards) > 1:
            raise RoomError("this hand's board was dealt to the river: there is no rabbit")
        cards = rabbit_cards(self.last_deck, hand.events, hand.board)
        self.rabbits[record.number] = format_cards(cards, " ")
        self.rabbit_by[record.number] = str(e.get("name") or "")
