"""Both apps in an 80x24 terminal: the log keeps room to be read, the lines fit their panels,
and keys typed faster than the amount field takes the keyboard still land in it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from bigblind.engine.events import Acted, ActionKind
from bigblind.ui.game import Game, GameConfig
from bigblind.ui.live_app import LiveApp
from bigblind.ui.table_app import TableApp
from tests.ui.test_live_app import session
from tests.ui.test_table_app import ScriptedBot, new_game, press, settle, until_hero_acts

NARROW = (80, 24)


def _width(app: TableApp | LiveApp, widget_id: str) -> int:
    widget = app.query_one(f"#{widget_id}", Widget)
    return widget.content_size.width


def _run(app: TableApp | LiveApp, size: tuple[int, int], script: object) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            if isinstance(app, TableApp):
                await settle(pilot)
            await script(pilot)  # type: ignore[operator]

    asyncio.run(main())


def test_at_80_columns_the_table_leaves_the_log_room(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=6, seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        assert app.has_class("-narrow")
        assert _width(app, "log") >= 20
        seats = app.text("seats")
        assert "station" not in seats  # the bot kinds give their room to the log
        assert all(len(line) <= _width(app, "seats") for line in seats.splitlines())
        await pilot.resize_terminal(120, 30)
        await pilot.pause(0.2)
        assert not app.has_class("-narrow") and "station" in app.text("seats")

    _run(app, NARROW, script)


def test_at_80_columns_the_dealer_assistant_leaves_the_log_room(tmp_path: Path) -> None:
    app = LiveApp(session(), history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        assert app.has_class("-narrow")
        assert _width(app, "log") >= 18
        await pilot.press("enter", "k")
        await pilot.pause()
        hint = str(app.query_one("#hint").render())
        assert hint.endswith("Esc closes")  # on a line of its own: never cut off
        assert len(hint) <= _width(app, "hint")
        for line in app.text("seats").splitlines():
            assert len(line) <= _width(app, "seats")

    _run(app, NARROW, script)


def test_side_pots_have_a_line_of_their_own(tmp_path: Path) -> None:
    """All-in against a deeper and a shorter stack: the hand waits on run it twice with a
    main pot and a side pot, on a line below the board."""
    config = GameConfig(
        players=3, seed=3, bots=("station",), speed=0, run_twice=True, write_histories=False
    )
    game = Game(config, bot_factory=ScriptedBot)
    app = TableApp(game)
    hero = game.hero_seat
    assert hero is not None
    deep = next(p.seat for p in game.table.players if p.seat != hero)
    game.table.rebuy(hero, 200)
    game.table.rebuy(deep, 200)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        await press(pilot, "6", "enter")
        current = game.current
        assert app.state == "runs"
        if current is not None and len(current.hand.pots) > 1:
            board = app.text("board").splitlines()
            assert board[1].startswith("main pot ") and "side pot 1 " in board[1]
            return
        raise AssertionError("no side pot was made")

    _run(app, NARROW, script)


def test_keys_typed_before_the_amount_field_takes_the_keyboard(tmp_path: Path) -> None:
    """r 3 0 f Enter typed at once: the f is ignored and 30 is sent, not a fold."""
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        current = game.current
        seat = game.hero_hand_seat()
        assert current is not None
        # Called one after the other, as the keys come in one read: focus has not moved yet.
        app.action_amount()
        app.action_preset(2)  # key 3
        app.action_amount("0")
        app.action_fold()
        app.action_request_quit()
        assert app.text("amount") == "30" and app.is_running
        app.action_next_hand()  # Enter
        await settle(pilot)
        mine = [e for e in current.hand.events if isinstance(e, Acted) and e.seat == seat]
        assert not any(e.kind is ActionKind.FOLD for e in mine)
        assert any(e.amount == 30 for e in mine) or "30" in app.text("message")

    _run(app, NARROW, script)
