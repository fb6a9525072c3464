"""Hand histories read and replayed per second: PHH files and PokerStars text.

PHH: every ``.phh``/``.phhs`` file under the folders given (by default the
sample kept with the tests, ``tests/data/phh``; the whole data set when its
folder is given) is read and each Texas hold'em hand replayed. PokerStars:
random six-handed hands are written as PokerStars text once, then read and
replayed. Each figure is the median over ``--repeats`` runs.

    python benchmarks/histories.py
    python benchmarks/histories.py ../shared/data/phh --repeats 1 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path

from bigblind import Deck, Hand, Rules
from bigblind.formats import phh, pokerstars

SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh"


def phh_rate(texts: list[str]) -> tuple[int, float]:
    """Hold'em hands replayed, and hands per second, reading from ``texts``."""
    start = time.perf_counter()
    count = 0
    for text in texts:
        for history in phh.loads(text):
            if history.supported:
                phh.replay(history)
                count += 1
    return count, count / (time.perf_counter() - start)


def stars_texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for number in range(count):
        hand = Hand(
            Rules.no_limit(blinds=(1, 2)),
            [rng.randint(40, 400) for _ in range(6)],
            button=number % 6,
            deck=Deck.shuffled(rng.getrandbits(64)),
        )
        while not hand.finished:
            legal = hand.legal
            assert legal is not None
            if legal.min_raise_to is not None and rng.random() < 0.2:
                hand.raise_to(legal.min_raise_to)
            elif legal.fold and rng.random() < 0.3:
                hand.fold()
            else:
                hand.check_or_call()
        names = [f"player{i}" for i in range(6)]
        texts.append(
            pokerstars.dumps(
                hand, hand_id=number + 1, table="Bench", players=names, when=datetime(2026, 1, 1)
            )
        )
    return texts


def stars_rate(texts: list[str]) -> float:
    start = time.perf_counter()
    for history in pokerstars.loads(pokerstars.dump_session(texts)):
        hand = pokerstars.replay(history)
        assert pokerstars.results_match(history, hand)
    return len(texts) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("folders", nargs="*", type=Path, default=[SAMPLE])
    parser.add_argument("--hands", type=int, default=500, help="PokerStars hands")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    files = sorted(
        path
        for folder in args.folders
        for path in folder.rglob("*")
        if path.suffix in (".phh", ".phhs")
    )
    texts = [path.read_text(encoding="utf-8-sig") for path in files]
    stars = stars_texts(args.hands, seed=1)
    phh_rates, stars_rates, replayed = [], [], 0
    for _ in range(args.repeats):
        replayed, rate = phh_rate(texts)
        phh_rates.append(rate)
        stars_rates.append(stars_rate(stars))
    result = {
        "phh_hands": replayed,
        "phh_hands_per_second": round(statistics.median(phh_rates)),
        "pokerstars_hands": len(stars),
        "pokerstars_hands_per_second": round(statistics.median(stars_rates)),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"PHH: {replayed} hands read and replayed, {result['phh_hands_per_second']}/s")
        print(
            f"PokerStars: {len(stars)} hands read and replayed,"
            f" {result['pokerstars_hands_per_second']}/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
