"""The ``bigblind`` command: one function per subcommand.

A subcommand is a pair of functions, ``_add_NAME(subparsers)`` that declares
its arguments and ``run_NAME(args, out, err) -> int`` that runs it; listing
the first in :data:`_SUBCOMMANDS` is all it takes to add one.

>>> main(["--version"])  # doctest: +ELLIPSIS
bigblind ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import bigblind
from bigblind.cli import live, play, serve, simulate, tournament
from bigblind.cli.options import Subparsers
from bigblind.errors import HistoryError
from bigblind.formats.phh import UnsupportedVariantError, parse_each, replay, stacks_match

__all__ = ["ReplaySummary", "main", "replay_paths", "run_equity", "run_eval", "run_replay"]

PHH_SUFFIXES = (".phh", ".phhs")


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
    run: Callable[[argparse.Namespace, TextIO, TextIO], int] | None = getattr(args, "run", None)
    if run is None:
        parser.print_help(sys.stdout)
        return 2
    try:
        return run(args, sys.stdout, sys.stderr)
    except BrokenPipeError:
        # The reader went away (`bigblind ... | head`): stop quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bigblind", description="Texas Hold'em exactly by the rules."
    )
    parser.add_argument("--version", action="version", version=f"bigblind {bigblind.__version__}")
    subparsers = parser.add_subparsers(title="commands")
    for add in _SUBCOMMANDS:
        add(subparsers)
    return parser


# ------------------------------------------------------------------- replay


def _add_replay(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "replay",
        help="replay PHH hand histories and check their final stacks",
        description=(
            "Replay every hand of the given .phh and .phhs files (folders are searched"
            " recursively) and compare the final stacks with finishing_stacks. Prints one"
            " line per hand that fails or mismatches, then a summary; hands of other"
            " variants than NT and FT are skipped (listed on stderr). Exits 0 only when"
            " every hand replayed and matched."
        ),
    )
    command.add_argument("paths", nargs="+", metavar="PATH", help="a PHH file or a folder")
    command.set_defaults(run=run_replay)


@dataclass(slots=True)
class ReplaySummary:
    """Counts of a replay run: ``mismatched`` includes the hands that failed."""

    replayed: int = 0
    mismatched: int = 0
    skipped: int = 0

    def line(self) -> str:
        """The summary line: ``N hands replayed, M mismatched, K skipped``."""
        return (
            f"{self.replayed} hands replayed, {self.mismatched} mismatched, {self.skipped} skipped"
        )


def run_replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind replay PATH...``: 0 when every hand matched, 1 if not, 2 for a missing path."""
    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    for path in missing:
        print(f"bigblind replay: {path}: no such file or folder", file=err)
    if missing:
        return 2
    summary = replay_paths(paths, out, err)
    print(summary.line(), file=out)
    return 0 if summary.mismatched == 0 else 1


def replay_paths(paths: Sequence[Path], out: TextIO, err: TextIO) -> ReplaySummary:
    """Replay every hand under ``paths``: problems on ``out``, skipped hands on ``err``."""
    summary = ReplaySummary()
    for file in _phh_files(paths):
        try:
            text = file.read_text(encoding="utf-8-sig")
            items = parse_each(text)
        except (OSError, UnicodeDecodeError, HistoryError) as error:
            summary.replayed += 1
            summary.mismatched += 1
            print(f"{file}: cannot read: {_reason(error)}", file=out)
            continue
        for index, item in enumerate(items, start=1):
            if isinstance(item, HistoryError):
                summary.replayed += 1
                summary.mismatched += 1
                print(f"{file}: {item}", file=out)
                continue
            label = f"{file}: hand {item.number if item.number is not None else index}"
            if not item.supported:
                summary.skipped += 1
                print(f"{label}: skipped: {UnsupportedVariantError(item.variant)}", file=err)
                continue
            summary.replayed += 1
            try:
                hand = replay(item)
            except HistoryError as error:
                summary.mismatched += 1
                print(f"{label}: {error}", file=out)
                continue
            expected = item.finishing_stacks
            if expected is None:
                continue
            if hand.result is None:
                summary.mismatched += 1
                print(
                    f"{label}: the hand is not over after the last action (it awaits"
                    f" {hand.awaiting}); expected stacks {_stacks(expected)}",
                    file=out,
                )
            elif not stacks_match(expected, hand.result.stacks):
                summary.mismatched += 1
                print(
                    f"{label}: expected stacks {_stacks(expected)},"
                    f" got {_stacks(hand.result.stacks)}",
                    file=out,
                )
    return summary


def _phh_files(paths: Sequence[Path]) -> Iterator[Path]:
    """The PHH files named or found (recursively, in name order) under the folders named."""
    for path in paths:
        if path.is_dir():
            found = (p for p in path.rglob("*") if p.suffix in PHH_SUFFIXES and p.is_file())
            yield from sorted(found)
        else:
            yield path


def _reason(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8 text ({error.reason})"
    return str(error)


def _stacks(stacks: Sequence[float]) -> str:
    return "[" + ", ".join(map(str, stacks)) + "]"


# --------------------------------------------------------------------- eval


def _add_eval(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "eval",
        help="value a hand of 5 to 7 cards",
        description=(
            "Print the best five-card hand of 5, 6 or 7 cards in words, its value"
            " (1 to 7462, higher wins, equal values split) and its five cards. Cards may"
            " be given apart (As Ks Qs Js Ts) or together (AsKsQsJsTs)."
        ),
    )
    command.add_argument("cards", nargs="+", metavar="CARD", help="cards such as As, Td or 10d")
    command.set_defaults(run=run_eval)


def run_eval(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind eval CARD...``: 0, or 2 for cards that cannot be read or evaluated.

    >>> import sys
    >>> run_eval(argparse.Namespace(cards=["As", "Ks", "Qs", "Js", "Ts"]), sys.stdout, sys.stderr)
    Royal flush (value 7462): As Ks Qs Js Ts
    0
    """
    from bigblind.cards import format_cards, parse_cards
    from bigblind.errors import CardError
    from bigblind.evaluation.scalar import evaluate_hand

    try:
        cards = parse_cards(" ".join(args.cards))
        if len(cards) not in (5, 6, 7):
            print(f"bigblind eval: give 5, 6 or 7 cards, not {len(cards)}", file=err)
            return 2
        hand = evaluate_hand(cards)
    except CardError as error:
        print(f"bigblind eval: {error}", file=err)
        return 2
    print(f"{hand.description} (value {hand.value}): {format_cards(hand.cards, ' ')}", file=out)
    return 0


# ------------------------------------------------------------------- equity


def _add_equity(subparsers: Subparsers) -> None:
    command = subparsers.add_parser(
        "equity",
        help="all-in equity of hands or ranges",
        description=(
            "Print the share of the pot each player wins all-in, for 2 to 10 hands (AcAd)"
            " or ranges (QQ+,AKs; random). Every run-out is counted when there are few"
            " enough, else a seeded Monte Carlo sample is drawn; --exact and --samples"
            " choose. Ties count their split share."
        ),
    )
    command.add_argument(
        "players", nargs="+", metavar="HAND", help="a hand (AcAd) or a range (QQ+,AKs)"
    )
    command.add_argument("--board", default="", help="0, 3, 4 or 5 board cards (e.g. 'Ah7d2c')")
    command.add_argument("--dead", default="", help="cards out of play")
    how = command.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="count every run-out")
    how.add_argument("--samples", type=int, metavar="N", help="Monte Carlo with N deals")
    command.add_argument("--seed", type=int, metavar="S", help="seed for Monte Carlo")
    command.add_argument("--json", action="store_true", help="print one JSON object")
    command.set_defaults(run=run_equity)


def run_equity(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind equity HAND...``: 0, or 2 for hands, board or settings it cannot use."""
    import json

    from bigblind.errors import BigblindError
    from bigblind.evaluation.hand_equity import equity

    exact: bool | None = True if args.exact else False if args.samples is not None else None
    try:
        result = equity(
            args.players,
            board=args.board,
            dead=args.dead,
            exact=exact,
            samples=100_000 if args.samples is None else args.samples,
            seed=args.seed,
        )
    except BigblindError as error:
        print(f"bigblind equity: {error}", file=err)
        return 2
    if args.json:
        print(json.dumps(result.as_dict()), file=out)
        return 0
    width = max(4, *(len(p.hand) for p in result.players))
    spread = "" if result.exact else " " * 9
    print(f"{'hand':<{width}}  {'equity':>7}{spread}  {'win':>7}  {'tie':>7}", file=out)
    for p in result.players:
        error_bar = "" if p.stderr is None else f" ± {100 * p.stderr:.2f}%"
        print(
            f"{p.hand:<{width}}  {100 * p.equity:6.2f}%{error_bar}"
            f"  {100 * p.win:6.2f}%  {100 * p.tie:6.2f}%",
            file=out,
        )
    if result.exact and result.trials == result.boards:
        print(f"exact: {result.boards:,} boards", file=out)
    elif result.exact:
        hands = result.trials // result.boards
        print(
            f"exact: {result.boards:,} boards for each of {hands:,} combinations of hands"
            f" ({result.trials:,} deals)",
            file=out,
        )
    else:
        seed = "" if args.seed is None else f", seed {args.seed}"
        print(f"Monte Carlo: {result.trials:,} deals{seed}; ± one standard error", file=out)
    return 0


# One entry per subcommand: the function that declares it.
_SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    play.add_parser,
    _add_replay,
    _add_eval,
    _add_equity,
    tournament.add_parser,
    simulate.add_parser,
    live.add_parser,
    serve.add_parser,
)


if __name__ == "__main__":
    raise SystemExit(main())
