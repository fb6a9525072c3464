"""The room as a pure object: every player and host request, no I/O."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.deck import Deck
from bigblind.room import Identity, Room, RoomError, RoomSettings
from tests.room.seating import seat_players

HOST = "host-token"


def make_room(**overrides: Any) -> Room:
    options: dict[str, Any] = {"seed": 5, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("t", RoomSettings(**options), HOST, at=0.0)
    return room


def host() -> Identity:
    return Identity(host=True)


def play_passively(room: Room, ids: dict[int, Identity], at: float = 10.0) -> None:
    """Check or call until the hand is over."""
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "check" if legal["check"] else "call", at=at)


def test_events_are_json_and_restore_the_same_room() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    room.act(ids[room.actor], "call", at=3.0)  # type: ignore[index]
    stored = json.loads(json.dumps(room.events))
    again = Room.restore("t", stored)
    for viewer in (None, 0, 1, 2):
        assert again.view(viewer) == room.view(viewer)
    assert again.current is not None and room.current is not None
    assert again.current.hand.hole(0) == room.current.hand.hole(0)


def test_open_room_seats_at_once_and_host_room_waits_for_approval() -> None:  # RULES 10.1
    room = make_room(open_seating=False)
    room.request_seat("tok", "Ann", 2, 100, at=1.0)
    assert room.identify("tok").request == 1 and room.identify("tok").seat is None
    with pytest.raises(RoomError, match="only the host"):
        room.approve(room.identify("tok"), 1, at=1.0)
    room.approve(host(), 1, at=2.0)
    assert room.identify("tok").seat == 2
    room.request_seat("tok2", "Bob", 3, 100, at=3.0)
    room.refuse(host(), 2, at=4.0)
    refused = room.identify("tok2")
    assert refused.seat is None and refused.request is None and room.occupants.keys() == {2}


def test_seat_requests_are_checked() -> None:  # RULES 10.1 buy-in limits
    room = make_room(min_buy_in=50, max_buy_in=100)
    seat_players(room, ["Ann"], chips=60)
    with pytest.raises(RoomError, match="taken"):
        room.request_seat("x", "Bob", 0, 60, at=1.0)
    with pytest.raises(RoomError, match="buy-in is 50 to 100"):
        room.request_seat("x", "Bob", 1, 200, at=1.0)
    with pytest.raises(RoomError, match="name 'Ann' is taken"):
        room.request_seat("x", "Ann", 1, 60, at=1.0)
    with pytest.raises(RoomError, match="seats are 0 to 8"):
        room.request_seat("x", "Bob", 9, 60, at=1.0)
    assert len(room.events) == 3  # created, requested, approved: refusals leave no trace


def test_actions_out_of_turn_and_illegal_amounts_change_nothing() -> None:  # RULES 4.4, 5.4
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    actor = room.actor
    assert actor is not None
    other = next(s for s in ids if s != actor)
    before = room.view(None), len(room.events)
    with pytest.raises(RoomError, match="not your turn"):
        room.act(ids[other], "call", at=3.0)
    with pytest.raises(RoomError, match="legal now: fold, call 2, raise to 4-100"):
        room.act(ids[actor], "raise 1000", at=3.0)
    with pytest.raises(RoomError, match=r"cannot .dance.: accepted are"):
        room.act(ids[actor], "dance", at=3.0)
    with pytest.raises(RoomError, match="no seat"):
        room.act(Identity(), "call", at=3.0)
    assert (room.view(None), len(room.events)) == before


def test_presets_become_legal_amounts() -> None:  # RULES 5.7
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    actor = room.actor
    assert actor is not None
    legal = room.view(actor)["hand"]["legal"]
    assert legal["presets"]["x3"] == 6 and legal["presets"]["all-in"] == 100
    events = room.act(ids[actor], "preset x3", at=3.0)
    assert events[-1]["action"] == "raise 6"


def test_a_hand_to_the_end_settles_stacks_and_conserves_chips() -> None:  # RULES 7.2
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    play_passively(room, ids)
    assert room.events[-1]["type"] == "hand_ended"
    assert sum(p.stack for p in room.table.players) == 300
    assert room.chips_accounted()
    assert room.view(None)["last_hand"]["board"].count(" ") == 4


def test_a_seat_sees_its_own_cards_only() -> None:  # RULES 3.4
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    for viewer in ids:
        seats = room.view(viewer)["seats"]
        assert seats[viewer]["cards"]
        assert all(s["cards"] is None for s in seats if s and s["seat"] != viewer)
    assert all(s["cards"] is None for s in room.view(None)["seats"] if s)


def test_timeout_checks_or_folds_and_marks_away() -> None:  # RULES 10.4
    room = make_room(decision_seconds=10, time_bank_seconds=5)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=100.0)
    actor = room.actor
    assert actor is not None and room.deadline() == 115.0
    with pytest.raises(RoomError, match="nobody's time"):
        room.time_out(at=114.0)
    room.time_out(at=115.0)
    assert room.is_away(actor) and room.bank(actor) == 0
    assert room.view(None)["hand"]["log"][-1].endswith("folds")
    play_passively(room, {s: i for s, i in ids.items()}, at=116.0)
    # Away: sat out at the next hand until back.
    assert room.table.player(actor).status.name == "SITTING_OUT"  # type: ignore[union-attr]
    room.sit_in(ids[actor], at=120.0)
    assert not room.is_away(actor)


def test_time_bank_pays_for_overruns() -> None:  # RULES 10.4
    room = make_room(decision_seconds=10, time_bank_seconds=30)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=0.0)
    actor = room.actor
    assert actor is not None
    room.act(ids[actor], "call", at=25.0)
    assert room.bank(actor) == 15.0
    assert room.deadline() == 25.0 + 10 + 30


def test_away_player_is_acted_for_at_once() -> None:  # RULES 10.4
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=5.0)
    actor = room.actor
    assert actor is not None
    room.set_away(host(), actor, at=6.0)
    assert room.deadline() == 6.0  # due at once from the moment marked away
    with pytest.raises(RoomError, match="only the host"):
        room.set_away(ids[actor], actor, at=6.0)


def test_join_during_a_hand_waits_for_the_hand_to_end() -> None:  # RULES 10.1
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    room.request_seat("tok-Cy", "Cy", 4, 100, at=3.0)
    assert room.table.player(4) is None
    play_passively(room, ids)
    assert room.table.player(4) is not None and room.chips_accounted()


def test_top_up_sit_out_leave_and_rejoin() -> None:  # RULES 10.1
    room = make_room(max_buy_in=200)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.top_up(ids[0], 50, at=2.0)
    assert room.table.player(0).stack == 150  # type: ignore[union-attr]
    with pytest.raises(RoomError, match="above the maximum"):
        room.top_up(ids[0], 100, at=2.0)
    room.sit_out(ids[1], at=2.0)
    room.sit_in(ids[1], at=2.0)
    room.leave(ids[2], at=3.0)
    assert room.table.player(2) is None
    ledger = room.ledger_json()
    assert ledger["cashed"] == 100 and ledger["bought"] == 350
    room.request_seat("tok-Cy", "Cy", 2, 100, at=4.0)
    assert room.identify("tok-Cy").seat == 2
    assert [r["net"] for r in room.ledger_json()["players"]] == [0, 0, 0]
    assert "Cy,200,100,100,0" in room.ledger_csv()


def test_leaving_mid_hand_folds_when_due_and_cashes_out_after() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    leaver = room.actor
    assert leaver is not None
    room.leave(ids[leaver], at=3.0)
    assert room.deadline() == 3.0  # acted for at once from now
    while room.current is not None:
        if room.actor == leaver:
            room.time_out(at=4.0)
        else:
            play_passively_one(room, ids)
    assert room.table.player(leaver) is None and room.chips_accounted()


def play_passively_one(room: Room, ids: dict[int, Identity]) -> None:
    seat = room.actor
    assert seat is not None
    legal = room.view(seat)["hand"]["legal"]
    room.act(ids[seat], "check" if legal["check"] else "call", at=4.0)


def test_host_requests() -> None:  # host-only requests refused for others
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    requests: list[Callable[[Identity], object]] = [
        lambda who: room.pause(who, at=2.0),
        lambda who: room.resume(who, at=2.0),
        lambda who: room.set_blinds(who, 2, 4, at=2.0),
        lambda who: room.remove(who, 1, at=2.0),
        lambda who: room.add_bot(who, "station", seat=None, at=2.0, seed=1),
        lambda who: room.end(who, at=2.0),
    ]
    for request in requests:
        with pytest.raises(RoomError, match="only the host"):
            request(ids[0])
    room.pause(host(), at=2.0)
    assert room.next_hand_at() is None
    room.resume(host(), at=2.0)
    room.set_blinds(host(), 2, 4, 1, at=2.0)
    assert room.table.rules.big_blind == 4 and room.table.rules.ante == 1
    room.add_bot(host(), "station", seat=None, at=2.0, seed=1)
    assert room.occupants[2].bot == "station"
    room.remove(host(), 2, at=3.0)
    assert 2 not in room.occupants
    room.end(host(), at=4.0)
    assert room.ended and not room.occupants and room.chips_accounted()
    assert room.ledger_json()["cashed"] == room.ledger_json()["bought"]


def test_blinds_changed_mid_hand_apply_from_the_next_hand() -> None:  # RULES 8.1
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    room.set_blinds(host(), 5, 10, at=3.0)
    assert room.current is not None and room.current.hand.rules.big_blind == 2
    play_passively(room, ids)
    assert room.table.rules.big_blind == 10


def test_bots_play_from_their_own_view() -> None:
    room = make_room(bots=("station", "random"))
    seat_players_from(room, 3, ["Ann"])
    room.deal(at=2.0)
    at = 2.0
    while room.current is not None:
        seat = room.bot_to_act()
        if seat is None:
            deadline = room.deadline()
            assert deadline is not None
            at = deadline
            room.time_out(at=at)
        else:
            room.act(Identity(seat=seat), room.bot_action(seat), at=at)
    assert room.chips_accounted()


def seat_players_from(room: Room, first: int, names: list[str]) -> None:
    for i, name in enumerate(names):
        room.request_seat(f"tok-{name}", name, first + i, 100, at=1.0)


def test_show_after_the_hand() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "fold" if legal["fold"] else "check", at=3.0)
    winner = next(s for s in ids if room.view(None)["last_hand"]["winnings"].get(str(s)))
    assert str(winner) not in room.view(None)["last_hand"]["shown"]  # RULES 4.6
    room.show(ids[winner], at=4.0)
    assert room.view(None)["last_hand"]["shown"][str(winner)].count(" ") == 1


def test_chat() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann"])
    room.say(ids[0], "hello", at=2.0)
    room.say(host(), "welcome", at=2.0)
    with pytest.raises(RoomError, match="spectators' chat off"):
        room.say(Identity(), "hi", at=2.0)
    with pytest.raises(RoomError, match="1 to 300"):
        room.say(ids[0], "x" * 301, at=2.0)
    assert [line["text"] for line in room.view(None)["chat"]] == ["hello", "welcome"]


def test_histories_hide_other_players_cards() -> None:  # RULES 3.4, 6.8
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0, deck=Deck.stacked("As Ah Ac Ad Ks Kh"))
    hole = {s: room.current.hand.hole(room.current.hand_seat(s)) for s in ids}  # type: ignore[union-attr]
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "fold" if legal["fold"] else "check", at=3.0)
    for viewer in (None, 0, 1, 2):
        who = Identity() if viewer is None else ids[viewer]
        for fmt in ("phh", "pokerstars"):
            text = room.history(fmt, who)
            for seat, cards in hole.items():
                pair = "".join(map(str, cards)) if fmt == "phh" else " ".join(map(str, cards))
                assert (pair in text) == (seat == viewer), (fmt, viewer, seat)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3),
            st.sampled_from(["fold", "check", "call", "x3", "all-in", "min", "raise 7"]),
        ),
        max_size=60,
    )
)
def test_random_play_conserves_chips_and_replays(moves: list[tuple[int, str]]) -> None:  # RULES 7.2
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy", "Dee"])
    at = 2.0
    for who, action in moves:
        at += 1
        if room.current is None:
            room.deal(at=at)
        text = (
            action if " " in action or action in ("fold", "check", "call") else f"preset {action}"
        )
        with contextlib.suppress(RoomError):
            room.act(ids[who], text, at=at)
        assert room.chips_accounted()
    again = Room.restore("t", json.loads(json.dumps(room.events)))
    assert again.view(1) == room.view(1)


def all_in_preflop(room: Room, ids: dict[int, Identity]) -> None:
    """Everyone all-in before the flop: the betting ends, the offer to run twice is made."""
    room.deal(at=2.0)
    while room.current is not None and room.actor is not None:
        seat = room.actor
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "all-in" if legal["min_raise_to"] else "call", at=3.0)


def test_run_it_twice_when_everyone_in_agrees() -> None:  # RULES 10.3
    room = make_room(run_it_twice=True)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    all_in_preflop(room, ids)
    assert room.current is not None and sorted(room.runs_offer()) == [0, 1, 2]
    assert room.view(None)["hand"]["runs_deadline"] == 3.0 + 30
    room.run_it_twice(ids[0], True, at=4.0)
    with pytest.raises(RoomError, match="answered already"):
        room.run_it_twice(ids[0], False, at=4.0)
    room.run_it_twice(ids[1], True, at=4.0)
    room.run_it_twice(ids[2], True, at=4.0)
    last = room.view(None)["last_hand"]
    assert room.current is None and len(last["boards"]) == 2
    assert room.chips_accounted()
    again = Room.restore("t", json.loads(json.dumps(room.events)))
    assert again.view(None)["last_hand"] == last


def test_one_refusal_means_one_run() -> None:  # RULES 10.3
    room = make_room(run_it_twice=True)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    all_in_preflop(room, ids)
    room.run_it_twice(ids[0], True, at=4.0)
    room.run_it_twice(ids[1], False, at=4.0)
    assert room.current is None and len(room.view(None)["last_hand"]["boards"]) == 1
    with pytest.raises(RoomError, match="not asked"):
        room.run_it_twice(ids[2], True, at=4.0)


def test_no_answer_in_time_means_one_run() -> None:  # RULES 10.3
    room = make_room(run_it_twice=True, decision_seconds=10)
    ids = seat_players(room, ["Ann", "Bob"])
    all_in_preflop(room, ids)
    room.run_it_twice(ids[0], True, at=4.0)
    with pytest.raises(RoomError, match="no run-it-twice offer has run out"):
        room.lapse_runs(at=12.9)
    room.lapse_runs(at=13.0)
    assert room.current is None and len(room.view(None)["last_hand"]["boards"]) == 1


def test_no_offer_without_the_setting() -> None:  # RULES 10.3: by agreement, where allowed
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    all_in_preflop(room, ids)
    assert room.current is None and room.runs_offer() == ()
