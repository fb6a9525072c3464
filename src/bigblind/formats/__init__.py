"""Formats: hand histories in and out (PHH, PokerStars text), the ACPC protocol.

>>> from bigblind.formats import acpc, phh, pokerstars
>>> callable(phh.loads) and callable(pokerstars.dumps)
True
"""

from bigblind.formats import acpc, phh, pokerstars

__all__ = ["acpc", "phh", "pokerstars"]
