"""888poker hand histories: said in PokerStars' words, read by the same reader, every chip checked.

The real files (``../shared/data/histories/888poker``) are read in place;
each hand's final stacks are worked out by this test's own reading of the 888
lines (a raise is what the player added) and compared with the engine's
replay. 888 writes no rake for cash games: what the winners' amounts leave of
the pot is the rake, at most a tenth of it.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import poker888, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory
from tests.formats.site_hands import new_counts, reconciled_hands

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"
# Per folder of 888's network: hands, reconciled, not reconciled, unreadable, other games.
EXPECTED = {
    "888poker": (1723, 1679, 9, 35, 0),
    "wsop-nj": (59, 59, 0, 0, 0),
    "towertorneos": (69, 68, 1, 0, 0),
}

HAND = """\
#Game No : 631225439
***** 888poker Hand History for Game 631225439 *****
0,01\u00a0$/0,02\u00a0$ Blinds No Limit Holdem - *** 04 02 2020 20:15:12
Table Libreville 9 Max (Real Money)
Seat 10 is the button
Total number of players : 5
Seat 1: slavko0000 ( 0,87\u00a0$ )
Seat 2: jabba6971 ( 2,37\u00a0$ )
Seat 3: Sherlok1295 ( 2\u00a0$ )
Seat 5: B2B_Suckouts ( 2,08\u00a0$ )
Seat 10: ffev78 ( 2,28\u00a0$ )
slavko0000 folds
jabba6971 posts small blind [0,01\u00a0$]
Sherlok1295 posts big blind [0,02\u00a0$]
B2B_Suckouts posts dead blind [0,01\u00a0$ + 0,02\u00a0$]
** Dealing down cards **
Dealt to B2B_Suckouts [ 7Karo, 5Kreuz ]
B2B_Suckouts checks
ffev78 raises [0,06\u00a0$]
jabba6971 folds
Sherlok1295 calls [0,04\u00a0$]
B2B_Suckouts folds
** Dealing flop ** [ QHerz, JPik, 10Karo ]
Sherlok1295 checks
ffev78 bets [0,10\u00a0$]
Sherlok1295 folds
** Summary **
ffev78 collected [ 0,15\u00a0$ ]
"""


def one(text: str) -> HandHistory:
    (entry,) = poker888.loads_each(text)
    assert isinstance(entry, HandHistory), entry
    return entry


def test_decimal_commas_german_suits_a_dead_blind_and_a_seat_not_dealt_in() -> None:
    history = one(HAND)
    assert history.number == 631225439 and history.metadata["site"] == "888poker"
    # slavko0000 folds before the deal: not dealt in.
    assert history.players == ("jabba6971", "Sherlok1295", "B2B_Suckouts", "ffev78")
    assert history.actions[2] == "d dh p3 7d5c" and "d db QhJsTd" in history.actions
    assert history.dead_money == (0, 0, 1, 0)  # the small blind B2B_Suckouts owed
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    # The pot is 0.16 ($0.01 + 0.06 + 0.06 + 0.03): ffev78 collected 0.15, the rake 0.01.
    assert check.hand.result.stacks == (236, 194, 205, 238)
    # No uncalled-bet line: the file's own lines leave ffev78 the 0.10 not called short.
    assert history.finishing_stacks == (236, 194, 205, 227)


def test_more_than_a_tenth_missing_is_no_rake() -> None:
    wrong = one(HAND.replace("collected [ 0,15\u00a0$ ]", "collected [ 0,10\u00a0$ ]"))
    assert not pokerstars.reconcile(wrong).reconciled


TOURNAMENT = """\
#Game No : 912672152
***** 888poker Hand History for Game 912672152 *****
10/20 Blinds No Limit Holdem - *** 04 10 2016 16:03:53
Tournament #32989692 210 + 20 - Table #2 10 Max (Play Money)
Seat 6 is the button
Total number of players : 3
Seat 1: ann ( 1,000 )
Seat 6: bob ( 1,500 )
Seat 7: cy ( 2,000 )
cy posts small blind [10]
ann posts big blind [20]
** Dealing down cards **
bob raises [1,500]
cy calls [1,490]
ann folds
** Dealing flop ** [ Ah, Ks, Ac ]
** Dealing turn ** [ 5d ]
** Dealing river ** [ 6c ]
** Summary **
bob shows [ 9d, Jc ]
cy shows [ 8s, 8c ]
cy collected [ 3,020 ]
"""


def test_a_tournament_hand_has_no_rake() -> None:
    history = one(TOURNAMENT)
    assert history.metadata["tournament"] == 32989692 and "_rake_unknown" not in history.metadata
    assert history.starting_stacks == (2000, 1000, 1500)  # cy, ann, bob
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    short = one(TOURNAMENT.replace("collected [ 3,020 ]", "collected [ 3,000 ]"))
    assert not pokerstars.reconcile(short).reconciled


def test_omaha_is_read_other_games_are_passed_over_and_a_small_blind_alone() -> None:
    # Omaha and Omaha hi-lo as 888 names them (RULES 11.1, 11.2); stud is not played.
    for name, variant in (("Pot Limit OmahaHL", "PO/8"), ("Pot Limit Omaha", "PO")):
        (omaha,) = poker888.loads_each(
            HAND.replace("No Limit Holdem", name).replace("[ 7Karo, 5Kreuz ]", "[ 7d, 5c, 2h, 2s ]")
        )
        assert isinstance(omaha, HandHistory) and omaha.variant == variant
    (stud,) = poker888.loads_each(HAND.replace("No Limit Holdem", "Fix Limit Stud"))
    assert isinstance(stud, pokerstars.OtherGame) and stud.game == "Fix Limit Stud"
    alone = HAND.replace("Sherlok1295 posts big blind [0,02\u00a0$]\n", "")
    alone = alone.replace("B2B_Suckouts posts dead blind [0,01\u00a0$ + 0,02\u00a0$]\n", "")
    (entry,) = poker888.loads_each(alone)
    assert isinstance(entry, pokerstars.Unreadable)
    assert "a small blind alone" in entry.reason


def test_spanish_cards_and_partypoker_banners() -> None:
    spanish = HAND.replace("888poker Hand History", "TowerTorneosPoker Hand History")
    spanish = spanish.replace("[ 7Karo, 5Kreuz ]", "[ 7d, 5t ]").replace(
        "[ QHerz, JPik, 10Karo ]", "[ Qc, Jp, Dd ]"
    )
    history = one(spanish)
    assert history.metadata["site"] == "TowerTorneosPoker"
    assert history.actions[2] == "d dh p3 7d5c" and "d db QhJsTd" in history.actions
    # partypoker numbers its hands so too, with a banner of no site: not an 888 hand.
    party = HAND.replace("***** 888poker Hand History", "***** Hand History")
    assert not poker888.is_888(party) and poker888.loads_each(party) == []


# ------------------------------------------------------------- real files

AMOUNT = re.compile(r"\[\s*([^\]]*?)\s*\]|\(\s*([^)]*?)\s*\)")


def money(text: str) -> Decimal:
    """An 888 amount: '0,02 $', '$0.02', '1,000', '1 000', '994,90'; parts after '+'
    summed."""
    total = Decimal(0)
    for part in text.split("+"):
        part = part.replace("\u00a0", " ").replace("$", "").replace("€", "").strip()
        part = part.replace(" ", "")  # '1 000': thousands set apart by a space
        if re.fullmatch(r"[0-9]+,[0-9]{2}", part):
            part = part.replace(",", ".")  # a decimal comma; thousands have three digits
        total += Decimal(part.replace(",", "") or 0)
    return total


def finals_of(lines: list[str]) -> list[dict[str, Decimal]]:
    """Each player's stack after the hand as the engine counts it, the rake not taken:
    this test's own reading of the 888 lines. 888 writes no uncalled bet, and counts it
    in what the bettor collected in some hands (a walk) and not in others: both readings."""
    start: dict[str, Decimal] = {}
    put_in: dict[str, Decimal] = {}
    bets: dict[str, Decimal] = {}
    collected: dict[str, Decimal] = {}
    for raw in lines[6:]:
        line = raw.strip()
        if (seat := re.match(r"Seat \d+: (.+) \(", line)) and (found := AMOUNT.search(line)):
            start[seat.group(1)] = money(found.group(2) or "")
            continue
        name = max((n for n in start if line.startswith(n + " ")), key=len, default=None)
        found = AMOUNT.search(line)
        if name is None or found is None:
            continue
        verb = line[len(name) + 1 :].split(" ", 1)[0]
        if verb not in ("collected", "posts", "calls", "bets", "raises"):
            continue
        amount = money(found.group(1) or "")
        if verb == "collected":
            collected[name] = collected.get(name, Decimal(0)) + amount
        else:
            put_in[name] = put_in.get(name, Decimal(0)) + amount
            if "ante" not in line:
                dead = money(found.group(1).split("+")[0]) if "dead blind" in line else 0
                bets[name] = bets.get(name, Decimal(0)) + amount - dead
    ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
    back: dict[str, Decimal] = {}
    if len(ranked) > 1 and ranked[0][1] > ranked[1][1]:
        back[ranked[0][0]] = ranked[0][1] - ranked[1][1]
    return [
        {
            name: stack
            - put_in.get(name, Decimal(0))
            + returned.get(name, Decimal(0))
            + collected.get(name, Decimal(0))
            for name, stack in start.items()
        }
        for returned in (back, {})
    ]


@pytest.mark.parametrize("site", sorted(EXPECTED))
def test_every_real_888_hand_is_counted_and_the_read_ones_reconcile(
    site: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = HISTORIES / site
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent")
    counts = new_counts()
    found: dict[str, int] = {}
    for path in sorted(folder.rglob("*.txt")):
        lines = decode(path.read_bytes()).replace("\ufeff", "").splitlines()
        for read in reconciled_hands(poker888.read_each(path), lines, counts, found):
            names = read.history.players or ()
            tournament = "tournament" in read.history.metadata
            fits = []
            for finals in finals_of(read.lines):
                taken = [read.stacks[n] - finals[n] for n in names]
                fair = all(t >= 0 for t in taken) and sum(taken) <= read.pot / 10 + read.unit
                fits.append(fair and (sum(taken) == 0 or not tournament))
            assert any(fits), (path.name, read.history.number)
    reasons: dict[str, int] = {}
    for reason, times in found.items():
        key = re.sub(r"hand #\d+, line \d+: ", "", reason)[:90]
        reasons[key] = reasons.get(key, 0) + times
    with capsys.disabled():
        print(f"\n{site} histories (888's network), read in place: {counts}")
        for reason, times in sorted(reasons.items(), key=lambda item: -item[1])[:4]:
            print(f"    {times} x {reason}")
    assert tuple(counts.values()) == EXPECTED[site]
