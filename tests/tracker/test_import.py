"""Importing histories: each hand stored once, a growing file read from where it stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from bigblind.cli.track import history_reader
from bigblind.tracker.database import Database
from bigblind.tracker.importer import ImportSummary, import_file
from tests.tracker.hands import (
    c_bet_raised,
    limped_to_showdown,
    pokerstars_hand,
    steal_and_three_bet,
)

PLAYS = [steal_and_three_bet, c_bet_raised, limped_to_showdown]


def session(count: int, first: int = 1) -> str:
    return (
        "\n\n".join(pokerstars_hand(PLAYS[i % 3], number=first + i) for i in range(count)) + "\n\n"
    )


def imported(db: Database, path: Path) -> ImportSummary:
    summary = ImportSummary()
    import_file(db, path, history_reader, summary)
    return summary


def rows(db: Database) -> list[tuple[object, ...]]:
    from sqlalchemy import select

    from bigblind.tracker.schema import player_hands

    with db.engine.connect() as connection:
        query = select(player_hands).order_by(player_hands.c.hand_id, player_hands.c.seat)
        return [tuple(row) for row in connection.execute(query)]


def test_a_file_imported_twice_is_stored_once(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text(session(6))
    db = Database("sqlite://")
    first = imported(db, path)
    assert (first.stored, first.present, first.files_read) == (6, 0, 1)
    again = imported(db, path)
    assert (again.stored, again.present, again.files_unchanged) == (0, 0, 1)
    copy = tmp_path / "copy.txt"  # the same hands in another file: known by their keys
    copy.write_text(session(6))
    third = imported(db, copy)
    assert (third.stored, third.present) == (0, 6)
    assert db.hand_count() == 6


def test_a_growing_file_imported_in_pieces_equals_the_whole(tmp_path: Path) -> None:
    whole = session(9)
    at = [0, len(session(2)), len(session(5)) + 40, len(whole)]  # one cut inside a hand
    grown = tmp_path / "grown.txt"
    db = Database("sqlite://")
    pieces = ImportSummary()
    for end in at[1:]:
        grown.write_text(whole[:end])
        import_file(db, grown, history_reader, pieces)
    assert pieces.stored == 9 and pieces.unreadable == 0
    assert pieces.present == 0  # each hand read once: the cut one when it was whole
    one = tmp_path / "one.txt"
    one.write_text(whole)
    at_once = Database("sqlite://")
    assert imported(at_once, one).stored == 9
    assert rows(db) == rows(at_once)


def test_a_cut_last_hand_waits_and_a_changed_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    whole = session(3)
    path.write_text(whole[: len(session(2)) + 60])
    db = Database("sqlite://")
    cut = imported(db, path)
    assert (cut.stored, cut.pending, cut.unreadable) == (2, 1, 0)
    path.write_text(session(2, first=50))  # rewritten, not grown: read whole
    rewritten = imported(db, path)
    assert (rewritten.stored, rewritten.present) == (2, 0)


def test_unreadable_hands_and_other_files_are_counted_with_their_reasons(
    tmp_path: Path,
) -> None:
    bad = session(2).replace("Table 'Alpha'", "Tabel 'Alpha'", 1)
    (tmp_path / "bad.txt").write_text(bad + session(1, first=9))
    (tmp_path / "notes.txt").write_text("just notes\n")
    db = Database("sqlite://")
    summary = ImportSummary()
    for path in sorted(tmp_path.iterdir()):
        import_file(db, path, history_reader, summary)
    assert (summary.stored, summary.unreadable, summary.files_not_recognised) == (2, 1, 1)
    assert any("bad.txt: line 1: hand #1, line 2" in line for line in summary.problems)
    assert any("notes.txt: not recognised" in line for line in summary.problems)


def test_other_games_are_counted_apart(tmp_path: Path) -> None:
    razz = session(1).replace("Hold'em No Limit", "Razz Limit")
    (tmp_path / "razz.txt").write_text(razz + session(1, first=5))
    summary = imported(Database("sqlite://"), tmp_path / "razz.txt")
    assert (summary.stored, summary.other_games) == (1, 1)


def test_a_database_url_that_cannot_be_used_is_named() -> None:
    from bigblind.tracker.database import DatabaseError

    with pytest.raises(DatabaseError, match="nosuch://x"):
        Database("nosuch://x")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_same_hands_in_sqlite_and_postgresql(kind: str, tmp_path: Path) -> None:
    from tests.room.clients import database_url

    path = tmp_path / "a.txt"
    path.write_text(session(6))
    reference = Database("sqlite://")
    imported(reference, path)
    with database_url(kind, tmp_path) as url:
        db = Database(url)
        try:
            assert imported(db, path).stored == 6
            assert imported(db, path).files_unchanged == 1
            assert Database(url).hand_count() == 6  # opened again: migrated once
            assert rows(db) == rows(reference)
            from bigblind.tracker.stats import Filters, stats

            for split in (None, "position"):
                assert stats(db, Filters(), by=split) == stats(reference, Filters(), by=split)
        finally:
            db.close()


def test_files_read_in_worker_processes_store_what_one_process_does(tmp_path: Path) -> None:
    from bigblind.tracker.importer import import_files

    folder = tmp_path / "hh"
    folder.mkdir()
    for k in range(4):
        (folder / f"{k}.txt").write_text(session(5, first=1 + 10 * k))
    (folder / "again.txt").write_text(session(5, first=1))  # hands of 0.txt again
    files = sorted(folder.iterdir())
    results = []
    for jobs in (1, 2):
        db = Database("sqlite://")
        summary = ImportSummary()
        seen: list[int] = []
        import_files(db, files, history_reader, summary, jobs=jobs, done=seen.append)
        assert (summary.stored, summary.present, summary.files_read) == (20, 5, 5)
        assert seen == [1, 2, 3, 4, 5]
        results.append(rows(db))
    assert results[0] == results[1]


def test_a_bad_hand_in_a_grown_part_is_named_by_its_line_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    first = session(2)
    path.write_text(first)
    db = Database("sqlite://")
    imported(db, path)
    bad = session(1, first=7).replace("Table 'Alpha'", "Tabel 'Alpha'", 1)
    path.write_text(first + bad + session(1, first=8))
    grown = imported(db, path)
    assert (grown.stored, grown.unreadable) == (1, 1)
    line = len(first.splitlines()) + 1  # the bad hand's first line in the whole file
    assert any(f"a.txt: line {line}:" in problem for problem in grown.problems)


def test_a_database_that_refuses_the_hands_says_so(tmp_path: Path) -> None:
    from sqlalchemy import text

    from bigblind.tracker.database import DatabaseError

    path = tmp_path / "a.txt"
    path.write_text(session(2))
    db = Database(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with db.engine.begin() as connection:
        connection.execute(text("DROP TABLE tracker_player_hands"))
    with pytest.raises(DatabaseError, match="cannot store hands in sqlite:///"):
        imported(db, path)


def test_a_bad_last_hand_of_an_old_file_is_unreadable_not_pending(tmp_path: Path) -> None:
    import os
    import time

    path = tmp_path / "old.txt"
    path.write_text(session(3)[: len(session(2)) + 60])
    an_hour_ago = time.time() - 3600  # no site writes to it any more
    os.utime(path, (an_hour_ago, an_hour_ago))
    summary = imported(Database("sqlite://"), path)
    assert (summary.stored, summary.pending, summary.unreadable) == (2, 0, 1)
