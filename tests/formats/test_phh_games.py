"""PHH hands of the other games: PO, FO/8 and NS as the specification names them, and
bigblind's own P5O, P6O and PO/8 (RULES 11.4: a history says which game a hand was)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bigblind import Deck, Hand, Rules, Structure
from bigblind.errors import HistoryError
from bigblind.evaluation import OMAHA, OMAHA_HI_LO, SHORT_DECK_HOLDEM
from bigblind.formats import phh
from bigblind.formats.phh.history import GAME_VARIANTS, OWN_VARIANTS, VARIANTS
from tests.support import random_hand

REPO = Path(__file__).resolve().parents[2]
WSOP = REPO.parent / "shared/data/phh/wsop"
IN_PLACE = sorted(WSOP.rglob("*.phh")) if WSOP.is_dir() else []


def played(path: Path) -> bool:
    return phh.read(path)[0].variant in ("PO", "FO/8")


@pytest.mark.skipif(not IN_PLACE, reason="the WSOP PHH hands (shared/data/phh) are absent")
def test_the_real_po_and_fo8_hands_replay_to_their_finishing_stacks() -> None:
    # RULES 11.1, 11.2: the televised final table of the 2023 WSOP Event #43, read in place.
    omaha = [path for path in IN_PLACE if played(path)]
    assert len(omaha) == 21
    for path in omaha:
        (history,) = phh.read(path)
        hand = phh.replay(history)
        assert history.finishing_stacks is not None and hand.result is not None
        assert phh.stacks_match(history.finishing_stacks, hand.result.stacks), path


def test_each_variant_names_its_structure_and_game() -> None:
    # RULES 11.4: the variant code says the game; bigblind's own codes are not PHH's.
    assert GAME_VARIANTS["PO"] == (Structure.POT_LIMIT, OMAHA)
    assert GAME_VARIANTS["FO/8"] == (Structure.FIXED_LIMIT, OMAHA_HI_LO)
    assert GAME_VARIANTS["NS"] == (Structure.NO_LIMIT, SHORT_DECK_HOLDEM)
    assert set(OWN_VARIANTS) == {"P5O", "P6O", "PO/8"}
    assert not set(OWN_VARIANTS) & set(VARIANTS)


def rules_of(code: str) -> Rules:
    structure, game = GAME_VARIANTS[code]
    if structure is Structure.FIXED_LIMIT:
        return Rules.fixed_limit(blinds=(1, 2), game=game)
    if code == "NS":  # RULES 11.3: antes and the button's blind
        return Rules.no_limit(blinds=(0, 2), ante=1, button_blind=True, game=game)
    return Rules(structure=structure, small_blind=1, big_blind=2, game=game)


@pytest.mark.parametrize("code", sorted(GAME_VARIANTS))
def test_every_game_written_reads_back_and_replays(code: str) -> None:
    rules = rules_of(code)
    rng = random.Random(code)
    for number in range(5):
        hand = random_hand(rules, rng, number)
        text = phh.dumps(hand, hand=number)
        assert f'variant = "{code}"' in text
        (history,) = phh.loads(text)
        assert history.rules is not None and history.rules.game is rules.game
        again = phh.replay(history)
        assert again.result is not None and hand.result is not None
        assert phh.stacks_match(history.finishing_stacks or (), again.result.stacks)
        # The replay seats the players in PHH order (the button last): the pots the same.
        pots = [(p.amount, p.half, p.description) for p in hand.result.pots]
        assert [(p.amount, p.half, p.description) for p in again.result.pots] == pots


def test_the_short_deck_button_blind_is_the_last_players_blind() -> None:
    # RULES 11.3: PHH's NS puts the button blind on pn, the button, with every ante.
    rules = rules_of("NS")
    hand = Hand(rules, [100] * 4, button=3, deck=Deck.shuffled(seed=1, cards=rules.game.deck))
    hand.fold()
    text = phh.dumps(hand)
    assert "blinds_or_straddles = [0, 0, 0, 2]" in text and "antes = [1, 1, 1, 1]" in text


def test_a_structure_and_game_phh_does_not_name_is_refused_by_name() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2), game=OMAHA), [100, 100], deck=Deck.shuffled(seed=2))
    hand.fold()
    with pytest.raises(HistoryError, match="no variant code for no-limit Omaha"):
        phh.dumps(hand)
