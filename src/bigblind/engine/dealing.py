"""Forced bets, hole cards, burns and the board (RULES 1.3, 2, 3).

Functions of a :class:`~bigblind.engine.state.HandState`. With automatic
dealing the cards come from the state's deck; with manual dealing the hand
waits for :func:`deal_hole` and :func:`deal_board`.

>>> from bigblind import Deck, Hand, Rules
>>> hand = Hand(Rules.no_limit(blinds=(1, 2)), [100] * 2, deck=Deck.shuffled(seed=4))
>>> hand.call(); hand.check()
>>> [type(event).__name__ for event in hand.events[-2:]]  # RULES 3.2: a burn before the flop
['Burned', 'BoardDealt']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from bigblind.cards import Card, format_cards, parse_cards
from bigblind.deck import Deck
from bigblind.engine.events import (
    BoardDealt,
    Burned,
    Forced,
    HoleDealt,
    Posted,
    RunBoardDealt,
    RunsAgreed,
    Street,
)
from bigblind.engine.records import Phase
from bigblind.engine.rules import AnteType, Structure
from bigblind.engine.state import MAX_PLAYERS, HandState
from bigblind.errors import CardError, HandFinishedError, IllegalActionError, RulesError
from bigblind.evaluation.games import Game

__all__ = [
    "BOARD_SIZE",
    "check_bomb_pot",
    "check_posts",
    "check_setup",
    "check_unseen",
    "choose_runs",
    "deal_board",
    "deal_hole",
    "post_bomb_pot",
    "post_forced",
    "step",
]

BOARD_SIZE: Final = (0, 3, 1, 1)  # board cards dealt for each street
# Enum members as module constants: reading one off its class is a slow lookup in
# Python, and these are read on every action.
_BETTING: Final = Phase.BETTING
_DEALING: Final = Phase.DEALING
_SETTLED: Final = Phase.SETTLED
_ANTE: Final = Forced.ANTE
_SMALL_BLIND: Final = Forced.SMALL_BLIND
_BIG_BLIND: Final = Forced.BIG_BLIND
_STRADDLE: Final = Forced.STRADDLE
_DEAD_BLIND: Final = Forced.DEAD_BLIND
_PER_PLAYER: Final = AnteType.PER_PLAYER
_BIG_BLIND_ANTE: Final = AnteType.BIG_BLIND
_FIXED_LIMIT: Final = Structure.FIXED_LIMIT
# Classes as module constants too: compiled, a constant is read directly, an imported
# name is looked up in the module's namespace on every use.
_BOARD_DEALT: Final = BoardDealt
_BURNED: Final = Burned
_HOLE_DEALT: Final = HoleDealt
_POSTED: Final = Posted


def check_setup(
    stacks: Sequence[int],
    button: object,
    dealing: object,
    showdown: object,
    deck: Deck | None,
    game: Game,
) -> int:
    """The button's seat, or a refusal of a set-up that makes no sense naming what would be
    accepted. The arguments are the user's as given, so typed ``object``."""
    n = len(stacks)
    most = min(MAX_PLAYERS, game.max_players)  # RULES 1.3, 11.1, 11.3: what the deck deals
    if not 2 <= n <= most:
        raise RulesError(f"a hand of {game.name} needs 2 to {most} players, not {n}")
    given: Sequence[object] = stacks  # as given: compiled, an int would take True for 1
    for seat in range(n):
        stack = given[seat]
        if type(stack) is not int or stack < 1:
            raise RulesError(
                f"seat {seat} stack {stack!r} must be a whole number of chips of at least 1"
            )
    if not isinstance(button, int) or not 0 <= button < n:
        raise RulesError(f"button {button!r} must be a seat from 0 to {n - 1}")
    if dealing not in ("auto", "manual"):
        raise RulesError(f"dealing {dealing!r} must be 'auto' or 'manual'")
    if showdown not in ("auto", "manual"):
        raise RulesError(f"showdown {showdown!r} must be 'auto' or 'manual'")
    if dealing == "manual" and deck is not None:
        raise RulesError("a deck is for dealing='auto'; manual dealing takes cards one by one")
    if deck is not None and len(game.deck) < 52:  # only a smaller deck's cards are read
        allowed = frozenset(game.deck)
        strange = [c for c in deck.cards if c not in allowed]
        if strange:
            raise RulesError(
                f"the deck holds {format_cards(strange[:4], ' ')}, which {game.name} does not"
                f" deal: its deck is the {len(game.deck)} cards of Deck.shuffled(cards=...)"
            )
    return button


def check_flag(name: str, value: object) -> bool:
    """``value`` if it is True or False, else a refusal naming the flag."""
    if value is True or value is False:
        return value
    raise RulesError(f"{name} {value!r} must be True or False")


def check_posts(
    seats: int, blind_seats: object, live: Mapping[int, int], dead: Mapping[int, int]
) -> tuple[int | None, int] | None:
    """The blind seats, or a refusal of blind seats and posts that name no seat or no
    whole chips."""
    n = seats
    checked: tuple[int | None, int] | None = None
    if blind_seats is not None:
        pair = tuple(blind_seats) if isinstance(blind_seats, Iterable) else ()
        if len(pair) != 2:
            raise RulesError(
                f"blind_seats {blind_seats!r} must be (small blind seat or None, big blind seat)"
            )
        small, big = pair
        if small is not None and (not isinstance(small, int) or not 0 <= small < n):
            raise RulesError(f"small blind seat {small!r} must be a seat from 0 to {n - 1}")
        if not isinstance(big, int) or not 0 <= big < n:
            raise RulesError(f"big blind seat {big!r} must be a seat from 0 to {n - 1}")
        if small == big:
            raise RulesError(f"seat {big} cannot post both blinds")
        checked = (small, big)
    for name, posts in (("live blind", live), ("dead blind", dead)):
        for seat, amount in posts.items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise RulesError(f"{name} seat {seat!r} must be a seat from 0 to {n - 1}")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                raise RulesError(f"{name} {amount!r} of seat {seat} must be whole chips, 0 or more")
    return checked


def check_bomb_pot(
    amount: object,
    blind_seats: object,
    live: Mapping[int, int] | None,
    dead: Mapping[int, int] | None,
) -> int:
    """A bomb pot's ante (0: no bomb pot), or a refusal of one that is no whole number
    of chips or comes with blinds (RULES 12.1: a bomb pot has none)."""
    if type(amount) is not int or amount < 0:  # True is no ante of 1
        raise RulesError(f"bomb pot {amount!r} must be whole chips, 0 (none) or more")
    if amount and (blind_seats is not None or live or dead):
        raise RulesError("a bomb pot posts no blinds: give no blind seats, live or dead blinds")
    return amount


def post_bomb_pot(state: HandState, amount: int) -> None:
    """A bomb pot (RULES 12.1): every player puts in ``amount`` as an ante, all-in for
    less when short, live in the pot (so a short ante makes a side pot, RULES 6.4); no
    blinds and no pre-flop betting: the flop comes next."""
    log = state.log
    for seat in state.order:
        ante = min(amount, state.stacks[seat])
        state.take(seat, ante)
        state.contrib[seat] += ante
        log.append((_POSTED, seat, _ANTE, ante, state.stacks[seat] == 0))
    state.street_done = True  # the pre-flop round is over before it began


def post_forced(
    state: HandState,
    blind_seats: tuple[int | None, int] | None,
    live: Mapping[int, int],
    dead: Mapping[int, int],
) -> None:
    """Antes and blinds before any card (RULES 2.2-2.7); blinds before antes when short."""
    rules, n, order = state.rules, state.seats, state.order
    sb_seat: int | None
    if blind_seats is not None:
        sb_seat, bb_seat = blind_seats
    elif rules.button_blind:  # RULES 11.3: the button's one blind; it acts last pre-flop
        sb_seat, bb_seat = None, state.button
    elif n == 2:
        sb_seat, bb_seat = state.button, order[0]
    else:
        sb_seat, bb_seat = order[0], order[1]
    posts: list[tuple[int, Forced, int]] = []
    if sb_seat is not None:
        posts.append((sb_seat, _SMALL_BLIND, rules.small_blind))
    posts.append((bb_seat, _BIG_BLIND, rules.big_blind))
    straddler = None
    if rules.straddle and n >= 3:
        straddler = (bb_seat + 1) % n
        posts.append((straddler, _STRADDLE, rules.straddle))
    if live:
        _check_live_blinds(live, sb_seat, bb_seat, straddler, rules.straddle or rules.big_blind)
    if live or dead:
        posts += [(seat, Forced.LIVE_BLIND, amount) for seat, amount in sorted(live.items())]
        posts += [(seat, Forced.DEAD_BLIND, amount) for seat, amount in sorted(dead.items())]
    # RULES 2.6: a short stack covers its blinds first, then dead money, then the ante.
    left = list(state.stacks)
    amounts = []
    for seat, _kind, amount in posts:
        amount = min(amount, left[seat])
        left[seat] -= amount
        amounts.append(amount)
    if rules.ante_type is _PER_PLAYER:
        antes = [(seat, rules.ante) for seat in order]
    elif rules.ante_type is _BIG_BLIND_ANTE:
        antes = [(bb_seat, rules.ante)]
    else:
        antes = []
    log = state.log
    for seat, ante in antes:
        amount = min(ante, left[seat])
        if amount <= 0:
            continue
        left[seat] -= amount
        state.take(seat, amount)
        if rules.antes_as_contributions:
            state.contrib[seat] += amount
        else:
            state.dead += amount
        log.append((_POSTED, seat, _ANTE, amount, state.stacks[seat] == 0))
    for index in range(len(posts)):  # compiled, zip(strict=True) is a slow generic call
        seat, kind, _ = posts[index]
        amount = amounts[index]
        if amount <= 0:
            continue
        if kind is _DEAD_BLIND:
            state.take(seat, amount)
            state.dead += amount
        else:
            state.put(seat, amount)
        log.append((_POSTED, seat, kind, amount, state.stacks[seat] == 0))
    state.current = rules.straddle if straddler is not None else rules.big_blind
    state.increment = state.current if rules.structure is not _FIXED_LIMIT else 0
    state.full_level = state.current
    state.bet_count = 2 if straddler is not None else 1
    state.first_preflop = straddler if straddler is not None else bb_seat


def _check_live_blinds(
    live: Mapping[int, int], small: int | None, big: int, straddler: int | None, to_call: int
) -> None:
    """A live blind is a bet: it may not leave a seat above what the others are asked to call."""
    blinds = {small: "small blind", big: "big blind", straddler: "straddle"}
    for seat, amount in sorted(live.items()):
        if seat in blinds:
            raise RulesError(
                f"seat {seat} posts the {blinds[seat]}: it cannot post a live blind as well"
                f" (its bet would be above the {to_call} the others call)"
            )
        if amount > to_call:
            raise RulesError(
                f"live blind {amount} of seat {seat} is more than the {to_call} the others"
                f" are asked to call: a live blind is at most {to_call}"
            )


def step(state: HandState) -> Phase | None:
    """Deal what is due: the phase that follows, or None while waiting for the dealer."""
    size = state.hole_size
    if state.hole_count < size * state.seats:
        if state.deck is None:
            return None
        order, n = state.order, state.seats
        cards = state.deck.deal(size * n)
        log, hole = state.log, state.hole
        # RULES 3.1, 11.1: one card at a time from left of the button, a round per card.
        for i in range(size * n):
            log.append((_HOLE_DEALT, order[i % n], cards[i]))
        if size == 2:  # hold'em's two rounds, as fast as before
            for i, seat in enumerate(order):
                hole[seat] = [cards[i], cards[i + n]]
        else:
            for i, seat in enumerate(order):
                hole[seat] = list(cards[i : size * n : n])
        state.hole_count = size * n
        return _DEALING
    if state.runout:
        if state.offer_runs and state.awaits_runs():
            return None
        if len(state.board) == 5 and (state.runs == 1 or len(state.second_board) == 5):
            return _SETTLED
    elif not state.street_done:
        return _BETTING
    deck = state.deck
    if deck is None:
        return None
    street = state.next_board_street()
    # RULES 1.3: with 23 players a burn is skipped when it would leave too few cards.
    to_come = 5 - len(state.board)
    if state.runs == 2:
        to_come += 5 - len(state.second_board)
    size = BOARD_SIZE[street]
    if deck.remaining - 1 >= to_come:
        cards = deck.deal(1 + size)  # the burn and the board in one deal: the top card burns
        state.log.append((_BURNED, cards[0]))
        cards = cards[1:]
    else:
        cards = deck.deal(size)
    _lay_board(state, street, cards)
    return _DEALING


def choose_runs(state: HandState, runs: int) -> None:
    """Deal the rest of the board ``runs`` times, 1 or 2, where the rules allow (RULES 10.3)."""
    if not state.can_run_twice():
        if state.phase is _SETTLED:
            raise HandFinishedError("cannot choose the runs: the hand is over")
        if state.runs_chosen:
            why = f"the board is already to be run {'twice' if state.runs == 2 else 'once'}"
        elif not state.runout:
            why = "the betting has not ended with players all-in before the river"
        elif len(state.board) != state.runout_from:
            why = "the run-out has begun"
        else:
            why = "too few cards are left to deal the rest of the board twice"
        raise IllegalActionError(f"cannot run the board {'twice' if runs == 2 else 'once'}: {why}")
    state.runs_chosen = True
    if runs == 2:
        state.runs = 2
        state.second_board = list(state.board)
        state.log.append((RunsAgreed, 2))


def deal_hole(state: HandState, seat: int, cards: str | Iterable[str | int] | None) -> None:
    """Manual dealing: give ``seat`` some of its hole cards (None: all of them, unknown)."""
    dealt: tuple[Card | None, ...]
    size = state.hole_size
    if cards is None:
        dealt = (None,) * size
    else:
        dealt = parse_cards(cards)
        check_unseen(state, dealt)
    if not dealt or len(state.hole[seat]) + len(dealt) > size:
        raise IllegalActionError(
            f"seat {seat} cannot be dealt {len(dealt)} more cards: it holds"
            f" {len(state.hole[seat])} of {size}"
        )
    for card in dealt:
        state.hole[seat].append(card)
        state.log.append((HoleDealt, seat, card))
    state.hole_count += len(dealt)


def deal_board(state: HandState, cards: str | Iterable[str | int]) -> None:
    """Manual dealing: turn over the flop (three cards), the turn or the river (one).

    Once the first run's board is complete in a hand run twice, the cards are
    the second run's.
    """
    street = state.next_board_street()
    dealt = parse_cards(cards)
    if len(dealt) != BOARD_SIZE[street]:
        raise IllegalActionError(
            f"the {street.label} is {BOARD_SIZE[street]} card(s), not {len(dealt)}:"
            f" {format_cards(dealt, ' ')}"
        )
    check_unseen(state, dealt)
    _lay_board(state, street, dealt)


def check_unseen(state: HandState, cards: Iterable[Card | None]) -> None:
    """Refuse a card already held or on a board, or one the game's deck lacks (RULES 11.3):
    no card is dealt twice."""
    seen = {c for h in state.hole for c in h if c is not None}
    seen.update(state.board, state.second_board)
    deck = state.game.deck
    for card in cards:
        if card is None:
            continue
        if len(deck) < 52 and card not in deck:
            ranks = "".join(dict.fromkeys(str(c)[0] for c in deck))
            raise CardError(
                f"card {card} is not in the deck of {state.game.name}: its"
                f" {len(deck)} cards are of the ranks {ranks}"
            )
        if card in seen:
            raise CardError(f"card {card} is already in play: a card cannot be dealt twice")
        seen.add(card)


def _lay_board(state: HandState, street: Street, cards: tuple[Card, ...]) -> None:
    if len(state.board) == 5:  # the first run is out: these are the second run's
        state.second_board.extend(cards)
        state.log.append((RunBoardDealt, 2, street, tuple(cards)))
        return
    state.board.extend(cards)
    state.log.append((_BOARD_DEALT, street, tuple(cards)))
    state.street = street
    state.street_done = False
