"""The room deals every game of the family, chosen when it is created (RULES 11)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bigblind.cards import Card
from bigblind.evaluation.games import GAMES
from bigblind.formats import phh
from bigblind.room import Identity, Room, RoomError, RoomSettings

HOST = "host-token"
PHH_CODES = {"omaha": "PO", "omaha5": "P5O", "omaha6": "P6O", "omaha8": "PO/8", "short-deck": "NS"}
STARS_NAMES = {
    "omaha": "Omaha Pot Limit",
    "omaha5": "5 Card Omaha Pot Limit",
    "omaha6": "6 Card Omaha Pot Limit",
    "omaha8": "Omaha Hi/Lo Pot Limit",
    "short-deck": "6+ Hold'em No Limit",
}
OTHER_GAMES = [code for code in GAMES if code != "holdem"]


def make_room(**overrides: Any) -> Room:
    options: dict[str, Any] = {"seed": 5, "open_seating": True, "next_hand_seconds": 0, "seats": 6}
    options.update(overrides)
    room, _ = Room.create("g", RoomSettings(**options), HOST, at=0.0)
    return room


def seat(room: Room, names: list[str], chips: int = 100) -> dict[int, Identity]:
    ids = {}
    for number, name in enumerate(names):
        room.request_seat(f"tok-{name}", name, number, chips, at=1.0)
        ids[number] = room.identify(f"tok-{name}")
    return ids


def play_to_the_end(room: Room, ids: dict[int, Identity], *, bet: bool = True) -> None:
    """Bet the minimum once a street, then call or check, until the hand ends."""
    at = room.now
    while room.current is not None:
        at += 0.5
        actor = room.actor
        assert actor is not None
        legal = room.view(actor)["hand"]["legal"]
        if bet and legal.get("bet_min"):
            action = f"bet {legal['bet_min']}"
        else:
            action = "check" if legal["check"] else "call"
        room.act(ids[actor], action, at=at)


@pytest.mark.parametrize("code", OTHER_GAMES)
def test_each_game_is_dealt_and_settled_with_its_own_cards(code: str) -> None:  # RULES 11
    structure = "pl" if code.startswith("omaha") else "nl"
    room = make_room(variant=code, structure=structure)
    game = GAMES[code]
    ids = seat(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    view = room.view(0)
    assert view["game"] == {
        "code": code,
        "title": room.table.rules.title,
        "hole_cards": game.hole_cards,
    }
    assert room.table.rules.game is game
    mine = view["seats"][0]["cards"].split()
    assert len(mine) == game.hole_cards  # RULES 11.1: four, five or six in Omaha
    assert all(s["cards"] is None for s in view["seats"][1:] if s)
    play_to_the_end(room, ids)
    assert room.chips_accounted()
    assert sum(p.stack for p in room.table.players) == 300
    last = room.view(None)["last_hand"]
    board = last["board"].split()
    assert len(board) == 5
    dealt = set(board) | {c for s in last["shown"].values() for c in s.split()}
    deck = {str(c) for c in game.deck}
    assert dealt <= deck  # RULES 11.3: short deck has no card below a six
    # The room's histories name the game and replay to the stacks the room paid.
    written = room.history("phh", Identity(host=True))
    (history,) = phh.loads(written)
    assert history.variant == PHH_CODES[code]
    replayed = phh.replay(history)
    assert history.finishing_stacks is not None
    assert phh.stacks_match(history.finishing_stacks, replayed.stacks)
    stars = room.history("pokerstars", Identity(host=True))
    assert STARS_NAMES[code] in stars.splitlines()[0]


def test_short_deck_never_deals_a_five() -> None:  # RULES 11.3
    room = make_room(variant="short-deck")
    ids = seat(room, ["Ann", "Bob", "Cy", "Dee"])
    for _ in range(5):
        room.deal(at=room.now + 1)
        for viewer in ids:
            cards = room.view(viewer)["seats"][viewer]["cards"].split()
            assert all(Card(c).rank >= Card("6c").rank for c in cards)
        play_to_the_end(room, ids, bet=False)
    assert room.chips_accounted()


def test_omaha_hi_lo_splits_each_pot_between_high_and_low() -> None:  # RULES 11.2
    room = make_room(variant="omaha8", structure="fl")
    ids = seat(room, ["Ann", "Bob", "Cy"])
    split_between_players = 0
    for _ in range(40):
        room.deal(at=room.now + 1)
        play_to_the_end(room, ids, bet=False)
        pots = room.view(None)["last_hand"]["pots"]
        highs = {p["name"].removesuffix(" (high)"): p for p in pots if p["name"].endswith("(high)")}
        lows = {p["name"].removesuffix(" (low)"): p for p in pots if p["name"].endswith("(low)")}
        assert set(lows) <= set(highs)  # a low half always has its high half
        for name, low in lows.items():
            high = highs[name]
            assert 0 <= high["amount"] - low["amount"] <= 1  # the odd chip goes high
            assert low["hand"].endswith(" low") or low["hand"].startswith("Wheel")
            split_between_players += set(low["winners"]) != set(high["winners"])
        assert room.chips_accounted()
    assert split_between_players >= 1


def test_bots_play_omaha_as_omaha_players() -> None:  # RULES 11.1
    room = make_room(variant="omaha", structure="pl", bots=("tag", "strong", "station"))
    room.request_seat("tok-Ann", "Ann", 3, 100, at=1.0)
    ann = room.identify("tok-Ann")
    at = 2.0
    for _ in range(4):
        room.deal(at=at)
        while room.current is not None:
            bot = room.bot_to_act()
            if bot is not None:
                room.act(Identity(seat=bot), room.bot_action(bot), at=at)
            else:
                legal = room.view(3)["hand"]["legal"]
                room.act(ann, "check" if legal["check"] else "fold", at=at)
            at += 1.0
    assert room.chips_accounted()
    kinds = {type(bot).__name__ for bot in room._bots.values()}
    assert "GameBot" in kinds


def test_a_stored_room_restores_with_its_game() -> None:
    room = make_room(variant="omaha5", structure="pl")
    ids = seat(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    room.act(ids[room.actor], "call", at=3.0)  # type: ignore[index]
    again = Room.restore("g", json.loads(json.dumps(room.events)))
    for viewer in (None, 0, 1):
        assert again.view(viewer) == room.view(viewer)
    assert again.table.rules.game is GAMES["omaha5"]


def test_a_room_stored_before_games_were_chosen_deals_holdem() -> None:
    room = make_room()
    seat(room, ["Ann", "Bob"])
    events = json.loads(json.dumps(room.events))
    del events[0]["settings"]["variant"]  # as the earlier release stored it
    again = Room.restore("g", events)
    again.deal(at=2.0)
    assert again.table.rules.game is GAMES["holdem"]
    assert len(again.view(0)["seats"][0]["cards"].split()) == 2


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"variant": "razz"}, "game 'razz': accepted are holdem (Texas hold'em), omaha"),
        ({"variant": 4}, "game 4: accepted are holdem"),
        ({"variant": "omaha6", "seats": 9}, "seats 9: 6-card Omaha deals to at most 7 players"),
        ({"variant": "omaha5", "seats": 10}, "seats 10: 5-card Omaha deals to at most 8"),
    ],
)
def test_a_game_that_cannot_be_dealt_is_refused(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(RoomError, match=message.replace("(", r"\(").replace(")", r"\)")):
        RoomSettings.from_request(settings)


def test_six_card_omaha_seats_seven() -> None:  # RULES 11.1: 7 x 6 + 5 + 3 burns = 50 cards
    room = make_room(variant="omaha6", structure="pl", seats=7)
    ids = seat(room, ["A", "B", "C", "D", "E", "F", "G"])
    room.deal(at=2.0)
    seen = [c for v in ids for c in room.view(v)["seats"][v]["cards"].split()]
    assert len(seen) == len(set(seen)) == 42
    play_to_the_end(room, ids, bet=False)
    assert room.chips_accounted()
