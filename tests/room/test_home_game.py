"""The home-game options of RULES 12 in the pure room: shows after the hand (12.4), the
rabbit hunt (12.3), bomb pots (12.1) and seven-deuce (12.2)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.deck import Deck
from bigblind.formats import phh
from bigblind.room import Identity, Room, RoomError, RoomSettings
from tests.room.decks import check_down, deck_for
from tests.room.seating import seat_players

HOST = "host-token"


def make_room(**overrides: object) -> Room:
    options: dict[str, object] = {"seed": 5, "open_seating": True, "next_hand_seconds": 0}
    options.update(overrides)
    room, _ = Room.create("home", RoomSettings(**options), HOST, at=0.0)  # type: ignore[arg-type]
    return room


def fold_to_one(room: Room, ids: dict[int, Identity], at: float = 3.0) -> None:
    """Everyone folds (or checks when free) until the hand is over: nobody shows."""
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "fold" if legal["fold"] else "check", at=at)


def own_cards(room: Room, seat: int) -> list[str]:
    cards = room.view(seat)["seats"][seat]["cards"]
    assert cards, "between hands a player's own cards stay in their view"
    return str(cards).split()


# ------------------------------------------------------------------ RULES 12.4


def test_a_player_shows_one_card_then_the_other_and_everyone_sees_each() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    fold_to_one(room, ids)
    last = room.view(None)["last_hand"]
    assert last["shown"] == {}
    seat = next(int(s) for s, won in last["winnings"].items() if won)
    first, second = own_cards(room, seat)
    room.show(ids[seat], card=1, at=4.0)
    for viewer in (None, *ids):
        assert room.view(viewer)["last_hand"]["shown"] == {str(seat): second}
    name = room.occupants[seat].name
    assert room.view(None)["last_hand"]["log"][-1] == f"{name} shows {second} after the hand"
    with pytest.raises(RoomError, match="seen that card already"):
        room.show(ids[seat], card=1, at=4.5)
    room.show(ids[seat], card=0, at=5.0)
    assert room.view(None)["last_hand"]["shown"] == {str(seat): f"{first} {second}"}
    with pytest.raises(RoomError, match="seen your cards already"):
        room.show(ids[seat], at=5.5)
    # The room's events hold each show; the room comes back from them as it was.
    shows = [e for e in room.events if e["type"] == "shown"]
    assert [e.get("card") for e in shows] == [1, 0]
    again = Room.restore("home", json.loads(json.dumps(room.events)))
    assert again.view(None) == room.view(None)


def test_one_card_shown_is_in_every_readers_history_and_the_other_is_not() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    fold_to_one(room, ids)
    seat = next(int(s) for s, won in room.view(None)["last_hand"]["winnings"].items() if won)
    first, second = own_cards(room, seat)
    room.show(ids[seat], card=0, at=4.0)
    name = room.occupants[seat].name
    others = [who for s, who in ids.items() if s != seat]
    for reader in [Identity(), *others]:
        stars = room.history("pokerstars", reader)
        assert f"{name}: shows [{first}]\n*** SUMMARY ***" in stars
        assert second not in stars.split("*** SUMMARY ***")[0].split("*** HOLE CARDS ***")[1]
        hand = phh.loads(room.history("phh", reader))[-1]
        player = hand.metadata["_shown_after_hand"]
        assert isinstance(player, list) and len(player) == 1
        assert str(player[0]).endswith(f" {first}")
        # The PHH player is the winner: p1 sits left of the button.
        index = int(str(player[0]).split()[0][1:]) - 1
        assert hand.players is not None and hand.players[index] == name
        assert second not in " ".join(hand.actions)


def test_cards_shown_at_the_showdown_are_not_shown_again() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    while room.current is not None:  # checked down: both hands are shown (RULES 6.7)
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        room.act(ids[seat], "check" if legal["check"] else "call", at=3.0)
    shown = room.view(None)["last_hand"]["shown"]
    loser = next(s for s in ids if str(s) in shown and s not in room.shown_after)
    events = len(room.events)
    with pytest.raises(RoomError, match="shown at the showdown"):
        room.show(ids[loser], card=0, at=4.0)
    assert len(room.events) == events


def test_a_card_that_is_not_held_is_refused_and_nothing_stored() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    fold_to_one(room, ids)
    events = len(room.events)
    with pytest.raises(RoomError, match="you hold 2 cards"):
        room.show(ids[0], card=2, at=4.0)
    assert len(room.events) == events and room.shown_after == {}


def test_a_room_stored_before_one_card_shows_restores_its_whole_shows() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    fold_to_one(room, ids)
    cards = " ".join(own_cards(room, 2))
    # An event as rooms stored it before: no card named, every card turned up.
    stored = [*json.loads(json.dumps(room.events)), {"type": "shown", "at": 4.0, "seat": 2}]
    again = Room.restore("home", stored)
    assert again.view(None)["last_hand"]["shown"] == {"2": cards}


# ------------------------------------------------------------------ RULES 12.3


STREETS = ("pre-flop", "flop", "turn", "river")


def play_until(room: Room, ids: dict[int, Identity], street: int, at: float = 3.0) -> None:
    """Check or call until ``street`` (0 pre-flop ... 4: never), then bet and fold there:
    the hand ends before its river when ``street`` is below 3."""
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        if legal is None:  # a hand that cannot win, at the showdown
            room.act(ids[seat], "muck", at=at)
            continue
        now = STREETS.index(room.view(None)["hand"]["street"])
        if now < street or street > 3:
            action = "check" if legal["check"] else "call"
        elif legal["fold"]:
            action = "fold"
        elif legal["min_raise_to"] is not None:
            action = f"{'bet' if legal['bet'] else 'raise'} {legal['min_raise_to']}"
        else:
            action = "check"
        room.act(ids[seat], action, at=at)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), street=st.integers(0, 2))
def test_the_rabbit_is_the_board_the_same_deck_deals_to_the_river(
    seed: int, players: int, street: int
) -> None:
    names = [f"P{i}" for i in range(players)]
    early = make_room(seed=seed, rabbit_hunting=True)
    ids = seat_players(early, names)
    early.deal(at=2.0)
    play_until(early, ids, street)
    last = early.view(None)["last_hand"]
    if len(last["board"].split()) == 5:  # everyone called the bet to the river
        assert not last["rabbit_offered"]
        return
    stacks = early.stacks_by_name()
    assert last["rabbit_offered"] and last["rabbit"] is None
    early.rabbit_hunt(Identity(), at=4.0)  # anyone may ask, a spectator too
    rabbit = early.view(None)["last_hand"]["rabbit"]
    # The same deck played to the river deals exactly those cards after the same board.
    full = make_room(seed=seed, rabbit_hunting=True)
    full_ids = seat_players(full, names)
    full.deal(at=2.0)
    play_until(full, full_ids, 4)
    assert f"{last['board']} {rabbit}".split() == full.view(None)["last_hand"]["board"].split()
    # It changes nothing: the pots are awarded, every chip where it was (RULES 12.3).
    assert early.stacks_by_name() == stacks and early.chips_accounted()
    log = early.view(1)["last_hand"]["log"]
    assert log[-1] == f"Rabbit hunt, asked by a spectator: {rabbit} would have come"
    again = Room.restore("home", json.loads(json.dumps(early.events)))
    assert again.view(None) == early.view(None)


def test_the_rabbit_is_hunted_once_only_where_the_room_allows_it() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.deal(at=2.0)
    fold_to_one(room, ids)
    events = len(room.events)
    with pytest.raises(RoomError, match="does not allow rabbit hunting"):
        room.rabbit_hunt(ids[0], at=4.0)
    assert len(room.events) == events
    hunting = make_room(rabbit_hunting=True)
    ids = seat_players(hunting, ["Ann", "Bob", "Cy"])
    hunting.deal(at=2.0)
    with pytest.raises(RoomError, match="after a hand"):
        hunting.rabbit_hunt(ids[0], at=2.5)
    fold_to_one(hunting, ids)
    hunting.rabbit_hunt(ids[1], at=4.0)
    assert len(str(hunting.view(None)["last_hand"]["rabbit"]).split()) == 5  # all pre-flop
    with pytest.raises(RoomError, match="on the table already"):
        hunting.rabbit_hunt(ids[2], at=4.5)
    assert hunting.view(None)["last_hand"]["rabbit_offered"] is False


def test_a_hand_dealt_to_the_river_has_no_rabbit() -> None:
    room = make_room(rabbit_hunting=True)
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    play_until(room, ids, 4)
    with pytest.raises(RoomError, match="no rabbit"):
        room.rabbit_hunt(ids[0], at=4.0)


def test_a_room_stored_before_rabbit_hunting_still_loads() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    fold_to_one(room, ids)
    stored = json.loads(json.dumps(room.events))
    del stored[0]["settings"]["rabbit_hunting"]  # as rooms were stored before the option
    again = Room.restore("home", stored)
    assert again.settings.rabbit_hunting is False
    assert again.view(None) == room.view(None)


# ------------------------------------------------------------------ RULES 12.1


def play_passively(room: Room, ids: dict[int, Identity], at: float = 3.0) -> None:
    while room.current is not None:
        seat = room.actor
        assert seat is not None
        legal = room.view(seat)["hand"]["legal"]
        if legal is None:
            room.act(ids[seat], "muck", at=at)
        else:
            room.act(ids[seat], "check" if legal["check"] else "call", at=at)


def test_the_host_calls_a_bomb_pot_every_player_antes_and_the_hand_starts_on_the_flop() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob", "Cy"], chips=100)
    room.deal(at=2.0)
    play_passively(room, ids)
    with pytest.raises(RoomError, match="only the host"):
        room.call_bomb_pot(ids[0], 10, at=4.0)
    with pytest.raises(RoomError, match="say how much"):
        room.call_bomb_pot(Identity(host=True), at=4.0)  # the room names no amount
    with pytest.raises(RoomError, match="1 to 200 chips"):
        room.call_bomb_pot(Identity(host=True), 201, at=4.0)
    before = room.stacks_by_name()
    room.call_bomb_pot(Identity(host=True), 10, at=4.0)
    assert room.view(None)["bomb_pot_next"] == 10
    room.deal(at=5.0)
    hand = room.view(None)["hand"]
    assert hand["bomb_pot"] == 10 and hand["street"] == "flop"
    assert hand["pot"] == 30 and len(hand["board"].split()) == 3
    assert [line for line in hand["log"] if "posts" in line] == [
        f"{name} posts ante 10" for name in _from_left_of_button(room)
    ]
    # No blind, no pre-flop action: the first player left of the button acts on the flop.
    assert not any("blind" in line for line in hand["log"])
    current = room.current
    assert current is not None
    assert room.actor == current.table_seat((current.hand.button + 1) % current.hand.seats)
    play_passively(room, ids, at=6.0)
    after = room.stacks_by_name()
    assert sum(after.values()) == sum(before.values()) and room.chips_accounted()
    assert room.view(None)["bomb_pot_next"] == 0  # one hand only
    room.deal(at=7.0)
    assert room.view(None)["hand"]["bomb_pot"] == 0
    assert any("big blind" in line for line in room.view(None)["hand"]["log"])


def _from_left_of_button(room: Room) -> list[str]:
    current = room.current
    assert current is not None
    n, button = current.hand.seats, current.hand.button
    return [current.names[(button + 1 + i) % n] for i in range(n)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    stacks=st.lists(st.integers(40, 200), min_size=2, max_size=6),
    amount=st.integers(1, 200),
    every=st.integers(1, 4),
    seed=st.integers(0, 10_000),
)
def test_a_bomb_pot_every_n_hands_keeps_every_chip_and_restores(
    stacks: list[int], amount: int, every: int, seed: int
) -> None:
    room = make_room(seed=seed, bomb_pot=amount, bomb_pot_every=every)
    ids = {}
    for seat, chips in enumerate(stacks):
        room.request_seat(f"tok-{seat}", f"P{seat}", seat, chips, at=1.0)
        ids[seat] = room.identify(f"tok-{seat}")
    at = 2.0
    for number in range(1, 2 * every + 1):
        try:
            room.deal(at=at)
        except RoomError:  # fewer than two players with chips
            break
        expected = amount if number % every == 0 else 0
        assert room.bomb_pots.get(number, 0) == expected
        hand = room.view(None)["hand"]
        if hand is not None:  # a bomb pot with everyone all-in from the antes is over
            assert hand["bomb_pot"] == expected
            assert (hand["street"] == "pre-flop") == (not expected)
        play_passively(room, ids, at=at + 0.5)
        assert room.chips_accounted()  # RULES 7.2: every chip accounted for
        at += 1.0
    again = Room.restore("home", json.loads(json.dumps(room.events)))
    assert again.view(None) == room.view(None)
    for reader in (None, *ids):
        who = Identity() if reader is None else ids[reader]
        stars = room.history("pokerstars", who)  # every hand written, none left out
        assert stars.count("*** SUMMARY ***") == len(room.table.history)
        for hand in phh.loads(room.history("phh", who)):
            assert hand.bomb_pot in (0, amount)


def test_a_bomb_pot_has_no_straddle_and_a_called_one_may_be_called_off() -> None:
    room = make_room(straddle=True, bomb_pot=4)
    ids = seat_players(room, ["Ann", "Bob", "Cy"])
    room.call_bomb_pot(Identity(host=True), at=1.5)  # the room's amount
    assert room.view(None)["bomb_pot_next"] == 4
    events = room.deal(at=2.0)
    assert [e["type"] for e in events] == ["hand_started"]  # nobody is asked to straddle
    assert events[0]["bomb_pot"] == 4
    play_passively(room, ids, at=3.0)
    room.call_bomb_pot(Identity(host=True), 6, at=4.0)
    room.call_bomb_pot(Identity(host=True), 0, at=4.5)  # called off
    assert room.view(None)["bomb_pot_next"] == 0
    assert [e["type"] for e in room.deal(at=5.0)] == ["straddle_offered"]


def test_bomb_pot_settings_are_bounded_in_a_players_words() -> None:
    with pytest.raises(RoomError, match="bomb pot 500: a whole number from 0 to 200"):
        RoomSettings(bomb_pot=500)
    with pytest.raises(RoomError, match="say how much each player puts in"):
        RoomSettings(bomb_pot_every=5)
    with pytest.raises(RoomError, match="bomb pot every 1001"):
        RoomSettings(bomb_pot=5, bomb_pot_every=1001)
    with pytest.raises(RoomError, match="for cash games"):
        RoomSettings(game="tournament", bomb_pot=5)


def test_a_room_stored_before_the_home_game_options_still_loads() -> None:
    room = make_room()
    ids = seat_players(room, ["Ann", "Bob"])
    room.deal(at=2.0)
    play_passively(room, ids)
    stored = json.loads(json.dumps(room.events))
    for key in ("bomb_pot", "bomb_pot_every", "rabbit_hunting", "seven_deuce"):
        del stored[0]["settings"][key]
    again = Room.restore("home", stored)
    assert again.view(None) == room.view(None) and again.view(None)["bomb_pot_next"] == 0


# ------------------------------------------------------------------ RULES 12.2


def seven_deuce_room(bounty: int = 5, chips: tuple[int, ...] = (100, 100, 100)) -> Room:
    room = make_room(seven_deuce=bounty)
    for seat, stack in enumerate(chips):
        room.request_seat(f"tok-{seat}", f"P{seat}", seat, stack, at=1.0)
    return room


def who(seat: int) -> Identity:
    return Identity(seat=seat, person=None)


def steal_with(room: Room, seat: int, at: float) -> None:
    """``seat`` raises, everyone else folds: the pot is won uncontested, nothing shown."""
    while room.current is not None:
        actor = room.actor
        assert actor is not None
        legal = room.view(actor)["hand"]["legal"]
        if actor == seat:
            room.act(
                who(actor),
                f"raise {legal['min_raise_to']}"
                if legal["min_raise_to"] and not legal["bet"]
                else "check"
                if legal["check"]
                else "call",
                at=at,
            )
        else:
            room.act(who(actor), "fold" if legal["fold"] else "check", at=at)


def test_a_seven_deuce_won_uncontested_and_shown_after_collects_from_everyone() -> None:
    room = seven_deuce_room()
    deck = deck_for(room, {0: "7h 2c", 1: "Ks Kd", 2: "9d 9s"}, "Ah Qd 5c 8s 3h", at=2.0)
    room.deal(at=2.0, deck=deck)
    steal_with(room, 0, at=3.0)
    last = room.view(None)["last_hand"]
    assert last["winnings"].get("0") and last["seven_deuce"] == []  # not shown: nothing yet
    before = room.stacks_by_name()
    room.show(room.identify("tok-0"), card=0, at=4.0)  # one card is not 7-2 shown
    assert room.stacks_by_name() == before
    room.show(room.identify("tok-0"), card=1, at=4.5)  # both: the bounty, after the pots
    after = room.stacks_by_name()
    assert after["P0"] == before["P0"] + 10
    assert after["P1"] == before["P1"] - 5 and after["P2"] == before["P2"] - 5
    assert room.chips_accounted()  # every chip stays at the table (RULES 7.2)
    last = room.view(None)["last_hand"]
    assert last["seven_deuce"] == [
        {"winner": 0, "from": 1, "chips": 5},
        {"winner": 0, "from": 2, "chips": 5},
    ]
    assert "Seven-deuce: P1 pays P0 5" in last["log"]
    ledger = room.ledger_json()
    rows = {row["name"]: row for row in ledger["players"]}
    assert rows["P0"]["seven_deuce"] == 10 and rows["P1"]["seven_deuce"] == -5
    assert rows["P0"]["net"] == after["P0"] - 100
    assert "seven_deuce" in room.ledger_csv().splitlines()[0]
    # Paid once: the room's events bring it back, not twice.
    again = Room.restore("home", json.loads(json.dumps(room.events)))
    assert again.stacks_by_name() == after and again.ledger_json() == ledger


def test_a_seven_deuce_that_wins_the_showdown_is_paid_as_the_hand_ends() -> None:
    room = seven_deuce_room(bounty=50, chips=(100, 100, 40))
    deck = deck_for(
        room, {0: "7h 2c", 1: "Ks Kd", 2: "9d 9s"}, "7d 7s 2d 8s 3h", at=2.0, play=check_down
    )
    room.deal(at=2.0, deck=deck)
    play_passively(room, {s: who(s) for s in range(3)}, at=3.0)
    ended = next(e for e in reversed(room.events) if e["type"] == "hand_ended")
    # P2 had 38 left after the pot: a player with less pays what they have (RULES 12.2).
    assert ended["seven_deuce"] == [
        {"winner": 0, "from": 1, "chips": 50},
        {"winner": 0, "from": 2, "chips": 38},
    ]
    assert room.stacks_by_name() == {"P0": 100 + 4 + 88, "P1": 48, "P2": 0}
    assert room.chips_accounted()
    again = Room.restore("home", json.loads(json.dumps(room.events)))
    assert again.view(None) == room.view(None)


def test_no_bounty_for_a_seven_deuce_that_loses_or_is_not_played() -> None:
    room = seven_deuce_room()
    deck = deck_for(
        room, {0: "7h 2c", 1: "Ks Kd", 2: "9d 9s"}, "Ah Qd 5c 8s 3h", at=2.0, play=check_down
    )
    room.deal(at=2.0, deck=deck)
    play_passively(room, {s: who(s) for s in range(3)}, at=3.0)
    assert room.view(None)["last_hand"]["seven_deuce"] == []
    plain = make_room()  # the room does not play it
    for seat in range(3):
        plain.request_seat(f"tok-{seat}", f"P{seat}", seat, 100, at=1.0)
    plain.deal(
        at=2.0, deck=deck_for(plain, {0: "7h 2c"}, "7d 7s 2d 8s 3h", at=2.0, play=check_down)
    )
    play_passively(plain, {s: who(s) for s in range(3)}, at=3.0)
    assert sorted(plain.stacks_by_name().values()) == [98, 98, 104]  # the pot alone


def test_seven_deuce_is_a_hold_em_cash_game_option() -> None:
    with pytest.raises(RoomError, match="hold'em cash games"):
        RoomSettings(seven_deuce=5, variant="omaha")
    with pytest.raises(RoomError, match="hold'em cash games"):
        RoomSettings(seven_deuce=5, game="tournament")
    with pytest.raises(RoomError, match="seven deuce 201: a whole number from 0 to 200"):
        RoomSettings(seven_deuce=201)


def test_a_side_pot_of_ones_own_ante_is_no_pot_won_for_seven_deuce() -> None:
    # A bomb pot of 10 with a stack of 3: the 7 chips over it come back as a side pot of
    # the big stack's own chips. Holding 7-2 and losing the main pot collects nothing.
    room = make_room(seven_deuce=5, bomb_pot=10, bomb_pot_every=1, min_buy_in=1)
    room.request_seat("tok-0", "P0", 0, 100, at=1.0)
    room.request_seat("tok-1", "P1", 1, 3, at=1.0)
    # Cards one at a time from left of the button, then a burn before each street.
    for first, second in (("7h", "As"), ("As", "7h")):
        other = "2c" if first == "7h" else "Ad"
        last_card = "Ad" if first == "7h" else "2c"
        deck = Deck.stacked(f"{first} {second} {other} {last_card} 5d Kd 9s 4c 6d 8s Jc 3h")
        probe = Room.restore("probe", json.loads(json.dumps(room.events)))
        probe.deal(at=2.0, deck=deck)
        record = probe.last_record
        assert record is not None
        if "7h" in str(record.hand.hole(record.seats.index(0))):
            break
    room.deal(at=2.0, deck=deck)
    assert room.current is None  # all-in from the antes: dealt to the river at once
    last = room.view(None)["last_hand"]
    assert last["shown"]["0"] == "7h 2c" and last["winnings"] == {"0": 7, "1": 6}
    assert last["seven_deuce"] == [] and room.stacks_by_name() == {"P0": 97, "P1": 6}
