"""PokerStars text in the other games (RULES 11): Omaha with 4, 5 or 6 cards and Omaha Hi/Lo
written with the header PokerStars gives them, and read back to the same chips."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

import pytest

from bigblind import Rules
from bigblind.evaluation import game
from bigblind.formats import pokerstars
from bigblind.formats.pokerstars import OtherGame
from tests.support import random_hand

DATA = Path(__file__).parents[2] / ".." / "shared" / "data" / "histories" / "pokerstars"
HI_LO = DATA / "DriveHud" / "UnitTests__TestData__PokerStarsOmahaHiLo.txt"

HEADERS = {
    ("omaha", "pot"): "Omaha Pot Limit",
    ("omaha5", "pot"): "5 Card Omaha Pot Limit",
    ("omaha6", "pot"): "6 Card Omaha Pot Limit",
    ("omaha8", "pot"): "Omaha Hi/Lo Pot Limit",
    ("omaha8", "fixed"): "Omaha Hi/Lo Limit",
    ("omaha", "no"): "Omaha No Limit",
    ("holdem", "no"): "Hold'em No Limit",
}


def rules_of(code: str, structure: str) -> Rules:
    if structure == "fixed":
        return Rules.fixed_limit(blinds=(1, 2), game=code)
    if structure == "pot":
        return Rules.pot_limit(blinds=(1, 2), game=code)
    return Rules.no_limit(blinds=(1, 2), game=code)


@pytest.mark.parametrize(("code", "structure"), sorted(HEADERS))
def test_each_game_is_written_as_pokerstars_names_it_and_reads_back(
    code: str, structure: str
) -> None:
    """RULES 11.1, 11.2: the header names the game; every hand read back replays to the
    stacks written, split pots of hi/lo included."""
    rules = rules_of(code, structure)
    rng = random.Random(f"{code}{structure}")
    for number in range(1, 7):
        hand = random_hand(rules, rng, number)
        text = pokerstars.dumps(
            hand,
            hand_id=number,
            table="Alpha",
            players=["Ann", "Bob", "Cy", "Di"],
            when=datetime(2026, 12, 2, 9, 0, 0),
            hero=0,
        )
        assert text.splitlines()[0].split(":  ", 1)[1].startswith(HEADERS[code, structure] + " (")
        (history,) = pokerstars.loads(text)
        assert history.rules is not None and history.rules.game is game(code)
        assert history.rules.structure is rules.structure
        again = pokerstars.replay(history)
        assert again.result is not None and hand.result is not None
        assert pokerstars.results_match(history, again), text
        # The reader seats the players from the button on: the same stacks, turned.
        assert sorted(history.finishing_stacks or ()) == sorted(hand.result.stacks)


def test_a_real_omaha_hi_lo_hand_is_read_and_its_split_pot_reconciled() -> None:
    """RULES 11.2: the high hand and the low (5-4-3-2-A) each take half of the pot."""
    if not HI_LO.exists():
        pytest.skip(f"the real PokerStars histories are not here ({HI_LO})")
    (history,) = pokerstars.read(HI_LO)
    assert history.rules is not None and history.rules.game is game("plo8")
    assert history.variant == "FO/8"
    again = pokerstars.replay(history)
    assert pokerstars.results_match(history, again)
    assert again.result is not None
    assert {p.half for p in again.result.pots} >= {"high", "low"} or len(again.result.pots) >= 2


def test_games_bigblind_does_not_read_are_told_apart_not_failed() -> None:
    """RULES 11.4: a stud or 6+ hand is counted apart, by name, and the file goes on."""
    text = (
        "PokerStars Hand #1:  Razz Limit ($0.02/$0.04 USD) - 2016/08/24 9:42:57 ET\n"
        "Table 'A' 8-max Seat #1 is the button\n\n"
        "PokerStars Hand #2:  6+ Hold'em No Limit ($0.02/$0.04 USD) - 2016/08/24 9:43:57 ET\n"
        "Table 'A' 6-max Seat #1 is the button\n"
    )
    entries = pokerstars.loads_each(text)
    assert [type(e) for e in entries] == [OtherGame, OtherGame]
