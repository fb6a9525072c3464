"""The batch engine's arrays, index by index: the rules, a policy's view, the codes of
its answer and of the action log, and the scratch rows of a hand (see :mod:`~bigblind.fast`).

A policy answers :data:`FOLD`, :data:`CALL` (check or call) or :data:`RAISE` to an
amount, which the kernel puts into the legal range; an answer the rules do not allow
falls back to check or call.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "B_ACTED",
    "B_FOLDED",
    "B_ROWS",
    "CALL",
    "FOLD",
    "LOG_CALL",
    "LOG_CHECK",
    "LOG_FOLD",
    "LOG_RAISE",
    "MAX_ACTIONS",
    "RAISE",
    "R_ANTE",
    "R_ANTE_TYPE",
    "R_BB",
    "R_BIG_BET",
    "R_CAP",
    "R_MIN_BET",
    "R_SB",
    "R_SIZE",
    "R_SMALL_BET",
    "R_STRUCTURE",
    "R_UNCAPPED",
    "VIEW_SIZE",
    "V_BET",
    "V_BOARD",
    "V_BOARD_COUNT",
    "V_CURRENT",
    "V_HOLE",
    "V_LIVE",
    "V_MAX_TO",
    "V_MIN_TO",
    "V_PLAYER",
    "V_POT",
    "V_SEAT",
    "V_STACK",
    "V_STREET",
    "V_TO_CALL",
    "W_AMOUNTS",
    "W_BETS",
    "W_BOARD",
    "W_CARDS",
    "W_CONTRIB",
    "W_HOLE0",
    "W_HOLE1",
    "W_LEFT",
    "W_LEVELS",
    "W_MATCHED",
    "W_ORDER",
    "W_ROWS",
    "W_STACKS",
    "W_VALUES",
    "W_VIEW",
    "W_WIDTH",
    "W_WINNERS",
]

# The rules as integers (see bigblind.fast.batch.encode_rules).
R_STRUCTURE: Final = 0  # 0 no limit, 1 pot limit, 2 fixed limit
R_SB: Final = 1
R_BB: Final = 2
R_ANTE: Final = 3
R_ANTE_TYPE: Final = 4  # 0 none, 1 every player (a contribution), 2 big-blind ante (dead)
R_MIN_BET: Final = 5
R_SMALL_BET: Final = 6
R_BIG_BET: Final = 7
R_CAP: Final = 8  # 0: no cap
R_UNCAPPED: Final = 9  # 1: the cap is lifted heads-up
R_SIZE: Final = 10

# A policy's view of the decision.
V_SEAT: Final = 0
V_STREET: Final = 1  # 0 pre-flop .. 3 river
V_TO_CALL: Final = 2
V_MIN_TO: Final = 3  # -1: no bet or raise
V_MAX_TO: Final = 4
V_CURRENT: Final = 5
V_POT: Final = 6
V_STACK: Final = 7
V_BET: Final = 8
V_HOLE: Final = 9  # two cards
V_BOARD: Final = 11  # five cards, V_BOARD_COUNT of them dealt
V_BOARD_COUNT: Final = 16
V_LIVE: Final = 17
V_PLAYER: Final = 18  # who sits in the seat: the hand's seating row, for mixed policies
VIEW_SIZE: Final = 19

FOLD: Final = 0
CALL: Final = 1
RAISE: Final = 2

# The action log: a row per action, (seat, kind, amount); kinds as in the log.
LOG_FOLD: Final = 0
LOG_CHECK: Final = 1
LOG_CALL: Final = 2
LOG_RAISE: Final = 3
MAX_ACTIONS: Final = 128

# Scratch rows, allocated once per chunk of hands (an allocation costs more than a hand's
# arithmetic): the int64 rows of W_*, the bool rows of B_*.
W_STACKS: Final = 0
W_BETS: Final = 1
W_CONTRIB: Final = 2
W_MATCHED: Final = 3
W_ORDER: Final = 4
W_LEFT: Final = 5
W_HOLE0: Final = 6
W_HOLE1: Final = 7
W_BOARD: Final = 8
W_VIEW: Final = 9
W_LEVELS: Final = 10
W_AMOUNTS: Final = 11
W_VALUES: Final = 12
W_WINNERS: Final = 13
W_CARDS: Final = 14
W_ROWS: Final = 15
W_WIDTH: Final = 64
B_FOLDED: Final = 0
B_ACTED: Final = 1
B_ROWS: Final = 2
