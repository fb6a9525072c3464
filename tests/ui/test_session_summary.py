"""What the person leaving the terminal table is told: hands played and watched, the
result, a tournament's winner and places (RULES 8.3)."""

from __future__ import annotations

from pathlib import Path

from bigblind.ui.game import Game
from tests.ui.test_table_app import new_game


def play_hand(game: Game, hero_action: str) -> None:
    """One hand: the person goes all-in (``hero_action`` 'all-in') or checks and calls
    as everyone else does."""
    current = game.start_hand()
    while not current.hand.finished:
        legal = current.hand.legal
        if legal is None:
            game.act("show")
        elif game.hero_to_act and hero_action == "all-in":
            game.act("all-in")
        else:
            game.act("check" if legal.check else "call")
    game.finish_hand()


def test_a_tournament_summary_counts_the_hands_watched_and_names_the_places(
    tmp_path: Path,
) -> None:
    game = new_game(tmp_path, "station", players=3, seed=4, tournament=True, level_hands=1)
    for _ in range(200):
        if game.hero_place is not None:
            break
        play_hand(game, "all-in")
    assert game.hero_place is not None
    dealt_in = game.hands_played
    game.watch()
    for _ in range(400):
        if game.tournament is None or game.tournament.finished:
            break
        play_hand(game, "call")
    tournament = game.tournament
    assert tournament is not None and tournament.finished
    watched = game.hands_played - dealt_in
    lines = game.session_summary()
    # Before: "You played 22 hands" for 11 played and 11 watched, and no winner named.
    expected = f"You played {dealt_in} hand{'' if dealt_in == 1 else 's'}"
    assert lines[0] == expected + (f" and watched {watched}." if watched else ".")
    first, *others = tournament.results
    assert f"Winner: {first.name}." in lines
    words = {2: "2nd", 3: "3rd"}
    # A shared place (two out in one hand with equal stacks) reads "2nd-3rd".
    out = ", ".join(
        "-".join(words[p] for p in sorted({f.places[0], f.places[-1]})) + f" {f.name}"
        for f in others
    )
    assert f"Out: {out}." in lines
    assert game.hero != first.name


def test_a_tournament_left_early_shows_the_standings(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=3, seed=4, tournament=True)
    play_hand(game, "call")
    lines = game.session_summary()
    assert lines[0] == "You played 1 hand."
    standing = next(line for line in lines if line.startswith("Still playing: "))
    tournament = game.tournament
    assert tournament is not None
    for table in tournament.tables:
        for info in table.players:
            assert f"{info.name} {info.stack:,}" in standing


def test_a_cash_game_broken_even_is_said_plainly(tmp_path: Path) -> None:
    game = new_game(tmp_path, "station", players=2, seed=1)
    lines = game.session_summary()
    assert lines[0] == "You played 0 hands."
    assert not any("broke even chips" in line for line in lines)
    game.bought_in = game.hero_stack  # as if the hand had given back what it took
    play_hand(game, "check")
    lines = game.session_summary()
    if game.hero_stack == game.bought_in:
        assert lines[1].startswith("You broke even: bought in for ")
    else:
        assert lines[1].startswith(("You won ", "You lost ")) and "chips (" in lines[1]
