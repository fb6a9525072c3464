"""The ``bigblind eval`` and ``bigblind equity`` commands: output, JSON and errors."""

from __future__ import annotations

import json

import pytest

from bigblind.cli.main import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


# --- eval ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["As", "Ks", "Qs", "Js", "Ts"], "Royal flush (value 7462): As Ks Qs Js Ts"),
        (["AsKsQsJsTs"], "Royal flush (value 7462): As Ks Qs Js Ts"),
        (["Kh Kd 4s 4c Ks", "9d", "2c"], "Full house, kings full of fours (value 7275): "),
        (["7c", "5d", "4h", "3s", "2c"], "High card, seven, five-four-three-two (value 1): "),
        (["Ac2d3h4s5c", "Kd"], "Straight, five high (value 5854): 5c 4s 3h 2d Ac"),
        (["A♠", "K♠", "Q♠", "J♠", "T♠"], "Royal flush (value 7462): As Ks Qs Js Ts"),
        (["A♥K♥Q♥J♥10♥"], "Royal flush (value 7462): Ah Kh Qh Jh Th"),
    ],
)
def test_eval(argv: list[str], line: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["eval", *argv], capsys)
    assert status == 0 and err == ""
    assert out.startswith(line) and out.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["As", "Ks"], "5, 6 or 7 cards, not 2"),
        (["As Ks Qs Js Ts 9s 8s 7s"], "5, 6 or 7 cards, not 8"),
        (["As", "Ax", "Qs", "Js", "Ts"], "'Ax'"),
        (["As", "As", "Qs", "Js", "Ts"], "As is given twice: a deck has one of each card"),
        (["--game", "plo", "As", "Ks", "Qs", "Js", "As", "2c", "3c"], "As is given twice"),
        (["\u212as", "Qs", "Js", "Ts", "9s"], "cannot read card"),  # the Kelvin sign
        (["Ks", "Qs", "Js", "Ts", "9\u017f"], "cannot read card"),  # a long s
        (["9" * 5000], "(5000 characters)"),
    ],
)
def test_eval_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["eval", *argv], capsys)
    assert status == 2 and out == ""
    assert err.startswith("bigblind eval: ") and message in err
    # In the user's words: no card numbers, no function names.
    assert "parse_cards" not in err and "0 to 51" not in err


def test_eval_needs_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["eval"], capsys)
    assert status == 2 and "CARD" in err


# --- equity --------------------------------------------------------------------------------


def test_equity_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["equity", "AcAd", "KhKs"], capsys)
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "hand   equity      win      tie",
        "AcAd   81.26%   81.06%    0.38%",
        "KhKs   18.74%   18.55%    0.38%",
        "exact: 1,712,304 boards",
    ]


def test_equity_json_exact(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["equity", "AcAd", "KhKs", "--json"], capsys)
    assert status == 0
    data = json.loads(out)
    assert data["exact"] is True and data["boards"] == 1_712_304
    first, second = data["players"]
    assert first["hand"] == "AcAd" and second["hand"] == "KhKs"
    assert (first["wins"], first["ties"], first["losses"]) == (1_388_072, 6_538, 317_694)
    assert first["win"] == pytest.approx(1_388_072 / 1_712_304)
    assert first["equity"] + second["equity"] == pytest.approx(1.0)
    assert first["stderr"] is None and data["samples"] is None


def test_equity_json_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "QQ+,AKs", "random", "JhTh", "--samples", "20000", "--seed", "5", "--json"]
    status, out, _ = run(argv, capsys)
    assert status == 0 and out.count("\n") == 1
    data = json.loads(out)
    assert data["exact"] is False and data["samples"] == 20_000
    assert [p["hand"] for p in data["players"]] == ["QQ+,AKs", "random", "JhTh"]
    for player in data["players"]:
        assert 0 < player["stderr"] < 0.01
        assert player["wins"] + player["ties"] + player["losses"] == 20_000
        assert player["win"] == pytest.approx(player["wins"] / 20_000)
    assert run(argv, capsys)[1] == out  # the same seed, the same numbers


def test_equity_json_has_the_same_keys_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    exact = json.loads(run(["equity", "AcAd", "KhKs", "--json"], capsys)[1])
    sampled = json.loads(run(["equity", "AcAd", "KhKs", "--samples", "100", "--json"], capsys)[1])
    assert exact.keys() == sampled.keys()
    assert exact["players"][0].keys() == sampled["players"][0].keys()


def test_a_long_monte_carlo_run_is_drawn_in_chunks_and_merged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["equity", "AcAd", "random", "--samples", "200000", "--seed", "3", "--json"]
    data = json.loads(run(argv, capsys)[1])
    assert data["samples"] == 200_000
    aces = data["players"][0]
    assert aces["equity"] == pytest.approx(0.852, abs=4 * aces["stderr"])
    assert aces["stderr"] == pytest.approx(0.0008, rel=0.2)  # sqrt(p(1-p)/n), merged exactly
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)


def test_equity_board_dead_and_exact(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AA", "KK", "--board", "Ah 7d 2c", "--dead", "Kd", "--exact"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["hand", "equity", "win", "tie"]
    assert lines[-1] == "exact: 946 boards for each of 9 combinations of hands (8,514 deals)"


def test_equity_monte_carlo_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["equity", "AcAd", "KK", "--samples", "50000", "--seed", "1"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert "±" in lines[1] and "±" in lines[2]
    assert lines[-1] == "Monte Carlo: 50,000 deals, seed 1; ± one standard error"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AcAd"], "2 to 10 players"),
        (["AcAd", "QQ+,AXs"], "'AXs' at column 5"),
        (["AcAd", "KhKs", "--board", "2c3c"], "0, 3, 4 or 5 cards"),
        (["AcAd", "KhKs", "--board", "Ac 2c 3c"], "AcAd has no combo"),
        (["AcAd", "AcKs"], "cannot deal"),
        (["AcAd", "KhKs", "--samples", "0"], "0 deals: give 1 to"),
        (["AcAd", "KhKs", "--samples", "-3"], "-3 deals"),
        (["AcAd", "KhKs", "--samples", "9" * 5000], "(5000 characters) is not a number of deals"),
        (["random", "random", "--exact"], "leave out --exact, or give --samples N"),
        (["\u212aS", "AcAd"], "cannot read"),
        (["AcAd", "KhKs", "--board", "2c 3c 4\u017f"], "cannot read"),
    ],
)
def test_equity_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["equity", *argv], capsys)
    assert status == 2 and out == ""
    assert err.startswith("bigblind equity: ") and message in err


def test_equity_exact_and_samples_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["equity", "AcAd", "KhKs", "--exact", "--samples", "10"], capsys)
    assert status == 2 and "not allowed with" in err
