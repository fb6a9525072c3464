"""Replaying a PHH hand on the engine: :func:`replay`."""

from __future__ import annotations

import math
import re
from typing import Final

from bigblind.engine.events import Acted, BoardDealt
from bigblind.engine.hand import Hand
from bigblind.errors import BigblindError, HistoryError, OutOfTurnError
from bigblind.formats.names import brief
from bigblind.formats.phh.history import HandHistory, UnsupportedVariantError

__all__ = ["apply_action", "replay", "start_hand"]

_PLAYER: Final = re.compile(r"p([1-9][0-9]{0,2})")  # at most p999: no huge numbers to parse
# PHH card notation in ASCII only: case-folding would turn the Kelvin sign into K.
_CARDS: Final = re.compile(r"(?:[2-9TJQKAtjqka][cdhsCDHS]|\?\?)+")


def replay(history: HandHistory, *, shows_in_any_order: bool = False) -> Hand:
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

    ``shows_in_any_order`` holds back any show made out of turn until its
    turn: formats that list a showdown pot by pot rather than in showing order
    (PokerStars text) replay with it.
    """
    hand = start_hand(history)
    n = len(history.starting_stacks)
    # RULES 6.7: after an all-in every hand is turned up at once, so a file may list
    # those shows in any order. One the engine takes out of turn waits for its turn.
    waiting: dict[int, tuple[int, str, OutOfTurnError]] = {}
    for index, text in enumerate(history.actions):
        _kill(hand, history, index)
        if history.runs == 2 and hand.can_run_twice and text.split()[:2] == ["d", "db"]:
            hand.run_twice()  # RULES 10.3: agreed before the first card of the run-out
        try:
            _run(hand, index, text, n)
        except _OutOfTurn as out_of_turn:
            seat = _shown_after_all_in(hand, text, n, anywhere=shows_in_any_order)
            if seat is None or seat in waiting:
                raise HistoryError(out_of_turn.message) from None
            waiting[seat] = (index, text, out_of_turn.error)
        while hand.actor is not None and hand.actor in waiting:
            held, held_text, _ = waiting.pop(hand.actor)
            _run(hand, held, held_text, n)
    _kill(hand, history, len(history.actions))
    if waiting:
        held, held_text, refusal = min(waiting.values(), key=lambda item: item[0])
        raise HistoryError(f"actions[{held}] {brief(held_text.strip())}: {refusal}")
    return hand


def start_hand(history: HandHistory) -> Hand:
    """The hand a history begins: its rules, stacks, button and forced bets, dealt by hand.

    Raises :class:`UnsupportedVariantError` for a variant bigblind does not
    play and :class:`~bigblind.errors.HistoryError` for a hand that cannot start.
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
            blind_seats=None if history.bomb_pot else _blind_seats(history),
            bomb_pot=history.bomb_pot,  # RULES 12.1: antes, no blinds, on to the flop
            # RULES 10.1: owed posts of returning players, from bigblind's own fields.
            live_blinds={i: a for i, a in enumerate(history.live_blinds) if a},
            dead_blinds={i: a for i, a in enumerate(history.dead_money) if a},
        )
    except BigblindError as error:
        raise HistoryError(f"the hand cannot start: {error}") from None
    return hand


def _kill(hand: Hand, history: HandHistory, position: int) -> None:
    """Declare dead the hands killed after ``position`` actions (RULES 9.2)."""
    for seat, at in history.dead_hands:
        if at == position:
            try:
                hand.kill(seat)
            except BigblindError as error:
                raise HistoryError(
                    f"_dead_hands: p{seat + 1}'s hand cannot die there: {error}"
                ) from None


def _blind_seats(history: HandHistory) -> tuple[int | None, int] | None:
    """Where the blinds go when not on p1 and p2 (RULES 8.4: a dead button)."""
    if history.dead_small_blind:
        return None, 0
    if history.small_blind_on_button:
        return history.button, 0
    return None


class _OutOfTurn(Exception):
    """An action the engine took as out of turn; the replay may hold it back."""

    def __init__(self, message: str, error: OutOfTurnError) -> None:
        super().__init__(message)
        self.message = message
        self.error = error


def _run(hand: Hand, index: int, text: str, n: int) -> None:
    try:
        apply_action(hand, text, n)
    except OutOfTurnError as error:
        raise _OutOfTurn(f"actions[{index}] {brief(text.strip())}: {error}", error) from None
    except ValueError as error:  # BigblindError, or a value the engine cannot take
        raise HistoryError(f"actions[{index}] {brief(text.strip())}: {error}") from None


def _shown_after_all_in(hand: Hand, text: str, n: int, *, anywhere: bool) -> int | None:
    """The seat of a show (``pK sm CARDS``) made once betting ended all-in, else None.

    Betting ended because players are all-in (RULES 4.7) when hands are shown
    before the board is complete, or when board cards were dealt after the last
    action: the rest of the board is run out.
    """
    words = text.split("#", 1)[0].split()
    if anywhere and len(words) in (2, 3) and words[1] == "sm":
        try:
            return _seat(words[0], n)
        except HistoryError:
            return None
    if len(words) != 3 or words[1] != "sm":
        return None
    events = hand.events
    last_action = max((i for i, e in enumerate(events) if isinstance(e, Acted)), default=-1)
    run_out = any(isinstance(e, BoardDealt) for e in events[last_action + 1 :])
    if len(hand.board) == 5 and not run_out:
        return None
    try:
        return _seat(words[0], n)
    except HistoryError:
        return None


def apply_action(hand: Hand, text: str, n: int) -> None:
    """Carry out one PHH action (``'p2 cbr 6'``, ``'d db AhKd2c'`` ...) on a hand of ``n`` players.

    Raises what the engine raises for an action it refuses, and
    :class:`~bigblind.errors.HistoryError` for text that is no action.
    """
    words = text.split("#", 1)[0].split()
    if not words:
        return  # a no-op: empty, or a commentary only
    actor, *rest = words
    if not rest:
        raise HistoryError("an action needs an actor and a verb, e.g. 'p1 cc' or 'd db 2c3d4h'")
    verb, args = rest[0], rest[1:]
    if actor == "d":
        if verb == "dh" and len(args) == 2:
            cards = _cards(args[1])
            seat = _seat(args[0], n)
            # Unknown cards ('????', or partly unknown) are dealt as unknown.
            hand.deal_hole(seat, None if "?" in cards else cards)
        elif verb == "db" and len(args) == 1:
            if "?" in args[0]:
                raise HistoryError("board cards must be known to be played")
            hand.deal_board(_cards(args[0]))
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
            hand.show(_cards(shown), seat=seat)
    elif verb in ("pb", "sd"):
        raise HistoryError(f"{verb!r} (bring-in, draw) is not a hold'em action")
    else:
        raise HistoryError(
            "cannot read the action: players 'pK f', 'pK cc', 'pK cbr AMOUNT', 'pK sm [CARDS]'"
        )


def _cards(word: str) -> str:
    if _CARDS.fullmatch(word) is None:
        raise HistoryError(
            f"cannot read cards {brief(word)}: cards are a rank 2-9, T, J, Q, K or A and a"
            " suit c, d, h or s, e.g. 'AsKd', or '??' for a card not known"
        )
    return word


def _seat(word: str, n: int) -> int:
    match = _PLAYER.fullmatch(word)
    if match is None or int(match.group(1)) > n:
        raise HistoryError(f"{brief(word)} is not a player: the players are p1 to p{n}")
    return int(match.group(1)) - 1


def _amount(word: str) -> int:
    try:
        value = float(word) if any(c in word for c in ".eE") else int(word)
    except ValueError:
        raise HistoryError(f"amount {brief(word)} is not a number") from None
    if isinstance(value, float):
        if not (math.isfinite(value) and value.is_integer()):
            raise HistoryError(f"amount {brief(word)}: bigblind plays whole chips (integers)")
        value = int(value)
    return value
