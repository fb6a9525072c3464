"""Open Hand History (OHH): the JSON hand histories of the hh-specs.handhistory.org format.

:func:`loads_each` and :func:`read_each` read an OHH file's hands, each on its
own, as the other sites' readers do (an
:class:`~bigblind.formats.pokerstars.OtherGame` for a game bigblind does not
play, an :class:`~bigblind.formats.pokerstars.Unreadable` for a hand that
cannot be read); each hand is then replayed and reconciled with
:func:`bigblind.formats.pokerstars.reconcile`. :func:`dumps` writes a finished
engine hand as one OHH object and :func:`dump_session` joins them as a file.

>>> from datetime import datetime
>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.stacked("As Kd Qh Jc"))
>>> hand.raise_to(6); hand.fold()
>>> text = dumps(hand, game_number=1, players=["ann", "bob"], when=datetime(2026, 12, 1, 9, 5))
>>> (history,) = loads_each(text)
>>> history.players, history.metadata["site"]
(('bob', 'ann'), 'bigblind')
>>> from bigblind.formats import pokerstars
>>> pokerstars.reconcile(history).reconciled  # the 4 not called was returned to ann
True
"""

from bigblind.formats.ohh.reader import OHHError, is_ohh, loads_each, read_each
from bigblind.formats.ohh.writer import SPEC_VERSION, dump_session, dumps

__all__ = ["SPEC_VERSION", "OHHError", "dump_session", "dumps", "is_ohh", "loads_each", "read_each"]
