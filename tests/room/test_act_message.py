"""A click in the browser reaches the room as the engine's Action, no text between."""

from __future__ import annotations

from typing import Any

import pytest

from bigblind.engine import Action
from bigblind.room import Room
from bigblind.room import protocol as p
from bigblind.room.runner import dispatch
from bigblind.room.settings import RoomError
from tests.room.seating import seat_players
from tests.room.test_room import make_room


def _click(room: Room, action: str, amount: int | None = None) -> dict[str, Any]:
    current = room.current
    assert current is not None
    message: dict[str, Any] = {"v": 1, "type": "act", "hand": current.number}
    message.update(decision=len(current.hand.events))
    message.update(action=action, amount=amount)
    return message


# RULES 5: 'raise 6' is a raise to 6; the room is handed Action.raise_to(6) and stores its text.
def test_an_act_message_hands_the_room_an_action(monkeypatch: pytest.MonkeyPatch) -> None:
    room = make_room()
    seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    handed: list[object] = []
    act = Room.act

    def recording(self: Room, who: Any, action: Action | str, *, at: float) -> Any:
        handed.append(action)
        return act(self, who, action, at=at)

    monkeypatch.setattr(Room, "act", recording)
    names = {0: "Ann", 1: "Bob", 2: "Cy"}
    message = p.Act.model_validate(_click(room, "raise", 6))
    dispatch(message, f"tok-{names[room.actor or 0]}")(room, 3.0)
    assert handed == [Action.raise_to(6)]
    assert room.events[-1]["action"] == "raise 6"
    message = p.Act.model_validate(_click(room, "fold"))
    dispatch(message, f"tok-{names[room.actor or 0]}")(room, 4.0)
    assert handed[-1] == Action.fold()


@pytest.mark.parametrize(
    ("action", "amount", "error"),
    [("raise", None, "cannot raise: the amount is missing"), ("call", 5, "takes no amount")],
)
def test_a_click_that_names_no_action_is_refused(
    action: str, amount: int | None, error: str
) -> None:
    room = make_room()
    seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    message = p.Act.model_validate(_click(room, action, amount))
    with pytest.raises(RoomError, match=error):
        dispatch(message, "tok-Ann")(room, 3.0)
