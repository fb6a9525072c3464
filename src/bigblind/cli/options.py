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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from bigblind.engine.rules import Structure
from bigblind.evaluation.games import Game, GameError
from bigblind.evaluation.games import game as find_game

if TYPE_CHECKING:
    from bigblind.bots.distributed import Runner

__all__ = [
    "STRUCTURE_CODES",
    "Subparsers",
    "add_backend",
    "add_game",
    "add_history_dir",
    "add_structure",
    "backend",
    "blinds",
    "count",
    "game",
    "plural",
    "settle_game",
    "shown",
    "structure",
    "uses_ray",
    "usual_structure",
]

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

_STRUCTURES = {
    "nl": Structure.NO_LIMIT,
    "no-limit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT,
    "pot-limit": Structure.POT_LIMIT,
    "fl": Structure.FIXED_LIMIT,
    "fixed-limit": Structure.FIXED_LIMIT,
    "limit": Structure.FIXED_LIMIT,
}
STRUCTURE_CODES = {Structure.NO_LIMIT: "nl", Structure.POT_LIMIT: "pl", Structure.FIXED_LIMIT: "fl"}
"""The short code of each betting structure, as ``--structure`` takes it."""


def shown(text: str, limit: int = 30) -> str:
    """``text`` quoted as the user typed it, cut short when long.

    >>> shown("abc"), shown("9" * 5000)
    ("'abc'", "'99999999999999999999999999...' (5000 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 4]!r}"[:-1] + f"...' ({len(text)} characters)"


def plural(number: int, noun: str) -> str:
    """``'1 hand'``, ``'2 hands'``.

    >>> plural(1, "hand"), plural(3, "board"), plural(1000, "player")
    ('1 hand', '3 boards', '1000 players')
    """
    return f"{number} {noun}" + ("" if number == 1 else "s")


def count(what: str, low: int, high: int, *, single: str | None = None) -> Callable[[str], int]:
    """An option type for a whole number of ``what`` from ``low`` to ``high``.

    ``single`` names one value where a count reads badly (``'seed'``, ``'seat'``).

    >>> count("players", 2, 10)("6")
    6
    >>> count("players", 2, 10)("-3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: -3 players: give 2 to 10
    >>> count("players", 2, 10)("1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 1 player: give 2 to 10
    >>> count("seat", 1, 10, single="seat")("eleven")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'eleven' is not a seat: give a whole number, 1 to 10
    """

    def read(text: str) -> int:
        word = text.strip()
        digits = word[1:] if word[:1] in "+-" else word
        if not (digits.isascii() and digits.isdigit()) or len(word) > 20:
            noun = f"a {single}" if single else f"a number of {what}"
            raise argparse.ArgumentTypeError(
                f"{shown(text)} is not {noun}: give a whole number, {low:,} to {high:,}"
            )
        value = int(word)
        if not low <= value <= high:
            noun = what[:-1] if value == 1 and what.endswith("s") else what
            said = f"{single} {value:,}" if single else f"{value:,} {noun}"
            raise argparse.ArgumentTypeError(f"{said}: give {low:,} to {high:,}")
        return value

    return read


def structure(text: str) -> Structure:
    """``nl``, ``pl`` or ``fl`` (or ``no-limit``, ``pot-limit``, ``fixed-limit``; any case).

    >>> structure("Pot-Limit") is structure("pl")
    True
    """
    try:
        return _STRUCTURES[text.strip().lower().replace("_", "-").replace(" ", "-")]
    except KeyError:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a betting structure: accepted are nl (no-limit),"
            " pl (pot-limit) and fl (fixed-limit)"
        ) from None


def blinds(text: str) -> tuple[int, int]:
    """``small/big`` in whole chips, the small blind 1 to the big blind."""
    small, slash, big = text.partition("/")
    digits = [part.strip() for part in (small, big)]
    if not slash or not all(d.isascii() and d.isdigit() and len(d) <= 12 for d in digits):
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not blinds: give small/big in whole chips, e.g. 1/2 or 5/10"
        )
    pair = int(small), int(big)
    if not 1 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(
            f"blinds {shown(text)}: the small blind must be at least 1 and at most the big blind"
        )
    return pair


def add_structure(command: argparse.ArgumentParser, *, by_game: bool = False) -> None:
    """``--structure nl|pl|fl``, no limit by default (``by_game``: the game's usual one)."""
    command.add_argument(
        "--structure",
        type=structure,
        default=None if by_game else Structure.NO_LIMIT,
        metavar="nl|pl|fl",
        help=(
            "no-limit, pot-limit or fixed-limit (default: pot limit for Omaha, no limit"
            " otherwise; the long names work too)"
            if by_game
            else "no-limit, pot-limit or fixed-limit (default nl; the long names work too)"
        ),
    )


def game(text: str) -> Game:
    """A game by its code or common name: ``holdem``, ``plo``, ``plo5``, ``plo6``, ``plo8``,
    ``6+`` (RULES 11).

    >>> game("PLO8").name
    'Omaha hi-lo'
    """
    try:
        return find_game(text)
    except GameError:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a game: accepted are holdem, plo (Omaha), plo5, plo6,"
            " plo8 (Omaha hi-lo) and 6+ (short deck)"
        ) from None


def usual_structure(played: Game) -> Structure:
    """The structure a game is usually played with: pot limit for Omaha (RULES 11.1),
    no limit for the two-card games."""
    return Structure.NO_LIMIT if played.hole_cards == 2 else Structure.POT_LIMIT


def settle_game(args: argparse.Namespace) -> None:
    """Fill in ``args.game`` (hold'em when not given) and ``args.structure`` (the game's
    usual one when not given) of a command that has the options or not."""
    from bigblind.evaluation.games import HOLDEM

    args.game = getattr(args, "game", HOLDEM)
    if getattr(args, "structure", None) is None:
        args.structure = usual_structure(args.game)


def add_game(command: argparse.ArgumentParser) -> None:
    """``--game holdem|plo|plo5|plo6|plo8|6+``, hold'em by default."""
    from bigblind.evaluation.games import HOLDEM

    command.add_argument(
        "--game",
        type=game,
        default=HOLDEM,
        metavar="holdem|plo|plo5|plo6|plo8|6+",
        help="the game: hold'em (default), Omaha with 4, 5 or 6 cards, Omaha hi-lo, short deck",
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
        help="local: in this process (default); ray: as Ray tasks, on every core or a cluster"
        " (pip install 'bigblind[distributed]')",
    )
    command.add_argument(
        "--address",
        metavar="ADDR",
        help="join the Ray cluster at ADDR (e.g. 10.0.0.5:6379; implies --backend ray)"
        " instead of starting Ray on this machine",
    )


def uses_ray(args: argparse.Namespace) -> bool:
    """Whether ``--backend`` and ``--address`` ask for Ray."""
    return bool(args.backend == "ray" or args.address)


@contextlib.contextmanager
def backend(args: argparse.Namespace) -> Iterator[Runner | None]:
    """The runner that ``--backend`` and ``--address`` ask for, None for local.

    Raises :class:`~bigblind.bots.distributed.DistributedError` (with how to
    install it) when Ray is asked for and missing.

    >>> with backend(argparse.Namespace(backend="local", address=None)) as runner:
    ...     print(runner)
    None
    """
    if not uses_ray(args):
        yield None
        return
    from bigblind.bots.distributed import ray_runner

    with ray_runner(args.address) as runner:
        yield runner
