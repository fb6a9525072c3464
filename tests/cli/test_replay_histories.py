"""``bigblind replay`` on the histories players have: every hand counted once, as what it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigblind.cli.main import main
from bigblind.cli.replay import ACCEPTED

ACCEPTS = f"bigblind reads {ACCEPTED}"
WHEN = "2021/07/30 10:52:27 ET"
HAND = """\
PokerStars {kind}#{number}:  {game} ($0.01/$0.02 USD) - 2021/07/30 10:52:27 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: ann ($2 in chips)
Seat 2: bob ($1.50 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
ann: raises $0.04 to $0.06
bob: {answer}
Uncalled bet ($0.04) returned to ann
ann collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
Seat 1: ann (button) (small blind) collected ($0.04)
Seat 2: bob (big blind) folded before Flop

"""


def hand(
    number: int, *, kind: str = "Hand ", game: str = "Hold'em No Limit", answer: str = "folds"
) -> str:
    return HAND.format(kind=kind, number=number, game=game, answer=answer)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], list[str]]:
    status = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out.splitlines(), err.splitlines()


def test_a_zoom_file_is_read_as_pokerstars_never_as_phh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "zoom.txt"
    path.write_text(hand(1, kind="Zoom Hand ") + hand(2, kind="Zoom Hand "), encoding="utf-8")
    status, out, _ = run(["replay", str(path)], capsys)
    assert (status, out) == (0, ["2 hands read, 2 reconciled, 0 not reconciled"])


def test_every_hand_and_file_of_a_folder_is_counted_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "old.txt").write_text(hand(1, kind="Game "), encoding="utf-16")
    (tmp_path / "mixed.txt").write_text(
        hand(2)
        + hand(3, game="Razz Limit")
        + hand(4, answer="calls")  # 'calls' with no amount: that hand alone is lost
        + hand(5, answer="raises $0.06 to $0.12")  # and then? the hand is not over
        + hand(6),
        encoding="cp1252",
    )
    (tmp_path / "session.xml").write_text('<?xml version="1.0"?>\n<session sessioncode="1">')
    status, out, err = run(["replay", str(tmp_path)], capsys)
    assert status == 1
    assert out == [
        f"{tmp_path / 'mixed.txt'}: cannot read a hand: hand #4, line 41: 'calls' needs an amount",
        f"{tmp_path / 'mixed.txt'}: line 49: hand #5: the hand is not over after the file's"
        " last line (it awaits action)",
        f"{tmp_path / 'session.xml'}: not recognised: it looks like iPoker or partypoker XML"
        f" hand histories; {ACCEPTS}",
        "4 hands read, 3 reconciled, 1 not reconciled, 1 hand unreadable,"
        " 1 hand of a game bigblind does not play, 1 file not recognised",
    ]
    # RULES 11.4: the hand of another game is passed over, and said to be.
    assert err == [
        f"{tmp_path / 'mixed.txt'}: line 17: passed over: hand #3 is of Razz Limit,"
        " a game bigblind does not play (of PokerStars' games it reads Hold'em, 6+ Hold'em"
        " and Omaha with 4, 5 or 6 cards or Hi/Lo, in no limit, pot limit and limit)"
    ]


def test_strict_holds_the_site_to_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = hand(1).replace("ann collected", "ann: shows [Ah Kd]\nann collected")
    path = tmp_path / "shown.txt"
    path.write_text(shown)
    assert run(["replay", str(path)], capsys)[0] == 0  # as recorded: a show changes nothing
    status, out, _ = run(["replay", "--strict", str(path)], capsys)
    assert status == 1
    assert out[0] == (
        f"{path}: line 1: hand #1: line 11: 'ann: sm AhKd': cannot show: the hand is over"
    )


def test_show_prints_a_pokerstars_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.txt"
    path.write_text(hand(7))
    status, out, _ = run(["replay", "--show", str(path)], capsys)
    assert status == 0 and f"── {path}: line 1: hand #7" in out
    assert "   ann raises to 6" in out


def test_notes_that_speak_of_xml_histories_are_not_counted_as_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A README quoting iPoker's or partypoker's markup is no history: never a hand.
    notes = tmp_path / "README.md"
    notes.write_text(
        "iPoker sessions look like `<session><game gamecode=1>`,\npartypoker's like `<pokerxml>`.\n"
    )
    status, out, _ = run(["replay", str(notes)], capsys)
    assert status == 2
    assert out[-1] == "0 hands read, 0 reconciled, 0 not reconciled, 1 file not recognised"
