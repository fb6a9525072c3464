"""``bigblind acpc dealer|play|replay``."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bigblind.cli.main import main
from bigblind.formats.acpc import load_gamedef


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(argv)
    finally:
        sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_dealer_with_its_own_bots_writes_a_log_that_replays(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    code, out, err = _run(
        ["acpc", "dealer", "holdem.nolimit.3p.game", "--hands", "30", "--seed", "4",
         "--bots", "tag,random,station", "--log", str(log), "--timeout", "30"]
    )  # fmt: skip
    assert code == 0, err
    # The ACPC dealer's first line: the seats' ports; its last: the totals.
    first, last = out.splitlines()
    assert re.fullmatch(r"\d+ \d+ \d+", first) and last.startswith("SCORE:")
    code, out, err = _run(["acpc", "replay", "holdem.nolimit.3p.game", str(log)])
    assert (code, out) == (0, "30 hands read, 30 reconciled, 0 not reconciled\n")


def test_replay_reports_a_mismatch_and_exits_1(tmp_path: Path) -> None:
    log = tmp_path / "bad.log"
    log.write_text(
        "# a comment\n"
        "STATE:0:r300f:9hQd|AsKd:-100|100:a|b\n"
        "STATE:1:r300f:9hQd|AsKd:-100|300:a|b\n"
        "STATE:2:r300r100:9hQd|AsKd:-100|100:a|b\n"
        "STATE:3:r300f:9hQd|9hKd:-100|100:a|b\n"
    )
    code, out, _ = _run(["acpc", "replay", "holdem.nolimit.2p.reverse_blinds.game", str(log)])
    assert code == 1
    assert "bad.log:3: hand 1: position 1: the log says 300, the engine gives 100" in out
    assert "bad.log:4: cannot replay" in out
    assert "bad.log:5: cannot replay: card 9h is already in play" in out
    assert out.endswith("4 hands read, 1 reconciled, 3 not reconciled\n")


# The log is the record: an ACPC game's raise after a short all-in, which RULES 5.6
# would refuse, replays by the ACPC server's rule.
def test_replay_takes_a_reraise_after_a_short_all_in_by_the_acpc_rule(tmp_path: Path) -> None:
    game = tmp_path / "short.game"
    game.write_text(
        load_gamedef("holdem.nolimit.3p.game")
        .dumps()
        .replace("stack = 20000 20000 20000", "stack = 20000 20000 500")
    )
    log = tmp_path / "short.log"
    log.write_text(
        "STATE:0:cr400cr500r700c/cc/cc/cc:AsAd|KsKd|QsQd/2c3c4d/5h/9s:1200|-700|-500:a|b|c\n"
    )
    code, out, err = _run(["acpc", "replay", str(game), str(log)])
    assert (code, out, err) == (0, "1 hand read, 1 reconciled, 0 not reconciled\n", "")


def test_replay_accepts_split_pots_within_a_chip(tmp_path: Path) -> None:
    log = tmp_path / "split.log"
    # A pot of 25 split two ways: 12.5 each by ACPC, 13 and 12 by RULES 6.6.
    log.write_text("STATE:0:cfc/cc/cc/cc:2h3d|9hQd|9sQc/AcKcJd/5d/7h:-5|2.5|2.5:a|b|c\n")
    code, out, _ = _run(["acpc", "replay", "holdem.limit.3p.game", str(log)])
    assert (code, out) == (0, "1 hand read, 1 reconciled, 0 not reconciled\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["acpc", "replay", "nope.game", "x.log"], "no game definition 'nope.game'"),
        (["acpc", "replay", "holdem.limit.3p.game", "missing.log"], "missing.log: no such file"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--port", "x"], "port 'x'"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--bots", "shark"], "--bots 'shark'"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--timeout", "0"], "--timeout 0"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--hands", "0"], "at least 1 hand"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--log", "/no/such/dir/x.log"], "cannot write"),
        (["acpc", "play", "holdem.limit.3p.game", "localhost", "1", "--bot", "shark"], "no bot"),
        (["acpc", "play", "holdem.limit.3p.game", "localhost", "70000"], "PORT 70000: give a"),
        (["acpc", "play", "holdem.limit.3p.game", "localhost", "-1"], "PORT -1: give a"),
        (["acpc", "dealer", "holdem.nolimit.6p.game", "--port", "65535"], "at most 65530"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--timeout", "inf"], "--timeout inf"),
        (["acpc", "dealer", "holdem.limit.3p.game", "--timeout", "1e10"], "at most 1000000"),
        (["acpc", "dealer", "/"], "'/' is a folder, not a file"),
        (["acpc", "replay", "holdem.limit.3p.game", "/"], "/: a folder, not a log file"),
    ],
)
def test_errors_are_one_clear_line(argv: list[str], message: str) -> None:
    code, _, err = _run(argv)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_gamedef_bigblind_does_not_play_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "leduc.game"
    text = load_gamedef("holdem.limit.2p.reverse_blinds.game").dumps()
    path.write_text(text.replace("numRanks = 13", "numRanks = 3"))
    code, _, err = _run(["acpc", "dealer", str(path), "--hands", "1"])
    assert code == 2 and "bigblind plays hold'em only" in err and err.count("\n") == 1


def test_play_without_a_dealer_is_one_line() -> None:
    code, _, err = _run(["acpc", "play", "holdem.limit.3p.game", "127.0.0.1", "1"])
    assert code == 1 and "cannot connect to a dealer at 127.0.0.1 port 1" in err


def test_play_connects_a_bot_to_the_dealer() -> None:
    from bigblind.formats.acpc.dealer import Dealer

    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    with Dealer(game, hands=5, seed=2, timeout=30) as dealer:
        codes: list[tuple[int, str, str]] = []
        port = dealer.ports[1]
        threading.Thread(
            target=lambda: codes.append(
                _play(
                    ["acpc", "play", "holdem.limit.2p.reverse_blinds.game", "127.0.0.1", str(port)]
                )
            ),
            daemon=True,
        ).start()
        from bigblind.bots import make_bot
        from bigblind.bots.acpc_client import play_match

        helper = threading.Thread(
            target=play_match,
            args=(game, "127.0.0.1", dealer.ports[0], make_bot("station", 1)),
            daemon=True,
        )
        helper.start()
        result = dealer.run(io.StringIO())
        helper.join(timeout=30)
    for _ in range(300):
        if codes:
            break
        threading.Event().wait(0.1)
    code, out, _ = codes[0]
    assert code == 0 and re.fullmatch(r"tag: 5 hands, \S+ chips \(\S+ per hand\)\n", out)
    assert float(out.split()[3]) == float(result.totals[1])


def _play(argv: list[str]) -> tuple[int, str, str]:
    from bigblind.cli.acpc import run_play
    from bigblind.cli.main import _parser

    args = _parser().parse_args(argv)
    out, err = io.StringIO(), io.StringIO()
    return run_play(args, out, err), out.getvalue(), err.getvalue()


def test_ctrl_c_stops_the_dealer_with_one_line() -> None:
    code = (
        "import signal, threading, os, sys\n"
        "from bigblind.cli.main import main\n"
        "threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "sys.exit(main(['acpc', 'dealer', 'holdem.limit.3p.game', '--hands', '5']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 130
    last = done.stderr.splitlines()[-1]
    assert last == "bigblind acpc dealer: stopped (Ctrl-C); the match stopped"
    assert "Traceback" not in done.stderr


def test_unreadable_logs_alone_exit_2_as_bigblind_replay_does(tmp_path: Path) -> None:
    log = tmp_path / "binary.log"
    log.write_bytes(b"STATE:\xff\xfe")
    code, out, err = _run(["acpc", "replay", "holdem.limit.2p.reverse_blinds.game", str(log)])
    assert code == 2 and "hold no STATE line" in err
    assert out == (
        f"{log}: cannot read: not UTF-8 text (invalid start byte)\n"
        "0 hands read, 0 reconciled, 0 not reconciled, 1 file unreadable\n"
    )
    phh = tmp_path / "binary.phh"
    phh.write_bytes(b"STATE:\xff\xfe")
    assert _run(["replay", str(phh)])[0] == code


def test_logs_without_hands_exit_2(tmp_path: Path) -> None:
    log = tmp_path / "empty.log"
    log.write_text("# nothing played\nSCORE:0|0:a|b\n")
    code, _, err = _run(["acpc", "replay", "holdem.limit.2p.reverse_blinds.game", str(log)])
    assert code == 2 and "hold no STATE line" in err


def test_acpc_alone_says_which_command_is_missing() -> None:
    code, out, err = _run(["acpc"])
    assert code == 2 and out == ""
    usage, line = err.splitlines()
    assert usage.startswith("usage: bigblind acpc")
    assert line == (
        "bigblind acpc: choose dealer, play or replay (`bigblind acpc --help` says what each does)"
    )


def test_the_acpc_dealers_command_line_runs_a_match_as_play_match_pl_does(
    tmp_path: Path,
) -> None:
    from bigblind.bots import make_bot
    from bigblind.bots.acpc_client import play_match

    # As play_match.pl runs the dealer: MATCH GAMEDEF HANDS SEED NAMES, then options;
    # it reads the ports from the first line, seats its players, and waits for SCORE.
    match = tmp_path / "duel"
    game_name = "holdem.limit.2p.reverse_blinds.game"
    dealer = subprocess.Popen(
        [sys.executable, "-m", "bigblind", "acpc", "dealer", str(match), game_name, "12", "5",
         "Alice", "Bob", "-p", "0,0", "--t_response", "30000", "--start_timeout", "60000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert dealer.stdout is not None
        ports = [int(p) for p in dealer.stdout.readline().split()]
        assert len(ports) == 2
        game = load_gamedef(game_name)
        players = [
            threading.Thread(
                target=play_match, args=(game, "127.0.0.1", port, make_bot("station", seat))
            )
            for seat, port in enumerate(ports)
        ]
        for player in players:
            player.start()
        out, err = dealer.communicate(timeout=120)
        for player in players:
            player.join(timeout=30)
    finally:
        dealer.kill()
    assert dealer.returncode == 0, err
    log = (tmp_path / "duel.log").read_text().splitlines()
    assert log[:4] == [
        f"# name/game/hands/seed {match} {game_name} 12 5",
        "#--t_response 30000",
        "#--t_hand 600000",
        "#--t_per_hand 7000",
    ]
    assert sum(line.startswith("STATE:") for line in log) == 12
    assert out.splitlines() == [log[-1]] and log[-1].endswith(":Alice|Bob")
    # The header and the score on stderr too, as the ACPC dealer writes them.
    assert err.splitlines()[:4] == log[:4] and err.splitlines()[-1] == log[-1]
    code, replayed, _ = _run(["acpc", "replay", game_name, str(tmp_path / "duel.log")])
    assert (code, replayed) == (0, "12 hands read, 12 reconciled, 0 not reconciled\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["m", "holdem.limit.3p.game", "10", "0", "a", "b"], "2 names for a 3-player game"),
        (["m", "holdem.limit.3p.game", "0", "0", "a", "b", "c"], "HANDS '0': give a whole"),
        (["m", "holdem.limit.3p.game", "5", "-1", "a", "b", "c"], "SEED '-1': give a whole"),
        (["m", "holdem.limit.3p.game", "5"], "3 arguments: give GAMEDEF alone"),
        (["m", "holdem.limit.3p.game", "5", "0", "a", "b", "c", "-T"], "-T: bigblind's"),
        (["m", "holdem.limit.3p.game", "5", "0", "a", "b", "c", "--hands", "3"], "--hands:"),
        (["m", "holdem.limit.3p.game", "5", "0", "a", "b", "c", "-p", "1,x"], "port '1,x'"),
        (["holdem.limit.3p.game", "--seed", "-1"], "--seed -1: the ACPC dealer's cards need"),
        (["holdem.limit.3p.game", "-l"], "-l: in bigblind's form"),
        (["holdem.limit.3p.game", "--t_hand", "0"], "--t_hand 0: give milliseconds"),
        (["holdem.limit.3p.game", "--timeout", "5", "--t_response", "9"], "not both"),
    ],
)
def test_dealer_arguments_in_either_form_are_refused_in_one_line(
    argv: list[str], message: str
) -> None:
    code, out, err = _run(["acpc", "dealer", *argv])
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_line_that_is_no_state_is_an_unreadable_hand_not_a_mismatch(tmp_path: Path) -> None:
    log = tmp_path / "cut.log"
    log.write_text("STATE:0:r300f:9hQd|AsKd:-100|100:a|b\nSTATE:1:r300f:9hQd|As\n")
    code, out, _ = _run(["acpc", "replay", "holdem.nolimit.2p.reverse_blinds.game", str(log)])
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{log}:2: cannot read the line: ")
    assert lines[-1] == "1 hand read, 1 reconciled, 0 not reconciled, 1 hand unreadable"


def test_bigblind_replay_says_an_acpc_log_is_for_acpc_replay(tmp_path: Path) -> None:
    log = tmp_path / "match.log"
    log.write_text("STATE:0:r300f:9hQd|AsKd:-100|100:a|b\n")
    code, out, _ = _run(["replay", str(log)])
    assert code == 2
    assert "not recognised: it looks like an ACPC dealer log (`bigblind acpc replay" in out
