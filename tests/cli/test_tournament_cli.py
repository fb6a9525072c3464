"""``bigblind tournament``: a whole tournament of bots from the command line."""

from __future__ import annotations

import argparse
import contextlib
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


def test_text_output_shows_places_bots_payouts_and_blinds() -> None:
    code, out, _ = play("--players", "9", "--seed", "2", "--bots", "random")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("9 players, no-limit, prize pool 900,")
    assert lines[1].startswith("Blind levels (10 hands each): 1: 10/20")
    assert lines[2].split() == ["place", "player", "bot", "payout"]
    assert len(lines) == 3 + 9
    assert lines[3].split()[0] == "1" and lines[3].split()[-1] == "450"
    assert all(line.split()[-2] == "random" for line in lines[3:])


def test_the_default_field_is_a_mix_of_bots() -> None:
    code, out, _ = play("--players", "8", "--seed", "4", "--json")
    assert code == 0
    kinds = {place["bot"] for place in json.loads(out)["places"]}
    assert kinds == {"tag", "station", "random", "strong"}


def test_structure_and_blinds_set_the_levels() -> None:
    argv = ("--players", "3", "--seed", "1", "--structure", "pot-limit", "--blinds", "5/10")
    code, out, _ = play(*argv, "--stack", "400")
    assert code == 0
    assert out.startswith("3 players, pot-limit,")
    assert "1: 5/10" in out.splitlines()[1]


# RULES 8.3: players out in the same hand with equal stacks share the places.
def test_shared_places_are_shown_as_a_range() -> None:
    for seed in range(40):
        out = play("--players", "6", "--seed", str(seed), "--json")[1]
        shared = [p for p in json.loads(out)["places"] if "shared" in p]
        if shared:
            break
    else:
        raise AssertionError("no tournament of 40 had a shared place")
    out = play("--players", "6", "--seed", str(seed))[1]
    first = shared[0]["shared"]
    assert f"{first[0]}-{first[-1]}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "1"], "1 player: give 2 to 5,000"),
        (["--players", "100000"], "100,000 players: give 2 to 5,000"),
        (["--players", "-3"], "-3 players"),
        (["--table-size", "23"], "23 seats: give 2 to 10"),
        (["--bots", "shark"], "unknown bot 'shark'"),
        (["--structure", "omaha"], "'omaha' is not a betting structure"),
    ],
)
def test_bad_options_are_reported(argv: list[str], message: str) -> None:
    parser = argparse.ArgumentParser(prog="bigblind")
    add_parser(parser.add_subparsers())
    err = io.StringIO()
    with pytest.raises(SystemExit), contextlib.redirect_stderr(err):
        parser.parse_args(["tournament", *argv])
    assert message in err.getvalue()


def test_a_stack_below_the_first_big_blind_is_refused() -> None:
    code, out, err = play("--stack", "10")
    assert code == 2 and not out
    assert "--stack 10 is less than the first big blind (20)" in err


def test_runs_print_each_bot_record() -> None:
    argv = ("--players", "6", "--runs", "4", "--seed", "3", "--bots", "station,random")
    code, out, _ = play(*argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("4 tournaments of 6 players, seed 3 (run r is --seed 3+r),")
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
    assert play(*argv, "--json") == (code, out, "")


def test_run_r_of_a_series_is_the_tournament_seeded_seed_plus_r() -> None:
    from bigblind.bots.series import TournamentPlan, play_series
    from bigblind.cli.tournament import DEFAULT_BOTS

    series = play_series(TournamentPlan(players=5, bots=DEFAULT_BOTS), runs=3, seed=40)
    for r, played in enumerate(series.results):
        single = json.loads(play("--players", "5", "--seed", str(40 + r), "--json")[1])
        assert [(p["name"], p["payout"]) for p in single["places"]] == [
            (f.name, f.payout) for f in played.finishes
        ]


def test_runs_without_a_seed_print_the_seed_drawn() -> None:
    code, out, _ = play("--players", "3", "--runs", "2", "--stack", "100", "--bots", "random")
    assert code == 0 and ", seed " in out.splitlines()[0]


def test_bad_runs_and_missing_ray_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    with contextlib.redirect_stderr(io.StringIO()) as usage, pytest.raises(SystemExit):
        parse("--runs", "0")
    assert "runs" in usage.getvalue()
    monkeypatch.setitem(sys.modules, "ray", None)
    code, out, err = play("--runs", "3", "--backend", "ray")
    assert code == 2 and not out and "pip install 'bigblind[distributed]'" in err


@pytest.mark.parametrize("runs", ["1", "2"])
def test_hand_for_hand_reaches_the_tournament(runs: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # RULES 8.3: the bubble played hand for hand is offered from the command line too,
    # for one tournament and for a series.
    import bigblind.bots.series
    import bigblind.cli.tournament
    from bigblind.sessions import Tournament

    made: list[bool] = []

    class Recording(Tournament):
        def __init__(self, *args: object, **kwargs: object) -> None:
            made.append(bool(kwargs.get("hand_for_hand")))
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bigblind.cli.tournament, "Tournament", Recording)
    monkeypatch.setattr(bigblind.bots.series, "Tournament", Recording)
    for flag, expected in (([], False), (["--hand-for-hand"], True)):
        made.clear()
        code, out, _ = play(
            "--players", "12", "--table-size", "3", "--seed", "4", "--runs", runs, "--json", *flag
        )
        assert code == 0 and out
        assert made and set(made) == {expected}
