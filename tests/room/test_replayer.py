"""The log of every finished hand of a room, as the table saw each (the hand log panel)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, Rules
from bigblind.bots.basic import RandomBot
from bigblind.room import Room, RoomSettings
from bigblind.room.replayer import hand_logs, hand_steps


def test_every_finished_hand_has_its_public_log_with_what_came_after() -> None:
    settings = RoomSettings(seed=2, open_seating=True, next_hand_seconds=0, rabbit_hunting=True)
    room, _ = Room.create("logs", settings, "host", at=0.0)
    for place, name in enumerate(["Ann", "Bob"]):
        room.request_seat(f"tok-{name}", name, place, 100, at=1.0)
    ids = {place: room.identify(f"tok-{name}") for place, name in enumerate(["Ann", "Bob"])}
    for number in (1, 2, 3):
        room.deal(at=float(number * 10))
        actor = room.actor
        assert actor is not None
        room.act(ids[actor], "fold", at=number * 10 + 1.0)
        if number == 2:  # the winner shows a card, and the rabbit is hunted
            winner = next(int(s) for s, w in room.view(None)["last_hand"]["winnings"].items() if w)
            room.show(ids[winner], at=25.0, card=0)
            room.rabbit_hunt(ids[actor], at=26.0)
    logs = hand_logs(room)
    assert [h["number"] for h in logs] == [3, 2, 1]
    for entry in logs:
        assert any("folds" in line for line in entry["log"])
        assert not any("??" in line for line in entry["log"])  # no hidden card, ever
    second = logs[1]["log"]
    assert any("after the hand" in line for line in second)
    assert any(line.startswith("Rabbit hunt, asked by") for line in second)
    # The log of the last hand is the one the table shows.
    assert logs[0]["log"] == room.view(None)["last_hand"]["log"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), ante=st.sampled_from([0, 1]))
def test_the_replayer_keeps_every_chip_at_every_step(seed: int, players: int, ante: int) -> None:
    # The replayer's table: stacks, bets in front and the pot add up to the chips the
    # hand started with at every step, and end as the hand's result (RULES 6.4, 4.8).
    rng = random.Random(seed)
    stacks = [rng.randint(3, 120) for _ in range(players)]
    rules = Rules.no_limit(blinds=(1, 2), ante=ante)
    hand = Hand(rules, stacks=stacks, deck=Deck.shuffled(seed=seed))
    bot = RandomBot(seed)
    while hand.actor is not None:
        hand.act(bot.act(hand.view(hand.actor)))
    names = [f"P{s}" for s in range(players)]
    steps = hand_steps(hand, names, seats=list(range(players)), viewer=None)
    for step in steps:
        held = sum(p["stack"] + p["bet"] for p in step["players"])
        assert held + step["pot"] == sum(stacks), step["text"]
        assert all(p["stack"] >= 0 and p["bet"] >= 0 for p in step["players"])
    assert hand.result is not None
    assert [p["stack"] for p in steps[-1]["players"]] == list(hand.result.stacks)
    assert steps[-1]["pot"] == 0
