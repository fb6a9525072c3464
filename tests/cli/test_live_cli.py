"""``bigblind live``: its options and the messages for bad ones."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from bigblind.cli import live
from bigblind.ui.live_app import LiveApp


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bigblind")
    live.add_parser(parser.add_subparsers())
    return parser.parse_args(["live", *argv])


def test_one_player_is_named_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--players", "Ann:100")
    assert "1 player: a live game seats 2 to 23" in capsys.readouterr().err


# RULES 2.7: a straddle is at least the big blind.
def test_a_straddle_below_the_big_blind_is_refused_at_start(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = parse("--straddle", "1", "--history-dir", str(tmp_path))
    assert live.run(args, out, err) == 2
    assert err.getvalue().startswith("bigblind live: straddle 1 is smaller than the big blind 2")
    assert err.getvalue().count("\n") == 1 and out.getvalue() == ""


def test_the_straddle_reaches_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def record(self: LiveApp) -> None:
        assert self.session is not None
        seen.append(self.session.rules.straddle)

    monkeypatch.setattr(LiveApp, "run", record)
    argv = ("--straddle", "4", "--players", "A:100,B:100,C:100", "--history-dir", str(tmp_path))
    assert live.run(parse(*argv), io.StringIO(), io.StringIO()) == 0
    assert seen == [4]


def test_run_twice_reaches_the_game_and_the_form(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # RULES 10.3: --run-twice offers it after an all-in, with --players or from the form.
    seen: list[bool] = []

    def record(self: LiveApp) -> None:
        seen.append(self.session.run_twice if self.session is not None else self._run_twice)

    monkeypatch.setattr(LiveApp, "run", record)
    players = ("--players", "A:100,B:100")
    for argv in (players, (*players, "--run-twice"), ("--run-twice",)):
        assert live.run(parse(*argv, "--history-dir", str(tmp_path)), io.StringIO()) == 0
    assert seen == [False, True, True]
