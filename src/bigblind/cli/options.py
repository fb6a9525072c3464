"""Options that more than one subcommand takes: betting structure, blinds, history folder,
where simulations run.

Each ``type`` function reads one option's text and raises
:class:`argparse.ArgumentTypeError` with what is accepted.

>>> blinds("5/10"), structure("PL")
((5, 10), <Structure.POT_LIMIT: 'pot limit'>)
>>> blinds("10/5")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: blinds '10/5': the small blind must be at least 1 and at most ...
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from bigblind.engine.rules import Structure

if TYPE_CHECKING:
    from bigblind.bots.distributed import Runner

__all__ = [
    "Subparsers",
    "add_backend",
    "add_history_dir",
    "add_structure",
    "backend",
    "blinds",
    "structure",
]

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

_STRUCTURES = {"nl": Structure.NO_LIMIT, "pl": Structure.POT_LIMIT, "fl": Structure.FIXED_LIMIT}


def structure(text: str) -> Structure:
    """``nl``, ``pl`` or ``fl`` (any case): no limit, pot limit or fixed limit."""
    try:
        return _STRUCTURES[text.strip().lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a betting structure: accepted are nl (no limit),"
            " pl (pot limit) and fl (fixed limit)"
        ) from None


def blinds(text: str) -> tuple[int, int]:
    """``small/big`` in whole chips, the small blind 1 to the big blind."""
    small, slash, big = text.partition("/")
    if not slash or not small.strip().isdecimal() or not big.strip().isdecimal():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not blinds: give small/big in whole chips, e.g. 1/2 or 5/10"
        )
    pair = int(small), int(big)
    if not 1 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(
            f"blinds {text!r}: the small blind must be at least 1 and at most the big blind"
        )
    return pair


def add_structure(command: argparse.ArgumentParser) -> None:
    """``--structure nl|pl|fl``, no limit by default."""
    command.add_argument(
        "--structure",
        type=structure,
        default=Structure.NO_LIMIT,
        metavar="nl|pl|fl",
        help="no limit, pot limit or fixed limit (default nl)",
    )


def add_history_dir(command: argparse.ArgumentParser) -> None:
    """``--history-dir DIR``, ``./bigblind-histories`` by default."""
    command.add_argument(
        "--history-dir",
        type=Path,
        default=Path("bigblind-histories"),
        metavar="DIR",
        help="where the hand histories go (default ./bigblind-histories)",
    )


def add_backend(command: argparse.ArgumentParser) -> None:
    """``--backend local|ray`` (local by default) and ``--address ADDR`` (implies ray)."""
    command.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local: in this process (default); ray: as Ray tasks, on every core or a cluster",
    )
    command.add_argument(
        "--address",
        metavar="ADDR",
        help="join the Ray cluster at ADDR (e.g. 10.0.0.5:6379; implies --backend ray)"
        " instead of starting Ray on this machine",
    )


@contextlib.contextmanager
def backend(args: argparse.Namespace) -> Iterator[Runner | None]:
    """The runner that ``--backend`` and ``--address`` ask for, None for local.

    Raises :class:`~bigblind.bots.distributed.DistributedError` (with how to
    install it) when Ray is asked for and missing.

    >>> with backend(argparse.Namespace(backend="local", address=None)) as runner:
    ...     print(runner)
    None
    """
    if args.backend == "local" and args.address is None:
        yield None
        return
    from bigblind.bots.distributed import ray_runner

    with ray_runner(args.address) as runner:
        yield runner
