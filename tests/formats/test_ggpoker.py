"""GGPoker hands, written in PokerStars' form, read and reconciled by the same reader.

What GGPoker adds: hand numbers with letters, fees after the rake (jackpot,
bingo, fortune, tax), money the site drops into a pot (Cash Drop), EV cash
outs the favourite pays for, tournament levels written ``Level13(500/1,000)``
with thousands separated by commas. The real files are checked in
``test_pokerstars_real.py``.
"""

from __future__ import annotations

from bigblind.formats import pokerstars
from bigblind.formats.phh import HandHistory

CASH_DROP = """\
Poker Hand #RC100: Hold'em No Limit ($0.02/$0.05) - 2025/08/10 10:44:56
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Hero ($5 in chips)
Seat 2: aa ($5 in chips)
Seat 3: bb ($5 in chips)
Cash Drop to Pot : total $0.5
aa: posts small blind $0.02
bb: posts big blind $0.05
*** HOLE CARDS ***
Dealt to Hero [Ad 7d]
Dealt to aa
Dealt to bb
Hero: raises $0.1 to $0.15
aa: folds
bb: calls $0.1
*** FLOP *** [Ts 7h 6c]
bb: checks
Hero: bets $0.2
bb: folds
Uncalled bet ($0.2) returned to Hero
*** SHOWDOWN ***
Hero collected $0.8 from pot
*** SUMMARY ***
Total pot $0.82 | Rake $0.01 | Jackpot $0.01 | Bingo $0 | Fortune $0 | Tax $0
Board [Ts 7h 6c]
Seat 1: Hero (button) won ($0.8)
Seat 2: aa (small blind) folded before Flop
Seat 3: bb (big blind) folded on the Flop
"""

EV_CASHOUT = """\
Poker Hand #RC101: Hold'em No Limit ($0.02/$0.05) - 2025/08/10 10:45:56
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Hero ($5 in chips)
Seat 2: aa ($5 in chips)
Seat 3: bb ($5 in chips)
aa: posts small blind $0.02
bb: posts big blind $0.05
*** HOLE CARDS ***
Dealt to Hero [Kd Kc]
Dealt to aa
Dealt to bb
Hero: raises $0.1 to $0.15
aa: raises $4.85 to $5 and is all-in
bb: folds
Hero: calls $4.85 and is all-in
aa: shows [As Ah]
Hero: shows [Kd Kc]
aa: Chooses to EV Cashout
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Jd]
*** RIVER *** [2c 7d 9h Jd] [3s]
aa: Pays Cashout Risk ($1.8)
*** SHOWDOWN ***
aa collected $9.8 from pot
*** SUMMARY ***
Total pot $10.05 | Rake $0.2 | Jackpot $0.05 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d 9h Jd 3s]
Seat 1: Hero (button) showed [Kd Kc] and lost with a pair of Kings
Seat 2: aa (small blind) showed [As Ah] and won ($9.8) with a pair of Aces, Cashout Risk ($1.8)
Seat 3: bb (big blind) folded before Flop
"""

TOURNAMENT = """\
Poker Hand #TM200: Tournament #258197843, $15 Bounty Hunters Holiday Special Hold'em No Limit \
- Level13(500/1,000) - 2026/01/22 03:14:09
Table '511' 8-max Seat #2 is the button
Seat 1: aa (12,500 in chips)
Seat 2: Hero (3,400 in chips)
aa: posts the ante 125
Hero: posts the ante 125
Hero: posts small blind 500
aa: posts big blind 1,000
*** HOLE CARDS ***
Dealt to Hero [Kh As]
Hero: raises 2,275 to 3,275 and is all-in
aa: calls 2,275
Hero: shows [Kh As]
aa: shows [Qc Qd]
*** FLOP *** [Ks 5d 6s]
*** TURN *** [Ks 5d 6s] [Qh]
*** RIVER *** [Ks 5d 6s Qh] [3c]
*** SHOWDOWN ***
aa collected 6,800 from pot
*** SUMMARY ***
Total pot 6,800 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [Ks 5d 6s Qh 3c]
Seat 1: aa (big blind) showed [Qc Qd] and won (6,800) with three of a kind, Queens
Seat 2: Hero (button) (small blind) showed [Kh As] and lost with a pair of Kings
"""


def one(text: str) -> HandHistory:
    (entry,) = pokerstars.loads_each(text)
    assert isinstance(entry, HandHistory), entry
    return entry


def test_a_cash_drop_and_the_fees_after_the_rake() -> None:
    history = one(CASH_DROP)
    assert history.number == "RC100" and history.metadata["site"] == "GGPoker"
    assert history.metadata["_rake"] == 2 and history.metadata["cash_drop"] == 50
    assert history.finishing_stacks == (498, 485, 565)  # aa, bb, Hero
    check = pokerstars.reconcile(history)
    # The engine's pot has no dropped money: Hero ends with 517 there, 565 at GGPoker.
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    assert check.hand.result.stacks == (498, 485, 517)


def test_an_ev_cash_out_is_paid_apart_from_the_pot() -> None:
    history = one(EV_CASHOUT)
    assert history.metadata["cashout_risk"] == [180, 0, 0]
    assert history.finishing_stacks == (800, 495, 0)  # aa paid 1.80 of the 9.80 won
    assert pokerstars.reconcile(history).reconciled
    # The price is the site's, which no replay can check; the pot's chips are checked.
    wrong = one(EV_CASHOUT.replace("aa collected $9.8", "aa collected $9.9"))
    assert pokerstars.reconcile(wrong).problem == (
        "final stacks differ: aa 990 in the file, 1005 replayed (the rake is 25)"
    )


def test_a_tournament_with_thousands_written_with_commas() -> None:
    history = one(TOURNAMENT)
    assert history.metadata["tournament"] == 258197843 and history.metadata["level"] == 13
    assert history.rules is not None and history.rules.big_blind == 1000
    assert history.starting_stacks == (12500, 3400)
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert history.finishing_stacks == (15900, 0)
