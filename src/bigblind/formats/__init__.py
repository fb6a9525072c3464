"""Formats: hand histories in and out (PHH, PokerStars text), the ACPC protocol.

>>> from bigblind.formats import acpc, phh, pokerstars
>>> callable(phh.loads) and callable(pokerstars.dumps)
True
>>> check_name("Ann")
'Ann'
"""

from bigblind.formats import acpc, phh, pokerstars
from bigblind.formats.names import check_name

__all__ = ["acpc", "check_name", "phh", "pokerstars"]
