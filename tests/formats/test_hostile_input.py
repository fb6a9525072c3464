"""Readers given hostile input: a one-line HistoryError, never another exception."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind import Deck, Hand, HistoryError, Rules
from bigblind.formats import phh

BASE = (
    'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
    "starting_stacks = [100, 100]\n"
)


def fails_cleanly(read: Callable[[], object]) -> str:
    """Run ``read``: it must raise a HistoryError of one line; return the message."""
    with pytest.raises(HistoryError) as caught:
        read()
    message = str(caught.value)
    assert message and len(message.splitlines()) == 1, message
    return message


def load_and_replay(text: str) -> None:
    for history in phh.loads(text):
        phh.replay(history)


@pytest.mark.parametrize(
    "cards",
    [
        "\u212as7h",  # KELVIN SIGN: lower-cases to an ASCII k
        "A\u017f7h",  # LATIN SMALL LETTER LONG S: upper-cases to an ASCII S
        "As\\u0000Kd",  # a NUL, escaped in the TOML string
        "\uff21s7h",  # FULLWIDTH A
        "As7",
    ],
)
def test_card_text_outside_ascii_is_refused(cards: str) -> None:
    text = BASE + f'actions = ["d dh p1 {cards}", "d dh p2 ????"]\n'
    assert "cannot read cards" in fails_cleanly(lambda: load_and_replay(text))


def test_a_player_number_of_five_thousand_digits() -> None:
    text = BASE + f'actions = ["d dh p{"1" * 5000} AsKd"]\n'
    message = fails_cleanly(lambda: load_and_replay(text))
    assert "is not a player" in message and len(message) < 300


def test_an_amount_of_five_thousand_digits() -> None:
    text = BASE + f'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr {"9" * 5000}"]\n'
    assert len(fails_cleanly(lambda: load_and_replay(text))) < 400


def test_a_number_toml_allows_but_python_will_not_convert() -> None:
    fails_cleanly(lambda: phh.loads(f"variant = {'9' * 5000}\n"))


def test_a_table_named_with_a_superscript_digit() -> None:
    # '²'.isdigit() is True, yet int('²') fails: the name stays text.
    message = fails_cleanly(lambda: phh.loads('["\u00b2"]\nvariant = "NT"\nactions = []\n'))
    assert message.startswith("hand \u00b2: ")


@pytest.mark.parametrize("depth", [5000, 50_000])
def test_arrays_nested_deep(depth: int) -> None:
    text = BASE + "actions = " + "[" * depth + "]" * depth + "\n"
    assert "nested too deep" in fails_cleanly(lambda: phh.loads(text))
    assert "nested too deep" in fails_cleanly(lambda: phh.loads_appended("[1]\n" + text))


def test_values_of_the_wrong_kind() -> None:
    for field, value in [
        ("starting_stacks", "[{a = 1}, 2]"),
        ("starting_stacks", "[[[[1]]], 2]"),
        ("antes", "1979-05-27T07:32:00Z"),
        ("min_bet", "inf"),
        ("min_bet", "nan"),
        ("finishing_stacks", "[-inf, 1]"),
        ("players", '["a", 1]'),
        ("hand", "[1]"),
        ("_live_blinds", "[1.5, 0]"),
        ("_dead_small_blind", "true"),
    ]:
        lines = [line for line in BASE.splitlines() if not line.startswith(field)]
        text = "\n".join([*lines, f"{field} = {value}", "actions = []", ""])
        fails_cleanly(lambda text=text: load_and_replay(text))  # type: ignore[misc]


# ------------------------------------------------------------------- fuzzing


def a_written_hand(seed: int) -> str:
    hand = Hand(Rules.no_limit(blinds=(1, 2), ante=1), [60, 90, 120], deck=Deck.shuffled(seed))
    while not hand.finished:
        legal = hand.legal
        assert legal is not None
        if legal.min_raise_to is not None and seed % 3 == 0:
            hand.raise_to(legal.min_raise_to)
        else:
            hand.check_or_call()
        seed //= 3
    return phh.dumps(hand, players=["ann", "bob", "cat"])


WRITTEN = [a_written_hand(seed) for seed in range(4)]
ODD = "K\u212a\u017fs\u00b2\u00b9[]{}\"'\\=#,.-+_ \n\t\r\x00\x85\u2028\ud800?pd0123456789e"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(WRITTEN),
    st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 3), st.text(ODD, max_size=4)),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_histories_read_or_fail_cleanly(
    text: str, edits: list[tuple[int, int, str]]
) -> None:
    # Characters replaced, deleted or inserted anywhere in a real history.
    for position, length, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + length :]
    for read in (lambda: load_and_replay(text), lambda: phh.loads_appended("[1]\n" + text)):
        try:
            read()
        except HistoryError as error:
            assert len(str(error).splitlines()) == 1, str(error)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_reads_or_fails_cleanly(text: str) -> None:
    for read in (lambda: load_and_replay(text), lambda: phh.loads_appended(text)):
        try:
            read()
        except HistoryError as error:
            assert len(str(error).splitlines()) == 1, str(error)


TOML_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True)
    | st.text(ODD, max_size=8),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=12,
)


def toml_value(value: object) -> str:
    if value is None:
        return '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value > 1e308 else repr(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(f"\\u{ord(c):04X}" if not c.isalnum() else c for c in value) + '"'
    assert isinstance(value, list)
    return "[" + ", ".join(toml_value(v) for v in value) + "]"


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "antes",
                "blinds_or_straddles",
                "min_bet",
                "small_bet",
                "big_bet",
                "starting_stacks",
                "actions",
                "finishing_stacks",
                "players",
                "hand",
                "ante_trimming_status",
                "_live_blinds",
                "_dead_money",
                "_dead_small_blind",
            ]
        ),
        TOML_VALUES,
    ),
    st.sampled_from(["NT", "FT", "PO", ""]),
)
def test_fields_of_any_kind_read_or_fail_cleanly(fields: dict[str, object], variant: str) -> None:
    lines = [f'variant = "{variant}"'] + [f"{k} = {toml_value(v)}" for k, v in fields.items()]
    text = "\n".join(lines) + "\n"
    try:
        load_and_replay(text)
    except HistoryError as error:
        assert len(str(error).splitlines()) == 1, str(error)
