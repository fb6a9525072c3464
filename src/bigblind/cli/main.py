"""The ``bigblind`` command: one module per subcommand, this one to run them.

A subcommand is a pair of functions, ``add_parser(subparsers)`` that declares
its arguments and ``run(args, out, err) -> int`` that runs it; listing the
first in :data:`_SUBCOMMANDS` is all it takes to add one. Only the module of the
command run is imported (all of them for ``bigblind --help``), so that a
command starts with what it needs. Ctrl-C stops any of them with one line
(exit status 130); a command that has partial results prints them first.

>>> main(["--version"])  # doctest: +ELLIPSIS
bigblind ...
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

import bigblind
from bigblind.cli.options import Subparsers
from bigblind.cli.progress import STOPPED

if TYPE_CHECKING:
    from bigblind.cli.replay import ReplaySummary, replay_paths

__all__ = ["ReplaySummary", "main", "replay_paths"]


def __getattr__(name: str) -> Any:
    """The replay names, kept here for callers of old, imported when first asked for."""
    if name in ("ReplaySummary", "replay_paths"):
        return getattr(importlib.import_module("bigblind.cli.replay"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    >>> main([])  # doctest: +ELLIPSIS
    usage: bigblind ...
    2
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(argv)
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


def _parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser of ``argv``'s command in full, the other commands by name alone (all in
    full when ``argv`` names none: ``bigblind --help``)."""
    parser = _Parser(prog="bigblind", description="Texas Hold'em exactly by the rules.")
    form = "compiled" if bigblind.__compiled__ else "pure Python"
    parser.add_argument(
        "--version", action="version", version=f"bigblind {bigblind.__version__} ({form})"
    )
    subparsers = cast(
        Subparsers, parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    )
    # The command is the first word that is no option (the options before it are
    # --help and --version alone).
    chosen = next((word for word in argv if not word.startswith("-")), None)
    known = chosen in {name for name, _, _ in _SUBCOMMANDS}
    # --version needs no command's options; --help and no command at all list them all.
    light = known or (chosen is None and "--version" in argv and not {"-h", "--help"} & {*argv})
    for name, module, function in _SUBCOMMANDS:
        if light and name != chosen:
            subparsers.add_parser(name)
            continue
        add: Callable[[Subparsers], None] = getattr(
            importlib.import_module(f"bigblind.cli.{module}"), function
        )
        add(subparsers)
    return parser


# One entry per subcommand: its name, and the module and function that declare it.
_SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    ("play", "play", "add_parser"),
    ("replay", "replay", "add_parser"),
    ("convert", "convert", "add_parser"),
    ("eval", "equity", "add_eval"),
    ("equity", "equity", "add_equity"),
    ("tournament", "tournament", "add_parser"),
    ("simulate", "simulate", "add_parser"),
    ("live", "live", "add_parser"),
    ("acpc", "acpc", "add_parser"),
    ("serve", "serve", "add_parser"),
    ("track", "track", "add_parser"),
    ("solve", "solve", "add_parser"),
)


if __name__ == "__main__":
    raise SystemExit(main())
