"""Cards belong to people, not seats: whoever takes a seat later reads its earlier hands,
replays and views as the table saw them, and cannot show cards they were not dealt
(RULES 3.4, 6.8)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.cards import format_cards
from bigblind.deck import Deck
from bigblind.engine.events import Shown
from bigblind.room import Identity, Room, RoomError, RoomSettings
from bigblind.room.app import create_app
from bigblind.room.replayer import hand_replay
from bigblind.room.state import token_hash
from bigblind.room.store import SqlStore
from bigblind.sessions.table import HandRecord
from tests.room.clients import ServerThread, database_url, stored_events

HOST = "host-token"


def make_room(**overrides: Any) -> Room:
    options: dict[str, Any] = {"seed": 5, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("own", RoomSettings(**options), HOST, at=0.0)
    return room


def fold_around(room: Room, at: float) -> None:
    """Every player folds (or checks) in turn: the hand ends with no card shown."""
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        who = Identity(seat=seat, person=room.occupants[seat].token)
        room.act(who, "fold" if legal["fold"] else "check", at=at)


def ann_leaves_and_eve_sits(room: Room) -> dict[str, str]:
    """Ann, Bob and Cy play a hand that nobody shows; Ann leaves; Eve takes her seat.
    Returns each table seat's cards in that hand, by the name of who held them."""
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        room.request_seat(f"secret-token-of-{name}", name, seat, 100, at=1.0)
    room.deal(at=2.0, deck=Deck.stacked("As Ah Kc Kd 7s 7h"))
    current = room.current
    assert current is not None
    held = {
        name: format_cards(current.hand.hole(current.hand_seat(seat)), " ")  # type: ignore[arg-type]
        for seat, name in enumerate(["Ann", "Bob", "Cy"])
    }
    fold_around(room, at=3.0)
    room.leave(room.identify("secret-token-of-Ann"), at=4.0)
    room.request_seat("secret-token-of-Eve", "Eve", 0, 100, at=5.0)
    assert room.identify("secret-token-of-Eve").seat == 0
    return held


def forms(cards: str) -> tuple[str, str]:
    """The two ways a history writes a hand: 'AsAh' (PHH) and 'As Ah' (text, replays)."""
    return cards.replace(" ", ""), cards


def seen(text: str, cards: str) -> bool:
    return any(form in text for form in forms(cards))


def test_a_newcomer_reads_the_seats_earlier_hands_as_the_table_saw_them() -> None:
    # RULES 3.4: a player sees their own cards only; 6.8: unshown hands stay hidden.
    room = make_room()
    held = ann_leaves_and_eve_sits(room)
    eve, ann = room.identify("secret-token-of-Eve"), room.identify("secret-token-of-Ann")
    assert ann.seat is None  # Ann has left, and still reads her own cards
    for fmt in ("phh", "pokerstars"):
        eve_text, ann_text = room.history(fmt, eve), room.history(fmt, ann)
        assert not any(seen(eve_text, cards) for cards in held.values()), fmt
        assert seen(ann_text, held["Ann"]), fmt
        assert not seen(ann_text, held["Bob"]) and not seen(ann_text, held["Cy"]), fmt
    assert "Dealt to" not in room.history("pokerstars", eve)
    assert "Dealt to Ann [" in room.history("pokerstars", ann)
    for who, own in ((eve, None), (ann, held["Ann"]), (Identity(), None)):
        shown = {p["cards"] for step in hand_replay(room, 1, who)["steps"] for p in step["players"]}
        assert shown - {""} == ({own} if own else set())


def test_a_restored_room_knows_who_held_each_hand() -> None:  # RULES 3.4
    room = make_room()
    held = ann_leaves_and_eve_sits(room)
    again = Room.restore("own", json.loads(json.dumps(room.events)))
    assert again.holders == room.holders
    assert not seen(again.history("phh", again.identify("secret-token-of-Eve")), held["Ann"])
    assert seen(again.history("phh", again.identify("secret-token-of-Ann")), held["Ann"])


def test_only_the_person_dealt_the_cards_shows_them_after_the_hand() -> None:
    # RULES 6.8: a hand not shown at the showdown is the player's to show, nobody else's.
    room = make_room()
    held = ann_leaves_and_eve_sits(room)
    events = len(room.events)
    with pytest.raises(RoomError, match="you did not play the last hand"):
        room.show(room.identify("secret-token-of-Eve"), at=6.0)
    assert len(room.events) == events and not room.shown_after
    assert held["Ann"] not in json.dumps(room.view(None))
    room.show(room.identify("secret-token-of-Bob"), at=6.0)
    assert room.view(None)["last_hand"]["shown"] == {"1": held["Bob"]}


def test_a_room_stored_with_a_newcomers_show_still_restores() -> None:
    # Stored before the rule: the show is history, and the room comes back as it was.
    room = make_room()
    held = ann_leaves_and_eve_sits(room)
    events = [*json.loads(json.dumps(room.events)), {"type": "shown", "at": 6.0, "seat": 0}]
    again = Room.restore("own", events)
    assert again.view(None)["last_hand"]["shown"] == {"0": held["Ann"]}
    with pytest.raises(RoomError, match="you did not play the last hand"):
        again.show(again.identify("secret-token-of-Eve"), at=7.0)


def test_a_player_back_in_their_seat_shows_their_own_cards() -> None:  # RULES 6.8
    room = make_room()
    held = ann_leaves_and_eve_sits(room)
    room.leave(room.identify("secret-token-of-Eve"), at=6.0)
    room.request_seat("secret-token-of-Ann", "Ann", 0, 100, at=7.0)
    room.show(room.identify("secret-token-of-Ann"), at=8.0)
    assert room.view(None)["last_hand"]["shown"] == {"0": held["Ann"]}


EVE = {"authorization": "Bearer secret-token-of-Eve"}
ANN = {"authorization": "Bearer secret-token-of-Ann"}


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_downloads_over_http_follow_the_person(database: str, tmp_path: Path) -> None:
    # RULES 3.4, 6.8, from the stored events of a room served again.
    room = make_room()
    held = ann_leaves_and_eve_sits(room)
    room.request_seat("secret-token-of-x", "=1+2", 3, 100, at=6.0)  # a name a spreadsheet would run
    room.pause(Identity(host=True), at=6.5)  # no hand dealt while it is served
    with database_url(database, tmp_path) as url:
        store = SqlStore(url)
        asyncio.run(_append(store, room.id, room.events))
        app = create_app(SqlStore(url), static=None)
        with ServerThread(app) as server:
            base = f"{server.base}/api/rooms/{room.id}"
            for path in ("history.phh", "history.txt"):
                eve = httpx.get(f"{base}/{path}", headers=EVE, timeout=30)
                ann = httpx.get(f"{base}/{path}", headers=ANN, timeout=30)
                assert eve.status_code == ann.status_code == 200
                assert not any(seen(eve.text, cards) for cards in held.values())
                assert seen(ann.text, held["Ann"]) and not seen(ann.text, held["Bob"])
                assert eve.headers["x-content-type-options"] == "nosniff"
                assert eve.headers["content-disposition"].startswith("attachment; filename=")
            replay = httpx.get(f"{base}/hands/1/replay", headers=EVE, timeout=30)
            assert not any(seen(replay.text, cards) for cards in held.values())
            ledger = httpx.get(f"{base}/ledger.csv", timeout=30)
            assert ledger.headers["x-content-type-options"] == "nosniff"
            assert ledger.headers["content-disposition"] == (
                f'attachment; filename="{room.id}-ledger.csv"'
            )
            assert "\n'=1+2," in ledger.text
        assert Room.restore(room.id, stored_events(url)[room.id]).holders == room.holders


async def _append(store: SqlStore, room_id: str, events: list[dict[str, Any]]) -> None:
    await store.append(room_id, 0, events)
    await store.close()


# ------------------------------------------------------------ the property


SEATS = 4
Round = tuple[list[int], list[str], int]
ROUNDS = st.lists(
    st.tuples(
        st.lists(st.integers(0, 7), min_size=1, max_size=12),  # choices in the hand
        st.lists(st.sampled_from(["leave", "join", "show"]), max_size=4),  # then, in turn
        st.integers(0, SEATS - 1),  # the seat those concern
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ROUNDS)
def test_no_person_is_given_another_persons_unshown_cards(rounds: list[Round]) -> None:
    # RULES 3.4, 6.8: hand after hand, players leaving (between hands and during them)
    # and newcomers taking their seats; every person and a spectator are checked.
    room = make_room(seats=SEATS)
    people = [_join(room, seat, seat, at=1.0) for seat in range(3)]  # every token seated
    shows: list[tuple[int, int, str]] = []  # (hand, seat, the token of who showed)
    replayed: set[tuple[str | None, int]] = set()  # a finished hand's replay never changes
    at = 2.0
    for choices, between, seat in rounds:
        at += 10.0
        with contextlib.suppress(RoomError):
            room.deal(at=at)
        for step in range(200):
            if room.current is None:
                break
            at = _play(room, choices[step % len(choices)], people, at + 1.0)
            if step == 1:
                _check_everyone(room, people, replayed)  # mid-hand views too
        for op in between:
            with contextlib.suppress(RoomError):
                _between(room, op, seat, people, shows, at)
        _check_everyone(room, people, replayed)
    for number, seat, token in shows:
        assert room.holders[number].get(seat) == token_hash(token)


def _join(room: Room, seat: int, n: int, at: float) -> str:
    token = f"secret-token-of-P{n}"
    room.request_seat(token, f"P{n}", seat, 100, at=at)
    return token


def _token_of(room: Room, seat: int, people: list[str]) -> str | None:
    occupant = room.occupants.get(seat)
    return next((t for t in people if occupant and token_hash(t) == occupant.token), None)


def _play(room: Room, choice: int, people: list[str], at: float) -> float:
    """One step of the hand: the actor's choice, or (7) the actor leaves and is timed out."""
    actor = room.actor
    assert actor is not None
    deadline = room.deadline()
    if room.is_away(actor) and deadline is not None:
        at = max(at, deadline)
        room.time_out(at=at)
        return at
    who = Identity(seat=actor)
    legal = room.view(actor)["hand"]["legal"]
    if legal is None:  # asked whether to show a losing hand (RULES 6.7)
        room.act(who, ("show", "muck")[choice % 2], at=at)
        return at
    token = _token_of(room, actor, people)
    if choice == 7 and token is not None:
        room.leave(room.identify(token), at=at)
        return at
    options = [name for name in ("fold", "check", "call") if legal[name]]
    if legal["min_raise_to"] is not None:
        options.append(f"{'bet' if legal['bet'] else 'raise'} {legal['min_raise_to']}")
        options.append("all-in")
    room.act(who, options[choice % len(options)], at=at)
    return at


def _between(
    room: Room, op: str, seat: int, people: list[str], shows: list[tuple[int, int, str]], at: float
) -> None:
    token = _token_of(room, seat, people)
    if op == "leave" and token is not None:
        room.leave(room.identify(token), at=at)
    elif op == "join" and seat not in room.occupants:
        people.append(_join(room, seat, len(people), at=at))
    elif op == "show" and token is not None and room.last_record is not None:
        room.show(room.identify(token), at=at)
        shows.append((room.last_record.number, seat, token))


def _check_everyone(room: Room, people: list[str], replayed: set[tuple[str | None, int]]) -> None:
    for token in [*people, None]:
        _check_person(room, token, replayed)


def _check_person(room: Room, token: str | None, replayed: set[tuple[str | None, int]]) -> None:
    """Nothing given to ``token``'s holder (None: a spectator) holds a hole card of another
    person's that was not shown: histories, replays (each once) and the view."""
    who = room.identify(token)
    person = who.person
    records = room.table.history
    phh = _sections(room.history("phh", who), r"^\[(\d+)\]$")
    stars = _sections(room.history("pokerstars", who), r"^(?:PokerStars )?Hand #(\d+)")
    for index, record in enumerate(records, start=1):
        hidden = _hidden(room, record, person)
        for cards in hidden:
            a, b = cards.split()
            assert f' {a}{b}"' not in phh.get(index, ""), (token, record.number, cards)
            assert f"[{a} {b}]" not in stars.get(record.number, ""), (token, record.number)
        if (token, record.number) in replayed:
            continue
        replayed.add((token, record.number))
        replay = hand_replay(room, record.number, who)
        for step in replay["steps"]:
            for player in step["players"]:
                assert player["cards"] not in hidden, (token, record.number, player)
    if who.seat is not None or token is None:
        _check_view(room, room.view(who.seat), person)


def _hidden(room: Room, record: HandRecord, person: str | None) -> set[str]:
    """The cards in ``record`` that ``person`` may not see: held by someone else, unshown."""
    shown = {e.seat for e in record.hand.events if isinstance(e, Shown)}
    holders = room.holders.get(record.number, {})
    after = room.shown_picks.get(record.number, {})  # turned up after the hand (RULES 12.4)
    hidden = set()
    for hand_seat, table_seat in enumerate(record.seats):
        if hand_seat in shown or (person and holders.get(table_seat) == person):
            continue
        if len(after.get(table_seat, ())) == len(record.hand.hole(hand_seat)):
            continue
        hidden.add(format_cards(record.hand.hole(hand_seat), " "))  # type: ignore[arg-type]
    return hidden


def _check_view(room: Room, view: dict[str, Any], person: str | None) -> None:
    current = room.current
    if current is None:
        return
    holders = room.holders[current.number]
    for entry in view["seats"]:
        if entry is None or entry["cards"] is None or not entry["in_hand"]:
            continue
        seat = entry["seat"]
        hand_seat = current.hand_seat(seat)
        shown = any(isinstance(e, Shown) and e.seat == hand_seat for e in current.hand.events)
        assert shown or (person is not None and holders.get(seat) == person), (person, entry)


def _sections(text: str, header: str) -> dict[int, str]:
    """``text`` cut at each line matching ``header``, by the number the header holds."""
    out: dict[int, str] = {}
    matches = list(re.finditer(header, text, flags=re.MULTILINE))
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        out[int(match.group(1))] = text[match.start() : end]
    return out
