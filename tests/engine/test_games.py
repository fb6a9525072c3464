"""The other games of the hold'em family in the engine: Omaha, Omaha hi-lo, short deck.

The game is data in the rules (RULES 11): its deck, its hole cards, how its
hands are valued and whether its pots are split high and low.
"""

from __future__ import annotations

import pytest

from bigblind import Deck, Hand, Rules
from bigblind.engine.events import HoleDealt, Posted
from bigblind.errors import CardError, RulesError
from bigblind.evaluation import (
    HOLDEM,
    OMAHA,
    OMAHA5,
    OMAHA6,
    OMAHA_HI_LO,
    SHORT_DECK_HOLDEM,
    Game,
)
from tests.support import deal


def check_down(hand: Hand) -> None:
    """Call or check every decision until the hand is over."""
    while not hand.finished:
        hand.check_or_call()


def halves(hand: Hand) -> list[tuple[str, int, tuple[int, ...], tuple[int, ...]]]:
    result = hand.result
    assert result is not None
    return [(pot.half, pot.amount, pot.winners, pot.shares) for pot in result.pots]


# ------------------------------------------------------------------ 11.1 Omaha


@pytest.mark.parametrize("game", [OMAHA, OMAHA5, OMAHA6, OMAHA_HI_LO])
def test_omaha_deals_its_hole_cards_one_at_a_time_round_the_table(game: Game) -> None:
    # RULES 11.1: four (five, six) hole cards, one at a time from left of the button.
    hand = Hand(Rules.pot_limit(blinds=(1, 2), game=game), [100] * 3, deck=Deck.shuffled(seed=1))
    dealt = [e.seat for e in hand.events if isinstance(e, HoleDealt)]
    assert dealt == [1, 2, 0] * game.hole_cards
    assert all(len(hand.hole(seat)) == game.hole_cards for seat in range(3))


@pytest.mark.parametrize(
    ("game", "most"), [(OMAHA, 11), (OMAHA5, 8), (OMAHA6, 7), (SHORT_DECK_HOLDEM, 14)]
)
def test_each_game_deals_in_as_many_players_as_its_deck_allows(game: Game, most: int) -> None:
    # RULES 11.1: 11 players with four cards, 8 with five, 7 with six; RULES 11.3: 14.
    rules = Rules.no_limit(blinds=(1, 2), game=game)
    with pytest.raises(RulesError, match=f"2 to {most} players, not {most + 1}"):
        Hand(rules, [100] * (most + 1))
    hand = Hand(rules, [100] * most, deck=Deck.shuffled(seed=2, cards=game.deck), show_all=True)
    check_down(hand)
    used = [c for seat in range(most) for c in hand.hole(seat)] + list(hand.board)
    assert len(set(used)) == len(used) == most * game.hole_cards + 5
    assert set(used) <= set(game.deck)


def test_a_full_omaha_table_uses_the_whole_deck_with_every_burn() -> None:
    # RULES 11.1: 11 players of four cards, three burns and the board are 52 cards.
    deck = Deck.shuffled(seed=3)
    hand = Hand(Rules.pot_limit(blinds=(1, 2), game=OMAHA), [50] * 11, deck=deck)
    check_down(hand)
    assert deck.remaining == 0 and len(hand.board) == 5


def test_omaha_plays_exactly_two_hole_cards_and_three_of_the_board() -> None:
    # RULES 11.1: four hearts in the hand with two hearts on the board is no flush.
    hand = deal(
        Rules.pot_limit(blinds=(1, 2), game=OMAHA),
        [100, 100],
        ["Ah Kh Qh Jh", "2c 2d 7s 8s"],
        "Th 9h 3c 4d 5s",
        show_all=True,
    )
    check_down(hand)
    assert halves(hand) == [("", 4, (1,), (4,))]
    assert hand.result is not None
    assert hand.result.pots[0].description.startswith("One pair, twos")


def test_manual_omaha_deals_and_shows_four_cards() -> None:
    # RULES 11.1: the dealer gives each player four cards; a hand shown is four cards.
    hand = Hand(Rules.pot_limit(blinds=(1, 2), game=OMAHA), [100, 100], dealing="manual")
    hand.deal_hole(0, "Ah Kh")
    hand.deal_hole(0, "Qh Jh")
    with pytest.raises(ValueError, match="it holds 4 of 4"):
        hand.deal_hole(0, "2c")
    hand.deal_hole(1, "2c 2d 7s 8s")
    assert hand.awaiting == "action"
    assert len(hand.hole(1)) == 4


# ------------------------------------------------------------- 11.2 Omaha hi-lo

HI_LO = Rules.pot_limit(blinds=(1, 2), game=OMAHA_HI_LO)


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_the_pot() -> None:
    # RULES 11.2: no qualifying low: the high hand takes the whole pot.
    hand = deal(HI_LO, [100, 100], ["Ac 2d Kh Ks", "As 3h Qh Qs"], "Kc Qd 9h 9s Tc")
    check_down(hand)
    assert halves(hand) == [("", 4, (0,), (4,))]


def test_hi_lo_splits_high_and_low_and_the_odd_chip_goes_high() -> None:
    # RULES 11.2: the pot of 5 splits 3 to the best high, 2 to the best low.
    hand = deal(
        HI_LO,
        [100, 100, 100],
        ["Kh Qc Jd Ts", "9d 9h Tc Th", "Ac 3d 9s 9c"],
        "2c 5d 7h Kd Ks",
        button=0,
    )
    hand.call()  # the button calls 2
    hand.fold()  # the small blind leaves its chip
    check_down(hand)
    assert halves(hand) == [("high", 3, (0,), (3,)), ("low", 2, (2,), (2,))]
    assert hand.result is not None
    assert hand.result.pots[1].description == "7-5-3-2-A low"
    assert hand.stacks == (101, 99, 100)


def test_hi_lo_one_hand_may_scoop_both_halves() -> None:
    # RULES 11.2: a wheel is both a straight for high and the best low.
    hand = deal(HI_LO, [100, 100], ["Ac 5d Qs Qh", "Kh Ks 8c 8d"], "2c 3d 4h Kd 9s")
    check_down(hand)
    assert halves(hand) == [("high", 2, (0,), (2,)), ("low", 2, (0,), (2,))]
    assert hand.stacks == (102, 98)


def test_hi_lo_tied_lows_leave_a_player_a_quarter() -> None:
    # RULES 11.2: seat 0 wins the high half and ties the low: three quarters and one.
    rules = Rules.pot_limit(blinds=(2, 4), game=OMAHA_HI_LO)
    hand = deal(rules, [100, 100], ["Ac 2d Kh Ks", "As 2h Qh Qs"], "3c 6d 7h Kd Jc")
    check_down(hand)
    assert halves(hand) == [("high", 4, (0,), (4,)), ("low", 4, (0, 1), (2, 2))]
    assert hand.stacks == (102, 98)


def test_hi_lo_an_odd_low_half_gives_its_odd_chip_left_of_the_button() -> None:
    # RULES 11.2, 6.6: pot 7 (a folded small blind's chip): high 4, low 3 tied by seats
    # 0 and 3; seat 3 sits nearer the button's left (seat 1 is the button), so 2 of the 3.
    hand = deal(
        HI_LO,
        [100, 100, 100, 100],
        ["Ac 2d Qh Qs", "Kc Kh 9c 9d", "Td Ts Jh Js", "As 2h Jc Jd"],
        "3c 6d 7h Kd 8c",
        button=1,
    )
    hand.call()  # seat 0, first after the big blind
    hand.call()  # the button
    hand.fold()  # the small blind, seat 2: its chip stays in
    hand.check()  # the big blind, seat 3
    check_down(hand)
    assert halves(hand) == [("high", 4, (1,), (4,)), ("low", 3, (0, 3), (1, 2))]


def test_hi_lo_each_side_pot_is_split_on_its_own() -> None:
    # RULES 11.2: the main pot splits among its three players, the side pot among two.
    rules = Rules.no_limit(blinds=(1, 2), game=OMAHA_HI_LO)
    hand = deal(
        rules,
        [10, 100, 100],
        ["Ac 2d Qs Qd", "Kh Ks Jc Jd", "3h 4s 9c 9d"],
        "5c 6d 7h Kd Tc",
        button=2,
    )
    hand.all_in()  # the button, first to act three-handed
    hand.call()  # seat 0, all-in for 10
    hand.call()  # seat 1
    # Seat 2's straight is high everywhere; seat 0's 7-6-5-2-A is the main pot's low, and
    # seat 2's 7-6-5-4-3 the side pot's, which seat 0 is not in.
    assert halves(hand) == [
        ("high", 15, (2,), (15,)),
        ("low", 15, (0,), (15,)),
        ("high", 90, (2,), (90,)),
        ("low", 90, (2,), (90,)),
    ]
    assert hand.stacks == (15, 0, 195)


# ---------------------------------------------------------------- 11.3 short deck

SHORT = Rules.no_limit(blinds=(1, 2), game=SHORT_DECK_HOLDEM)


def test_short_deck_deals_from_36_cards() -> None:
    # RULES 11.3: the deck without its twos, threes, fours and fives.
    for seed in range(20):
        hand = Hand(SHORT, [100] * 6, deck=Deck.shuffled(seed=seed, cards=SHORT.game.deck))
        check_down(hand)
        cards = [c for seat in range(6) for c in hand.hole(seat)] + list(hand.board)
        assert all(c is not None and str(c)[0] not in "2345" for c in cards)
    default = Hand(SHORT, [100] * 14)  # its own deck, securely shuffled
    assert all(str(c)[0] not in "2345" for seat in range(14) for c in default.hole(seat))


def test_short_deck_refuses_cards_its_deck_lacks() -> None:
    # RULES 11.3: a two is no card of the short deck, dealt by hand or stacked.
    hand = Hand(SHORT, [100, 100], dealing="manual")
    with pytest.raises(CardError, match="not in the deck of Short deck"):
        hand.deal_hole(0, "2c Ad")
    with pytest.raises(RulesError, match="does not deal"):
        Hand(SHORT, [100, 100], deck=Deck.shuffled(seed=1))


@pytest.mark.parametrize(
    ("holes", "board", "winner", "name"),
    [
        # RULES 11.3: a flush beats a full house ...
        (["Ah Kh", "Qs Qd"], "Qh Jh 6h 6c 7d", 0, "Flush"),
        # ... and three of a kind beats a straight.
        (["9c 9d", "Tc Jd"], "9h 8s 7c Kd Ah", 0, "Three of a kind"),
        # The ace plays low in A-6-7-8-9, the lowest straight.
        (["Ac 6d", "Tc 6h"], "7h 8s 9c Kd Kc", 1, "Straight, ten high"),
        (["Ac 6d", "Qc Jh"], "7h 8s 9c Kd Kc", 0, "Straight, nine high"),
    ],
)
def test_short_deck_ranks_hands_its_own_way(
    holes: list[str], board: str, winner: int, name: str
) -> None:
    hand = deal(SHORT, [100, 100], holes, board, show_all=True)
    check_down(hand)
    result = hand.result
    assert result is not None
    assert result.pots[0].winners == (winner,)
    assert result.pots[0].description.startswith(name)


def test_short_deck_button_blind_with_antes() -> None:
    # RULES 11.3: every player antes, the button posts the one blind and acts last pre-flop.
    rules = Rules.no_limit(blinds=(0, 2), ante=1, button_blind=True, game=SHORT_DECK_HOLDEM)
    hand = Hand(rules, [100] * 4, button=0, deck=Deck.shuffled(seed=5, cards=rules.game.deck))
    posts = [(e.seat, e.kind.value, e.amount) for e in hand.events if isinstance(e, Posted)]
    antes = [(seat, "ante", 1) for seat in (1, 2, 3, 0)]
    assert posts == [*antes, (0, "big blind", 2)]
    assert hand.actor == 1
    for _ in range(3):
        hand.call()
    assert hand.actor == 0 and hand.legal is not None and hand.legal.check  # its option
    hand.check()
    assert hand.street.label == "flop" and hand.actor == 1


def test_a_button_blind_has_no_small_blind() -> None:
    with pytest.raises(RulesError, match="small blind must be 0"):
        Rules.no_limit(blinds=(1, 2), button_blind=True, game=SHORT_DECK_HOLDEM)


def test_any_structure_goes_with_any_game() -> None:
    # RULES 11: the game is data next to the betting structure.
    for factory in (Rules.no_limit, Rules.pot_limit, Rules.fixed_limit):
        for game in (HOLDEM, OMAHA, OMAHA_HI_LO, SHORT_DECK_HOLDEM):
            assert factory(blinds=(1, 2), game=game).game is game
    assert Rules.fixed_limit(blinds=(1, 2), game="plo8").game is OMAHA_HI_LO
    assert Rules.no_limit(blinds=(1, 2)).game is HOLDEM
    with pytest.raises(RulesError, match="accepted are holdem, omaha"):
        Rules.pot_limit(blinds=(1, 2), game="stud")


def test_rules_of_a_game_pickle_as_the_same_game() -> None:
    # A process pool or a Ray worker gets the rules pickled: the game stays the one of
    # bigblind.evaluation, which the bots and commands compare by identity.
    import pickle

    for game in (HOLDEM, OMAHA, OMAHA_HI_LO, SHORT_DECK_HOLDEM):
        rules = pickle.loads(pickle.dumps(Rules.pot_limit(blinds=(1, 2), game=game)))
        assert rules.game is game
