"""PokerStars text in the other games (RULES 11): Omaha with 4, 5 or 6 cards, Omaha Hi/Lo and
6+ Hold'em written with the header PokerStars gives them, and read back to the same chips."""

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
    ("short-deck", "no"): "6+ Hold'em No Limit",
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
    """RULES 11.4: a stud or 5-card hi/lo hand is counted apart, by name, and the file goes
    on."""
    text = (
        "PokerStars Hand #1:  Razz Limit ($0.02/$0.04 USD) - 2016/08/24 9:42:57 ET\n"
        "Table 'A' 8-max Seat #1 is the button\n\n"
        "PokerStars Hand #2:  5 Card Omaha Hi/Lo Pot Limit ($0.02/$0.04 USD) - 2016/08/24"
        " 9:43:57 ET\n"
        "Table 'A' 6-max Seat #1 is the button\n"
    )
    entries = pokerstars.loads_each(text)
    assert [type(e) for e in entries] == [OtherGame, OtherGame]


def test_six_plus_with_antes_and_a_button_blind_is_written_and_read_as_pokerstars_does() -> None:
    """RULES 11.3: every player antes and the button posts the one blind; it acts last
    before the flop. PokerStars names the stakes 'Button Blind ... - Ante ...'."""
    rules = Rules.no_limit(blinds=(0, 2), ante=2, button_blind=True, game="6+")
    rng = random.Random("button blind")
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
        lines = text.splitlines()
        assert "6+ Hold'em No Limit (Button Blind 2 - Ante 2)" in lines[0]
        button = next(line for line in lines if "posts button blind" in line)
        assert button.endswith("posts button blind 2")
        assert sum("posts the ante 2" in line for line in lines) == 4
        assert any("(button blind)" in line for line in lines if line.startswith("Seat "))
        (history,) = pokerstars.loads(text)
        assert history.rules is not None and history.rules.button_blind
        assert history.rules.game is game("6+")
        again = pokerstars.replay(history)
        assert pokerstars.results_match(history, again), text
        assert sorted(history.finishing_stacks or ()) == sorted(hand.result.stacks)  # type: ignore[union-attr]


SIX_PLUS = """\
PokerStars Hand #300000000001:  6+ Hold'em No Limit (Button Blind $0.50 - Ante $0.50  USD) \
- 2019/03/01 20:00:00 EET [2019/03/01 13:00:00 ET]
Table 'Hydra II' 6-max Seat #2 is the button
Seat 1: north ($50 in chips)
Seat 2: east ($62.25 in chips)
Seat 3: south ($40 in chips)
Seat 4: west ($55.10 in chips)
north: posts the ante $0.50
east: posts the ante $0.50
south: posts the ante $0.50
west: posts the ante $0.50
east: posts button blind $0.50
*** HOLE CARDS ***
Dealt to south [Ah Kh]
south: raises $1 to $1.50
west: folds
north: calls $1.50
east: calls $1
*** FLOP *** [6h 9h Td]
south: checks
north: checks
east: bets $3
south: raises $6 to $9
north: folds
east: calls $6
*** TURN *** [6h 9h Td] [Qc]
south: bets $12
east: folds
Uncalled bet ($12) returned to south
south collected $23.50 from pot
south: doesn't show hand
*** SUMMARY ***
Total pot $24.50 | Rake $1
Board [6h 9h Td Qc]
Seat 1: north folded on the Flop
Seat 2: east (button blind) folded on the Turn
Seat 3: south collected ($25.07)
Seat 4: west folded before Flop (didn't bet)
"""


def test_a_six_plus_hand_in_pokerstars_own_words_is_read_and_reconciled() -> None:
    """RULES 11.3: south, left of the button, acts first on every street; the rake and the
    uncalled bet reconcile to the cent."""
    (history,) = pokerstars.loads(SIX_PLUS)
    assert history.rules is not None and history.rules.button_blind
    assert (history.rules.ante, history.rules.big_blind, history.rules.small_blind) == (50, 50, 0)
    again = pokerstars.replay(history)
    assert pokerstars.results_match(history, again)
    assert history.players is not None and history.players[-1] == "east"  # the button
    assert again.result is not None
    south = history.players.index("south")
    assert history.finishing_stacks is not None
    assert history.finishing_stacks[south] == 4000 - 50 - 150 - 900 + 2350  # after the rake
    assert again.result.stacks[south] == 4000 - 50 - 150 - 900 + 2450  # the engine takes none
