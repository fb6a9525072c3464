"""The ``bigblind`` command: one module per subcommand, this one to run them.

A subcommand is a pair of functions, ``add_parser(subparsers)`` that declares
its arguments and ``run(args, out, err) -> int`` that runs it; listing the
first in :data:`_SUBCOMMANDS` is all it takes to add one. Ctrl-C stops any of
them with one line (exit status 130); a command that has partial results
prints them first.

>>> main(["--version"])  # doctest: +ELLIPSIS
bigblind ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO, cast

import bigblind
from bigblind.cli import acpc, equity, live, play, replay, serve, simulate, tournament
from bigblind.cli.options import Subparsers
from bigblind.cli.progress import STOPPED
from bigblind.cli.replay import ReplaySummary, replay_paths

__all__ = ["ReplaySummary", "main", "replay_paths"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    >>> main([])  # doctest: +ELLIPSIS
    usage: bigblind ...
    2
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and usage errors
        return stop.code if isinstance(stop.code, int) else 1 if stop.code else 0
    except KeyboardInterrupt:
        print(f"bigblind: {STOPPED}", file=sys.stderr)
        return 130
    run: Callable[[argparse.Namespace, TextIO, TextIO], int] | None = getattr(args, "run", None)
    if run is None:
        parser.print_help(sys.stdout)
        return 2
    try:
        return run(args, sys.stdout, sys.stderr)
    except KeyboardInterrupt:
        print(f"\nbigblind {args.command}: {STOPPED}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`bigblind ... | head`): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


class _Parser(argparse.ArgumentParser):
    """argparse's parser whose usage errors are one line that says where the help is."""

    def error(self, message: str) -> NoReturn:
        """Print ``prog: message`` and how to see the options, then exit with status 2."""
        self.exit(2, f"{self.prog}: {message} (`{self.prog} --help` lists the options)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="bigblind", description="Texas Hold'em exactly by the rules.")
    form = "compiled" if bigblind.__compiled__ else "pure Python"
    parser.add_argument(
        "--version", action="version", version=f"bigblind {bigblind.__version__} ({form})"
    )
    subparsers = cast(
        Subparsers, parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    )
    for add in _SUBCOMMANDS:
        add(subparsers)
    return parser


# One entry per subcommand: the function that declares it.
_SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    play.add_parser,
    replay.add_parser,
    equity.add_eval,
    equity.add_equity,
    tournament.add_parser,
    simulate.add_parser,
    live.add_parser,
    acpc.add_parser,
    serve.add_parser,
)


if __name__ == "__main__":
    raise SystemExit(main())
