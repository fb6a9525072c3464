"""Hand histories in the PHH format (Poker Hand History, the TOML format PokerKit reads).

A ``.phh`` file holds one hand; a ``.phhs`` file holds several, one TOML table
per hand (``[1]``, ``[2]`` ...). bigblind reads and writes the two Texas
hold'em variants it plays: ``NT`` (no limit) and ``FT`` (fixed limit). Hands of
other variants are read far enough to be named, and :func:`replay` refuses
them with :class:`UnsupportedVariantError`.

Players ``p1`` .. ``pn`` sit clockwise from the first seat left of the button:
``pK`` is seat ``K - 1`` and the button is seat ``n - 1``. Heads-up the PHH
format lists the forced bets reversed (``p1`` is the big blind); with the
small blind written first this is the engine's own heads-up rule, the button
posts the small blind (RULES 2.3).

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKd", "d dh p2 ????", "d dh p3 7h6h",
...            "p3 cbr 6", "p1 f", "p2 f"]
... finishing_stacks = [99, 98, 103]
... ''')[0]
>>> history.rules.big_blind, history.starting_stacks
(2, (100, 100, 100))
>>> replay(history).result.stacks == history.finishing_stacks
True
"""

from __future__ import annotations

from bigblind.formats.phh.appended import (
    AppendedHands,
    append,
    append_section,
    loads_appended,
    read_appended,
    section,
)
from bigblind.formats.phh.history import (
    SUPPORTED_VARIANTS,
    VARIANTS,
    HandHistory,
    UnsupportedVariantError,
    stacks_match,
)
from bigblind.formats.phh.reader import loads, parse_each, read
from bigblind.formats.phh.replayer import apply_action, replay, start_hand
from bigblind.formats.phh.writer import dump_session, dumps

__all__ = [
    "SUPPORTED_VARIANTS",
    "VARIANTS",
    "AppendedHands",
    "HandHistory",
    "UnsupportedVariantError",
    "append",
    "append_section",
    "apply_action",
    "dump_session",
    "dumps",
    "loads",
    "loads_appended",
    "parse_each",
    "read",
    "read_appended",
    "replay",
    "section",
    "stacks_match",
    "start_hand",
]
