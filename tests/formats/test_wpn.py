"""Winning Poker Network (ACR) hands of the ``Game Hand #`` form, read as PokerStars text.

The real files (``../shared/data/histories/wpn-acr``) are read in place; each
hand's final stacks are worked out by this test's own reading of the WPN lines
and compared with the engine's replay. The older form (``Game started at:``) is
read by wpn_classic (test_wpn_classic.py): those files hold no hand of this form.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import pokerstars, wpn
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
WPN = REPO.parent / "shared/data/histories/wpn-acr"

HAND = """\
Game Hand #33356469 - Tournament #8954503 - Holdem(No Limit) - Level 3 (20.00/40.00)- 2018/06/06
Table '1' 3-max Seat #2 is the button
Seat 1: alo (310.00)
Seat 2: Peon_84 (545.00)
Seat 3: atm money man (645.00)
Dealt to alo [5d]
atm money man posts the small blind 20.00
alo posts the big blind 40.00
*** HOLE CARDS ***
Dealt to Peon_84 [As 3c]
Peon_84 raises 80.00 to 80.00
atm money man calls 60.00
alo folds
*** FLOP *** [5h Ac Jc]
Main pot 200.00
atm money man checks
Peon_84 bets 465.00 and is all-in
atm money man folds
Uncalled bet (465.00) returned to Peon_84
Peon_84 does not show
*** SUMMARY ***
Total pot 200.00 | Rake 0.00
Board [5h Ac Jc]
Seat 1: alo (big blind) folded on the Pre-Flop
Seat 2: Peon_84 did not show and won 200.00
Seat 3: atm money man (small blind) folded on the Flop
"""


def test_a_hand_won_without_a_collected_line_and_a_card_drawn_for_the_button() -> None:
    (history,) = wpn.loads_each(HAND)
    assert isinstance(history, HandHistory)
    assert history.players == ("atm money man", "alo", "Peon_84")
    assert history.metadata["site"] == "WPN" and history.metadata["tournament"] == 8954503
    assert history.finishing_stacks == (565, 270, 665)  # the summary's 'won 200.00'
    assert pokerstars.reconcile(history).reconciled


def test_other_games_and_the_older_form() -> None:
    (omaha,) = wpn.loads_each(HAND.replace("Holdem(No Limit)", "Omaha(Pot Limit)"))
    assert isinstance(omaha, pokerstars.OtherGame) and omaha.game == "Omaha(Pot Limit)"
    assert not wpn.is_wpn("Game started at: 2016/11/09 12:00:00\nGame ID: 1 5/10 PM Hold`em")


# ------------------------------------------------------------- real files

AMOUNT = re.compile(r"[0-9][0-9,]*(?:\.[0-9]{1,2})?")


def finals_of(lines: list[str]) -> dict[str, Decimal]:
    """Each player's stack after the hand as the engine counts it, the rake not taken:
    this test's own reading of the WPN lines."""
    start: dict[str, Decimal] = {}
    put_in: dict[str, Decimal] = {}
    street: dict[str, Decimal] = {}
    won: dict[str, Decimal] = {}
    collected = False
    for raw in lines[1:]:
        line = raw.strip()
        if seat := re.fullmatch(r"Seat \d+: (.+?) \(([0-9.,]+)\).*", line):
            start[seat.group(1)] = Decimal(seat.group(2).replace(",", ""))
            continue
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            street = {}
            continue
        if line.startswith("Uncalled bet ("):
            back = line.rsplit(" returned to ", 1)[1]
            amount = Decimal(AMOUNT.findall(line)[0])
            put_in[back] = put_in.get(back, Decimal(0)) - amount
            continue
        speaker = max((n for n in start if line.startswith(n + " ")), key=len, default=None)
        summary = re.fullmatch(r"Seat \d+: (.+) won ([0-9.,]+)", line)
        if summary:
            who = max((n for n in start if summary.group(1).startswith(n)), key=len)
            won[who] = won.get(who, Decimal(0)) + Decimal(summary.group(2))
            continue
        if speaker is None:
            continue
        name = speaker
        rest = line[len(name) + 1 :]
        amounts = [Decimal(a.replace(",", "")) for a in AMOUNT.findall(rest)]
        if rest.startswith("collected"):
            collected = True
            put_in[name] = put_in.get(name, Decimal(0)) - amounts[0]
            continue
        if not amounts or not rest.startswith(("posts", "calls", "bets", "raises")):
            continue
        added = amounts[-1] - street.get(name, Decimal(0)) if " to " in rest else amounts[0]
        put_in[name] = put_in.get(name, Decimal(0)) + added
        if "ante" not in rest:
            street[name] = street.get(name, Decimal(0)) + added
    if not collected:  # a hand won without a showdown: the summary says what was won
        for name, amount in won.items():
            put_in[name] = put_in.get(name, Decimal(0)) - amount
    return {name: stack - put_in.get(name, Decimal(0)) for name, stack in start.items()}


@pytest.mark.skipif(not WPN.is_dir(), reason="the shared histories are absent")
def test_every_real_hand_of_the_form_is_counted_and_the_read_ones_reconcile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counts = {"hands": 0, "reconciled": 0, "not": 0, "unreadable": 0, "files of the old form": 0}
    for path in sorted(WPN.rglob("*.txt")):
        lines = decode(path.read_bytes()).replace("\x00", "").replace("\ufeff", "").splitlines()
        entries = wpn.read_each(path)
        if not entries:
            counts["files of the old form"] += 1
            continue
        starts = [e.line if not isinstance(e, HandHistory) else e.metadata["line"] for e in entries]
        for entry, begin in zip(entries, starts, strict=True):
            counts["hands"] += 1
            if isinstance(entry, pokerstars.Unreadable | pokerstars.OtherGame):
                counts["unreadable"] += 1
                continue
            check = pokerstars.reconcile(entry)
            if not check.reconciled:
                counts["not"] += 1
                continue
            counts["reconciled"] += 1
            assert isinstance(begin, int) and check.hand is not None
            assert check.hand.result is not None
            end = next((s for s in starts if isinstance(s, int) and s > begin), len(lines) + 1)
            finals = finals_of(lines[begin - 1 : end - 1])
            names = entry.players or ()
            stacks = check.hand.result.stacks
            replayed = {n: Decimal(s) for n, s in zip(names, stacks, strict=True)}
            taken = [replayed[n] - finals[n] for n in names]
            rake = entry.metadata["_rake"]
            assert all(t >= 0 for t in taken) and sum(taken) == rake, (path.name, entry.number)
    with capsys.disabled():
        print(f"\nWPN histories, read in place: {counts}")
    assert counts == {
        "hands": 222,
        "reconciled": 218,
        "not": 3,
        "unreadable": 1,
        "files of the old form": 31,
    }
