"""Cash tables and tournaments of the other games pass the game through (RULES 11)."""

from __future__ import annotations

import pytest

from bigblind import Rules
from bigblind.bots import make_bot
from bigblind.engine.hand import HandView
from bigblind.evaluation import OMAHA6, OMAHA_HI_LO, SHORT_DECK_HOLDEM
from bigblind.sessions.structure import BlindStructure
from bigblind.sessions.table import HandRecord, Table, TableError
from bigblind.sessions.tournament import Tournament


def station(view: HandView) -> str:
    legal = view.legal
    assert legal is not None
    return "check" if legal.check else "call"


def test_a_cash_table_of_omaha_hi_lo_deals_four_cards_and_keeps_the_chips() -> None:
    # RULES 11.1, 11.2: every hand of the table is of the table's game.
    table = Table(Rules.pot_limit(blinds=(1, 2), game=OMAHA_HI_LO), seats=6, seed=3)
    for seat in range(6):
        table.join(seat, f"p{seat}", 200)
    bot = make_bot("tag", 1, game=OMAHA_HI_LO)
    for _ in range(4):
        record = table.play_hand(bot.act)
        assert record.hand.rules.game is OMAHA_HI_LO
        assert all(len(record.hand.hole(s)) == 4 for s in range(record.hand.seats))
    stacks = [player.stack for seat in range(6) if (player := table.player(seat)) is not None]
    assert sum(stacks) == 1200  # RULES 7.2


def test_a_table_seats_no_more_players_than_its_game_deals() -> None:
    # RULES 11.1: six-card Omaha deals in seven players at most.
    with pytest.raises(TableError, match="2 to 7 seats, not 9"):
        Table(Rules.pot_limit(blinds=(1, 2), game=OMAHA6), seats=9)


def test_a_short_deck_tournament_deals_from_36_cards() -> None:
    # RULES 11.3: the levels' rules carry the game; every card is six or higher.
    structure = BlindStructure.default(hands=2, game=SHORT_DECK_HOLDEM)
    assert structure.rules(3).game is SHORT_DECK_HOLDEM
    tournament = Tournament(
        [f"p{i}" for i in range(6)], starting_stack=300, structure=structure, seed=2
    )
    records: list[HandRecord] = []
    tournament.play(station, on_hand=records.append)
    assert records and all(r.hand.rules.game is SHORT_DECK_HOLDEM for r in records)
    for record in records:
        cards = [c for s in range(record.hand.seats) for c in record.hand.hole(s)]
        assert all(c is not None and str(c)[0] not in "2345" for c in cards)


def test_a_table_refuses_a_button_blind_it_would_not_place() -> None:
    # RULES 11.3: the table places the small and big blinds itself, never the button's.
    rules = Rules.no_limit(blinds=(0, 2), ante=1, button_blind=True, game=SHORT_DECK_HOLDEM)
    with pytest.raises(TableError, match="button blind"):
        Table(rules, seats=6)
