"""The room's message to each person is the engine's view of the hand for their seat: the
cards in it are the cards that view holds, in play and once the hand is over, and the
replayer and the downloads agree (RULES 3.4, 6.7, 6.8, 12.4)."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.cards import Card, parse_cards
from bigblind.engine.events import Burned
from bigblind.engine.views import SeenHand
from bigblind.formats import phh
from bigblind.room import Identity, Room, RoomError, RoomSettings
from bigblind.room.histories import history_text
from bigblind.room.replayer import hand_replay
from bigblind.sessions.table import TableHand

HOST = "host-token-0123456789"
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _cards(parts: list[str]) -> set[Card]:
    return {c for part in parts for c in parse_cards(_CARD.findall(part))}


def _written(seen: SeenHand) -> set[Card]:
    """The cards of a view that a message can hold: all but the burns (RULES 3.2)."""
    return set(seen.cards()) - {e.card for e in seen.events if isinstance(e, Burned)}


def _seat_cards(view: dict[str, Any]) -> list[str]:
    return [entry["cards"] for entry in view["seats"] if entry and entry["cards"]]


def _viewer_seat(current: TableHand, viewer: int | None) -> int | None:
    return current.hand_seat(viewer) if viewer in current.seats else None


def _check_in_play(room: Room) -> None:
    current = room.current
    assert current is not None
    for viewer in [None, *range(room.settings.seats)]:
        view = room.view(viewer)
        hand = view["hand"]
        shown = _cards([*_seat_cards(view), hand["board"], *hand["boards"], *hand["log"]])
        seen = current.hand.seen(_viewer_seat(current, viewer))
        assert shown == _written(seen), viewer


def _check_after(room: Room) -> None:
    record = room.last_record
    assert record is not None and room.current is None
    current = record.table_hand
    after = _cards(list(room.shown_after.values()))  # turned up after the hand (RULES 12.4)
    for viewer in [None, *range(room.settings.seats)]:
        view = room.view(viewer)
        last = view["last_hand"]
        parts = [last["board"], *last["boards"], *last["shown"].values(), *last["log"]]
        shown = _cards([*_seat_cards(view), *parts])
        seen = record.hand.seen(_viewer_seat(current, viewer))
        assert shown == _written(seen) | after, viewer
        person = room.occupants[viewer].token if viewer in room.occupants else None
        steps = hand_replay(room, record.number, Identity(seat=viewer, person=person))["steps"]
        replayed = _cards([p["cards"] for step in steps for p in step["players"]])
        replayed |= _cards([step["board"] for step in steps] + [step["text"] for step in steps])
        assert replayed == _written(seen), viewer
        # The downloads: the last hand of each, written from the same view, with the
        # cards turned up after it (RULES 12.4).
        stars = history_text(room, "pokerstars", person).rstrip("\n").split("\n\n\n")[-1]
        assert _cards(re.findall(r"\[([^\]]*)\]", stars)) == _written(seen) | after, viewer
        last_phh = phh.loads(history_text(room, "phh", person))[-1]
        dealt = [re.sub(r"([cdhs])(?=[2-9TJQKA])", r"\1 ", a) for a in last_phh.actions]
        shown_after = last_phh.metadata.get("_shown_after_hand", [])
        assert isinstance(shown_after, list)
        dealt += [re.sub(r"([cdhs])(?=[2-9TJQKA])", r"\1 ", str(a)) for a in shown_after]
        assert _cards(dealt) == _written(seen) | after, viewer  # 'AsKd' read as 'As Kd'


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    choices=st.lists(st.integers(0, 9), min_size=1, max_size=40),
)
def test_each_persons_message_holds_the_cards_of_their_seats_view(
    players: int, seed: int, choices: list[int]
) -> None:
    settings_ = RoomSettings(seed=seed, seats=6, open_seating=True, next_hand_seconds=0)
    room, _ = Room.create("views", settings_, HOST, at=0.0)
    for seat in range(players):
        room.request_seat(f"secret-token-of-P{seat}", f"P{seat}", seat, 40 + 10 * seat, at=1.0)
    at, step = 2.0, 0
    for _ in range(3):
        with contextlib.suppress(RoomError):  # too few players with chips
            room.deal(at=at)
        while room.current is not None:
            _check_in_play(room)
            choice = choices[step % len(choices)]
            step += 1
            at += 0.5
            _act(room, choice, at)
        if room.last_record is None:
            return
        if choices[step % len(choices)] % 3 == 0:  # a show after the hand (RULES 12.4)
            shower = choices[step % len(choices)] % players
            with contextlib.suppress(RoomError):
                room.show(room.identify(f"secret-token-of-P{shower}"), at=at)
        _check_after(room)
        at += 1.0


def _act(room: Room, choice: int, at: float) -> None:
    actor = room.actor
    assert actor is not None
    who = Identity(seat=actor)
    legal = room.view(actor)["hand"]["legal"]
    if legal is None:  # asked whether to show a hand that cannot win (RULES 6.7)
        room.act(who, ("show", "muck")[choice % 2], at=at)
        return
    options = [name for name in ("fold", "check", "call") if legal[name]]
    if legal["min_raise_to"] is not None:
        options.append(f"{'bet' if legal['bet'] else 'raise'} {legal['min_raise_to']}")
        options.append("all-in")
    room.act(who, options[choice % len(options)], at=at)
