"""The cards as the ACPC server deals them from a seed, so that logs match byte for byte.

``project_acpc_server`` seeds one Mersenne Twister (MT19937, seeded as
``init_genrand`` seeds it) with the match's seed and deals every hand from
it in turn. A hand starts from the full deck in suit order (clubs, diamonds,
hearts, spades, each two to ace); each card is drawn at the next 32-bit
number modulo the cards left, and the last card left takes the drawn card's
place. Each position's hole cards come first, position by position, then
the whole board, round by round.

The generator is MT19937: seeded with 5489 it starts as the reference does.

>>> numbers = AcpcCards(5489)
>>> [numbers.next32() for _ in range(3)]
[3499211612, 581869302, 3890346734]
>>> hole, board = AcpcCards(0).hand(players=2)
>>> len(hole), [len(h) for h in hole], len(board)
(2, [2, 2], 5)
"""

from __future__ import annotations

import random

from bigblind.cards import Card
from bigblind.errors import BigblindError

__all__ = ["MAX_SEED", "AcpcCards", "AcpcSeedError"]

MAX_SEED = 2**32 - 1
"""The largest seed the ACPC server reads (an unsigned 32-bit number)."""

_N = 624
_MASK = 0xFFFFFFFF
_DECK = tuple(Card(rank * 4 + suit) for suit in range(4) for rank in range(13))


class AcpcSeedError(BigblindError):
    """A seed the ACPC server could not have been given."""


class AcpcCards:
    """The ACPC dealer's cards of a match: one generator, hand after hand.

    Python's own Mersenne Twister is the same generator; only its seeding
    differs, so the state is set as ``init_genrand(seed)`` sets it.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise AcpcSeedError(
                f"seed {seed!r}: the ACPC dealer takes a whole number from 0 to {MAX_SEED}"
            )
        state = [seed]
        for i in range(1, _N):
            previous = state[-1]
            state.append((1812433253 * (previous ^ (previous >> 30)) + i) & _MASK)
        self._random = random.Random()
        # Index N: the first draw regenerates the whole state, as genrand_int32 does.
        self._random.setstate((3, (*state, _N), None))

    def next32(self) -> int:
        """The generator's next 32-bit number (``genrand_int32``)."""
        return self._random.getrandbits(32)

    def hand(
        self, *, players: int, hole_cards: int = 2, board_cards: int = 5
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """The next hand's hole cards by position and its whole board.

        >>> hole, board = AcpcCards(1).hand(players=3)
        >>> len({*board, *(c for cards in hole for c in cards)})
        11
        """
        deck = list(_DECK)
        left = len(deck)

        def draw() -> Card:
            nonlocal left
            index = self.next32() % left
            card = deck[index]
            deck[index] = deck[left - 1]
            left -= 1
            return card

        hole = tuple(tuple(draw() for _ in range(hole_cards)) for _ in range(players))
        board = tuple(draw() for _ in range(board_cards))
        return hole, board
