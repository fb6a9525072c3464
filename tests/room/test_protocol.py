"""The protocol's messages: parsing, refusals, and every example of docs/protocol.md."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from bigblind.room import Room, RoomSettings
from bigblind.room import protocol as p

ACT = '{"v": 1, "type": "act", "hand": 1, "decision": 3, '
DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SERVER: dict[str, type[BaseModel]] = {
    "state": p.StateMessage,
    "welcome": p.Welcome,
    "error": p.ErrorMessage,
    "pong": p.Pong,
}


def doc_examples() -> list[dict[str, Any]]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [json.loads(block) for block in blocks]


def test_every_documented_message_is_valid() -> None:
    seen = set()
    for example in doc_examples():
        if "v" not in example:
            continue
        kind = example["type"]
        seen.add(kind)
        if kind in SERVER:
            SERVER[kind].model_validate(example)
        else:
            p.parse_client(json.dumps(example))
    assert set(p.CLIENT_TYPES) | set(SERVER) == seen


def test_documented_http_bodies_are_valid() -> None:
    examples = [e for e in doc_examples() if "v" not in e]
    RoomSettings.from_dict(examples[0])
    p.CreatedRoom.model_validate(examples[1])
    p.parse_client(json.dumps({"v": 1, "type": "request_seat", **examples[2]}))
    p.RequestedSeat.model_validate(examples[3])
    assert set(examples[4]) == {"entries", "players", "bought", "cashed", "adjusted", "rake"}


def test_the_room_view_is_what_the_protocol_documents() -> None:
    room, _ = Room.create("r", RoomSettings(seed=1, open_seating=True), "h", at=0.0)
    room.request_seat("a", "Ann", 0, 100, at=1.0)
    room.request_seat("b", "Bob", 1, 100, at=1.0)
    room.deal(at=2.0)
    for seat in (None, 0, 1):
        p.StateMessage.model_validate(
            {"v": 1, "type": "state", "server_time": 3.0, "state": room.view(seat)}
        )


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{", "not JSON"),
        ("[1]", "JSON object, not list"),
        ('{"type": "act"}', "protocol version None"),
        ('{"v": 2, "type": "act"}', "protocol version 2"),
        ('{"v": 1, "type": "dance"}', "unknown message type 'dance': accepted are act"),
        ('{"v": 1, "type": "act", "action": "jump"}', "action refused: the hand's number"),
        ('{"v": 1, "type": "act", "action": "jump"}', "the action must be one of 'fold'"),
        (ACT + '"action": "bet", "amount": -1}', "the amount must be at least 1"),
        ('{"v": 1, "type": "chat", "text": "hi", "extra": 1}', "'extra' is not part of"),
        ('{"v": 1, "type": "chat", "text": "' + "x" * 5000 + '"}', "at most 4,096"),
        # Strict: text, a float and a boolean are not whole numbers.
        (ACT + '"action": "bet", "amount": "6"}', "the amount must be a whole number"),
        (ACT + '"action": "bet", "amount": 1e3}', "the amount must be a whole number"),
        (ACT + '"action": "bet", "amount": true}', "the amount must be a whole number"),
        ('{"v": 1, "type": "top_up", "chips": 0}', "top-up refused: the chips must be at"),
        ('{"v": 1, "type": "chat", "text": "hi", "id": "' + "9" * 400 + '"}', "the request's"),
        ('{"v": 1, "type": "chat", "text": ' + "[" * 1500 + "]" * 1500 + "}", "nested too"),
        ('{"v": true, "type": "ping"}', "protocol version True"),
    ],
)
def test_bad_messages_say_what_is_wrong(text: str, error: str) -> None:
    with pytest.raises(p.ProtocolError, match=re.escape(error)):
        p.parse_client(text)


def test_a_refusal_names_the_request_it_refuses() -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.parse_client('{"v": 1, "id": 12, "type": "top_up", "chips": -5}')
    assert refused.value.request_id == 12
    with pytest.raises(p.ProtocolError) as unknown:
        p.parse_client('{"v": 1, "id": "a", "type": "dance"}')
    assert unknown.value.request_id == "a"
    # An id that is itself unacceptable is not echoed back.
    with pytest.raises(p.ProtocolError) as huge:
        p.parse_client('{"v": 1, "id": ' + "9" * 400 + ', "type": "ping"}')
    assert huge.value.request_id is None
