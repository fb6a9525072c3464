"""The session's hand histories: the player's view apart from the house's, appended per hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules
from bigblind.engine.events import HoleDealt, Mucked, Shown
from bigblind.formats.phh import loads, replay
from bigblind.sessions.histories import check_folder, house_folder
from bigblind.ui.game import Game, GameConfig


def play_hands(game: Game, count: int, *, fold_first: bool = False) -> None:
    for _ in range(count):
        current = game.start_hand()
        first = True
        while not current.hand.finished:
            if game.showing is not None:
                game.bots_show()
                if game.showing is not None:
                    game.act("show")
                continue
            legal = current.hand.legal
            assert legal is not None
            if fold_first and first and legal.fold:
                game.act("fold")
            else:
                game.act("check" if legal.check else "call")
            first = False
        game.finish_hand()


def new_game(tmp_path: Path, *, write_histories: bool = True) -> Game:
    config = GameConfig(
        players=4,
        seed=3,
        bots=("station",),
        speed=0,
        history_dir=tmp_path / "mine",
        write_histories=write_histories,
    )
    return Game(config)


# RULES 3.4, 6.8: the player's files hold what the player saw; the house's every card.
def test_the_players_files_hide_the_cards_they_did_not_see(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    play_hands(game, 4, fold_first=True)
    files = game.files
    assert files.house is not None
    assert files.phh.parent == tmp_path / "mine"
    assert files.house.parent == tmp_path / "mine-house"
    mine = loads(files.phh.read_text(encoding="utf-8"))
    house = loads(files.house.read_text(encoding="utf-8"))
    assert len(mine) == len(house) == 4
    for seen, full, record in zip(mine, house, game.history, strict=True):
        hero = record.names.index("Hero")
        hand = record.hand
        shown = {e.seat for e in hand.events if isinstance(e, Shown)}
        assert seen.players is not None
        for text in seen.actions:
            if text.startswith("d dh "):
                player = seen.players[int(text.split()[2][1:]) - 1]
                seat = record.names.index(player)
                # dealt face down: only the player's own cards are known then
                assert text.endswith("????") == (seat != hero), text
        shows = [a for a in seen.actions if " sm " in a]
        assert len(shows) == len(shown)
        assert not any(a.endswith("????") for a in full.actions if a.startswith("d dh"))
        # both replay to the same stacks
        assert replay(seen).result.stacks == replay(full).result.stacks  # type: ignore[union-attr]
    stars = files.pokerstars.read_text(encoding="utf-8")
    assert stars.count("PokerStars Hand #") == 4
    assert stars.endswith("\n\n\n")


def test_each_hand_is_appended_as_it_ends(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    sizes = []
    for _ in range(3):
        play_hands(game, 1)
        sizes.append(game.files.phh.stat().st_size)
        assert len(loads(game.files.phh.read_text(encoding="utf-8"))) == len(sizes)
    assert sizes[0] < sizes[1] < sizes[2]
    before = game.files.phh.read_text(encoding="utf-8")
    play_hands(game, 1)
    assert game.files.phh.read_text(encoding="utf-8").startswith(before)  # never rewritten


# RULES 1.2: without a seed every deck comes from the system's secure source.
def test_without_a_seed_every_deck_is_shuffled_from_the_secure_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import secrets

    drawn: list[int] = []
    real = secrets.randbits

    def counting(bits: int) -> int:
        drawn.append(bits)
        return int(real(bits))

    monkeypatch.setattr(secrets, "randbits", counting)
    seeded = new_game(tmp_path / "a", write_histories=False)
    play_hands(seeded, 2)
    assert drawn == []
    config = GameConfig(players=3, bots=("station",), speed=0, write_histories=False)
    play_hands(Game(config), 2)
    assert len(drawn) >= 2


def test_a_folder_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert check_folder(tmp_path / "fine") is None
    problem = check_folder(blocker / "sub")
    assert problem is not None and problem.startswith(f"{blocker / 'sub'} cannot be written")
    assert house_folder(tmp_path / "h") == tmp_path / "h-house"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seat=st.integers(0, 2))
def test_a_seen_hand_never_shows_another_seats_hidden_cards(seed: int, seat: int) -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 50, 50], deck=Deck.shuffled(seed=seed))
    while not hand.finished:
        legal = hand.legal
        assert legal is not None
        hand.act("check" if legal.check else "call" if seed % 2 else "fold")
    seen = hand.seen(seat)
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    for event in seen.events:
        if isinstance(event, HoleDealt) and event.seat != seat and event.seat not in shown:
            assert event.card is None
        if isinstance(event, Mucked) and event.seat != seat:
            assert all(card is None for card in event.cards)
    watcher = hand.seen(None)
    assert all(e.card is None for e in watcher.events if isinstance(e, HoleDealt))


# A crash while a hand is written loses that hand only: cut at any line of the last hand,
# the player's file and the house's read back with that hand left out and the others whole.
def test_a_hand_cut_short_anywhere_is_left_out(tmp_path: Path) -> None:
    from bigblind.formats.phh import loads_appended

    game = new_game(tmp_path)
    play_hands(game, 3)
    assert game.files.house is not None
    for path in (game.files.phh, game.files.house):
        text = path.read_text(encoding="utf-8")
        last = text.index("[3]")
        whole = [h.finishing_stacks for h in loads(text)]
        cuts = [i + 1 for i, ch in enumerate(text) if ch == "\n" and last <= i < len(text) - 2]
        assert len(cuts) > 10
        for cut in cuts:
            session = loads_appended(text[:cut])
            assert session.partial is not None, text[last:cut]
            assert [h.finishing_stacks for h in session.hands] == whole[:2]
