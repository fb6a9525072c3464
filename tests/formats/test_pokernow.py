"""Poker Now full logs and ledgers: every hand replayed and reconciled, the ledger summed.

The real files (``../shared/data/histories/pokernow``) are read in place.
Each Hold'em hand's final stacks are worked out by this test's own reading of
the log (what each player had in front at the end of each betting round, the
antes, the bet returned, what they collected) and compared with the engine's
replay chip for chip: Poker Now takes no rake. A ledger's players still seated
are checked against their stacks after their last hand in the game's log.
"""

from __future__ import annotations

import csv
import io
import random
import re
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import pokernow, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
POKERNOW = REPO.parent / "shared/data/histories/pokernow"
_NAMED = re.compile(r'^"(?P<name>.*?)" (?P<rest>.*)$')
_AMOUNT = re.compile(r"([0-9]+(?:\.[0-9]+)?)")


def _folder() -> Path:
    if not POKERNOW.is_dir():
        pytest.skip(f"{POKERNOW} is absent: the real histories are not here")
    return POKERNOW


def _rows(text: str) -> list[str]:
    rows = list(csv.reader(io.StringIO(text)))[1:]
    return [r[0] for r in sorted(rows, key=lambda r: int(r[2]))]


def _own_final_stacks(text: str) -> dict[int, dict[str, Decimal]]:
    """Each hand's final stacks by name, by this test's reading of the log's lines."""
    out: dict[int, dict[str, Decimal]] = {}
    number = None
    stacks: dict[str, Decimal] = {}
    front: dict[str, Decimal] = {}
    for entry in _rows(text):
        if entry.startswith("-- starting hand #"):
            number = int(entry.split("#")[1].split()[0])
            stacks, front = {}, {}
        elif entry.startswith("Player stacks: "):
            for found in re.finditer(r'#[0-9]+ "(.*?)" \(([0-9.]+)\)', entry):
                stacks[found[1]] = Decimal(found[2])
        elif entry.startswith(("Flop", "Turn", "River")):
            _settle(stacks, front)
        elif entry.startswith("Uncalled bet of "):
            amount, name = entry.removeprefix("Uncalled bet of ").split(" returned to ")
            stacks[name.strip('"')] += Decimal(amount)
        elif entry.startswith("-- ending hand #") and number is not None:
            _settle(stacks, front)
            out[number] = dict(stacks)
        elif (named := _NAMED.match(entry)) and named["name"] in stacks:
            name, rest = named["name"], named["rest"]
            hit = _AMOUNT.search(rest)
            if hit is None:
                continue
            if rest.startswith(("posts an ante", "posts a missing small blind")):
                stacks[name] -= Decimal(hit[1])  # in the pot, not in front of the player
            elif rest.startswith(("posts", "calls", "bets", "raises to")):
                front[name] = Decimal(hit[1])
            elif rest.startswith("collected "):
                stacks[name] += Decimal(hit[1])
    return out


def _settle(stacks: dict[str, Decimal], front: dict[str, Decimal]) -> None:
    for name, amount in front.items():
        stacks[name] -= amount
    front.clear()


def _check_against_own_reading(history: HandHistory, own: dict[str, Decimal]) -> None:
    check = pokerstars.reconcile(history)
    assert check.reconciled, (history.number, check.problem)
    assert check.hand is not None and check.hand.result is not None
    scale = 100 if history.metadata.get("cents") else 1
    for name, stack in zip(history.players or (), check.hand.result.stacks, strict=True):
        assert Decimal(stack) / scale == own[name], (history.number, name)


def test_every_real_log_hand_reconciles_chip_for_chip(capsys: pytest.CaptureFixture[str]) -> None:
    counts: dict[str, dict[str, int]] = {}
    for file in sorted(p for p in _folder().rglob("*") if p.is_file()):
        text = decode(file.read_bytes())
        if not pokernow.is_log(text):
            continue
        own = _own_final_stacks(text)
        tally = counts.setdefault(file.name[:40], {"reconciled": 0, "other games": 0})
        for entry in pokernow.loads_each(text):
            if isinstance(entry, pokerstars.OtherGame):
                assert "Omaha" in entry.game
                tally["other games"] += 1
                continue
            assert isinstance(entry, HandHistory), entry
            _check_against_own_reading(entry, own[int(entry.number or 0)])
            tally["reconciled"] += 1
    with capsys.disabled():
        print("\nPoker Now logs:")
        for name, tally in counts.items():
            print(f"  {name}: {tally}")
    # Omaha and Omaha hi-lo are read as the hold'em hands are (RULES 11.1, 11.2).
    assert sum(t["reconciled"] for t in counts.values()) == 1061
    assert sum(t["other games"] for t in counts.values()) == 0


def test_a_ledger_agrees_with_its_game_log() -> None:
    folder = _folder() / "pokerNow_Stats"
    ledger = pokernow.read_ledger(folder / "ledger_pglrqTDi9-nBInG5U2wGN-Tbh.csv")
    assert ledger.balanced and len(ledger.nets) == 45
    assert ledger.line().startswith("ledger: 45 players, 64 sessions")
    last: dict[str, int] = {}
    for entry in pokernow.read_each(folder / "poker_now_log_pglrqTDi9-nBInG5U2wGN-Tbh (1).csv"):
        assert isinstance(entry, HandHistory)
        hand = pokerstars.reconcile(entry).hand
        assert hand is not None and hand.result is not None
        for name, stack in zip(entry.players or (), hand.result.stacks, strict=True):
            last[name.rsplit(" @ ", 1)[1]] = stack  # the ledger names players by id
    seated = [row for row in ledger.rows if row.ended is None]
    assert len(seated) == 7
    for row in seated:  # the ledger's stacks are hundredths, as the replay's chips
        assert last[row.player_id] == round(row.stack), row.nickname
    for row in ledger.rows:
        assert row.net == pytest.approx(row.buy_out + row.stack - row.buy_in)


def _log(*entries: str) -> str:
    """A log as Poker Now writes it: the newest line first, each with its order."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["entry", "at", "order"])
    for order, entry in reversed(list(enumerate(entries))):
        writer.writerow([entry, "2022-01-13T19:53:14.000Z", 1000 + order])
    return out.getvalue()


def _hand(number: int, *lines: str, dealer: str | None = "ann @ a") -> list[str]:
    button = f'(dealer: "{dealer}")' if dealer else "(dead button)"
    return [
        f"-- starting hand #{number} (id: x{number})  (No Limit Texas Hold'em) {button} --",
        *lines,
        f"-- ending hand #{number} --",
    ]


STACKS = 'Player stacks: #1 "ann @ a" (100) | #2 "bob @ b" (100) | #4 "cy @ c" (100)'


def test_a_straddle_antes_one_card_shows_and_an_all_in() -> None:
    hand = _hand(
        7,
        STACKS,
        '"ann @ a" posts an ante of 1',
        '"bob @ b" posts an ante of 1',
        '"cy @ c" posts an ante of 1',
        '"bob @ b" posts a small blind of 1',
        '"cy @ c" posts a big blind of 2',
        '"ann @ a" posts a straddle of 4',
        '"bob @ b" raises to 99 and go all in',
        '"cy @ c" folds',
        '"ann @ a" calls 99 and go all in',
        '"bob @ b" shows a A♠.',
        '"bob @ b" shows a A♥.',
        '"ann @ a" shows a K♠, K♥.',
        "Flop:  [2♣, 7♦, 9♥]",
        "Turn: 2♣, 7♦, 9♥ [J♦]",
        "River: 2♣, 7♦, 9♥, J♦ [10♠]",
        '"bob @ b" collected 203 from pot with Pair, A\'s',
    )
    (history,) = pokernow.loads_each(_log(*hand))
    assert isinstance(history, HandHistory)
    assert "p1 sm AsAh" in history.actions  # bob, left of the button, shown a card at a time
    _check_against_own_reading(history, _own_final_stacks(_log(*hand))[7])


def test_a_dead_button_and_a_missing_small_blind() -> None:
    hand = _hand(
        3,
        STACKS,
        '"cy @ c" posts a big blind of 2',
        '"ann @ a" posts a missing small blind of 1',
        '"ann @ a" calls 2',
        '"bob @ b" folds',
        '"cy @ c" checks',
        "Flop:  [2♣, 7♦, 9♥]",
        '"cy @ c" bets 4',
        '"ann @ a" folds',
        'Uncalled bet of 4 returned to "cy @ c"',
        '"cy @ c" collected 5 from pot',
        dealer=None,
    )
    (history,) = pokernow.loads_each(_log(*hand))
    assert isinstance(history, HandHistory), history
    _check_against_own_reading(history, _own_final_stacks(_log(*hand))[3])


def test_an_unended_hand_and_another_game_lose_nothing_else() -> None:
    good = _hand(
        2,
        STACKS,
        '"ann @ a" posts a small blind of 1',
        '"bob @ b" posts a big blind of 2',
        '"cy @ c" folds',
        '"ann @ a" folds',
        '"bob @ b" collected 2 from pot',
    )
    other = [line.replace("No Limit Texas Hold'em", "Seven Card Stud") for line in good]
    cut = good[:-1]
    entries = pokernow.loads_each(_log(*cut, *other, *good))
    assert [type(e).__name__ for e in entries] == ["Unreadable", "OtherGame", "HandHistory"]
    unended = entries[0]
    assert isinstance(unended, pokerstars.Unreadable)
    assert "before '-- ending hand #N --'" in unended.reason
    assert unended.reason.startswith(f"hand #2, line {len(cut) + len(other) + len(good) + 1}:")


def test_an_action_out_of_turn_names_its_csv_line() -> None:
    hand = _hand(
        5,
        STACKS,
        '"ann @ a" posts a small blind of 1',
        '"bob @ b" posts a big blind of 2',
        '"ann @ a" folds',  # cy is first to act
        '"cy @ c" folds',
    )
    text = _log(*hand)
    (entry,) = pokernow.loads_each(text)
    assert isinstance(entry, HandHistory)
    check = pokerstars.reconcile(entry)
    assert not check.reconciled and check.problem is not None
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '""ann @ a"" folds' in row)
    assert f"line {line}" in check.problem


def test_fuzzed_logs_never_crash_nor_lose_the_other_hands() -> None:
    file = _folder() / "PokerNowLogConverter/Input_Log_001.txt"
    text = decode(file.read_bytes())
    lines = text.splitlines(keepends=True)
    base = pokernow.loads_each(text)
    assert len(base) == 4
    # The rows of hand #2, the second one played: mutated, it alone may be lost.
    rows = [i for i, line in enumerate(lines) if "hand #2 " in line or "hand #2 --" in line]
    first, last = min(rows), max(rows)
    rng = random.Random(24)
    for _ in range(300):
        mutated = list(lines)
        for _ in range(rng.randint(1, 4)):
            at = rng.randint(first + 1, last - 1)
            row = list(mutated[at])
            spot = rng.randrange(len(row))
            if rng.random() < 0.5:
                del row[spot]
            else:
                row[spot] = rng.choice('",0123456789.-aZ #♠')
            mutated[at] = "".join(row)
        entries = pokernow.loads_each("".join(mutated))
        kept = {e.number: e for e in entries if isinstance(e, HandHistory)}
        for before in base:
            assert isinstance(before, HandHistory)
            if before.number != 2:
                assert kept[before.number].finishing_stacks == before.finishing_stacks


def test_a_ledger_line_at_fault_is_named() -> None:
    text = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net\n"
    good = pokernow.loads_ledger(text + '"ann",a1,,,100,,150,50\n"bob",b2,,,100,50,0,-50\n')
    assert good.balanced and good.nets == {"a1": 50.0, "b2": -50.0}
    with pytest.raises(pokernow.LedgerError, match="line 3: net 'lots'"):
        pokernow.loads_ledger(text + '"ann",a1,,,100,,150,50\n"bob",b2,,,100,50,0,lots\n')
