"""The host's table controls in the pure room: stacks edited with a ledger line, the host
handed on, a player seated where the host chooses, spectators let in or kept out, and
the players' reactions. Each is a stored event: a room restored from its events is the
same room, and a refused request stores nothing."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.room import Identity, Room, RoomError, RoomSettings
from bigblind.room.protocol import ProtocolError, parse_client
from tests.room.decks import all_in, deck_for
from tests.room.seating import seat_players

HOST = "host-token"
BOSS = Identity(host=True)


def make_room(**overrides: object) -> Room:
    options: dict[str, object] = {"seed": 3, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("hosting", RoomSettings(**options), HOST, at=0.0)  # type: ignore[arg-type]
    return room


def play_out(room: Room, ids: dict[int, Identity], at: float) -> None:
    """Everyone checks or calls to the end of the hand."""
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "check" if legal["check"] else "call", at=at)


def stack(room: Room, seat: int) -> int:
    player = room.table.player(seat)
    assert player is not None
    return player.stack


def same_after_restore(room: Room) -> None:
    again = Room.restore(room.id, room.events)
    assert again.view(None) == room.view(None)
    assert again.ledger_json() == room.ledger_json()


def refused_and_unchanged(room: Room, call: object, match: str) -> None:
    before = list(room.events)
    with pytest.raises(RoomError, match=match):
        call()  # type: ignore[operator]
    assert room.events == before


# ------------------------------------------------------------------ stacks


def test_the_host_adds_and_takes_chips_between_hands_with_ledger_lines() -> None:
    room = make_room()
    seat_players(room, ["Ann", "Bob"])
    events = room.adjust_stack(BOSS, 1, 40, at=2.0)
    assert [e["type"] for e in events] == ["stack_adjusted"]
    room.adjust_stack(BOSS, 0, -30, at=2.5)
    assert stack(room, 1) == 140 and stack(room, 0) == 70
    kinds = [(e["name"], e["kind"], e["chips"]) for e in room.ledger_json()["entries"]]
    assert ("Bob", "adjustment", 40) in kinds and ("Ann", "adjustment", -30) in kinds
    players = {p["name"]: p for p in room.ledger_json()["players"]}
    # The net counts an adjustment as chips brought: nobody wins by the host's edit.
    assert players["Bob"]["net"] == 0 == players["Ann"]["net"]
    assert room.ledger_json()["adjusted"] == 10
    assert room.chips_accounted()
    assert "adjustment" in room.ledger_csv().splitlines()[0]
    same_after_restore(room)


def test_an_edit_asked_during_a_hand_is_made_when_it_ends() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    room.adjust_stack(BOSS, 0, 25, at=2.1)
    assert room.view(None)["adjustments"] == [{"seat": 0, "chips": 25}]
    assert room.chips_accounted()  # nothing moved yet
    play_out(room, ids, at=3.0)
    assert room.view(None)["adjustments"] == []
    assert [e.chips for e in room.ledger.entries if e.kind == "adjustment"] == [25]
    assert sum(p.stack for p in room.table.players) == 225
    assert room.chips_accounted()
    same_after_restore(room)


def test_bad_stack_edits_are_refused_in_the_hosts_words_and_nothing_stored() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    refused_and_unchanged(room, lambda: room.adjust_stack(BOSS, 0, -101, at=2), "at most 100")
    refused_and_unchanged(room, lambda: room.adjust_stack(BOSS, 0, 0, at=2), "not 0")
    refused_and_unchanged(room, lambda: room.adjust_stack(BOSS, 5, 10, at=2), "no player")
    refused_and_unchanged(
        room, lambda: room.adjust_stack(BOSS, 0, 10**12 + 1, at=2), "at most 1,000,000,000,000"
    )
    refused_and_unchanged(room, lambda: room.adjust_stack(ids[1], 1, 10, at=2), "only the host")
    sng = make_room(game="tournament", seats=2, starting_stack=500)
    seat_players(sng, ["Ann"], chips=500)
    refused_and_unchanged(sng, lambda: sng.adjust_stack(BOSS, 0, 10, at=2), "not money")


def test_an_edit_that_no_longer_fits_after_the_hand_is_dropped_with_a_notice() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    # Ann's 2-3 against Bob's aces, all in: Ann loses everything in the hand.
    deck = deck_for(room, {0: "2c 3d", 1: "As Ah"}, "Kd Qs 9h 8c 4s", at=2.0)
    room.deal(at=2.0, deck=deck)
    room.adjust_stack(BOSS, 0, -100, at=2.1)  # all of Ann's chips before the hand
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.current.hand.legal
        assert legal is not None
        room.act(ids[seat], all_in(legal), at=3.0)
    assert stack(room, 0) == 0 and room.chips_accounted()
    assert any("was not made" in n and "Ann" in n for n in room.notices)
    assert not [e for e in room.ledger.entries if e.kind == "adjustment"]
    same_after_restore(room)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(-150, 150)), max_size=8))
def test_every_chip_is_accounted_whatever_the_host_edits(edits: list[tuple[int, int]]) -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    at = 2.0
    for seat, chips in edits:
        at += 1
        if room.current is None and room.next_hand_at() is not None:
            room.deal(at=at)
        with contextlib.suppress(RoomError):  # more than the stack: refused, as it should
            room.adjust_stack(BOSS, seat, chips, at=at)
        if room.current is not None:
            play_out(room, ids, at=at)
        assert room.chips_accounted()
    ledger = room.ledger_json()
    at_table = sum(p.stack for p in room.table.players)
    assert ledger["bought"] + ledger["adjusted"] == ledger["cashed"] + at_table + ledger["rake"]
    same_after_restore(room)


# ------------------------------------------------------------------ the host


def test_the_host_hands_the_part_to_a_seated_person() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.transfer_host(BOSS, 1, at=2.0)
    assert room.identify("tok-Bob").host and not room.identify(HOST).host
    assert room.view(None)["host_seat"] == 1
    assert room.view_for(room.identify("tok-Bob"))["host"] is True
    assert room.view_for(room.identify("tok-Ann"))["host"] is False
    refused_and_unchanged(room, lambda: room.pause(Identity(), at=3), "only the host")
    room.pause(room.identify("tok-Bob"), at=3.0)  # the new host's requests are the host's
    assert room.paused
    refused_and_unchanged(
        room, lambda: room.transfer_host(room.identify("tok-Bob"), 1, at=4), "the host already"
    )
    refused_and_unchanged(room, lambda: room.transfer_host(ids[0], 0, at=4), "only the host")
    again = Room.restore(room.id, room.events)
    assert again.identify("tok-Bob").host and not again.identify(HOST).host


def test_the_host_part_goes_to_a_person_not_a_bot_nor_an_empty_seat() -> None:
    room = make_room()
    seat_players(room, ["Ann"])
    room.add_bot(BOSS, "station", seat=1, at=2.0, seed=1)
    refused_and_unchanged(room, lambda: room.transfer_host(BOSS, 1, at=3), "is a bot")
    refused_and_unchanged(room, lambda: room.transfer_host(BOSS, 4, at=3), "no player")


def test_the_host_seats_a_player_in_a_chosen_seat() -> None:
    room = make_room(open_seating=False)
    room.request_seat("tok-Ann", "Ann", 2, 100, at=1.0)
    request = room.identify("tok-Ann").request
    assert request is not None
    refused_and_unchanged(room, lambda: room.approve(BOSS, request, at=2, seat=9), "seats are 0")
    events = room.approve(BOSS, request, at=2.0, seat=4)
    assert events[0]["seat"] == 4
    assert room.identify("tok-Ann").seat == 4 and room.view(None)["seats"][4]["name"] == "Ann"
    room.request_seat("tok-Bob", "Bob", 0, 100, at=3.0)
    bob = room.identify("tok-Bob").request
    assert bob is not None
    refused_and_unchanged(room, lambda: room.approve(BOSS, bob, at=4, seat=4), "seat 4 is taken")
    same_after_restore(room)


# ------------------------------------------------------------------ spectators


def test_spectators_kept_out_see_the_seats_only_and_cannot_chat() -> None:
    room = make_room()
    seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    room.say(room.identify("tok-Ann"), "good luck", at=2.1)
    stranger = room.identify("someone")
    assert room.view_for(stranger)["hand"] is not None
    room.set_spectators(BOSS, allowed=False, chat=False, at=3.0)
    closed = room.view_for(stranger)
    assert closed["spectators_closed"] and closed["hand"] is None and closed["chat"] == []
    assert [s["name"] for s in closed["seats"] if s] == ["Ann", "Bob"]
    assert all(s["cards"] is None and s["bet"] == 0 for s in closed["seats"] if s)
    # The seated and the host still see the play.
    assert room.view_for(room.identify("tok-Ann"))["hand"] is not None
    assert room.view_for(room.identify(HOST))["hand"] is not None
    refused_and_unchanged(
        room, lambda: room.say(stranger, "hi", at=4, name="Zed"), "does not allow spectators"
    )
    refused_and_unchanged(
        room, lambda: room.set_spectators(stranger, allowed=True, chat=True, at=4), "only the host"
    )
    same_after_restore(room)


def test_spectators_chat_under_a_name_only_when_the_host_allows_it() -> None:
    room = make_room()
    seat_players(room, ["Ann", "Bob"])
    stranger = room.identify("someone")
    refused_and_unchanged(room, lambda: room.say(stranger, "hi", at=2, name="Zed"), "chat off")
    room.set_spectators(BOSS, allowed=True, chat=True, at=2.0)
    room.say(stranger, "nice hand", at=2.5, name="Zed")
    assert room.chat[-1] == {"name": "Zed", "text": "nice hand", "at": 2.5, "spectator": True}
    refused_and_unchanged(room, lambda: room.say(stranger, "hi", at=3, name="Ann"), "a player's")
    refused_and_unchanged(room, lambda: room.say(stranger, "hi", at=3, name=" "), "type a name")
    room.set_spectators(BOSS, allowed=True, chat=False, at=4.0)
    refused_and_unchanged(room, lambda: room.say(stranger, "hi", at=5, name="Zed"), "chat off")
    same_after_restore(room)


def test_a_stored_spectator_line_is_refused_on_replay_when_chat_was_off() -> None:
    room = make_room()
    events = [*room.events, {"type": "chat", "at": 1, "name": "Zed", "text": "x", "spectator": 1}]
    with pytest.raises(RoomError, match="chat off"):
        Room.restore(room.id, events)


# ------------------------------------------------------------------ reactions


def test_reactions_are_shown_from_a_fixed_set_a_few_at_a_time() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    for i in range(3):
        room.react(ids[0], "👍", at=2.0 + i)
    refused_and_unchanged(room, lambda: room.react(ids[0], "🔥", at=5.0), "3 reactions in 10")
    refused_and_unchanged(room, lambda: room.react(ids[1], "💩", at=5.0), "react with one of")
    refused_and_unchanged(room, lambda: room.react(Identity(), "👍", at=5.0), "no seat")
    room.react(ids[1], "🔥", at=5.0)  # another seat has its own count
    room.react(ids[0], "😂", at=12.5)  # ten seconds on, the first has lapsed
    assert [(r["seat"], r["emoji"]) for r in room.view(None)["reactions"]][-2:] == [
        (1, "🔥"),
        (0, "😂"),
    ]
    same_after_restore(room)


def test_the_reactions_limit_holds_however_many_seats_react() -> None:
    names = [f"P{i}" for i in range(10)]
    room = make_room(seats=10)
    ids = seat_players(room, names)
    for i in range(3):
        for seat in range(10):
            room.react(ids[seat], "🔥", at=2.0 + i * 0.1)
    # Thirty reactions, more than the table shows at once: each seat's count still holds.
    refused_and_unchanged(room, lambda: room.react(ids[0], "👍", at=3.0), "3 reactions in 10")
    assert len(room.view(None)["reactions"]) == 12


# ------------------------------------------------------------------ the protocol


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ('{"v":1,"type":"adjust_stack","seat":0,"chips":1e3}', "the chips must be a whole number"),
        ('{"v":1,"type":"adjust_stack","seat":0,"chips":-1000000000001}', "at least"),
        ('{"v":1,"type":"adjust_stack","seat":10,"chips":5}', "the seat must be at most 9"),
        ('{"v":1,"type":"transfer_host"}', "the seat is missing"),
        ('{"v":1,"type":"set_spectators","allowed":1,"chat":true}', "true or false"),
        ('{"v":1,"type":"react","emoji":"123456789"}', "the reaction must be at most 8"),
        ('{"v":1,"type":"approve","request":1,"seat":-1}', "the seat must be at least 0"),
        ('{"v":1,"type":"chat","text":"hi","name":"a\\u0000b"}', "the name must be letters"),
    ],
)
def test_host_messages_are_refused_in_a_players_words(message: str, words: str) -> None:
    with pytest.raises(ProtocolError) as error:
        parse_client(message)
    assert words in str(error.value)
    assert "Input should" not in str(error.value)


def test_host_messages_are_read() -> None:
    assert parse_client('{"v":1,"type":"adjust_stack","seat":2,"chips":-40}').chips == -40
    assert parse_client('{"v":1,"type":"approve","request":3,"seat":5}').seat == 5
    assert (
        parse_client('{"v":1,"type":"set_spectators","allowed":false,"chat":false}').allowed
        is False
    )
    assert parse_client('{"v":1,"type":"chat","text":"hi","name":"Zed"}').name == "Zed"
