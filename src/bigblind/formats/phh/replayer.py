"""Replaying a PHH hand on the engine: :func:`replay`."""

from __future__ import annotations

import math
import re
from typing import Final

from bigblind.engine.hand import Hand
from bigblind.errors import BigblindError, HistoryError
from bigblind.formats.phh.history import HandHistory, UnsupportedVariantError

__all__ = ["replay"]

_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")


def replay(history: HandHistory) -> Hand:
    """Play the recorded actions on a fresh :class:`~bigblind.engine.hand.Hand` and return it.

    The hand is dealt and shown by hand (``dealing="manual"``,
    ``showdown="manual"``), so it follows the file. Raises
    :class:`~bigblind.errors.HistoryError` naming the action that fails and
    why, or :class:`UnsupportedVariantError` for variants other than NT and FT.
    A history that stops early gives an unfinished hand.

    >>> from bigblind.formats.phh import loads
    >>> h = loads('''variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [50, 50]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 5"]''')[0]
    >>> replay(h)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bigblind.errors.HistoryError: actions[2] 'p2 cbr 5': seat 1 cannot raise to 5: the only ...
    """
    rules = history.rules
    if rules is None:
        raise UnsupportedVariantError(history.variant)
    try:
        hand = Hand(
            rules,
            history.starting_stacks,
            button=history.button,
            dealing="manual",
            showdown="manual",
            blind_seats=(None, 0) if history.dead_small_blind else None,
        )
    except BigblindError as error:
        raise HistoryError(f"the hand cannot start: {error}") from None
    n = len(history.starting_stacks)
    for index, text in enumerate(history.actions):
        try:
            _apply(hand, text, n)
        except BigblindError as error:
            raise HistoryError(f"actions[{index}] {text.strip()!r}: {error}") from None
    return hand


def _apply(hand: Hand, text: str, n: int) -> None:
    """Carry out one PHH action on the hand."""
    words = text.split("#", 1)[0].split()
    if not words:
        return  # a no-op: empty, or a commentary only
    actor, *rest = words
    if not rest:
        raise HistoryError("an action needs an actor and a verb, e.g. 'p1 cc' or 'd db 2c3d4h'")
    verb, args = rest[0], rest[1:]
    if actor == "d":
        if verb == "dh" and len(args) == 2:
            cards = args[1]
            seat = _seat(args[0], n)
            # Unknown cards ('????', or partly unknown) are dealt as unknown.
            hand.deal_hole(seat, None if "?" in cards else cards)
        elif verb == "db" and len(args) == 1:
            if "?" in args[0]:
                raise HistoryError("board cards must be known to be played")
            hand.deal_board(args[0])
        else:
            raise HistoryError(
                "the dealer's actions are 'd dh pK CARDS' and 'd db CARDS'"
                + (" (no draws or stud cards in hold'em)" if verb in ("dh", "db") else "")
            )
        return
    seat = _seat(actor, n)
    if verb == "f" and not args:
        hand.fold(seat=seat)
    elif verb == "cc" and not args:
        hand.check_or_call(seat=seat)
    elif verb == "cbr" and len(args) == 1:
        hand.raise_to(_amount(args[0]), seat=seat)
    elif verb == "sm" and len(args) <= 1:
        shown = args[0] if args else None
        if shown is None:
            hand.muck(seat=seat)
        elif shown == "-" or "?" in shown:
            # '-' shows the cards dealt; unknown cards can be shown only if dealt known.
            hand.show(None, seat=seat)
        else:
            hand.show(shown, seat=seat)
    elif verb in ("pb", "sd"):
        raise HistoryError(f"{verb!r} (bring-in, draw) is not a hold'em action")
    else:
        raise HistoryError(
            "cannot read the action: players 'pK f', 'pK cc', 'pK cbr AMOUNT', 'pK sm [CARDS]'"
        )


def _seat(word: str, n: int) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None or int(match.group(1)) > n:
        raise HistoryError(f"{word!r} is not a player: the players are p1 to p{n}")
    return int(match.group(1)) - 1


def _amount(word: str) -> int:
    try:
        value = float(word) if any(c in word for c in ".eE") else int(word)
    except ValueError:
        raise HistoryError(f"amount {word!r} is not a number") from None
    if isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer()):
            raise HistoryError(f"amount {word!r}: bigblind plays whole chips (integers)")
        value = int(value)
    return value
