"""Open Hand History JSON: read as the other sites are, written from the engine, round-tripped.

The real files (``../shared/data/histories/ohh``) are read in place; each
Hold'em hand's final stacks are worked out by this test's own reading of the
JSON (what each player put in, the bet nobody called back, what the pots
paid) and compared with the engine's replay, the rake aside (RULES 7.2).
"""

from __future__ import annotations

import json
import random
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind import Deck, Hand, Rules
from bigblind.errors import HistoryError
from bigblind.formats import ohh, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"
OHH = HISTORIES / "ohh"
POSTS_AND_BETS = {"post sb", "post bb", "post ante", "straddle", "post dead", "post extra blind"}
PUTS_IN = POSTS_AND_BETS | {"call", "bet", "raise"}


def _files(folder: Path, pattern: str) -> list[Path]:
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent: the real histories are not here")
    return sorted(folder.rglob(pattern))


def _own_final_stacks(hand: dict[str, object]) -> dict[str, Decimal]:
    """Each player's stack after the hand, by this test's reading: start, less what they
    put in, plus the bet nobody called and what the pots paid them."""
    players = hand["players"]
    assert isinstance(players, list)
    names = {p["id"]: p["name"] for p in players}
    put_in = {p["id"]: Decimal(0) for p in players}
    rounds = hand["rounds"]
    assert isinstance(rounds, list)
    for round_ in rounds:
        for action in round_["actions"]:
            if str(action["action"]).lower() in PUTS_IN:
                put_in[action["player_id"]] += Decimal(str(action["amount"]))
    order = sorted(put_in.values(), reverse=True)
    top = max(put_in, key=put_in.__getitem__)
    returned = {top: order[0] - order[1]}  # what the last bettor put in beyond the rest
    pots = hand["pots"]
    assert isinstance(pots, list)
    won = {p["id"]: Decimal(0) for p in players}
    for pot in pots:
        for win in pot["player_wins"]:
            won[win["player_id"]] += Decimal(str(win["win_amount"]))
    return {
        names[p["id"]]: Decimal(str(p["starting_stack"]))
        - put_in[p["id"]]
        + returned.get(p["id"], Decimal(0))
        + won[p["id"]]
        for p in players
    }


def _check_against_own_reading(history: HandHistory, raw: dict[str, object]) -> None:
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    own = _own_final_stacks(raw)
    pots = raw["pots"]
    assert isinstance(pots, list)
    rake = sum((Decimal(str(pot.get("rake", 0))) for pot in pots), Decimal(0))
    scale = 100 if history.metadata.get("cents") else 1
    names = history.players or ()
    taken = [
        Decimal(got) / scale - own[name]
        for name, got in zip(names, check.hand.result.stacks, strict=True)
    ]
    # What the engine paid each player beyond the file's reading is their share of the rake.
    assert all(t >= 0 for t in taken), (names, taken)
    assert sum(taken) == rake


def test_the_real_ohh_files_hold_hands_read_and_reconciled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counts = {"files": 0, "reconciled": 0, "other games": 0, "unreadable": 0}
    for file in _files(OHH, "*.ohh"):
        counts["files"] += 1
        text = decode(file.read_bytes())
        raw = json.loads(text)["ohh"]
        (entry,) = ohh.loads_each(text)
        if isinstance(entry, pokerstars.OtherGame):
            counts["other games"] += 1
            assert "Omaha" in entry.game
            continue
        assert isinstance(entry, HandHistory), entry
        _check_against_own_reading(entry, raw)
        assert entry.number == int(raw["game_number"])
        assert entry.metadata["site"] == raw["site_name"]
        counts["reconciled"] += 1
    with capsys.disabled():
        print(f"\nOHH: {counts}")
    # The Omaha and Omaha Hi/Lo files are read too (RULES 11.1, 11.2).
    assert counts == {"files": 5, "reconciled": 5, "other games": 0, "unreadable": 0}


def _hand(stacks: list[int], deck: str, rules: Rules | None = None) -> Hand:
    return Hand(rules or Rules.no_limit(blinds=(1, 2)), stacks, deck=Deck.stacked(deck))


def _finish(hand: Hand) -> None:
    """Play on by checking and calling, every hand shown."""
    while not hand.finished:
        if hand.awaiting == "show":
            hand.show()
        elif hand.awaiting == "runs":
            hand.run_once()
        else:
            hand.check_or_call()


def _round_trip(
    hand: Hand, *, currency: str | None = None, rake: int = 0, seats: list[int] | None = None
) -> tuple[str, HandHistory]:
    names = [f"p{i}" for i in range(hand.seats)]
    text = ohh.dumps(
        hand,
        game_number=42,
        players=names,
        when=datetime(2026, 12, 1, 9, 5),
        currency=currency,
        rake=rake,
        seat_numbers=seats,
    )
    (history,) = ohh.loads_each(text)
    assert isinstance(history, HandHistory), history
    check = pokerstars.reconcile(history)
    assert check.reconciled, check.problem
    assert check.hand is not None and check.hand.result is not None
    assert hand.result is not None
    by_name = dict(zip(history.players or (), check.hand.result.stacks, strict=True))
    assert [by_name[n] for n in names] == list(hand.result.stacks)
    return text, history


def test_an_all_in_with_side_pots_and_a_showdown_round_trips() -> None:
    hand = _hand([50, 200, 300], "As Ad Kc Kd Qh Qs 2c 7d 9h Jd 3s")
    hand.all_in()  # the button, 50
    hand.all_in()  # the small blind, 200
    hand.call()  # the big blind covers both
    _finish(hand)
    text, _ = _round_trip(hand)
    raw = json.loads(text)["ohh"]
    assert len(raw["pots"]) == 2
    assert raw["rounds"][-1]["street"] == "Showdown"


def test_antes_straddles_rake_and_money_round_trip() -> None:
    rules = Rules.no_limit(blinds=(5, 10), ante=1, straddle=20)
    hand = _hand([1000, 1000, 1000, 1000], "As Kd Qh Jc Ts 9s 8c 7c", rules)
    hand.raise_to(60)
    hand.fold()
    hand.fold()
    hand.call()
    _finish(hand)
    text, _ = _round_trip(hand, currency="USD", rake=5, seats=[2, 4, 6, 9])
    raw = json.loads(text)["ohh"]
    assert raw["currency"] == "USD" and raw["ante_amount"] == 0.01
    assert sum(pot["rake"] for pot in raw["pots"]) == 0.05
    assert [p["seat"] for p in raw["players"]] == [2, 4, 6, 9]


def test_a_hand_run_twice_is_refused_with_the_reason() -> None:
    hand = Hand(
        Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=3), offer_run_twice=True
    )
    hand.all_in()
    hand.call()
    hand.run_twice()
    _finish(hand)
    with pytest.raises(HistoryError, match="run twice"):
        ohh.dumps(hand, game_number=1, players=["a", "b"], when=datetime(2026, 1, 1))


def _two_hands() -> str:
    hand = _hand([200, 200], "As Kd Qh Jc")
    hand.raise_to(6)
    hand.fold()
    one = ohh.dumps(hand, game_number=1, players=["ann", "bob"], when=datetime(2026, 1, 1))
    two = one.replace('"game_number": "1"', '"game_number": "2"')
    three = one.replace('"game_number": "1"', '"game_number": "3"')
    return ohh.dump_session([one, two, three])


def test_broken_json_loses_only_its_own_hand() -> None:
    text = _two_hands()
    middle = text.index('"game_number": "2"')
    broken = text[:middle] + '"game_number": "2",,' + text[middle + 18 :]
    entries = ohh.loads_each(broken)
    kinds = [type(e).__name__ for e in entries]
    assert kinds == ["HandHistory", "Unreadable", "HandHistory"]
    assert isinstance(entries[1], pokerstars.Unreadable)
    begins = text[: text.index("\n\n{") + 2].count("\n") + 1
    broken_at = text[:middle].count("\n") + 1
    assert entries[1].reason.startswith(f"line {begins}: not JSON (")
    assert f"line {broken_at} column" in entries[1].reason


def test_a_hand_naming_an_unknown_player_says_which_field() -> None:
    text = _two_hands().replace(
        '"player_id": 1, "action": "Fold"', '"player_id": 7, "action": "Fold"'
    )
    text = text.replace('"player_id": 1,\n', '"player_id": 7,\n', 1)
    entries = ohh.loads_each(text)
    unreadable = [e for e in entries if isinstance(e, pokerstars.Unreadable)]
    assert unreadable and "player_id 7 is none of the players' ids" in unreadable[0].reason


def test_a_json_list_of_hands_and_other_games() -> None:
    hand = json.loads(_two_hands().split("\n\n")[0])
    stud = json.loads(json.dumps(hand))
    stud["ohh"]["game_type"] = "Stud"  # RULES 11.4: a game bigblind does not play
    entries = ohh.loads_each(json.dumps([hand, stud]))
    assert isinstance(entries[0], HandHistory)
    assert isinstance(entries[1], pokerstars.OtherGame) and entries[1].game == "Stud"
    assert not ohh.is_ohh('{"table": {}}') and ohh.is_ohh(json.dumps([hand]))


def test_fuzzed_files_never_crash_nor_lose_the_other_hands() -> None:
    text = _two_hands()
    start = text.index("\n\n{") + 2
    end = text.index("\n\n{", start)
    rng = random.Random(24)
    for _ in range(400):
        middle = list(text[start:end])
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(middle))
            move = rng.random()
            if move < 0.4:
                del middle[at]
            elif move < 0.8:
                middle[at] = rng.choice('{}[]",:0123456789.-aZ \n')
            else:
                middle.insert(at, rng.choice('{}[]",:-9'))
        entries = ohh.loads_each(text[:start] + "".join(middle) + text[end:])
        read = [e for e in entries if isinstance(e, HandHistory)]
        assert {e.number for e in read} >= {1, 3}


def test_real_hands_of_other_sites_round_trip_through_ohh() -> None:
    files = _files(HISTORIES / "pokerstars", "*.txt")[:40]
    done = 0
    for file in files:
        for entry in pokerstars.read_each(file):
            if not isinstance(entry, HandHistory):
                continue
            check = pokerstars.reconcile(entry)
            if not check.reconciled or check.hand is None:
                continue
            names = list(entry.players or ())
            if len(set(names)) != len(names) or any(n != n.strip() for n in names):
                continue
            try:
                text = ohh.dumps(
                    check.hand,
                    game_number=entry.number or 0,
                    players=names,
                    when=datetime(2020, 1, 1),
                    currency=entry.metadata.get("currency"),  # type: ignore[arg-type]
                    tournament="tournament" in entry.metadata,
                    rake=entry.metadata.get("_rake", 0),  # type: ignore[arg-type]
                )
            except ValueError:
                continue  # a hand run twice, or a name OHH's writer refuses
            (back,) = ohh.loads_each(text)
            assert isinstance(back, HandHistory), back
            again = pokerstars.reconcile(back)
            assert again.reconciled, (file, entry.number, again.problem)
            assert again.hand is not None and again.hand.result is not None
            assert check.hand.result is not None
            by_name = dict(zip(back.players or (), again.hand.result.stacks, strict=True))
            assert [by_name[n] for n in names] == list(check.hand.result.stacks)
            done += 1
    assert done > 100
