"""``bigblind convert --to ohh``, and ``bigblind replay`` of OHH JSON and Poker Now logs."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bigblind.cli.replay import replay_paths
from bigblind.engine.hand import Hand
from bigblind.formats import ohh, pokerstars
from bigblind.formats.phh import HandHistory
from tests.cli.test_convert import HISTORIES, histories, read, run


def test_every_hand_converts_to_ohh_and_replays_to_the_same_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = histories(tmp_path)
    status, out, _ = run(
        ["convert", str(source), "--to", "ohh", "--out", str(tmp_path / "out")], capsys
    )
    assert (status, out) == (0, ["6 hands read, 6 converted, 0 not reconciled"])
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == ["gg.ohh", "stars.ohh", "winamax.ohh"]
    summary = replay_paths([tmp_path / "out"], io.StringIO(), io.StringIO())
    assert summary.line() == "6 hands read, 6 reconciled, 0 not reconciled"
    before = {h.number: pokerstars.reconcile(h).hand for h in read(source)}
    after: dict[object, Hand | None] = {}
    for path in sorted((tmp_path / "out").iterdir()):
        for entry in ohh.read_each(path):
            assert isinstance(entry, HandHistory)
            after[entry.number] = pokerstars.reconcile(entry).hand
    assert before.keys() == after.keys()
    for number, hand in before.items():
        again = after[number]
        assert hand is not None and hand.result is not None
        assert again is not None and again.result is not None
        assert sorted(again.result.stacks) == sorted(hand.result.stacks)


def test_replay_reads_the_real_ohh_files(capsys: pytest.CaptureFixture[str]) -> None:
    folder = HISTORIES / "ohh"
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent: the real histories are not here")
    status, out, err = run(["replay", str(folder)], capsys)
    # The Omaha hi-lo samples are of a game bigblind plays (RULES 11.2): all five are read.
    assert out[-1] == "5 hands read, 5 reconciled, 0 not reconciled"
    assert status == 0 and err.count("passed over") == 0


def test_replay_and_convert_read_poker_now_logs_and_sum_ledgers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = HISTORIES / "pokernow" / "pokerNow_Stats"
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent: the real histories are not here")
    status, out, _ = run(["replay", str(folder)], capsys)
    assert status == 0
    assert out[-1] == "601 hands read, 601 reconciled, 0 not reconciled, 2 ledgers summed"
    assert sum("ledger: " in line for line in out) == 2
    status, out, err = run(
        ["convert", str(folder), "--to", "pokerstars", "--out", str(tmp_path)], capsys
    )
    assert (status, out) == (
        0,
        ["601 hands read, 601 converted, 0 not reconciled, 2 ledgers passed over"],
    )
    assert err.count("a Poker Now ledger holds no hands") == 2
    status, out, _ = run(["replay", str(tmp_path)], capsys)
    assert (status, out) == (0, ["601 hands read, 601 reconciled, 0 not reconciled"])
