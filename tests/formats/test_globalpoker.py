"""Global Poker's JSON hands, said in PokerStars' words and read so, every chip checked.

The real files (``../shared/data/histories/globalpoker``) are read in place;
each hand's final stacks are worked out by this test from the file's own
results (each player's ``initialBalance`` plus ``netWin``), apart from the
events the reader plays, and compared with the engine's replay: what the
replay gives above them is the rake the file names.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.engine.rules import Structure
from bigblind.formats import globalpoker, ohh, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
GLOBAL = REPO.parent / "shared/data/histories/globalpoker"


def _hand(*events: dict[str, object], transfers: list[dict[str, object]]) -> str:
    return json.dumps(
        {
            "id": "00d02b4c-8f1d-4fc4-8993-7ffe9758c177",
            "table": {"tableName": "Odessa"},
            "startTime": 1515047411788,
            "settings": {
                "variant": "TEXAS_HOLDEM",
                "betStrategyType": "NO_LIMIT",
                "capacity": 6,
                "bigBlind": 0.04,
                "smallBlind": 0.02,
            },
            "seats": [
                {"playerId": 1, "initialBalance": 4.8, "seatId": 0, "name": "ann"},
                {"playerId": 2, "initialBalance": 9.54, "seatId": 1, "name": "bob"},
                {"playerId": 3, "initialBalance": 2.0, "seatId": 3, "name": "cy"},
            ],
            "events": list(events),
            "results": {"totalRake": 0, "transfers": transfers},
        }
    )


def _act(player: int, action: str, after: float) -> dict[str, object]:
    return {
        "type": "PlayerAction",
        "action": action,
        "playerId": player,
        "balanceAfterAction": after,
    }


def test_a_raise_read_from_the_balances_and_a_returned_bet() -> None:
    text = _hand(
        _act(2, "SMALL_BLIND", 9.52),
        _act(3, "BIG_BLIND", 1.96),
        {"type": "PlayerCardsDealt", "playerId": 1, "cards": [
            {"suit": "HEARTS", "rank": "JACK"}, {"suit": "CLUBS", "rank": "TEN"}]},
        _act(1, "RAISE", 4.68),  # ann adds 0.12: a raise to 0.12
        _act(2, "FOLD", 9.52),
        _act(3, "CALL", 1.88),
        {"type": "TableCardsDealt", "cards": [
            {"suit": "HEARTS", "rank": "TWO"}, {"suit": "SPADES", "rank": "NINE"},
            {"suit": "DIAMONDS", "rank": "KING"}]},
        _act(3, "CHECK", 1.88),
        _act(1, "BET", 4.38),
        _act(3, "FOLD", 1.88),
        {"type": "PotUpdate", "potTransitions": [
            {"playerId": 1, "amount": 0.30, "fromChipStackToPlayer": True}]},
        transfers=[{"playerId": 1, "amount": 0.26}],
    )  # fmt: skip
    (history,) = globalpoker.loads_each(text)
    assert isinstance(history, HandHistory), history
    assert history.metadata["site"] == "Global Poker"
    assert history.rules is not None and history.rules.structure is Structure.NO_LIMIT
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    final = dict(zip(history.players or (), history.finishing_stacks or (), strict=True))
    # The button is the seat before the small blind's: ann, who acts first.
    assert final == {"ann": 494, "bob": 952, "cy": 188}


def test_broken_json_other_games_and_ohh_are_told_apart() -> None:
    (broken,) = globalpoker.loads_each('{"id": "x", "table": {}, "events": [')
    assert isinstance(broken, pokerstars.Unreadable)
    assert broken.reason.startswith("not Global Poker JSON:")
    stud = _hand(transfers=[]).replace("TEXAS_HOLDEM", "SEVEN_CARD_STUD")
    (other,) = globalpoker.loads_each(stud)
    assert isinstance(other, pokerstars.OtherGame)
    assert not globalpoker.is_globalpoker('{"ohh": {"table_name": "x"}}')
    assert not ohh.is_ohh(_hand(transfers=[]))


@pytest.mark.parametrize(
    "change",
    [
        ('"initialBalance": 4.8', '"initialBalance": Infinity'),
        ('"initialBalance": 4.8', '"initialBalance": NaN'),
        ('"initialBalance": 4.8', '"initialBalance": 1e400'),
        ('"initialBalance": 4.8', '"initialBalance": [1]'),
        ('"seatId": 0', '"seatId": "x"'),
        ('"playerId": 1,', '"playerId": [1],'),
        ('"events": [', '"events": [7, '),
    ],
)
def test_hostile_values_are_a_hand_that_cannot_be_read(change: tuple[str, str]) -> None:
    text = _hand(_act(2, "SMALL_BLIND", 9.52), _act(3, "BIG_BLIND", 1.96), transfers=[])
    assert change[0] in text
    (entry,) = globalpoker.loads_each(text.replace(*change, 1))
    assert isinstance(entry, pokerstars.Unreadable | HandHistory)
    if isinstance(entry, pokerstars.Unreadable):
        assert entry.reason


@pytest.mark.skipif(not GLOBAL.is_dir(), reason="the shared histories are absent")
def test_every_real_hand_matches_the_files_own_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counts = {"hands": 0, "reconciled": 0, "not": 0, "unreadable": 0}
    for path in sorted(GLOBAL.rglob("*.json")):
        text = decode(path.read_bytes())
        data = json.loads(text.lstrip("\ufeff"))
        (entry,) = globalpoker.loads_each(text)
        counts["hands"] += 1
        if not isinstance(entry, HandHistory):
            counts["unreadable"] += 1
            continue
        check = pokerstars.reconcile(entry)
        if not check.reconciled:
            counts["not"] += 1
            continue
        counts["reconciled"] += 1
        assert check.hand is not None and check.hand.result is not None
        start = {str(s["name"]): Decimal(str(s["initialBalance"])) for s in data["seats"]}
        ids = {str(s["name"]): str(s["playerId"]) for s in data["seats"]}
        results = data["results"]["results"]
        expected = {
            name: start[name] + Decimal(str(results.get(ids[name], {}).get("netWin", 0)))
            for name in start
        }
        unit = Decimal("0.01") if entry.metadata["cents"] else Decimal(1)
        replayed = {
            n: Decimal(s) * unit
            for n, s in zip(entry.players or (), check.hand.result.stacks, strict=True)
        }
        taken = sum(replayed[n] - expected[n] for n in replayed)
        assert taken == Decimal(str(data["results"]["totalRake"])).quantize(unit), path.name
    with capsys.disabled():
        print(f"\nGlobal Poker histories, read in place: {counts}")
    assert counts == {"hands": 15, "reconciled": 15, "not": 0, "unreadable": 0}
