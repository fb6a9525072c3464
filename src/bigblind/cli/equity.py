"""``bigblind eval`` and ``bigblind equity``: a hand's value, and all-in equity of hands or ranges.

A Monte Carlo run is drawn in chunks of a fraction of a second each, so a
bar can show its progress and Ctrl-C stops it at once with the deals drawn so
far. The chunks are merged exactly: the result is that of one sample of all
the deals.

>>> import sys
>>> run_eval(argparse.Namespace(cards=["A♠", "K♠", "Q♠", "J♠", "T♠"]), sys.stdout, sys.stderr)
Royal flush (value 7462): As Ks Qs Js Ts
0
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from bigblind.cli.options import Subparsers, add_game, count, shown
from bigblind.cli.progress import STOPPED, Progress
from bigblind.evaluation.games import HOLDEM, Game

if TYPE_CHECKING:
    from bigblind.cards import Card
    from bigblind.evaluation.hand_equity import EquityResult

__all__ = ["Tally", "add_equity", "add_eval", "run_equity", "run_eval"]

_MAX_SAMPLES = 10**10
_CHUNK_SECONDS = 0.25  # each Monte Carlo call: short enough for Ctrl-C and the bar
_FIRST_CHUNK = 20_000
_GOLDEN = 0x9E3779B97F4A7C15
_LONG_QUOTE = re.compile(r"(?:^|(?<=[\s(]))'([^']{40,})'(?=[\s:,)]|$)")
# The library's words for its own arguments, as the command's options say them.
_API_WORDS = (
    ("use Monte Carlo (exact=False)", "leave out --exact, or give --samples N"),
    ("exact=False", "--samples"),
    ("exact=True", "--exact"),
)


def add_eval(subparsers: Subparsers) -> None:
    """Declare ``bigblind eval``."""
    command = subparsers.add_parser(
        "eval",
        help="value a hand of 5 to 7 cards (Omaha: hole cards then board)",
        description=(
            "Print the best five-card hand of 5, 6 or 7 cards in words, its value"
            " (1 to 7462 in hold'em, higher wins, equal values split) and its five cards."
            " With --game plo, plo5, plo6 or plo8 give the 4, 5 or 6 hole cards first and"
            " then 3 to 5 board cards (the hand uses exactly two of the first and three of"
            " the board; plo8 names the low too); with --game 6+ the value is short deck's"
            " (1 to 1404). Cards may be given apart (As Ks Qs Js Ts), together (AsKsQsJsTs)"
            " or with suit symbols (A♠ K♠)."
        ),
    )
    command.add_argument("cards", nargs="+", metavar="CARD", help="cards such as As, Td, 10d or A♠")
    add_game(command)
    command.set_defaults(run=run_eval)


def run_eval(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind eval CARD...``: 0, or 2 for cards that cannot be read or evaluated.

    With ``--game`` the cards are valued in that game (RULES 11): in Omaha the
    first 4 (5, 6) are the hole cards and the rest, 3 to 5, the board; hi-lo
    names the low too.

    >>> import sys
    >>> run_eval(argparse.Namespace(cards=["As", "Ks", "Qs", "Js", "Ts"]), sys.stdout, sys.stderr)
    Royal flush (value 7462): As Ks Qs Js Ts
    0
    >>> from bigblind.evaluation import OMAHA_HI_LO
    >>> cards = "Ac 2d Kh Ks 3c 6d 7h Kd Qs".split()
    >>> run_eval(argparse.Namespace(cards=cards, game=OMAHA_HI_LO), sys.stdout, sys.stderr)
    Three of a kind, kings, queen-seven kickers (value 5772): Ks Kh Kd Qs 7h
    7-6-3-2-A low: 7h 6d 3c 2d Ac
    0
    """
    from bigblind.cards import format_cards, parse_cards
    from bigblind.errors import BigblindError
    from bigblind.evaluation.scalar import evaluate_hand, repeated_card

    try:
        cards = parse_cards(" ".join(args.cards))
    except (BigblindError, ValueError) as error:
        print(f"bigblind eval: {_first_line(error)}", file=err)
        return 2
    if (twice := repeated_card(cards)) is not None:
        print(f"bigblind eval: {twice} is given twice: a deck has one of each card", file=err)
        return 2
    game = getattr(args, "game", HOLDEM)
    if game is not HOLDEM:
        return _eval_game(cards, game, out, err)
    if len(cards) not in (5, 6, 7):
        print(f"bigblind eval: give 5, 6 or 7 cards, not {len(cards)}", file=err)
        return 2
    try:
        hand = evaluate_hand(cards)
    except (BigblindError, ValueError) as error:
        print(f"bigblind eval: {_first_line(error)}", file=err)
        return 2
    print(f"{hand.description} (value {hand.value}): {format_cards(hand.cards, ' ')}", file=out)
    return 0


def _eval_game(cards: tuple[Card, ...], game: Game, out: TextIO, err: TextIO) -> int:
    """``bigblind eval --game G CARD...``: the high hand, and the low where the game has one."""
    from bigblind.cards import format_cards
    from bigblind.errors import BigblindError

    try:
        hole, board = cards[: game.hole_cards], cards[game.hole_cards :]
        if len(board) not in (3, 4, 5):
            print(
                f"bigblind eval: give {game.hole_cards} hole cards then 3 to 5 board cards"
                f" for {game.name}, not {len(cards)} cards",
                file=err,
            )
            return 2
        high = game.high_hand(hole, board)
        low = game.low_hand(hole, board)
    except (BigblindError, ValueError) as error:
        print(f"bigblind eval: {_first_line(error)}", file=err)
        return 2
    print(f"{high.description} (value {high.value}): {format_cards(high.cards, ' ')}", file=out)
    if game.split:
        words = game.describe_low(low.value if low is not None else None)
        print(words if low is None else f"{words}: {format_cards(low.cards, ' ')}", file=out)
    return 0


def add_equity(subparsers: Subparsers) -> None:
    """Declare ``bigblind equity``."""
    command = subparsers.add_parser(
        "equity",
        help="all-in equity of hands or ranges",
        description=(
            "Print the share of the pot each player wins all-in, for 2 to 10 hands (AcAd)"
            " or ranges (QQ+,AKs; random). Every run-out is counted when there are few"
            " enough, else a Monte Carlo sample is drawn (with a bar on a terminal; Ctrl-C"
            " stops it and shows the deals drawn so far); --exact and --samples choose."
            " Ties count their split share."
        ),
    )
    command.add_argument(
        "players", nargs="+", metavar="HAND", help="a hand (AcAd) or a range (QQ+,AKs)"
    )
    command.add_argument(
        "--board", default="", metavar="CARDS", help="0, 3, 4 or 5 board cards (e.g. Ah7d2c)"
    )
    command.add_argument("--dead", default="", metavar="CARDS", help="cards out of play")
    how = command.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="count every run-out")
    how.add_argument(
        "--samples",
        type=count("deals", 1, _MAX_SAMPLES),
        metavar="DEALS",
        help="Monte Carlo with this many deals (default 100000 when sampling)",
    )
    command.add_argument(
        "--seed",
        type=count("seed", 0, 2**63, single="seed"),
        metavar="NUMBER",
        help="seed for Monte Carlo: the same seed, the same numbers",
    )
    command.add_argument("--json", action="store_true", help="print one JSON object")
    add_game(command)
    command.set_defaults(run=run_equity)


@dataclass(slots=True)
class Tally:
    """Monte Carlo chunks merged: per player the deals' sums of win, tie, share and share².

    >>> t = Tally(["AA", "KK"])
    >>> t.trials
    0
    """

    hands: list[str]
    trials: int = 0
    wins: list[float] | None = None
    ties: list[float] | None = None
    shares: list[float] | None = None
    squares: list[float] | None = None

    def add(self, result: EquityResult) -> None:
        """Merge one chunk's result (exactly: sums of counts and of squared shares)."""
        n = result.trials
        rows = [
            (
                p.win * n,
                p.tie * n,
                p.equity * n,
                ((p.stderr or 0.0) ** 2 * max(1, n - 1) + p.equity**2) * n,
            )
            for p in result.players
        ]
        if self.wins is None:
            self.wins, self.ties, self.shares, self.squares = ([0.0] * len(rows) for _ in "four")
        assert self.ties is not None and self.shares is not None and self.squares is not None
        for i, (win, tie, share, square) in enumerate(rows):
            self.wins[i] += win
            self.ties[i] += tie
            self.shares[i] += share
            self.squares[i] += square
        self.trials += n

    def document(self) -> dict[str, Any]:
        """The merged run in the shape of :func:`equity_document`."""
        n = max(1, self.trials)
        players = []
        for i, hand in enumerate(self.hands):
            wins = round(self.wins[i]) if self.wins else 0
            ties = round(self.ties[i]) if self.ties else 0
            value = self.shares[i] / n if self.shares else 0.0
            square = self.squares[i] / n if self.squares else 0.0
            variance = max(0.0, square - value * value)
            players.append(
                {
                    "hand": hand,
                    "equity": value,
                    "win": wins / n,
                    "tie": ties / n,
                    "wins": wins,
                    "ties": ties,
                    "losses": self.trials - wins - ties,
                    "stderr": math.sqrt(variance / max(1, self.trials - 1)),
                }
            )
        return {
            "players": players,
            "exact": False,
            "boards": self.trials,
            "trials": self.trials,
            "samples": self.trials,
        }


def equity_document(result: EquityResult) -> dict[str, Any]:
    """The result as JSON-ready data: the same keys for exact and Monte Carlo runs.

    Counts of deals won, tied and lost are there both ways (for Monte Carlo,
    of the deals sampled); ``stderr`` is the standard error of ``equity``, None
    when exact; ``samples`` is None when exact.
    """
    players = []
    for p in result.players:
        wins = p.wins if p.wins is not None else round(p.win * result.trials)
        ties = p.ties if p.ties is not None else round(p.tie * result.trials)
        players.append(
            {
                "hand": p.hand,
                "equity": p.equity,
                "win": p.win,
                "tie": p.tie,
                "wins": wins,
                "ties": ties,
                "losses": p.losses if p.losses is not None else result.trials - wins - ties,
                "stderr": None if result.exact else p.stderr,
            }
        )
    return {
        "players": players,
        "exact": result.exact,
        "boards": result.boards,
        "trials": result.trials,
        "samples": None if result.exact else result.trials,
    }


def run_equity(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind equity HAND...``: 0, 2 for hands, board or settings it cannot use, 130 stopped."""
    from bigblind.errors import BigblindError
    from bigblind.evaluation.hand_equity import equity

    if getattr(args, "game", HOLDEM) is not HOLDEM:
        return _equity_game(args, out, err)
    samples = 100_000 if args.samples is None else args.samples
    settings: dict[str, Any] = {"board": args.board, "dead": args.dead}
    try:
        if args.exact:
            document = equity_document(equity(args.players, exact=True, **settings))
        else:
            # One small run tells whether the deals are few enough to count them all.
            first = equity(
                args.players,
                exact=None if args.samples is None else False,
                samples=min(samples, _FIRST_CHUNK),
                seed=_chunk_seed(args.seed, 0),
                **settings,
            )
            sampled = None if first.exact else _sample(args, first, samples, err)
            document = equity_document(first) if sampled is None else sampled
    except (BigblindError, ValueError) as error:
        print(f"bigblind equity: {_user_words(_first_line(error))}", file=err)
        return 2
    except _Stopped as stop:
        if stop.tally.trials:
            _print(args, stop.tally.document(), out, stopped=True)
        print(f"bigblind equity: {STOPPED}", file=err)
        return 130
    _print(args, document, out)
    return 0


def _equity_game(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``bigblind equity --game G HAND...``: each player's share of the pots (RULES 11), in
    hi-lo halves and quarters counted; a scoop wins a pot whole, a part some of it."""
    from bigblind.errors import BigblindError
    from bigblind.evaluation.games_equity import game_equity

    try:
        result = game_equity(
            args.game,
            args.players,
            board=args.board,
            dead=args.dead,
            exact=True if args.exact else (None if args.samples is None else False),
            samples=100_000 if args.samples is None else args.samples,
            seed=args.seed,
        )
    except (BigblindError, ValueError) as error:
        print(f"bigblind equity: {_user_words(_first_line(error))}", file=err)
        return 2
    if args.json:
        players = [
            {"hand": p.hand, "equity": p.equity, "scoop": p.scoop, "part": p.part}
            | {"stderr": p.stderr}
            for p in result.players
        ]
        document = {
            "game": result.game,
            "players": players,
            "exact": result.exact,
            "boards": result.boards,
            "trials": result.trials,
        }
        print(json.dumps(document), file=out)
        return 0
    width = max(4, *(len(p.hand) for p in result.players))
    print(args.game.name, file=out)
    print(f"{'hand':<{width}}  {'equity':>7}  {'scoop':>7}  {'part':>7}", file=out)
    for p in result.players:
        print(
            f"{p.hand:<{width}}  {100 * p.equity:6.2f}%  {100 * p.scoop:6.2f}%"
            f"  {100 * p.part:6.2f}%",
            file=out,
        )
    how = "exact" if result.exact else "Monte Carlo"
    print(f"{how}: {result.trials:,} deal{_s(result.trials)}", file=out)
    return 0


class _Stopped(Exception):
    def __init__(self, tally: Tally) -> None:
        super().__init__("stopped")
        self.tally = tally


def _sample(args: argparse.Namespace, first: EquityResult, samples: int, err: TextIO) -> Any:
    """Draw ``samples`` deals in chunks (the first given), merged; _Stopped on Ctrl-C."""
    from bigblind.evaluation.hand_equity import equity

    tally = Tally([p.hand for p in first.players])
    tally.add(first)
    chunk = first.trials
    index = 1
    try:
        with Progress(err, "deals", total=samples, quiet=args.json) as bar:
            while tally.trials < samples:
                bar.update(tally.trials)
                size = min(chunk, samples - tally.trials)
                started = time.perf_counter()
                result = equity(
                    args.players,
                    board=args.board,
                    dead=args.dead,
                    exact=False,
                    samples=size,
                    seed=_chunk_seed(args.seed, index),
                )
                tally.add(result)
                index += 1
                spent = time.perf_counter() - started
                chunk = max(5_000, min(5_000_000, int(size * _CHUNK_SECONDS / max(spent, 1e-3))))
    except KeyboardInterrupt:
        raise _Stopped(tally) from None
    return tally.document()


def _chunk_seed(seed: int | None, index: int) -> int | None:
    """Chunk ``index``'s seed: its own stream, derived from the run's seed."""
    if seed is None:
        return None
    return (seed * _GOLDEN + index) % (1 << 63) if index else seed


def _print(
    args: argparse.Namespace, document: dict[str, Any], out: TextIO, *, stopped: bool = False
) -> None:
    if args.json:
        if stopped:
            document = {**document, "stopped": True}
        print(json.dumps(document), file=out)
        return
    players = document["players"]
    exact = document["exact"]
    width = max(4, *(len(p["hand"]) for p in players))
    spread = "" if exact else " " * 9
    print(f"{'hand':<{width}}  {'equity':>7}{spread}  {'win':>7}  {'tie':>7}", file=out)
    for p in players:
        error_bar = ""
        if not exact:
            stderr = p["stderr"]
            error_bar = f" ± {100 * stderr:.2f}%" if math.isfinite(stderr) else " ±   n/a"
        print(
            f"{p['hand']:<{width}}  {100 * p['equity']:6.2f}%{error_bar}"
            f"  {100 * p['win']:6.2f}%  {100 * p['tie']:6.2f}%",
            file=out,
        )
    trials, boards = document["trials"], document["boards"]
    if exact and trials == boards:
        print(f"exact: {boards:,} board{_s(boards)}", file=out)
    elif exact:
        hands = trials // boards
        print(
            f"exact: {boards:,} board{_s(boards)} for each of {hands:,}"
            f" combination{_s(hands)} of hands ({trials:,} deal{_s(trials)})",
            file=out,
        )
    else:
        seed = "" if args.seed is None else f", seed {args.seed}"
        cut = " (stopped early)" if stopped else ""
        print(
            f"Monte Carlo: {trials:,} deal{_s(trials)}{seed}{cut}; ± one standard error", file=out
        )


def _s(number: int) -> str:
    return "" if number == 1 else "s"


def _first_line(error: BaseException) -> str:
    text = str(error)
    return text.splitlines()[0] if text else type(error).__name__


def _user_words(text: str) -> str:
    """A library message as the command says it: option names, long inputs cut short."""
    text = _LONG_QUOTE.sub(lambda m: shown(m.group(1)), text)
    for api, words in _API_WORDS:
        text = text.replace(api, words)
    if "Exceeds the limit" in text and "digits" in text:
        return "a number of thousands of digits cannot be read"
    return text
