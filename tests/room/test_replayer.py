"""The log of every finished hand of a room, as the table saw each (the hand log panel)."""

from __future__ import annotations

from bigblind.room import Room, RoomSettings
from bigblind.room.replayer import hand_logs


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
