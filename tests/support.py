"""Helpers shared by the tests: decks stacked for a chosen deal, hands played out."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules, parse_cards


def stacked_deck(
    holes: Sequence[str], board: str = "", *, button: int = 0, cards: Sequence[int] = range(52)
) -> Deck:
    """A deck that deals ``holes[seat]`` to each seat and ``board`` with burns between.

    Cards are dealt one at a time from left of the button (RULES 3.1, 11.1), a
    burn before each street (RULES 3.2); cards not named fill the rest, taken
    from ``cards`` (the game's deck: all 52 but in short deck).
    """
    n = len(holes)
    order = [(button + 1 + i) % n for i in range(n)]
    hole_cards = [parse_cards(h) for h in holes]
    board_cards = parse_cards(board)
    named = {c for h in hole_cards for c in h} | set(board_cards)
    spare = [c for c in cards if c not in named]
    sequence: list[int] = []
    for round_ in range(len(hole_cards[0])):
        sequence += [hole_cards[seat][round_] for seat in order]
    for start, size in ((0, 3), (3, 1), (4, 1)):
        street = board_cards[start : start + size]
        if street:
            sequence.append(spare.pop())
            sequence.extend(street)
    sequence += [c for c in spare if c not in sequence]
    return Deck(sequence)


def deal(
    rules: Rules,
    stacks: Sequence[int],
    holes: Sequence[str],
    board: str = "",
    *,
    button: int = 0,
    show_all: bool = False,
) -> Hand:
    """A hand with the given hole cards and board, from the deck of the rules' game."""
    deck = stacked_deck(holes, board, button=button, cards=rules.game.deck)
    return Hand(rules, stacks, button=button, deck=deck, show_all=show_all)


def chips_in_play(hand: Hand) -> int:
    """Stacks plus everything in the middle (RULES 7.2)."""
    if hand.finished:
        return sum(hand.stacks)
    return sum(hand.stacks) + hand.pot


def play_out(hand: Hand, picks: Sequence[int]) -> Hand:
    """Play ``hand`` to the end, each choice the next of ``picks`` (round and round).

    A bet is a fold, a check or call, the smallest or the largest bet or raise, among those
    legal (RULES 4, 5); a hand that may muck at a manual showdown shows or mucks (RULES
    6.7); a board that may be run twice is run once or twice (RULES 10.3).
    """
    step = 0
    while not hand.finished:
        pick = picks[step % len(picks)] if picks else 0
        step += 1
        if hand.awaiting == "runs" and pick % 2:
            hand.run_twice()
        elif hand.awaiting == "runs":
            hand.run_once()
        elif hand.awaiting == "show" and hand.can_muck and pick % 2:
            hand.muck()
        elif hand.awaiting == "show":
            hand.show()
        else:
            legal = hand.legal
            assert legal is not None, hand.awaiting
            choices = ["fold"] if legal.fold else []
            choices.append("check" if legal.check else "call")
            if legal.min_raise_to is not None:
                choices += ["min", "max"]
            choice = choices[pick % len(choices)]
            if choice in ("min", "max"):
                amount = legal.min_raise_to if choice == "min" else legal.max_raise_to
                if legal.bet:
                    hand.bet(amount)
                else:
                    hand.raise_to(amount)
            else:
                hand.act(choice)
    return hand


GAMES = {
    "holdem": Rules.no_limit(blinds=(1, 2)),
    "plo": Rules.pot_limit(blinds=(1, 2), game="plo"),  # four hole cards (RULES 11.1)
}


@st.composite
def played_hands(draw: st.DrawFn, games: Sequence[str] = ("holdem", "plo")) -> Hand:
    """A hand of one of ``games``, 2 to 6 seats, played to the end by random legal
    choices (:func:`play_out`): folds, calls, raises, all-ins, shows and mucks at a
    manual showdown, boards run twice."""
    seats = draw(st.integers(2, 6))
    rules = GAMES[draw(st.sampled_from(games))]
    stacks = draw(st.lists(st.integers(3, 60), min_size=seats, max_size=seats))
    hand = Hand(
        rules,
        stacks,
        button=draw(st.integers(0, seats - 1)),
        deck=Deck.shuffled(seed=draw(st.integers(0, 2**32 - 1)), cards=rules.game.deck),
        showdown=draw(st.sampled_from(["auto", "manual"])),
        show_all=draw(st.booleans()),
        offer_run_twice=draw(st.booleans()),
    )
    return play_out(hand, draw(st.lists(st.integers(0, 7), min_size=1, max_size=30)))


def random_hand(rules: Rules, rng: random.Random, number: int) -> Hand:
    """A four-handed hand of ``rules`` played to its end by ``rng``: min raises 30% of the
    time, folds 10%, else check or call; dealt from deck ``number``, the button moving."""
    deck = Deck.shuffled(seed=number, cards=rules.game.deck)
    hand = Hand(rules, [rng.randint(20, 150) for _ in range(4)], button=number % 4, deck=deck)
    while (legal := hand.legal) is not None:
        if legal.min_raise_to is not None and rng.random() < 0.3:
            hand.raise_to(legal.min_raise_to)
        elif legal.fold and rng.random() < 0.1:
            hand.fold()
        else:
            hand.check_or_call()
    return hand
