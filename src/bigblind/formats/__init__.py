"""Formats: hand histories in and out (PHH, PokerStars text, OHH JSON), other sites'
read (Poker Now's logs, iPoker and partypoker XML among them), ACPC, and a hand's
events in words (``words``: the lines every interface shows).

>>> from bigblind.formats import ohh, phh, pokerstars
>>> callable(phh.loads) and callable(pokerstars.dumps) and callable(ohh.dumps)
True
>>> check_name("Ann")
'Ann'
"""

from bigblind.formats import (
    acpc,
    bovada,
    globalpoker,
    horizon,
    ipoker,
    ohh,
    partypoker,
    partypoker_xml,
    phh,
    poker888,
    pokernow,
    pokerstars,
    winamax,
    words,
    wpn,
    wpn_classic,
)
from bigblind.formats.names import check_name

__all__ = [
    "acpc",
    "bovada",
    "check_name",
    "globalpoker",
    "horizon",
    "ipoker",
    "ohh",
    "partypoker",
    "partypoker_xml",
    "phh",
    "poker888",
    "pokernow",
    "pokerstars",
    "winamax",
    "words",
    "wpn",
    "wpn_classic",
]
