"""The terminal table's keys that guard the person's game: amounts, quitting, pre-actions,
sitting out, watching a tournament, and the preset keys."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from bigblind import Action, Deck, Hand, Rules
from bigblind.engine.hand import HandView
from bigblind.ui.amount import read_amount
from bigblind.ui.confirm import Confirm
from bigblind.ui.game import Game, GameConfig
from bigblind.ui.table_app import TableApp
from bigblind.ui.table_screen import preset_keys
from tests.ui.test_table_app import (
    ScriptedBot,
    new_game,
    play,
    play_on_key,
    press,
    settle,
    shove_until,
    until_hero_acts,
)


def test_letters_do_not_act_while_an_amount_is_typed(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        number = game.current.number if game.current else 0
        await press(pilot, "r", "3", "0", "f")  # today's trap: f folded
        assert app.state == "hero" and app.text("amount") == "30"
        assert "Digits only" in app.text("hint")
        await press(pilot, "q", "c", "n")  # nor quit, call or deal
        assert app.state == "hero" and app.text("amount") == "30"
        assert app.screen_stack[-1].__class__ is not Confirm
        assert game.current is not None and game.current.number == number
        await press(pilot, "escape")
        assert app.text("amount") == ""
        await press(pilot, "c")  # closed: the keys act again
        assert app.state != "hero" or game.current is None or game.current.number == number

    play(app, script)


def test_an_amount_with_a_point_is_refused_not_read_without_it(tmp_path: Path) -> None:
    # Before: the point of "5.5" was dropped and 55 was raised.
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        events = len(game.current.hand.events) if game.current else 0
        await press(pilot, "r", "5", "full_stop", "5")
        assert app.text("amount") == "5.5"
        await press(pilot, "enter")
        assert app.state == "hero" and game.current is not None
        assert len(game.current.hand.events) == events  # nothing was bet
        assert "5.5 is not a whole number of chips: type 5 or 6" in app.text("message")

    play(app, script)


def test_q_in_a_hand_asks_first(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        await press(pilot, "q")
        assert isinstance(app.screen, Confirm)
        await press(pilot, "n")
        assert not isinstance(app.screen, Confirm) and app.state == "hero"
        await press(pilot, "q")
        await press(pilot, "y")
        assert app.return_code == 0 or app.return_code is None
        assert app._exit

    play(app, script)


def test_ctrl_c_stops_at_once(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 130

    play(app, script)


def test_call_any_ahead_is_played_when_the_turn_comes() -> None:
    gate = threading.Event()
    gate.set()

    class GatedBot(ScriptedBot):
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
        await pilot.pause(0.2)
        assert app.state == "bot" and game.hero_in_hand
        await pilot.press("c")
        assert "yours: call any" in app.text("turn")
        assert " f  check/fold ahead" in app.text("keys")
        gate.set()
        await settle(pilot)
        assert "(your pre-action: call any)" in app.log_texts

    play(app, script)


def test_sitting_out_and_coming_back(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=2)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        await press(pilot, "s")
        assert "between hands" in app.text("message")
        await press(pilot, "f")
        for _ in range(10):
            if app.state == "between":
                break
            await press(pilot, play_on_key(app))
        await press(pilot, "s")
        assert game.sitting_out and "You sit out" in app.text("message")
        assert " s  come back" in app.text("keys")
        await press(pilot, "n")
        assert game.current is None or game.hero_hand_seat() is None
        await settle(pilot)
        assert "sitting out" in app.text("seats")
        await press(pilot, "s")
        assert not game.sitting_out and app.text("message").startswith("Welcome back")

    play(app, script)


def _watch_to_the_end(tmp_path: Path, seed: int) -> bool:
    """Shove against one caller and two folders; once out, watch: False if never out."""
    config = GameConfig(
        players=4,
        seed=seed,
        bots=("station", "folder", "folder"),
        speed=0,
        tournament=True,
        history_dir=tmp_path / "h",
    )
    game = Game(config, bot_factory=ScriptedBot)
    app = TableApp(game)
    watched: list[bool] = []

    async def script(pilot: Pilot[None]) -> None:
        await shove_until(pilot, "over", tries=80)
        tournament = game.tournament
        assert app.state == "over" and tournament is not None
        if game.hero_place in (None, 1) or tournament.finished:
            return
        assert " w  watch the rest" in app.text("keys")
        assert "place" in app.text("turn")
        await press(pilot, "w")
        assert app.state == "between"
        for _ in range(300):
            if tournament.finished:
                break
            await press(pilot, "n")
        assert tournament.finished and app.state == "over"
        assert "Hero" not in app.text("seats") or "out" in app.text("seats")
        watched.append(True)

    play(app, script)
    return bool(watched)


def test_out_of_a_tournament_the_person_can_watch_it_end(tmp_path: Path) -> None:
    assert any(_watch_to_the_end(tmp_path / str(seed), seed) for seed in range(1, 20))


# RULES 5.7: presets keep their keys; key 6 is always all-in.
def test_preset_keys_keep_their_numbers() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [200, 200, 200], deck=Deck.shuffled(seed=1))
    keys = dict(preset_keys(hand.view(0)))
    assert keys["6"] == "all-in 200" and keys["1"] == "x2 4"
    hand.call()
    hand.call()
    hand.check()  # the flop: nobody has bet
    keys = dict(preset_keys(hand.view(hand.actor or 0)))
    assert "1" not in keys and "2" not in keys and keys["6"].startswith("all-in")
    limit = Hand(Rules.fixed_limit(blinds=(1, 2)), [200, 200], deck=Deck.shuffled(seed=1))
    assert preset_keys(limit.view(limit.actor or 0)) == [("6", "raise to 4")]


@settings(max_examples=200)
@given(st.text(max_size=40) | st.builds(lambda n: "9" * n, st.integers(1, 6000)))
def test_any_text_in_the_amount_field_is_read_or_refused(text: str) -> None:
    amount = read_amount(text)
    if amount is not None:
        assert (0 <= amount < 10**9 and str(amount) == text.strip().lstrip("0")) or amount == 0


# RULES 10.4: the person's clock counts down; when it runs out the person checks or folds.
def test_the_clock_counts_down_and_acts_on_timeout(tmp_path: Path) -> None:
    config = GameConfig(
        players=2, seed=3, bots=("station",), speed=0, clock=1.0, history_dir=tmp_path / "h"
    )
    game = Game(config, bot_factory=ScriptedBot)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        counted = False
        # Two seconds of time bank to see counted down, however busy the machine.
        for _ in range(600):
            if app.state == "hero":
                counted = counted or "time bank" in app.text("turn")
            elif app.state == "between":
                await pilot.press("n")
            await pilot.pause(0.02)
            if any("your time ran out" in line for line in app.log_texts):
                break
        line = next(line for line in app.log_texts if "your time ran out" in line)
        assert line in ("(your time ran out: you check)", "(your time ran out: you fold)")
        assert counted

    play(app, script)


def clocked_game(tmp_path: Path, players: int) -> Game:
    config = GameConfig(
        players=players,
        seed=3,
        bots=("station",),
        speed=0,
        clock=30.0,
        history_dir=tmp_path / "h",
    )
    return Game(config, bot_factory=ScriptedBot)


# RULES 10.4: a key pressed once the time has run out, before the clock's tick noticed, is
# no action: the person is timed out, as the tick would have done (before, the clock's
# error ended the app with a traceback).
def test_a_key_pressed_after_the_time_ran_out_times_out_instead(tmp_path: Path) -> None:
    game = clocked_game(tmp_path, 3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        assert app.clock is not None and app.view is not None and app.view.legal is not None
        expected = "check" if app.view.legal.check else "fold"
        app.clock.stop()
        app.clock.start_turn(game.hero, now=time.monotonic() - 100)  # ran out long ago
        app.action_check_call()
        assert f"(your time ran out: you {expected})" in app.log_texts
        assert app.clock.is_away(game.hero)
        await settle(pilot)

    play(app, script)


# RULES 10.4: an away person's turn times out at once; a key they press says they are back,
# and their action is played.
def test_an_away_person_who_acts_is_back(tmp_path: Path) -> None:
    game = clocked_game(tmp_path, 3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        clock = app.clock
        assert clock is not None and game.current is not None
        now = time.monotonic()
        clock.mark_away(game.hero, now)
        clock.stop()
        turn = clock.start_turn(game.hero, now=now - 1)  # an away turn has no time
        assert turn.deadline == turn.started and clock.expired(now)
        events = len(game.current.hand.events)
        app.action_check_call()
        assert not clock.is_away(game.hero)
        assert not any("your time ran out" in line for line in app.log_texts)
        hero = game.current.names.index(game.hero)
        assert any(getattr(e, "seat", None) == hero for e in game.current.hand.events[events:])
        await settle(pilot)

    play(app, script)


# RULES 10.4: away at a cash table, the person sits out from the next hand until they say
# they are back (s); heads-up the others then wait for them.
def test_an_away_person_sits_out_until_back(tmp_path: Path) -> None:
    for players in (3, 2):
        game = clocked_game(tmp_path / str(players), players)
        app = TableApp(game)

        async def script(
            pilot: Pilot[None], game: Game = game, app: TableApp = app, players: int = players
        ) -> None:
            await until_hero_acts(pilot)
            assert app.clock is not None
            app.clock.stop()
            app.clock.start_turn(game.hero, now=time.monotonic() - 100)
            app.action_check_call()  # timed out: away
            for _ in range(20):
                await settle(pilot)
                if app.state == "between":
                    break
                if app.state == "hero":
                    await pilot.pause(0.25)  # away: the next tick checks or folds at once
            assert app.state == "between" and game.sitting_out
            assert "You were away (RULES 10.4): you sit out" in app.text("message")
            await press(pilot, "n")
            if players == 2:
                assert app.state == "between"
                assert app.text("message") == "Nobody else can play: s comes back, q quits"
            else:
                await settle(pilot)
                assert game.history[-1].names.count(game.hero) == 0  # dealt without
            while app.state != "between":
                await press(pilot, "n")
            await press(pilot, "s")
            assert not game.sitting_out and not app.clock.is_away(game.hero)
            assert app.text("message").startswith("Welcome back")

        play(app, script)


# RULES 10.4: in a tournament the person's time bank is topped up at each new level, not
# every N hands as at a cash table.
def test_in_a_tournament_the_bank_is_topped_up_each_level(tmp_path: Path) -> None:
    from bigblind.sessions.clock import BankToppedUp

    config = GameConfig(
        players=3,
        seed=3,
        bots=("station",),
        speed=0,
        clock=30.0,
        tournament=True,
        level_hands=2,
        history_dir=tmp_path / "h",
    )
    game = Game(config, bot_factory=ScriptedBot)
    app = TableApp(game)
    assert app.clock is not None and app.clock.settings.top_up_every is None

    async def script(pilot: Pilot[None]) -> None:
        levels: list[int] = []
        for _ in range(200):
            if app.state == "over" or len(game.history) >= 12:
                break
            await press(pilot, play_on_key(app))
            level = game.current.level if game.current is not None else None
            if level is not None and (not levels or levels[-1] != level):
                levels.append(level)
        assert app.clock is not None and len(levels) >= 3
        top_ups = [e for e in app.clock.events if isinstance(e, BankToppedUp)]
        assert top_ups == [BankToppedUp(30.0, "a new level")] * (len(levels) - 1)

    play(app, script)


def test_at_a_cash_table_the_bank_is_topped_up_every_ten_hands(tmp_path: Path) -> None:
    # RULES 10.4: every N hands at a cash table.
    app = TableApp(clocked_game(tmp_path, 3))
    assert app.clock is not None and app.clock.settings.top_up_every == 10


# RULES 10.4: away in a tournament, the person is dealt in and their turns time out at once
# until they say they are back: s, at any time.
def test_away_in_a_tournament_s_says_back(tmp_path: Path) -> None:
    config = GameConfig(
        players=3,
        seed=3,
        bots=("station",),
        speed=0,
        clock=30.0,
        tournament=True,
        history_dir=tmp_path / "h",
    )
    game = Game(config, bot_factory=ScriptedBot)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        clock = app.clock
        assert clock is not None
        await press(pilot, "s")
        assert app.text("message") == "In a tournament you are dealt every hand"
        clock.mark_away(game.hero, time.monotonic())
        if clock.turn is not None:  # the turn on now has no time either
            clock.stop()
            clock.start_turn(game.hero, now=time.monotonic())
        while app.state != "between":
            await pilot.pause(0.25)  # the person's turns time out at once
            await settle(pilot)
        assert " s  I'm back" in app.text("keys")
        await press(pilot, "s")
        assert not clock.is_away(game.hero)
        assert app.text("message") == "Welcome back: your turns are timed again"

    play(app, script)


# RULES 10.4: timed out in the middle of a hand at a cash table, s says back at once.
def test_away_during_a_cash_hand_s_says_back(tmp_path: Path) -> None:
    game = clocked_game(tmp_path, 3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        clock = app.clock
        assert clock is not None
        clock.mark_away(game.hero, time.monotonic())
        await press(pilot, "s")
        assert not clock.is_away(game.hero) and not game.sitting_out
        assert app.text("message") == "Welcome back: your turns are timed again"

    play(app, script)


# RULES 10.4: the banks grow every 10 hands of a cash game; the log says so, with the
# person's new bank (before, it grew on the screen without a word).
def test_a_bank_topped_up_is_told_in_the_log(tmp_path: Path) -> None:
    game = clocked_game(tmp_path, 2)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        for _ in range(400):
            if game.hands_played >= 10:
                break
            await press(pilot, play_on_key(app))
        assert game.hands_played >= 10 and app.clock is not None
        told = [line for line in app.log_texts if line.startswith("Time banks +30s")]
        assert told and told[0].startswith(
            "Time banks +30s (10 hands played, RULES 10.4): yours is"
        )

    play(app, script)


# RULES 10.4: the time to act runs while the person can act; the Quit box stops it and
# gives the time it was open back (before, the clock ran out behind the box).
def test_the_quit_box_stops_the_clock(tmp_path: Path) -> None:
    game = clocked_game(tmp_path, 3)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        clock = app.clock
        assert clock is not None and clock.turn is not None
        deadline = clock.turn.deadline
        await press(pilot, "q")
        assert isinstance(app.screen, Confirm)
        app._paused_at = time.monotonic() - 500  # the box stood open past the whole time
        app._tick()
        assert app.state == "hero" and "time ran out" not in " ".join(app.log_texts)
        await press(pilot, "n")
        assert not isinstance(app.screen, Confirm) and app.state == "hero"
        assert clock.turn is not None and clock.turn.deadline >= deadline + 500
        assert not clock.expired(time.monotonic())

    play(app, script)


# RULES 4.4, 5: the keys hand the game the engine's Action: an amount typed and Enter
# bets or raises to it.
def test_the_keys_hand_the_game_an_action(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", seed=3)
    app = TableApp(game)
    handed: list[object] = []
    act = game.act

    def recording(action: Action | str) -> None:
        handed.append(action)
        act(action)

    game.act = recording  # type: ignore[method-assign]

    async def script(pilot: Pilot[None]) -> None:
        await until_hero_acts(pilot)
        legal = app.view.legal if app.view is not None else None
        assert legal is not None and legal.min_raise_to is not None
        amount = legal.min_raise_to
        await press(pilot, "r", *str(amount), "enter")
        # The bots answer in text, as bots do; the person's keys hand an Action.
        hero = [action for action in handed if isinstance(action, Action)]
        assert hero == [Action.bet_or_raise(amount, opening=legal.bet)]

    play(app, script)
