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
included, as :class:`~bigblind.formats.phh.history.HandHistory` values, and
raise for the first hand they cannot read; :func:`loads_each` and
:func:`read_each` read each hand on its own, an :class:`Unreadable` or an
:class:`OtherGame` entry (RULES 11.4) where a hand is not read, so that one
hand never loses the file. Every header form PokerStars writes is read (Hand,
Game, Zoom, Home Game; cash, sit-and-go, tournaments, knockouts, heads-up
matches), in any encoding a client writes; GGPoker's hands, which are written
in the same form (``Poker Hand #RC...``), are read too.

:func:`replay` plays a hand on the engine as it was recorded (what the site
allowed is taken, every chip counted by the engine; ``strict=True`` holds
every action to RULES), :func:`reconcile` checks the result against the file
and says why where it does not agree, and :func:`results_match` is that check
alone.

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

from bigblind.formats.pokerstars.hands import (
    Entry,
    OtherGame,
    Unreadable,
    is_pokerstars,
    loads,
    loads_each,
    read,
    read_each,
    read_text,
)
from bigblind.formats.pokerstars.header import Tournament, eastern_now
from bigblind.formats.pokerstars.heading import OtherGameError
from bigblind.formats.pokerstars.naming import describe_hand
from bigblind.formats.pokerstars.recorded import (
    Reconciliation,
    reconcile,
    replay,
    results_match,
)
from bigblind.formats.pokerstars.writer import dump_session, dumps

__all__ = [
    "Entry",
    "OtherGame",
    "OtherGameError",
    "Reconciliation",
    "Tournament",
    "Unreadable",
    "describe_hand",
    "dump_session",
    "dumps",
    "eastern_now",
    "is_pokerstars",
    "loads",
    "loads_each",
    "read",
    "read_each",
    "read_text",
    "reconcile",
    "replay",
    "results_match",
]
