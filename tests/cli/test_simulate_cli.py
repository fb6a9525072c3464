"""``bigblind simulate``: bots against bots from the command line."""

from __future__ import annotations

import argparse
import io
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bigblind.cli.simulate import add_parser, check_plot, run


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
    assert lines[0].startswith(
        "40 hands (20 duplicate deals of 2), pot-limit 1/2, 200 chips (100 big blinds) deep"
    )
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
    with pytest.raises(SystemExit):
        parse("--bots", "tag,tag", "--hands", "0")
    code, _, err = simulate("--bots", "tag,tag", "--stack", "301", "--hands", "4")
    assert code == 2 and "--stack 301: give a whole number of big blinds" in err


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
    code, _, err = simulate("--bots", "station,station", "--hands", "10", err=_Terminal())
    assert code == 0 and "hands" in err
    code, _, err = simulate("--bots", "station,station", "--hands", "10")
    assert code == 0 and err == ""
    code, _, err = simulate("--bots", "station,station", "--hands", "10", "--json", err=_Terminal())
    assert code == 0 and err == ""


def test_a_plot_that_cannot_be_saved_is_refused_before_the_run(tmp_path: Path) -> None:
    for target, reason in [
        (tmp_path / "missing" / "run.png", "there is no folder"),
        (tmp_path / "run.xyz", "the format 'xyz' is not one matplotlib writes"),
        (tmp_path / "run", "give the file a picture extension"),
        (tmp_path, "is a folder"),
    ]:
        code, out, err = simulate("--bots", "tag,station", "--hands", "10", "--plot", str(target))
        assert code == 2 and out == ""
        assert err.startswith(f"bigblind simulate: --plot {target}: {reason}")
        assert err.count("\n") == 1


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc on this system")
def test_a_plot_in_a_folder_nobody_can_write_is_refused_before_the_run() -> None:
    # Before: /proc passed a permission check (root may write anywhere by its bits) and the
    # run was played to fail at the end.
    code, out, err = simulate("--bots", "tag,station", "--hands", "10", "--plot", "/proc/run.png")
    assert code == 2 and out == ""
    assert err.startswith(
        "bigblind simulate: --plot /proc/run.png: the folder /proc cannot be written"
    )


def test_checking_a_plot_leaves_no_file_behind(tmp_path: Path) -> None:
    assert check_plot(tmp_path / "run.png", None) is None
    assert list(tmp_path.iterdir()) == []


def test_a_plot_that_fails_to_save_comes_after_the_results(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    figure, axes = _Figure(), _Axes()

    def fail(path: str) -> None:
        raise OSError(28, "No space left on device")

    figure.savefig = fail  # type: ignore[method-assign]
    matplotlib = types.ModuleType("matplotlib")
    matplotlib.use = lambda backend: None  # type: ignore[attr-defined]
    pyplot = types.ModuleType("matplotlib.pyplot")
    pyplot.subplots = lambda **kwargs: (figure, axes)  # type: ignore[attr-defined]
    pyplot.close = lambda fig: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "matplotlib", matplotlib)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", pyplot)
    code, out, err = simulate(
        "--bots", "tag,random", "--hands", "6", "--plot", str(tmp_path / "r.png")
    )
    assert code == 1
    assert out.splitlines()[1].split() == ["bot", "bb/100", "95%", "CI"]
    saved = tmp_path / "r.png"
    assert (
        err
        == f"bigblind simulate: the plot could not be saved to {saved}: No space left on device\n"
    )


def test_one_deal_shows_no_infinite_interval() -> None:
    code, out, _ = simulate("--bots", "tag,station", "--hands", "2")
    assert code == 0 and "inf" not in out and "n/a" in out
    code, out, _ = simulate("--bots", "tag,station", "--hands", "2", "--json")
    assert all(bot["ci95"] is None for bot in json.loads(out)["bots"])


def test_parts_merge_into_the_whole_run() -> None:
    code, out, _ = simulate("--bots", "station,random", "--hands", "400", "--seed", "2", "--json")
    document = json.loads(out)
    assert code == 0 and document["hands"] == 400
    assert sum(b["bb_per_100"] for b in document["bots"]) == pytest.approx(0, abs=1e-9)


def test_ray_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes the import fail
    for extra in (["--backend", "ray"], ["--address", "10.0.0.5:6379"]):
        code, out, err = simulate("--bots", "tag,station", "--hands", "10", *extra)
        assert code == 2 and not out
        assert err.count("\n") == 1 and "pip install 'bigblind[distributed]'" in err


def test_ctrl_c_prints_the_chunks_played_and_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from bigblind.bots import matches

    def stopped(plan: matches.MatchPlan, **kwargs: Any) -> Iterator[matches.ChunkResult]:
        yield matches.play_chunk(plan, plan.chunks()[0])
        raise KeyboardInterrupt

    monkeypatch.setattr("bigblind.cli.simulate.play_chunks", stopped)
    code, out, err = simulate("--bots", "tag,station", "--hands", "1000", "--json")
    assert code == 130 and err == "bigblind simulate: stopped (Ctrl-C)\n"
    document = json.loads(out)
    assert document["stopped"] is True and document["hands"] == 2 * matches.DEALS_PER_CHUNK


def test_ctrl_c_inside_the_first_chunk_prints_the_deals_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before: a stop before the first chunk of 200 deals was done printed "stopped" alone.
    from bigblind.bots import matches

    def stopped(plan: matches.MatchPlan, **kwargs: Any) -> Iterator[matches.ChunkResult]:
        whole = matches.play_chunk(plan, plan.chunks()[0])
        for deal in range(3):
            kwargs["on_deal"](tuple(won[deal] for won in whole.winnings))
        raise KeyboardInterrupt
        yield whole  # a generator, as play_chunks is

    monkeypatch.setattr("bigblind.cli.simulate.play_chunks", stopped)
    code, out, err = simulate("--bots", "tag,station", "--hands", "1000", "--json")
    assert code == 130 and err == "bigblind simulate: stopped (Ctrl-C)\n"
    document = json.loads(out)
    assert document["stopped"] is True and document["hands"] == 6
    assert document["bots"][0]["bb_per_100"] == -document["bots"][1]["bb_per_100"]


def test_hands_that_do_not_fill_whole_deals_say_how_many_are_played() -> None:
    code, out, err = simulate("--bots", "tag,station,random", "--hands", "20")
    assert code == 0 and out.startswith("21 hands (7 duplicate deals of 3)")
    assert err == (
        "bigblind simulate: --hands 20 plays 21 hands: 7 deals, each played once from every"
        " one of the 3 seats\n"
    )


def test_the_batch_engine_plays_the_bots_it_can_and_says_so() -> None:
    code, out, err = simulate("--bots", "station,random", "--hands", "4000", "--seed", "2")
    assert code == 0 and err == ""
    assert "4,000 hands" in out and "on the batch engine" in out
    code, out, _ = simulate("--bots", "station,random", "--hands", "400", "--json")
    assert json.loads(out)["engine"] == "batch"
    code, out, _ = simulate("--bots", "station,random", "--hands", "40", "--engine", "object")
    assert code == 0 and "batch" not in out
    code, out, _ = simulate("--bots", "tag,station", "--hands", "4", "--json")
    assert json.loads(out)["engine"] == "object"


def test_the_batch_engine_refuses_what_it_cannot_play_in_words() -> None:
    code, out, err = simulate("--bots", "tag,station", "--hands", "10", "--engine", "batch")
    assert code == 2 and not out
    assert err == (
        "bigblind simulate: --engine batch: the batch engine plays the bots random and station"
        " only, not tag (leave out --engine)\n"
    )
    code, _, err = simulate(
        "--bots", "station,random", "--game", "plo", "--hands", "10", "--engine", "batch"
    )
    assert code == 2 and "plays hold'em only" in err and "Traceback" not in err


def test_ctrl_c_on_the_batch_engine_prints_the_blocks_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bigblind.bots import batch_matches

    def stopped(plan: Any, **kwargs: Any) -> Iterator[Any]:
        yield next(batch_matches.play_batch(plan, chunk_deals=50))
        raise KeyboardInterrupt

    monkeypatch.setattr("bigblind.cli.simulate.play_batch", stopped)
    code, out, err = simulate("--bots", "station,random", "--hands", "1000", "--json")
    assert code == 130 and err == "bigblind simulate: stopped (Ctrl-C)\n"
    document = json.loads(out)
    assert document["stopped"] is True and document["hands"] == 100
