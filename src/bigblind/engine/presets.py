"""Bet-size presets of the interface: "x3", "50%", "pot", "all-in" (RULES 5.7).

A preset is a convenience: it is turned into a legal raise-to amount,
clamped to the minimum and maximum, before the engine sees it.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200, 200], deck=Deck.shuffled(seed=1))
>>> preset_amount(hand, "x3"), preset_amount(hand, "pot"), preset_amount(hand, "all-in")
(6, 7, 200)
>>> hand.raise_to(preset_amount(hand, "x3"))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from bigblind.engine.hand import Legal
from bigblind.errors import IllegalActionError

__all__ = ["PRESETS", "preset_amount"]

PRESETS = ("x2", "x3", "33%", "50%", "100%", "all-in")


class _Spot(Protocol):
    @property
    def legal(self) -> Legal | None: ...

    @property
    def bets(self) -> tuple[int, ...]: ...

    @property
    def pot(self) -> int: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...


def preset_amount(spot: _Spot, preset: str) -> int:
    """The legal bet or raise-to total that ``preset`` means now.

    ``xK`` raises to K times the current bet (K times the minimum bet when
    nobody has bet); ``N%`` bets N% of the pot, or raises by N% of the pot
    after calling; ``pot`` is ``100%``; ``min`` and ``all-in`` are the ends of
    the legal range. Works on a :class:`~bigblind.Hand` or a seat's view.

    >>> from bigblind import Deck, Hand, Rules
    >>> hand = Hand(Rules.pot_limit(blinds=(5, 10)), [1000] * 4, deck=Deck.shuffled(seed=2))
    >>> preset_amount(hand, "pot"), preset_amount(hand, "x9")  # RULES 5.3: at most 35
    (35, 35)
    >>> preset_amount(hand, "x1e308")
    Traceback (most recent call last):
    ...
    bigblind.errors.IllegalActionError: unknown preset 'x1e308': accepted are xK (x2, x3...), ...
    >>> preset_amount(hand, "half")
    Traceback (most recent call last):
    ...
    bigblind.errors.IllegalActionError: unknown preset 'half': accepted are xK (x2, x3...), ...
    """
    legal = spot.legal
    if legal is None or legal.min_raise_to is None or legal.max_raise_to is None:
        raise IllegalActionError(
            f"preset {preset!r} cannot be used now: no bet or raise is possible"
        )
    lo, hi = legal.min_raise_to, legal.max_raise_to
    text = preset.strip().lower().replace(" ", "")
    current = max(spot.bets)
    mine = spot.bets[legal.seat]
    if text in ("all-in", "allin", "max"):
        return hi
    if text == "min":
        return lo
    if text == "pot":
        text = "100%"
    if text.startswith("x") and _is_number(text[1:]):
        base = current if current else lo
        wanted = round(base * Fraction(text[1:]))
    elif text.endswith("%") and _is_number(text[:-1]):
        fraction = Fraction(text[:-1]) / 100
        to_call = current - mine
        wanted = current + round(fraction * (spot.pot + to_call))
    else:
        raise IllegalActionError(
            f"unknown preset {preset!r}: accepted are xK (x2, x3...), N% (33%, 50%...),"
            " 'pot', 'min' and 'all-in'"
        )
    return max(lo, min(hi, wanted))


def _is_number(text: str) -> bool:
    """A preset's number: digits with at most one point, above 0 and at most 10,000.
    Exponents, infinities and NaN are no preset, and the sum stays exact (no float)."""
    whole, _, decimals = text.partition(".")
    if not whole.isdigit() or not (decimals == "" or decimals.isdigit()) or len(text) > 9:
        return False
    return 0 < Fraction(text) <= 10_000
