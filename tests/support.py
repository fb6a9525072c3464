"""Helpers shared by the tests: decks stacked for a chosen deal."""

from __future__ import annotations

from collections.abc import Sequence

from bigblind import Deck, Hand, Rules, parse_cards


def stacked_deck(holes: Sequence[str], board: str = "", *, button: int = 0) -> Deck:
    """A deck that deals ``holes[seat]`` to each seat and ``board`` with burns between.

    Cards are dealt one at a time from left of the button (RULES 3.1), a burn
    before each street (RULES 3.2); cards not named fill the rest.
    """
    n = len(holes)
    order = [(button + 1 + i) % n for i in range(n)]
    hole_cards = [parse_cards(h) for h in holes]
    board_cards = parse_cards(board)
    named = {c for h in hole_cards for c in h} | set(board_cards)
    spare = [c for c in range(52) if c not in named]
    sequence: list[int] = [hole_cards[seat][0] for seat in order]
    sequence += [hole_cards[seat][1] for seat in order]
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
    """A hand with the given hole cards and board."""
    deck = stacked_deck(holes, board, button=button)
    return Hand(rules, stacks, button=button, deck=deck, show_all=show_all)


def chips_in_play(hand: Hand) -> int:
    """Stacks plus everything in the middle (RULES 7.2)."""
    if hand.finished:
        return sum(hand.stacks)
    return sum(hand.stacks) + hand.pot
