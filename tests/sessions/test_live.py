"""Live mode: a person deals, bigblind keeps the game and rules on dealer errors (RULES 9)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind import Card, CardError, IllegalActionError, Rules, parse_cards
from bigblind.engine.events import BoardDealt, Burned, HandStarted, HoleDealt, Posted, Street
from bigblind.formats.phh import loads, replay
from bigblind.sessions.live import (
    BoardExposed,
    CardDealt,
    DealerError,
    DealStarted,
    ErrorReported,
    LiveHand,
    LiveSession,
    Misdealt,
    ProcedureApplied,
    StubShuffled,
)

NL = Rules.no_limit(blinds=(1, 2))
MISDEAL = (
    "Misdeal: collect all cards, reshuffle and deal again."
    " The button does not move; the same blinds play."
)


def live_hand(players: int, *, button: int | None = None, stack: int = 100) -> LiveHand:
    return LiveHand(NL, [stack] * players, button=players - 1 if button is None else button)


def deal_unknown(live: LiveHand, count: int) -> None:
    for _ in range(count):
        assert live.deal_hole() is None


def procedures(live: LiveHand) -> list[ProcedureApplied]:
    return [e for e in live.events if isinstance(e, ProcedureApplied)]


def burns(live: LiveHand) -> list[Burned]:
    """The burns of the current deal."""
    events = live.events
    start = max(i for i, e in enumerate(events) if isinstance(e, DealStarted))
    return [e for e in events[start:] if isinstance(e, Burned)]


# ---------------------------------------------------------------- dealing order


# RULES 3.1: one card at a time from left of the button; heads-up the big blind first.
def test_dealing_order_and_next_step() -> None:
    live = live_hand(3, button=2)
    assert live.awaiting == "hole card"
    seen = []
    for _ in range(6):
        seen.append((live.due_seat, live.next_step))
        live.deal_hole()
    assert [seat for seat, _ in seen] == [0, 1, 2, 0, 1, 2]
    assert seen[0][1] == "Deal the first card to seat 0"
    assert seen[4][1] == "Deal the second card to seat 1"
    assert live.next_step == "Seat 2 to act: fold, call 2, raise to 4-100"
    heads_up = live_hand(2, button=0)
    assert heads_up.due_seat == 1  # the big blind
    # The engine gets the cards once the deal is complete.
    assert [e.seat for e in live.events if isinstance(e, HoleDealt)] == [0, 0, 1, 1, 2, 2]


def test_a_card_cannot_be_dealt_twice() -> None:
    live = live_hand(3)
    live.deal_hole(card="As")
    with pytest.raises(CardError, match="As is already out"):
        live.deal_hole(card="As")
    assert live.due_seat == 1  # nothing changed
    deal_unknown(live, 5)
    live.call()
    live.call()
    live.check()
    live.burn("Kd")
    with pytest.raises(CardError, match="Kd is already out"):
        live.deal_board("Kd Qd Jd")
    with pytest.raises(IllegalActionError, match="already taken"):
        live.burn()
    assert live.deal_board("2c 3c 4c") is None
    assert burns(live) == [Burned(Card.parse("Kd"))]


def test_unknown_cards_are_checked_when_shown() -> None:
    live = live_hand(2, button=1)
    for card in ("Ah", None, None, "Kh"):  # seat 0 Ah ?, seat 1 ? Kh
        live.deal_hole(card=card)
    live.call()
    live.check()
    for board in ("2c 7d 9h", "Ts", "3d"):
        live.deal_board(board)
        live.check()
        live.check()
    assert live.awaiting == "show" and live.actor == 0
    with pytest.raises(IllegalActionError, match="has not seen them"):
        live.show()
    with pytest.raises(CardError, match=r"it was dealt Ah \?\?"):
        live.show("Qs Qd")
    with pytest.raises(CardError, match="Ts is already out"):
        live.show("Ah Ts")
    live.show("Ah Ad")
    with pytest.raises(CardError, match="Ad is already out"):
        live.show("Kh Ad")
    live.show("Kh Kd")
    assert live.finished and live.result is not None
    assert live.result.stacks == (102, 98)
    assert live.summary() == ["seat 0 wins the pot (4) with One pair, aces, ten-nine-seven kickers"]


# ------------------------------------------------------------------- RULES 9.1


# RULES 9.1: the first or the second card of the deal exposed is a misdeal.
@pytest.mark.parametrize("position", [1, 2])
def test_first_or_second_card_exposed_is_a_misdeal(position: int) -> None:
    live = live_hand(4, button=3)
    deal_unknown(live, position - 1)
    ruling = live.deal_hole(card="7c", exposed=True)
    assert ruling is not None and ruling.misdeal
    assert ruling.error.kind is DealerError.EXPOSED_CARD
    assert ruling.error.position == position and ruling.error.seat == position - 1
    assert ruling.error.cards == parse_cards("7c")
    assert ruling.procedure == ProcedureApplied("9.1", MISDEAL)
    assert live.deal_number == 2 and live.stub == 52
    assert live.next_step == "Deal the first card to seat 0"
    # The record holds both deals, each with the same button and blinds.
    events = live.events
    assert [e for e in events if isinstance(e, DealStarted)] == [DealStarted(1), DealStarted(2)]
    starts = [e for e in events if isinstance(e, HandStarted)]
    assert starts == [HandStarted((100,) * 4, 3)] * 2
    posts = [e for e in events if isinstance(e, Posted)]
    assert posts[:2] == posts[2:]
    assert any(isinstance(e, Misdealt) and e.deal == 1 for e in events)
    assert events.index(ruling.error) < events.index(DealStarted(2))
    # The redeal: the 7c is back in the deck.
    live.deal_hole(card="7c")
    deal_unknown(live, 7)
    assert live.awaiting == "action"


# RULES 9.1: two cards exposed is a misdeal, even when the first alone was not.
def test_two_exposed_cards_are_a_misdeal() -> None:
    live = live_hand(4, button=3)
    deal_unknown(live, 3)
    first = live.deal_hole(card="Ac", exposed=True)
    assert first is not None and first.procedure.rule == "9.3"
    second = live.deal_hole(card="Kc", exposed=True)
    assert second is not None and second.misdeal
    assert second.error.position == 5
    assert live.deal_number == 2


# RULES 9.1: a card to the wrong seat (out of turn) is a misdeal.
def test_card_out_of_turn_is_a_misdeal() -> None:
    live = live_hand(5, button=0)
    deal_unknown(live, 2)  # seats 1 and 2
    ruling = live.deal_hole(seat=4)
    assert ruling is not None and ruling.misdeal
    assert ruling.error.kind is DealerError.WRONG_SEAT
    assert ruling.error.text == "Card 3 of the deal went to seat 4; it was seat 3's card"
    assert live.deal_number == 2 and live.button == 0


# RULES 9.1: a third card to a seat is a wrong number of cards.
def test_third_card_to_a_seat_is_a_misdeal() -> None:
    live = live_hand(3, button=2)
    deal_unknown(live, 5)  # seat 1 has its two cards, seat 2 is due
    ruling = live.deal_hole(seat=1)
    assert ruling is not None and ruling.misdeal
    assert ruling.error.kind is DealerError.WRONG_COUNT
    assert ruling.error.text == "Card 6 of the deal went to seat 1, who holds two cards already"


# RULES 9.1: a player found with the wrong number of cards, before substantial action.
def test_wrong_number_of_cards_is_a_misdeal() -> None:
    live = live_hand(4, button=3)
    deal_unknown(live, 8)
    live.fold()  # one action: no substantial action yet
    ruling = live.report_wrong_count(2, 1)
    assert ruling.misdeal and ruling.error.kind is DealerError.WRONG_COUNT
    assert ruling.error.text == "Seat 2 holds 1 card, not 2"
    assert live.deal_number == 2 and live.stacks == (99, 98, 100, 100)
    assert live.hand.starting_stacks == (100,) * 4
    # RULES 9.1: a seat not entitled to a hand was dealt in.
    deal_unknown(live, 3)
    assert live.misdeal("a card was dealt to the empty seat 6").misdeal
    assert live.deal_number == 3


# ------------------------------------------------------------------- RULES 9.2


# RULES 9.2: two actions in turn of which one put chips in, or three actions in turn.
@pytest.mark.parametrize(
    ("actions", "refused"),
    [
        (["fold"], False),
        (["fold", "fold"], False),
        (["call", "fold"], True),
        (["fold", "raise 6"], True),
        (["fold", "fold", "fold"], True),
    ],
)
def test_misdeal_refused_after_substantial_action(actions: list[str], refused: bool) -> None:
    live = live_hand(6, button=5)
    deal_unknown(live, 12)
    for action in actions:
        live.act(action)
    before = live.stacks
    ruling = live.report_wrong_count(5, 3)  # the button, yet to act
    if refused:
        # RULES 9.2: after substantial action the hand is dead; the chips stay in.
        assert ruling.procedure.rule == "9.2" and not ruling.misdeal
        assert ruling.procedure.text.startswith("No misdeal: substantial action has taken place")
        assert ruling.procedure.text.endswith(
            "Seat 5's hand is dead; the chips already in stay in the pot."
        )
        assert live.dead_seats == {5}
        assert live.deal_number == 1 and live.stacks == before
        assert [e for e in live.events if isinstance(e, Misdealt)] == []
    else:
        assert ruling.misdeal and live.deal_number == 2
        assert live.stacks == (99, 98, 100, 100, 100, 100)


# ------------------------------------------------------------------- RULES 9.3


# RULES 9.3: one card exposed (not the first two): the deal goes on, the player gets
# the top card after the deal, the exposed card is the burn before the flop.
def test_one_exposed_card_is_replaced_and_burnt() -> None:
    live = live_hand(4, button=3)
    deal_unknown(live, 4)
    ruling = live.deal_hole(card="Qh", exposed=True)  # card 5, to seat 0
    assert ruling is not None and not ruling.misdeal
    assert ruling.error == ErrorReported(
        DealerError.EXPOSED_CARD,
        "Card 5 of the deal, the Qh to seat 0, was exposed",
        0,
        parse_cards("Qh"),
        5,
    )
    assert ruling.procedure == ProcedureApplied(
        "9.3",
        "Set the exposed Qh aside; after the deal give seat 0 the top card;"
        " the Qh is the burn before the flop.",
    )
    assert live.next_step == "Deal the second card to seat 1"
    deal_unknown(live, 3)
    assert live.next_step == "Give seat 0 the top card: it replaces the exposed Qh (RULES 9.3)"
    with pytest.raises(CardError):
        live.deal_hole(card="Qh")
    live.deal_hole(card="2s")
    assert live.holes(0) == (None, Card.parse("2s"))
    assert live.stub == 52 - 9
    for _ in range(4):
        live.call() if live.legal and live.legal.call else live.check()
    assert live.next_step == "Deal the flop without a burn: the exposed Qh is the burn (RULES 9.3)"
    with pytest.raises(IllegalActionError, match="the exposed Qh is the burn"):
        live.burn()
    live.deal_board("3d 4d 5d")
    assert burns(live) == [Burned(Card.parse("Qh"))]
    assert live.stub == 52 - 9 - 3
    assert live.next_step == "Seat 0 to act: check, bet 2-98"


# ------------------------------------------------------------------- RULES 9.4


# RULES 9.4: a flop dealt before the pre-flop betting ended goes back into the stub;
# the burn stays; a new flop comes without a burn.
def test_flop_before_the_betting_ended() -> None:
    live = live_hand(3, button=2)
    deal_unknown(live, 6)
    live.call()
    ruling = live.deal_board("Jc Ts 2d")
    assert ruling is not None and ruling.error.kind is DealerError.EARLY_FLOP
    assert ruling.procedure == ProcedureApplied(
        "9.4",
        "Mix the Jc Ts 2d back into the stub and shuffle it; the burn card stays."
        " When the pre-flop betting is over, deal a new flop without a burn.",
    )
    events = live.events
    assert events[-4:-2] == (
        BoardExposed(Street.FLOP, parse_cards("Jc Ts 2d")),
        StubShuffled(parse_cards("Jc Ts 2d")),
    )
    assert burns(live) == [Burned(None)] and live.stub == 52 - 6 - 1
    assert live.board == () and live.next_step.startswith("Seat 0 to act")
    live.call()
    live.check()
    assert live.next_step == "Deal a new flop without a burn (RULES 9.4)"
    with pytest.raises(IllegalActionError, match="no burn before the flop"):
        live.burn()
    live.deal_board("Jc 9s 2d")  # the returned cards may come again
    assert live.board == parse_cards("Jc 9s 2d") and len(burns(live)) == 1
    assert live.next_step == "Seat 0 to act: check, bet 2-98"


# RULES 9.4: the cards of a premature flop went back into the stub after every hole card
# was dealt, so no player holds one: showing one as a hole card is refused.
def test_a_card_turned_up_from_the_stub_is_nobody_s_hole_card() -> None:
    live = live_hand(3, button=2)
    deal_unknown(live, 6)
    live.call()
    live.deal_board("Jc Ts 2d")  # before the betting ended
    live.call()
    live.check()
    for board in ("Jh 9s 3d", "4h", "5h"):
        live.deal_board(board)  # the burn due is taken with it
        for _ in range(3):
            live.check()
    assert live.hand.awaiting == "show"
    with pytest.raises(CardError, match=r"cannot show Ts: it was turned up from the stub.*9\.4"):
        live.show("Ts Ac")
    assert live.hand.awaiting == "show"  # nothing changed
    live.show("Ad Ac")


# RULES 9.4: flop cards turned while the hole cards are still being dealt.
def test_flop_during_the_deal() -> None:
    live = live_hand(3, button=2)
    deal_unknown(live, 4)
    ruling = live.deal_board("Jc Ts")
    assert ruling is not None and ruling.procedure.rule == "9.4"
    assert live.next_step == "Deal the second card to seat 1" and live.stub == 52 - 4 - 1
    deal_unknown(live, 2)
    check_round(live)
    assert live.next_step == "Deal a new flop without a burn (RULES 9.4)"
    live.deal_board("Jc Ts 2d")
    assert len(burns(live)) == 1 and live.stub == 52 - 6 - 1 - 3


# RULES 9.4: a flop with too many cards is dealt again the same way.
def test_flop_with_too_many_cards() -> None:
    live = live_hand(2, button=0)
    deal_unknown(live, 4)
    live.call()
    live.check()
    ruling = live.deal_board("Jc Ts 2d 8h")
    assert ruling is not None and ruling.error.kind is DealerError.FLOP_TOO_MANY
    assert ruling.error.text == "The flop was dealt with 4 cards: Jc Ts 2d 8h"
    assert ruling.procedure.text.endswith("Deal a new flop without a burn.")
    assert live.stub == 52 - 4 - 1 and live.awaiting == "flop"
    live.deal_board("8h Ts 3c")
    assert live.awaiting == "action" and live.stub == 52 - 4 - 1 - 3


# ------------------------------------------------------------------- RULES 9.5


# RULES 9.5: a turn exposed before the flop betting ended is set aside; the next card
# (after a burn) is the turn; after the turn betting it goes back and the river has no burn.
def test_turn_exposed_early() -> None:
    live = live_hand(2, button=0)
    deal_unknown(live, 4)
    live.call()
    live.check()
    live.deal_board("2c 3c 4c")
    live.check()  # the big blind checks; the button has not acted
    ruling = live.deal_board("Kd")
    assert ruling is not None and ruling.error.kind is DealerError.EARLY_TURN
    assert ruling.procedure == ProcedureApplied(
        "9.5",
        "Set the Kd aside. After the flop betting burn a card and deal the next card as"
        " the turn; after the turn betting put the Kd back into the stub, shuffle it and"
        " deal the river without a burn.",
    )
    assert live.set_aside == parse_cards("Kd")
    assert live.stub == 52 - 4 - 1 - 3 - 1 - 1
    live.check()
    assert live.next_step == "Burn a card and deal the turn"
    with pytest.raises(CardError, match="Kd is already out"):
        live.deal_board("Kd")
    live.deal_board("9s")
    assert len(burns(live)) == 3  # flop, the early turn, the turn
    live.check()
    live.check()
    assert live.next_step == (
        "Put the set-aside Kd back into the stub and shuffle it, then deal the river"
        " without a burn (RULES 9.5)"
    )
    live.deal_board("Kd")  # back in the stub: it may come as the river
    assert StubShuffled(parse_cards("Kd")) in live.events
    assert live.board == parse_cards("2c 3c 4c 9s Kd") and len(burns(live)) == 3
    assert live.stub == 52 - 4 - 3 - 3 - 2


# ------------------------------------------------------------------- RULES 9.6


# RULES 9.6: a river exposed before the turn betting ended goes back into the stub after
# the turn betting; the river is dealt again without a burn.
def test_river_exposed_early() -> None:
    live = live_hand(3, button=2)
    deal_unknown(live, 6)
    live.call()
    live.call()
    live.check()
    live.deal_board("2c 3c 4c")
    for _ in range(3):
        live.check()
    live.deal_board("5h")
    live.act("bet 10")
    ruling = live.deal_board("As")
    assert ruling is not None and ruling.error.kind is DealerError.EARLY_RIVER
    assert ruling.error.text == "The river card As was exposed before the turn betting ended"
    assert ruling.procedure.text == (
        "Set the As aside. After the turn betting put it back into the stub, shuffle the"
        " stub and deal the river without a burn."
    )
    live.call()
    live.fold()
    assert live.next_step == (
        "Put the set-aside As back into the stub and shuffle it, then deal the river"
        " without a burn (RULES 9.6)"
    )
    live.deal_board("7d")
    assert live.board == parse_cards("2c 3c 4c 5h 7d")
    assert len(burns(live)) == 3  # flop, turn, and the early river's burn stays
    assert live.stub == 52 - 6 - 3 - 4 - 1


# ------------------------------------------------------------------- RULES 1.3


def street_burns(live: LiveHand) -> list[str]:
    """Which streets had a burn before them in the current deal."""
    out: list[str] = []
    burnt = False
    for event in live.events:
        if isinstance(event, DealStarted):
            out, burnt = [], False
        elif isinstance(event, Burned):
            burnt = True
        elif isinstance(event, BoardDealt):
            if burnt:
                out.append(event.street.label)
            burnt = False
    return out


def check_round(live: LiveHand) -> None:
    while live.awaiting == "action":
        legal = live.legal
        assert legal is not None
        live.check() if legal.check else live.call()


# RULES 1.3: with 22 players the whole deck is used; with 23 a burn is skipped whenever
# it would leave too few cards to complete the board.
@pytest.mark.parametrize(("players", "burnt"), [(22, ["flop", "turn", "river"]), (23, ["flop"])])
def test_burns_with_a_full_table(players: int, burnt: list[str]) -> None:
    live = live_hand(players)
    deal_unknown(live, 2 * players)
    check_round(live)
    deck = iter(parse_cards("2c 3c 4c 5c 6c"))
    for street in ("flop", "turn", "river"):
        if street != "flop" and players == 23:
            assert live.next_step == (
                f"Deal the {street} without a burn: too few cards are left to burn (RULES 1.3)"
            )
            with pytest.raises(IllegalActionError, match=r"RULES 1\.3"):
                live.burn()
        live.deal_board([next(deck) for _ in range(3 if street == "flop" else 1)])
        check_round(live)
    assert street_burns(live) == burnt and live.stub == 0


# RULES 1.3 with RULES 9.3 at 23 players: the exposed card is the only burn there is room
# for; the replacement card uses the last spare card.
def test_exposed_card_at_twenty_three_players() -> None:
    live = live_hand(23)
    deal_unknown(live, 30)
    assert live.deal_hole(card="Ah", exposed=True) is not None
    deal_unknown(live, 16)
    assert live.stub == 5
    check_round(live)
    live.deal_board("2c 3c 4c")
    check_round(live)
    assert live.next_step.endswith("too few cards are left to burn (RULES 1.3)")
    live.deal_board("5c")
    check_round(live)
    live.deal_board("6c")
    assert live.stub == 0 and burns(live) == [Burned(Card.parse("Ah"))]


# RULES 1.3 with RULES 9.5 at 23 players: the early turn leaves one card in the stub; the
# turn comes without a burn and the set-aside card goes back for the river.
def test_early_turn_at_twenty_three_players() -> None:
    live = live_hand(23)
    deal_unknown(live, 46)
    check_round(live)
    live.deal_board("2c 3c 4c")
    assert live.stub == 2
    live.check()
    assert live.deal_board("Kd") is not None
    assert live.stub == 1 and live.set_aside == parse_cards("Kd")
    check_round(live)
    assert live.next_step.endswith("too few cards are left to burn (RULES 1.3)")
    live.deal_board("9s")
    check_round(live)
    live.deal_board("Kd")
    assert live.stub == 0 and street_burns(live) == ["flop"]


# RULES 1.3 with RULES 9.5 twice at 22 players: the set-aside cards come back as soon
# as the stub cannot give the turn without them; the deck never runs out.
def test_two_early_turns_with_a_short_deck() -> None:
    live = live_hand(22)
    deal_unknown(live, 44)
    check_round(live)
    live.deal_board("2c 3c 4c")
    live.check()
    live.deal_board("Kd")
    live.deal_board("Kh")
    assert live.stub == 0 and live.set_aside == parse_cards("Kd Kh")
    check_round(live)
    assert live.next_step == (
        "Put the set-aside Kd Kh back into the stub and shuffle it, then deal the turn"
        " without a burn: too few cards are left to burn (RULES 1.3)"
    )
    live.deal_board("Kh")
    check_round(live)
    live.deal_board("Kd")
    assert live.stub == 0 and live.finished is False and live.awaiting == "action"


# ----------------------------------------------------------------- the session


def test_session_keeps_the_button_on_a_misdeal_and_writes_phh() -> None:
    session = LiveSession(NL, [("Ann", 100), ("Bob", 100), ("Cy", 100)], button=0)
    live = session.start_hand()
    assert live.names[1] == "Bob (seat 2)"
    live.deal_hole(card="As", exposed=True)
    assert live.deal_number == 2 and live.button == 0
    deal_unknown(live, 6)
    live.fold()
    live.fold()
    session.finish_hand()
    assert session.stacks == (100, 99, 101) and session.button == 1
    second = session.start_hand()
    assert second.button == 1 and second.due_seat == 2
    text = session.phh(event="Home game")
    history = loads(text)[0]
    assert history.metadata["_misdeals"] == 1
    replayed = replay(history).result
    assert replayed is not None and replayed.stacks == (
        99,
        101,
        100,
    )  # in PHH order from the button


def test_cli_options() -> None:
    import argparse
    import io

    from bigblind.cli.live import add_parser, run

    parser = argparse.ArgumentParser(prog="bigblind")
    add_parser(parser.add_subparsers())
    args = parser.parse_args(["live", "--players", "Ann:200,Bob:200", "--button", "3"])
    err = io.StringIO()
    assert args.run is run
    assert run(args, out=io.StringIO(), err=err) == 2
    assert "--button 3: there are 2 seats" in err.getvalue()
    with pytest.raises(SystemExit):
        parser.parse_args(["live", "--players", "Ann"])


# ------------------------------------------------------------ property: random errors


class Dealer:
    """A person at the table: a real shuffled deck, and errors made at random."""

    def __init__(self, live: LiveHand, rnd: random.Random, errors: float) -> None:
        self.live = live
        self.rnd = rnd
        self.errors = errors
        self.misdeals = 0
        self.reset()

    def reset(self) -> None:
        self.deck = list(range(52))
        self.rnd.shuffle(self.deck)
        self.holes: dict[int, list[Card]] = {s: [] for s in range(self.live.seats)}
        self.back: set[Card] = set()  # set-aside cards the dealer has put back already
        self.seen = 0

    def top(self) -> Card:
        assert self.deck, "the deck ran out"
        return Card(self.deck.pop())

    def error(self) -> bool:
        return self.misdeals < 3 and self.rnd.random() < self.errors

    def follow(self) -> None:
        """Mirror what the record says happened to the physical cards."""
        events = self.live.events[self.seen :]
        self.seen = len(self.live.events)
        for event in events:
            if isinstance(event, Misdealt):
                self.misdeals += 1
                self.reset()
                self.seen = len(self.live.events)
                return
            if isinstance(event, Burned) and event.card is None:
                self.top()  # the burn the dealer took
            elif isinstance(event, StubShuffled):
                self.deck.extend(c for c in event.returned if c not in self.back)
                self.back = set()
                self.rnd.shuffle(self.deck)

    def step(self) -> None:
        live, rnd = self.live, self.rnd
        awaiting = live.awaiting
        if awaiting == "hole card":
            due = live.due_seat
            assert due is not None
            if self.error():
                kind = rnd.choice(["expose", "seat", "count"])
                if kind == "count":
                    wrong = rnd.randrange(live.seats)
                    held = len(live.holes(wrong))
                    live.report_wrong_count(wrong, held + 1 if held == 0 else held - 1)
                    self.follow()
                    return
                card = self.top()
                if kind == "expose":
                    live.deal_hole(card=card, exposed=True)
                else:
                    wrong = rnd.choice([s for s in range(live.seats) if s != due])
                    live.deal_hole(wrong, card=None)
                self.follow()
                return
            card = self.top()
            self.holes[due].append(card)
            live.deal_hole(card=card if rnd.random() < 0.3 else None)
            self.follow()
        elif awaiting == "action":
            legal = live.legal
            assert legal is not None
            if self.error():
                kind = rnd.choice(["board", "board", "count"])
                if kind == "count":
                    playing = [
                        s
                        for s in range(live.seats)
                        if not live.hand.folded[s]
                        and s not in live.dead_seats
                        and live.stacks[s] > 0
                    ]
                    if playing:
                        live.report_wrong_count(rnd.choice(playing), 3)
                        self.follow()
                    return
                board = len(live.board)
                if board == 5:
                    return
                count = rnd.randint(1, 4) if board == 0 else 1
                if len(self.deck) < count:
                    return
                cards = [self.top() for _ in range(count)]
                try:
                    live.deal_board(cards)
                except IllegalActionError:
                    self.deck.extend(cards)  # the dealer could not turn them: back on top
                    return
                self.follow()
                return
            choices = ["fold"] if legal.fold else []
            choices.append("check" if legal.check else "call")
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                choices.append(f"raise {rnd.randint(legal.min_raise_to, legal.max_raise_to)}")
            live.act(rnd.choice(choices))
            self.follow()
        elif awaiting in ("flop", "turn", "river"):
            step = live.next_step
            if step.startswith("Put the set-aside"):
                self.back = set(live.set_aside)
                self.deck.extend(live.set_aside)
                rnd.shuffle(self.deck)
            if "urn a card" in step:
                if rnd.random() < 0.5:
                    live.burn(self.top())
            elif rnd.random() < 0.1:
                with pytest.raises(IllegalActionError):
                    live.burn()
            size = 3 if awaiting == "flop" else 1
            if awaiting == "flop" and self.error():
                size = 4
            live.deal_board([self.top() for _ in range(size)])
            self.follow()
        elif awaiting == "show":
            seat = live.actor
            assert seat is not None
            if rnd.random() < 0.3:
                try:
                    live.muck()
                    return
                except IllegalActionError:
                    pass
            known = live.holes(seat)
            if None not in known and rnd.random() < 0.5:
                live.show()
            else:
                live.show(self.holes[seat])
            self.follow()


def record_never_deals_twice(events: Sequence[object]) -> None:
    """In each deal, a known card is out of the stub at most once at a time."""
    out: set[int] = set()
    exposed: set[int] = set()
    for event in events:
        if isinstance(event, DealStarted):
            out, exposed = set(), set()
            continue
        cards: tuple[Card | None, ...] = ()
        if isinstance(event, CardDealt):
            cards = (event.card,)
            if event.exposed and event.card is not None:
                exposed.add(event.card)
        elif isinstance(event, Burned) and event.card not in exposed:
            cards = (event.card,)
        elif isinstance(event, BoardDealt | BoardExposed):
            cards = event.cards
        elif isinstance(event, StubShuffled):
            assert set(event.returned) <= out
            out -= set(event.returned)
        for card in cards:
            if card is not None:
                assert card not in out, f"{card} dealt twice"
                out.add(card)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.one_of(st.integers(2, 9), st.sampled_from([22, 23])),
    stacks=st.lists(st.integers(1, 300), min_size=23, max_size=23),
    button=st.integers(0, 22),
    errors=st.sampled_from([0.0, 0.03, 0.1, 0.3]),
    seed=st.integers(0, 2**32),
)
def test_random_errors_never_lose_chips_nor_deal_a_card_twice(
    players: int, stacks: list[int], button: int, errors: float, seed: int
) -> None:
    start = stacks[:players]
    live = LiveHand(NL, start, button=button % players)
    dealer = Dealer(live, random.Random(seed), errors)
    total = sum(start)
    for _ in range(3000):
        if live.finished:
            break
        dealer.step()
        hand = live.hand
        if not hand.finished:
            assert sum(hand.stacks) + hand.pot == total
        assert live.stub == len(dealer.deck)
        assert live.stub >= 0
    assert live.finished, live.next_step
    result = live.result
    assert result is not None and sum(result.stacks) == total
    record_never_deals_twice(live.events)
    # Every misdeal is followed by a redeal from the same stacks; the last deal is settled.
    events = live.events
    misdeals = [e for e in events if isinstance(e, Misdealt)]
    assert len([e for e in events if isinstance(e, DealStarted)]) == len(misdeals) + 1
    assert live.deal_number == len(misdeals) + 1
    starts = [e for e in events if isinstance(e, HandStarted)]
    assert starts == [HandStarted(tuple(start), button % players)] * live.deal_number
