"""Horizon network hand histories, said in PokerStars' words and read so, every chip checked.

Hand-built hands for the form's corners (thousands parted by spaces, a raise's
total, an all-in that adds, a tournament's three stakes, hexadecimal hand
numbers), and the real files (``../shared/data/histories/horizon``) read in
place: each hand's final stacks are worked out by this test's own reading of
the Horizon lines and compared with the engine's replay.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.engine.rules import Structure
from bigblind.formats import horizon, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory
from tests.formats.site_hands import new_counts, reconciled_hands

REPO = Path(__file__).resolve().parents[2]
HORIZON = REPO.parent / "shared/data/histories/horizon"

TOURNAMENT = """\
Hand#5128FD7BB4001922 - The Colosseum - $100 GTD T16612276 -- FREEROLL -- $0 + $0 -- 8 Max \
-- Table 23 -- 30/150/300 NL Hold'em -- 2018/04/20 - 23:19:43
Dealer: Seat 1
Seat 1: ann (8 589 in chips)
Seat 2: bob (1 500 in chips)
Seat 3: cy (2 000 in chips)
ann: posts ante of 30
bob: posts ante of 30
cy: posts ante of 30
bob: posts small blind 150
cy: posts big blind 300
Dealt to bob [Ah,Kd]
ann: raises to 600
bob: is all in 1 320
cy: folds
ann: calls 870
*** FLOP *** [4c,2h,Kc]
*** TURN *** [4h]
*** RIVER *** [3c]
***SHOW DOWN***
bob: shows [Ah Kd] (Pair of Kings  )
ann: mucks [Qs,Qd] (Pair) .
bob wins 3 330 with Pair of Kings
"""


def test_a_tournament_hand_with_spaced_thousands_and_an_all_in() -> None:
    (history,) = horizon.loads_each(TOURNAMENT)
    assert isinstance(history, HandHistory), history
    assert history.number == 0x5128FD7BB4001922 and history.metadata["site"] == "Horizon"
    assert history.metadata["tournament"] == 16612276
    assert history.rules is not None and history.rules.structure is Structure.NO_LIMIT
    assert (history.rules.small_blind, history.rules.big_blind) == (150, 300)
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    final = dict(zip(history.players or (), history.finishing_stacks or (), strict=True))
    assert final == {"ann": 8589 - 30 - 1470, "bob": 3330, "cy": 2000 - 330}


def test_other_games_and_a_broken_header_lose_only_themselves() -> None:
    stud = TOURNAMENT.replace("NL Hold'em", "FL Stud")
    broken = TOURNAMENT.replace("30/150/300 NL Hold'em", "30/150/300")
    entries = horizon.loads_each("\n".join([stud, broken, TOURNAMENT]))
    assert isinstance(entries[0], pokerstars.OtherGame)
    assert isinstance(entries[1], pokerstars.Unreadable)
    assert "not a Horizon hand header" in entries[1].reason
    assert isinstance(entries[2], HandHistory)
    assert horizon.is_horizon(TOURNAMENT) and not horizon.is_horizon("Hand #1: nothing")


MONEY = re.compile(r"\$?[0-9]{1,3}(?: [0-9]{3})*(?:\.[0-9]+)?$|\$?[0-9]+(?:\.[0-9]+)?$")


def finals(lines: list[str]) -> dict[str, Decimal]:
    """Each player's final stack by this test's reading: start, less what was put in
    (a raise names its round's total), plus what was returned and won."""
    start: dict[str, Decimal] = {}
    put: dict[str, Decimal] = {}
    street: dict[str, Decimal] = {}

    def amount(text: str) -> Decimal:
        found = MONEY.search(text.strip())
        assert found, text
        return Decimal(found.group(0).replace("$", "").replace(" ", ""))

    for raw in lines[1:]:
        line = raw.replace("\xa0", " ").strip()
        if seat := re.fullmatch(r"Seat \d+: (.+?) \((.+) in chips\)", line):
            # The first seats only: some files repeat a table's seats after a hand.
            start.setdefault(seat.group(1), amount(seat.group(2)))
            continue
        if line.startswith("*** "):
            street = {}
            continue
        won = re.fullmatch(r"(.+?) wins (?:(?:high|low) pot )?(.+?)(?: with.*)?", line)
        if won and won.group(1) in start:
            put[won.group(1)] = put.get(won.group(1), Decimal(0)) - amount(won.group(2))
            continue
        name = max((n for n in start if line.startswith(n + ": ")), key=len, default=None)
        if name is None:
            continue
        rest = line[len(name) + 2 :]
        if rest.startswith("raises to "):
            added = amount(rest) - street.get(name, Decimal(0))
        elif rest.startswith("returns uncalled bet "):
            added = -amount(rest)
        elif rest.startswith(("posts", "calls ", "bets ", "is all in ")):
            added = amount(rest)
        else:
            continue
        put[name] = put.get(name, Decimal(0)) + added
        if "ante" not in rest:
            street[name] = street.get(name, Decimal(0)) + added
    return {name: stack - put.get(name, Decimal(0)) for name, stack in start.items()}


@pytest.mark.skipif(not HORIZON.is_dir(), reason="the shared histories are absent")
def test_every_real_horizon_hand_is_counted_and_the_read_ones_match_their_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counts = new_counts()
    for path in sorted(p for p in HORIZON.rglob("*") if p.is_file()):
        text = decode(path.read_bytes())
        if not horizon.is_horizon(text):
            continue
        lines = text.replace("\x00", "").splitlines()
        for read in reconciled_hands(horizon.loads_each(text), lines, counts):
            expected = finals(read.lines)
            # Horizon writes no rake: the winners' amounts are after it.
            taken = [read.stacks[n] - expected[n] for n in read.stacks]
            assert all(t >= 0 for t in taken) and sum(taken) <= read.pot / 10 + read.unit, (
                path.name,
                read.history.number,
            )
    with capsys.disabled():
        print(f"\nHorizon histories, read in place: {counts}")
    assert counts["hands"] == 72 and counts["reconciled"] >= 69
