"""The bot of the other games: it reads the game from its view, values the nuts, nut
draws and blockers in Omaha, and plays every game to the end (RULES 11)."""

from __future__ import annotations

import pytest

from bigblind import Deck, Hand, Rules
from bigblind.bots import make_bot
from bigblind.bots.games import GameBot, nuts
from bigblind.cards import parse_cards
from bigblind.evaluation import GAMES, HOLDEM, OMAHA, OMAHA_HI_LO, Game
from tests.support import deal


def river_spot(holes: list[str], board: str, *, bet: int) -> Hand:
    """Heads-up pot-limit Omaha checked to the river, where seat 1 bets ``bet`` (or checks)."""
    hand = deal(Rules.pot_limit(blinds=(1, 2), game=OMAHA), [200, 200], holes, board)
    while len(hand.board) < 5 or hand.actor != 1:
        hand.check_or_call()
    if bet:
        hand.bet(bet)
    else:
        hand.check()
    return hand


def test_the_nuts_on_the_river_raise() -> None:
    # RULES 11.1: Qh Th with the board's A K J is the nut straight; nothing beats it.
    hand = river_spot(["Qh Th 2c 3d", "7s 7d 8c 9c"], "Js Kd Ac 4c 8h", bet=4)
    assert nuts(OMAHA, hand.hole(0), hand.board).made  # type: ignore[arg-type]
    for seed in range(5):
        assert GameBot(seed).act(hand.view(0)).startswith("raise")


def test_four_hearts_is_no_flush_and_folds_to_a_pot_bet() -> None:
    # RULES 11.1: a hold'em bot would see a flush in Ah Kh Qh Jh with two hearts out.
    hand = river_spot(["Ah Kh Qh Jh", "Ts 9s 8d 8c"], "Th 9h 2c 3d 4s", bet=4)
    assert [GameBot(seed).act(hand.view(0)) for seed in range(5)].count("fold") >= 4


def test_a_nut_flush_draw_does_not_fold_to_a_small_bet() -> None:
    hand = deal(
        Rules.pot_limit(blinds=(1, 2), game=OMAHA),
        [200, 200],
        ["As 5s Kd Qc", "7d 7h 8c 9c"],
        "2s 7s Jh 4d 9h",
    )
    hand.call()  # the button completes
    hand.check()  # the big blind; the flop 2s 7s Jh
    hand.bet(2)  # seat 1 bets half the pot
    held = nuts(OMAHA, hand.hole(0), hand.board)  # type: ignore[arg-type]
    assert held.flush_draw
    assert all(GameBot(seed).act(hand.view(0)) != "fold" for seed in range(5))


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_the_bots_play_every_game_to_the_end(game: Game) -> None:
    rules = Rules.pot_limit(blinds=(1, 2), game=game)
    bots = [
        make_bot(name, seed, game=game) for seed, name in enumerate(["tag", "strong", "station"])
    ]
    for number in range(3):
        hand = Hand(
            rules, [100] * 3, button=number, deck=Deck.shuffled(seed=number, cards=game.deck)
        )
        while (legal := hand.legal) is not None:
            hand.act(bots[legal.seat].act(hand.view(legal.seat)))
        assert sum(hand.stacks) == 300


def test_the_hold_em_bots_stay_what_they_are() -> None:
    assert type(make_bot("tag", 1)).__name__ == "TightAggressiveBot"
    assert type(make_bot("tag", 1, game=HOLDEM)).__name__ == "TightAggressiveBot"
    assert isinstance(make_bot("tag", 1, game=OMAHA_HI_LO), GameBot)
    assert make_bot("station", 1, game=OMAHA).name == "station"  # plays any game as it is


def test_the_nut_features_need_exactly_two() -> None:
    # In hold'em any cards play: the Omaha features are not read there.
    assert nuts(HOLDEM, parse_cards("As 5s"), parse_cards("2s 7s Jh")) == nuts(
        HOLDEM, parse_cards("2c 3d"), parse_cards("2s 7s Jh")
    )
