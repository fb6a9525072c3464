"""Winning Poker Network (ACR) hands of the older ``Game started at:`` form.

Hand-built hands for the form's corners (an ante all-in, a big blind all-in,
fixed limit told from the bets, tens written ``10h``, Omaha, Six Plus), and
the real files (``../shared/data/histories``) read in place: each hand's
final stacks are worked out by this test's own reading of the file's summary
(a player's start, less ``Bets:``, plus ``Collects:``) and compared with the
engine's replay.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.engine.rules import Structure
from bigblind.formats import pokerstars, wpn, wpn_classic
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory
from tests.formats.site_hands import new_counts, reconciled_hands

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"

ANTE_ALL_IN = """\
Game started at: 2016/11/14 15:21:16
Game ID: 775574000 75/150 $10 Freeroll - On Demand, Table 27 (Hold'em)
Seat 4 is the button
Seat 4: orgonox (7147).
Seat 6: Jacob 7 (15832).
Seat 7: nubsaww (1000).
Seat 8: artgdev (5).
Player Jacob 7 ante (15)
Player nubsaww ante (15)
Player artgdev allin (5)
Player orgonox ante (15)
Player Jacob 7 has small blind (75)
Player nubsaww has big blind (150)
Player Jacob 7 received a card.
Player Jacob 7 received a card.
Player nubsaww received a card.
Player nubsaww received a card.
Player artgdev received card: [4s]
Player artgdev received card: [Jd]
Player orgonox received a card.
Player orgonox received a card.
Player orgonox raises (450)
Player Jacob 7 calls (375)
Player nubsaww folds
*** FLOP ***: [Ad 9d 8h]
Player Jacob 7 bets (387)
Player orgonox folds
Uncalled bet (387) returned to Jacob 7
*** TURN ***: [Ad 9d 8h] [10c]
*** RIVER ***: [Ad 9d 8h 10c] [5c]
------ Summary ------
Pot: 1100
Board: [Ad 9d 8h 10c 5c]
Player orgonox does not show cards.Bets: 465. Collects: 0. Loses: 465.
*Player Jacob 7 shows: One pair of 9s [9h 3c]. Bets: 465. Collects: 1100. Wins: 635.
Player nubsaww does not show cards.Bets: 165. Collects: 0. Loses: 165.
Player artgdev shows: High card A [4s Jd]. Bets: 5. Collects: 0. Loses: 5.
Game ended at: 2016/11/14 15:22:00
"""

LIMIT = """\
Game started at: 2016/11/9 9:23:46
Game ID: 771293352 5/10 PM Hold`em 5/10 6-max (Hold'em)
Seat 5 is the button
Seat 4: St Elmos Fire (1000).
Seat 5: artgdev (200).
Player artgdev has small blind (5)
Player St Elmos Fire has big blind (10)
Player St Elmos Fire received a card.
Player St Elmos Fire received a card.
Player artgdev received card: [5d]
Player artgdev received card: [5s]
Player artgdev raises (15)
Player St Elmos Fire calls (10)
*** FLOP ***: [2c 8s Jh]
Player St Elmos Fire checks
Player artgdev checks
*** TURN ***: [2c 8s Jh] [3c]
Player St Elmos Fire checks
Player artgdev bets (20)
Player St Elmos Fire folds
Uncalled bet (20) returned to artgdev
Player artgdev mucks cards
------ Summary ------
Pot: 39.50. Rake 0.50
Board: [2c 8s Jh 3c]
Player St Elmos Fire does not show cards.Bets: 20. Collects: 0. Loses: 20.
*Player artgdev mucks (does not show cards). Bets: 20. Collects: 39.50. Wins: 19.50.
Game ended at: 2016/11/9 9:24:27
"""


def one(text: str) -> HandHistory:
    (history,) = wpn_classic.loads_each(text)
    assert isinstance(history, HandHistory), history
    return history


def test_an_ante_all_in_and_a_showdown_from_the_summary() -> None:
    history = one(ANTE_ALL_IN)
    assert history.metadata["site"] == "WPN"
    assert history.rules is not None and history.rules.structure is Structure.NO_LIMIT
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    final = dict(zip(history.players or (), history.finishing_stacks or (), strict=True))
    assert final == {"orgonox": 6682, "Jacob 7": 16467, "nubsaww": 835, "artgdev": 0}
    # The ten on the turn is written '10c'; the replay reads it as Tc.
    assert any(action.endswith("Tc") for action in history.actions)


def test_fixed_limit_is_told_from_the_bets() -> None:
    history = one(LIMIT)
    assert history.rules is not None and history.rules.structure is Structure.FIXED_LIMIT
    # In cents: the file writes amounts such as 39.50.
    assert (history.rules.small_blind, history.rules.big_blind) == (500, 1000)
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    # Any bet or raise of another size makes the hand no limit.
    odd = one(LIMIT.replace("bets (20)", "bets (35)").replace("returned (20)", "returned (35)"))
    assert odd.rules is not None and odd.rules.structure is Structure.NO_LIMIT


def test_a_big_blind_all_in_and_the_forms_other_games() -> None:
    text = LIMIT.replace("Seat 4: St Elmos Fire (1000).", "Seat 4: St Elmos Fire (8).")
    text = text.replace("has big blind (10)", "allin (8)")
    (entry,) = wpn_classic.loads_each(text)
    assert isinstance(entry, HandHistory)
    assert any("cbr" not in a and a.startswith("p") for a in entry.actions)
    six = LIMIT.replace("(Hold'em)", "(Six Plus Hold'em)")
    (other,) = wpn_classic.loads_each(six)
    assert isinstance(other, pokerstars.OtherGame) and other.number == 771293352
    omaha = one(ANTE_ALL_IN.replace("(Hold'em)", "(Omaha)").replace("[4s Jd]", "[4s Jd 2c 2d]"))
    assert omaha.rules is not None and omaha.rules.structure is Structure.POT_LIMIT


def test_a_broken_hand_is_said_and_the_rest_of_the_file_is_read() -> None:
    broken = LIMIT.replace("Game ID: 771293352 5/10", "Game ID: 771293352 five/ten")
    entries = wpn_classic.loads_each(broken + "\n" + ANTE_ALL_IN)
    assert isinstance(entries[0], pokerstars.Unreadable)
    assert "line 2: not a WPN 'Game ID:' line" in entries[0].reason
    assert isinstance(entries[1], HandHistory)
    assert wpn_classic.is_wpn_classic(LIMIT) and not wpn.is_wpn(LIMIT)
    assert not wpn_classic.is_wpn_classic("Game started at: 2016/11/9 9:23:46\nnothing")


def summary_finals(lines: list[str]) -> dict[str, Decimal]:
    """Each player's final stack by the file's own summary: start, less bets, plus what
    they collected."""
    start: dict[str, Decimal] = {}
    finals: dict[str, Decimal] = {}
    for line in (raw.strip() for raw in lines):
        if seat := re.fullmatch(r"Seat \d+: (.+) \(([0-9.,]+)\)\.", line):
            start[seat.group(1)] = Decimal(seat.group(2).replace(",", ""))
        found = re.match(r"\*?Player (.+?)\.? ?(?:shows|mucks|does not).*Bets: ([0-9.,]+?)\.? ?"
                         r"Collects: ([0-9.,]+?)\.", line)  # fmt: skip
        if found:
            name = max((n for n in start if found.group(1).startswith(n)), key=len)
            finals[name] = start[name] - Decimal(found.group(2)) + Decimal(found.group(3))
    return {name: finals.get(name, stack) for name, stack in start.items()}


@pytest.mark.skipif(not HISTORIES.is_dir(), reason="the shared histories are absent")
def test_every_real_hand_of_the_form_is_counted_and_the_read_ones_match_their_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counts = {"files": 0, **new_counts()}
    for path in sorted(p for p in HISTORIES.rglob("*.txt") if p.is_file()):
        text = decode(path.read_bytes())
        if not wpn_classic.is_wpn_classic(text):
            continue
        counts["files"] += 1
        lines = text.replace("\x00", "").replace("\ufeff", "").splitlines()
        entries = wpn_classic.loads_each(text)
        assert len(entries) == sum(1 for line in lines if line.startswith("Game started at: "))
        for read in reconciled_hands(entries, lines, counts):
            expected = summary_finals(read.lines)
            # The summary's collections are after the rake: the replay may hold a player's
            # share of it.
            taken = {n: read.stacks[n] - expected[n] for n in read.stacks}
            assert all(t >= 0 for t in taken.values()), (path.name, read.history.number, taken)
    with capsys.disabled():
        print(f"\nWPN older-form histories, read in place: {counts}")
    assert counts["files"] > 0 and counts["reconciled"] >= 0.95 * counts["hands"]
