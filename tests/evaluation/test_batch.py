"""The compiled batch evaluator: the scalar evaluator's values, checked input, every hand."""

from __future__ import annotations

import time
from collections import Counter
from itertools import chain, combinations
from math import comb
from typing import Any

import numpy as np
import pytest
from numba import njit, prange
from numpy.typing import NDArray

from bigblind.cards import parse_cards
from bigblind.errors import CardError
from bigblind.evaluation.batch import (
    Tables,
    card_bit_nb,
    eval7_nb,
    evaluate_batch,
    tables,
    value7_nb,
)
from bigblind.evaluation.scalar import HAND_CLASSES, Category, category, evaluate


def random_hands(n: int, size: int, seed: int) -> NDArray[np.int64]:
    """``n`` rows of ``size`` distinct cards, uniformly drawn."""
    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.int64), (n, 1))
    return rng.permuted(decks, axis=1)[:, :size]


# --- the scalar evaluator's values --------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_scalar_on_random_hands(size: int) -> None:
    hands = random_hands(30_000, size, seed=size)
    expected = [evaluate(row) for row in hands.tolist()]
    values = evaluate_batch(hands)
    assert values.dtype == np.int32
    assert values.shape == (len(hands),)
    assert values.tolist() == expected


# Each dtype compiles the kernel once (then it is cached): a few cover the conversions.
@pytest.mark.parametrize("dtype", [np.int8, np.uint64, ">i8"])
def test_every_integer_dtype_gives_the_same_values(dtype: Any) -> None:
    hands = random_hands(2_000, 7, seed=11)
    assert evaluate_batch(hands.astype(dtype)).tolist() == evaluate_batch(hands).tolist()


def test_flushes_and_straights_by_hand() -> None:
    texts = [
        "As Ks Qs Js Ts 2d 3c",  # royal flush
        "Ah 2h 3h 4h 5h Kd Kc",  # steel wheel
        "9c 8c 7c 6c 5c 4c 3c",  # seven clubs: nine-high straight flush
        "Ad Kd 9d 7d 3d 2d Qs",  # six diamonds: the best five count
        "Ac 2d 3h 4s 5c 9d Jh",  # the wheel
        "Kh Kd Ks 4s 4c 4d 9h",  # two trips: kings full
        "7c 5d 4h 3s 2c",
        "As Ks Qs Js Ts 9s",
    ]
    for text in texts:
        cards = parse_cards(text)
        assert evaluate_batch([list(cards)]).tolist() == [evaluate(cards)], text


def test_non_contiguous_lists_and_empty_input() -> None:
    hands = random_hands(500, 7, seed=3)
    wide = np.concatenate([hands, hands], axis=1)
    assert evaluate_batch(wide[:, ::2][:, :7]).tolist() == [
        evaluate(row) for row in wide[:, ::2][:, :7].tolist()
    ]
    assert evaluate_batch(hands[::-3]).tolist() == [evaluate(r) for r in hands[::-3].tolist()]
    assert evaluate_batch(hands.tolist()).tolist() == evaluate_batch(hands).tolist()
    assert evaluate_batch(np.empty((0, 6), np.int64)).shape == (0,)


def test_all_five_card_hands() -> None:
    count = comb(52, 5)
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.int8, 5 * count)
    values = evaluate_batch(flat.reshape(count, 5))
    distinct, counts = np.unique(values, return_counts=True)
    assert len(distinct) == HAND_CLASSES
    by_category: Counter[Category] = Counter()
    for value, n in zip(distinct.tolist(), counts.tolist(), strict=True):
        by_category[category(value)] += n
    assert [by_category[c] for c in Category] == [
        1_302_540,
        1_098_240,
        123_552,
        54_912,
        10_200,
        5_108,
        3_744,
        624,
        40,
    ]


# --- the compiled cores, from another module's kernels -----------------------------------


@njit(cache=True)
def _by_sums(hands: Any, t: Tables) -> Any:
    out = np.empty(hands.shape[0], np.int64)
    for i in range(hands.shape[0]):
        key = 0
        mask = 0
        for j in range(7):
            c = hands[i, j]
            key += t.keys[c]
            mask |= card_bit_nb(c)
        out[i] = value7_nb(key, mask, t)
    return out


@njit(cache=True)
def _by_cards(hands: Any, t: Tables) -> Any:
    out = np.empty(hands.shape[0], np.int64)
    for i in range(hands.shape[0]):
        h = hands[i]
        out[i] = eval7_nb(h[0], h[1], h[2], h[3], h[4], h[5], h[6], t)
    return out


def test_cores_agree_with_the_batch() -> None:
    hands = random_hands(20_000, 7, seed=5)
    expected = evaluate_batch(hands).tolist()
    assert _by_sums(hands, tables()).tolist() == expected
    assert _by_cards(hands, tables()).tolist() == expected


def test_tables_are_shared_and_read_only() -> None:
    t = tables()
    assert t is tables()
    with pytest.raises(ValueError):
        t.values[0] = 1


# --- input errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3,), np.int64), r"shape \(3,\)"),
        (np.zeros((2, 4), np.int64), r"shape \(2, 4\)"),
        (np.zeros((2, 8), np.int64), r"shape \(2, 8\)"),
        (np.zeros((1, 2, 7), np.int64), r"shape \(1, 2, 7\)"),
        (np.arange(7.0).reshape(1, 7), "dtype float64"),
        (np.ones((1, 7), bool), "dtype bool"),
        (np.array([["As"] * 7]), "dtype <U2"),
        ([[1, 2, 3, 4, 5], [1, 2, 3]], "cannot read the hands"),
        ([[0, 1, 2, 3, 52]], r"row 0 \(\[0, 1, 2, 3, 52\]\): 52 is not a card number"),
        ([[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, -1, 5]], r"row 1 .*: -1 is not a card number"),
        (np.array([[0, 1, 2, 3, 4, 5, 2**64 - 1]], np.uint64), "18446744073709551615 is not"),
        ([[0, 1, 2, 3, 4, 5, 6], [51, 50, 49, 48, 47, 46, 51]], r"row 1 \(As .*As is given twice"),
        ([[0, 0, 1, 2, 3]], r"row 0 \(2c 2c 2d 2h 2s\): 2c is given twice"),
    ],
)
def test_bad_input_is_a_card_error(hands: Any, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate_batch(hands)


def test_first_bad_row_is_named() -> None:
    hands = random_hands(10_000, 6, seed=9)
    hands[7_777, 3] = hands[7_777, 0]
    hands[8_888, 2] = 99
    with pytest.raises(CardError, match="row 7777 "):
        evaluate_batch(hands)


# --- all 133,784,560 seven-card hands ------------------------------------------------------


@njit(parallel=True, cache=True)
def _histogram_all_sevens(groups: Any, t: Tables) -> Any:
    """Count every value over all seven-card hands; each row of ``groups`` lists first
    card pairs ``52 * a + b`` (-1 pads) whose hands one parallel task enumerates."""
    hist = np.zeros((groups.shape[0], HAND_CLASSES + 1), np.int64)
    for g in prange(groups.shape[0]):
        row = hist[g]
        for p in range(groups.shape[1]):
            ab = groups[g, p]
            if ab >= 0:
                a, b = ab // 52, ab % 52
                for c in range(b + 1, 48):
                    for d in range(c + 1, 49):
                        for e in range(d + 1, 50):
                            for f in range(e + 1, 51):
                                for h in range(f + 1, 52):
                                    row[eval7_nb(a, b, c, d, e, f, h, t)] += 1
    return hist


def _balanced_groups(count: int) -> NDArray[np.int64]:
    """The first-card pairs dealt out in snake order by their work, so chunks balance."""
    pairs = sorted(
        ((a, b) for a in range(52) for b in range(a + 1, 47)),
        key=lambda ab: -comb(51 - ab[1], 5),
    )
    groups: list[list[int]] = [[] for _ in range(count)]
    for i, (a, b) in enumerate(pairs):
        lap, pos = divmod(i, count)
        groups[pos if lap % 2 == 0 else count - 1 - pos].append(52 * a + b)
    width = max(len(g) for g in groups)
    return np.array([g + [-1] * (width - len(g)) for g in groups], np.int64)


def test_all_seven_card_hands() -> None:
    start = time.perf_counter()
    hist = _histogram_all_sevens(_balanced_groups(64), tables()).sum(axis=0)
    elapsed = time.perf_counter() - start
    assert int(hist.sum()) == comb(52, 7) == 133_784_560
    assert hist[0] == 0
    values = np.flatnonzero(hist)
    assert len(values) == 4_824
    by_category: Counter[Category] = Counter()
    for value in values.tolist():
        by_category[category(value)] += int(hist[value])
    assert {c.label: by_category[c] for c in Category} == {
        "Straight flush": 41_584,
        "Four of a kind": 224_848,
        "Full house": 3_473_184,
        "Flush": 4_047_644,
        "Straight": 6_180_020,
        "Three of a kind": 6_461_620,
        "Two pair": 31_433_400,
        "One pair": 58_627_800,
        "High card": 23_294_460,
    }
    assert elapsed < 60, f"enumerating every seven-card hand took {elapsed:.1f} s"
