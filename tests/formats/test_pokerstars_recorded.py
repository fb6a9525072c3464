"""PokerStars hands replayed as recorded: what the site allowed is taken, every chip checked.

Hand-built histories, one per corner the real files show: an all-in loser
mucking (in a hand run twice too), a winner showing uncontested, one-card
shows, a fold when a check was free, a fold before the player's turn, a raise nobody
could answer, a file that
leaves out the uncalled bet, antes and side pots, shows listed pot by pot.
"""

from __future__ import annotations

import pytest

from bigblind.engine.events import HandKilled
from bigblind.formats import pokerstars
from bigblind.formats.phh import HandHistory


def one(text: str) -> HandHistory:
    (history,) = pokerstars.loads(text)
    return history


def reconciled(text: str) -> pokerstars.Reconciliation:
    """The hand reconciles as recorded; its result is returned to look at."""
    check = pokerstars.reconcile(one(text))
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.finished
    return check


def stacks(check: pokerstars.Reconciliation) -> tuple[int, ...]:
    assert check.hand is not None and check.hand.result is not None
    return check.hand.result.stacks


SIDE_POT_MUCK = """\
PokerStars Hand #100:  Hold'em No Limit ($0.50/$1 USD) - 2020/01/01 10:00:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: ann ($100 in chips)
Seat 2: bob ($30 in chips)
Seat 3: cy ($60 in chips)
bob: posts small blind $0.50
cy: posts big blind $1
*** HOLE CARDS ***
ann: raises $2 to $3
bob: raises $27 to $30 and is all-in
cy: raises $30 to $60 and is all-in
ann: calls $57
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jd]
*** RIVER *** [2c 7d 9h Jd] [3s]
*** SHOW DOWN ***
cy: shows [Ah Ad] (a pair of Aces)
ann: shows [Kc Kd] (a pair of Kings)
cy collected $60 from side pot
bob: mucks hand
cy collected $90 from main pot
*** SUMMARY ***
Total pot $150 Main pot $90. Side pot $60. | Rake $0
Board [2c 7d 9h Jd 3s]
Seat 1: ann (button) showed [Kc Kd] and lost with a pair of Kings
Seat 2: bob (small blind) mucked
Seat 3: cy (big blind) showed [Ah Ad] and won ($150) with a pair of Aces
"""


def test_an_all_in_loser_mucking_is_out_of_the_pots() -> None:
    # RULES 6.7 has all-in hands shown; the site let bob muck: his hand is out, as a
    # folded one, and his chips stay in the pots (RULES 9.2 kills a hand so).
    check = reconciled(SIDE_POT_MUCK)
    assert one(SIDE_POT_MUCK).players == ("bob", "cy", "ann")
    assert stacks(check) == (0, 15000, 4000)
    assert check.allowed == ("bob mucked where RULES 6.7 have it shown",)
    assert check.hand is not None
    assert any(isinstance(e, HandKilled) and e.seat == 0 for e in check.hand.events)
    strict = pokerstars.reconcile(one(SIDE_POT_MUCK), strict=True)
    assert not strict.reconciled and "bob cannot muck" in str(strict.problem)


RUN_TWICE_MUCK = """\
PokerStars Hand #101:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 10:52:27 ET
Table 'Twice' 9-max Seat #1 is the button
Seat 1: ann ($50 in chips)
Seat 2: bob ($50 in chips)
ann: posts small blind $0.25
bob: posts big blind $0.50
*** HOLE CARDS ***
ann: raises $49.50 to $50 and is all-in
bob: calls $49.50 and is all-in
*** FIRST FLOP *** [Ah Th 2d]
*** FIRST TURN *** [Ah Th 2d] [9c]
*** FIRST RIVER *** [Ah Th 2d 9c] [7c]
*** SECOND FLOP *** [2h 8d 5h]
*** SECOND TURN *** [2h 8d 5h] [8c]
*** SECOND RIVER *** [2h 8d 5h 8c] [Qh]
*** FIRST SHOW DOWN ***
ann: shows [Ac As] (three of a kind, Aces)
bob: mucks hand
ann collected $49 from pot
*** SECOND SHOW DOWN ***
ann: shows [Ac As] (two pair, Aces and Eights)
ann collected $49 from pot
*** SUMMARY ***
Total pot $100 | Rake $2
Hand was run twice
FIRST Board [Ah Th 2d 9c 7c]
SECOND Board [2h 8d 5h 8c Qh]
Seat 1: ann (button) (small blind) showed [Ac As] and won ($49) with three of a kind, Aces, \
and won ($49) with two pair, Aces and Eights
Seat 2: bob (big blind) mucked
"""


def test_a_hand_run_twice_whose_all_in_loser_mucked() -> None:
    # RULES 10.3: run twice; the loser's muck ends the hand for the one player left, who
    # takes every pot (RULES 4.6): the boards dealt after change no chip. Rake 2.
    history = one(RUN_TWICE_MUCK)
    assert history.runs == 2
    check = reconciled(RUN_TWICE_MUCK)
    assert stacks(check) == (0, 10000)  # bob, ann (PHH order: the big blind first)


def test_a_hand_run_twice_shown_twice_replays_each_run() -> None:
    shown = RUN_TWICE_MUCK.replace("bob: mucks hand", "bob: shows [Ks Kc] (a pair of Kings)")
    shown = shown.replace(
        "ann collected $49 from pot\n*** SUMMARY",
        "bob: shows [Ks Kc] (two pair, Kings and Eights)\nann collected $49 from pot\n*** SUMMARY",
    )
    check = reconciled(shown)
    assert check.hand is not None and check.hand.result is not None
    assert len(check.hand.result.boards) == 2 and check.allowed == ()


UNCONTESTED = """\
PokerStars Hand #102:  Hold'em No Limit ($0.10/$0.25 USD) - 2015/08/18 10:59:04 ET
Table 'Alpha' 6-max Seat #3 is the button
Seat 1: ann ($20 in chips)
Seat 2: bob ($30 in chips)
Seat 3: cy ($25 in chips)
ann: posts small blind $0.10
bob: posts big blind $0.25
*** HOLE CARDS ***
cy: raises $0.75 to $1
ann: folds
bob: folds
Uncalled bet ($0.75) returned to cy
cy: shows [Ac Kd]
cy collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
Seat 1: ann (small blind) folded before Flop
Seat 2: bob (big blind) folded before Flop
Seat 3: cy (button) showed [Ac Kd] and won ($0.60)
"""


def test_a_winner_showing_uncontested_and_a_one_card_show() -> None:
    check = reconciled(UNCONTESTED)
    assert stacks(check) == (1990, 2975, 2535)
    one_card = UNCONTESTED.replace("cy: shows [Ac Kd]", "cy: shows [Ac]")
    assert not any(" sm" in action for action in one(one_card).actions)
    reconciled(one_card)
    # By RULES a hand won uncontested is over: the show is refused in strict mode.
    strict = pokerstars.reconcile(one(UNCONTESTED), strict=True)
    assert "cannot show: the hand is over" in str(strict.problem)
    assert "line 13" in str(strict.problem)  # the file's line of cy's show


def test_a_file_without_the_uncalled_bet_line_reconciles() -> None:
    # Some exports leave out 'Uncalled bet (X) returned to Y': the engine returns it,
    # and the hand is no mismatch when the rest agrees.
    text = UNCONTESTED.replace("Uncalled bet ($0.75) returned to cy\n", "")
    history = one(text)
    assert history.finishing_stacks == (1990, 2975, 2460)  # as the lines alone say
    check = reconciled(text)
    assert stacks(check) == (1990, 2975, 2535)
    # A wrong amount collected is still caught.
    wrong = pokerstars.reconcile(one(text.replace("collected $0.60", "collected $0.70")))
    assert wrong.problem == "final stacks differ: cy 2545 in the file, 2535 replayed"


LIMPED = """\
PokerStars Hand #103:  Hold'em No Limit (10/20) - 2020/01/01 10:00:00 ET
Table 'Play' 9-max (Play Money) Seat #1 is the button
Seat 1: ann (1000 in chips)
Seat 2: bob (1000 in chips)
Seat 3: cy (1000 in chips)
bob: posts small blind 10
cy: posts big blind 20
*** HOLE CARDS ***
ann: calls 20
bob: calls 10
cy: folds
*** FLOP *** [2c 7d 9h]
bob: checks
ann: bets 40
bob: folds
Uncalled bet (40) returned to ann
ann collected 60 from pot
*** SUMMARY ***
Total pot 60 | Rake 0
Seat 1: ann (button) collected (60)
Seat 2: bob (small blind) folded on the Flop
Seat 3: cy (big blind) folded before Flop
"""


def test_a_fold_when_a_check_was_free() -> None:
    # RULES 4.4 has no fold when a check is free; the site took one: cy is out, his big
    # blind stays in the pot.
    check = reconciled(LIMPED)
    assert stacks(check) == (980, 980, 1040)
    assert check.allowed == ("line 11: cy folded when a check was free",)
    strict = pokerstars.reconcile(one(LIMPED), strict=True)
    assert str(strict.problem).startswith("line 11: 'cy: f': cy cannot fold")


AWAY = """\
PokerStars Hand #105: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level I (10/20) \
- 2020/01/01 10:00:00 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: ann (1000 in chips)
Seat 2: bob (1000 in chips)
Seat 3: cy (1000 in chips)
Seat 4: dee (1000 in chips)
bob: posts small blind 10
cy: posts big blind 20
*** HOLE CARDS ***
ann: folds
dee: calls 20
bob: folds
cy: checks
*** FLOP *** [2c 7d 9h]
cy: checks
dee: bets 40
cy: folds
Uncalled bet (40) returned to dee
dee collected 50 from pot
*** SUMMARY ***
Total pot 50 | Rake 0
Seat 1: ann (button) folded before Flop (didn't bet)
Seat 2: bob (small blind) folded before Flop
Seat 3: cy (big blind) folded on the Flop
Seat 4: dee collected (50)
"""


def test_a_fold_written_before_the_players_turn() -> None:
    # ann folds before dee, who acts first: the site folded ann's hand in advance. Her
    # hand is out (RULES 9.2); the rest is played as written.
    check = reconciled(AWAY)
    final = dict(zip(one(AWAY).players or (), stacks(check), strict=True))
    assert final == {"ann": 1000, "bob": 990, "cy": 980, "dee": 1030}
    assert check.allowed == ("line 10: ann folded out of turn",)
    strict = pokerstars.reconcile(one(AWAY), strict=True)
    assert str(strict.problem).startswith("line 10: 'ann: f': ann cannot fold")


OVER_ALL_IN = """\
PokerStars Hand #104: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level I (10/20) \
- 2020/01/01 10:00:00 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: ann (1500 in chips)
Seat 2: bob (300 in chips)
ann: posts small blind 10
bob: posts big blind 20
*** HOLE CARDS ***
ann: raises 80 to 100
bob: raises 200 to 300 and is all-in
ann: raises 900 to 1200
Uncalled bet (900) returned to ann
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jd]
*** RIVER *** [2c 7d 9h Jd] [3s]
*** SHOW DOWN ***
bob: shows [Ah Ad] (a pair of Aces)
ann: shows [Kc Kd] (a pair of Kings)
bob collected 600 from pot
*** SUMMARY ***
Total pot 600 | Rake 0
Board [2c 7d 9h Jd 3s]
Seat 1: ann (button) (small blind) showed [Kc Kd] and lost with a pair of Kings
Seat 2: bob (big blind) showed [Ah Ad] and won (600) with a pair of Aces
"""


def test_a_raise_nobody_left_could_answer() -> None:
    check = reconciled(OVER_ALL_IN)
    assert stacks(check) == (600, 1200)
    assert check.allowed == ("line 10: ann raised with nobody left to answer: a call",)


ANTES_SIDE_POTS = """\
PokerStars Hand #105: Tournament #77, $10+$10+$2 USD Hold'em No Limit - Level V (100/200) \
- 2020/01/01 10:00:00 ET
Table '77 3' 9-max Seat #4 is the button
Seat 1: ann (5000 in chips)
Seat 2: bob (900 in chips)
Seat 3: cy (2500 in chips)
Seat 4: dee (3000 in chips) is sitting out
ann: posts the ante 25
bob: posts the ante 25
cy: posts the ante 25
dee: posts the ante 25
ann: posts small blind 100
bob: posts big blind 200
*** HOLE CARDS ***
cy: raises 2275 to 2475 and is all-in
dee: folds
ann: calls 2375
bob: calls 675 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jd]
*** RIVER *** [2c 7d 9h Jd] [3s]
*** SHOW DOWN ***
ann: shows [Kc Kd] (a pair of Kings)
cy: shows [Qs Qh] (a pair of Queens)
ann collected 3200 from side pot
bob: shows [Ah Ad] (a pair of Aces)
bob collected 2725 from main pot
cy wins the $10 bounty for eliminating nobody
*** SUMMARY ***
Total pot 5925 Main pot 2725. Side pot 3200. | Rake 0
Board [2c 7d 9h Jd 3s]
Seat 1: ann (small blind) showed [Kc Kd] and won (3200) with a pair of Kings
Seat 2: bob (big blind) showed [Ah Ad] and won (2725) with a pair of Aces
Seat 3: cy showed [Qs Qh] and lost with a pair of Queens
Seat 4: dee (button) folded before Flop (didn't bet)
"""


def test_antes_side_pots_and_shows_listed_pot_by_pot() -> None:
    # RULES 2.6, 6.5: four antes, a side pot ann takes and the main pot bob takes; the
    # file lists the side pot's hands first, and each is taken in its turn (RULES 6.7).
    # A knockout's buy-in has three parts.
    history = one(ANTES_SIDE_POTS)
    assert history.metadata["buy_in"] == "$10+$10+$2 USD"
    assert history.players == ("ann", "bob", "cy", "dee")  # dee sits out, yet is dealt in
    check = reconciled(ANTES_SIDE_POTS)
    assert stacks(check) == (5700, 2725, 0, 2975)
    assert sum(stacks(check)) == 5000 + 900 + 2500 + 3000


def test_every_failure_names_the_file_line_and_the_player() -> None:
    broken = LIMPED.replace("bob: folds\nUncalled", "cy: bets 500\nbob: folds\nUncalled")
    check = pokerstars.reconcile(one(broken))
    assert check.problem is not None and check.problem.startswith("line 15: 'cy: cbr 500'")
    assert "cy cannot" in check.problem


@pytest.mark.parametrize("strict", [False, True])
def test_replay_and_results_match_agree_with_reconcile(strict: bool) -> None:
    history = one(ANTES_SIDE_POTS)
    hand = pokerstars.replay(history, strict=strict)
    assert pokerstars.results_match(history, hand)


CAPPED = """\
PokerStars Hand #106:  Hold'em No Limit ($0.25/$0.50 USD) - 2011/02/28 18:46:08 ET
Table 'Bri CAP, 20-50 bb' 6-max Seat #1 is the button
Seat 1: ann ($40 in chips)
Seat 2: bob ($8 in chips)
Seat 3: cy ($25 in chips)
bob: posts small blind $0.25
cy: posts big blind $0.50
*** HOLE CARDS ***
ann: raises $1.50 to $2
bob: raises $6 to $8 and is all-in
cy: raises $2 to $10 and has reached the $10 cap
ann: calls $8 and has reached the $10 cap
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jd]
*** RIVER *** [2c 7d 9h Jd] [3s]
*** SHOW DOWN ***
cy: shows [Ah Ad] (a pair of Aces)
ann: shows [Kc Kd] (a pair of Kings)
cy collected $4 from side pot
bob: shows [Qs Qh] (a pair of Queens)
cy collected $24 from main pot
*** SUMMARY ***
Total pot $28 Main pot $24. Side pot $4. | Rake $0
Board [2c 7d 9h Jd 3s]
Seat 1: ann (button) showed [Kc Kd] and lost with a pair of Kings
Seat 2: bob (small blind) showed [Qs Qh] and lost with a pair of Queens
Seat 3: cy (big blind) showed [Ah Ad] and won ($28) with a pair of Aces
"""


def test_a_cap_game_plays_each_stack_to_the_cap() -> None:
    # A capped table: nobody puts in more than the cap in a hand, as if all-in for it.
    history = one(CAPPED)
    assert history.metadata["cap"] == 1000
    assert history.starting_stacks == (800, 1000, 1000)  # bob, cy, ann: capped at $10
    assert history.metadata["cap_excess"] == [0, 1500, 3000]
    check = reconciled(CAPPED)
    assert stacks(check) == (0, 2800, 0)
