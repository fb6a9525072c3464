"""Run it twice (RULES 10.3): the rest of the board dealt twice, every pot halved."""

from __future__ import annotations

import pytest

from bigblind import (
    CardError,
    Deck,
    Hand,
    HandFinishedError,
    IllegalActionError,
    Rules,
    Street,
    parse_cards,
)
from bigblind.engine.events import (
    BoardDealt,
    Burned,
    HandEnded,
    HoleDealt,
    PotAwarded,
    RunBoardDealt,
    RunsAgreed,
)

NL = Rules.no_limit(blinds=(1, 2))


def queries(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.phase, hand.actor, hand.boards, hand.awaiting)


def awards(hand: Hand) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """(run, pot, amount, winners) of every award, in order."""
    return [(e.run, e.pot, e.amount, e.winners) for e in hand.events if isinstance(e, PotAwarded)]


def manual(stacks: list[int], holes: list[str], **kwargs: object) -> Hand:
    hand = Hand(NL, stacks, button=len(stacks) - 1, dealing="manual", **kwargs)  # type: ignore[arg-type]
    for seat, cards in enumerate(holes):
        hand.deal_hole(seat, cards)
    return hand


# RULES 10.3: offered, the hand waits for the choice; the query changes nothing.
def test_the_hand_waits_for_the_choice_and_the_query_changes_nothing() -> None:
    hand = Hand(NL, [100, 100], deck=Deck.shuffled(seed=5), offer_run_twice=True)
    assert not hand.can_run_twice  # betting is still on
    hand.all_in()
    assert not hand.can_run_twice
    hand.call()
    before = queries(hand)
    assert hand.awaiting == "runs" and hand.can_run_twice and hand.actor is None
    assert queries(hand) == before
    with pytest.raises(IllegalActionError, match="awaits runs"):
        hand.check()


# RULES 10.3, 3.2: two runs from the same deck, each with its burns; each run awarded
# on its own board, half of the pot each.
def test_two_runs_from_the_deck_with_burns() -> None:
    hand = Hand(NL, [100, 100], deck=Deck.shuffled(seed=5), offer_run_twice=True)
    hand.all_in()
    hand.call()
    hand.run_twice()
    kinds = [type(e) for e in hand.events]
    start = kinds.index(RunsAgreed)
    assert kinds[start:] == [
        RunsAgreed,
        *[Burned, BoardDealt] * 3,
        *[Burned, RunBoardDealt] * 3,
        PotAwarded,
        PotAwarded,
        HandEnded,
    ]
    second = [e for e in hand.events if isinstance(e, RunBoardDealt)]
    assert [(e.run, e.street) for e in second] == [
        (2, Street.FLOP),
        (2, Street.TURN),
        (2, Street.RIVER),
    ]
    result = hand.result
    assert result is not None and len(result.runs) == 2
    assert result.boards == hand.boards
    assert [len(board) for board in result.boards] == [5, 5]
    assert result.boards[1] == tuple(c for e in second for c in e.cards)
    assert [a[:3] for a in awards(hand)] == [(1, 0, 100), (2, 0, 100)]
    assert sum(result.payouts) == 200 and sum(result.stacks) == 200
    for run in result.runs:
        assert sum(run.payouts) == 100
    cards = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    cards += [*result.boards[0], *result.boards[1]]
    assert len(cards) == len(set(cards)) == 4 + 6 + 10


# RULES 10.3: the runs share the board dealt before the agreement.
def test_runs_share_the_board_out_before_the_all_in() -> None:
    hand = manual([100, 100], ["AsAd", "KsKd"])
    hand.call()
    hand.check()
    hand.deal_board("2c7d9h")
    hand.check()
    hand.all_in()
    hand.call()
    assert hand.awaiting == "turn" and hand.can_run_twice  # dealt by hand: no wait needed
    hand.run_twice()
    hand.deal_board("Kh")
    hand.deal_board("3c")
    assert hand.boards[1] == tuple(hand.board[:3]) and hand.awaiting == "turn"
    with pytest.raises(CardError, match="card Kh is already in play"):
        hand.deal_board("Kh")
    hand.deal_board("Ac")
    hand.deal_board("4d")
    assert hand.result is not None
    assert hand.result.boards == (parse_cards("2c7d9hKh3c"), parse_cards("2c7d9hAc4d"))
    assert awards(hand) == [(1, 0, 100, (1,)), (2, 0, 100, (0,))]
    assert hand.result.stacks == (100, 100)
    assert [run.payouts for run in hand.result.runs] == [(0, 100), (100, 0)]


# RULES 10.3: the odd chip of a pot goes with the first run.
def test_odd_chip_with_the_first_run() -> None:
    hand = manual([100, 50, 50], ["AsAd", "KsKd", "QsQd"])
    hand.all_in()  # seat 2, the button
    hand.fold()  # the small blind leaves 1 chip: 101 in the pot
    hand.call()  # the big blind, all-in
    hand.run_twice()
    for cards in ("2c7d9h", "Th", "3c", "Qh8d4s", "5c", "6d"):
        hand.deal_board(cards)
    assert awards(hand) == [(1, 0, 51, (1,)), (2, 0, 50, (2,))]
    assert hand.result is not None and hand.result.stacks == (99, 51, 50)


# RULES 10.3, 6.4-6.6: every pot, side pots too, is halved; each half is awarded on its own
# run, last side pot first (RULES 6.5).
def test_side_pots_are_halved_on_each_run() -> None:
    hand = manual([30, 100, 61], ["AsAd", "KsKd", "QsQd"])
    hand.all_in()  # button, 61
    hand.call()  # small blind, 30 all-in
    hand.call()  # big blind calls 61
    hand.run_twice()
    for cards in ("2c7d9h", "Th", "3c", "Qh8d4s", "5c", "6d"):
        hand.deal_board(cards)
    # Main pot 90 (all three), side pot 62 (seats 1, 2): run 1 aces and kings win, run 2
    # the queens make a set and win both halves they are in.
    assert awards(hand) == [
        (1, 1, 31, (1,)),
        (1, 0, 45, (0,)),
        (2, 1, 31, (2,)),
        (2, 0, 45, (2,)),
    ]
    result = hand.result
    assert result is not None
    assert [[p.amount for p in run.pots] for run in result.runs] == [[45, 31], [45, 31]]
    assert result.stacks == (45, 70, 76)
    assert sum(result.stacks) == 191


# RULES 10.3: "any refusal means one run": the hand goes on as dealt once.
def test_run_once() -> None:
    hand = Hand(NL, [100, 100], deck=Deck.shuffled(seed=6), offer_run_twice=True)
    hand.all_in()
    hand.call()
    hand.run_once()
    assert hand.result is not None and len(hand.result.runs) == 1
    assert not [e for e in hand.events if isinstance(e, RunsAgreed | RunBoardDealt)]
    assert [a[0] for a in awards(hand)] == [0]


def test_refusals() -> None:
    hand = manual([100, 100], ["AsAd", "KsKd"])
    with pytest.raises(IllegalActionError, match="has not ended with players all-in"):
        hand.run_twice()
    hand.all_in()
    hand.call()
    hand.deal_board("2c7d9h")
    assert not hand.can_run_twice
    with pytest.raises(IllegalActionError, match="the run-out has begun"):
        hand.run_twice()
    hand.deal_board("Th")
    hand.deal_board("3c")
    with pytest.raises(HandFinishedError, match="the hand is over"):
        hand.run_once()
    twice = manual([100, 100], ["AsAd", "KsKd"])
    twice.all_in()
    twice.call()
    twice.run_twice()
    with pytest.raises(IllegalActionError, match="already to be run twice"):
        twice.run_once()


# RULES 1.3, 10.3: with 22 players the deck holds just the cards for two runs from the
# flop, so every burn is skipped; pre-flop two runs would need more cards than are left.
def test_burns_are_skipped_when_the_cards_run_short() -> None:
    preflop = Hand(NL, [2] * 22, deck=Deck.shuffled(seed=1), offer_run_twice=True)
    while preflop.legal is not None:
        preflop.call()
    assert preflop.finished and not preflop.can_run_twice
    hand = Hand(NL, [10] * 22, deck=Deck.shuffled(seed=1), offer_run_twice=True)
    while hand.street is Street.PREFLOP:
        hand.check_or_call()
    while hand.legal is not None:
        hand.all_in()
    assert hand.awaiting == "runs"
    hand.run_twice()
    after = hand.events[[type(e) for e in hand.events].index(RunsAgreed) :]
    assert not [e for e in after if isinstance(e, Burned)]
    cards = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    assert hand.result is not None
    cards += [*hand.result.boards[0], *hand.result.boards[1][3:]]
    assert len(cards) == len(set(cards)) == 52


# RULES 3.4, 10.3: a seat's view shows both boards and hides the burns.
def test_views_show_both_boards() -> None:
    hand = Hand(NL, [100, 100, 100], deck=Deck.shuffled(seed=7), offer_run_twice=True)
    hand.all_in()
    hand.call()
    hand.call()
    hand.run_twice()
    view = hand.view(1)
    assert view.boards == hand.boards and len(view.boards) == 2
    assert all(e.card is None for e in view.events if isinstance(e, Burned))
    assert [e for e in view.events if isinstance(e, RunBoardDealt)] == [
        e for e in hand.events if isinstance(e, RunBoardDealt)
    ]
