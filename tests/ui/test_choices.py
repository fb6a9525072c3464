"""The person's choices outside the betting, and the bots' rules for them: the straddle
(RULES 2.7), run it twice (RULES 10.3), show or muck (RULES 6.7)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from bigblind import Deck, Hand, Rules
from bigblind.engine.events import Forced, Mucked, Posted, RunsAgreed, Shown
from bigblind.errors import IllegalActionError
from bigblind.formats.words import card_text
from bigblind.sessions.table import StraddleOffer
from bigblind.ui.choices import bot_shows, bot_straddles, may_muck
from bigblind.ui.game import Game, GameConfig
from bigblind.ui.table_app import TableApp
from tests.ui.test_table_app import ScriptedBot, play, press, settle


def _random_showdowns(seed: int) -> list[tuple[Hand, int]]:
    """Hands played at random to a manual showdown; each (hand, seat) due to show."""
    rng = random.Random(seed)
    players = rng.randint(2, 5)
    stacks = [rng.choice([30, 100, 250]) for _ in range(players)]
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        stacks,
        deck=Deck.shuffled(seed=seed),
        showdown="manual",
    )
    due: list[tuple[Hand, int]] = []
    while not hand.finished:
        if hand.awaiting == "show":
            seat = hand.actor
            assert seat is not None
            due.append((hand, seat))
            return due
        legal = hand.legal
        assert legal is not None
        roll = rng.random()
        if legal.can_raise and roll < 0.15:
            hand.act(f"{'bet' if legal.bet else 'raise'} {legal.min_raise_to}")
        elif legal.fold and roll < 0.25:
            hand.fold()
        else:
            hand.check_or_call()
    return due


# RULES 6.7: the first hand shown and all-in hands are shown; a later one may be mucked,
# unless nobody else can win a pot it is in. may_muck says so exactly where the engine does.
@pytest.mark.parametrize("seed", range(300))
def test_may_muck_agrees_with_the_engine(seed: int) -> None:
    due = _random_showdowns(seed)
    if not due:
        return
    hand, _ = due[0]
    rng = random.Random(seed)
    while hand.awaiting == "show":
        seat = hand.actor
        assert seat is not None
        allowed = may_muck(hand, seat)
        if allowed and rng.random() < 0.5:
            hand.muck()
            continue
        if not allowed:
            with pytest.raises(IllegalActionError):
                hand.muck()
        hand.show()


def test_the_first_hand_and_an_all_in_hand_cannot_be_mucked() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=2), showdown="manual"
    )
    while hand.awaiting == "action":
        hand.check_or_call()
    assert hand.awaiting == "show" and hand.actor is not None
    assert not may_muck(hand, hand.actor)  # the first hand of the showdown is shown
    hand.show()
    assert hand.actor is not None and may_muck(hand, hand.actor)
    allin = Hand(
        Rules.no_limit(blinds=(1, 2)), [50, 100, 100], deck=Deck.shuffled(seed=2), showdown="manual"
    )
    allin.all_in()
    allin.call()
    allin.fold()
    while allin.awaiting == "show":
        assert allin.actor is not None and not may_muck(allin, allin.actor)
        allin.show()


def test_after_a_muck_the_last_claim_to_a_side_pot_is_shown() -> None:
    """RULES 6.7: the short stack is all-in, the two others bet a side pot on the flop and
    check the river. The all-in hand shows; the next may muck; the last one then holds
    the only claim to the side pot and must show."""
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)),
        [50, 200, 200],
        button=2,
        deck=Deck.shuffled(seed=0),
        showdown="manual",
    )
    bet = False
    while hand.awaiting == "action":
        legal = hand.legal
        assert legal is not None
        if hand.actor == 0 and legal.can_raise:
            hand.all_in()
        elif len(hand.board) == 3 and not bet and legal.bet:
            hand.bet(20)
            bet = True
        else:
            hand.check_or_call()
    assert [pot.eligible for pot in hand.pots] == [(0, 1, 2), (1, 2)]
    assert hand.actor == 0 and not may_muck(hand, 0)
    hand.show()
    assert hand.actor == 1 and may_muck(hand, 1)
    hand.muck()
    assert hand.actor == 2 and not may_muck(hand, 2)
    with pytest.raises(IllegalActionError):
        hand.muck()


def test_a_bot_mucks_a_beaten_hand_and_shows_one_that_wins() -> None:
    for seed in range(40):
        hand = Hand(
            Rules.no_limit(blinds=(1, 2)),
            [100, 100],
            deck=Deck.shuffled(seed=seed),
            showdown="manual",
        )
        while hand.awaiting == "action":
            hand.check_or_call()
        hand.show()
        seat = hand.actor
        assert seat is not None
        first = next(e.seat for e in hand.events if isinstance(e, Shown))
        result_seat_wins = _wins(hand, seat, first)
        assert bot_shows(hand, seat) is result_seat_wins


def _wins(hand: Hand, seat: int, other: int) -> bool:
    from bigblind.evaluation.scalar import evaluate

    mine = evaluate([*(c for c in hand.hole(seat) if c is not None), *hand.board])
    theirs = evaluate([*(c for c in hand.hole(other) if c is not None), *hand.board])
    return mine >= theirs


# RULES 2.7: a bot straddles by a simple rule: only with a deep stack.
def test_a_bot_straddles_only_with_a_deep_stack() -> None:
    assert bot_straddles(StraddleOffer(3, "Ada", 200, 4, 2))
    assert not bot_straddles(StraddleOffer(3, "Ada", 40, 4, 2))


def _game(tmp_path: Path, **changes: object) -> Game:
    settings = {
        "players": 3,
        "seed": 5,
        "bots": ("station",),
        "speed": 0,
        "history_dir": tmp_path / "h",
        **changes,
    }
    return Game(GameConfig(**settings), bot_factory=ScriptedBot)  # type: ignore[arg-type]


def _straddle_game(tmp_path: Path) -> Game:
    """A game whose first hand offers the person the straddle (RULES 2.7)."""
    for seat in range(3):
        game = _game(tmp_path / str(seat), straddle=4, seat=seat)
        offer = game.straddle_offer()
        if offer is not None and offer.name == game.hero:
            return game
    raise AssertionError("the straddle was never offered to the person")


def _straddles(game: Game) -> list[Posted]:
    current = game.current
    assert current is not None
    return [e for e in current.hand.events if isinstance(e, Posted) and e.kind is Forced.STRADDLE]


# RULES 2.7: the player left of the big blind chooses each hand whether to straddle.
@pytest.mark.parametrize("answer", [True, False])
def test_the_person_chooses_to_straddle(tmp_path: Path, answer: bool) -> None:
    game = _straddle_game(tmp_path)
    game.start_hand(straddle=answer)
    posted = _straddles(game)
    hero = game.hero_hand_seat()
    assert [(p.seat, p.amount) for p in posted] == ([(hero, 4)] if answer else [])


def test_a_deep_bot_straddles_when_offered(tmp_path: Path) -> None:
    for seat in range(3):
        game = _game(tmp_path / str(seat), straddle=4, seat=seat)
        offer = game.straddle_offer()
        if offer is not None and offer.name != game.hero:
            game.start_hand(straddle=False)  # the person's answer is not asked
            assert [p.amount for p in _straddles(game)] == [4]
            return
    raise AssertionError("no bot was offered the straddle")


def _all_in_game(tmp_path: Path, seed: int = 5) -> Game:
    """Heads-up against a caller, with run it twice offered; the person goes all-in."""
    game = _game(tmp_path, players=2, seed=seed, run_twice=True)
    current = game.start_hand()
    while game.hero_to_act is False and not current.hand.finished:
        game.act("call")
    game.act("raise 200")
    if not current.hand.finished and current.hand.awaiting == "action":
        game.act("call")
    game.bots_show()
    return game


# RULES 10.3: when betting ends all-in before the river, every player still in is asked.
@pytest.mark.parametrize(("answer", "boards"), [(True, 2), (False, 1)])
def test_the_person_chooses_to_run_it_twice(tmp_path: Path, answer: bool, boards: int) -> None:
    game = _all_in_game(tmp_path)
    current = game.current
    assert current is not None and current.hand.awaiting == "runs"
    assert game.hero_asked_runs
    assert game.choose_runs(answer) == boards
    assert current.hand.finished and len(current.hand.boards) == boards


def test_without_the_option_the_board_is_run_once(tmp_path: Path) -> None:
    game = _game(tmp_path, players=2)
    current = game.start_hand()
    while game.hero_to_act is False:
        game.act("call")
    game.act("raise 200")
    game.act("call")
    game.bots_show()
    assert current.hand.finished and not game.hero_asked_runs
    assert not any(isinstance(e, RunsAgreed) for e in current.hand.events)


# ---------------------------------------------------------------- the keys


def test_y_takes_the_straddle_on_the_screen(tmp_path: Path) -> None:
    game = _straddle_game(tmp_path)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        assert app.state == "straddle"
        assert "Straddle 4? y straddles · n does not" in app.text("message")
        assert " y  straddle" in app.text("keys") and " n  do not" in app.text("keys")
        await press(pilot, "y")
        assert game.current is not None and [p.amount for p in _straddles(game)] == [4]
        assert any("posts straddle 4" in line for line in app.log_texts)

    play(app, script)


def test_n_declines_the_straddle_on_the_screen(tmp_path: Path) -> None:
    game = _straddle_game(tmp_path)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        assert app.state == "straddle"
        await press(pilot, "n")
        assert game.current is not None and _straddles(game) == []

    play(app, script)


def test_y_runs_it_twice_on_the_screen(tmp_path: Path) -> None:
    game = _game(tmp_path, players=2, run_twice=True)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(10):
            if app.state == "hero":
                break
            await press(pilot, "n")
        await press(pilot, "6", "enter")
        await settle(pilot)
        assert app.state == "runs", app.text("message")
        assert "Run it twice? y runs it twice · n runs it once" in app.text("message")
        assert "All-in: run it twice?" in app.text("turn")
        await press(pilot, "y")
        assert app.state == "between"
        assert "── Run it twice" in app.log_texts
        current = game.history[-1].hand
        second = " ".join(card_text(c) for c in current.boards[1])
        assert app.text("board").splitlines()[1].split() == ["Run", "2", *second.split()]
        assert any(line.startswith("── Run 2, ") for line in app.log_texts)
        assert sum(" on run 1" in line for line in app.log_texts) >= 1
        assert sum(" on run 2" in line for line in app.log_texts) >= 1

    play(app, script)


def test_m_mucks_where_the_rules_allow_and_s_shows(tmp_path: Path) -> None:
    """Heads-up, checked down: the bot shows first, then the person chooses (RULES 6.7)."""
    game = _game(tmp_path, players=2, seed=3)
    app = TableApp(game)
    seen: list[str] = []

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(200):
            if len(seen) == 2:
                return
            if app.state == "show":
                assert " s  show" in app.text("keys") and " m  muck" in app.text("keys")
                current = game.current
                assert current is not None
                key = "m" if not seen else "s"
                seat = game.hero_hand_seat()
                await press(pilot, "f" if not seen else "n")  # no fold or deal now
                assert app.state == "show"
                assert app.text("message") == "Answer first: s show · m muck"
                await press(pilot, key)
                kind = Mucked if key == "m" else Shown
                assert any(isinstance(e, kind) and e.seat == seat for e in current.hand.events)
                line = f"Hero {'mucks' if key == 'm' else 'shows'}"
                assert any(text.startswith(line) for text in app.log_texts)
                seen.append(key)
            else:
                await press(pilot, "c" if app.state == "hero" else "n")
        raise AssertionError("the person was never asked to show or muck")

    play(app, script)


def test_m_outside_the_showdown_says_when_it_works(tmp_path: Path) -> None:
    game = _game(tmp_path, players=2)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        await press(pilot, "m")
        assert app.text("message") == "You can muck at the showdown, when it is your turn to show"
        await press(pilot, "y")
        assert app.text("message") == "Nothing is asked now: y answers a question when one is"

    play(app, script)


# RULES 10.3: no answer in time means one run.
def test_on_the_clock_no_answer_runs_the_board_once(tmp_path: Path) -> None:
    game = _game(tmp_path, players=2, run_twice=True, clock=1.0)
    app = TableApp(game)

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(10):
            if app.state == "hero":
                break
            await press(pilot, "n")
        await press(pilot, "6", "enter")
        assert app.state == "runs"
        for _ in range(200):
            await pilot.pause(0.05)
            if app.state != "runs":
                break
        assert app.state == "between"
        assert "(no answer in time: the board is run once)" in app.log_texts
        hand = game.history[-1].hand
        assert len(hand.boards) == 1

    play(app, script)
