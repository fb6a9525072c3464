"""``bigblind replay`` over every site's real files: a table of counts per site.

Each folder of ``../shared/data/histories`` is replayed as a user would
replay it; the counts are printed as a table. Every hand is counted once,
the files not recognised are the ones that hold no hand (tournament
summaries, the folder's notes), and nearly every hand read reconciles.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bigblind.cli.replay import ReplaySummary, replay_paths

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"


@pytest.mark.skipif(not HISTORIES.is_dir(), reason="the shared histories are absent")
def test_every_sites_files_replay_with_each_hand_counted_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows: list[tuple[str, ReplaySummary]] = []
    for folder in sorted(p for p in HISTORIES.iterdir() if p.is_dir()):
        out, err = io.StringIO(), io.StringIO()
        summary = replay_paths([folder], out, err)
        rows.append((folder.name, summary))
        said = out.getvalue().splitlines()
        # One line per hand or file that went wrong, each counted once in the summary.
        wrong = summary.not_reconciled + summary.unreadable_hands + summary.unrecognised
        assert len(said) == wrong + summary.unreadable + summary.ledgers, folder.name
        for line in said:
            if ": not recognised: " in line:
                assert "summary" in line or "not a hand history" in line, line
        assert summary.reconciled >= 0.9 * summary.read, folder.name
    total = ReplaySummary()
    for _, summary in rows:
        for field in ("reconciled", "not_reconciled", "unreadable_hands", "other_games"):
            setattr(total, field, getattr(total, field) + getattr(summary, field))
        total.unrecognised += summary.unrecognised
    with capsys.disabled():
        print("\nsite            read  reconciled  not  unreadable  other games  files not read")
        for name, s in [*rows, ("all", total)]:
            print(
                f"{name:<14}{s.read:>6}{s.reconciled:>12}{s.not_reconciled:>5}"
                f"{s.unreadable_hands:>12}{s.other_games:>13}{s.unrecognised:>16}"
            )
    assert total.read > 10_000
