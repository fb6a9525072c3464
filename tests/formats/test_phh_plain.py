"""The plain PHH form read without the TOML parser gives what the TOML parser gives."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bigblind.formats.phh import loads
from bigblind.formats.phh.reader import plain_document

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "text",
    [
        "variant = 'NT'\nantes = [0, 0]\nflag = true\nn = -0\n",
        "players = [ 'a b' , \"c'd\" , 'e, f' ]\r\nhand = 12\r\n",
        "x = [1, 2,]\n\n   \ny = []\n",
        "name = 'Zoë'\n",
    ],
)
def test_plain_texts_read_as_toml_reads_them(text: str) -> None:
    assert plain_document(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "a = 'x\x01'",  # a control character: TOML refuses it
        "a = 1\na = 2",  # a key twice
        "a = 1 # a comment",
        "a = [1,\n2]",
        "[1]\nvariant = 'NT'",
        'a = "with \\" escape"',
        "a = 1.5",
        "a = 1_000",
        "  a = 1",
    ],
)
def test_other_texts_are_left_to_the_toml_parser(text: str) -> None:
    assert plain_document(text) is None


def test_the_sample_files_read_the_same_either_way() -> None:
    files = sorted((REPO / "tests" / "data" / "phh").rglob("*.phh"))
    assert files
    for file in files:
        text = file.read_text(encoding="utf-8")
        plain = plain_document(text)
        if plain is not None:
            assert plain == tomllib.loads(text), file
    a_hand = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    (history,) = loads(a_hand + "starting_stacks = [50, 50]\nactions = ['p1 f']\n")
    assert history.starting_stacks == (50, 50)
