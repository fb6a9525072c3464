"""All-in luck: each all-in valued at the players' exact equity when the chips went in."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bigblind import Deck, Hand, Rules
from bigblind.evaluation.hand_equity import equity
from bigblind.formats.pokerstars import dumps
from bigblind.tracker.database import Database
from bigblind.tracker.stats import Filters, stats
from tests.tracker.hands import START
from tests.tracker.test_stats import load


def played(stacks: list[int], deck: str, seed: int, play: Callable[[Hand], None]) -> Hand:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        stacks,
        button=len(stacks) - 1,
        deck=Deck.stacked(deck, seed=seed),
    )
    play(hand)
    assert hand.finished
    return hand


def shove_and_call(hand: Hand) -> None:
    """The first to act goes all in; everyone calls."""
    legal = hand.legal
    assert legal is not None and legal.max_raise_to is not None
    hand.raise_to(legal.max_raise_to)
    while hand.actor is not None:
        hand.call()


def flop_all_in(hand: Hand) -> None:
    hand.raise_to(6)  # the button (small blind)
    hand.call()
    hand.check()  # the big blind on the flop
    legal = hand.legal
    assert legal is not None and legal.max_raise_to is not None
    hand.raise_to(legal.max_raise_to)
    hand.call()


def cards(hand: Hand, seat: int) -> str:
    return "".join(str(c) for c in hand.hole(seat))


def share(hands: list[str], board: str, who: int) -> float:
    return equity(hands, board=board, exact=True).players[who].equity


def test_the_adjusted_winnings_of_a_session_are_the_sum_of_its_hands_expected_values(
    tmp_path: Path,
) -> None:
    names = ["ann", "bob", "cat"]
    # RULES 6.4: cat's 100 makes a main pot of 300 for three and a side pot of 200 for two.
    three_way = played([100, 200, 200], "AsKsQsAhKhQh", 1, shove_and_call)
    heads_up = played([200, 200], "AcKhAdKs", 2, shove_and_call)
    on_the_flop = played([200, 200], "Jc9dJd9h", 3, flop_all_in)
    hands = [(three_way, names), (heads_up, ["ann", "bob"]), (on_the_flop, ["bob", "ann"])]
    text = "\n\n".join(
        dumps(h, hand_id=i + 1, table="T", players=p, when=START, max_seats=6)
        for i, (h, p) in enumerate(hands)
    )
    db = load(tmp_path, text)
    # By hand: each pot times the exact share of it, less what was put in.
    a, b, c = (cards(three_way, s) for s in range(3))
    ann = share([a, b, c], "", 0) * 300 - 100
    bob = share([a, b, c], "", 1) * 300 + share([b, c], "", 0) * 200 - 200
    up = [cards(heads_up, 0), cards(heads_up, 1)]
    ann += share(up, "", 0) * 400 - 200
    bob += share(up, "", 1) * 400 - 200
    flop = "".join(str(card) for card in on_the_flop.board[:3])
    flop_hands = [cards(on_the_flop, 0), cards(on_the_flop, 1)]
    bob += share(flop_hands, flop, 0) * 400 - 200
    ann += share(flop_hands, flop, 1) * 400 - 200
    for name, expected in (("ann", ann), ("bob", bob)):
        found = stats(db, Filters(player=name))["all"]
        assert found.all_in_adjusted_bb * 2 == pytest.approx(expected, abs=1e-6)
    # The chips change hands, none is made: the adjusted winnings add up to nothing too.
    everyone = stats(db, Filters())["all"]
    assert everyone.all_in_adjusted_bb == pytest.approx(0.0, abs=1e-9)
    assert everyone.net == 0


def test_an_all_in_with_a_hand_not_shown_is_not_valued() -> None:
    from bigblind.formats import pokerstars
    from bigblind.formats.phh.history import HandHistory
    from bigblind.tracker.facts import hand_facts
    from bigblind.tracker.luck import all_in_luck

    hand = played([200, 200], "AcKhAdKs", 4, shove_and_call)
    text = dumps(hand, hand_id=9, table="T", players=["ann", "bob"], when=START)
    hidden = "\n".join(
        "bob: mucks hand" if line.startswith("bob: shows") else line for line in text.splitlines()
    )
    for shown, expect_value in ((text, True), (hidden, False)):
        (history,) = pokerstars.loads_each(shown)
        assert isinstance(history, HandHistory)
        facts = hand_facts(history)
        assert facts.all_in_candidate
        assert (all_in_luck(history, facts) is not None) is expect_value


def test_no_all_in_leaves_the_winnings_as_they_were(tmp_path: Path) -> None:
    from tests.tracker.hands import c_bet_raised, pokerstars_hand

    db: Database = load(tmp_path, pokerstars_hand(c_bet_raised, number=1))
    for name in ("utg", "co", "bb"):
        found = stats(db, Filters(player=name))["all"]
        assert found.all_in_adjusted_bb == found.net_bb
