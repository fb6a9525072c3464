"""Bovada and Ignition hand histories: said in PokerStars' words, read so, every chip checked.

The real files (``../shared/data/histories/bovada`` and ``ignition``) are read
in place; each hand's final stacks are worked out by this test's own reading
of the Bovada lines and compared with the engine's replay. Bovada writes no
rake: what the winners' amounts leave of the pot is the rake, at most a tenth.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import bovada, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory
from tests.formats.site_hands import new_counts, reconciled_hands

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"
# Per folder: hands, reconciled, not reconciled, unreadable, other games.
EXPECTED = {"bovada": (1146, 1144, 1, 1, 0), "ignition": (45, 42, 1, 2, 0)}

HAND = """\
Bovada Hand #3754819999  Zone Poker ID#1365 HOLDEMZonePoker No Limit - 2019-04-01 22:50:00
Seat 1: Big Blind [ME] ($5 in chips)
Seat 2: UTG+1 ($9.80 in chips)
Seat 5: Dealer ($15.79 in chips)
Seat 6: Small Blind ($5.72 in chips)
Small Blind : Small Blind $0.02
Big Blind  [ME] : Big blind $0.05
*** HOLE CARDS ***
Big Blind  [ME] : Card dealt to a spot [6s 3h]
UTG+1 : Card dealt to a spot [Kh Qh]
Dealer : Card dealt to a spot [7c Ac]
Small Blind : Card dealt to a spot [5d 9s]
UTG+1 : Calls $0.05
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Checks
*** FLOP *** [Td Ah 6h]
Big Blind  [ME] : Bets $0.16
UTG+1 : All-in(raise) $9.75 to $9.75
Big Blind  [ME] : All-in $4.79
UTG+1 : Return uncalled portion of bet $4.80
*** TURN *** [Td Ah 6h] [4h]
*** RIVER *** [Td Ah 6h 4h] [2c]
Big Blind  [ME] : Showdown [6s 6h Ah 4h Td] (One pair)
UTG+1 : Showdown [Ah Kh Qh 6h 4h] (Flush)
UTG+1 : Hand result $9.90
*** SUMMARY ***
Total Pot($10.02)
"""


def test_an_all_in_call_a_showdown_of_five_cards_and_no_dealer_line() -> None:
    # Bovada's 'All-in $4.79' here is a call for less, and its showdown names the best
    # five cards: the hand shown is the two dealt. No 'Set dealer' line: the seat named
    # Dealer has the button.
    (history,) = bovada.loads_each(HAND)
    assert isinstance(history, HandHistory)
    assert history.players == ("Small Blind", "Big Blind [ME]", "UTG+1", "Dealer")
    assert "p3 sm KhQh" in history.actions and "p2 cc" in history.actions
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    # The pot is 10.02 (the small blind's 0.02 and 5 each); UTG+1 collected 9.90 of it.
    assert check.hand.result.stacks == (570, 0, 1482, 1579)
    assert history.finishing_stacks == (570, 0, 1470, 1579)  # 0.12 of rake, unwritten


def test_the_rake_must_be_a_winners_and_small() -> None:
    greedy = HAND.replace("Hand result $9.90", "Hand result $8.90")
    (history,) = bovada.loads_each(greedy)
    assert isinstance(history, HandHistory)
    assert not pokerstars.reconcile(history).reconciled


def test_other_games_and_a_hand_with_no_button() -> None:
    omaha = HAND.replace("HOLDEMZonePoker No Limit", "OMAHAZonePoker Pot Limit")
    (entry,) = bovada.loads_each(omaha)
    assert isinstance(entry, pokerstars.OtherGame)
    lost = HAND.replace("Seat 5: Dealer", "Seat 5: Cutoff").replace("Dealer :", "Cutoff :")
    (unreadable,) = bovada.loads_each(lost)
    assert isinstance(unreadable, pokerstars.Unreadable)
    assert "says where the button is" in unreadable.reason


# ------------------------------------------------------------- real files

MONEY = re.compile(r"\$?([0-9][0-9,]*(?:\.[0-9]{1,2})?)")


def finals_of(lines: list[str]) -> dict[str, Decimal]:
    """Each player's stack after the hand as the engine counts it, the rake not taken:
    this test's own reading of the Bovada lines."""
    start: dict[str, Decimal] = {}
    put_in: dict[str, Decimal] = {}
    street: dict[str, Decimal] = {}
    for raw in lines[1:]:
        line = re.sub(r"\s+", " ", raw.strip())
        if seat := re.fullmatch(r"Seat \d+: (.+) \((.*) in chips\)", line):
            stack = MONEY.search(seat.group(2))
            assert stack is not None, line
            start[seat.group(1)] = Decimal(stack.group(1).replace(",", ""))
            continue
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            street = {}
            continue
        if line.startswith("*** SUMMARY"):
            break  # (it lists the seats again)
        name, _, rest = line.partition(" : ")
        if name not in start:
            continue
        amounts = [Decimal(a.replace(",", "")) for a in MONEY.findall(rest)]
        skipped = ("Card dealt", "Showdown", "Mucks", "Does not", "Set ", "Draw for", "Ranking")
        if not amounts or rest.startswith(skipped):
            continue
        if " to " in rest:
            added = amounts[-1] - street.get(name, Decimal(0))
        elif rest.startswith("Return uncalled"):
            added = -amounts[0]
        elif rest.lower().startswith("hand result"):
            put_in[name] = put_in.get(name, Decimal(0)) - amounts[0]
            continue
        elif rest.startswith(("Table deposit", "Seat ")):
            continue
        else:
            added = amounts[0]
        put_in[name] = put_in.get(name, Decimal(0)) + added
        if not rest.lower().startswith("ante"):
            street[name] = street.get(name, Decimal(0)) + added
    return {name: stack - put_in.get(name, Decimal(0)) for name, stack in start.items()}


@pytest.mark.parametrize("site", sorted(EXPECTED))
def test_every_real_hand_is_counted_and_the_read_ones_reconcile(
    site: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = HISTORIES / site
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent")
    counts = new_counts()
    for path in sorted(folder.rglob("*.txt")):
        lines = decode(path.read_bytes()).replace("\ufeff", "").splitlines()
        for read in reconciled_hands(bovada.read_each(path), lines, counts):
            finals = finals_of(read.lines)
            names = read.history.players or ()
            taken = [read.stacks[n] - finals[n] for n in names]
            where = (path.name, read.history.number, taken)
            assert all(t >= 0 for t in taken) and sum(taken) <= read.pot / 10 + read.unit, where
            if "tournament" in read.history.metadata:
                assert sum(taken) == 0, where  # a tournament's pots have no rake
    with capsys.disabled():
        print(f"\n{site} histories, read in place: {counts}")
    assert tuple(counts.values()) == EXPECTED[site]
