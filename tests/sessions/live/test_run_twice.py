"""Run it twice in a live hand (RULES 10.3): the dealer's answer, each run's own burns,
and the dealer-error procedures (RULES 9) and undo with two runs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import IllegalActionError, Rules
from bigblind.engine.events import Burned, RunBoardDealt, RunsAgreed
from bigblind.formats.phh import loads, replay
from bigblind.sessions.live import LiveHand, LiveSession, StubShuffled, Undone

RULES = Rules.no_limit(blinds=(1, 2))
FIRST = ("2c 7d 9h", "Ts", "3d")
SECOND = ("Qc 7h 9s", "Kh", "4h")


def all_in_preflop(*, offer: bool = True) -> LiveHand:
    """Ann (As Ad) against Bob (Ks Kd), all in before the flop, both hands shown."""
    live = LiveHand(RULES, [20, 20], names=["Ann", "Bob"], offer_run_twice=offer)
    for card in ("Ks", "As", "Kd", "Ad"):
        live.deal_hole(card=card)
    live.act("all-in")
    live.act("call")
    live.show()
    live.show()
    return live


def test_the_hand_waits_for_the_answer_and_each_run_has_its_burns() -> None:
    live = all_in_preflop()
    assert live.awaiting == "runs" and live.can_run_twice
    assert "agree to run it twice (RULES 10.3)" in live.next_step
    with pytest.raises(IllegalActionError, match="run it twice"):
        live.deal_board("2c 7d 9h")  # RULES 10.3: the answer comes before the run-out
    live.run_twice()
    stub = live.stub
    for run, streets in ((1, FIRST), (2, SECOND)):
        for street in streets:
            assert live.run == run
            step = live.next_step
            assert (
                step.startswith("Burn a card") and f"{('first', 'second')[run - 1]} run's" in step
            )
            assert live.deal_board(street) is None
            stub -= 1 + len(street.split())  # RULES 3.2: a burn before every street of each run
            assert live.stub == stub
    assert live.finished
    assert sum(isinstance(e, Burned) for e in live.events) == 6
    assert [e.run for e in live.events if isinstance(e, RunBoardDealt)] == [2, 2, 2]
    assert live.result is not None
    assert live.boards == live.result.boards and len(live.boards) == 2
    # Ann's aces win run 1, Bob's kings run 2: each half of the pot (RULES 10.3).
    assert live.result.stacks == (20, 20)
    assert live.summary() == [
        "Ann wins half of the pot on run 1 (20) with One pair, aces, ten-nine-seven kickers",
        "Bob wins half of the pot on run 2 (20) with Three of a kind, kings, queen-nine kickers",
    ]


def test_a_refusal_runs_it_once() -> None:
    live = all_in_preflop()
    live.run_once()  # RULES 10.3: any refusal means one run
    assert live.awaiting == "flop" and "run" not in live.next_step
    for street in FIRST:
        live.deal_board(street)
    assert live.finished and len(live.boards) == 1
    assert not any(isinstance(e, RunsAgreed) for e in live.events)


def test_without_the_offer_the_dealer_may_still_say_so_before_the_run_out() -> None:
    live = all_in_preflop(offer=False)
    assert live.awaiting == "flop" and live.can_run_twice
    live.run_twice()
    live.deal_board(FIRST[0])
    assert not live.can_run_twice
    with pytest.raises(IllegalActionError):
        live.run_once()  # the run-out has begun: the choice is made


def test_undo_takes_back_the_answer_and_the_second_runs_cards() -> None:
    live = all_in_preflop()
    live.run_twice()
    for street in FIRST + SECOND[:1]:
        live.deal_board(street)
    stub = live.stub
    live.undo()  # the second run's flop, with its burn
    assert live.run == 2 and live.stub == stub + 4
    assert live.next_step == "Burn a card and deal the second run's flop"
    for _ in FIRST:
        live.undo()
    assert live.undo().what == "run it twice"
    assert live.awaiting == "runs" and live.boards == ((),)
    live.run_once()
    for street in FIRST:
        live.deal_board(street)
    assert live.result is not None and len(live.result.boards) == 1


def test_the_exposed_hole_card_is_the_first_runs_burn_only() -> None:
    # RULES 9.3: an exposed hole card is the burn before the flop; with two runs
    # (RULES 10.3) the second run's flop has a burn of its own from the stub.
    live = LiveHand(RULES, [20, 20, 20], button=0, offer_run_twice=True)
    live.deal_hole(card="2s")
    live.deal_hole(card="3s")
    ruling = live.deal_hole(card="Qh", exposed=True)
    assert ruling is not None and ruling.procedure.rule == "9.3"
    for card in ("4s", "5s", "6s", "7s"):  # the last: seat 0's replacement card
        live.deal_hole(card=card)
    for action in ("all-in", "call", "call"):
        live.act(action)
    while live.awaiting == "show":
        live.show()
    live.run_twice()
    assert live.next_step == (
        "Deal the first run's flop without a burn: the exposed Qh is the burn (RULES 9.3)"
    )
    stub = live.stub
    live.deal_board("2c 7d 9h")
    assert live.stub == stub - 3
    live.deal_board("Ts")
    live.deal_board("3d")
    assert live.next_step == "Burn a card and deal the second run's flop"
    live.deal_board("Qc 8h 9s")
    assert live.stub == stub - 3 - 4 - 4


def test_a_second_run_flop_with_too_many_cards_is_redealt_without_a_burn() -> None:
    # RULES 9.4 in the second run: the cards go back, a new flop without a burn.
    live = all_in_preflop()
    live.run_twice()
    for street in FIRST:
        live.deal_board(street)
    stub = live.stub
    ruling = live.deal_board("Qc 7h 9s 4d")
    assert ruling is not None and ruling.procedure.rule == "9.4"
    assert live.stub == stub - 1  # the burn was taken; the four cards went back
    assert live.next_step == "Deal a new second run's flop without a burn (RULES 9.4)"
    live.deal_board("Qc 7h 9s")
    assert live.stub == stub - 4
    assert live.next_step == "Burn a card and deal the second run's turn"


def test_a_turn_exposed_early_changes_the_first_run_only() -> None:
    # RULES 9.5: the exposed turn is set aside and the river dealt without a burn; the
    # second run (RULES 10.3) is dealt from the stub after it, each street with its burn.
    live = LiveHand(RULES, [20, 20], names=["Ann", "Bob"], offer_run_twice=True)
    for card in ("Ks", "As", "Kd", "Ad"):
        live.deal_hole(card=card)
    live.act("call")
    live.act("check")
    live.deal_board("2c 7d 9h")
    ruling = live.deal_board("Ts")  # before the flop betting
    assert ruling is not None and ruling.procedure.rule == "9.5"
    live.act("all-in")
    live.act("call")
    live.show()
    live.show()
    assert live.can_run_twice
    live.run_twice()
    assert live.next_step == "Burn a card and deal the first run's turn"
    live.deal_board("5s")
    assert "first run's river without a burn (RULES 9.5)" in live.next_step
    live.deal_board("Ts")  # the set-aside card, back in the stub and shuffled
    assert [str(c) for e in live.events if isinstance(e, StubShuffled) for c in e.returned] == [
        "Ts"
    ]
    assert live.next_step == "Burn a card and deal the second run's turn"
    live.deal_board("Kh")
    assert live.next_step == "Burn a card and deal the second run's river"
    live.deal_board("4c")
    assert live.result is not None and live.result.stacks == (20, 20)


def test_a_short_stub_counts_both_runs() -> None:
    # 21 players: 10 cards are left, exactly both runs' boards, so every burn is skipped
    # (RULES 1.3), counting the second run's cards too (RULES 10.3).
    seats = 21
    live = LiveHand(RULES, [20] * seats, button=0, offer_run_twice=True)
    for _ in range(2 * seats):
        live.deal_hole()
    live.act("all-in")
    live.act("call")
    while live.awaiting == "action":
        live.act("fold")
    live.show("Ah Ad")
    live.show("Kh Kd")
    assert live.stub == 10 and live.can_run_twice
    live.run_twice()
    assert "without a burn: too few cards are left to burn (RULES 1.3)" in live.next_step
    cards = iter(["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc"])
    while live.awaiting in ("flop", "turn", "river"):
        size = 3 if live.awaiting == "flop" else 1
        live.deal_board([next(cards) for _ in range(size)])
        assert live.finished or "too few cards are left to burn" in live.next_step
    assert live.stub == 0 and not any(isinstance(e, Burned) for e in live.events)


def test_an_exposed_hole_card_can_leave_too_few_cards_for_two_runs() -> None:
    # 21 players and a hole card exposed (RULES 9.3): the stub holds 9 cards, one short
    # of two runs, though the engine alone would count 10.
    seats = 21
    live = LiveHand(RULES, [20] * seats, button=0, offer_run_twice=True)
    live.deal_hole()
    live.deal_hole()
    live.deal_hole(card="Qh", exposed=True)
    while live.dealing:
        live.deal_hole()
    live.act("all-in")
    live.act("call")
    while live.awaiting == "action":
        live.act("fold")
    live.show("Ah Ad")
    live.show("Kh Kd")
    assert live.hand.can_run_twice and not live.can_run_twice
    assert "Too few cards are left to run it twice" in live.next_step
    with pytest.raises(IllegalActionError, match="the stub holds 9 cards"):
        live.run_twice()
    live.run_once()
    assert live.awaiting == "flop"


def test_a_live_session_offers_it_and_its_phh_replays() -> None:
    session = LiveSession(RULES, [("Ann", 20), ("Bob", 20)], run_twice=True)
    live = session.start_hand()
    for card in ("Ks", "As", "Kd", "Ad"):
        live.deal_hole(card=card)
    live.act("all-in")
    live.act("call")
    live.show()
    live.show()
    assert live.awaiting == "runs"
    live.run_twice()
    for street in FIRST + SECOND:
        live.deal_board(street)
    session.finish_hand()
    text = session.phh()
    assert "_runs = 2" in text
    (history,) = loads(text)
    assert history.runs == 2
    replayed = replay(history).result
    assert replayed is not None and live.result is not None
    assert replayed.stacks == live.result.stacks
    assert replayed.boards == live.result.boards


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(2, 5), back=st.integers(0, 12))
def test_random_live_hands_run_twice_conserve_chips_and_cards(
    seed: int, players: int, back: int
) -> None:
    # RULES 10.3 with RULES 3.2: whatever the dealer and the players choose, both runs
    # together award every chip, the stub loses exactly the burns and board cards of
    # each run, and undoing steps then taking them again gives the same hand.
    rnd = random.Random(seed)
    deck = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs"]
    rnd.shuffle(deck)
    stacks = [rnd.randint(10, 100) for _ in range(players)]
    live = LiveHand(RULES, stacks, button=0, offer_run_twice=True)
    cards = iter(deck)
    taken: list[tuple[str, tuple[object, ...]]] = []

    def step(method: str, *args: object) -> None:
        getattr(live, method)(*args)
        taken.append((method, args))

    while live.awaiting is not None:
        awaiting = live.awaiting
        if awaiting == "hole card":
            step("deal_hole", None, next(cards))
        elif awaiting == "action":
            legal = live.legal
            assert legal is not None
            options = ["call" if legal.call is not None else "check"]
            options += ["all-in"] * legal.can_raise
            step("act", rnd.choice(options + (["fold"] if legal.fold else [])))
        elif awaiting == "show":
            step("show")
        elif awaiting == "runs":
            step("run_twice" if live.can_run_twice and rnd.random() < 0.7 else "run_once")
        else:
            step("deal_board", " ".join(next(cards) for _ in range(3 if awaiting == "flop" else 1)))
    result = live.result
    assert result is not None
    assert sum(result.stacks) == sum(stacks)
    burns = sum(isinstance(e, Burned) for e in live.events)
    dealt = {card for board in live.boards for card in board}  # the runs share a flop or turn
    assert live.stub == 52 - 2 * players - burns - len(dealt)
    for run in result.runs:  # each run pays out the halves it awarded
        assert sum(run.payouts) == sum(pot.amount for pot in run.pots)
    before = (live.events, result, live.stub)
    undone = min(back, len(taken))
    for _ in range(undone):
        live.undo()
    for method, args in taken[len(taken) - undone :]:
        getattr(live, method)(*args)
    assert (tuple(e for e in live.events if not isinstance(e, Undone)), live.result, live.stub) == (
        tuple(e for e in before[0] if not isinstance(e, Undone)),
        before[1],
        before[2],
    )
