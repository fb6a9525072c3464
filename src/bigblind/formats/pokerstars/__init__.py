"""Hand histories in PokerStars' text format, as tracking programs import them.

:func:`dumps` renders a finished hand's events the way the PokerStars client
writes a hand to its history files: the header and table lines, one line a
seat, the posts, ``*** HOLE CARDS ***`` and the streets, the uncalled bet,
``*** SHOW DOWN ***`` with the side pots awarded last-formed first (RULES
6.5), and ``*** SUMMARY ***``: the text that tracking programs such as
PokerTracker and Hold'em Manager import as PokerStars hands. :func:`dump_session`
joins hands as a history file does; :func:`describe_hand` phrases a hand value
in PokerStars' words.

:func:`loads` and :func:`read` read such text back, PokerStars' own files
included, as :class:`~bigblind.formats.phh.history.HandHistory` values;
:func:`replay` plays one on the engine and :func:`results_match` checks the
result against the file.

Amounts are chips. With a ``currency`` (a cash game for money) one chip is
one cent: 150 is written ``$1.50``. Without one the hand is a play-money
game, or a tournament when ``tournament`` is given.

>>> from datetime import datetime
>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200], deck=Deck.stacked("As Kd Qh Jc"))
>>> hand.raise_to(6); hand.fold()
>>> print(dumps(hand, hand_id=1, table="Alpha", players=["ann", "bob"],
...             when=datetime(2026, 12, 1, 9, 5), hero=1, max_seats=2))
PokerStars Hand #1:  Hold'em No Limit (1/2) - 2026/12/01 9:05:00 ET
Table 'Alpha' 2-max (Play Money) Seat #1 is the button
Seat 1: ann (200 in chips)
Seat 2: bob (200 in chips)
ann: posts small blind 1
bob: posts big blind 2
*** HOLE CARDS ***
Dealt to bob [As Qh]
ann: raises 4 to 6
bob: folds
Uncalled bet (4) returned to ann
ann collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: ann (button) (small blind) collected (4)
Seat 2: bob (big blind) folded before Flop
<BLANKLINE>
"""

from bigblind.formats.pokerstars.header import Tournament
from bigblind.formats.pokerstars.naming import describe_hand
from bigblind.formats.pokerstars.reader import loads, read, replay, results_match
from bigblind.formats.pokerstars.writer import dump_session, dumps

__all__ = [
    "Tournament",
    "describe_hand",
    "dump_session",
    "dumps",
    "loads",
    "read",
    "replay",
    "results_match",
]
