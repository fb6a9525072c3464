"""``bigblind tournament``: a whole tournament of bots from the command line."""

from __future__ import annotations

import argparse
import io
import json
import sys

import pytest

from bigblind.cli.tournament import add_parser, run


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bigblind")
    add_parser(parser.add_subparsers())
    return parser.parse_args(["tournament", *argv])


def play(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(parse(*argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_json_lists_every_place_and_pays_the_prize_pool() -> None:
    code, out, _ = play("--players", "27", "--seed", "1", "--json")
    assert code == 0
    document = json.loads(out)
    assert document["players"] == 27 and document["prize_pool"] == 2700
    places = document["places"]
    assert len(places) == 27 and len({p["name"] for p in places}) == 27
    assert places[0]["place"] == 1
    covered = sorted({tuple(p.get("shared", [p["place"]])) for p in places})
    assert sorted(n for group in covered for n in group) == list(range(1, 28))
    assert sum(p["payout"] for p in places) == 2700
    assert [p["payout"] for p in places[:4]] == [1296, 648, 432, 324]  # 48/24/16/12%


def test_a_seed_gives_the_same_tournament() -> None:
    assert play("--players", "12", "--seed", "5", "--json") == play(
        "--players", "12", "--seed", "5", "--json"
    )


def test_text_output_shows_places_and_payouts() -> None:
    code, out, _ = play("--players", "9", "--seed", "2", "--bots", "random")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("9 players, prize pool 900,")
    assert lines[1].split() == ["place", "player", "payout"]
    assert len(lines) == 2 + 9
    assert lines[2].split()[0] == "1" and lines[2].split()[-1] == "450"


def test_bad_options_are_reported() -> None:
    code, out, err = play("--players", "1")
    assert code == 2 and not out
    assert "2 players or more" in err


def test_runs_print_each_bot_record() -> None:
    argv = ("--players", "6", "--runs", "4", "--seed", "3", "--bots", "station,random")
    code, out, _ = play(*argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("4 tournaments of 6 players, seed 3, prize pool 600 each,")
    assert lines[1].split() == [
        "bot",
        "entries",
        "wins",
        "paid",
        "place",
        "payout",
        "95%",
        "CI",
        "ROI",
    ]
    assert [line.split()[:2] for line in lines[2:]] == [["station", "12"], ["random", "12"]]
    code, out, _ = play(*argv, "--json")
    document = json.loads(out)
    assert document["runs"] == 4 and document["seed"] == 3
    assert sum(b["wins"] for b in document["bots"]) == 4
    # run r is the tournament seeded seed + r
    assert play(*argv, "--json") == (code, out, "")
    first = json.loads(
        play("--players", "6", "--seed", "3", "--bots", "station,random", "--json")[1]
    )
    single = json.loads(play(*argv[:2], "--runs", "1", *argv[4:], "--json")[1])
    assert first == single


def test_runs_without_a_seed_print_the_seed_drawn() -> None:
    code, out, _ = play("--players", "3", "--runs", "2", "--stack", "100")
    assert code == 0 and ", seed " in out.splitlines()[0]


def test_bad_runs_and_missing_ray_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = play("--runs", "0", "--seed", "1")
    assert code == 2 and not out and "runs 0 must be a whole number, 1 or more" in err
    monkeypatch.setitem(sys.modules, "ray", None)
    code, out, err = play("--runs", "3", "--backend", "ray")
    assert code == 2 and not out and "pip install 'bigblind[distributed]'" in err
