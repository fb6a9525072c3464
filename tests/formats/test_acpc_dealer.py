"""The ACPC dealer against clients over real loopback sockets."""

from __future__ import annotations

import contextlib
import io
import socket
import threading
from collections.abc import Callable

import pytest

from bigblind.bots import make_bot
from bigblind.bots.acpc_client import ClientResult, play_match
from bigblind.cli.acpc import replay_log
from bigblind.errors import BigblindError
from bigblind.formats.acpc import (
    STANDARD_GAMES,
    AcpcHand,
    GameDef,
    load_gamedef,
    parse_matchstate,
    parse_state_line,
)
from bigblind.formats.acpc.dealer import Dealer, DealerError

BOTS = ("tag", "random", "station")


def _bot_client(game: GameDef, port: int, seat: int, results: dict[int, ClientResult]) -> None:
    results[seat] = play_match(game, "127.0.0.1", port, make_bot(BOTS[seat % 3], seed=seat))


def _start(target: Callable[..., None], *args: object) -> threading.Thread:
    thread = threading.Thread(target=target, args=args, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("name", STANDARD_GAMES)
def test_dealer_and_bot_clients_play_every_standard_game(name: str) -> None:
    game = load_gamedef(name)
    n = game.num_players
    results: dict[int, ClientResult] = {}
    log = io.StringIO()
    with Dealer(game, hands=24, seed=11, names=[f"p{s}" for s in range(n)], timeout=30) as dealer:
        threads = [
            _start(_bot_client, game, port, s, results) for s, port in enumerate(dealer.ports)
        ]
        match = dealer.run(log)
    for thread in threads:
        thread.join(timeout=30)
    lines = log.getvalue().splitlines()
    states = [line for line in lines if line.startswith("STATE")]
    assert lines[0].startswith("# name/game/hands/seed") and lines[-1] == match.score_line()
    assert len(states) == 24 == match.hands
    assert [replay_log(game, line) for line in states] == [None] * 24
    # Seats rotate: in hand h, seat s plays position (s - h) mod n.
    for number, line in enumerate(states):
        parsed = parse_state_line(line, no_limit=game.no_limit)
        assert parsed.names == tuple(f"p{(p + number) % n}" for p in range(n))
    assert sum(match.totals) == 0
    # Each client counted the same hands and values as the dealer.
    assert {s: (r.hands, r.total) for s, r in results.items()} == {
        s: (24, match.totals[s]) for s in range(n)
    }


def test_the_same_seed_deals_the_same_match() -> None:
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    logs = []
    for _ in range(2):
        log = io.StringIO()
        results: dict[int, ClientResult] = {}
        with Dealer(game, hands=10, seed=5, timeout=30) as dealer:
            for seat, port in enumerate(dealer.ports):
                _start(_bot_client, game, port, seat + 1, results)
            dealer.run(log)
        logs.append(log.getvalue())
    assert logs[0] == logs[1]


class _Scripted:
    """A raw client: answers its turns with the scripted lines, then with calls."""

    def __init__(self, game: GameDef, port: int, scripts: list[Callable[[str], list[str]]]) -> None:
        self.game = game
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.scripts = scripts

    def run(self, leave_after: int | None = None) -> None:
        with self.sock, self.sock.makefile("rb") as reader:
            self.sock.sendall(b"VERSION:2.0.0\r\n")
            turns = 0
            for raw in reader:
                line = raw.decode().rstrip("\r\n")
                if not self._my_turn(line):
                    continue
                if leave_after is not None and turns == leave_after:
                    return
                answers = self.scripts[turns](line) if turns < len(self.scripts) else [f"{line}:c"]
                turns += 1
                for answer in answers:
                    self.sock.sendall(answer.encode() + b"\r\n")

    def _my_turn(self, line: str) -> bool:
        state = parse_matchstate(line, no_limit=self.game.no_limit)
        hand = AcpcHand.rebuild(
            self.game, state.betting, state.hole, state.board, showdown="manual"
        )
        return not hand.finished and hand.actor == state.position


def test_malformed_answers_are_handled_as_the_acpc_dealer_does() -> None:
    game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    warnings: list[str] = []
    scripts: list[Callable[[str], list[str]]] = [
        # comments and a wrong state are ignored; an unreadable action becomes a call
        lambda s: [
            "# thinking",
            "; still thinking",
            "hello",
            "MATCHSTATE:1:99::|AsKd:r300",
            f"{s}:x",
        ],
        lambda s: [f"{s}:r5"],  # a raise too small is raised to the minimum
        lambda s: [f"{s}:r999999"],  # too big: cut to the stack
        lambda s: [s],  # no action at all: a call
        lambda s: [f"{s}:f"],
    ]
    log = io.StringIO()
    with Dealer(game, hands=6, seed=3, timeout=30, warn=warnings.append) as dealer:
        seat0 = _start(_bot_client, game, dealer.ports[0], 2, {})
        scripted = _Scripted(game, dealer.ports[1], scripts)
        thread = _start(scripted.run)
        match = dealer.run(log)
    thread.join(timeout=30)
    seat0.join(timeout=30)
    # Seat 1 is position 1 in even hands; its first answers are the scripted ones.
    text = "\n".join(warnings)
    assert "ignoring un-requested response 'MATCHSTATE:1:99::|AsKd:r300'" in text
    assert "bad state format in response 'hello'" in text
    assert "bad action format 'x', changed to call" in text
    assert "raise to 5 increased to 200" in text
    assert "raise to 999999 decreased to 20000" in text
    assert match.changed_actions >= 4
    states = [line for line in log.getvalue().splitlines() if line.startswith("STATE")]
    assert states[0].split(":")[2].startswith("c")
    assert [replay_log(game, line) for line in states] == [None] * len(states)


def test_illegal_actions_become_calls_and_answers_are_read_as_the_acpc_dealer_reads_them() -> None:
    # The ACPC dealer: a raise past the cap or a fold when checking is free is an invalid
    # action and becomes a call; after the state and ':' only the action is read.
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    warnings: list[str] = []
    scripts: list[Callable[[str], list[str]]] = [
        lambda s: [f"{s}:R:thinking"],  # upper case, and text after the action ignored
        lambda s: [f"{s}:r"],  # the fourth bet: the cap
        lambda s: [f"{s}:f"],  # on the flop, after a check: a call
    ]
    log = io.StringIO()
    with Dealer(game, hands=2, seed=3, timeout=30, warn=warnings.append) as dealer:
        # Seat 1 re-raises, then raises past maxRaises 3 (a call), then checks.
        raiser = _Scripted(game, dealer.ports[0], [lambda s: [f"{s}:r"]] * 2)
        scripted = _Scripted(game, dealer.ports[1], scripts)
        threads = [_start(raiser.run), _start(scripted.run)]
        match = dealer.run(log)
    for thread in threads:
        thread.join(timeout=30)
    assert warnings == [
        "hand 0, seat 1 (seat1): r: raise not allowed, changed to call",
        "hand 0, seat 2 (seat2): f: fold when checking is free, changed to call",
    ]
    assert match.changed_actions == 2
    states = [line for line in log.getvalue().splitlines() if line.startswith("STATE")]
    assert states[0].split(":")[2] == "rrrc/cc/cc/cc"
    assert [replay_log(game, line) for line in states] == [None] * 2


def test_no_limit_sizes_with_spaces_signs_and_trailing_text_are_read() -> None:
    game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    warnings: list[str] = []
    scripts: list[Callable[[str], list[str]]] = [
        lambda s: [f"{s}:r 300:because"],  # read as r300
        lambda s: [f"{s}:r-5"],  # read, then raised to the minimum
    ]
    log = io.StringIO()
    with Dealer(game, hands=1, seed=3, timeout=30, warn=warnings.append) as dealer:
        caller = _Scripted(game, dealer.ports[0], [lambda s: [f"{s}:c"]] * 4)
        scripted = _Scripted(game, dealer.ports[1], scripts)
        threads = [_start(caller.run), _start(scripted.run)]
        dealer.run(log)
    for thread in threads:
        thread.join(timeout=30)
    assert warnings == ["hand 0, seat 2 (seat2): r-5: raise to -5 increased to 400"]
    state = next(line for line in log.getvalue().splitlines() if line.startswith("STATE"))
    assert state.split(":")[2].startswith("r300c/cr400")


def test_a_client_that_disconnects_stops_the_match_after_the_hands_finished() -> None:
    game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    log = io.StringIO()
    with Dealer(game, hands=50, seed=8, timeout=30, names=["bot", "quitter"]) as dealer:
        bot = _start(_bot_client, game, dealer.ports[0], 1, {})
        quitter = _Scripted(game, dealer.ports[1], [])
        thread = _start(quitter.run, 7)
        with pytest.raises(DealerError, match=r"seat 2 \(quitter\) disconnected") as stopped:
            dealer.run(log)
    thread.join(timeout=30)
    bot.join(timeout=30)
    assert not bot.is_alive()  # the other client saw the dealer close and stopped
    states = [line for line in log.getvalue().splitlines() if line.startswith("STATE")]
    finished = int(str(stopped.value).rsplit("after ", 1)[1].split()[0])
    assert 1 <= finished == len(states) < 50
    assert [replay_log(game, line) for line in states] == [None] * finished


def test_a_client_that_does_not_answer_in_time_stops_the_match() -> None:
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    with Dealer(game, hands=3, seed=1, timeout=0.5) as dealer:
        _start(_bot_client, game, dealer.ports[0], 1, {})
        sock = socket.create_connection(("127.0.0.1", dealer.ports[1]))
        sock.sendall(b"VERSION:2.0.0\r\n")
        with pytest.raises(DealerError, match="disconnected or timed out"):
            dealer.run()
        sock.close()


def test_ignored_lines_do_not_stretch_the_time_for_an_answer() -> None:
    # The timeout holds for the answer: comments and stale lines do not restart it.
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    stop, quiet = threading.Event(), threading.Event()
    with Dealer(game, hands=3, seed=1, timeout=1.0) as dealer:
        _start(_bot_client, game, dealer.ports[0], 1, {})
        sock = socket.create_connection(("127.0.0.1", dealer.ports[1]))
        sock.sendall(b"VERSION:2.0.0\r\n")

        def chatter() -> None:
            # A comment every tenth of a second for 30 seconds, then silence.
            with contextlib.suppress(OSError):
                for _ in range(300):
                    if stop.wait(0.1):
                        return
                    sock.sendall(b"# still thinking\r\n")
            quiet.set()

        _start(chatter)
        with pytest.raises(DealerError, match="disconnected or timed out in hand 0"):
            dealer.run()
        chattering = not quiet.is_set()
        stop.set()
        sock.close()
    assert chattering  # the dealer gave up while the comments still came


def test_a_wrong_version_line_is_refused() -> None:
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    with Dealer(game, hands=1, seed=1, timeout=5) as dealer:
        socks = [socket.create_connection(("127.0.0.1", port)) for port in dealer.ports]
        socks[0].sendall(b"HELLO\r\n")
        with pytest.raises(DealerError, match=r"instead of VERSION:2\.0\.0"):
            dealer.run()
        for sock in socks:
            sock.close()


def test_bad_settings_are_refused() -> None:
    game = load_gamedef("holdem.nolimit.3p.game")
    with pytest.raises(DealerError, match="give 3 names"):
        Dealer(game, hands=1, seed=1, names=["a", "b"])
    with pytest.raises(DealerError, match="at least 1 hand"):
        Dealer(game, hands=0, seed=1)
    with pytest.raises(DealerError, match="one first port or 3 ports"):
        Dealer(game, hands=1, seed=1, ports=[0, 0])
    with pytest.raises(DealerError, match="at most 65533"):
        Dealer(game, hands=1, seed=1, ports=[65534])
    with pytest.raises(DealerError, match="each must be 0 to 65535"):
        Dealer(game, hands=1, seed=1, ports=[0, 0, -1])
    for timeout in (0, float("inf"), float("nan"), 1e10):
        with pytest.raises(DealerError, match="give seconds above 0"):
            Dealer(game, hands=1, seed=1, timeout=timeout)


def test_a_client_of_another_game_says_which_game_it_expected() -> None:
    dealt = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
    mine = load_gamedef("holdem.nolimit.3p.game")
    with Dealer(dealt, hands=1, seed=1, timeout=30) as dealer:
        _start(_bot_client, dealt, dealer.ports[0], 1, {})
        errors: list[str] = []
        port = dealer.ports[1]

        def wrong_game() -> None:
            try:
                play_match(mine, "127.0.0.1", port, make_bot("tag", seed=1))
            except BigblindError as error:
                errors.append(str(error))

        client = _start(wrong_game)
        with pytest.raises(DealerError, match="seat 2"):
            dealer.run()
    client.join(timeout=30)
    assert dealer.ports[1] == port  # still known once the listeners have closed
    assert len(errors) == 1 and "not for a 3-player game" in errors[0]
    assert errors[0].endswith("(is holdem.nolimit.3p.game the dealer's game?)")


def _slow_caller(port: int, delay: float, stop: threading.Event) -> None:
    """A client that answers every state with a call, ``delay`` seconds after it came."""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"VERSION:2.0.0\r\n")
        lines = sock.makefile("rb")
        for raw in lines:
            if stop.wait(delay):
                return
            sock.sendall(raw.rstrip(b"\r\n") + b":c\r\n")


@pytest.mark.parametrize(
    ("hand", "per_hand", "named"),
    [
        (0.15, 7.0, "more than 0.15 seconds in the hand"),
        (600.0, 0.05, "more than 0.05 seconds a hand over the match"),
    ],
)
def test_a_seat_past_the_acpc_dealers_time_limits_stops_the_match(
    hand: float, per_hand: float, named: str
) -> None:
    # As the ACPC dealer's --t_hand and --t_per_hand: time used in a hand, and over the
    # match (its limit the hands times the mean allowed), stop the match.
    game = load_gamedef("holdem.limit.2p.reverse_blinds.game")
    stop = threading.Event()
    with Dealer(
        game, hands=2, seed=1, timeout=10, hand_timeout=hand, per_hand_timeout=per_hand
    ) as dealer:
        _start(_bot_client, game, dealer.ports[0], 1, {})
        _start(_slow_caller, dealer.ports[1], 0.2, stop)  # one answer is past either
        with pytest.raises(DealerError, match=f"seat 2 \\(seat2\\) ran out of time.*{named}"):
            dealer.run(io.StringIO())
        stop.set()
