"""The ``bigblind`` command line: ``replay`` and ``--version``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import bigblind
from bigblind.cli.main import main
from bigblind.cli.replay import ACCEPTED

HAND = """
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
finishing_stacks = {finishing}
"""

GOOD = HAND.format(finishing="[99, 98, 103]")
MISMATCHED = HAND.format(finishing="[99, 97, 104]")
SKIPPED = 'variant = "F7S"\nactions = []\n'
BROKEN = HAND.format(finishing="[99, 98, 103]").replace('"p2 f"', '"p2 cbr 7"')


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_replay_reports_mismatches_and_skips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, {"good.phh": GOOD, "sub/mismatched.phh": MISMATCHED, "skip.phh": SKIPPED})
    (tmp_path / "notes.txt").write_text("not a hand history")
    (tmp_path / ".hidden").write_text("passed over: a hidden file")
    status = main(["replay", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 1
    lines = out.splitlines()
    # Every file of the folder is counted: a file that is no history is not passed over.
    assert lines == [
        f"{tmp_path / 'notes.txt'}: not recognised: it is not a hand history; bigblind reads"
        f" {ACCEPTED}",
        f"{tmp_path / 'sub/mismatched.phh'}: hand 1: final stacks differ:"
        " p2 97 in the file, 98 replayed; p3 104 in the file, 103 replayed",
        "2 hands read, 1 reconciled, 1 not reconciled,"
        " 1 hand of a game bigblind does not play, 1 file not recognised",
    ]
    assert err.splitlines() == [
        f"{tmp_path / 'skip.phh'}: hand 1: skipped: variant 'F7S' (fixed-limit seven card stud)"
        " is not played by bigblind, which plays NT, FT, PO, FO/8, NS, P5O, P6O, PO/8"
    ]


def test_replay_all_good_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, {"a.phh": GOOD, "b.phh": SKIPPED})
    session = tmp_path / "session.phhs"
    session.write_text(f"[1]\n{GOOD}\n[2]\n{GOOD}")
    status = main(["replay", str(tmp_path / "a.phh"), str(session), str(tmp_path / "b.phh")])
    out, _ = capsys.readouterr()
    assert status == 0
    assert (
        out
        == "3 hands read, 3 reconciled, 0 not reconciled, 1 hand of a game bigblind does not play\n"
    )


def test_replay_failures_name_the_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = tmp_path / "s.phhs"
    session.write_text(f"[1]\n{GOOD}\n[2]\n{BROKEN}\n[3]\nvariant = 'NT'\nactions = []\n")
    (tmp_path / "bad.phh").write_text("variant = [")
    status = main(["replay", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert status == 1
    assert out.splitlines() == [
        f"{tmp_path / 'bad.phh'}: cannot read: not a PHH file: invalid TOML:"
        " Invalid value (at end of document)",
        f"{session}: hand 2: actions[5] 'p2 cbr 7': p2 cannot raise to 7:"
        " the minimum raise is to 10 and the maximum is 100",
        f"{session}: hand 3: missing field 'starting_stacks' (one amount per player)",
        # The hand without stacks is not read: counted apart from those that do not replay.
        "2 hands read, 1 reconciled, 1 not reconciled, 1 hand unreadable, 1 file unreadable",
    ]


def test_replay_unfinished_hand_with_finishing_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, {"short.phh": GOOD.replace(', "p2 f"', "")})
    assert main(["replay", str(tmp_path)]) == 1
    out, _ = capsys.readouterr()
    assert "hand 1: the hand is not over after the last action (it awaits action)" in out
    assert out.endswith("1 hand read, 0 reconciled, 1 not reconciled\n")


def test_replay_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    assert main(["replay", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"bigblind replay: {missing}: no such file or folder\n"


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith(f"bigblind {bigblind.__version__}")
    assert main([]) == 2
    assert "replay" in capsys.readouterr().out
    assert main(["replay"]) == 2  # PATH is required
    assert "the following arguments are required: PATH" in capsys.readouterr().err


def test_replay_leaves_out_a_last_hand_cut_short_while_saving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Session files are appended hand by hand so that a crash loses at most the hand being
    # written: replay reads the whole hands of such a file and says the last one is lost.
    from bigblind import Deck, Hand, Rules
    from bigblind.formats.phh import append

    session = tmp_path / "play.phhs"
    for number in (1, 2):
        hand = Hand(Rules.no_limit(blinds=(1, 2)), [50, 50], deck=Deck.shuffled(number))
        hand.fold()
        append(session, hand, number=number, players=["ann", "bob"])
    text = session.read_text()
    second = text.index("[2]")
    cut = tmp_path / "cut.phhs"
    ends = [
        text.index("blinds_or", second) + 3,  # inside a key
        text.index("[50, 50]", second) + 4,  # inside an array
        text.index('"d dh p2', second) + 5,  # inside a string
    ]
    for end in ends:
        cut.write_text(text[:end])
        assert main(["replay", str(cut)]) == 0, text[:end]
        out, err = capsys.readouterr()
        assert out == "1 hand read, 1 reconciled, 0 not reconciled\n"
        assert err == f"{cut}: the last hand was cut short while being saved: left out\n"
    # Damage before the last hand is no crash: the file stays unreadable.
    cut.write_text(text[: second - 30] + text[second:])
    assert main(["replay", str(cut)]) == 2
    out, _ = capsys.readouterr()
    assert f"{cut}: cannot read: not a PHH file" in out


@pytest.mark.parametrize(
    ("argv", "absent"),
    [
        (["eval", "As", "Ks", "Qs", "Js", "Ts"], ["bigblind.room", "bigblind.ui", "bigblind.bots"]),
        (["equity", "AcAd", "KhKs"], ["bigblind.room", "bigblind.ui", "bigblind.formats"]),
        (["--version"], ["bigblind.cli.play", "bigblind.cli.serve", "bigblind.formats"]),
    ],
)
def test_a_command_imports_only_what_it_needs(argv: list[str], absent: list[str]) -> None:
    # Before: every subcommand's module and what it imports (83 modules for `equity`).
    code = (
        "import sys, io, contextlib\n"
        "from bigblind.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('bigblind', 'textual',"
        " 'fastapi', 'sqlalchemy')))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = done.stdout.split()
    for package in [*absent, "textual", "fastapi", "sqlalchemy"]:
        assert not [m for m in loaded if m == package or m.startswith(package + ".")], package


def test_help_lists_every_command_with_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("play", "replay", "convert", "eval", "equity", "tournament", "simulate"):
        assert f"    {command}" in out
    assert "value a hand of 5 to 7 cards" in out and "all-in equity" in out
