"""Sessions: hands strung together: cash tables, tournaments, live games, ICM.

>>> from bigblind.sessions import icm
>>> [round(x, 2) for x in icm([50, 30, 20], [60, 40])]
[43.57, 33.0, 23.43]
"""

from bigblind.sessions.clock import Clock, ClockError, ClockSettings, TimedOut, Turn
from bigblind.sessions.icm_model import IcmError, deal, icm
from bigblind.sessions.live import DealerError, LiveHand, LiveSession
from bigblind.sessions.table import Table, TableError
from bigblind.sessions.tournament import BlindStructure, Level, Tournament, TournamentError

__all__ = [
    "BlindStructure",
    "Clock",
    "ClockError",
    "ClockSettings",
    "DealerError",
    "IcmError",
    "Level",
    "LiveHand",
    "LiveSession",
    "Table",
    "TableError",
    "TimedOut",
    "Tournament",
    "TournamentError",
    "Turn",
    "deal",
    "icm",
]
