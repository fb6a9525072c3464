"""Unseeded games deal from the operating system's secure source (RULES 1.2)."""

from __future__ import annotations

import random

import pytest

from bigblind import HandView, Rules
from bigblind.engine.events import HoleDealt
from bigblind.sessions import Table, Tournament

RULES = Rules.no_limit(blinds=(1, 2))


def passive(view: HandView) -> str:
    assert view.legal is not None
    return "fold" if view.legal.fold else "check"


def first_holes(table: Table) -> list[object]:
    record = table.play_hand(passive)
    return [e for e in record.hand.events if isinstance(e, HoleDealt)]


def fresh_table(seed: int | None) -> Table:
    table = Table(RULES, seats=6, first_button=0, seed=seed)
    for seat in range(6):
        table.join(seat, f"P{seat}", 100)
    return table


class _Refused(random.Random):
    def __init__(self, *args: object) -> None:
        raise AssertionError("an unseeded game used a seeded generator")


def test_unseeded_tables_deal_different_decks_whatever_random_seed_says() -> None:
    # RULES 1.2: a real game is shuffled from a secure source, never from a seed.
    decks = []
    for _ in range(2):
        random.seed(7)  # the module's generator must play no part
        decks.append(first_holes(fresh_table(None)))
    assert decks[0] != decks[1]  # equal by chance once in about 10**23


def test_seeded_tables_repeat_their_decks() -> None:
    # RULES 1.2: a seed is for tests, simulations and replays.
    assert first_holes(fresh_table(5)) == first_holes(fresh_table(5))


def test_unseeded_games_never_build_a_seeded_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    # RULES 1.2: from one's own cards and a flop a seeded generator can be searched and
    # every later hand predicted; an unseeded game must never deal from one.
    monkeypatch.setattr(random, "Random", _Refused)
    monkeypatch.setattr(random, "seed", _Refused)
    monkeypatch.setattr(random, "getrandbits", _Refused)
    table = fresh_table(None)
    for _ in range(3):
        table.play_hand(passive)
    tournament = Tournament([f"P{i}" for i in range(12)], starting_stack=40, table_size=6)
    for _ in range(5):
        playing, _ = tournament.start_hand()
        playing.play_turns(passive)
        tournament.finish_hand()
