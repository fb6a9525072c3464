"""The statistics as queries of the stored facts: hand-built hands and a real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigblind.bots.intervals import half_width_95
from bigblind.cli.track import history_reader
from bigblind.tracker.database import Database
from bigblind.tracker.importer import ImportSummary, import_file
from bigblind.tracker.stats import Filters, Ratio, stats
from tests.tracker.hands import (
    c_bet_raised,
    limped_to_showdown,
    pokerstars_hand,
    steal_and_three_bet,
)

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "histories" / "pokerstars"
DONATI = (
    DATA
    / "DriveHud"
    / (
        "IntegrationTests__Parsers__PokerStars__TestData__HH20161117 Donati - $0.02-$0.05"
        " - USD No Limit Hold'em.txt"
    )
)


def load(tmp_path: Path, text: str) -> Database:
    path = tmp_path / "hands.txt"
    path.write_text(text)
    db = Database("sqlite://")
    summary = ImportSummary()
    import_file(db, path, history_reader, summary)
    assert summary.unreadable == 0, summary.problems
    return db


def test_each_statistic_on_hands_built_for_it(tmp_path: Path) -> None:
    plays = [steal_and_three_bet, c_bet_raised, limped_to_showdown, steal_and_three_bet]
    text = "\n\n".join(pokerstars_hand(p, number=i + 1) for i, p in enumerate(plays))
    db = load(tmp_path, text)
    btn = stats(db, Filters(player="btn"))["all"]
    assert btn.hands == 4
    assert btn.ratios["vpip"] == Ratio(made=3, chances=4)  # two steals and a limp
    assert btn.ratios["pfr"] == Ratio(made=2, chances=4)
    assert btn.ratios["steal"] == Ratio(made=2, chances=2)  # UTG opened the second hand
    assert btn.ratios["fold_to_three_bet"] == Ratio(made=2, chances=2)
    bb = stats(db, Filters(player="bb"))["all"]
    assert bb.ratios["three_bet"] == Ratio(made=2, chances=3)  # called the UTG open
    assert bb.ratios["fold_to_steal"] == Ratio(made=0, chances=2)
    utg = stats(db, Filters(player="utg"))["all"]
    assert utg.ratios["cbet_flop"] == Ratio(made=1, chances=1)
    assert utg.ratios["cbet_turn"] == Ratio(made=0, chances=1)
    assert utg.aggression_factor == 1.0  # one bet, one call post-flop
    assert utg.aggression_frequency == Ratio(made=1, chances=3)  # and one fold
    co = stats(db, Filters(player="co"))["all"]
    assert co.ratios["fold_to_cbet_flop"] == Ratio(made=0, chances=1)
    assert co.ratios["wtsd"] == Ratio(made=1, chances=2)  # the limped pot alone
    everyone = stats(db, Filters())["all"]
    assert everyone.hands == 24 and everyone.net == 0
    by_position = stats(db, Filters(), by="position")
    assert sorted(by_position) == ["BB", "BTN", "CO", "HJ", "SB", "UTG"]
    assert all(s.hands == 4 for s in by_position.values())


def test_bb_per_100_and_its_interval(tmp_path: Path) -> None:
    plays = [steal_and_three_bet, c_bet_raised, limped_to_showdown]
    text = "\n\n".join(pokerstars_hand(plays[i % 3], number=i + 1) for i in range(9))
    db = load(tmp_path, text)
    co = stats(db, Filters(player="co"))["all"]
    from sqlalchemy import select

    from bigblind.tracker.schema import player_hands as t

    with db.engine.connect() as connection:
        nets = [
            n / 2 for n in connection.execute(select(t.c.net).where(t.c.player == "co")).scalars()
        ]
    assert co.net_bb == pytest.approx(sum(nets))
    assert co.bb_per_100 == pytest.approx(100 * sum(nets) / 9)
    assert co.bb_per_100_ci == pytest.approx(100 * half_width_95(nets))
    assert co.showdown_bb + co.non_showdown_bb == pytest.approx(co.net_bb)


def test_filters_by_date_and_stakes(tmp_path: Path) -> None:
    from datetime import datetime

    text = "\n\n".join(pokerstars_hand(limped_to_showdown, number=i + 1) for i in range(4))
    db = load(tmp_path, text)  # played at 9:01, 9:02, 9:03, 9:04
    late = stats(db, Filters(player="co", since=datetime(2026, 12, 1, 9, 3)))["all"]
    assert late.hands == 2
    assert stats(db, Filters(player="co", until=datetime(2026, 12, 1, 9, 2)))["all"].hands == 1
    assert stats(db, Filters(stakes="1/2"))["all"].hands == 24
    assert stats(db, Filters(stakes="2/4")) == {}


def test_a_real_pokerstars_file_counted_by_hand(tmp_path: Path) -> None:
    if not DONATI.exists():
        pytest.skip(f"the real histories are not here ({DONATI.parent})")
    db = load(tmp_path, DONATI.read_text(encoding="utf-8-sig"))
    hero = stats(db, Filters(player="braveslice"))["all"]
    # Nine hands, all folded before the flop: a walk in the big blind (+2 cents), the
    # small blind lost twice and the big blind once.
    assert (hero.hands, hero.net) == (9, -7)
    assert hero.net_bb == pytest.approx(-1.4)
    assert hero.ratios["vpip"] == Ratio(made=0, chances=9)
    # Seven times facing one raise; once the button's steal from the small blind.
    assert hero.ratios["three_bet"] == Ratio(made=0, chances=7)
    assert hero.ratios["fold_to_steal"] == Ratio(made=1, chances=1)
    assert hero.ratios["steal"] == Ratio(made=0, chances=0)
    table = stats(db, Filters())["all"]
    assert table.hands == 9 * 6 and table.net == -(11 + 1 + 2 + 6)  # six players; the rake
    assert table.ratios["vpip"] == Ratio(made=12, chances=54)
    assert table.ratios["pfr"] == Ratio(made=8, chances=54)
    # Folded to the cut-off, button or small blind: 3 + 3 in two walks, the CO open of
    # hand 6, the CO fold and button raise of hand 7.
    assert table.ratios["steal"] == Ratio(made=2, chances=9)
    assert table.ratios["fold_to_steal"] == Ratio(made=3, chances=4)
    assert table.ratios["cbet_flop"] == Ratio(made=1, chances=4)
    assert table.ratios["cbet_turn"] == Ratio(made=1, chances=1)
    assert table.ratios["fold_to_cbet_flop"] == Ratio(made=0, chances=1)
    assert table.ratios["fold_to_three_bet"] == Ratio(made=0, chances=1)
    assert table.ratios["wtsd"] == Ratio(made=4, chances=9)
    assert table.ratios["wsd"] == Ratio(made=2, chances=4)
