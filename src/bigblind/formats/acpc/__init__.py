"""The ACPC protocol: game definitions, match states, dealer logs, and a dealer.

The Annual Computer Poker Competition's server (``project_acpc_server``)
is the common ground of poker research: its game definitions, its
``MATCHSTATE`` messages and its ``STATE`` log lines. bigblind reads and
writes them over its own engine, deals the ACPC dealer's cards from its seeds
(:class:`AcpcCards`); ``bigblind acpc`` runs a dealer, seats any bot as a
client and replays logs.

>>> from bigblind.formats.acpc import load_gamedef, parse_matchstate
>>> game = load_gamedef("holdem.limit.3p.game")
>>> game.button, game.rules.small_bet, game.rules.big_bet, game.rules.cap
(2, 10, 20, 4)
>>> parse_matchstate("MATCHSTATE:2:0:rc:||AhKd", no_limit=False).hole
((), (), (Card('Ah'), Card('Kd')))
"""

from bigblind.formats.acpc.deal import AcpcCards
from bigblind.formats.acpc.gamedef import (
    STANDARD_GAMES,
    GameDef,
    GameDefError,
    UnsupportedGameError,
    load_gamedef,
    parse_gamedef,
)
from bigblind.formats.acpc.hands import AcpcHand
from bigblind.formats.acpc.protocol import (
    VERSION,
    Action,
    MatchState,
    ProtocolError,
    StateLine,
    format_betting,
    format_value,
    parse_action,
    parse_betting,
    parse_matchstate,
    parse_response,
    parse_state_line,
    split_response,
)

__all__ = [
    "STANDARD_GAMES",
    "VERSION",
    "AcpcCards",
    "AcpcHand",
    "Action",
    "GameDef",
    "GameDefError",
    "MatchState",
    "ProtocolError",
    "StateLine",
    "UnsupportedGameError",
    "format_betting",
    "format_value",
    "load_gamedef",
    "parse_action",
    "parse_betting",
    "parse_gamedef",
    "parse_matchstate",
    "parse_response",
    "parse_state_line",
    "split_response",
]
