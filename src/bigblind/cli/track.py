"""``bigblind track``: a database of one's hands, their statistics, graphs and leaks.

``bigblind track import PATH...`` stores the hands of every history
``bigblind replay`` reads (each once; a file that grew is read from where it
stopped; ``--watch`` follows folders as a site writes to them);
``bigblind track stats`` prints the statistics (``--json`` for programs),
``graph`` draws the winnings and ``leaks`` compares the statistics with a
winning player's. Every subcommand takes ``--database URL`` (any SQLAlchemy
URL; an SQLite file in the user's data directory by default).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TextIO

from bigblind.cli.options import Subparsers, count
from bigblind.cli.progress import STOPPED, Progress
from bigblind.cli.track_database import add_database, open_database

__all__ = ["add_parser", "history_reader", "run_import"]

_WATCH_EVERY = 2.0  # seconds between looks at a watched folder


def add_parser(subparsers: Subparsers) -> None:
    """Declare ``bigblind track`` and its subcommands."""
    command = subparsers.add_parser(
        "track",
        help="a database of your hands: import histories, see statistics, graphs and leaks",
        description=__doc__.split("\n\n")[1].replace("``", "'") if __doc__ else None,
    )
    inner = command.add_subparsers(title="subcommands", dest="track", metavar="SUBCOMMAND")
    imp = inner.add_parser(
        "import",
        help="store the hands of history files or folders",
        description=(
            "Store each hand of the files (folders are searched recursively) once: a hand"
            " already stored is passed over, a file that grew is read from where it stopped."
        ),
    )
    imp.add_argument("paths", nargs="+", metavar="PATH", help="a history file or a folder")
    imp.add_argument(
        "--watch", action="store_true", help="keep importing what the files gain (Ctrl-C stops)"
    )
    imp.add_argument(
        "--jobs",
        type=count("jobs", 1, 64),
        default=1,
        help="read the files in this many processes (default 1)",
    )
    add_database(imp)
    imp.set_defaults(run=run_import)
    from bigblind.cli.track_stats import add_stats
    from bigblind.cli.track_views import add_graph, add_leaks

    add_stats(inner)
    add_graph(inner)
    add_leaks(inner)
    command.set_defaults(run=_no_subcommand(command))


def _no_subcommand(command: argparse.ArgumentParser) -> object:
    def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
        command.print_help(out)
        return 2

    return run


def history_reader(text: str) -> Sequence[object]:
    """Each hand of a history text, as ``bigblind replay`` reads it; raises
    :class:`~bigblind.tracker.importer.NotAHistory` for other text."""
    from bigblind.cli.replay import not_recognised, site_entries
    from bigblind.formats.phh import parse_each
    from bigblind.tracker.importer import NotAHistory

    entries = site_entries(text)
    if entries is not None:
        return entries
    why = not_recognised(Path("history.txt"), text)
    if why is not None:
        raise NotAHistory(why)
    try:
        return parse_each(text)
    except ValueError as error:
        raise NotAHistory(f"not a PHH file: {str(error).splitlines()[0]}") from None


def run_import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind track import PATH...``: 0 when every file and hand was read, 1 if not,
    2 when nothing could be."""
    from bigblind.cli.replay import files_under
    from bigblind.tracker.database import DatabaseError
    from bigblind.tracker.importer import ImportSummary, import_files

    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"bigblind track import: {path}: no such file or folder", file=err)
    if missing:
        return 2
    db = open_database(args, err)
    if db is None:
        return 2
    summary = ImportSummary()
    shown = 0
    try:
        while True:
            files = list(files_under(paths))
            with Progress(err, "files", total=len(files), quiet=len(files) < 5) as bar:
                import_files(db, files, history_reader, summary, jobs=args.jobs, done=bar.update)
            for line in summary.problems[shown:]:
                print(line, file=out)
            shown = len(summary.problems)
            if not args.watch:
                break
            print(f"{datetime.now():%H:%M:%S} {summary.line()}", file=out, flush=True)
            time.sleep(_WATCH_EVERY)
    except DatabaseError as error:
        print(summary.line(), file=out)
        print(f"bigblind track import: {error}", file=err)
        return 1
    except KeyboardInterrupt:
        print(summary.line(), file=out)
        if args.watch:
            return 0  # Ctrl-C is how a watch ends
        print(f"bigblind track import: {STOPPED}", file=err)
        return 130
    finally:
        db.close()
    print(summary.line(), file=out)
    read_all = not (summary.unreadable or summary.files_not_recognised or summary.files_unreadable)
    if summary.files_read == 0 and summary.files_unchanged == 0:
        return 2
    return 0 if read_all else 1
