"""The tracker's import and query speed: generated PokerStars histories into SQLite
(and PostgreSQL), then one player's full statistics.

``--played`` hands are played by bigblind's bots (tag, station and strong,
six players, 1/2 cents, 100 big blinds each hand) on the engine and written as
PokerStars writes them (:func:`bigblind.formats.pokerstars.dumps`); the
``--hands`` written are those hands again under new hand numbers and table
names, so that a million hands are written in seconds, and each is a new hand
to the database. The files are imported with ``bigblind track import``'s
code, timed from reading the files to the last commit (hands per second), and
``bigblind track stats --player`` is timed for the busiest player.

The anchor: fpdb (the open-source tracker) is not on the package index
(``fpdb`` there is an unrelated debugger), so it cannot be run beside; no
published import speed of PokerTracker 4 or Hold'em Manager 3 was found. The
goal set for bigblind is 20,000 hands/s into SQLite and one player's
statistics over a million hands within a second; the ratios printed are to
those goals.

    python benchmarks/tracker.py                      # 20,000 hands
    python benchmarks/tracker.py --hands 1000000 --json
    BIGBLIND_TEST_POSTGRES_URL=postgresql+psycopg://postgres@127.0.0.1:5432/test \\
        python benchmarks/tracker.py
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bigblind import Deck, Hand, Rules
from bigblind.bots.base import make_bot
from bigblind.cli.track import history_reader
from bigblind.formats.pokerstars import dumps
from bigblind.tracker.database import Database
from bigblind.tracker.importer import ImportSummary, import_files
from bigblind.tracker.stats import Filters, stats

GOAL_IMPORT = 20_000.0  # hands/s into SQLite
GOAL_STATS = 1.0  # seconds for one player's statistics over a million hands
BOTS = ["tag", "station", "strong", "tag", "station", "tag"]
NAMES = ["hero", "ann", "bob", "cat", "dan", "eve"]
HANDS_A_FILE = 5_000
_NUMBER = re.compile(r"^PokerStars Hand #(\d+):", re.MULTILINE)


def played(count: int, seed: int) -> list[str]:
    """``count`` hands played by the bots, each as PokerStars text."""
    texts = []
    start = datetime(2026, 12, 1, 9, 0)
    for number in range(count):
        bots = {i: make_bot(name, seed + 7 * number + i) for i, name in enumerate(BOTS)}
        shift = number % 6  # the button moves: each player sits in every position
        names = NAMES[shift:] + NAMES[:shift]
        hand = Hand(
            Rules.no_limit(blinds=(1, 2)),
            [200] * 6,
            button=5,
            deck=Deck.shuffled(seed=seed + number),
        )
        while hand.actor is not None:
            seat = hand.actor
            hand.act(bots[seat].act(hand.view(seat)))
        texts.append(
            dumps(
                hand,
                hand_id=number + 1,
                table="Alpha",
                players=names,
                when=start + timedelta(seconds=30 * number),
                max_seats=6,
                currency="USD",
            )
        )
    return texts


def write_files(folder: Path, texts: list[str], hands: int) -> list[Path]:
    """``hands`` hands from ``texts`` again and again under new numbers, in files."""
    files: list[Path] = []
    chunk: list[str] = []
    for n in range(hands):
        text = texts[n % len(texts)]
        chunk.append(_NUMBER.sub(f"PokerStars Hand #{1_000_000 + n}:", text, count=1))
        if len(chunk) == HANDS_A_FILE or n == hands - 1:
            path = folder / f"HH{len(files):05d} Alpha - $0.01-$0.02 - USD No Limit Hold'em.txt"
            path.write_text("\n\n".join(chunk) + "\n\n", encoding="utf-8")
            files.append(path)
            chunk = []
    return files


def reader_alone(files: list[Path]) -> float:
    """Hands per second that the history reader alone reads from ``files``."""
    from bigblind.formats.encoding import decode

    texts = [decode(path.read_bytes()) for path in files]
    began = time.perf_counter()
    hands = sum(len(history_reader(text)) for text in texts)
    return hands / (time.perf_counter() - began)


def timed_import(url: str, files: list[Path], jobs: int) -> dict[str, Any]:
    """Import ``files`` into a fresh database at ``url``; the figures."""
    db = Database(url)
    summary = ImportSummary()
    began = time.perf_counter()
    import_files(db, files, history_reader, summary, jobs=jobs)
    seconds = time.perf_counter() - began
    again = time.perf_counter()
    import_files(db, files, history_reader, ImportSummary(), jobs=jobs)
    unchanged = time.perf_counter() - again
    began = time.perf_counter()
    found = stats(db, Filters(player="hero"))["all"]
    query = time.perf_counter() - began
    db.close()
    return {
        "hands_stored": summary.stored,
        "unreadable": summary.unreadable,
        "import_seconds": seconds,
        "hands_per_second": summary.stored / seconds,
        "reimport_seconds": unchanged,
        "stats_hands": found.hands,
        "stats_seconds": query,
        "vpip": found.ratios["vpip"].percent,
        "bb_per_100": found.bb_per_100,
    }


def postgres_url() -> tuple[str, Any] | None:
    """A fresh schema on the PostgreSQL of ``BIGBLIND_TEST_POSTGRES_URL``, or None."""
    base = os.environ.get("BIGBLIND_TEST_POSTGRES_URL")
    if not base:
        return None
    from sqlalchemy import create_engine, text

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}options=-csearch_path%3D{schema}", (admin, schema)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20_000, help="hands written and imported")
    parser.add_argument("--played", type=int, default=1_000, help="distinct hands played")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes reading the files")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.hands <= 10_000_000 or not 1 <= args.played <= 100_000:
        parser.error("--hands is 1 to 10,000,000 and --played 1 to 100,000")
    if not 1 <= args.jobs <= 64:
        parser.error("--jobs is 1 to 64")
    began = time.perf_counter()
    texts = played(min(args.played, args.hands), args.seed)
    play_seconds = time.perf_counter() - began
    results: dict[str, Any] = {"hands": args.hands, "played": len(texts), "jobs": args.jobs}
    results["play_hands_per_second"] = len(texts) / play_seconds
    with tempfile.TemporaryDirectory() as folder:
        files = write_files(Path(folder), texts, args.hands)
        results["sqlite"] = timed_import(
            f"sqlite:///{Path(folder) / 'tracker.sqlite3'}", files, args.jobs
        )
        results["reader_hands_per_second"] = reader_alone(files)
        pg = postgres_url()
        if pg is not None:
            url, (admin, schema) = pg
            try:
                results["postgresql"] = timed_import(url, files, args.jobs)
            finally:
                from sqlalchemy import text

                with admin.begin() as connection:
                    connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
                admin.dispose()
    sqlite = results["sqlite"]
    results["import_vs_goal"] = sqlite["hands_per_second"] / GOAL_IMPORT
    # The goal is for a million hands: scaled to the hands measured.
    results["stats_vs_goal"] = (GOAL_STATS * sqlite["stats_hands"] / 1e6) / sqlite["stats_seconds"]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{len(texts):,} hands played by bots ({results['play_hands_per_second']:,.0f}/s),")
    print(f"{args.hands:,} written as PokerStars text in {len(files)} files")
    for kind in ("sqlite", "postgresql"):
        if kind not in results:
            print(f"{kind}: skipped (set BIGBLIND_TEST_POSTGRES_URL)")
            continue
        r = results[kind]
        print(
            f"{kind}: {r['hands_stored']:,} hands in {r['import_seconds']:.2f} s,"
            f" {r['hands_per_second']:,.0f} hands/s; unchanged files passed over in"
            f" {r['reimport_seconds']:.2f} s; hero's statistics over {r['stats_hands']:,}"
            f" hands in {r['stats_seconds']:.3f} s"
        )
    print(f"the history reader alone: {results['reader_hands_per_second']:,.0f} hands/s")
    print(
        f"import speed / goal of {GOAL_IMPORT:,.0f} hands/s: {results['import_vs_goal']:.2f};"
        f" stats speed / goal of {GOAL_STATS:g} s a million hands: {results['stats_vs_goal']:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
