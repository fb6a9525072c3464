"""``bigblind simulate``: bots against bots from the command line."""

from __future__ import annotations

import argparse
import io
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from bigblind.cli.simulate import ProgressBar, add_parser, run


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bigblind")
    add_parser(parser.add_subparsers())
    return parser.parse_args(["simulate", *argv])


def simulate(*argv: str, err: io.StringIO | None = None) -> tuple[int, str, str]:
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    code = run(parse(*argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_json_gives_hands_and_each_bot() -> None:
    code, out, err = simulate("--bots", "tag,station,random", "--hands", "30", "--json")
    assert code == 0 and not err
    document = json.loads(out)
    assert document["hands"] == 30
    assert [b["name"] for b in document["bots"]] == ["tag", "station", "random"]
    assert all(set(b) == {"name", "bb_per_100", "ci95"} for b in document["bots"])
    assert sum(b["bb_per_100"] for b in document["bots"]) == pytest.approx(0, abs=1e-9)


def test_a_seed_gives_the_same_run() -> None:
    argv = ("--bots", "strong,tag", "--hands", "20", "--seed", "4", "--json")
    assert simulate(*argv) == simulate(*argv)


def test_text_output_shows_each_bot_with_its_interval() -> None:
    code, out, _ = simulate("--bots", "tag,station", "--hands", "40", "--structure", "pot-limit")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("40 hands (20 duplicate deals of 2), pot-limit, 100 big blinds")
    assert lines[1].split() == ["bot", "bb/100", "95%", "CI"]
    assert [line.split()[0] for line in lines[2:]] == ["tag", "station"]
    assert all("±" in line for line in lines[2:])


def test_an_unknown_bot_is_reported() -> None:
    code, out, err = simulate("--bots", "tag,shark", "--hands", "10")
    assert code == 2 and not out
    assert "unknown bot 'shark'" in err and "random, station, strong, tag" in err


def test_bad_counts_are_reported() -> None:
    code, _, err = simulate("--bots", "tag", "--hands", "10")
    assert code == 2 and "2 to 9 bots" in err
    code, _, err = simulate("--bots", "tag,tag", "--hands", "0")
    assert code == 2 and "hands 0" in err


def test_plot_without_matplotlib_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes the import fail
    code, out, err = simulate("--bots", "tag,station", "--hands", "10", "--plot", "x.png")
    assert code == 2 and not out
    assert "pip install matplotlib" in err


class _Axes:
    def __init__(self) -> None:
        self.lines: list[tuple[list[int], list[float], str]] = []

    def plot(self, x: list[int], y: list[float], *, label: str, linewidth: float) -> None:
        self.lines.append((list(x), list(y), label))

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


class _Figure:
    def __init__(self) -> None:
        self.saved: list[str] = []

    def tight_layout(self) -> None:
        pass

    def savefig(self, path: str) -> None:
        self.saved.append(path)
        Path(path).write_bytes(b"png")


def test_plot_draws_each_bot(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    figure, axes = _Figure(), _Axes()
    matplotlib = types.ModuleType("matplotlib")
    backends: list[str] = []
    matplotlib.use = backends.append  # type: ignore[attr-defined]
    pyplot = types.ModuleType("matplotlib.pyplot")
    pyplot.subplots = lambda **kwargs: (figure, axes)  # type: ignore[attr-defined]
    pyplot.close = lambda fig: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "matplotlib", matplotlib)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", pyplot)
    target = tmp_path / "run.png"
    code, _, _ = simulate("--bots", "tag,random", "--hands", "20", "--plot", str(target))
    assert code == 0
    assert backends == ["Agg"] and figure.saved == [str(target)] and target.exists()
    assert [label.split(":")[0] for _, _, label in axes.lines] == ["tag", "random"]
    x, y, _ = axes.lines[0]
    assert x == list(range(2, 22, 2)) and len(y) == 10


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_on_a_terminal_only() -> None:
    terminal = _Terminal()
    code, _, err = simulate("--bots", "station,station", "--hands", "10", err=terminal)
    assert code == 0
    assert err.startswith("\r[") and err.endswith("\n") and "10/10 hands" in err
    code, _, err = simulate("--bots", "station,station", "--hands", "10")
    assert code == 0 and err == ""
    bar = ProgressBar(_Terminal(), width=10, every=0)
    bar(5, 10)
    bar.close()


def test_ray_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes the import fail
    for extra in (["--backend", "ray"], ["--address", "10.0.0.5:6379"]):
        code, out, err = simulate("--bots", "tag,station", "--hands", "10", *extra)
        assert code == 2 and not out
        assert err.count("\n") == 1 and "pip install 'bigblind[distributed]'" in err


def test_ctrl_c_stops_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("bigblind.cli.simulate.simulate", interrupted)
    code, out, err = simulate("--bots", "tag,station", "--hands", "10")
    assert (code, out, err) == (130, "", "bigblind simulate: interrupted\n")


def test_no_progress_bar_with_json() -> None:
    code, out, err = simulate(
        "--bots", "station,station", "--hands", "10", "--json", err=_Terminal()
    )
    assert code == 0 and err == "" and json.loads(out)["hands"] == 10
