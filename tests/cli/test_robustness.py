"""Every command under bad input and Ctrl-C: one line, never a traceback; nothing lost."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.cli.main import main
from bigblind.cli.replay import ACCEPTED

CARDISH = st.text(
    alphabet=st.sampled_from(list("AKQJT98765432cdhsCDHS10 ,♠♥♦♣²\u212a\u017f+-x")), max_size=30
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(words=st.lists(CARDISH | st.text(max_size=12), min_size=1, max_size=7))
def test_eval_reads_any_text_or_says_why_in_one_line(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    words = [w for w in words if not w.startswith("-")] or ["x"]
    status, out, err = run(["eval", *words], capsys)
    assert status in (0, 2)
    if status == 2:
        assert err.startswith("bigblind eval: ") and err.count("\n") == 1 and out == ""
    assert "Traceback" not in err


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(hands=st.lists(CARDISH, min_size=1, max_size=3), board=CARDISH)
def test_equity_reads_any_text_or_says_why_in_one_line(
    hands: list[str], board: str, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = [h for h in hands if h.strip() and not h.startswith("-")] or ["x"]
    argv = ["equity", *hands, "--board", board, "--samples", "200", "--seed", "1"]
    status, out, err = run(argv, capsys)
    assert status in (0, 2)
    if status == 2:
        assert err.startswith("bigblind equity: ") and err.count("\n") == 1 and out == ""


def test_numbers_of_thousands_of_digits_are_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    huge = "9" * 5000
    for argv in (
        ["eval", huge],
        ["equity", huge, "AA"],
        ["equity", "AA", "KK", "--seed", huge],
        ["tournament", "--players", huge],
        ["simulate", "--bots", "tag,tag", "--hands", huge],
    ):
        status, _, err = run(argv, capsys)
        assert status == 2 and err.count("\n") == 1 and "Traceback" not in err, argv
        assert len(err) < 400


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.text(max_size=200)
    | st.builds(lambda n: f"antes = [{'9' * n}]", st.integers(4000, 6000))
)
def test_one_bad_file_never_stops_a_replay(
    tmp_path_factory: pytest.TempPathFactory, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path_factory.mktemp("replay")
    (folder / "a-bad.phh").write_text(text, encoding="utf-8")
    (folder / "b-good.phh").write_text(GOOD, encoding="utf-8")
    status, out, _ = run(["replay", str(folder)], capsys)
    assert status in (0, 1)
    assert out.splitlines()[-1].startswith(("1 hand read", "2 hands read"))


GOOD = """
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 cc", "p2 f",
  "d db 2c7d9h", "p1 cc", "p3 cc", "d db Jd", "p1 cc", "p3 cc", "d db 3s", "p1 cc", "p3 cc",
  "p1 sm AsKs", "p3 sm QcQd"]
finishing_stacks = [94, 98, 108]
players = ["Ann", "Bob", "Cy"]
"""


def test_replay_show_prints_the_hand_street_by_street(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "hand.phh").write_text(GOOD)
    status, out, _ = run(["replay", "--show", str(tmp_path)], capsys)
    assert status == 0
    lines = [line.strip() for line in out.splitlines()]
    assert "Dealt to Ann: A♠ K♠" in lines
    flop = lines.index("── Flop: 2♣ 7♦ 9♥")
    assert lines.index("Cy raises to 6") < flop < lines.index("── Turn: J♦")
    assert "Cy wins the pot (14) with One pair, queens, jack-nine-seven kickers" in lines
    assert lines[-1] == "1 hand read, 1 reconciled, 0 not reconciled"


def test_replay_of_an_empty_folder_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["replay", str(tmp_path)], capsys)
    assert status == 2 and out == ""
    assert err == (f"bigblind replay: no file in {tmp_path}: it reads {ACCEPTED}\n")
    (tmp_path / "empty.phhs").write_text("")
    status, out, err = run(["replay", str(tmp_path)], capsys)
    assert status == 2 and err == (
        f"bigblind replay: the files hold no hand: it reads {ACCEPTED}\n"
    )
    assert out.splitlines()[0] == f"{tmp_path / 'empty.phhs'}: cannot read: the file is empty"


def _interrupted(argv: list[str], cue: bytes) -> tuple[int, str, str, float]:
    """Run ``bigblind argv`` with its errors on a terminal; Ctrl-C once ``cue`` shows there.

    Returns the status, the output, the error text and the seconds from Ctrl-C to the end.
    """
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bigblind", *argv],
        stdout=subprocess.PIPE,
        stderr=follower,
        text=True,
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 120
    while cue not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if ready:
            try:
                seen += os.read(leader, 4096)
            except OSError:
                break
    assert cue in seen, seen[-300:]
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    seconds = time.monotonic() - sent
    while True:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if not ready:
            break
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return process.returncode, out, seen.decode(errors="replace"), seconds


@pytest.mark.skipif(os.name != "posix", reason="a terminal and SIGINT")
def test_ctrl_c_stops_a_long_monte_carlo_run_with_the_deals_drawn() -> None:
    argv = ["equity", "random", "random", "random", "--samples", "10000000000", "--seed", "1"]
    status, out, err, seconds = _interrupted(argv, b"deals")
    assert status == 130, err
    assert err.strip().splitlines()[-1].endswith("bigblind equity: stopped (Ctrl-C)")
    assert "(stopped early)" in out and "Traceback" not in err
    assert seconds < 5


@pytest.mark.skipif(os.name != "posix", reason="a terminal and SIGINT")
def test_ctrl_c_stops_a_tournament_with_the_places_so_far() -> None:
    status, out, err, seconds = _interrupted(["tournament", "--players", "2000"], b"players out")
    assert status == 130, err
    assert err.strip().splitlines()[-1].endswith("bigblind tournament: stopped (Ctrl-C)")
    assert "Stopped after" in out and "Traceback" not in err and seconds < 5


def test_python_m_bigblind_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bigblind", "eval", "A♠", "K♠", "Q♠", "J♠", "T♠"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == "Royal flush (value 7462): As Ks Qs Js Ts\n"


STARS = """PokerStars Hand #5:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/12/01 9:05:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: ann ($2 in chips)
Seat 2: bob ($1.50 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
ann: raises $0.04 to $0.06
bob: folds
Uncalled bet ($0.04) returned to ann
ann collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
Seat 1: ann (button) (small blind) collected ($0.04)
Seat 2: bob (big blind) folded before Flop


"""


def test_replay_reads_pokerstars_histories(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "stars.txt").write_text(STARS + STARS.replace("#5", "#6").replace("folds", "calls"))
    (tmp_path / "notes.txt").write_text("not a hand history")
    status, out, _ = run(["replay", str(tmp_path)], capsys)
    lines = out.splitlines()
    # 'bob: calls' without an amount cannot be read: that hand alone is lost, and said so.
    assert "stars.txt: cannot read a hand: hand #6, line 26: 'calls' needs an amount" in out
    assert lines[-1] == (
        "1 hand read, 1 reconciled, 0 not reconciled, 1 hand unreadable, 1 file not recognised"
    )
    assert status == 1 and f"{tmp_path / 'notes.txt'}: not recognised" in out
    status, out, _ = run(["replay", "--show", str(tmp_path / "stars.txt")], capsys)
    assert "ann raises to 6" in out
