"""Any bigblind bot as an ACPC client: connect to a dealer and play the match.

The client rebuilds each match state on the engine, shows the bot the
view of its own position (nobody else's hidden cards) and sends the bot's
answer back in ACPC form.

>>> from bigblind.formats.acpc import load_gamedef, parse_matchstate
>>> from bigblind.bots import make_bot
>>> game = load_gamedef("holdem.nolimit.2p.reverse_blinds.game")
>>> client = AcpcClient(game, make_bot("station", seed=1))
>>> client.respond("MATCHSTATE:1:0::|9hQd")
'MATCHSTATE:1:0::|9hQd:c'
>>> client.respond("MATCHSTATE:0:0::9hQd|") is None  # the other position is to act
True
"""

from __future__ import annotations

import contextlib
import socket
from dataclasses import dataclass
from fractions import Fraction

from bigblind.bots.base import Bot
from bigblind.errors import BigblindError
from bigblind.formats.acpc import VERSION, AcpcHand, GameDef, parse_matchstate

__all__ = ["AcpcClient", "ClientResult", "play_match"]


@dataclass(slots=True)
class ClientResult:
    """What the client saw of the match: hands finished and its total value."""

    hands: int = 0
    total: Fraction = Fraction(0)


class AcpcClient:
    """Answers match states for one bot; keeps the running result."""

    def __init__(self, game: GameDef, bot: Bot) -> None:
        self.game = game
        self.bot = bot
        self.result = ClientResult()
        self._last_hand: int | None = None

    def respond(self, line: str) -> str | None:
        """The answer to one line from the dealer, or None when none is due."""
        if not line.startswith("MATCHSTATE:"):
            return None
        state = parse_matchstate(line, no_limit=self.game.no_limit, players=self.game.num_players)
        hand = AcpcHand.rebuild(
            self.game, state.betting, state.hole, state.board, showdown="manual"
        )
        if hand.finished:
            if self._last_hand != state.hand_number:
                self._last_hand = state.hand_number
                self.result.hands += 1
                self.result.total += hand.values()[state.position]
            return None
        if hand.actor != state.position:
            return None
        action = hand.act_text(self.bot.act(hand.hand.view(state.position)))
        return f"{line.rstrip()}:{action}"


def play_match(
    game: GameDef, host: str, port: int, bot: Bot, *, timeout: float = 600.0
) -> ClientResult:
    """Connect to the dealer at ``host``:``port`` and play until it closes the connection.

    Raises :class:`~bigblind.errors.BigblindError` when the dealer cannot be
    reached or sends a state this game cannot have.
    """
    client = AcpcClient(game, bot)
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as error:
        raise BigblindError(
            f"cannot connect to a dealer at {host} port {port}: {error.strerror or error}"
        ) from None
    with sock, sock.makefile("rb") as reader:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(None)
        sock.sendall(VERSION.encode("ascii") + b"\r\n")
        with contextlib.suppress(ConnectionError):  # the dealer closing is the end
            for raw in reader:
                line = raw.decode("ascii", errors="replace").rstrip("\r\n")
                try:
                    answer = client.respond(line)
                except BigblindError as error:
                    game_name = game.name or "this game"
                    raise BigblindError(
                        f"the dealer sent {line!r}: {error} (is {game_name} the dealer's game?)"
                    ) from None
                if answer is not None:
                    sock.sendall(answer.encode("ascii") + b"\r\n")
    return client.result
