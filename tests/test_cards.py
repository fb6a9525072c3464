"""Tests of cards, card text and the deck (RULES 1.1, 1.2)."""

from __future__ import annotations

import math
import random
import secrets

import pytest

from bigblind.cards import CARDS, RANKS, SUITS, Card, format_cards, parse_cards
from bigblind.deck import Deck
from bigblind.errors import CardError

# --- RULES 1.1: cards and their text --------------------------------------------------------


def test_rules_1_1_numbering() -> None:
    # card = rank * 4 + suit; ranks deuce..ace, suits c d h s
    assert int(Card.parse("2c")) == 0
    assert int(Card.parse("2s")) == 3
    assert int(Card.parse("3c")) == 4
    assert int(Card.parse("As")) == 51
    card = Card.parse("Td")
    assert (card.rank, card.suit) == (8, 1)
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert all(isinstance(c, Card) and c == i for i, c in enumerate(CARDS))


@pytest.mark.parametrize(
    ("text", "number"),
    [("As", 51), ("Td", 33), ("10d", 33), ("2c", 0), ("Kh", 46), ("9s", 31)],
)
def test_rules_1_1_parse_one(text: str, number: int) -> None:
    assert Card.parse(text) == number
    assert Card.parse(text.lower()) == number
    assert Card.parse(text.upper()) == number
    assert parse_cards(text) == (CARDS[number],)


def test_rules_1_1_ten_is_written_t() -> None:
    assert str(Card.parse("10d")) == "Td"
    assert format_cards(parse_cards("10d 10C")) == "TdTc"


@pytest.mark.parametrize(
    "text",
    ["AsKd", "As Kd", "as kd", "AS KD", "As,Kd", "  As   Kd  ", "As, Kd"],
)
def test_rules_1_1_parse_together_or_apart(text: str) -> None:
    assert parse_cards(text) == (CARDS[51], CARDS[45])


def test_rules_1_1_parse_many_and_mixed() -> None:
    assert format_cards(parse_cards("AsKd10cTh2s"), " ") == "As Kd Tc Th 2s"
    assert parse_cards(["As", "Kd Qh", 0, CARDS[5]]) == parse_cards("As Kd Qh 2c 3d")
    assert parse_cards("") == ()


def test_rules_1_1_round_trip_all_52() -> None:
    for card in CARDS:
        text = str(card)
        assert len(text) == 2 and text[0] in RANKS and text[1] in SUITS
        assert Card.parse(text) == card
        assert parse_cards(format_cards([card])) == (card,)
        assert repr(card) == f"Card({text!r})"
        assert f"{card:>3}" == f" {text}"
    everything = format_cards(CARDS)
    assert parse_cards(everything) == CARDS
    assert parse_cards(format_cards(CARDS, " ")) == CARDS


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Ax", "Ax"),
        ("1s", "1s"),
        ("11s", "11s"),
        ("As Kx", "Kx"),
        ("AsKdZz", "Zz"),
        ("As K", "K"),
        ("Ace of spades", "Ace"),  # read as Ac, then 'e' in 'Ace' fails
        ("s", "s"),
    ],
)
def test_rules_1_1_bad_text_names_token_and_accepted_form(text: str, bad: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    message = str(caught.value)
    assert repr(bad) in message
    assert "T (or 10)" in message and "c, d, h, s" in message


@pytest.mark.parametrize("text", ["Ax", "", "AsKd", "1s", "A s"])
def test_rules_1_1_bad_single_card(text: str) -> None:
    with pytest.raises(CardError, match=f"cannot read card {text.strip()!r}.*expected a rank"):
        Card.parse(text)


@pytest.mark.parametrize("number", [-1, 52, 100])
def test_rules_1_1_card_numbers_out_of_range(number: int) -> None:
    with pytest.raises(CardError, match=f"{number}.*accepted are 0 to 51"):
        Card(number)
    with pytest.raises(CardError, match=f"{number}"):
        parse_cards([number])


def test_parse_cards_rejects_other_items() -> None:
    with pytest.raises(CardError, match=r"cannot read card True: expected a card text or 0 to 51"):
        parse_cards([True])
    with pytest.raises(CardError, match=r"cannot read card 1\.5"):
        parse_cards([1.5])  # type: ignore[list-item]


def test_card_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Card.parse("nope")


# --- RULES 1.2: the deck --------------------------------------------------------------------


def test_rules_1_2_deck_holds_52_distinct_cards() -> None:
    deck = Deck.shuffled(seed=1)
    assert len(deck) == deck.remaining == 52
    assert sorted(deck.cards) == list(CARDS)
    dealt = deck.deal(52)
    assert len(set(dealt)) == 52 and all(isinstance(c, Card) for c in dealt)
    assert len(deck) == 0


def test_rules_1_2_seeded_shuffle_is_reproducible() -> None:
    assert Deck.shuffled(seed=42).cards == Deck.shuffled(seed=42).cards
    assert Deck.shuffled(seed=42).cards != Deck.shuffled(seed=43).cards
    assert Deck.shuffled(seed=42).cards != tuple(CARDS)


def test_rules_1_2_default_deck_is_secure_and_unseeded() -> None:
    # Deck() draws on the operating system's secure source, not the seedable global one
    random.seed(0)
    first = Deck()
    random.seed(0)
    second = Deck()
    assert first.cards != second.cards  # equal with probability 1/52!
    assert sorted(first.cards) == list(CARDS)
    assert Deck.shuffled().cards != Deck.shuffled().cards


def test_rules_1_2_default_deck_uses_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[int] = []
    real = secrets.randbits

    def recording(bits: int) -> int:
        used.append(bits)
        return real(bits)

    monkeypatch.setattr(secrets, "randbits", recording)
    Deck()
    Deck.stacked("As")
    assert used and used[0] == math.factorial(52).bit_length()
    assert used[-1] == math.factorial(51).bit_length()


def test_rules_1_2_every_order_is_reachable() -> None:
    # The shuffle reads one number below n! as a permutation: check all 24 orders of 4.
    from bigblind.cards import CARDS as ALL
    from bigblind.deck import _shuffle

    orders = set()
    for code in range(24):
        orders.add(_shuffle(ALL[:4], lambda _bits, code=code: code))  # type: ignore[misc]
    assert len(orders) == 24


def test_rules_1_2_the_order_is_the_code_read_digit_by_digit() -> None:
    # The deck reads its Lehmer code a span of digits at a time; whatever the deal sizes,
    # the order is the one the code names digit by digit (so seeded deals never change).
    from bigblind.deck import _lehmer_code

    for seed in range(40):
        code = _lehmer_code(52, random.Random(seed).getrandbits)
        pool, expected = list(CARDS), []
        for size in range(52, 0, -1):
            code, index = divmod(code, size)
            expected.append(pool.pop(index))
        deck = Deck.shuffled(seed=seed)
        sizes = random.Random(seed).choices([1, 2, 3, 4, 13], k=40)
        dealt: list[Card] = []
        for size in sizes:
            if size > deck.remaining:
                break
            dealt += deck.deal(size)
        assert dealt == expected[: len(dealt)]
        assert deck.cards == tuple(expected)


def test_rules_1_2_stacked_deck_deals_given_cards_first() -> None:
    deck = Deck.stacked("As Kd 10c", seed=5)
    assert deck.deal(2) == parse_cards("As Kd")
    assert deck.deal_one() == Card.parse("Tc")
    rest = deck.deal(49)
    assert not set(rest) & set(parse_cards("As Kd Tc"))
    assert sorted([*parse_cards("As Kd Tc"), *rest]) == list(CARDS)
    assert Deck.stacked("As Kd", seed=5).cards == Deck.stacked("As Kd", seed=5).cards
    assert Deck.stacked([51, 46]).cards[:2] == (CARDS[51], CARDS[46])


def test_rules_1_2_stacked_deck_never_holds_a_card_twice() -> None:
    with pytest.raises(CardError, match="cannot hold a card twice: As Kd As"):
        Deck.stacked("As Kd As")
    with pytest.raises(CardError, match="cannot hold a card twice"):
        Deck([0, 1, 0])


@pytest.mark.parametrize("bad", [52, -1, True, "As"])
def test_rules_1_2_deck_rejects_bad_card_numbers(bad: object) -> None:
    with pytest.raises(CardError, match=f"card numbers 0 to 51, not {bad!r}"):
        Deck([0, 1, bad])  # type: ignore[list-item]


def test_rules_1_2_dealing_past_the_end() -> None:
    deck = Deck.shuffled(seed=3)
    deck.deal(50)
    with pytest.raises(CardError, match="cannot deal 3 cards: only 2 are left"):
        deck.deal(3)
    assert deck.remaining == 2  # a failed deal takes nothing
    assert len(deck.deal(2)) == 2
    with pytest.raises(CardError, match="the deck is empty"):
        deck.deal_one()
    with pytest.raises(CardError, match="only 0 are left"):
        deck.deal(1)
    assert deck.deal(0) == ()


def test_rules_1_2_negative_deal_cannot_rewind() -> None:
    deck = Deck.shuffled(seed=3)
    top = deck.deal_one()
    with pytest.raises(CardError, match="cannot deal -1 cards"):
        deck.deal(-1)
    assert top not in deck.deal(51)


def test_deck_repr_and_cards_include_dealt() -> None:
    deck = Deck.shuffled(seed=9)
    deck.deal(5)
    assert repr(deck) == "Deck(47 cards left)"
    assert len(deck.cards) == 52
