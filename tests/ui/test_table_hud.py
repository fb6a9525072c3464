"""The HUD on each opponent's seat: this session's hands, VPIP/PFR/3-bet and aggression."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from bigblind.ui.table_app import TableApp
from tests.ui.test_table_app import new_game, press, settle, until_hero_acts

TALL = (100, 40)  # room for a line under each of three seats


def test_each_opponent_seat_shows_the_session_statistics(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=5)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        assert game.hands_played == 0 and " AF " not in app.text("seats")  # no hand yet
        for _ in range(3):  # call every hand down: three hands
            while app.state != "between":
                await press(pilot, {"hero": "c", "show": "s"}.get(app.state, "n"))
            if game.hands_played < 3:
                await press(pilot, "n")
        assert game.hands_played == 3
        seats = app.text("seats").splitlines()
        names = [p.name for p in game.table.players]
        for name in names:
            at = next(i for i, line in enumerate(seats) if name[:8] in line)
            row = seats[at + 1] if at + 1 < len(seats) else ""  # the line under the seat
            tally = game.hud.players[name]
            assert tally.hands == 3
            if name == "Hero":
                assert "3h " not in row  # no HUD on one's own seat
            else:
                # The calling stations call every bet before the flop: VPIP 100 unless a
                # blind was only checked to; they never raise, so no PFR.
                vpip = round(100 * tally.vpip / 3)
                assert f"3h {vpip}/0/" in row and " AF " in row

    async def main() -> None:
        async with app.run_test(size=TALL) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())


def test_no_hud_where_the_screen_has_no_room(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=5)
    app = TableApp(game)

    async def main() -> None:
        async with app.run_test(size=(100, 20)) as pilot:
            await settle(pilot)
            for _ in range(20):
                if game.hands_played >= 1 and app.state == "between":
                    break
                await press(pilot, {"hero": "c", "show": "s"}.get(app.state, "n"))
            assert game.hud.hud("Ada")  # counted, but 20 lines have no room for it
            assert " AF " not in app.text("seats")

    asyncio.run(main())
