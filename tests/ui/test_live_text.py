"""The live app's set-up fields: any text is read or refused with a short ValueError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind.ui.live_text import parse_blinds, parse_players, parse_structure

NUMBERISH = st.text(alphabet=st.sampled_from(list("0123456789²٣,:/ -Ann")), max_size=30)
HUGE = st.builds(lambda n: f"Ann:{'9' * n},Bob:5", st.integers(4000, 6000))


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40) | NUMBERISH | HUGE)
def test_every_field_reads_or_refuses_any_text(text: str) -> None:
    for parse in (parse_players, parse_blinds, parse_structure):
        try:
            parse(text)
        except ValueError as error:
            assert len(str(error)) < 200 and "\n" not in str(error)


def test_long_names_of_the_game_are_taken() -> None:
    assert parse_structure("No-Limit") is parse_structure("nl")
    with pytest.raises(ValueError, match="the game is nl, pl or fl"):
        parse_structure("omaha")
