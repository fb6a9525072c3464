"""The terminal table, driven headless by key presses (textual's pilot)."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from bigblind.engine.events import Shown
from bigblind.engine.hand import HandView
from bigblind.evaluation.scalar import describe, evaluate
from bigblind.formats.phh import loads, replay
from bigblind.formats.words import card_text
from bigblind.formats.words import symbol_cards as cards_text
from bigblind.ui.game import Game, GameConfig
from bigblind.ui.table_app import TableApp

SIZE = (100, 30)


class ScriptedBot:
    """A predictable bot: 'station' checks or calls, 'folder' checks or folds."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name

    def act(self, view: HandView) -> str:
        legal = view.legal
        assert legal is not None
        if legal.check:
            return "check"
        return "fold" if self.name == "folder" else "call"


def new_game(
    tmp_path: Path,
    bots: str,
    *,
    players: int = 2,
    seed: int = 1,
    stack: int | None = None,
    blinds: tuple[int, int] | None = None,
    tournament: bool = False,
    level_hands: int = 10,
) -> Game:
    """A game against scripted bots that act at once, its histories under ``tmp_path``."""
    settings = GameConfig(
        players=players,
        seed=seed,
        bots=(bots,),
        speed=0,
        history_dir=tmp_path / "histories",
        stack=stack,
        blinds=blinds,
        tournament=tournament,
        level_hands=level_hands,
    )
    return Game(settings, bot_factory=ScriptedBot)


def play(app: TableApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())


async def settle(pilot: Pilot[None]) -> None:
    """Wait until no bot is thinking."""
    app = pilot.app
    assert isinstance(app, TableApp)
    for _ in range(500):
        await pilot.pause()
        if app.state not in ("bot", "starting"):
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the bots never finished")


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


def play_on_key(app: TableApp) -> str:
    """The key that plays on: check or call on the person's turn, show at the showdown,
    else deal the next hand."""
    return {"hero": "c", "show": "s"}.get(app.state, "n")


async def until_hero_acts(pilot: Pilot[None]) -> None:
    """Deal hands (n) until it is the person's turn."""
    app = pilot.app
    assert isinstance(app, TableApp)
    for _ in range(10):
        if app.state == "hero":
            return
        await press(pilot, "s" if app.state == "show" else "n")
    raise AssertionError("the person never got a turn")


async def shove_until(pilot: Pilot[None], state: str, *, tries: int) -> None:
    """Play until the table is in ``state``, pressing keys at most ``tries`` times.

    Deal the next hand (n) when it is not the person's turn; else go all-in (6, Enter)
    where the keys offer it, else check or call (c).
    """
    app = pilot.app
    assert isinstance(app, TableApp)
    for _ in range(tries):
        if app.state == state:
            return
        if app.state == "show":
            await press(pilot, "s")  # RULES 6.7: the person may show or muck
        elif app.state != "hero":
            await press(pilot, "n")
        elif "all-in" in app.text("keys"):
            await press(pilot, "6", "enter")
        else:
            await press(pilot, "c")


def test_a_folded_hand_is_not_valued_in_your_box(tmp_path: Path) -> None:  # RULES 4.2
    game = new_game(tmp_path, "station", players=3, seed=5)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(20):  # play on until the person faces a bet, then fold
            await until_hero_acts(pilot)
            if "fold" in app.text("range"):
                break
            await press(pilot, "c")
        await press(pilot, "f")
        for _ in range(5):  # the two callers play the hand out to the river
            if app.state == "between":
                break
            await press(pilot, play_on_key(app))
        assert app.state == "between"
        current = app.shown_hand  # the hand just finished, still on the screen
        assert current is not None and len(current.hand.board) == 5
        box = app.text("hero")
        assert box.startswith("Your cards") and box.rstrip().endswith("folded")
        hole = current.hand.hole(current.names.index("Hero"))
        assert None not in hole
        name = describe(evaluate([*hole, *current.hand.board]))  # type: ignore[list-item]
        assert name not in box

    play(app, script)


def test_a_fold_win_by_keys(tmp_path: Path) -> None:
    game = new_game(tmp_path, "folder", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        current = game.current
        assert current is not None
        hero = current.names.index("Hero")
        bot = 1 - hero
        first, second = current.hand.hole(hero)
        assert first is not None and second is not None
        # RULES 3.4: my cards, never the bot's.
        assert app.text("hero") == f"Your cards  {card_text(first)}   {card_text(second)} "
        seats = app.text("seats")
        assert card_text(first) in seats and card_text(second) in seats
        for card in current.hand.hole(bot):
            assert card is not None and card_text(card) not in seats
        assert seats.count("░░") == 2
        assert "Pot 3" in app.text("board")
        assert re.search(r"Your turn  ·  \d+\.\ds", app.text("turn"))
        assert app.text("range") == "Legal  fold · call 1 · raise to 4-200"
        keys = app.text("keys")
        for shown in (" f  fold", " c  call 1", " 1  x2 4", " 2  x3 6", " 6  all-in 200"):
            assert shown in keys
        await press(pilot, "2")
        assert app.text("amount") == "6"
        assert "x3: raise to 6" in app.text("hint")
        await press(pilot, "enter")
        assert app.state == "between"
        assert app.text("result") == "Hero wins the pot (4)"
        log = app.log_texts
        assert "Hero raises to 6" in log and "Ada folds" in log
        assert "Uncalled 4 returned to Hero" in log
        assert log[-1] == "Hero wins the pot (4)"
        assert " n  next hand" in app.text("keys")
        assert app.text("turn") == "The hand is over: you won 2"
        assert game.hero_stack == 202

    play(app, script)


def test_a_showdown_shows_the_hands_their_names_and_the_winners(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=5)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        current = game.current
        assert current is not None
        for _ in range(8):
            if app.state not in ("hero", "show"):
                break
            await press(pilot, "c" if app.state == "hero" else "s")
        assert app.state == "between"
        hand = current.hand
        result = app.text("result").splitlines()
        shown = [e for e in hand.events if isinstance(e, Shown)]
        assert shown
        for event in shown:
            name = current.names[event.seat]
            value = evaluate([*event.cards, *hand.board])
            line = f"{name} shows {cards_text(event.cards)}: {describe(value)}"
            assert line in result and line in app.log_texts
            assert cards_text(event.cards).split()[0] in app.text("seats")
        assert hand.result is not None
        winners = [ln for ln in result if " wins " in ln or " split " in ln]
        assert len(winners) == len(hand.result.pots)
        for pot, line in zip(hand.result.pots, winners, strict=True):
            assert f"({pot.amount}" in line and pot.description in line
        assert any(line.startswith("── River: ") for line in app.log_texts)

    play(app, script)


def test_an_illegal_amount_gets_the_reason_and_is_not_played(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        current = game.current
        assert current is not None
        events = len(current.hand.events)
        await press(pilot, "r", "1", "enter")
        assert app.text("message") == (
            "You cannot raise to 1: the minimum raise is to 4 and the maximum is 200"
        )
        assert len(current.hand.events) == events and app.state == "hero"
        await press(pilot, "escape", "9", "9", "9", "enter")
        assert "maximum is 200" in app.text("message")
        assert len(current.hand.events) == events
        await press(pilot, "escape", "f")  # letters act even after typing
        assert app.state == "between" and app.text("message") == ""
        assert "Hero folds" in app.log_texts

    play(app, script)


def test_a_bot_thinking_never_blocks_the_screen(tmp_path: Path) -> None:
    gate = threading.Event()
    gate.set()

    class GatedBot(ScriptedBot):
        """Calls like a station, but only once the gate is open."""

        def act(self, view: HandView) -> str:
            assert gate.wait(10)
            return super().act(view)

    settings = GameConfig(players=3, seed=2, bots=("station",), speed=0, write_histories=False)
    game = Game(settings, bot_factory=GatedBot)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        gate.clear()
        await pilot.press("c")
        await pilot.pause(0.3)
        assert app.state == "bot"
        assert re.search(r"^\w+ \(station\) is thinking  ·  \d+\.\ds$", app.text("turn"))
        await pilot.press("f")  # the keys still answer: f chooses check/fold ahead
        assert app.text("message").startswith("Pre-action: check/fold")
        assert "yours: check/fold" in app.text("turn")
        await pilot.press("f")  # again: cancelled
        assert app.text("message") == "Pre-action check/fold cancelled"
        await pilot.press("r")
        assert app.text("message").startswith("Not your turn: ")
        gate.set()
        await settle(pilot)
        assert app.state in ("hero", "between")

    play(app, script)


def test_histories_are_written_and_replay_to_the_same_stacks(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=8)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(3):
            await until_hero_acts(pilot)
            for _ in range(8):
                if app.state not in ("hero", "show"):
                    break
                await press(pilot, "c" if app.state == "hero" else "s")
        await press(pilot, "q")

    play(app, script)
    files = game.files
    assert files.written and files.hands == game.hands_played >= 3
    histories = loads(files.phh.read_text(encoding="utf-8"))
    assert len(histories) == game.hands_played
    for history, record in zip(histories, game.history, strict=True):
        hand = replay(history)
        assert hand.result is not None and history.players is not None
        assert hand.result.stacks == history.finishing_stacks
        replayed = dict(zip(history.players, hand.result.stacks, strict=True))
        assert replayed == dict(zip(record.names, record.stacks_after, strict=True))
    stars = files.pokerstars.read_text(encoding="utf-8")
    assert stars.count("PokerStars Hand #") == game.hands_played
    assert "Dealt to Hero [" in stars
    summary = files.summary()
    assert str(files.phh) in summary[1] and str(files.pokerstars) in summary[2]


def test_a_broke_player_rebuys(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=4, stack=20, blinds=(5, 10))
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await shove_until(pilot, "busted", tries=30)
        assert app.state == "busted"
        assert app.text("message") == "You are out of chips: b rebuys for 20"
        assert "busted" in app.text("seats")
        await press(pilot, "b")
        assert app.state == "between" and game.hero_stack == 20
        await press(pilot, "n")
        assert app.state in ("hero", "between")

    play(app, script)


def test_a_clock_tick_while_the_app_closes_does_nothing(tmp_path: Path) -> None:
    """The turn clock ticks on a timer; a tick that comes as the app closes, after its
    widgets are gone, must not look for them (it used to fail with NoMatches '#turn')."""
    game = new_game(tmp_path, "station", seed=4)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)

    play(app, script)
    assert app.state == "hero" and not app.is_running
    app._tick()  # the widgets are gone: nothing is drawn, nothing raised


def test_a_tournament_shows_its_level_and_rising_blinds(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=6, tournament=True, level_hands=1)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        assert "No-limit hold'em 10/20  ·  tournament level 1  ·  3 left" in app.text("title")
        for _ in range(40):
            if game.hands_played >= 3 or app.state == "over":
                break
            await press(pilot, play_on_key(app))
        assert game.tournament is not None and game.tournament.level > 1
        assert f"tournament level {game.tournament.level}" in app.text("title")

    play(app, script)


def test_a_tournament_ends_with_the_place(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=2, tournament=True)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await shove_until(pilot, "over", tries=60)
        assert app.state == "over"
        place = game.hero_place
        assert place in (1, 2)
        expected = "You won the tournament!" if place == 1 else "out of the tournament: 2nd place"
        assert expected in app.text("turn")
        assert app.text("keys") == " q  quit"
        assert game.tournament is not None
        winner = game.tournament.results[0].name
        assert f"Winner: {winner}." in app.log_texts  # the places are told, not only one's own
        # RULES 4.7: all-in hands are shown before the board is out; named on the whole board.
        record = game.history[-1]
        last = record.hand
        for event in last.events:
            if isinstance(event, Shown):
                name = record.names[event.seat]
                hand_name = describe(evaluate([*event.cards, *last.board]))
                assert f"{name} shows {cards_text(event.cards)}: {hand_name}" in app.log_texts

    play(app, script)


def test_a_six_way_showdown_leaves_your_box_and_messages_on_an_80_by_24_screen(
    tmp_path: Path,
) -> None:
    game = new_game(tmp_path, "station", players=6, seed=2)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        for _ in range(20):
            if app.state == "between":
                break
            await press(pilot, play_on_key(app))
        assert app.state == "between"
        result = app.text("result").splitlines()
        assert result and all(" wins " in line or line.startswith(" ") for line in result)
        assert any(" shows " in line for line in app.log_texts)  # the shows are in the log
        await press(pilot, "s")
        assert app.text("message").startswith("You sit out")
        for widget in ("#hero", "#keys", "#message"):
            region = app.query_one(widget).region
            assert region.height > 0 and region.bottom <= 24, widget

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())
