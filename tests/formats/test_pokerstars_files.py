"""PokerStars files as players have them: every header form, any encoding, many hands a file.

One unreadable hand never loses the others; a hand of another game is passed
over and counted apart (RULES 11.4). The fuzz tests damage real files (read in
place from ``../shared/data/histories``) and hand-built ones.
"""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bigblind.engine.rules import Structure
from bigblind.errors import HistoryError
from bigblind.formats import pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory
from bigblind.formats.pokerstars.hands import HEADER
from bigblind.formats.pokerstars.heading import Heading, read_heading

REPO = Path(__file__).resolve().parents[2]
STARS = REPO.parent / "shared/data/histories/pokerstars"
TABLE = "Table 'Alpha' 6-max Seat #1 is the button"

HAND = """\
{header}
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Zoë ({a} in chips)
Seat 2: bob ({b} in chips)
Zoë: posts small blind {sb}
bob: posts big blind {bb}
*** HOLE CARDS ***
Zoë: raises {raise_by} to {raise_to}
bob: folds
Uncalled bet ({back}) returned to Zoë
Zoë collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake 0
Seat 1: Zoë (button) (small blind) collected ({pot})
Seat 2: bob (big blind) folded before Flop
"""


def cash(header: str, symbol: str = "$") -> str:
    return HAND.format(
        header=header,
        a=f"{symbol}2",
        b=f"{symbol}1.50",
        sb=f"{symbol}0.01",
        bb=f"{symbol}0.02",
        raise_by=f"{symbol}0.04",
        raise_to=f"{symbol}0.06",
        back=f"{symbol}0.04",
        pot=f"{symbol}0.04",
    )


def chips(header: str) -> str:
    return HAND.format(
        header=header, a=2000, b=1500, sb=10, bb=20, raise_by=40, raise_to=60, back=40, pot=40
    )


WHEN = "2021/07/30 10:52:27 CET [2021/07/30 4:52:27 ET]"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (
            f"PokerStars Hand #1:  Hold'em No Limit ($0.25/$0.50 USD) - {WHEN}",
            {"kind": "cash", "low": 25, "high": 50, "currency": "USD", "cents": True},
        ),
        (  # before 2011: 'Game #', no currency code
            "PokerStars Game #27853187469:  Hold'em No Limit ($0.25/$0.50) - 2009/05/03 1:02:03 ET",
            {"number": 27853187469, "kind": "cash", "currency": "USD", "low": 25},
        ),
        (
            f"PokerStars Zoom Hand #2:  Hold'em No Limit ($0.02/$0.05) - {WHEN}",
            {"kind": "zoom", "low": 2, "high": 5},
        ),
        (
            f"PokerStars Home Game Hand #3: {{Friday Club}}  Hold'em No Limit ($0.01/$0.02)"
            f" - {WHEN}",
            {"kind": "home", "club": "Friday Club", "low": 1},
        ),
        (
            f"PokerStars Home Game Hand #4: {{Poker LF}} Tournament #5, 17000+3000 Hold'em No Limit"
            f" - Level II (15/30) - {WHEN}",
            {"kind": "tournament", "tournament": 5, "level": 2, "buy_in": "17000+3000"},
        ),
        (
            f"PokerStars Hand #6: Tournament #7, $10+$10+$2 USD Hold'em No Limit - Level XIV"
            f" (400/800) - {WHEN}",
            {"tournament": 7, "level": 14, "buy_in": "$10+$10+$2 USD", "low": 400, "cents": False},
        ),
        (
            f"PokerStars Hand #8: Tournament #9, €3.29+€0.21 EUR Hold'em No Limit - Match Round I,"
            f" Level IV (25/50) - {WHEN}",
            {"round": 1, "level": 4, "low": 25, "high": 50},
        ),
        (
            f"PokerStars Hand #10: Zoom Tournament #11, $8.00+$0.80 USD Hold'em No Limit - Level"
            f" XVIII (500/1000) - {WHEN}",
            {"tournament": 11, "level": 18},
        ),
        (
            f"PokerStars Hand #12: Tournament #13, Freeroll  Hold'em No Limit - Level I (10/20)"
            f" - {WHEN}",
            {"buy_in": "Freeroll", "low": 10},
        ),
        (
            f"PokerStars Hand #14:  Hold'em No Limit (Rs.\u00a025/Rs.\u00a050 INR) - {WHEN}",
            {"currency": "INR", "low": 2500, "high": 5000},
        ),
        (
            f"PokerStars Hand #15:  Hold'em Pot Limit (£0.05/£0.10 GBP) - {WHEN}",
            {"currency": "GBP", "structure": Structure.POT_LIMIT, "low": 5},
        ),
        (
            f"PokerStars Hand #16:  Hold'em Limit (€0.10/€0.20 EUR) - {WHEN}",
            {"currency": "EUR", "structure": Structure.FIXED_LIMIT, "low": 10, "high": 20},
        ),
        (  # a file read in the wrong code page: the code after the stakes names the money
            f"PokerStars Hand #17:  Hold'em No Limit (\u04020.02/\u04020.05 EUR) - {WHEN}",
            {"currency": "EUR", "low": 2, "high": 5},
        ),
        (  # the mixed games name the game played in brackets
            f"PokerStars Hand #18:  HORSE (Hold'em Limit, $0.10/$0.20 USD) - {WHEN}",
            {"structure": Structure.FIXED_LIMIT, "low": 10, "high": 20},
        ),
        (
            f"PokerStars Hand #19:  Hold'em Cap No Limit ($0.50/$1 USD) - {WHEN}",
            {"capped": True, "low": 50},
        ),
        (
            f"PokerStars Hand #20:  Hold'em No Limit (25/50) - {WHEN}",
            {"currency": None, "cents": False, "low": 25},
        ),
    ],
)
def test_every_header_form_is_read(header: str, expected: dict[str, object]) -> None:
    heading = read_heading(header, TABLE)
    assert isinstance(heading, Heading)
    for name, value in expected.items():
        assert getattr(heading, name) == value, name
    assert heading.table == "Alpha" and heading.button == 1 and heading.seat_count == 6


@pytest.mark.parametrize(
    ("header", "game"),
    [
        (f"PokerStars Hand #3:  5 Card Omaha Hi/Lo Pot Limit ($1/$2 USD) - {WHEN}", "5 Card Omaha"),
        (
            f"PokerStars Hand #6: Tournament #1, $1+$0.10 USD Razz Limit - Level I (10/20)"
            f" - {WHEN}",
            "Razz",
        ),
        (f"PokerStars Hand #7:  HORSE (Razz Limit, $0.10/$0.20 USD) - {WHEN}", "HORSE (Razz"),
    ],
)
def test_other_games_are_named_not_failed(header: str, game: str) -> None:
    # RULES 11.4: the game is named and the hand passed over, never counted as a failure.
    text = cash(header)
    (entry,) = pokerstars.loads_each(text)
    assert isinstance(entry, pokerstars.OtherGame) and game in entry.game
    assert "a game bigblind does not play" in entry.reason
    with pytest.raises(pokerstars.OtherGameError):
        pokerstars.loads(text)


@pytest.mark.parametrize(
    "header",
    [
        f"PokerStars Hand #4:  6+ Hold'em No Limit ($1/$2 USD) - {WHEN}",
        f"PokerStars Hand #5:  Hold'em 6+ No Limit ($1/$2 USD) - {WHEN}",
    ],
)
def test_six_plus_holdem_is_read_as_short_deck(header: str) -> None:  # RULES 11.3
    heading = read_heading(header, TABLE.strip())
    assert heading.game.code == "short-deck" and not heading.button_blind
    assert (heading.low, heading.high) == (100, 200)


def test_a_bad_header_names_what_is_accepted() -> None:
    (entry,) = pokerstars.loads_each("PokerStars Hand #1:  Hold'em No Limit - soon\n" + TABLE)
    assert isinstance(entry, pokerstars.Unreadable) and entry.line == 1
    assert entry.reason.startswith("hand #1, line 1: the stakes are missing")


def read_one(text: str) -> HandHistory:
    (entry,) = pokerstars.loads_each(text)
    assert isinstance(entry, HandHistory)
    assert pokerstars.reconcile(entry).reconciled
    return entry


def test_hands_of_every_header_form_reconcile() -> None:
    zoom = read_one(cash(f"PokerStars Zoom Hand #2:  Hold'em No Limit ($0.01/$0.02) - {WHEN}"))
    assert zoom.metadata["kind"] == "zoom" and zoom.finishing_stacks == (148, 202)
    old = read_one(cash(f"PokerStars Game #3:  Hold'em No Limit ($0.01/$0.02) - {WHEN}"))
    assert old.number == 3
    euro = read_one(cash(f"PokerStars Hand #4:  Hold'em No Limit (€0.01/€0.02 EUR) - {WHEN}", "€"))
    assert euro.metadata["currency"] == "EUR"
    play = read_one(chips(f"PokerStars Hand #5:  Hold'em No Limit (10/20) - {WHEN}"))
    assert play.starting_stacks == (1500, 2000) and "currency" not in play.metadata
    match = read_one(
        chips(
            f"PokerStars Hand #6: Tournament #7, $50+$2.50 USD Hold'em No Limit - Match Round I,"
            f" Level I (10/20) - {WHEN}"
        )
    )
    assert match.metadata["round"] == 1 and match.metadata["tournament"] == 7


TEXT = cash(f"PokerStars Hand #5:  Hold'em No Limit (€0.01/€0.02 EUR) - {WHEN}", "€")


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        codecs.BOM_UTF8 + TEXT.encode("utf-8"),
        TEXT.replace("\n", "\r\n").encode("utf-8"),
        TEXT.encode("utf-16"),  # with its mark
        TEXT.encode("utf-16-le"),  # without one
        TEXT.encode("utf-16-be"),
        TEXT.replace("\n", "\r\n").encode("cp1252"),  # Zoë and € in one byte each
    ],
    ids=["utf-8", "utf-8 mark", "crlf", "utf-16", "utf-16-le", "utf-16-be", "cp1252"],
)
def test_any_encoding_a_client_writes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    (history,) = pokerstars.read(path)
    assert history.players == ("bob", "Zoë") and history.metadata["currency"] == "EUR"
    assert pokerstars.reconcile(history).reconciled


def test_one_unreadable_hand_never_loses_the_others() -> None:
    good = chips(f"PokerStars Hand #1:  Hold'em No Limit (10/20) - {WHEN}")
    bad = good.replace("#1:", "#2:").replace("bob: folds", "bob: calls")  # 'calls' alone
    text = "\n\n".join([good, bad, good.replace("#1:", "#3:")])
    entries = pokerstars.loads_each(text)
    assert [type(e).__name__ for e in entries] == ["HandHistory", "Unreadable", "HandHistory"]
    unreadable = entries[1]
    assert isinstance(unreadable, pokerstars.Unreadable)
    assert unreadable.line == 18  # 15 lines, then two blank lines between hands
    assert unreadable.reason == "hand #2, line 26: 'calls' needs an amount"
    with pytest.raises(HistoryError, match="'calls' needs an amount"):
        pokerstars.loads(text)  # the strict form: every hand, or the first error


def test_a_file_of_thousands_of_hands(tmp_path: Path) -> None:
    hand = chips(f"PokerStars Hand #{{}}:  Hold'em No Limit (10/20) - {WHEN}")
    path = tmp_path / "session.txt"
    path.write_text("\n\n".join(hand.replace("#{}:", f"#{n}:") for n in range(1, 3001)))
    entries = pokerstars.read_each(path)
    assert len(entries) == 3000
    assert all(isinstance(e, HandHistory) and pokerstars.reconcile(e).reconciled for e in entries)
    assert [e.number for e in entries if isinstance(e, HandHistory)][-1] == 3000


def test_a_show_by_a_player_sitting_out_is_passed_over() -> None:
    text = chips(f"PokerStars Hand #1:  Hold'em No Limit (10/20) - {WHEN}")
    text = text.replace(
        "Seat 2: bob (1500 in chips)\n",
        "Seat 2: bob (1500 in chips)\nSeat 3: cy (900 in chips) is sitting out\n",
    )
    text = text.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\ncy: shows [Ah Kh]\n")
    history = read_one(text)
    assert history.players == ("bob", "Zoë")


def test_text_without_a_hand_is_no_pokerstars_history() -> None:
    assert pokerstars.loads_each("Winamax Poker - CashGame - HandId: #1-2-3") == []
    assert not pokerstars.is_pokerstars("[1]\nvariant = 'NT'\n")
    assert pokerstars.is_pokerstars(f"\n\nPokerStars Zoom Hand #2: {WHEN}")


# ----------------------------------------------------------------- fuzzing

REAL = sorted(STARS.rglob("*.txt")) if STARS.is_dir() else []
MANY = [path for path in REAL if len(pokerstars.read_each(path)) >= 5]
ODD = "K\u212a\u017f\u00b2$€.:[]()#'\" \n\r\x85\u2028\ud800-0123456789abcdhs\ufeff"


def clean(entry: object) -> bool:
    """Whether an entry is whole: a hand whose reconciliation (either way) says in one line
    what it found, or a hand passed over with a one-line reason."""
    if isinstance(entry, HandHistory):
        checks = [pokerstars.reconcile(entry), pokerstars.reconcile(entry, strict=True)]
        return all(c.problem is None or len(c.problem.splitlines()) == 1 for c in checks)
    assert isinstance(entry, (pokerstars.Unreadable, pokerstars.OtherGame))
    return len(entry.reason.splitlines()) == 1 and entry.line >= 1


def comparable(entry: object) -> object:
    """An entry less the lines it was found at (an earlier hand's edit moves them)."""
    if isinstance(entry, HandHistory):
        return (entry.players, entry.starting_stacks, entry.actions, entry.finishing_stacks)
    return type(entry).__name__


@pytest.mark.skipif(not MANY, reason="the shared histories (../shared/data/histories) are absent")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_real_file_never_crashes_and_never_loses_the_other_hands(
    data: st.DataObject,
) -> None:
    path = data.draw(st.sampled_from(MANY))
    text = decode(path.read_bytes()).replace("\ufeff", "")
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if HEADER.match(line.lstrip())]
    victim = data.draw(st.integers(0, len(starts) - 1))
    begin = starts[victim]
    end = starts[victim + 1] if victim + 1 < len(starts) else len(lines)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(begin, max(begin, end - 1)))
        kind = data.draw(st.sampled_from(["delete", "duplicate", "edit", "insert"]))
        if kind == "delete" and end - begin > 1:
            del lines[at]
            end -= 1
        elif kind == "duplicate":
            lines.insert(at, lines[at])
            end += 1
        elif kind == "insert":
            lines.insert(at, data.draw(st.text(ODD, max_size=30)))
            end += 1
        else:
            line = lines[at]
            cut = data.draw(st.integers(0, len(line)))
            lines[at] = line[:cut] + data.draw(st.text(ODD, max_size=6)) + line[cut + 1 :]
    damaged = "\n".join(lines)
    # Only the victim's lines changed: the other hands' headers are where they were.
    assume(
        sum(1 for line in damaged.replace("\ufeff", "").splitlines() if HEADER.match(line.lstrip()))
        == len(starts)
    )
    before = pokerstars.loads_each(text)
    after = pokerstars.loads_each(damaged)
    assert len(after) == len(before)
    for index, (old, new) in enumerate(zip(before, after, strict=True)):
        if index != victim:
            assert comparable(new) == comparable(old)
        else:
            assert clean(new)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_decode_and_read_without_a_crash(data: bytes) -> None:
    text = decode(data)
    assert isinstance(text, str)
    for entry in pokerstars.loads_each(text):
        assert clean(entry)


@settings(max_examples=200, deadline=None)
@given(st.text(ODD, max_size=200))
def test_any_text_after_a_header_reads_or_fails_cleanly(tail: str) -> None:
    entries = pokerstars.loads_each(f"PokerStars Hand #1:  Hold'em No Limit{tail}")
    assert len(entries) >= 1
    assert all(clean(entry) for entry in entries)
