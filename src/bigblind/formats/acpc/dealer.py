"""An ACPC dealer: seats clients over TCP and plays a match as ``project_acpc_server`` does.

Each seat listens on its own port; a client connects and sends
``VERSION:2.0.0``. Before every action each seat is sent its match state;
the seat to act answers with that state, ``:`` and an action. As the ACPC
dealer does, answers that do not repeat the current state are ignored (and
so are lines starting with ``#`` or ``;``), an unreadable action becomes a
call, a raise of the wrong size is moved to the nearest legal size, and an
illegal action becomes a call; each such change is reported. Seats rotate:
in hand ``h`` seat ``s`` plays position ``(s - h) mod n``. A seat that
disconnects or does not answer in time ends the match (:class:`DealerError`).

The log has the ACPC dealer's form: its four ``#`` header lines (the match,
then the three time limits in milliseconds), one ``STATE`` line per hand with
values and names by position, and a final ``SCORE`` line with each seat's
total, summed in doubles as the ACPC dealer sums them.

``deal="acpc"`` (the default) deals the cards as the ACPC dealer deals them
from the same seed (:mod:`bigblind.formats.acpc.deal`), so that both dealers'
logs of the same match are the same, byte for byte; ``deal="bigblind"``
shuffles with bigblind's own deck. Raises follow the ACPC server's rule (a
short all-in reopens the betting), as the game's rules say.

As the ACPC dealer does, a seat may take at most ``timeout`` seconds for an
answer, ``hand_timeout`` seconds in one hand, and ``per_hand_timeout``
seconds a hand on average over the match; past any of them the match stops.
"""

from __future__ import annotations

import contextlib
import math
import random
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, TextIO

from bigblind.deck import Deck
from bigblind.errors import BigblindError, IllegalActionError
from bigblind.formats.acpc.deal import AcpcCards, AcpcSeedError
from bigblind.formats.acpc.gamedef import GameDef
from bigblind.formats.acpc.hands import AcpcHand
from bigblind.formats.acpc.protocol import (
    Action,
    MatchState,
    ProtocolError,
    format_value,
    parse_action,
    parse_matchstate,
    split_response,
)

__all__ = ["MAX_TIMEOUT", "Dealer", "DealerError", "MatchResult"]

_MAX_LINE = 4096
_MAX_PORT = 65535
MAX_TIMEOUT = 1_000_000
"""The most seconds a seat may be given (sockets take no longer waits)."""


class DealerError(BigblindError):
    """The match cannot go on: a seat left, timed out, or spoke another protocol."""


@dataclass(slots=True)
class MatchResult:
    """What a match came to: hands played and each seat's total (ACPC values).

    ``totals`` are exact; ``doubles`` the same summed as the ACPC dealer sums them,
    in doubles, which its ``SCORE`` line prints.

    >>> result = MatchResult(("a", "b"), totals=[Fraction(14673800), Fraction(-14673800)])
    >>> result.score_line()
    'SCORE:14673800|-14673800:a|b'
    """

    names: tuple[str, ...]
    hands: int = 0
    totals: list[Fraction] = field(default_factory=list)
    changed_actions: int = 0
    doubles: list[float] | None = None

    def score_line(self) -> str:
        """The ACPC dealer's final line: ``SCORE:<totals>:<names>`` by seat."""
        totals = self.totals if self.doubles is None else self.doubles
        values = "|".join(format_value(v) for v in totals)
        return f"SCORE:{values}:{'|'.join(self.names)}"


class _Seat:
    """One client's connection: lines in, lines out."""

    def __init__(self, sock: socket.socket, timeout: float) -> None:
        sock.settimeout(timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self.timeout = timeout
        self.reader = sock.makefile("rb")

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode("ascii") + b"\r\n")

    def receive(self, deadline: float | None = None) -> str | None:
        """The next line, or None when the client has gone or ``deadline`` passed.

        ``deadline`` is a ``time.monotonic()`` time; without one a line may take
        the seat's whole timeout.
        """
        try:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.sock.settimeout(left)
            raw = self.reader.readline(_MAX_LINE)
        except (TimeoutError, OSError):
            return None
        finally:
            if deadline is not None:
                with contextlib.suppress(OSError):
                    self.sock.settimeout(self.timeout)
        if not raw:
            return None
        return raw.decode("ascii", errors="replace").rstrip("\r\n")

    def close(self) -> None:
        for closing in (self.reader.close, self.sock.close):
            with contextlib.suppress(OSError):
                closing()


class Dealer:
    """A match of ``hands`` hands of ``game`` between clients on loopback.

    ``ports``: one per seat, or one first port (the seats take the ports that
    follow it), or ``(0,)`` for free ports. ``warn`` hears every changed or
    ignored answer; ``timeout`` is the seconds a seat has for each answer,
    ``hand_timeout`` in a hand, ``per_hand_timeout`` a hand on average over the
    match, and ``start_timeout`` to connect (None: as long as ``timeout``;
    ``math.inf``: no limit). ``fixed_seats`` keeps each seat in its position
    (the ACPC dealer's ``-f``); else the seats rotate every hand.
    """

    def __init__(
        self,
        game: GameDef,
        *,
        hands: int,
        seed: int,
        names: Sequence[str] | None = None,
        host: str = "127.0.0.1",
        ports: Sequence[int] = (0,),
        timeout: float = 600.0,
        warn: Callable[[str], None] | None = None,
        deal: Literal["acpc", "bigblind"] = "acpc",
        fixed_seats: bool = False,
        hand_timeout: float = 600.0,
        per_hand_timeout: float = 7.0,
        start_timeout: float | None = None,
    ) -> None:
        n = game.num_players
        if hands < 1:
            raise DealerError(f"hands {hands}: play at least 1 hand")
        if deal not in ("acpc", "bigblind"):
            raise DealerError(f"deal {deal!r}: give 'acpc' (the ACPC dealer's cards) or 'bigblind'")
        if deal == "acpc":
            try:
                AcpcCards(seed)
            except AcpcSeedError as error:
                raise DealerError(f"{error} (deal='bigblind' takes any seed)") from None
        for what, limit in (("hand timeout", hand_timeout), ("per-hand timeout", per_hand_timeout)):
            if not limit > 0:
                raise DealerError(f"{what} {limit:g}: give seconds above 0")
        if start_timeout is not None and not start_timeout > 0:
            raise DealerError(f"start timeout {start_timeout:g}: give seconds above 0")
        names = tuple(names) if names else tuple(f"seat{s + 1}" for s in range(n))
        if len(names) != n or any(not name or ":" in name or "|" in name for name in names):
            raise DealerError(
                f"names {list(names)}: give {n} names without ':' or '|', one per seat"
            )
        if len(ports) == 1:
            ports = [ports[0] + s if ports[0] else 0 for s in range(n)]
        if len(ports) != n:
            raise DealerError(f"ports {list(ports)}: give one first port or {n} ports")
        if not all(0 <= port <= _MAX_PORT for port in ports):
            raise DealerError(
                f"ports {list(ports)}: each must be 0 to {_MAX_PORT} (a first port takes"
                f" {n} ports in a row: at most {_MAX_PORT - n + 1})"
            )
        if not 0 < timeout <= MAX_TIMEOUT:
            raise DealerError(f"timeout {timeout:g}: give seconds above 0, at most {MAX_TIMEOUT}")
        self.game = game
        self.hands = hands
        self.seed = seed
        self.names = names
        self.timeout = timeout
        self.deal = deal
        self.fixed_seats = fixed_seats
        self.hand_timeout = hand_timeout
        self.per_hand_timeout = per_hand_timeout
        self.start_timeout = timeout if start_timeout is None else start_timeout
        self._used_hand = [0.0] * n
        self._used_match = [0.0] * n
        self._warn = warn or (lambda message: None)
        self._listeners: list[socket.socket] = []
        self._seats: list[_Seat] = []
        try:
            for port in ports:
                listener = socket.create_server((host, port))
                self._listeners.append(listener)
        except OSError as error:
            self.close()
            raise DealerError(f"cannot listen on {host} port {port}: {error.strerror}") from None
        # Kept: the listeners close once their seats are taken.
        self._ports = tuple(listener.getsockname()[1] for listener in self._listeners)

    @property
    def ports(self) -> tuple[int, ...]:
        """The port of each seat, in seat order."""
        return self._ports

    def close(self) -> None:
        """Close every socket."""
        for listener in self._listeners:
            listener.close()
        for seat in self._seats:
            seat.close()

    def __enter__(self) -> Dealer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def header(self, match_name: str = "match", game_name: str | None = None) -> str:
        """The ACPC dealer's first lines: the match, then its time limits in milliseconds.

        ``game_name`` is the game definition as it was named (the ACPC dealer
        writes its path as given).
        """
        game = game_name or self.game.name or "game"
        return (
            f"# name/game/hands/seed {match_name} {game} {self.hands} {self.seed}\n"
            f"#--t_response {_millis(self.timeout)}\n"
            f"#--t_hand {_millis(self.hand_timeout)}\n"
            f"#--t_per_hand {_millis(self.per_hand_timeout)}\n"
        )

    def run(
        self,
        log: TextIO | None = None,
        *,
        match_name: str = "match",
        game_name: str | None = None,
    ) -> MatchResult:
        """Seat the clients, play the match and write the log; return the totals.

        Raises :class:`DealerError` when a seat disconnects or times out; the
        log then holds every hand finished before.
        """
        n = self.game.num_players
        result = MatchResult(self.names, totals=[Fraction(0)] * n, doubles=[0.0] * n)
        assert result.doubles is not None
        if log is not None:
            log.write(self.header(match_name, game_name))
            log.flush()
        self._accept()
        cards = AcpcCards(self.seed) if self.deal == "acpc" else None
        rng = random.Random(self.seed)
        for number in range(self.hands):
            if cards is not None:
                hole, board = cards.hand(players=n)
                hand = AcpcHand.deal_cards(self.game, hole, board)
            else:
                hand = AcpcHand.deal(self.game, Deck.shuffled(seed=rng.getrandbits(64)))
            shift = self._shift(number)
            self._used_hand = [0.0] * n
            self._play(hand, number, result)
            position_names = [self.names[(p + shift) % n] for p in range(n)]
            line = hand.state_line(number, position_names)
            doubles = hand.doubles()
            for position, value in enumerate(line.values):
                result.totals[(position + shift) % n] += value
                result.doubles[(position + shift) % n] += doubles[position]
            result.hands += 1
            if log is not None:
                log.write(f"{line}\n")
                log.flush()
            for seat in range(n):
                self._send(seat, hand.matchstate((seat - shift) % n, number), number)
        if log is not None:
            log.write(result.score_line() + "\n")
            log.flush()
        return result

    def _shift(self, number: int) -> int:
        """The seat of position 0 in hand ``number``."""
        return 0 if self.fixed_seats else number % self.game.num_players

    def _accept(self) -> None:
        wait = self.start_timeout
        for seat, listener in enumerate(self._listeners):
            listener.settimeout(None if math.isinf(wait) else wait)
            try:
                sock, _ = listener.accept()
            except TimeoutError:
                raise DealerError(
                    f"seat {seat + 1} ({self.names[seat]}) did not connect within"
                    f" {wait:g} second{'' if wait == 1 else 's'}"
                ) from None
            finally:
                listener.close()
            self._seats.append(_Seat(sock, self.timeout))
        for seat, connection in enumerate(self._seats):
            line = connection.receive()
            if line is None or not line.startswith("VERSION:2."):
                raise DealerError(
                    f"seat {seat + 1} ({self.names[seat]}) sent {line!r} instead of VERSION:2.0.0"
                )

    def _play(self, hand: AcpcHand, number: int, result: MatchResult) -> None:
        n = self.game.num_players
        shift = self._shift(number)
        while not hand.finished:
            actor = hand.actor
            assert actor is not None
            states = [hand.matchstate((seat - shift) % n, number) for seat in range(n)]
            for seat in range(n):
                self._send(seat, states[seat], number)
            seat = (actor + shift) % n
            sent = time.monotonic()
            action = self._answer(seat, states[seat], hand, number, result)
            self._count_time(seat, time.monotonic() - sent, number)
            hand.apply(action)

    def _count_time(self, seat: int, used: float, number: int) -> None:
        """Add an answer's time to the seat's hand and match; stop a seat past its limits."""
        self._used_hand[seat] += used
        self._used_match[seat] += used
        where = f"seat {seat + 1} ({self.names[seat]}) ran out of time in hand {number}"
        if self._used_hand[seat] > self.hand_timeout:
            raise DealerError(
                f"{where}: more than {self.hand_timeout:g} seconds in the hand;"
                f" the match stopped after {number} hands"
            )
        if self._used_match[seat] > self.per_hand_timeout * self.hands:
            raise DealerError(
                f"{where}: more than {self.per_hand_timeout:g} seconds a hand over the match;"
                f" the match stopped after {number} hands"
            )

    def _send(self, seat: int, state: MatchState, number: int) -> None:
        try:
            self._seats[seat].send(str(state))
        except OSError:
            raise self._gone(seat, number) from None

    def _gone(self, seat: int, number: int) -> DealerError:
        return DealerError(
            f"seat {seat + 1} ({self.names[seat]}) disconnected or timed out in hand {number};"
            f" the match stopped after {number} hands"
        )

    def _answer(
        self, seat: int, state: MatchState, hand: AcpcHand, number: int, result: MatchResult
    ) -> Action:
        no_limit = self.game.no_limit
        where = f"hand {number}, seat {seat + 1} ({self.names[seat]})"
        # The timeout holds for the answer, however many ignored lines come first.
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._seats[seat].receive(deadline)
            if line is None:
                raise self._gone(seat, number)
            if line.startswith(("#", ";")):
                continue
            state_text, action_text = split_response(line)
            try:
                answered = parse_matchstate(state_text, no_limit=no_limit)
            except ProtocolError:
                self._warn(f"{where}: bad state format in response {line!r}, ignored")
                continue
            if answered != state:
                self._warn(f"{where}: ignoring un-requested response {line!r}")
                continue
            try:
                action, _ = parse_action(action_text or "", no_limit=no_limit)
            except ProtocolError:
                result.changed_actions += 1
                self._warn(f"{where}: bad action format {action_text!r}, changed to call")
                return Action("c")
            try:
                fixed, change = hand.fix(action)
            except IllegalActionError:  # pragma: no cover - the hand awaits this seat
                fixed, change = Action("c"), "invalid action, changed to call"
            if change is not None:
                result.changed_actions += 1
                self._warn(f"{where}: {action}: {change}")
            return fixed


def _millis(seconds: float) -> int:
    """Seconds as the whole milliseconds the ACPC dealer's header prints."""
    return round(seconds * 1000)
