"""``bigblind track``: import, statistics, graphs and leaks at the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bigblind.cli.main import main
from tests.tracker.hands import (
    c_bet_raised,
    limped_to_showdown,
    pokerstars_hand,
    steal_and_three_bet,
)


def write_session(folder: Path, count: int = 6) -> Path:
    plays = [steal_and_three_bet, c_bet_raised, limped_to_showdown]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "session.txt"
    path.write_text("\n\n".join(pokerstars_hand(plays[i % 3], number=i + 1) for i in range(count)))
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_import_twice_then_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_session(tmp_path / "hh")
    db = ["--database", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    code, out, _ = run(["track", "import", str(tmp_path / "hh"), *db], capsys)
    assert code == 0 and out.strip() == "6 hands stored, 0 already there"
    code, out, _ = run(["track", "import", str(tmp_path / "hh"), *db], capsys)
    assert code == 0 and out.strip() == "0 hands stored, 0 already there, 1 file unchanged"
    code, out, _ = run(["track", "stats", "--player", "btn", "--json", *db], capsys)
    assert code == 0
    found = json.loads(out)["all"]
    assert found["hands"] == 6 and found["steal"] == {"made": 2, "chances": 2, "percent": 100.0}
    code, out, _ = run(["track", "stats", "--position", *db], capsys)
    assert code == 0
    assert out.splitlines()[0].split() == ["BB", "BTN", "CO", "HJ", "SB", "UTG"]
    assert any(line.startswith("bb/100") for line in out.splitlines())
    code, out, _ = run(["track", "stats", "--position", "BTN", "--player", "btn", *db], capsys)
    assert code == 0 and out.splitlines()[1].split() == ["hands", "6"]


def test_nothing_to_show_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = ["--database", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    code, _, err = run(["track", "stats", "--player", "nobody", *db], capsys)
    assert code == 1 and "no hand of nobody stored matches" in err
    code, _, err = run(["track", "import", str(tmp_path / "missing"), *db], capsys)
    assert code == 2 and "no such file or folder" in err
    code, _, err = run(["track", "stats", "--database", "nosuch://x"], capsys)
    assert code == 2 and "cannot use the database 'nosuch://x'" in err
    code, _, err = run(["track", "stats", "--since", "yesterday", *db], capsys)
    assert code == 2 and "write it as YYYY-MM-DD" in err


def test_graph_and_leaks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    write_session(tmp_path / "hh", count=60)
    db = ["--database", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    assert run(["track", "import", str(tmp_path / "hh"), *db], capsys)[0] == 0
    out_file = tmp_path / "btn.svg"
    code, out, _ = run(["track", "graph", "--player", "btn", "--out", str(out_file), *db], capsys)
    assert code == 0 and out.startswith(f"{out_file}: 60 hands, won ")
    assert b"<svg" in out_file.read_bytes()
    code, _, err = run(["track", "graph", "--out", str(tmp_path / "g.gif"), *db], capsys)
    assert code == 2 and "PNG or SVG" in err
    # The button steals in 20 hands, limps in 20 and folds in 20.
    code, out, _ = run(["track", "leaks", "--player", "btn", *db], capsys)
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith(
        "VPIP: 66.7% is too high (a winning player shows 18-24%): 42.7 points off"
    )
    code, out, _ = run(["track", "leaks", "--player", "btn", "--json", *db], capsys)
    found = json.loads(out)
    assert found["hands"] == 60 and found["leaks"][0]["statistic"] == "vpip"
    assert "toolsgambling.com" in found["source"]


def test_watch_imports_what_a_folder_gains_until_ctrl_c(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    folder = tmp_path / "hh"
    write_session(folder, count=3)
    command = [sys.executable, "-m", "bigblind", "track", "import", "--watch", str(folder)]
    command += ["--database", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    watch = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert watch.stdout is not None
    try:
        first = watch.stdout.readline()
        assert first.rstrip().endswith("3 hands stored, 0 already there")
        grown = folder / "session.txt"
        grown.write_text(grown.read_text() + "\n\n" + pokerstars_hand(c_bet_raised, number=99))
        deadline = time.monotonic() + 60
        line = ""
        while "4 hands stored" not in line and time.monotonic() < deadline:
            line = watch.stdout.readline()
        assert "4 hands stored" in line
    finally:
        watch.send_signal(signal.SIGINT)
        out, err = watch.communicate(timeout=60)
    assert watch.returncode == 0, err
    assert out.strip().splitlines()[-1].startswith("4 hands stored")
    assert "Traceback" not in err
