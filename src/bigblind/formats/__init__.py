"""Formats: hand histories in and out (PHH, PokerStars text).

>>> from bigblind.formats import phh, pokerstars
>>> callable(phh.loads) and callable(pokerstars.dumps)
True
"""

from bigblind.formats import phh, pokerstars

__all__ = ["phh", "pokerstars"]
