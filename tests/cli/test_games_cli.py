"""``--game`` on the commands: eval, equity and play in Omaha, hi-lo and short deck (RULES 11)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from bigblind.cli import play
from bigblind.cli.main import main
from bigblind.engine.rules import Structure


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_eval_omaha_plays_exactly_two_hole_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES 11.1: four hearts in the hand and two on the board make no flush.
    status, out, err = run(["eval", "--game", "plo", "Ah Kh Qh Jh", "Th 9h 3c 4d 5s"], capsys)
    assert status == 0 and err == ""
    assert out.startswith("High card, ace, king-ten-nine-five")


def test_eval_hi_lo_names_the_low_or_none(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES 11.2: the low of 8 or better, or none.
    _, out, _ = run(["eval", "--game", "plo8", "Ac 2d Kh Ks", "3h 4s 5c Qd Qc"], capsys)
    assert out.splitlines()[1].startswith("Wheel, 5-4-3-2-A")
    _, out, _ = run(["eval", "--game", "plo8", "Ac 2d Kh Ks", "9h Ts 5c Qd Qc"], capsys)
    assert out.splitlines()[1] == "No low"


def test_eval_short_deck_ranks_a_flush_over_a_full_house(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # RULES 11.3: the short deck's order, and its 36 cards only.
    _, out, _ = run(["eval", "--game", "6+", "Ah Kh", "Qh Jh 6h"], capsys)
    assert out.startswith("Flush")
    status, _, err = run(["eval", "--game", "6+", "2h Kh", "Qh Jh 6h"], capsys)
    assert status == 2 and "not in" in err


def test_eval_game_needs_the_hole_cards_then_a_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["eval", "--game", "plo", "Ah Kh Qh Jh Th"], capsys)
    assert status == 2 and "give 4 hole cards then 3 to 5 board cards" in err


def test_equity_hi_lo_counts_halves(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES 11.2: two identical lows quarter the low half; the shares add to the pot.
    argv = ["equity", "--game", "plo8", "Ac2d Kh Ks", "As2h QhQs", "--board", "3c 6d 7h Kd"]
    status, out, err = run([*argv, "--json"], capsys)
    assert status == 0 and err == ""
    document = json.loads(out)
    assert document["exact"] and document["game"] == "omaha8"
    shares = [p["equity"] for p in document["players"]]
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > 0.7  # the high half always, a share of the low
    assert document["players"][1]["part"] > 0  # a quarter when the low comes


def test_equity_game_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["equity", "--game", "plo", "AAxx", "KKQQds", "--samples", "2000", "--seed", "1"], capsys
    )
    lines = out.splitlines()
    assert status == 0 and lines[0] == "Omaha" and lines[-1] == "Monte Carlo: 2,000 deals"


@pytest.mark.parametrize(
    ("code", "name", "structure"),
    [
        ("holdem", "Texas hold'em", Structure.NO_LIMIT),
        ("plo", "Omaha", Structure.POT_LIMIT),
        ("plo5", "5-card Omaha", Structure.POT_LIMIT),
        ("plo6", "6-card Omaha", Structure.POT_LIMIT),
        ("plo8", "Omaha hi-lo", Structure.POT_LIMIT),
        ("6+", "Short deck", Structure.NO_LIMIT),
    ],
)
def test_play_takes_each_game_with_its_usual_structure(
    code: str, name: str, structure: Structure
) -> None:
    parser = argparse.ArgumentParser(prog="bigblind")
    play.add_parser(parser.add_subparsers())
    config = play.config(parser.parse_args(["play", "--game", code]))
    assert config.game.name == name and config.structure is structure
    fixed = play.config(parser.parse_args(["play", "--game", code, "--structure", "fl"]))
    assert fixed.structure is Structure.FIXED_LIMIT  # any structure with any game


def test_play_refuses_more_players_than_the_game_deals(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES 11.1: six-card Omaha deals in at most 7 players.
    status, _, err = run(["play", "--game", "plo6", "--players", "9"], capsys)
    assert status == 2 and "2 to 7 players" in err


def test_simulate_and_tournament_play_the_game_given(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES 11: the bots of the other games play them to the end.
    status, out, err = run(
        ["simulate", "--game", "plo8", "--bots", "tag,station", "--hands", "4", "--seed", "1"],
        capsys,
    )
    assert status == 0 and err == "" and "pot-limit Omaha hi-lo 1/2" in out
    status, out, _ = run(["tournament", "--game", "6+", "--players", "3", "--seed", "2"], capsys)
    assert status == 0 and "place" in out


def test_live_takes_the_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # RULES 11: the dealer's game is Omaha; the assistant's rules say so.
    from bigblind.cli import live
    from bigblind.ui import live_app

    seen: dict[str, Any] = {}

    class Stub:
        history_file = pokerstars_file = save_error = phh_error = None
        return_code = 0

        def __init__(self, session: object, **options: object) -> None:
            seen["session"], seen["options"] = session, options

        def run(self) -> None:
            return None

    monkeypatch.setattr(live_app, "LiveApp", Stub)
    parser = argparse.ArgumentParser(prog="bigblind")
    live.add_parser(parser.add_subparsers())
    argv = ["live", "--game", "plo", "--players", "Ann:100,Bob:100"]
    args = parser.parse_args([*argv, "--history-dir", str(tmp_path)])
    assert live.run(args) == 0
    session = seen["session"]
    assert session.rules.game.name == "Omaha" and session.rules.structure is Structure.POT_LIMIT
