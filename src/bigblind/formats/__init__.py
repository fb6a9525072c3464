"""Formats: hand histories in and out (PHH, PokerStars text).

>>> from bigblind.formats import phh, pokerstars
>>> callable(phh.loads) and callable(pokerstars.dumps)
True
>>> check_name("Ann")
'Ann'
"""

from bigblind.formats import phh, pokerstars
from bigblind.formats.names import check_name

__all__ = ["check_name", "phh", "pokerstars"]
