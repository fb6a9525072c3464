"""``bigblind convert``: histories into PHH or PokerStars text, hand for hand, every chip kept."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigblind.cli.convert import convert_paths
from bigblind.cli.main import main
from bigblind.cli.replay import ACCEPTED, replay_paths
from bigblind.formats import phh, pokerstars, winamax
from bigblind.formats.phh import HandHistory
from tests.formats.test_ggpoker import CASH_DROP, EV_CASHOUT
from tests.formats.test_pokerstars_recorded import LIMPED, RUN_TWICE_MUCK, SIDE_POT_MUCK
from tests.formats.test_winamax import HAND as WINAMAX

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"


def histories(folder: Path) -> Path:
    """A folder of hand-built histories of every site read, corners included."""
    source = folder / "in"
    source.mkdir()
    (source / "stars.txt").write_text(SIDE_POT_MUCK + "\n\n" + LIMPED + "\n\n" + RUN_TWICE_MUCK)
    (source / "gg.txt").write_text(CASH_DROP + "\n\n" + EV_CASHOUT)
    (source / "winamax.txt").write_text(WINAMAX)
    return source


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out.splitlines(), err


@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_every_hand_converts_and_replays_to_the_same_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str
) -> None:
    source = histories(tmp_path)
    status, out, _ = run(
        ["convert", str(source), "--to", to, "--out", str(tmp_path / "out")], capsys
    )
    assert (status, out) == (0, ["6 hands read, 6 converted, 0 not reconciled"])
    suffix = ".phhs" if to == "phh" else ".txt"
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == [f"gg{suffix}", f"stars{suffix}", f"winamax{suffix}"]
    # What was written replays, each hand to the stacks its first replay gave.
    summary = replay_paths([tmp_path / "out"], io.StringIO(), io.StringIO())
    assert summary.line() == "6 hands read, 6 reconciled, 0 not reconciled"
    before = [pokerstars.reconcile(h).hand for h in read(source)]
    after = [pokerstars.reconcile(h).hand for h in read(tmp_path / "out")]
    assert len(before) == len(after) == 6
    # Each hand ends as it did: the same final stacks, seat for seat.
    ends = sorted(h.result.stacks for h in before if h is not None and h.result is not None)
    again = sorted(h.result.stacks for h in after if h is not None and h.result is not None)
    assert len(ends) == 6 and again == ends


def read(folder: Path) -> list[HandHistory]:
    """Every hand of a folder as the reader of its format reads it."""
    found: list[HandHistory] = []
    for path in sorted(folder.iterdir()):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".phhs":
            entries: list[object] = list(phh.read(path))
        elif winamax.is_winamax(text):
            entries = list(winamax.loads_each(text))
        else:
            entries = list(pokerstars.loads_each(text))
        found += [e for e in entries if isinstance(e, HandHistory)]
    return found


def test_hands_not_converted_are_named_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in"
    source.mkdir()
    rupees = LIMPED.replace("(10/20)", "(Rs. 10/Rs. 20 INR)").replace("(Play Money) ", "")
    omaha = LIMPED.replace("Hold'em No Limit", "Razz Limit").replace("#103", "#104")
    broken = LIMPED.replace("#103", "#105").replace("ann: bets 40", "ann: bets")
    (source / "mixed.txt").write_text("\n\n".join([rupees, omaha, broken]))
    (source / "notes.md").write_text("# my notes")
    target = tmp_path / "out"
    status, out, err = run(
        ["convert", str(source), "--to", "pokerstars", "--out", str(target)], capsys
    )
    assert status == 1
    assert out == [
        f"{source / 'mixed.txt'}: hand 103: not converted: currency 'INR' is not one"
        " PokerStars plays for: accepted $, €, £, USD, EUR, GBP",
        f"{source / 'mixed.txt'}: cannot read a hand: hand #105, line 62: 'bets' needs an amount",
        f"{source / 'notes.md'}: not recognised: it is not a hand history; bigblind reads"
        f" {ACCEPTED}",
        "1 hand read, 0 converted, 0 not reconciled, 1 hand not written, 1 hand unreadable,"
        " 1 hand of a game bigblind does not play, 1 file not recognised",
    ]
    assert "hand #104 is of Razz Limit, a game bigblind does not play" in err
    assert list(target.iterdir()) == []  # no hand of the file was written: no file


def test_missing_input_and_no_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["convert", str(tmp_path / "nowhere"), "--to", "phh"], capsys)
    assert (status, out) == (2, []) and "nowhere: no such file or folder" in err
    (tmp_path / "empty.phhs").write_text("")
    target = tmp_path / "out"
    status, out, err = run(
        ["convert", str(tmp_path / "empty.phhs"), "--to", "phh", "--out", str(target)], capsys
    )
    assert status == 2 and "the files hold no hand" in err


@pytest.mark.skipif(not HISTORIES.is_dir(), reason="the shared histories are absent")
def test_the_real_pokerstars_files_round_trip_through_phh(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    summary = convert_paths([HISTORIES / "pokerstars"], "phh", tmp_path, out, err)
    assert summary.line() == (
        "1786 hands read, 1786 converted, 0 not reconciled, 1 file not recognised"  # Omaha too
    )
    again = replay_paths([tmp_path], io.StringIO(), io.StringIO())
    assert again.line() == "1786 hands read, 1786 reconciled, 0 not reconciled"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.binary(max_size=300)
    | st.sampled_from([SIDE_POT_MUCK, CASH_DROP, WINAMAX])
    .flatmap(
        lambda text: st.tuples(st.just(text), st.integers(0, len(text)), st.binary(max_size=8))
    )
    .map(lambda t: (t[0][: t[1]] + t[0][t[1] + 3 :]).encode() + t[2])
)
def test_any_file_converts_or_is_said_not_to_in_one_line(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path_factory.mktemp("convert")
    (folder / "in.txt").write_bytes(data)
    status = main(["convert", str(folder / "in.txt"), "--to", "phh", "--out", str(folder / "o")])
    out, err = capsys.readouterr()
    assert status in (0, 1, 2) and "Traceback" not in out + err
    assert out.splitlines()[-1].endswith(
        ("reconciled", "written", "not recognised", "unreadable", "play", "passed over")
    )


def test_inputs_of_one_name_are_written_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two folders' hands.txt: the second is written as hands-2.txt, not over the first.
    for folder, number in (("a", "#201"), ("b", "#202")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "hands.txt").write_text(LIMPED.replace("#103", number))
    target = tmp_path / "out"
    status, out, _ = run(
        ["convert", str(tmp_path / "a"), str(tmp_path / "b"), "--to", "pokerstars",
         "--out", str(target)],
        capsys,
    )  # fmt: skip
    assert (status, out) == (0, ["2 hands read, 2 converted, 0 not reconciled"])
    assert sorted(p.name for p in target.iterdir()) == ["hands-2.txt", "hands.txt"]
    assert "#201" in (target / "hands.txt").read_text()
    assert "#202" in (target / "hands-2.txt").read_text()


PARTY_SEAT_10 = """\
#Game No : 17600000002
***** Hand History for Game 17600000002 *****
$0.02/$0.05 USD NL Texas Hold'em - Friday, December 01, 13:35:03 CET 2017
Table Supersonic 3 (No DP),35560068 (Real Money)
Seat 1 is the button
Total number of players : 2/10
Seat 1: ann ( $5 USD )
Seat 10: bob ( $5 USD )
ann posts small blind [$0.02 USD].
bob posts big blind [$0.05 USD].
** Dealing down cards **
ann folds
bob doesn't show [ Ah, Kd ]high card Ace.
bob wins $0.04 USD
"""


@pytest.mark.parametrize("to", ["pokerstars", "ohh"])
def test_a_hand_at_seat_ten_of_a_table_of_unknown_size_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str
) -> None:
    (tmp_path / "party.txt").write_text(PARTY_SEAT_10)
    target = tmp_path / "out"
    status, out, _ = run(
        ["convert", str(tmp_path / "party.txt"), "--to", to, "--out", str(target)], capsys
    )
    assert (status, out) == (0, ["1 hand read, 1 converted, 0 not reconciled"])
    status, out, _ = run(["replay", str(target)], capsys)
    assert (status, out[-1]) == (0, "1 hand read, 1 reconciled, 0 not reconciled")
