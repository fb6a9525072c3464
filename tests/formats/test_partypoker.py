"""partypoker hand histories (text): said in PokerStars' words, read so, every chip checked.

The real files (``../shared/data/histories/partypoker``) are read in place;
each hand's final stacks are worked out by this test's own reading of the
party lines (a raise is what the player added) and compared with the
engine's replay. partypoker writes no cash-game rake: what the winners'
amounts leave of the pot is the rake, at most a tenth.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import partypoker, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory
from tests.formats.site_hands import new_counts, reconciled_hands

REPO = Path(__file__).resolve().parents[2]
PARTY = REPO.parent / "shared/data/histories/partypoker"

TOURNAMENT = """\
#Game No : 11938921254
***** Hand History for Game 11938921254 *****
NL Texas Hold'em  Trny: 71272376 Level: 1  Blinds(20/40) - Thursday, July 19, 18:04:58 EDT 2012
Table $250 Freeroll (2686225) Table #176 (Real Money)
Seat 3 is the button
Total number of players : 3/10
Seat 1: ann ( 3,000 )
Seat 2: bob ( 30 )
Seat 3: cy ( 3,000 )
Trny: 71272376 Level: 1
Blinds(20/40)
** Dealing down cards **
cy raises [100]
ann is all-In  [2,980]
cy calls [2,900]
** Dealing Flop ** [ Qs, 8d, 4c ]
** Dealing Turn ** [ 7h ]
** Dealing River ** [ Qd ]
ann shows [ Ah, 4h ]two pairs, Queens and Fours.
bob shows [ 3d, 3c ]two pairs, Queens and Threes.
cy doesn't show [ 5d, 2c ]a pair of Queens.
ann wins 6,030 chips from the main pot with two pairs, Queens and Fours.
Game #11938921300 starts.
"""


def test_a_tournament_hand_whose_blinds_are_not_written() -> None:
    # Older files post no blinds: the two players left of the button do, bob all-in short.
    (history,) = partypoker.loads_each(TOURNAMENT)
    assert isinstance(history, HandHistory)
    assert history.players == ("ann", "bob", "cy")
    assert history.metadata["tournament"] == 71272376 and history.metadata["site"] == "partypoker"
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    assert check.hand.result.stacks == (6030, 0, 0)


SHORT_BLIND = """\
#Game No : 11938921255
***** Hand History for Game 11938921255 *****
NL Texas Hold'em  Trny: 71272376 Level: 16  Blinds-Antes(20/40 -5) - Thursday, July 19, \
18:04:58 EDT 2012
Table $250 Freeroll (2686225) Table #176 (Real Money)
Seat 3 is the button
Total number of players : 3/10
Seat 1: bob ( 20 )
Seat 2: ann ( 3,000 )
Seat 3: cy ( 3,000 )
Trny: 71272376 Level: 16
Blinds-Antes(20/40 -5)
ann posts ante [5]
bob posts ante [5]
cy posts ante [5]
** Dealing down cards **
cy raises [100]
ann folds
** Dealing Flop ** [ Qs, 8d, 4c ]
** Dealing Turn ** [ 7h ]
** Dealing River ** [ Qd ]
bob shows [ Ah, Qh ]three of a kind, Queens.
cy shows [ 5d, 2c ]a pair of Queens.
bob wins 60 chips from the main pot with three of a kind, Queens.
cy wins 50 chips from the side pot 1 with a pair of Queens.
Game #11938921300 starts.
"""


def test_an_unwritten_blind_is_what_the_stack_holds_beside_its_ante() -> None:
    # bob, left of the button, has 20: his ante of 5 leaves 15 of the small blind of 20.
    (history,) = partypoker.loads_each(SHORT_BLIND)
    assert isinstance(history, HandHistory), history
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    final = dict(zip(history.players or (), check.hand.result.stacks, strict=True))
    # cy's raise beyond ann's big blind comes back to him (the file writes no return).
    assert final == {"bob": 60, "ann": 3000 - 45, "cy": 3000 - 45 + 50}


FAST_FORWARD = """\
#Game No : 17600000001
***** Hand History for Game 17600000001 *****
$0.02/$0.05 USD fastforward NL Texas Hold'em - Friday, December 01, 13:35:03 CET 2017
Table Supersonic 3 (No DP),35560068 (Real Money)
Seat 2 is the button
Total number of players : 2/6
Seat 1: ann ( $5 USD )
Seat 2: bob ( $5 USD )
bob posts small blind [$0.02 USD].
ann posts big blind [$0.05 USD].
** Dealing down cards **
bob folds
ann doesn't show [ Ah, Kd ]high card Ace.
ann wins $0.04 USD
"""


def test_a_fast_forward_tables_stakes_are_read() -> None:
    # partypoker's fast-fold tables write 'fastforward' after the stakes.
    (history,) = partypoker.loads_each(FAST_FORWARD)
    assert isinstance(history, HandHistory), history
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert history.rules is not None
    assert (history.rules.small_blind, history.rules.big_blind) == (2, 5)


def test_other_games_and_888s_banner() -> None:
    omaha = TOURNAMENT.replace("NL Texas Hold'em", "PL Omaha Hi-Lo")
    (entry,) = partypoker.loads_each(omaha)
    assert isinstance(entry, pokerstars.OtherGame)
    eights = TOURNAMENT.replace("***** Hand History", "***** 888poker Hand History")
    assert not partypoker.is_party(eights)


# ------------------------------------------------------------- real files

AMOUNT = re.compile(r"\[\s*([^\]]*?)\s*\]")


def money(text: str) -> Decimal:
    return Decimal(re.sub(r"[^0-9.]", "", text.replace("USD", "").replace("EUR", "")) or 0)


def finals_of(lines: list[str]) -> list[dict[str, Decimal]]:
    """Each player's stack after the hand as the engine counts it, the rake not taken,
    read both ways for an uncalled bet party does not write: returned, or in what its
    bettor won. This test's own reading of the party lines; hands that post no blinds
    are left out (their blinds are the reader's inference)."""
    start: dict[str, Decimal] = {}
    put_in: dict[str, Decimal] = {}
    bets: dict[str, Decimal] = {}
    won: dict[str, Decimal] = {}
    for raw in lines[4:]:
        line = raw.strip()
        if seat := re.fullmatch(r"Seat \d+: (.+?) \( ?(.*?) ?\)", line):
            start[seat.group(1)] = money(seat.group(2))
            continue
        name = max((n for n in start if line.startswith(n + " ")), key=len, default=None)
        if name is None:
            continue
        rest = line[len(name) + 1 :]
        if wins := re.match(r"wins ([$€]?[0-9][0-9,.]*)", rest):
            won[name] = won.get(name, Decimal(0)) + money(wins.group(1))
            continue
        found = AMOUNT.search(rest)
        if not found or not rest.startswith(("posts", "calls", "bets", "raises", "is all-In")):
            continue
        amount = money(found.group(1))
        put_in[name] = put_in.get(name, Decimal(0)) + amount
        if "ante" not in rest:
            bets[name] = bets.get(name, Decimal(0)) + amount
    ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
    back = {ranked[0][0]: ranked[0][1] - ranked[1][1]} if len(ranked) > 1 else {}
    return [
        {
            n: s - put_in.get(n, Decimal(0)) + r.get(n, Decimal(0)) + won.get(n, Decimal(0))
            for n, s in start.items()
        }
        for r in (back, {})
    ]


@pytest.mark.skipif(not PARTY.is_dir(), reason="the shared histories are absent")
def test_every_real_party_hand_is_counted_and_the_read_ones_reconcile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counts = new_counts()
    for path in sorted(p for p in PARTY.rglob("*") if p.is_file()):
        lines = decode(path.read_bytes()).replace("\x00", "").replace("\ufeff", "").splitlines()
        for read in reconciled_hands(partypoker.read_each(path), lines, counts):
            if not any(" posts big blind " in line for line in read.lines):
                continue  # blinds inferred by the reader: nothing of the file's to check
            names = read.history.players or ()
            fits = []
            for finals in finals_of(read.lines):
                taken = [read.stacks[n] - finals[n] for n in names]
                fits.append(all(t >= 0 for t in taken) and sum(taken) <= read.pot / 10 + read.unit)
            assert any(fits), (path.name, read.history.number)
    with capsys.disabled():
        print(f"\npartypoker histories, read in place: {counts}")
    assert counts == {"hands": 1294, "reconciled": 1266, "not": 24, "unreadable": 4, "other": 0}
