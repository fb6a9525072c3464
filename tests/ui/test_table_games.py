"""The terminal table plays the other games: Omaha's four to six cards at 80x24, hi-lo
halves and short deck to the showdown (RULES 11)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.pilot import Pilot

from bigblind.engine.events import Shown
from bigblind.evaluation import OMAHA, OMAHA6, OMAHA_HI_LO, SHORT_DECK_HOLDEM, Game
from bigblind.formats.words import card_text
from bigblind.formats.words import symbol_cards as cards_text
from bigblind.ui.game import Game as Session
from bigblind.ui.game import GameConfig
from bigblind.ui.table_app import TableApp
from tests.ui.test_table_app import ScriptedBot, press, settle, until_hero_acts

NARROW = (80, 24)


def new_game(tmp_path: Path, game: Game, *, players: int = 3, seed: int = 5) -> Session:
    config = GameConfig(
        players=players,
        seed=seed,
        bots=("station",),
        speed=0,
        history_dir=tmp_path / "histories",
        game=game,
    )
    return Session(config, bot_factory=ScriptedBot)


@pytest.mark.parametrize(
    "game", [OMAHA, OMAHA6, OMAHA_HI_LO, SHORT_DECK_HOLDEM], ids=lambda g: g.code
)
def test_a_hand_of_each_game_to_the_showdown_at_80_by_24(tmp_path: Path, game: Game) -> None:
    session = new_game(tmp_path, game)
    app = TableApp(session)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        current = session.current
        assert current is not None
        hand = current.hand
        hero = current.names.index("Hero")
        mine = hand.hole(hero)
        # RULES 11.1: every hole card drawn, on the seat's row and under "Your cards".
        assert len(mine) == game.hole_cards
        seats = app.text("seats")
        for card in mine:
            assert card is not None
            assert card_text(card) in seats and card_text(card) in app.text("hero")
        assert seats.count("░░") == 2 * game.hole_cards  # two bots' backs
        assert all(len(line) <= NARROW[0] for line in seats.splitlines())
        for _ in range(10):
            if app.state not in ("hero", "show"):
                break
            await press(pilot, "c" if app.state == "hero" else "s")
        assert app.state == "between"
        result = app.text("result").splitlines()
        for event in (e for e in hand.events if isinstance(e, Shown)):
            line = f"{current.names[event.seat]} shows {cards_text(event.cards)}"
            # RULES 11.1-11.3: each hand named as its game values it.
            assert f"{line}: {game.describe(event.cards, hand.board)}" in result
        assert hand.result is not None
        for pot in hand.result.pots:
            assert any(f"({pot.amount}" in ln and pot.description in ln for ln in result)
        if any(pot.half for pot in hand.result.pots):  # RULES 11.2
            assert any("the low half of the pot" in ln for ln in result)

    async def main() -> None:
        async with app.run_test(size=NARROW) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())
