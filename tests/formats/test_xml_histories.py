"""iPoker and partypoker XML: each hand said in PokerStars' words, replayed, every chip checked.

The real files (``../shared/data/histories/ipoker``, ``partypoker``) are read
in place. Each hand's final stacks are worked out by this test's own reading
of the XML, with the standard library's parser: iPoker's players' ``chips``
less their ``bet`` plus their ``win``; partypoker's stacks less every
action's amount plus the winners' amounts; the engine's replay must agree,
a cash game's rake aside (taken from winners only).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import ipoker, partypoker_xml, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"


def _files(site: str) -> list[Path]:
    folder = HISTORIES / site
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent: the real histories are not here")
    return sorted(folder.rglob("*.xml"))


def _number(text: str | None) -> Decimal:
    return Decimal(re.sub(r"[^0-9.]", "", text or "0") or "0")


def _check(
    history: HandHistory, own: dict[str, Decimal], bets: dict[str, Decimal] | None = None
) -> None:
    """The replay against the test's reading; where the file may leave out the bet nobody
    called (``bets`` given), it is read both ways, returned or not, as reconciling does."""
    check = pokerstars.reconcile(history)
    assert check.reconciled, (history.number, check.problem)
    assert check.hand is not None and check.hand.result is not None
    scale = 100 if history.metadata.get("cents") else 1
    names = history.players or ()
    readings = [own]
    if bets:
        top = max(bets, key=bets.__getitem__)
        rest = max((v for k, v in bets.items() if k != top), default=Decimal(0))
        readings.append({**own, top: own[top] + bets[top] - rest})
    results = []
    for reading in readings:
        taken = [
            Decimal(stack) / scale - reading[name]
            for name, stack in zip(names, check.hand.result.stacks, strict=True)
        ]
        if "tournament" in history.metadata:
            results.append(not any(taken))
        else:  # the rake, never more than a tenth of the pot, comes from the winners
            results.append(all(t >= 0 for t in taken))
    assert any(results), (history.number, readings)


def _ipoker_put_in(game: ElementTree.Element) -> dict[str, Decimal]:
    """What each player put in, by this test's reading: a raise's sum is what the player
    then has in front in that round (the file's ``bet`` adds it to what was there, which
    counts a re-raiser's earlier chips twice); every other sum is what the action adds."""
    total: dict[str, Decimal] = {}
    front: dict[str, Decimal] = {}
    for round_ in game.iter("round"):
        if round_.get("no") != "1":  # the blinds' round and the pre-flop are one betting round
            _add(total, front)
        for action in sorted(round_.iter("action"), key=lambda a: int(a.get("no") or 0)):
            name, amount = str(action.get("player")), _number(action.get("sum"))
            if action.get("type") == "15":
                total[name] = total.get(name, Decimal(0)) + amount
            elif action.get("type") == "23":
                front[name] = amount
            else:
                front[name] = front.get(name, Decimal(0)) + amount
    _add(total, front)
    return total


def _add(total: dict[str, Decimal], front: dict[str, Decimal]) -> None:
    for name, amount in front.items():
        total[name] = total.get(name, Decimal(0)) + amount
    front.clear()


def test_the_real_ipoker_sessions(capsys: pytest.CaptureFixture[str]) -> None:
    counts = {"reconciled": 0, "not reconciled": 0, "unreadable": 0, "other games": 0}
    problems: list[str] = []
    for file in _files("ipoker"):
        text = decode(file.read_bytes())
        assert ipoker.is_ipoker(text), file
        games = {
            game.get("gamecode"): game
            for game in (
                ElementTree.fromstring(m.group(0))
                for m in re.finditer(r"<game\b.*?</game>", text, re.DOTALL)
            )
        }
        for entry in ipoker.loads_each(text):
            if isinstance(entry, pokerstars.OtherGame):
                counts["other games"] += 1
                continue
            if isinstance(entry, pokerstars.Unreadable):
                counts["unreadable"] += 1
                problems.append(entry.reason)
                continue
            game = games[str(entry.number)]
            put_in = _ipoker_put_in(game)
            own = {
                name: _number(p.get("chips")) - put_in.get(name, Decimal(0)) + _number(p.get("win"))
                for p in game.iter("player")
                if (name := str(p.get("name")))
            }
            if not pokerstars.reconcile(entry).reconciled:
                counts["not reconciled"] += 1
                problems.append(str(pokerstars.reconcile(entry).problem))
                continue
            _check(entry, own, put_in)
            counts["reconciled"] += 1
    with capsys.disabled():
        print(f"\niPoker XML: {counts}")
    # 699 games: the Speed ('SL') games passed over, and each hand not read says why,
    # all-in blinds shorter than the game's (a small blind bigger than the big one).
    assert counts == {"reconciled": 684, "not reconciled": 3, "unreadable": 4, "other games": 8}
    assert all(problem for problem in problems)


def test_the_real_partypoker_xml_files(capsys: pytest.CaptureFixture[str]) -> None:
    counts = {"reconciled": 0, "unreadable": 0}
    for file in _files("partypoker"):
        text = decode(file.read_bytes())  # UTF-16 that says it is UTF-8
        assert partypoker_xml.is_party_xml(text)
        hands = {
            m.group(1): m.group(0)
            for m in re.finditer(r'<gametype\b[^>]*id="([0-9]+)".*?</gametype>', text, re.DOTALL)
        }
        for entry in partypoker_xml.loads_each(text):
            if isinstance(entry, pokerstars.Unreadable):
                counts["unreadable"] += 1  # a file cut short in its last hand
                assert "no </gametype>" in entry.reason
                continue
            assert isinstance(entry, HandHistory), entry
            hand = ElementTree.fromstring(hands[str(entry.number)])
            seats = {
                p.get("seat"): str(p.get("screen_name")) for p in hand.iterfind("./players/player")
            }
            own = {
                seats[str(p.get("seat"))]: _number(p.get("stack"))
                for p in hand.iterfind("./players/player")
            }
            for action in hand.iterfind("./rounds/round/actions/action"):
                if action.get("seat") in seats and action.get("amount"):
                    own[seats[str(action.get("seat"))]] -= _number(action.get("amount"))
            for winner in hand.iterfind("./result/pots/pot/winners/winner"):
                own[seats[str(winner.get("seat"))]] += _number(winner.get("amount"))
            _check(entry, own)
            counts["reconciled"] += 1
    with capsys.disabled():
        print(f"\npartypoker XML: {counts}")
    assert counts == {"reconciled": 44, "unreadable": 1}


SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1"><general><gametype>Holdem NL</gametype>
<tablename>Table #1, Sit n Go</tablename><tournamentcode>555</tournamentcode></general>
<game gamecode="GAME"><general><startdate>2017-10-04 12:36:10</startdate><players>
<player seat="1" name="ann" chips="1,440" dealer="1" win="0" bet="1,440"/>
<player seat="2" name="bob" chips="1560" dealer="0" win="2,880" bet="1440"/>
<player seat="4" name="" chips="0" dealer="0" win="0" bet="0"/>
</players></general>
<round no="0"><action no="2" player="bob" type="2" sum="20"/>
<action no="1" player="ann" type="1" sum="10"/></round>
<round no="1"><cards type="Pocket" player="ann">C10 C9</cards>
<cards type="Pocket" player="bob">S4 DA</cards>
<action no="4" player="bob" type="3" sum="40"/>
<action no="3" player="ann" type="23" sum="60"/></round>
<round no="2"><cards type="Flop" player="">SA D6 CK</cards>
<action no="5" player="bob" type="4" sum="0"/><action no="6" player="ann" type="7" sum="1,380"/>
<action no="7" player="bob" type="3" sum="1380"/></round>
<round no="3"><cards type="Turn" player="">CA</cards></round>
<round no="4"><cards type="River" player="">D10</cards></round>
</game></session>
"""


def test_an_ipoker_all_in_with_actions_out_of_order_and_an_empty_seat() -> None:
    (history,) = ipoker.loads_each(SESSION.replace("GAME", "9"))
    assert isinstance(history, HandHistory), history
    assert history.metadata["tournament"] == 555
    _check(history, {"ann": Decimal(0), "bob": Decimal(3000)})


def test_a_broken_game_loses_only_itself() -> None:
    one = SESSION.replace("GAME", "1")
    head, game = one.split("<game ", 1)
    body = "<game " + game.replace("</session>", "")
    games = [body.replace('gamecode="1"', f'gamecode="{n}"') for n in (1, 2, 3)]
    broken = games[1].replace('<round no="2">', '<round no="2"', 1)
    entries = ipoker.loads_each(head + games[0] + broken + games[2] + "</session>")
    assert [type(e).__name__ for e in entries] == ["HandHistory", "Unreadable", "HandHistory"]
    assert isinstance(entries[1], pokerstars.Unreadable) and "not XML" in entries[1].reason
    rng = random.Random(24)
    for _ in range(300):
        middle = list(games[1])
        for _ in range(rng.randint(1, 5)):
            at = rng.randrange(6, len(middle) - 8)  # inside the game, its tags kept
            if rng.random() < 0.5:
                del middle[at]
            else:
                middle[at] = rng.choice('<>"/=0123456789,.aZ ')
        entries = ipoker.loads_each(head + games[0] + "".join(middle) + games[2] + "</session>")
        read = {e.number for e in entries if isinstance(e, HandHistory)}
        assert {1, 3} <= read


def test_a_partypoker_hand_whose_winner_sits_nowhere_says_so() -> None:
    for file in _files("partypoker")[:1]:
        text = decode(file.read_bytes())
        first = re.search(r'<winner seat="([0-9])"', text)
        assert first is not None
        broken = text[: first.start()] + '<winner seat="9"' + text[first.end() :]
        entries = partypoker_xml.loads_each(broken)
        assert isinstance(entries[0], pokerstars.Unreadable)
        assert "a winner at seat '9', empty" in entries[0].reason
        assert all(isinstance(e, HandHistory) for e in entries[1:-1])
