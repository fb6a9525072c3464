"""Reading PokerStars hand histories back: bigblind's own text and real-format files."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bigblind import AnteType, Deck, Hand, HistoryError, Rules, Structure
from bigblind.engine.events import Forced, Posted
from bigblind.formats import pokerstars
from bigblind.formats.phh import HandHistory
from bigblind.formats.pokerstars import Tournament
from tests.formats.test_phh import play_random

DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
WHEN = datetime(2026, 12, 1, 10, 0, 0)


def replays_as_filed(history: HandHistory) -> Hand:
    """RULES 7.2, 10.2: the replay ends as the file says, the rake allowed for."""
    hand = pokerstars.replay(history)
    assert hand.finished and pokerstars.results_match(history, hand)
    return hand


# ------------------------------------------------------------- real files


def test_cash_hand_with_rake_and_a_player_sitting_out() -> None:
    (history,) = pokerstars.read(DATA / "cash-side-rake.txt")
    # PaulieWalnuts sits out: not dealt in. p1 is the first player left of the button.
    assert history.players == ("Hero", "dune buggy", "maple_leaf", "RiverRat77", "k.ostrova")
    assert history.starting_stacks == (10000, 3840, 10425, 5710, 10000)  # cents
    assert history.metadata["currency"] == "USD" and history.metadata["_rake"] == 100
    assert history.actions[0] == "d dh p1 AhQd"  # Dealt to Hero
    assert history.finishing_stacks == (14340, 0, 10125, 5710, 9700)
    hand = replays_as_filed(history)
    assert hand.result is not None and hand.result.stacks[0] == 14440  # before the rake


def test_tournament_hands_with_antes_and_an_all_in_shown_before_the_flop() -> None:
    first, second = pokerstars.read(DATA / "tournament-all-in.txt")
    assert first.metadata["tournament"] == 3765123456 and first.metadata["level"] == 5
    assert first.rules is not None and first.rules.ante_type is AnteType.PER_PLAYER
    # lucky_7s sits out yet posts: dealt in, as tournaments deal every seat.
    assert "lucky_7s" in (first.players or ())
    # RULES 6.7: the shows came before the run-out in the file, and so they replay.
    replays_as_filed(first)
    assert first.finishing_stacks is not None
    assert first.finishing_stacks == (5870, 985, 6275, 4500, 6615)
    # The next hand starts from those stacks.
    assert dict(zip(second.players or (), second.starting_stacks, strict=True)) == dict(
        zip(first.players or (), first.finishing_stacks, strict=True)
    )
    replays_as_filed(second)


def test_a_returning_player_posts_small_and_big_blinds() -> None:
    # RULES 10.1: a live big blind and a dead small blind, in one PokerStars line.
    (history,) = pokerstars.read(DATA / "returning-player.txt")
    assert history.players == ("willow", "aspen", "oak", "birch", "cedar")
    assert history.live_blinds == (0, 0, 0, 20, 0)
    assert history.dead_money == (0, 0, 0, 10, 0)
    replays_as_filed(history)
    assert history.finishing_stacks == (1990, 1480, 1900, 2140, 960)


def test_a_one_card_show_is_no_showdown() -> None:
    text = (DATA / "returning-player.txt").read_text(encoding="utf-8")
    text = text.replace("oak: doesn't show hand", "oak: shows [Ah]")
    (history,) = pokerstars.loads(text)
    assert "p3 cbr 60" in history.actions and not any(" sm" in a for a in history.actions)
    replays_as_filed(history)


# ---------------------------------------------------------- bigblind's own


def pokerstars_rules(rng: random.Random) -> Rules:
    """Rules PokerStars text can carry: stakes, antes, straddle; min bet the big blind."""
    structure = rng.choice([Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT])
    bb = rng.choice([2, 10, 100])
    ante_type = rng.choice([AnteType.NONE, AnteType.PER_PLAYER, AnteType.BIG_BLIND])
    fixed = structure is Structure.FIXED_LIMIT
    return Rules(
        structure=structure,
        small_blind=bb // 2,
        big_blind=bb,
        ante=0 if ante_type is AnteType.NONE else rng.choice([1, bb // 2, bb]),
        ante_type=ante_type,
        straddle=2 * bb if rng.random() < 0.2 else 0,
        small_bet=bb if fixed else 0,
        big_bet=2 * bb if fixed else 0,
        cap=4 if fixed else None,
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    money=st.booleans(),
    tournament=st.booleans(),
    hero=st.booleans(),
)
def test_what_the_writer_writes_reads_back_and_replays(
    seed: int, money: bool, tournament: bool, hero: bool
) -> None:
    rng = random.Random(seed)
    hand = play_random(seed, show_all=rng.random() < 0.3, rules=pokerstars_rules(rng))
    assert hand.result is not None
    names = [f"player {i}" for i in range(hand.seats)]
    total = sum(pot.amount for pot in hand.result.pots)
    rake = 0 if tournament else min(total, rng.choice([0, 0, 1, 3]))
    text = pokerstars.dumps(
        hand,
        hand_id=seed + 1,
        table="Round Trip",
        players=names,
        when=WHEN,
        max_seats=10,
        hero=0 if hero else None,
        currency="$" if money else None,
        tournament=Tournament(77, level=3, buy_in=(500, 50)) if tournament else None,
        rake=rake,
    )
    posted_antes = {e.seat for e in hand.events if isinstance(e, Posted) and e.kind is Forced.ANTE}
    # Antes owed by all that only the big blind could post read as a big-blind ante:
    # the text cannot tell them apart (see the reader).
    assume(hand.rules.ante_type is not AnteType.PER_PLAYER or len(posted_antes) > 1)
    (history,) = pokerstars.loads(text)
    replayed = replays_as_filed(history)
    n, button = hand.seats, hand.button
    in_phh = [(button + 1 + k) % n for k in range(n)]
    assert history.starting_stacks == tuple(hand.starting_stacks[s] for s in in_phh)
    assert history.players == tuple(names[s] for s in in_phh)
    assert replayed.result is not None
    assert replayed.result.stacks == tuple(hand.result.stacks[s] for s in in_phh)
    assert history.metadata["_rake"] == rake


def test_a_session_file_reads_every_hand() -> None:
    texts = []
    for seed in range(3):
        hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 60, 70], deck=Deck.shuffled(seed))
        while not hand.finished:
            hand.check_or_call()
        texts.append(
            pokerstars.dumps(hand, hand_id=seed + 1, table="T", players=["a", "b", "c"], when=WHEN)
        )
    session = "\ufeff" + pokerstars.dump_session(texts)  # as the client saves it
    assert [h.number for h in pokerstars.loads(session)] == [1, 2, 3]


# ------------------------------------------------------------- bad input


def test_text_without_a_hand_is_refused() -> None:
    with pytest.raises(HistoryError, match="no line starts with 'PokerStars Hand #'"):
        pokerstars.loads("Full Tilt Poker Game #1: ...")


def test_errors_name_the_hand_and_the_line() -> None:
    text = (DATA / "returning-player.txt").read_text(encoding="utf-8")
    with pytest.raises(HistoryError, match=r"hand #231456791001, line 2: the second line"):
        pokerstars.loads(text.replace("Table 'Pegasus II'", "Tabel 'Pegasus II'"))
    bad = text.replace("Uncalled bet (90) returned to oak", "Uncalled bet (90) returned to elm")
    with pytest.raises(HistoryError, match=r"line 20: 'elm' is not seated"):
        pokerstars.loads(bad)
    with pytest.raises(HistoryError, match="cannot read cards"):
        pokerstars.loads(text.replace("[3h 9h Jc]", "[3h 9h \u212ac]"))
    with pytest.raises(HistoryError, match="cannot read the file"):
        pokerstars.read(DATA / "missing.txt")


REAL = [
    (DATA / name).read_text(encoding="utf-8") for name in sorted(p.name for p in DATA.glob("*.txt"))
]
ODD = "K\u212a\u017f\u00b2$.:[]()#'\" \n\r\x85\u2028\ud800-0123456789abcdhs"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(REAL),
    st.lists(
        st.tuples(st.integers(0, 5000), st.integers(0, 4), st.text(ODD, max_size=5)),
        min_size=1,
        max_size=4,
    ),
)
def test_damaged_files_read_or_fail_cleanly(text: str, edits: list[tuple[int, int, str]]) -> None:
    for position, length, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + length :]
    try:
        for history in pokerstars.loads(text):
            pokerstars.replay(history)
    except HistoryError as error:
        assert len(str(error).splitlines()) == 1, str(error)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_reads_or_fails_cleanly(text: str) -> None:
    try:
        for history in pokerstars.loads("PokerStars Hand #1: " + text):
            pokerstars.replay(history)
    except HistoryError as error:
        assert len(str(error).splitlines()) == 1, str(error)


# Any text fit to seat may be a name: 'd' and 'p2' are players, not PHH's dealer and seat
# tokens (read as the dealer, a player named 'd' had their call dealt as a board card).
@pytest.mark.parametrize("names", [["p2", "d"], ["d", "p1"], ["d1", "d"]])
def test_names_that_look_like_phh_actors_are_players(names: list[str]) -> None:
    hand = Hand(Rules.no_limit(blinds=(1, 2)), [40, 70], button=0, deck=Deck.shuffled(seed=11))
    hand.all_in()
    hand.call()
    text = pokerstars.dumps(hand, hand_id=1, table="T", players=names, when=WHEN)
    (history,) = pokerstars.loads(text)
    assert history.players == (names[1], names[0])  # the big blind first, as PHH orders
    replays_as_filed(history)
