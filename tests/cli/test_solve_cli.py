"""``bigblind solve``: progress, the root strategy, JSON, save and load, errors, Ctrl-C."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bigblind.cli.main import main
from bigblind.solver.solve import Solver

SPOTS = Path(__file__).resolve().parents[2] / "examples" / "spots"
SMALL = """
board = "Td 9d 6h Qc 2s"
pot = 100
stack = 200
oop = "AA, KQs, 87s:0.5"
ip = "KK, JTs, 54s"
[tree.river]
bets = "50%, a"
raises = "a"
"""


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def spot(tmp_path: Path) -> Path:
    path = tmp_path / "spot.toml"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_solve_prints_progress_and_the_root(spot: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["solve", str(spot), "--exploitability", "0.5"], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("river spot: board Td 9d 6h Qc 2s, pot 100, stack 200; 13 hands")
    assert lines[1].startswith("iteration 10: exploitability ")
    solved = next(line for line in lines if line.startswith("solved: "))
    assert float(solved.split("exploitability ")[1].split("%")[0]) <= 0.5
    root = lines[lines.index("root: out of position to act") + 1 :]
    assert [line.split()[0] for line in root] == ["check", "bet", "all-in"]
    assert sum(float(line.split()[-1].rstrip("%")) for line in root) == pytest.approx(100, abs=0.2)


def test_json_has_every_hand(spot: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", str(spot), "--json", "--exploitability", "1"], capsys)
    assert status == 0
    data = json.loads(out)
    assert data["exploitability"] <= 1 and data["stopped"] is False
    assert data["value"]["oop"] + data["value"]["ip"] == pytest.approx(100, abs=1e-3)
    root = data["root"]
    assert [a["action"] for a in root["actions"]] == ["check", "bet 50", "all-in 200"]
    assert len(root["hands"]) == 6 + 3 + 4  # AA, KQs but KcQc, 87s (Qc is on the board)
    for hand in root["hands"].values():
        assert sum(hand["strategy"].values()) == pytest.approx(1, abs=1e-5)
        assert hand["weight"] in (0.5, 1.0)


def test_save_and_load_go_on(
    spot: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "solution.npz"
    status, _, _ = run(
        ["solve", str(spot), "--exploitability", "5", "--save", str(saved), "--json"], capsys
    )
    assert status == 0
    first = Solver.load(saved)
    assert first.iterations == 10
    status, out, _ = run(
        ["solve", "--load", str(saved), "--exploitability", "0.5", "--json"], capsys
    )
    assert status == 0
    data = json.loads(out)
    assert data["iterations"] > 10 and data["exploitability"] <= 0.5


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve"], "give the spot to solve"),
        (["solve", "missing.toml"], "cannot read the spot file 'missing.toml'"),
        (["solve", "--load", "missing.npz"], "cannot read the solution 'missing.npz'"),
    ],
)
def test_errors_are_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"bigblind solve: {words}") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (('bets = "50%, a"', 'bets = "50%, 3x"'), "only a raise"),
        (('oop = "AA, KQs, 87s:0.5"', 'oop = "AA, KQz"'), "cannot read the range"),
        (("pot = 100", "pot = -5"), "pot \\(-5\\) must be 1"),
        (("[tree.river]", "[tree.turn]"), "no bet sizes for the river"),
        (("stack = 200", "stack = "), "not valid TOML"),
    ],
)
def test_bad_spots_say_what_is_wrong(
    change: tuple[str, str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SMALL.replace(*change), encoding="utf-8")
    status, out, err = run(["solve", str(path)], capsys)
    assert status == 2 and out == "" and "Traceback" not in err
    assert err.startswith("bigblind solve: ") and err.count("\n") == 1
    assert re.search(words, err), err


def test_bad_options(spot: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["solve", str(spot), "--exploitability", "0"], capsys)
    assert status == 2 and "is no exploitability" in err
    status, _, err = run(["solve", str(spot), "--max-iterations", "0"], capsys)
    assert status == 2 and "give 1 to 1,000,000" in err


def test_ctrl_c_stops_with_the_answer_so_far(
    spot: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    original = Solver.run

    def interrupted(self: Solver, iterations: int) -> None:
        if self.iterations >= 20:
            raise KeyboardInterrupt
        original(self, iterations)

    monkeypatch.setattr(Solver, "run", interrupted)
    status, out, err = run(["solve", str(spot), "--exploitability", "0.01"], capsys)
    assert status == 130
    assert "stopped: 20 iterations" in out and "root: out of position to act" in out
    assert err == "bigblind solve: stopped (Ctrl-C)\n"


def test_players_all_in_have_no_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "allin.toml"
    text = SMALL.replace("stack = 200", "stack = 0").replace(
        'board = "Td 9d 6h Qc 2s"', 'board = "Td 9d 6h Qc"'
    )
    path.write_text(text.replace("[tree.river]", "[tree.turn]\n[tree.river]"), encoding="utf-8")
    status, out, _ = run(["solve", str(path)], capsys)
    assert status == 0
    assert "exploitability 0.000%" in out and "root: no decision (the players are all in)" in out
    # Equity alone: the values add up to the pot and out of position is ahead.
    value = out.split("value: out of position ")[1]
    assert 50 < float(value.split(",")[0]) < 100
