"""The dealer's assistant, driven headless by key presses (textual's pilot)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from bigblind import Rules
from bigblind.engine.rules import Structure
from bigblind.formats.phh import loads, replay
from bigblind.sessions.live import LiveSession
from bigblind.ui.confirm import Confirm
from bigblind.ui.live_app import LiveApp

SIZE = (130, 40)


def drive(app: LiveApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


async def entry(pilot: Pilot[None], key: str, text: str) -> None:
    """Open an entry with ``key``, type ``text`` and send it."""
    await pilot.press(key)
    await pilot.press(*["space" if ch == " " else ch for ch in text.lower()])
    await keys(pilot, "enter")


def session() -> LiveSession:
    players = [("Ann", 100), ("Bob", 100), ("Cy", 100)]
    return LiveSession(Rules.no_limit(blinds=(1, 2)), players, button=0)


# RULES 9.3 and 9.4 at the keyboard: an exposed card in the deal, a flop too early.
def test_a_hand_with_an_exposed_card_and_a_premature_flop(tmp_path: Path) -> None:
    app = LiveApp(session(), history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        assert app.text("step") == "▶ Deal the first card to Bob (seat 2)"
        assert " Enter  card face down" in app.text("keys")
        assert " x  exposed card" in app.text("keys")
        await keys(pilot, "enter", "enter", "enter")
        assert app.text("step") == "▶ Deal the second card to Bob (seat 2)"
        # Card 4 turns face up: RULES 9.3.
        await entry(pilot, "x", "Qh")
        procedure = app.text("procedure")
        assert "Card 4 of the deal, the Qh to Bob (seat 2), was exposed" in procedure
        assert (
            "RULES 9.3: Set the exposed Qh aside; after the deal give Bob (seat 2) the top"
            " card; the Qh is the burn before the flop." in procedure
        )
        await keys(pilot, "enter", "enter")
        assert app.text("step") == (
            "▶ Give Bob (seat 2) the top card: it replaces the exposed Qh (RULES 9.3)"
        )
        await entry(pilot, "k", "As")
        assert "A♠" in app.text("seats")
        assert app.text("step") == "▶ Ann (seat 1) to act: fold, call 2, raise to 4-100"
        assert app.text("range") == "Legal  fold · call 2 · raise to 4-100"
        await keys(pilot, "c")
        # The flop comes before the betting is over: RULES 9.4.
        await entry(pilot, "b", "Jc Ts 2d")
        procedure = app.text("procedure")
        assert "The flop Jc Ts 2d was dealt before the pre-flop betting ended" in procedure
        assert "RULES 9.4: Mix the Jc Ts 2d back into the stub and shuffle it" in procedure
        assert "··" in app.text("board") and "J♣" not in app.text("board")
        await keys(pilot, "c", "c")
        assert app.text("step") == "▶ Deal a new flop without a burn (RULES 9.4)"
        assert "RULES 9.4" in app.text("procedure")  # until the new flop is out
        await entry(pilot, "enter", "Jc 9s 2d")  # Enter opens the entry due
        assert "J♣" in app.text("board") and "9♠" in app.text("board")
        assert app.text("procedure") == ""  # carried out: the note would mislead
        await keys(pilot, "c", "c", "c")
        assert app.text("step") == "▶ Burn a card and deal the turn"
        await keys(pilot, "b")
        assert app.text("hint").startswith("e.g. 7h ")  # one card, not a flop's three
        await keys(pilot, "escape")
        await entry(pilot, "b", "5h")
        await keys(pilot, "c", "c", "c")
        await entry(pilot, "b", "7d")
        await keys(pilot, "c", "c", "c")
        assert app.text("step") == "▶ Bob (seat 2) shows (name the cards) or mucks"
        await entry(pilot, "s", "As Ad")
        await entry(pilot, "s", "Kc Kd")
        await keys(pilot, "u")
        assert app.state == "between"
        result = app.text("result")
        assert "Bob (seat 2) wins the pot (6) with One pair, aces" in result
        assert "Stacks for the next hand: Ann 98 · Bob 104 · Cy 98" in result
        log = app.log_texts
        assert "Burn: Qh" in log and "Turned too soon: J♣ T♠ 2♦" in log
        assert "Cy (seat 3) mucks" in log or "Ann (seat 1) mucks" in log
        # The history is written and replays to the same stacks.
        assert app.history_file is not None and app.history_file.parent == tmp_path
        history = loads(app.history_file.read_text())[0]
        replayed = replay(history).result
        assert replayed is not None and sorted(replayed.stacks) == [98, 98, 104]
        # The histories name the players as they are called, not as the dealer's steps do.
        assert history.players == ("Bob", "Cy", "Ann")  # from the small blind, as PHH lists
        assert app.pokerstars_file is not None
        stars = app.pokerstars_file.read_text()
        assert "Seat 1: Ann (100 in chips)" in stars and "(seat" not in stars
        # Every ruling of the hand is in its record (RULES 9.3, 9.4), not only a count.
        rulings = history.metadata["_rulings"]
        assert isinstance(rulings, list)
        assert any(r.startswith("RULES 9.3: Set the exposed Qh aside") for r in rulings)
        assert any(r.startswith("RULES 9.4: Mix the Jc Ts 2d back") for r in rulings)
        assert any("exposed" in r for r in rulings)
        assert app.pokerstars_file is not None
        assert app.pokerstars_file.read_text().count("PokerStars Hand #") == 1
        await keys(pilot, "enter")
        assert app.state == "hand" and "hand #2" in app.text("title")
        assert app.text("step") == "▶ Deal the first card to Cy (seat 3)"

    drive(app, script)


# RULES 9.1 at the keyboard: a card to the wrong seat; the record keeps both deals.
def test_a_misdeal_from_the_set_up_form(tmp_path: Path) -> None:
    app = LiveApp(None, history_dir=None)

    async def script(pilot: Pilot[None]) -> None:
        assert app.state == "setup"
        app.query_one("#setup-players", Input).value = "Ann:50, Bob:60"
        await keys(pilot, "enter")
        assert app.state == "hand"
        seats = app.text("seats")
        assert "Ann" in seats and "Bob" in seats and "58  bet 2" in seats
        await keys(pilot, "enter")
        await entry(pilot, "o", "2")
        procedure = app.text("procedure")
        assert "Card 2 of the deal went to Bob (seat 2); it was Ann (seat 1)'s card" in procedure
        assert (
            "RULES 9.1: Misdeal: collect all cards, reshuffle and deal again. The button"
            " does not move; the same blinds play." in procedure
        )
        assert "deal 2" in app.text("title")
        assert app.text("step") == "▶ Deal the first card to Bob (seat 2)"
        assert "━━ Redeal (2) ━━" in app.log_texts
        # A wrong entry is refused with its reason, and nothing changes.
        await entry(pilot, "k", "Zz")
        assert "Cannot read cards 'zz'" in app.text("message")
        await keys(pilot, "escape")
        await keys(pilot, "enter", "enter", "enter", "enter")
        await keys(pilot, "f")
        assert app.state == "between"
        assert "Bob (seat 2) wins the pot (2)" in app.text("result")

    drive(app, script)


def test_a_history_that_cannot_be_saved_keeps_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    app = LiveApp(session(), history_dir=blocker / "sub")

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(6):
            await keys(pilot, "enter")
        await keys(pilot, "f", "f")  # Ann and Bob fold: Cy wins
        assert app.state == "between"
        assert app.text("message").startswith("The hand history could not be written")
        assert app.save_error is not None and app.save_error.startswith("hand #1 was not saved")
        await keys(pilot, "enter")
        assert app.state == "hand" and "hand #2" in app.text("title")

    drive(app, script)


def test_q_while_dealing_asks_first(tmp_path: Path) -> None:
    app = LiveApp(session(), history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await keys(pilot, "q")
        assert isinstance(app.screen, Confirm)
        await keys(pilot, "escape")
        assert app.state == "hand" and not isinstance(app.screen, Confirm)
        await keys(pilot, "q", "q")
        assert app._exit

    drive(app, script)


# RULES 2.7: before the deal the dealer says whether the player offered the straddle takes it.
def test_the_dealer_says_whether_the_player_straddles(tmp_path: Path) -> None:
    rules = Rules(structure=Structure.NO_LIMIT, small_blind=1, big_blind=2, straddle=4)
    players = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
    app = LiveApp(LiveSession(rules, players, button=0), history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        assert app.state == "straddle"
        assert app.text("step") == "▶ Does Dee (seat 4) straddle 4?"
        assert " y  straddles" in app.text("keys") and " n  no straddle" in app.text("keys")
        await keys(pilot, "enter")
        assert app.state == "straddle"
        assert app.text("message") == "Say first whether the player straddles: y or n"
        await keys(pilot, "y")
        assert app.state == "hand"
        assert "Dee (seat 4) posts straddle 4" in app.log_texts
        for _ in range(8):
            await keys(pilot, "enter")
        assert app.text("step").startswith("▶ Ann (seat 1) to act: fold, call 4")
        await keys(pilot, "f", "f", "f")  # Ann, Bob and Cy fold: Dee wins
        assert app.state == "between"
        await keys(pilot, "enter")
        assert app.state == "straddle" and "straddle 4?" in app.text("step")
        await keys(pilot, "n")
        assert app.state == "hand"
        assert not any("posts straddle" in line for line in app.log_texts[-8:])

    drive(app, script)


async def heads_up_all_in(pilot: Pilot[None]) -> None:
    """Deal Ann and Bob face down, all in before the flop, both hands shown."""
    await keys(pilot, "enter", "enter", "enter", "enter")
    await keys(pilot, "a", "c")
    await entry(pilot, "s", "As Ad")
    await entry(pilot, "s", "Ks Kd")


# RULES 10.3 at the keyboard: the dealer says whether the players all-in agreed.
def test_the_dealer_runs_it_twice_and_both_boards_show(tmp_path: Path) -> None:
    players = [("Ann", 20), ("Bob", 20)]
    app = LiveApp(
        LiveSession(Rules.no_limit(blinds=(1, 2)), players, run_twice=True), history_dir=tmp_path
    )

    async def script(pilot: Pilot[None]) -> None:
        await heads_up_all_in(pilot)
        assert app.text("step") == (
            "▶ All-in before the river: ask every player all-in whether they agree"
            " to run it twice (RULES 10.3)"
        )
        assert " y  run it twice" in app.text("keys") and " n  run it once" in app.text("keys")
        await keys(pilot, "enter")
        assert app.text("message") == (
            "Did every player all-in agree to run it twice? y: two runs · n: one run"
        )
        await keys(pilot, "y")
        assert "── Run it twice" in app.log_texts
        assert app.text("step") == "▶ Burn a card and deal the first run's flop"
        assert "Run 1" in app.text("board") and "Run 2" in app.text("board")
        for street in ("2c 7d 9h", "Ts", "3d"):
            await entry(pilot, "b", street)
        assert app.text("step") == "▶ Burn a card and deal the second run's flop"
        await keys(pilot, "enter")
        assert app.text("entry-label") == "Board (run 2 flop)"
        await keys(pilot, "escape")
        for street in ("Qc 7h 9s", "Kh", "4h"):
            await entry(pilot, "b", street)
        assert app.state == "between"
        board = app.text("board").splitlines()
        assert len(board) == 2 and "Q♣" in board[1] and "T♠" in board[0]
        result = app.text("result")
        assert "wins half of the pot on run 1 (20)" in result
        assert "wins half of the pot on run 2 (20)" in result
        assert any("half of the pot on run 2 (20)" in line for line in app.log_texts)
        assert app.session is not None and app.session.stacks == (20, 20)
        # The history written replays both runs (PHH's _runs = 2).
        assert app.history_file is not None
        (history,) = loads(app.history_file.read_text())
        assert history.runs == 2
        replayed = replay(history).result
        assert replayed is not None and replayed.stacks == (20, 20)
        assert app.pokerstars_file is not None
        assert "*** SECOND FLOP ***" in app.pokerstars_file.read_text()

    drive(app, script)


def test_a_no_runs_the_board_once(tmp_path: Path) -> None:
    # RULES 10.3: any refusal means one run.
    players = [("Ann", 20), ("Bob", 20)]
    app = LiveApp(
        LiveSession(Rules.no_limit(blinds=(1, 2)), players, run_twice=True), history_dir=tmp_path
    )

    async def script(pilot: Pilot[None]) -> None:
        await heads_up_all_in(pilot)
        await keys(pilot, "n")
        assert app.text("step") == "▶ Burn a card and deal the flop"
        assert "Run 2" not in app.text("board")
        await keys(pilot, "y")  # the choice is made: y is refused, nothing changes
        assert app.text("step") == "▶ Burn a card and deal the flop"
        for street in ("2c 7d 9h", "Ts", "3d"):
            await entry(pilot, "b", street)
        assert app.state == "between"
        assert "on run" not in app.text("result")

    drive(app, script)


def test_without_run_twice_the_board_is_dealt_at_once(tmp_path: Path) -> None:
    app = LiveApp(
        LiveSession(Rules.no_limit(blinds=(1, 2)), [("Ann", 20), ("Bob", 20)]),
        history_dir=tmp_path,
    )

    async def script(pilot: Pilot[None]) -> None:
        await heads_up_all_in(pilot)
        assert app.text("step") == "▶ Burn a card and deal the flop"

    drive(app, script)


# RULES 9: the dealer undoes the last step (an action, a card, a ruling), any number of times
# back to the start of the hand; the undo stays in the hand's record and in its PHH file.
def test_the_dealer_undoes_steps_and_the_record_keeps_the_undos(tmp_path: Path) -> None:
    app = LiveApp(session(), history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        assert " z  undo" not in app.text("keys")  # nothing to undo at the start
        await keys(pilot, "z")
        assert app.text("message") == "Nothing to undo: the hand is at its start"
        await keys(pilot, *["enter"] * 6)
        assert app.text("step") == "▶ Ann (seat 1) to act: fold, call 2, raise to 4-100"
        assert " z  undo" in app.text("keys")
        await entry(pilot, "r", "8")  # Ann raises
        assert app.text("step").startswith("▶ Bob (seat 2) to act")
        await keys(pilot, "z")
        assert app.text("message") == "Undone: a raise (8)"
        assert app.text("step") == "▶ Ann (seat 1) to act: fold, call 2, raise to 4-100"
        assert app.log_texts[-1] == "The dealer undid step 7: a raise (8)"
        live = app.live
        assert live is not None and len(live.steps) == 6
        # A ruling is a step too: a misdeal called, then taken back.
        await entry(pilot, "m", "cards flashed")
        assert live.deal_number == 2
        await keys(pilot, "z")
        assert live.deal_number == 1 and live.rulings == ()
        # Back through every card to the start of the hand, and no further.
        for _ in range(6):
            await keys(pilot, "z")
        assert not live.steps and live.awaiting == "hole card"
        assert app.text("step") == "▶ Deal the first card to Bob (seat 2)"
        await keys(pilot, "z")
        assert app.text("message") == "Nothing to undo: the hand is at its start"
        # The hand is dealt again and played out; the record keeps all eight undos.
        await keys(pilot, *["enter"] * 6)
        await keys(pilot, "f", "f")
        assert app.state == "between"
        assert sum(line.startswith("The dealer undid step") for line in app.log_texts) == 8
        await keys(pilot, "z")
        assert app.text("message") == "Nothing to undo: a finished hand stays as it was recorded"
        assert app.history_file is not None
        history = loads(app.history_file.read_text())[0]
        rulings = history.metadata["_rulings"]
        assert isinstance(rulings, list)
        undos = [r for r in rulings if r.startswith("The dealer undid step")]
        assert undos[0] == "The dealer undid step 7: a raise (8)"
        assert undos[1].startswith("The dealer undid step 7: ") and "cards flashed" in undos[1]
        assert len(undos) == 8
        replayed = replay(history).result
        assert replayed is not None and sorted(replayed.stacks) == [99, 100, 101]

    drive(app, script)


# RULES 6.7: after an all-in every hand is turned up at once; the dealer enters them in the
# order they come, naming the seat.
def test_after_an_all_in_the_dealer_enters_shows_by_seat(tmp_path: Path) -> None:
    app = LiveApp(session(), history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await keys(pilot, *["enter"] * 6)
        await keys(pilot, "a", "c", "c")  # Ann all-in, Bob and Cy call
        assert app.text("step").startswith("▶ Ann (seat 1) shows")
        await entry(pilot, "s", "Kc Kd 3")
        await entry(pilot, "s", "Qh Qs 9")
        assert app.text("message") == "Seat 9 is not dealt in this hand"
        await keys(pilot, "escape")
        await entry(pilot, "s", "Qc Qd 2")
        await entry(pilot, "s", "As Ad")
        log = app.log_texts
        order = [line.split(" shows")[0] for line in log if " shows " in line]
        assert order == ["Cy (seat 3)", "Bob (seat 2)", "Ann (seat 1)"]
        assert app.text("step") == "▶ Burn a card and deal the flop"

    drive(app, script)


# RULES 10.1: a player added between hands with the set-up form posts a big blind to play
# at once, as at a cash table; changing anything else starts a new game.
def test_a_player_added_between_hands_posts_a_big_blind(tmp_path: Path) -> None:
    from bigblind import Forced
    from bigblind.engine.events import Posted

    live_session = session()
    app = LiveApp(live_session, history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        await keys(pilot, *["enter"] * 6)
        await keys(pilot, "f", "f")  # button Ann, blinds Bob and Cy: Cy wins
        assert app.state == "between"
        await keys(pilot, "e")
        field = app.query_one("#setup-players", Input)
        assert field.value == "Ann:100, Bob:99, Cy:101"
        field.value = "Ann:100, Dee:80, Bob:99, Cy:101"
        await keys(pilot, "enter")  # the next hand: button Bob, blinds Cy and Ann
        assert "Dee joins and posts a big blind (RULES 10.1)" in app.log_texts
        assert live_session.names == ("Ann", "Dee", "Bob", "Cy")
        live = app.live
        assert live is not None
        posts = [
            (e.kind, live_session.names[live_session.dealt[e.seat]])
            for e in live.events
            if isinstance(e, Posted)
        ]
        assert posts == [
            (Forced.SMALL_BLIND, "Cy"),
            (Forced.BIG_BLIND, "Ann"),
            (Forced.LIVE_BLIND, "Dee"),
        ]

    drive(app, script)


# RULES 10.1: chips added with the set-up form are a rebuy: a player who went broke owes
# the blinds that passed meanwhile; changing only the blinds keeps the game and its debts.
def test_a_rebuy_from_the_form_owes_the_blinds_missed(tmp_path: Path) -> None:
    from bigblind import Forced
    from bigblind.engine.events import Posted

    players = [("Ann", 3), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
    live_session = LiveSession(Rules.no_limit(blinds=(1, 2)), players, button=0)
    app = LiveApp(live_session, history_dir=tmp_path)

    async def script(pilot: Pilot[None]) -> None:
        for card in ("", "As", "", "7d", "", "Ah", "", "2c"):  # Bob, Cy, Dee, Ann ...
            if card:
                await entry(pilot, "k", card)
            else:
                await keys(pilot, "enter")
        await keys(pilot, "f", "a", "f", "c")  # Dee folds, Ann all-in, Bob folds, Cy calls
        await entry(pilot, "s", "")
        await entry(pilot, "s", "")
        for board in ("3c 8d 9h", "Js", "Kd"):
            await entry(pilot, "b", board)
        assert app.state == "between" and live_session.stacks[0] == 0
        for _ in range(3):  # the blinds pass Ann's seat
            await keys(pilot, "enter")
            await keys(pilot, *["enter"] * 6)
            while app.state == "hand":
                await keys(
                    pilot, "f" if app.live and app.live.legal and app.live.legal.fold else "c"
                )
        await keys(pilot, "e")
        field = app.query_one("#setup-players", Input)
        field.value = field.value.replace("Ann:0", "Ann:100")
        app.query_one("#setup-blinds", Input).value = "2/4"
        await keys(pilot, "enter")
        assert "Ann adds 100 chips" in app.log_texts
        live = app.live
        assert live is not None and live_session.rules.big_blind == 4
        ann = [
            (e.kind, e.amount)
            for e in live.events
            if isinstance(e, Posted) and live_session.dealt[e.seat] == 0
        ]
        assert set(ann) == {(Forced.LIVE_BLIND, 4), (Forced.DEAD_BLIND, 2)}

    drive(app, script)
