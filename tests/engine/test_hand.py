"""The hand engine against RULES 2-7, one rule at a time."""

from __future__ import annotations

import pytest

from bigblind import (
    ActionKind,
    AnteType,
    Deck,
    Forced,
    Hand,
    HandFinishedError,
    IllegalActionError,
    OutOfTurnError,
    Phase,
    Rules,
    RulesError,
    Street,
    parse_cards,
)
from bigblind.engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    Burned,
    HoleDealt,
    Mucked,
    Posted,
    PotAwarded,
    Shown,
)
from tests.support import chips_in_play, deal

NL = Rules.no_limit(blinds=(1, 2))


def posts(hand: Hand) -> list[tuple[int, Forced, int]]:
    return [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Posted)]


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (
        hand.events,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.actor,
        hand.legal,
        hand.phase,
        hand.street,
    )


# RULES 2.1, 2.2: the blinds are posted by the two players left of the button.
def test_blinds_left_of_button() -> None:
    hand = Hand(NL, [100] * 4, button=2, deck=Deck.shuffled(seed=1))
    assert posts(hand) == [(3, Forced.SMALL_BLIND, 1), (0, Forced.BIG_BLIND, 2)]
    assert hand.actor == 1  # RULES 4.2: under the gun, left of the big blind


# RULES 2.3: heads-up the button posts the small blind, is dealt second,
# acts first pre-flop and last after the flop.
def test_heads_up_positions() -> None:
    hand = Hand(NL, [100, 100], button=1, deck=Deck.shuffled(seed=2))
    assert posts(hand) == [(1, Forced.SMALL_BLIND, 1), (0, Forced.BIG_BLIND, 2)]
    dealt = [e.seat for e in hand.events if isinstance(e, HoleDealt)]
    assert dealt == [0, 1, 0, 1]  # RULES 3.1: the big blind first
    assert hand.actor == 1
    hand.call()
    assert hand.actor == 0
    hand.check()
    assert hand.street is Street.FLOP and hand.actor == 0
    hand.check()
    assert hand.actor == 1


# RULES 2.4, 2.5: antes are dead money and do not count toward the bet.
def test_antes_are_dead_money() -> None:
    rules = Rules.no_limit(blinds=(2, 4), ante=1)
    hand = Hand(rules, [100] * 3, deck=Deck.shuffled(seed=3))
    antes = [p for p in posts(hand) if p[1] is Forced.ANTE]
    assert antes == [(1, Forced.ANTE, 1), (2, Forced.ANTE, 1), (0, Forced.ANTE, 1)]
    assert hand.pot == 9
    legal = hand.legal
    assert legal is not None and legal.call == 4  # the ante is not part of the bet


# RULES 2.4: a big-blind ante is one ante for the table, posted by the big blind,
# and goes whole into the main pot (RULES 6.4).
def test_big_blind_ante() -> None:
    rules = Rules.no_limit(blinds=(1, 2), ante=2, ante_type=AnteType.BIG_BLIND)
    hand = Hand(rules, [100] * 4, deck=Deck.shuffled(seed=4))
    assert (2, Forced.ANTE, 2) in posts(hand)
    assert hand.pot == 5
    assert hand.pots[0].amount == 5


# RULES 2.6: a stack that cannot cover a blind posts what it has and is all-in;
# the blind is posted before the ante.
def test_short_forced_bets() -> None:
    rules = Rules.no_limit(blinds=(5, 10), ante=2)
    hand = Hand(rules, [100, 7, 100], deck=Deck.shuffled(seed=5), button=0)
    # seat 1 is the small blind with 7 chips: 5 for the blind, 2 for the ante.
    assert (1, Forced.SMALL_BLIND, 5) in posts(hand)
    assert (1, Forced.ANTE, 2) in posts(hand)
    hand2 = Hand(rules, [100, 100, 6], deck=Deck.shuffled(seed=5), button=0)
    # seat 2 is the big blind with 6 chips: all of it for the blind, no ante.
    assert (2, Forced.BIG_BLIND, 6) in posts(hand2)
    assert not any(p[0] == 2 and p[1] is Forced.ANTE for p in posts(hand2))
    legal = hand2.legal
    assert legal is not None and legal.call == 10  # others still call the full blind


# RULES 2.7: a straddle of two big blinds by the player left of the big blind,
# who then acts last pre-flop.
def test_straddle() -> None:
    rules = Rules.no_limit(blinds=(1, 2), straddle=4)
    hand = Hand(rules, [100] * 5, deck=Deck.shuffled(seed=6))
    assert (3, Forced.STRADDLE, 4) in posts(hand)
    assert hand.actor == 4
    legal = hand.legal
    assert legal is not None and legal.call == 4 and legal.min_raise_to == 8
    for _ in range(4):
        hand.call()
    assert hand.actor == 3  # the straddler's option
    legal = hand.legal
    assert legal is not None and legal.check and legal.can_raise


# RULES 3.1, 3.2, 3.3: one card at a time from left of the button; burns before
# each street; three, one and one board cards.
def test_dealing_order_and_burns() -> None:
    deck = Deck.shuffled(seed=8)
    order = deck.cards
    hand = Hand(NL, [100] * 3, button=0, deck=deck)
    dealt = [(e.seat, e.card) for e in hand.events if isinstance(e, HoleDealt)]
    assert dealt == list(zip([1, 2, 0, 1, 2, 0], order[:6], strict=True))
    hand.call()
    hand.call()
    hand.check()
    burns = [e.card for e in hand.events if isinstance(e, Burned)]
    flop = [e.cards for e in hand.events if isinstance(e, BoardDealt)]
    assert burns == [order[6]] and flop == [order[7:10]]


# RULES 1.3: 22 players use the whole deck; with 23 burns are skipped so that
# the board can always be completed.
@pytest.mark.parametrize(("players", "burns"), [(22, 3), (23, 1)])
def test_burns_with_many_players(players: int, burns: int) -> None:
    hand = Hand(NL, [10] * players, deck=Deck.shuffled(seed=players), show_all=True)
    while not hand.finished:
        hand.all_in() if hand.legal and hand.legal.call else hand.check_or_call()
    assert len(hand.board) == 5
    assert sum(isinstance(e, Burned) for e in hand.events) == burns
    dealt = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    dealt += list(hand.board)
    assert len(dealt) == len(set(dealt)) == 2 * players + burns + 5


# RULES 4.2: the big blind has the option to check or raise when nobody raised.
def test_big_blind_option() -> None:
    hand = Hand(NL, [100] * 3, deck=Deck.shuffled(seed=9))
    hand.call()
    hand.call()
    assert hand.actor == 2
    legal = hand.legal
    assert legal is not None and legal.check and not legal.fold and legal.min_raise_to == 4
    hand.raise_to(6)
    assert hand.street is Street.PREFLOP and hand.actor == 0


# RULES 4.3: after the flop the first player still in left of the button acts first.
def test_postflop_order() -> None:
    hand = Hand(NL, [100] * 4, button=0, deck=Deck.shuffled(seed=10))
    hand.call()  # seat 3
    hand.call()  # seat 0 (button)
    hand.fold()  # seat 1 (small blind)
    hand.check()  # seat 2
    assert hand.street is Street.FLOP and hand.actor == 2


# RULES 4.4: folding when checking is free is refused with a clear error.
def test_fold_refused_when_check_is_free() -> None:
    hand = Hand(NL, [100] * 2, deck=Deck.shuffled(seed=11))
    hand.call()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="cannot fold: nothing is at stake"):
        hand.fold()
    assert snapshot(hand) == before


# RULES 4.5: action returns to the raiser, who may not raise their own bet.
def test_round_ends_when_action_returns_to_raiser() -> None:
    hand = Hand(NL, [100] * 3, deck=Deck.shuffled(seed=12))
    hand.raise_to(6)
    hand.call()
    hand.call()
    assert hand.street is Street.FLOP
    assert [e.kind for e in hand.events if isinstance(e, Acted)] == [
        ActionKind.RAISE,
        ActionKind.CALL,
        ActionKind.CALL,
    ]


# RULES 4.6: when all but one fold the last player wins at once, unshown.
def test_win_by_folds() -> None:
    hand = Hand(NL, [100] * 3, deck=Deck.shuffled(seed=13))
    hand.raise_to(6)
    hand.fold()
    hand.fold()
    assert hand.finished and hand.result is not None
    assert hand.result.stacks == (103, 99, 98)
    assert not any(isinstance(e, Shown) for e in hand.events)
    assert len(hand.board) == 0


# RULES 4.7: when at most one player can bet, the board is dealt and every hand shown.
def test_all_in_run_out() -> None:
    hand = deal(NL, [50, 100, 100], ["AsAd", "KsKd", "2c7h"], "3c4d9hTsJd")
    hand.all_in()  # seat 0 (button)
    hand.call()  # seat 1 calls 50
    hand.fold()  # seat 2
    assert hand.finished and hand.result is not None
    shown = [e.seat for e in hand.events if isinstance(e, Shown)]
    assert sorted(shown) == [0, 1]
    assert hand.result.stacks == (102, 50, 98)


# RULES 4.8: a bet nobody called goes back to the bettor.
def test_uncalled_bet_returned() -> None:
    hand = deal(NL, [300, 130], ["AsAd", "KsKd"], "3c4d9hTsJd", button=0)
    hand.raise_to(300)  # button all-in for 300
    hand.call()  # 130 all-in
    returned = [(e.seat, e.amount) for e in hand.events if isinstance(e, BetReturned)]
    assert returned == [(0, 170)]
    assert hand.result is not None and hand.result.stacks == (430, 0)


# RULES 5.1: 10-20 limit, blinds 5/10: pre-flop a raise makes it 20; on the turn a bet is 20.
def test_fixed_limit_sizes() -> None:
    rules = Rules.fixed_limit(blinds=(5, 10))
    hand = Hand(rules, [1000] * 3, deck=Deck.shuffled(seed=14))
    legal = hand.legal
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 20
    hand.call()
    hand.call()
    hand.check()
    legal = hand.legal
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 10  # flop bet
    for _ in range(3):
        hand.check()
    legal = hand.legal
    assert hand.street is Street.TURN
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 20
    with pytest.raises(IllegalActionError, match="the only bet is to 20"):
        hand.bet(30)


# RULES 5.2: four bets a round (the blind plus three raises); an option lifts
# the cap heads-up.
def test_fixed_limit_cap() -> None:
    rules = Rules.fixed_limit(blinds=(5, 10))
    hand = Hand(rules, [1000] * 3, deck=Deck.shuffled(seed=15))
    hand.raise_to(20)
    hand.raise_to(30)
    hand.raise_to(40)
    legal = hand.legal
    assert legal is not None and not legal.can_raise and legal.call == 20
    with pytest.raises(IllegalActionError, match="capped at 4 bets"):
        hand.raise_to(50)
    uncapped = Rules.fixed_limit(blinds=(5, 10), uncapped_heads_up=True)
    heads_up = Hand(uncapped, [1000] * 2, deck=Deck.shuffled(seed=15))
    for total in (20, 30, 40, 50, 60):
        heads_up.raise_to(total)
    assert heads_up.bets == (60, 50)


# RULES 5.3: pot limit, blinds 5/10, first to act: raise to at most 35, at least 20;
# post-flop any bet from the big blind up to the pot.
def test_pot_limit_example() -> None:
    hand = Hand(Rules.pot_limit(blinds=(5, 10)), [1000] * 4, deck=Deck.shuffled(seed=16))
    legal = hand.legal
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (20, 35)
    hand.raise_to(35)
    hand.fold()
    hand.fold()
    hand.call()
    assert hand.pot == 75
    legal = hand.legal
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (10, 75)


# RULES 5.4: a raise must add at least the largest bet or raise of the round.
def test_no_limit_minimum_raise() -> None:
    hand = Hand(NL, [1000] * 3, deck=Deck.shuffled(seed=17))
    hand.raise_to(10)  # a raise of 8
    legal = hand.legal
    assert legal is not None and legal.min_raise_to == 18 and legal.max_raise_to == 1000
    with pytest.raises(IllegalActionError) as error:
        hand.raise_to(15)
    assert str(error.value) == (
        "seat 1 cannot raise to 15: the minimum raise is to 18 and the maximum is 1000"
    )


# RULES 5.5: calling 200 with 130 is an all-in call for 130; facing 500 with 700 a
# player may go all-in for 700.
def test_all_in_for_less() -> None:
    hand = Hand(NL, [1000, 130, 1000, 700], button=0, deck=Deck.shuffled(seed=18))
    hand.raise_to(200)  # seat 3
    hand.fold()  # seat 0
    legal = hand.legal
    assert legal is not None and hand.actor == 1 and legal.call == 129  # 1 already posted
    hand.call()
    assert hand.stacks[1] == 0
    hand.raise_to(500)  # seat 2 re-raises
    legal = hand.legal
    assert legal is not None and hand.actor == 3
    assert legal.min_raise_to == legal.max_raise_to == 700  # all-in for less than a full raise
    hand.all_in()
    assert hand.bets[3] == 700


# RULES 5.6: a short all-in does not reopen the betting for players who already acted.
def test_short_all_in_does_not_reopen() -> None:
    hand = Hand(NL, [1000, 1000, 150, 1000], button=0, deck=Deck.shuffled(seed=19))
    hand.raise_to(100)  # seat 3
    hand.call()  # seat 0
    hand.call()  # seat 1 (small blind)
    hand.all_in()  # seat 2 (big blind) to 150: a raise of 50, short of 100
    for seat in (3, 0, 1):
        assert hand.actor == seat
        legal = hand.legal
        assert legal is not None and legal.call == 50 and not legal.can_raise
        hand.call()
    assert hand.street is Street.FLOP


# RULES 5.6: several short all-ins that together make a full raise reopen it, and the
# minimum raise stays the last full one (TDA 47-A).
def test_short_all_ins_together_reopen() -> None:
    rules = Rules.no_limit(blinds=(50, 100))
    for last_all_in, reopened in ((300, True), (280, False)):
        stacks = [last_all_in, 1000, 1000, 1000, 250]
        hand = Hand(rules, stacks, button=0, deck=Deck.shuffled(seed=20))
        hand.raise_to(200)  # seat 3: a full raise of 100
        hand.all_in()  # seat 4 to 250: short
        hand.all_in()  # seat 0 to 300 (together a full raise) or 280
        hand.fold()  # seat 1
        hand.call()  # seat 2
        legal = hand.legal
        assert hand.actor == 3 and legal is not None
        assert legal.call == last_all_in - 200
        if reopened:
            assert legal.min_raise_to == last_all_in + 100  # the last full raise was 100
        else:
            assert not legal.can_raise


# RULES 5.6 is not the ACPC server's rule: with ``acpc_raises`` a short all-in reopens
# the betting, and the next raise is to at least the last minimum or the short raise
# doubled, whichever is higher (the ACPC server's game.c, for its logs).
def test_acpc_raises_reopen_after_a_short_all_in() -> None:
    rules = Rules.no_limit(blinds=(50, 100))
    acpc = Rules(structure=rules.structure, small_blind=50, big_blind=100, acpc_raises=True)
    for played, reopened in ((rules, False), (acpc, True)):
        # Seat 0 the button with 500 chips, seats 1 and 2 the blinds.
        hand = Hand(played, [500, 20000, 20000], button=0, deck=Deck.shuffled(seed=19))
        hand.call()  # seat 0
        hand.raise_to(400)  # seat 1 (small blind): a full raise of 300
        hand.call()  # seat 2
        hand.all_in()  # seat 0 to 500: short of a full raise
        legal = hand.legal
        assert hand.actor == 1 and legal is not None and legal.call == 100
        assert legal.can_raise is reopened
        if reopened:
            # The last minimum (700) beats the short raise doubled (600); RULES would say 800.
            assert legal.min_raise_to == 700
            hand.raise_to(700)  # a raise of 200 over the all-in: the next is to 900
            assert hand.legal is not None and hand.legal.min_raise_to == 900


def test_acpc_raises_allow_a_raise_against_a_stack_short_of_a_call() -> None:
    acpc = Rules(structure=NL.structure, small_blind=50, big_blind=100, acpc_raises=True)
    for played, can_raise in ((Rules.no_limit(blinds=(50, 100)), False), (acpc, True)):
        hand = Hand(played, [1000, 20000, 300], button=0, deck=Deck.shuffled(seed=3))
        hand.all_in()  # seat 0 to 1000; the big blind holds 300 in all, short of a call
        legal = hand.legal
        assert hand.actor == 1 and legal is not None and legal.call == 950
        assert legal.can_raise is can_raise


def test_acpc_raises_must_be_a_bool() -> None:
    with pytest.raises(RulesError, match="acpc_raises 1 must be True or False"):
        Rules(structure=NL.structure, small_blind=1, big_blind=2, acpc_raises=1)  # type: ignore[arg-type]


# RULES 5.6: in fixed limit an all-in of half a bet or more counts as a full raise.
def test_fixed_limit_half_bet_all_in() -> None:
    rules = Rules.fixed_limit(blinds=(5, 10))
    reopened = Hand(rules, [1000, 1000, 15, 1000], button=0, deck=Deck.shuffled(seed=21))
    reopened.call()  # seat 3 calls 10
    reopened.call()  # seat 0
    reopened.call()  # seat 1
    reopened.all_in()  # seat 2 (big blind, 15 chips): a raise of 5, half a bet
    legal = reopened.legal
    assert reopened.actor == 3 and legal is not None and legal.min_raise_to == 25
    short = Hand(rules, [1000, 1000, 14, 1000], button=0, deck=Deck.shuffled(seed=21))
    for _ in range(3):
        short.call()
    short.all_in()  # to 14: less than half a bet
    legal = short.legal
    assert short.actor == 3 and legal is not None and not legal.can_raise


# RULES 6.4, seed 001: 50 all-in, 100 all-in, 200 and 200.
def test_side_pots_seed_001() -> None:
    hand = deal(
        NL,
        [200, 50, 100, 200],
        ["2c3d", "AsAd", "KsKd", "QsQd"],
        "7c8d9hJs4c",
        button=0,
    )
    hand.all_in()  # seat 3: 200
    hand.all_in()  # seat 0: 200
    hand.all_in()  # seat 1: 50
    hand.all_in()  # seat 2: 100
    assert hand.result is not None
    pots = [(p.amount, p.eligible, p.winners) for p in hand.result.pots]
    assert pots == [(200, (0, 1, 2, 3), (1,)), (150, (0, 2, 3), (2,)), (200, (0, 3), (3,))]
    assert hand.result.stacks == (0, 200, 150, 200)


# RULES 6.4, seed 003: 300 in the pot, Vasya bets 200, you call all-in for 120 and
# Petya calls 200: main pot 660, side pot 160; later bets go to the side pot.
def test_side_pots_seed_003() -> None:
    you, vasya, petya = 1, 2, 0
    hand = deal(NL, [1000, 220, 1000], ["2c3d", "AsAd", "KsKd"], "7c8d9hJs4c", button=0)
    hand.raise_to(100)  # Petya
    hand.call()  # you
    hand.call()  # Vasya: 300 in the pot
    hand.check(seat=you)
    hand.bet(200, seat=vasya)
    hand.call(seat=petya)
    hand.call(seat=you)  # all-in for 120
    assert [(p.amount, p.eligible) for p in hand.pots] == [(660, (0, 1, 2)), (160, (0, 2))]
    hand.bet(100, seat=vasya)
    hand.call(seat=petya)
    assert [(p.amount, p.eligible) for p in hand.pots] == [(660, (0, 1, 2)), (360, (0, 2))]
    hand.check(seat=vasya)
    hand.check(seat=petya)
    assert hand.result is not None
    assert hand.result.stacks == (600, 660, 960)  # aces win the main pot, kings the side pot


# RULES 6.5: side pots are awarded first, the last formed first.
def test_award_order() -> None:
    hand = deal(NL, [200, 50, 100, 200], ["2c3d", "AsAd", "KsKd", "QsQd"], "7c8d9hJs4c")
    for _ in range(4):
        hand.all_in()
    awarded = [e.pot for e in hand.events if isinstance(e, PotAwarded)]
    assert awarded == [2, 1, 0]


# RULES 6.6: odd chips go one at a time from the first seat left of the button.
def test_odd_chips() -> None:
    rules = Rules.no_limit(blinds=(1, 2), ante=1)
    hand = deal(rules, [100] * 3, ["2c3d", "2d3c", "4h5h"], "AsKsQdJcTh", button=0)
    hand.raise_to(4)  # seat 0
    hand.call()  # seat 1
    hand.fold()  # seat 2: 13 in the pot
    while not hand.finished:
        hand.check()
    assert hand.result is not None
    (pot,) = hand.result.pots
    assert (pot.amount, pot.winners, pot.shares) == (13, (0, 1), (6, 7))
    assert hand.result.stacks == (101, 102, 97)


# RULES 6.7: the last bettor shows first; a beaten hand may be mucked; all-in
# hands are always shown. RULES 6.8: the mucked hand is kept but hidden.
def test_showdown_order_and_muck() -> None:
    hand = deal(NL, [100] * 3, ["AsAd", "KsKd", "2c7h"], "3c4d9hTsJd", button=0)
    hand.call()  # seat 0
    hand.call()  # seat 1
    hand.check()  # seat 2
    for _ in range(2):
        for _ in range(3):
            hand.check()
    hand.check()  # seat 1
    hand.bet(10)  # seat 2 bets the river
    hand.call()  # seat 0
    hand.call()  # seat 1
    shows = [(type(e).__name__, e.seat) for e in hand.events if isinstance(e, Shown | Mucked)]
    assert shows == [("Shown", 2), ("Shown", 0), ("Mucked", 1)]
    mucked = next(e for e in hand.events if isinstance(e, Mucked))
    assert mucked.cards == parse_cards("KsKd")
    view = hand.view(0)
    hidden = next(e for e in view.events if isinstance(e, Mucked))
    assert hidden.cards == (None, None)


def test_show_all_shows_every_hand() -> None:
    hand = deal(NL, [100] * 2, ["AsAd", "2c7h"], "3c4d9hTsJd", button=0, show_all=True)
    hand.call()
    for _ in range(7):
        hand.check()
    assert sum(isinstance(e, Shown) for e in hand.events) == 2


# RULES 7.1, 7.2: the hand ends when every pot is awarded; chips are conserved.
def test_hand_ends_and_conserves_chips() -> None:
    hand = Hand(NL, [100, 50, 75], deck=Deck.shuffled(seed=22))
    while not hand.finished:
        assert chips_in_play(hand) == 225
        hand.all_in() if hand.legal and hand.legal.call else hand.check_or_call()
    assert hand.phase is Phase.SETTLED and sum(hand.stacks) == 225


# RULES 3.4: a seat's view hides the other players' hole cards.
def test_view_hides_other_cards() -> None:
    hand = Hand(NL, [100] * 3, deck=Deck.shuffled(seed=23))
    view = hand.view(1)
    mine = [e.card for e in view.events if isinstance(e, HoleDealt) and e.seat == 1]
    others = [e.card for e in view.events if isinstance(e, HoleDealt) and e.seat != 1]
    assert mine == list(hand.hole(1)) and others == [None] * 4
    assert view.legal is None and hand.view(0).legal == hand.legal


def test_errors_name_the_seat_and_leave_the_hand_unchanged() -> None:
    hand = Hand(NL, [200] * 4, deck=Deck.shuffled(seed=24))
    before = snapshot(hand)
    with pytest.raises(OutOfTurnError, match="seat 1 cannot call: it is seat 3's turn"):
        hand.call(seat=1)
    with pytest.raises(IllegalActionError, match="cannot check: 2 to call"):
        hand.check()
    with pytest.raises(IllegalActionError, match="cannot bet 10: there is a bet of 2"):
        hand.bet(10)
    with pytest.raises(IllegalActionError, match="cannot read action"):
        hand.act("jump")
    assert snapshot(hand) == before
    hand.raise_to(200)
    for _ in range(3):
        hand.fold()
    with pytest.raises(HandFinishedError):
        hand.call()


def test_bad_setups_are_refused() -> None:
    with pytest.raises(RulesError, match="2 to 23 players"):
        Hand(NL, [100])
    with pytest.raises(RulesError, match="seat 1 stack 0"):
        Hand(NL, [100, 0])
    with pytest.raises(RulesError, match="button 5"):
        Hand(NL, [100, 100], button=5)


# RULES 8.4: a dead small blind; RULES 10.1: a returning player's live and dead blinds.
def test_blinds_placed_by_the_table() -> None:
    hand = Hand(NL, [50] * 4, button=0, deck=Deck.shuffled(seed=30), blind_seats=(None, 1))
    assert posts(hand) == [(1, Forced.BIG_BLIND, 2)]
    assert hand.actor == 2  # left of the big blind
    hand.call()
    hand.call()
    hand.call()  # the button
    hand.check()  # the big blind's option
    assert hand.street is Street.FLOP and hand.actor == 1  # left of the button
    owed = Hand(
        NL,
        [50] * 4,
        button=0,
        deck=Deck.shuffled(seed=31),
        live_blinds={3: 2},
        dead_blinds={3: 1},
    )
    assert (3, Forced.LIVE_BLIND, 2) in posts(owed) and (3, Forced.DEAD_BLIND, 1) in posts(owed)
    assert owed.pot == 6 and owed.bets == (0, 1, 2, 2)
    legal = owed.legal
    assert owed.actor == 3 and legal is not None and legal.check  # its live blind is a bet
    owed.check()
    assert owed.actor == 0
    with pytest.raises(RulesError, match="cannot post both blinds"):
        Hand(NL, [50] * 3, blind_seats=(1, 1))
    with pytest.raises(RulesError, match="dead blind -1"):
        Hand(NL, [50] * 3, dead_blinds={0: -1})


# RULES 4.1: four betting rounds: pre-flop, flop, turn, river.
def test_four_betting_rounds() -> None:
    hand = Hand(NL, [100] * 3, deck=Deck.shuffled(seed=40))
    streets = []
    while not hand.finished:
        streets.append(hand.street)
        hand.check_or_call()
    assert sorted(set(streets)) == [Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER]
    assert [e.street for e in hand.events if isinstance(e, BoardDealt)] == [
        Street.FLOP,
        Street.TURN,
        Street.RIVER,
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"button": "0"}, r"button '0' must be a seat from 0 to 2"),
        ({"button": 1.0}, r"button 1.0 must be a seat from 0 to 2"),
        ({"dealing": None}, r"dealing None must be 'auto' or 'manual'"),
        ({"showdown": 1}, r"showdown 1 must be 'auto' or 'manual'"),
        ({"show_all": 1}, r"show_all 1 must be True or False"),
        ({"offer_run_twice": "yes"}, r"offer_run_twice 'yes' must be True or False"),
        ({"blind_seats": 1}, r"blind_seats 1 must be \(small blind seat or None, big blind seat\)"),
        ({"blind_seats": (0, None)}, r"big blind seat None must be a seat from 0 to 2"),
        ({"blind_seats": ("0", 1)}, r"small blind seat '0' must be a seat from 0 to 2"),
    ],
)
def test_set_up_of_the_wrong_type_is_refused_in_words(
    arguments: dict[str, object], message: str
) -> None:
    # Both forms (pure and compiled) refuse with the engine's own error, never a TypeError.
    with pytest.raises(RulesError, match=message):
        Hand(NL, [100] * 3, **arguments)  # type: ignore[arg-type]


def test_kill_refuses_a_seat_or_reason_of_the_wrong_type() -> None:
    hand = Hand(NL, [100] * 3, deck=Deck.shuffled(seed=3))
    with pytest.raises(IllegalActionError, match=r"seat '1' does not exist: seats are 0 to 2"):
        hand.kill("1")
    with pytest.raises(IllegalActionError, match=r"the reason 5 must be text"):
        hand.kill(1, 5)
    with pytest.raises(IllegalActionError, match=r"seat None does not exist"):
        hand.hole(None)
