"""``bigblind play``: its options, their errors, and what it prints on exit."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

import pytest

from bigblind.cli import play
from bigblind.engine.rules import Structure
from bigblind.ui.game import BOT_NAMES
from bigblind.ui.table_app import TableApp


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bigblind")
    play.add_parser(parser.add_subparsers())
    return parser.parse_args(["play", *argv])


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        parse(*argv)
    assert stop.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


def test_defaults() -> None:
    settings = play.config(parse())
    assert settings.players == 6 and settings.structure is Structure.NO_LIMIT
    assert settings.blinds is None and settings.starting_stack == 200
    assert not settings.tournament and settings.seed is None
    assert settings.speed == 0.8 and settings.name == "Hero"
    assert settings.history_dir == Path("bigblind-histories")
    assert set(settings.bots) <= set(BOT_NAMES)
    assert parse().run is play.run


def test_every_option() -> None:
    args = parse(
        "--players", "4", "--structure", "fl", "--blinds", "5/10", "--stack", "300",
        "--tournament", "--level-hands", "3", "--seed", "9", "--bots", "tag,station",
        "--speed", "0", "--name", "Ann", "--history-dir", "out",
    )  # fmt: skip
    settings = play.config(args)
    assert settings.players == 4 and settings.structure is Structure.FIXED_LIMIT
    assert settings.blinds == (5, 10) and settings.starting_stack == 300
    assert settings.tournament and settings.level_hands == 3 and settings.seed == 9
    assert settings.bots == ("tag", "station") and settings.speed == 0
    assert settings.name == "Ann" and settings.history_dir == Path("out")
    assert play.config(parse("--tournament")).starting_stack == 1500
    assert play.config(parse("--blinds", "5/10")).starting_stack == 1000
    assert play.config(parse("--structure", "PL")).structure is Structure.POT_LIMIT


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "11"], "argument --players: 11 players: a table seats 2 to 10"),
        (["--players", "1"], "argument --players: 1 player: a table seats 2 to 10"),
        (["--players", "six"], "'six' is not a number of players: give 2 to 10"),
        (["--structure", "nolimit"], "'nolimit' is not a betting structure: accepted are nl"),
        (["--blinds", "2"], "'2' is not blinds: give small/big in whole chips, e.g. 1/2"),
        (["--blinds", "2/1"], "blinds '2/1': the small blind must be at least 1 and at most"),
        (["--blinds", "0/2"], "blinds '0/2': the small blind must be at least 1"),
        (["--stack", "lots"], "'lots' is not a stack: give whole chips, e.g. 200"),
        (["--stack", "0"], "stack 0: a stack is 1 chip or more"),
        (["--bots", "tag,shark"], "unknown bot 'shark': accepted are random, station, strong"),
        (["--speed", "fast"], "'fast' is not a delay: give seconds, e.g. 0.8, or 0"),
        (["--speed", "-1"], "speed -1: give 0 to 60 seconds"),
        (["--name", ""], "name '': give 1 to 20 printable characters"),
        (["--level-hands", "0"], "0 hands per level: give 1 to 1,000,000"),
        (["--hands-per-level", "x"], "'x' is not a number of hands per level"),
        (["--seed", "x"], "argument --seed: 'x' is not a seed: give a whole number, 0 to"),
        (["--seed", "9" * 5000], "(5000 characters) is not a seed"),
        (["--seat", "11"], "seat 11: give 1 to 10"),
        (["--ante", "-1"], "-1 chips: give 0 to"),
    ],
)
def test_bad_values_are_named_with_what_is_accepted(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in refused(capsys, *argv)


def test_a_stack_below_the_big_blind_is_refused() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert play.run(parse("--blinds", "5/10", "--stack", "5"), out, err) == 2
    assert err.getvalue() == (
        "bigblind play: --stack 5 is less than the big blind (10): give at least 10 chips\n"
    )
    assert out.getvalue() == ""


def test_on_exit_it_prints_where_the_histories_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def play_one_hand(self: TableApp) -> None:
        game = self.game
        current = game.start_hand()
        while not current.hand.finished:
            legal = current.hand.legal
            game.act("show" if legal is None else "check" if legal.check else "call")
        game.finish_hand()

    monkeypatch.setattr(TableApp, "run", play_one_hand)
    out, err = io.StringIO(), io.StringIO()
    args = parse(
        "--players", "3", "--seed", "1", "--bots", "station", "--history-dir", str(tmp_path)
    )
    assert play.run(args, out, err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "You played 1 hand."
    assert lines[1].startswith("You ") and "bought in for 200, left with" in lines[1]
    assert lines[2] == "Hand histories of 1 hand:"
    phh, stars = (Path(line.split(maxsplit=1)[1]) for line in lines[3:5])
    assert phh.suffix == ".phhs" and stars.suffix == ".txt"
    assert phh.parent == tmp_path and phh.is_file() and stars.is_file()
    house = Path(lines[5].rsplit(": ", 1)[1])
    assert house.parent == tmp_path.with_name(tmp_path.name + "-house") and house.is_file()
    assert err.getvalue() == ""


def test_nothing_played_nothing_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TableApp, "run", lambda self: None)
    out = io.StringIO()
    assert play.run(parse("--history-dir", str(tmp_path / "h")), out, io.StringIO()) == 0
    assert out.getvalue() == (
        "You played 0 hands.\nNo hand was finished: no hand history was written.\n"
    )
    assert not any((tmp_path / "h").iterdir())


def test_the_command_loads_textual_only_to_play() -> None:
    code = "import sys, bigblind, bigblind.cli.play, bigblind.ui; print('textual' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_history_folder_that_cannot_be_written_is_refused_at_start(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    out, err = io.StringIO(), io.StringIO()
    assert play.run(parse("--history-dir", str(blocker / "h")), out, err) == 2
    assert err.getvalue().startswith(f"bigblind play: --history-dir: {blocker / 'h'} cannot be")
    assert err.getvalue().count("\n") == 1 and out.getvalue() == ""


def test_a_failure_to_write_histories_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def play_one_hand(self: TableApp) -> None:
        game = self.game
        game.files.phh = tmp_path / "gone" / "x.phhs"
        (tmp_path / "gone").write_text("a file where the folder was")
        current = game.start_hand()
        while not current.hand.finished:
            legal = current.hand.legal
            game.act("show" if legal is None else "check" if legal.check else "call")
        game.finish_hand()

    monkeypatch.setattr(TableApp, "run", play_one_hand)
    out, err = io.StringIO(), io.StringIO()
    args = parse("--players", "2", "--seed", "1", "--history-dir", str(tmp_path / "h"))
    assert play.run(args, out, err) == 1
    assert err.getvalue().startswith("bigblind play: hand histories could not be written: ")
    assert "Traceback" not in err.getvalue() and err.getvalue().count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--tournament", "--ante", "5"], "--ante is for cash games"),
        (["--tournament", "--seat", "2"], "--seat is for cash games"),
        (["--players", "3", "--seat", "5"], "--seat 5: the table has 3 seats"),
        (["--straddle", "1"], "--straddle 1 is less than the big blind (2)"),
        (["--players", "2", "--straddle", "4"], "--straddle needs 3 players or more"),
        (["--ante", "100", "--stack", "100"], "--ante 100 is not less than the stack (100)"),
        (["--straddle", "300", "--stack", "200"], "--straddle 300 is more than the stack (200)"),
    ],
)
def test_options_that_make_no_game_are_refused(argv: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert play.run(parse(*argv), out, err) == 2
    assert err.getvalue() == f"bigblind play: {message}" + err.getvalue().split(message, 1)[1]
    assert out.getvalue() == ""


def test_seat_ante_and_straddle_make_the_cash_game() -> None:
    settings = play.config(parse("--seat", "3", "--ante", "1", "--straddle", "4"))
    assert settings.seat == 2 and settings.ante == 1 and settings.straddle == 4
    assert not settings.run_twice


# RULES 10.3: run it twice is offered only at a table that allows it.
def test_run_twice_is_an_option() -> None:
    assert play.config(parse("--run-twice")).run_twice
    assert not play.config(parse()).run_twice
