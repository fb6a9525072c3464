"""Invariants of every game over random hands and random legal play (hypothesis).

Chips are conserved, no card is dealt twice or from outside the game's deck,
every pot goes to the best eligible hands as the game values them, and a
split game's pot is halved between the best high and the best qualifying low,
each half shared by RULES 6.6 (RULES 11.1-11.3).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules, Structure
from bigblind.engine.events import BoardDealt, Burned, HoleDealt
from bigblind.evaluation import GAMES, Game
from tests.support import chips_in_play


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    game = draw(st.sampled_from(sorted(GAMES.values(), key=lambda g: g.code)))
    players = draw(st.integers(2, min(game.max_players, 9)))
    big = draw(st.integers(1, 20))
    rules = Rules(
        structure=draw(st.sampled_from(Structure)),
        small_blind=draw(st.integers(0, big)),
        big_blind=big,
        ante=draw(st.sampled_from([0, 0, 1])),
        game=game,
    )
    stacks = draw(st.lists(st.integers(1, 200 * big), min_size=players, max_size=players))
    deck = Deck.shuffled(seed=draw(st.integers(0, 2**32)), cards=game.deck)
    button = draw(st.integers(0, players - 1))
    return Hand(rules, stacks, button=button, deck=deck, show_all=True)


def play(hand: Hand, data: st.DataObject) -> None:
    total = chips_in_play(hand)
    while (legal := hand.legal) is not None:
        options = ["call" if legal.call else "check"]
        if legal.fold:
            options.append("fold")
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            options += ["min", "max"]
        choice = data.draw(st.sampled_from(options))
        if choice == "min":
            hand.raise_to(legal.min_raise_to)
        elif choice == "max":
            hand.raise_to(legal.max_raise_to)
        else:
            hand.act(choice)
        assert chips_in_play(hand) == total  # RULES 7.2
    assert sum(hand.stacks) == total


def check_shares(
    hand: Hand, amount: int, winners: tuple[int, ...], shares: tuple[int, ...]
) -> None:
    """RULES 6.6: equal shares, odd chips one each from left of the button."""
    assert sum(shares) == amount
    by_position = sorted(
        range(len(winners)), key=lambda i: (winners[i] - hand.button - 1) % hand.seats
    )
    ordered = [shares[i] for i in by_position]
    assert ordered == sorted(ordered, reverse=True)
    assert max(shares) - min(shares) <= 1


def best(values: dict[int, int]) -> tuple[int, ...]:
    top = max(values.values())
    return tuple(seat for seat, value in values.items() if value == top)


@settings(max_examples=150, deadline=None)
@given(hands(), st.data())
def test_every_game_deals_pays_and_conserves_chips(hand: Hand, data: st.DataObject) -> None:
    play(hand, data)
    game: Game = hand.rules.game
    # No card twice, none outside the game's deck (RULES 11.3), all hole cards dealt.
    cards = [e.card for e in hand.events if isinstance(e, HoleDealt | Burned)]
    cards += [c for e in hand.events if isinstance(e, BoardDealt) for c in e.cards]
    assert len(cards) == len(set(cards))
    assert set(cards) <= set(game.deck)
    assert all(len(hand.hole(seat)) == game.hole_cards for seat in range(hand.seats))
    result = hand.result
    assert result is not None
    live = [seat for seat in range(hand.seats) if not hand.folded[seat]]
    if len(live) == 1:
        assert all(p.winners == (live[0],) for p in result.pots)
        return
    board = hand.board
    highs = {s: game.value_high(hand.hole(s), board) for s in live}  # type: ignore[arg-type]
    lows = {s: game.value_low(hand.hole(s), board) for s in live}  # type: ignore[arg-type]
    by_pot: dict[tuple[int, ...], list[tuple[str, int, tuple[int, ...], tuple[int, ...]]]] = {}
    for pot in result.pots:
        by_pot.setdefault(pot.eligible, []).append((pot.half, pot.amount, pot.winners, pot.shares))
        check_shares(hand, pot.amount, pot.winners, pot.shares)
    for eligible, awards in by_pot.items():
        high = best({s: highs[s] for s in eligible})
        qualifying = {s: low for s in eligible if (low := lows[s]) is not None}
        if not game.split or not qualifying:
            # RULES 6.4, 11.2: the whole pot to the best high hand, no low qualifying.
            assert [(half, winners) for half, _, winners, _ in awards] == [("", high)]
            continue
        # RULES 11.2: exactly the qualifying best low wins the low half, the high half
        # has the odd chip.
        (h_half, h_amount, h_winners, _), (l_half, l_amount, l_winners, _) = awards
        assert (h_half, l_half) == ("high", "low")
        assert h_winners == high and l_winners == best(qualifying)
        assert h_amount - l_amount in (0, 1)
