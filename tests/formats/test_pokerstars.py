"""PokerStars hand histories (bigblind.formats.pokerstars): whole files, headers, and a reader."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigblind import AnteType, Deck, Hand, HistoryError, Rules, Structure, parse_cards
from bigblind.evaluation.scalar import evaluate
from bigblind.formats.pokerstars import Tournament, describe_hand, dump_session, dumps
from tests.support import deal

WHEN = datetime(2026, 12, 1, 10, 0, 0)


# ------------------------------------------------------------- whole hands


def test_fold_win_with_uncalled_bet_and_rake() -> None:
    # RULES 4.8: the raise nobody called goes back; the pot less the rake is collected.
    hand = deal(
        Rules.no_limit(blinds=(25, 50)),
        [5000, 3725, 5010, 1200, 6000],
        ["Ah Kh", "7c 2d", "9s 9d", "Qc Jc", "Td 8d"],
        "7h 8c Ks",
        button=1,
    )
    hand.raise_to(150)
    hand.fold()
    hand.call()
    hand.fold()
    hand.call()
    hand.check()
    hand.bet(225)
    hand.raise_to(600)
    hand.fold()
    hand.fold()
    text = dumps(
        hand,
        hand_id=259000000001,
        table="Aludra II",
        players=["ann", "bob", "cat", "dan", "eve"],
        hero=3,
        when=WHEN,
        max_seats=6,
        currency="$",
        rake=45,
    )
    assert (
        text
        == """\
PokerStars Hand #259000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2026/12/01 10:00:00 ET
Table 'Aludra II' 6-max Seat #2 is the button
Seat 1: ann ($50 in chips)
Seat 2: bob ($37.25 in chips)
Seat 3: cat ($50.10 in chips)
Seat 4: dan ($12 in chips)
Seat 5: eve ($60 in chips)
cat: posts small blind $0.25
dan: posts big blind $0.50
*** HOLE CARDS ***
Dealt to dan [Qc Jc]
eve: raises $1 to $1.50
ann: folds
bob: calls $1.50
cat: folds
dan: calls $1
*** FLOP *** [7h 8c Ks]
dan: checks
eve: bets $2.25
bob: raises $3.75 to $6
dan: folds
eve: folds
Uncalled bet ($3.75) returned to bob
bob collected $8.80 from pot
*** SUMMARY ***
Total pot $9.25 | Rake $0.45
Board [7h 8c Ks]
Seat 1: ann folded before Flop (didn't bet)
Seat 2: bob (button) collected ($8.80)
Seat 3: cat (small blind) folded before Flop
Seat 4: dan (big blind) folded on the Flop
Seat 5: eve folded on the Flop
"""
    )


def test_split_pot_gives_the_odd_chip_left_of_the_button() -> None:
    # RULES 6.6: 5 chips between the button and the big blind; the big blind,
    # first left of the button among the winners, gets the third chip.
    hand = deal(
        Rules.no_limit(blinds=(1, 2)),
        [100, 100, 100],
        ["2c 3d", "4h 5s", "2d 3c"],
        "Ts Js Qs Ks As",
        button=0,
    )
    hand.call()
    hand.fold()
    hand.check()
    for _ in range(3):
        hand.check()
        hand.check()
    text = dumps(
        hand, hand_id=1002, table="Alpha", players=["ann", "bob", "cat"], hero=2, when=WHEN
    )
    assert (
        text
        == """\
PokerStars Hand #1002:  Hold'em No Limit (1/2) - 2026/12/01 10:00:00 ET
Table 'Alpha' 9-max (Play Money) Seat #1 is the button
Seat 1: ann (100 in chips)
Seat 2: bob (100 in chips)
Seat 3: cat (100 in chips)
bob: posts small blind 1
cat: posts big blind 2
*** HOLE CARDS ***
Dealt to cat [2d 3c]
ann: calls 2
bob: folds
cat: checks
*** FLOP *** [Ts Js Qs]
cat: checks
ann: checks
*** TURN *** [Ts Js Qs] [Ks]
cat: checks
ann: checks
*** RIVER *** [Ts Js Qs Ks] [As]
cat: checks
ann: checks
*** SHOW DOWN ***
cat: shows [2d 3c] (a Royal Flush)
ann: shows [2c 3d] (a Royal Flush)
ann collected 2 from pot
cat collected 3 from pot
*** SUMMARY ***
Total pot 5 | Rake 0
Board [Ts Js Qs Ks As]
Seat 1: ann (button) showed [2c 3d] and won (2) with a Royal Flush
Seat 2: bob (small blind) folded before Flop
Seat 3: cat (big blind) showed [2d 3c] and won (3) with a Royal Flush
"""
    )


def test_three_way_all_in_with_two_side_pots() -> None:
    # RULES 6.4: levels 300 (the small blind), 600 (the big blind), 1200 (cat,
    # called by dan); RULES 6.5: side pot-2 first, then side pot-1, then the main pot.
    # PokerStars shows each pot's hands just before it awards that pot.
    rules = Rules.no_limit(blinds=(50, 100), ante=10)
    hand = deal(
        rules,
        [1200, 2400, 300, 600],
        ["Qh Kd", "Qd Jh", "Ah Ad", "Kh Ks"],
        "2c 3d 7h 8s Qc",
        button=1,
    )
    hand.all_in()
    hand.call()
    hand.all_in()
    hand.all_in()
    text = dumps(
        hand,
        hand_id=259000000003,
        table="3456789012 7",
        players=["cat", "dan", "ann", "bob"],
        seat_numbers=[1, 3, 4, 6],
        hero=1,
        when=datetime(2026, 12, 1, 21, 7, 9),
        max_seats=6,
        tournament=Tournament(3456789012, level=4, buy_in=(319, 31)),
        currency="$",
    )
    assert (
        text
        == """\
PokerStars Hand #259000000003: Tournament #3456789012, $3.19+$0.31 USD Hold'em No Limit \
- Level IV (50/100) - 2026/12/01 21:07:09 ET
Table '3456789012 7' 6-max Seat #3 is the button
Seat 1: cat (1200 in chips)
Seat 3: dan (2400 in chips)
Seat 4: ann (300 in chips)
Seat 6: bob (600 in chips)
cat: posts the ante 10
dan: posts the ante 10
ann: posts the ante 10
bob: posts the ante 10
ann: posts small blind 50
bob: posts big blind 100
*** HOLE CARDS ***
Dealt to dan [Qd Jh]
cat: raises 1090 to 1190 and is all-in
dan: calls 1190
ann: calls 240 and is all-in
bob: calls 490 and is all-in
*** FLOP *** [2c 3d 7h]
*** TURN *** [2c 3d 7h] [8s]
*** RIVER *** [2c 3d 7h 8s] [Qc]
*** SHOW DOWN ***
cat: shows [Qh Kd] (a pair of Queens)
dan: shows [Qd Jh] (a pair of Queens - lower kicker)
cat collected 1200 from side pot-2
bob: shows [Kh Ks] (a pair of Kings)
bob collected 900 from side pot-1
ann: shows [Ah Ad] (a pair of Aces)
ann collected 1200 from main pot
*** SUMMARY ***
Total pot 3300 Main pot 1200. Side pot-1 900. Side pot-2 1200. | Rake 0
Board [2c 3d 7h 8s Qc]
Seat 1: cat showed [Qh Kd] and won (1200) with a pair of Queens
Seat 3: dan (button) showed [Qd Jh] and lost with a pair of Queens
Seat 4: ann (small blind) showed [Ah Ad] and won (1200) with a pair of Aces
Seat 6: bob (big blind) showed [Kh Ks] and won (900) with a pair of Kings
"""
    )
    assert read(text).collected == {"cat": 1200, "ann": 1200, "bob": 900}


def test_one_side_pot_is_the_side_pot_and_a_mucked_hand_is_recorded() -> None:
    hand = deal(
        Rules.no_limit(blinds=(1, 2)),
        [20, 100, 100],
        ["Ah Ad", "Kh Kd", "7c 2d"],
        "2c 3d 9h Ts Jc",
        button=2,
    )
    hand.call()  # button
    hand.all_in()  # small blind, 20
    hand.call()  # big blind
    hand.call()  # button
    hand.check()
    hand.bet(10)
    hand.call()
    for _ in range(2):
        hand.check()
        hand.check()
    text = dumps(hand, hand_id=5, table="Beta", players=["ann", "bob", "cat"], when=WHEN)
    lines = text.splitlines()
    show = lines.index("*** SHOW DOWN ***")
    assert lines[show + 1 :] == [
        "bob: shows [Kh Kd] (a pair of Kings)",
        "cat: mucks hand",
        "bob collected 20 from side pot",
        "ann: shows [Ah Ad] (a pair of Aces)",
        "ann collected 60 from main pot",
        "*** SUMMARY ***",
        "Total pot 80 Main pot 60. Side pot 20. | Rake 0",
        "Board [2c 3d 9h Ts Jc]",
        "Seat 1: ann (small blind) showed [Ah Ad] and won (60) with a pair of Aces",
        "Seat 2: bob (big blind) showed [Kh Kd] and won (20) with a pair of Kings",
        "Seat 3: cat (button) mucked [7c 2d]",
    ]


def test_a_shown_hand_names_the_kicker_that_beats_an_earlier_one() -> None:
    # The words of a real PokerStars showdown on this board.
    hand = deal(
        Rules.no_limit(blinds=(1, 2)),
        [100, 100, 100],
        ["Qc As", "Ks Ah", "Jd Ac"],
        "7c 6h 4c 3h 7h",
        button=2,
        show_all=True,
    )
    hand.call()
    hand.call()
    hand.check()
    for _ in range(9):
        hand.check()
    text = dumps(hand, hand_id=7, table="K", players=["sharp", "scorp", "third"], when=WHEN)
    assert "sharp: shows [Qc As] (a pair of Sevens)\n" in text
    assert "scorp: shows [Ks Ah] (a pair of Sevens - Ace+King kicker)\n" in text
    assert "third: shows [Jd Ac] (a pair of Sevens - lower kicker)\n" in text
    assert "Seat 2: scorp (big blind) showed [Ks Ah] and won (6) with a pair of Sevens\n" in text


# ------------------------------------------------------------------ pieces


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("As Kd 9c 7h 5s 3d 2c", "high card Ace"),
        ("As Ad 9c 7h 5s 3d 2c", "a pair of Aces"),
        ("As Ad 9c 9h 5s 3d 2c", "two pair, Aces and Nines"),
        ("7s 7d 7c Ah 5s 3d 2c", "three of a kind, Sevens"),
        ("9s Td Jc Qh Ks 3d 2c", "a straight, Nine to King"),
        ("As 2d 3c 4h 5s Kd Kc", "a straight, Ace to Five"),
        ("2s 3d 4c 5h 6s Kd Kc", "a straight, Deuce to Six"),
        ("As 9s 7s 5s 2s Kd Kc", "a flush, Ace high"),
        ("Ks Kd Kc 4h 4s 3d 2c", "a full house, Kings full of Fours"),
        ("6s 6d 6c 6h 4s 3d 2c", "four of a kind, Sixes"),
        ("9s Ts Js Qs Ks 3d 2c", "a straight flush, Nine to King"),
        ("Ts Js Qs Ks As 3d 2c", "a Royal Flush"),
    ],
)
def test_hand_words(cards: str, words: str) -> None:
    assert describe_hand(evaluate(parse_cards(cards))) == words


def _fold_hand(rules: Rules, stacks: list[int] | None = None) -> Hand:
    hand = Hand(rules, stacks or [1000, 1000, 1000], deck=Deck.shuffled(seed=1))
    hand.fold()
    hand.fold()
    return hand


@pytest.mark.parametrize(
    ("rules", "currency", "first"),
    [
        (
            Rules.pot_limit(blinds=(50, 100)),
            "EUR",
            "PokerStars Hand #9:  Hold'em Pot Limit (€0.50/€1.00 EUR) - 2026/12/01 10:00:00 ET",
        ),
        (
            Rules.fixed_limit(blinds=(100, 200)),
            "$",
            "PokerStars Hand #9:  Hold'em Limit ($2/$4 USD) - 2026/12/01 10:00:00 ET",
        ),
        (
            Rules.fixed_limit(blinds=(5, 10)),
            None,
            "PokerStars Hand #9:  Hold'em Limit (10/20) - 2026/12/01 10:00:00 ET",
        ),
        (
            Rules.no_limit(blinds=(1, 2)),
            "£",
            "PokerStars Hand #9:  Hold'em No Limit (£0.01/£0.02 GBP) - 2026/12/01 10:00:00 ET",
        ),
    ],
)
def test_cash_headers(rules: Rules, currency: str | None, first: str) -> None:
    text = dumps(
        _fold_hand(rules), hand_id=9, table="T", players="abc", when=WHEN, currency=currency
    )
    lines = text.splitlines()
    assert lines[0] == first
    play = "" if currency else " (Play Money)"
    assert lines[1] == f"Table 'T' 9-max{play} Seat #1 is the button"


def test_freeroll_header_and_eastern_time() -> None:
    text = dumps(
        _fold_hand(Rules.no_limit(blinds=(10, 20))),
        hand_id=3,
        table="2869198721 128",
        players=["a", "b", "c"],
        when=datetime(2026, 7, 4, 12, 5, 9, tzinfo=UTC),
        tournament=Tournament(2869198721, level=35),
    )
    assert text.splitlines()[:2] == [
        "PokerStars Hand #3: Tournament #2869198721, Freeroll  Hold'em No Limit"
        " - Level XXXV (10/20) - 2026/07/04 8:05:09 ET",
        "Table '2869198721 128' 9-max Seat #1 is the button",
    ]


def test_antes_are_posted_in_table_seat_order_and_short_posts_are_all_in() -> None:
    rules = Rules.no_limit(blinds=(5, 10), ante=2)
    hand = Hand(rules, [100, 7, 100, 100], button=0, deck=Deck.shuffled(seed=4))
    text = dumps(
        hand_through(hand),
        hand_id=4,
        table="T",
        players=["w", "x", "y", "z"],
        seat_numbers=[5, 6, 1, 2],
        max_seats=6,
        when=WHEN,
    )
    lines = text.splitlines()
    assert lines[2:10] == [
        "Seat 1: y (100 in chips)",
        "Seat 2: z (100 in chips)",
        "Seat 5: w (100 in chips)",
        "Seat 6: x (7 in chips)",
        "y: posts the ante 2",
        "z: posts the ante 2",
        "w: posts the ante 2",
        "x: posts the ante 2",
    ]
    assert lines[10] == "x: posts small blind 5 and is all-in"


def test_big_blind_ante_and_straddle() -> None:
    rules = Rules.no_limit(blinds=(1, 2), ante=2, ante_type=AnteType.BIG_BLIND, straddle=4)
    hand = Hand(rules, [100] * 4, deck=Deck.shuffled(seed=5))
    hand.raise_to(12)
    text = dumps(hand_through(hand), hand_id=6, table="T", players="abcd", when=WHEN)
    lines = text.splitlines()
    assert lines[6:11] == [
        "c: posts the ante 2",
        "b: posts small blind 1",
        "c: posts big blind 2",
        "d: posts straddle 4",
        "*** HOLE CARDS ***",
    ]
    assert lines[11] == "a: raises 8 to 12"


def test_errors_name_what_is_wrong() -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [100, 100], deck=Deck.shuffled(seed=1))
    with pytest.raises(HistoryError, match="not over"):
        dumps(hand, hand_id=1, table="T", players="ab", when=WHEN)
    hand.fold()
    with pytest.raises(HistoryError, match="3 player names for a hand of 2 seats"):
        dumps(hand, hand_id=1, table="T", players="abc", when=WHEN)
    with pytest.raises(HistoryError, match="seat number 10"):
        dumps(hand, hand_id=1, table="T", players="ab", seat_numbers=[1, 10], when=WHEN)
    with pytest.raises(HistoryError, match="currency 'XYZ'"):
        dumps(hand, hand_id=1, table="T", players="ab", when=WHEN, currency="XYZ")
    with pytest.raises(HistoryError, match="rake 5"):
        dumps(hand, hand_id=1, table="T", players="ab", when=WHEN, rake=5)
    with pytest.raises(HistoryError, match="names must differ"):
        dumps(hand, hand_id=1, table="T", players="aa", when=WHEN)


def test_session_puts_two_blank_lines_after_every_hand() -> None:
    texts = []
    for number in (1, 2):
        hand = _fold_hand(Rules.no_limit(blinds=(1, 2)))
        texts.append(dumps(hand, hand_id=number, table="T", players="abc", when=WHEN))
    session = dump_session(texts)
    assert session == texts[0] + "\n\n" + texts[1] + "\n\n"
    assert [read(part).hand_id for part in session.split("\n\n\n") if part] == [1, 2]


def hand_through(hand: Hand) -> Hand:
    """Play ``hand`` to its end by checking or calling."""
    while not hand.finished:
        hand.check_or_call()
    return hand


# ------------------------------------------------------- reading back

_MONEY = r"[$€£]?[\d.]+"
_HEADER = re.compile(
    r"PokerStars Hand #(?P<id>\d+): (?: |Tournament #\d+, .+? )"
    r"Hold'em (?P<game>No Limit|Pot Limit|Limit) (?:- Level [IVXLCDM]+ )?"
    rf"\((?P<low>{_MONEY})/(?P<high>{_MONEY})(?: (?:USD|EUR|GBP))?\)"
    r" - \d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET"
)
_TABLE = re.compile(r"Table '.+' (\d+)-max(?: \(Play Money\))? Seat #(\d+) is the button")
_SEAT = re.compile(rf"Seat (\d+): (.+) \(({_MONEY}) in chips\)")
_POST = re.compile(
    rf"(.+): posts (the ante|small blind|big blind|straddle) ({_MONEY})( and is all-in)?"
)
_ACTION = re.compile(
    rf"(.+): (folds|checks|calls|bets|raises ({_MONEY}) to)(?: ({_MONEY}))?( and is all-in)?"
)
_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\* \[([^]]+)\](?: \[([^]]+)\])?")
_RETURNED = re.compile(rf"Uncalled bet \(({_MONEY})\) returned to (.+)")
_SHOWS = re.compile(r"(.+): shows \[(.+)\] \((.+)\)")
_MUCKS = re.compile(r"(.+): mucks hand")
_COLLECTED = re.compile(rf"(.+) collected ({_MONEY}) from (pot|main pot|side pot(?:-\d+)?)")
_TOTAL = re.compile(
    rf"Total pot ({_MONEY})(?: Main pot ({_MONEY})\.((?: Side pot(?:-\d+)? {_MONEY}\.)+))?"
    rf" \| Rake ({_MONEY})"
)
_BOARD = re.compile(r"Board \[(.+)\]")
_SUMMARY_SEAT = re.compile(
    r"Seat (\d+): (.+?)((?: \((?:button|small blind|big blind)\))*) "
    r"(folded before Flop(?: \(didn't bet\))?|folded on the (?:Flop|Turn|River)"
    rf"|showed \[(.+)\] and (?:won \(({_MONEY})\)|lost) with (.+)"
    rf"|mucked(?: \[(.+)\])?|collected \(({_MONEY})\))"
)


def _chips(text: str) -> int:
    """An amount as chips (cents when it has a currency sign)."""
    if text[0] in "$€£":
        whole, _, cents = text[1:].partition(".")
        return int(whole) * 100 + int(cents.ljust(2, "0") if cents else 0)
    return int(text)


@dataclass
class Read:
    """What the reader takes from one exported hand."""

    hand_id: int = 0
    game: str = ""
    low: int = 0
    high: int = 0
    button: int = 0
    seats: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    stacks: list[int] = field(default_factory=list)
    posts: list[tuple[str, str, int]] = field(default_factory=list)
    # (street, name, verb, amount); amount is the raise-to total for a raise
    actions: list[tuple[int, str, str, int]] = field(default_factory=list)
    boards: list[list[str]] = field(default_factory=list)
    returned: list[tuple[str, int]] = field(default_factory=list)
    shown: dict[str, str] = field(default_factory=dict)
    mucked: set[str] = field(default_factory=set)
    collected: dict[str, int] = field(default_factory=dict)
    total: int = 0
    pot_parts: list[int] = field(default_factory=list)
    rake: int = 0
    summary: dict[str, str] = field(default_factory=dict)
    summary_won: dict[str, int] = field(default_factory=dict)
    summary_cards: dict[str, str] = field(default_factory=dict)


def read(text: str) -> Read:
    """Read an exported hand line by line; every line must be one PokerStars writes."""
    lines = text.rstrip("\n").split("\n")
    out = Read()
    header = _HEADER.fullmatch(lines[0])
    assert header, lines[0]
    out.hand_id, out.game = int(header["id"]), header["game"]
    out.low, out.high = _chips(header["low"]), _chips(header["high"])
    table = _TABLE.fullmatch(lines[1])
    assert table, lines[1]
    out.button = int(table[2])
    section = "seats"
    street = current = 0
    for line in lines[2:]:
        if line == "*** HOLE CARDS ***":
            section = "play"
            current = max((a for _, kind, a in out.posts if kind != "the ante"), default=0)
            continue
        if line == "*** SHOW DOWN ***":
            section = "showdown"
            continue
        if line == "*** SUMMARY ***":
            section = "summary"
            continue
        if section == "seats" and (seat := _SEAT.fullmatch(line)):
            out.seats.append(int(seat[1]))
            out.names.append(seat[2])
            out.stacks.append(_chips(seat[3]))
        elif section == "seats" and (post := _POST.fullmatch(line)):
            out.posts.append((post[1], post[2], _chips(post[3])))
        elif section == "play" and line.startswith("Dealt to "):
            assert re.fullmatch(r"Dealt to .+ \[\S\S \S\S\]", line), line
        elif section == "play" and (board := _STREET.fullmatch(line)):
            street += 1
            current = 0
            cards = (board[2] + " " + (board[3] or "")).split()
            before = [card for dealt in out.boards for card in dealt]
            assert cards[: len(before)] == before, line
            out.boards.append(cards[len(before) :])
        elif section == "play" and (act := _ACTION.fullmatch(line)):
            verb = act[2].split()[0]
            amount = _chips(act[4]) if act[4] else 0
            if verb == "raises":
                # PokerStars' "raises X to Y": X is what Y adds to the bet before it.
                assert _chips(act[3]) == amount - current > 0, line
            if verb in ("bets", "raises"):
                current = amount
            out.actions.append((street, act[1], verb, amount))
        elif section in ("play", "showdown") and (back := _RETURNED.fullmatch(line)):
            out.returned.append((back[2], _chips(back[1])))
        elif section == "showdown" and (show := _SHOWS.fullmatch(line)):
            out.shown[show[1]] = show[2]
        elif section == "showdown" and (muck := _MUCKS.fullmatch(line)):
            out.mucked.add(muck[1])
        elif section in ("play", "showdown") and (won := _COLLECTED.fullmatch(line)):
            out.collected[won[1]] = out.collected.get(won[1], 0) + _chips(won[2])
        elif section == "summary" and (total := _TOTAL.fullmatch(line)):
            out.total, out.rake = _chips(total[1]), _chips(total[4])
            if total[2]:
                sides = re.findall(rf"Side pot(?:-\d+)? ({_MONEY})\.", total[3])
                out.pot_parts = [_chips(total[2]), *(_chips(s) for s in sides)]
        elif section == "summary" and _BOARD.fullmatch(line):
            pass
        elif section == "summary" and (seat_line := _SUMMARY_SEAT.fullmatch(line)):
            name, outcome = seat_line[2], seat_line[4]
            out.summary[name] = outcome
            if seat_line[5] or seat_line[8]:
                out.summary_cards[name] = seat_line[5] or seat_line[8]
            won_text = seat_line[6] or seat_line[9]
            if won_text:
                out.summary_won[name] = _chips(won_text)
        else:
            raise AssertionError(f"not a PokerStars line in section {section}: {line!r}")
    return out


def replay(text: str, read_hand: Read, structure: Structure) -> Hand:
    """Play the exported hand again from its text alone (dealing and rules from the lines)."""
    names = read_hand.names
    seat_of = {name: i for i, name in enumerate(names)}
    antes = [amount for _, kind, amount in read_hand.posts if kind == "the ante"]
    straddle = max((a for _, kind, a in read_hand.posts if kind == "straddle"), default=0)
    ante_type = AnteType.NONE
    if antes:
        ante_type = AnteType.PER_PLAYER if len(antes) > 1 else AnteType.BIG_BLIND
    if structure is Structure.FIXED_LIMIT:
        blinds = (read_hand.low // 2, read_hand.low)
        rules = Rules.fixed_limit(
            blinds=blinds, ante=max(antes, default=0), ante_type=ante_type, straddle=straddle
        )
    else:
        make = Rules.no_limit if structure is Structure.NO_LIMIT else Rules.pot_limit
        rules = make(
            blinds=(read_hand.low, read_hand.high),
            ante=max(antes, default=0),
            ante_type=ante_type,
            straddle=straddle,
        )
    button = read_hand.seats.index(read_hand.button)
    hand = Hand(rules, read_hand.stacks, button=button, dealing="manual")
    known = {**read_hand.shown, **read_hand.summary_cards}
    for seat, name in enumerate(names):
        hand.deal_hole(seat, known.get(name))
    boards = iter(read_hand.boards)
    street = 0
    for action_street, name, verb, amount in read_hand.actions:
        while street < action_street:
            hand.deal_board(next(boards))
            street += 1
        seat = seat_of[name]
        if verb == "folds":
            hand.fold(seat=seat)
        elif verb == "checks":
            hand.check(seat=seat)
        elif verb == "calls":
            assert hand.legal is not None and hand.legal.call == amount
            hand.call(seat=seat)
        else:
            hand.raise_to(amount, seat=seat)
    for board in boards:
        hand.deal_board(board)
    assert hand.finished, text
    return hand


# ------------------------------------------------------- random hands


def random_hand(rng: random.Random) -> Hand:
    """A hand with random players, structure, forced bets and actions."""
    n = rng.randint(2, 9)
    structure = rng.choice(list(Structure))
    sb = rng.choice((1, 2, 5, 25))
    bb = 2 * sb
    ante = rng.choice((0, 0, sb // 2 or 1))
    ante_type = rng.choice((AnteType.PER_PLAYER, AnteType.BIG_BLIND)) if ante else None
    straddle = 2 * bb if n >= 3 and rng.random() < 0.2 else 0
    makers: dict[Structure, Callable[..., Rules]] = {
        Structure.NO_LIMIT: Rules.no_limit,
        Structure.POT_LIMIT: Rules.pot_limit,
        Structure.FIXED_LIMIT: Rules.fixed_limit,
    }
    rules = makers[structure](blinds=(sb, bb), ante=ante, ante_type=ante_type, straddle=straddle)
    # Stacks always cover the forced bets, so the reader can tell the rules from the posts.
    least = ante * (n if ante_type is AnteType.BIG_BLIND else 1) + max(bb, straddle) + 1
    stacks = [rng.randint(least, least + rng.choice((20, 200, 2000))) for _ in range(n)]
    hand = Hand(
        rules, stacks, button=rng.randrange(n), deck=Deck.shuffled(seed=rng.getrandbits(32))
    )
    while not hand.finished:
        legal = hand.legal
        assert legal is not None
        roll = rng.random()
        if legal.can_raise and roll < 0.25:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
            if rng.random() < 0.3:
                amount = legal.max_raise_to
            hand.raise_to(amount)
        elif legal.fold and roll < 0.45:
            hand.fold()
        else:
            hand.check_or_call()
    return hand


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_random_hands_add_up_and_read_back(seed: int, cash: bool) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng)
    assert hand.result is not None
    n = hand.seats
    names = [f"player {i}" if i % 2 else f"p{i}" for i in range(n)]
    total = sum(p.amount for p in hand.result.pots)
    rake = rng.randint(0, total // 10) if cash else 0
    text = dumps(
        hand,
        hand_id=rng.randint(1, 10**12),
        table="Random",
        players=names,
        hero=rng.randrange(n),
        when=WHEN,
        currency="$" if cash else None,
        rake=rake,
    )
    got = read(text)
    # The pots add up: collected = Total pot - rake, and so do the main and side pots.
    assert got.total == total
    assert got.rake == rake
    assert sum(got.collected.values()) == total - rake
    if got.pot_parts:
        assert sum(got.pot_parts) == total - rake
    # Every seat has its summary line; winnings there match the collected lines.
    assert set(got.summary) == set(names)
    assert got.summary_won == got.collected
    streets = ("before Flop", "on the Flop", "on the Turn", "on the River")
    blinds = {name for name, kind, _ in got.posts if kind != "the ante"}
    for name, outcome in got.summary.items():
        folds = [street for street, who, verb, _ in got.actions if who == name and verb == "folds"]
        assert outcome.startswith("folded") == bool(folds), (name, outcome)
        if folds:
            assert outcome.startswith(f"folded {streets[folds[0]]}")
            bet = name in blinds or any(
                who == name and verb != "folds" for _, who, verb, _ in got.actions
            )
            assert outcome.endswith("(didn't bet)") == (not bet), (name, outcome)
    # The text alone replays to the same hand.
    again = replay(text, got, hand.rules.structure)
    assert again.result is not None
    assert again.result.payouts == hand.result.payouts
    assert again.board == hand.board
    if rake == 0:
        assert got.collected == {names[s]: won for s, won in enumerate(hand.result.payouts) if won}
