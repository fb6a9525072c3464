"""Hand histories read, reconciled and converted per second, against PokerKit's PHH reader.

PHH: the ``.phh`` files under ``--phh`` (by default the PHH data set beside
the project, ``../shared/data/phh``, else the sample kept with the tests) are
read and each Texas hold'em hand replayed by bigblind, and read by PokerKit
(``pokerkit.HandHistory.loads``), then replayed by it too (its states
iterated), in the same run on the same texts: the ratios are bigblind's hands
per second over PokerKit's. Sites: the real files of ``../shared/data/histories``
(PokerStars, GGPoker, Winamax, iPoker XML, Poker Now, 888poker, partypoker, Bovada,
WPN; each skipped when absent)
are read, every hand reconciled, and each reconciled hand converted to
PokerStars text and to PHH. Each figure is the median of ``--repeats`` runs;
the texts are read from disk once, before timing, and each reader is warmed first.

    python benchmarks/histories.py
    python benchmarks/histories.py --repeats 5 --limit 2000 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from bigblind.cli.replay import site_entries
from bigblind.formats import phh, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
SAMPLE = REPO / "tests" / "data" / "phh"
SITES = {
    "PokerStars": "pokerstars",
    "GGPoker": "ggpoker",
    "Winamax": "winamax",
    "iPoker XML": "ipoker",
    "Poker Now": "pokernow",
    "888poker": "888poker",
    "partypoker": "partypoker",
    "Bovada": "bovada",
    "WPN": "wpn-acr",
}


def bigblind_phh(texts: list[str]) -> int:
    """Read every text and replay each hold'em hand; the hands replayed."""
    count = 0
    for text in texts:
        for history in phh.loads(text):
            if history.supported:
                phh.replay(history)
                count += 1
    return count


def _bigblind_reads(text: str) -> bool:
    """Whether bigblind reads every hand of a PHH text."""
    return not any(isinstance(item, ValueError) for item in phh.parse_each(text))


def _pokerkit_replays(text: str) -> bool:
    """Whether PokerKit reads and replays a PHH text without an error."""
    import pokerkit

    try:
        for _ in pokerkit.HandHistory.loads(text):
            pass
    except (ValueError, KeyError, TypeError, IndexError):
        return False
    return True


def pokerkit_read(texts: list[str]) -> int:
    import pokerkit

    for text in texts:
        pokerkit.HandHistory.loads(text)
    return len(texts)


def pokerkit_replay(texts: list[str]) -> int:
    import pokerkit

    for text in texts:
        for _ in pokerkit.HandHistory.loads(text):
            pass  # each state of the hand, as PokerKit replays it
    return len(texts)


def site_run(texts: list[str]) -> tuple[int, int, int]:
    """Read every text, reconcile each hand and convert each reconciled one to PokerStars text
    and to PHH; the hands read, reconciled and converted."""
    read = reconciled = converted = 0
    for text in texts:
        for entry in site_entries(text) or []:
            if not isinstance(entry, HandHistory):
                continue
            read += 1
            check = pokerstars.reconcile(entry)
            if check.hand is None or not check.reconciled:
                continue
            reconciled += 1
            names = [f"p{i + 1}" for i in range(check.hand.seats)]  # names checked by the writers
            try:
                pokerstars.dumps(
                    check.hand,
                    hand_id=1,
                    table="Bench",
                    players=names,
                    when=datetime(2026, 1, 1),
                    max_seats=max(9, check.hand.seats),  # a table of ten seats too
                )
                phh.dumps(check.hand, players=names)
            except ValueError:
                continue  # a hand a writer refuses (its reason is convert's to say)
            converted += 1
    return read, reconciled, converted


def _rate(
    run: Callable[[list[str]], object], texts: list[str], repeats: int
) -> tuple[object, float]:
    run(texts[:20])  # warm: imports and the evaluator's tables are not what is timed
    rates, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run(texts)
        count = result[0] if isinstance(result, tuple) else result
        assert isinstance(count, int)
        rates.append(count / max(time.perf_counter() - start, 1e-9))
    return result, statistics.median(rates)


def _texts(folder: Path, suffixes: tuple[str, ...] | None = None, limit: int = 0) -> list[str]:
    files = sorted(
        p for p in folder.rglob("*") if p.is_file() and (suffixes is None or p.suffix in suffixes)
    )
    return [decode(p.read_bytes()) for p in files[: limit or None]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    default = SHARED / "phh" if (SHARED / "phh").is_dir() else SAMPLE
    parser.add_argument("--phh", type=Path, default=default, help="a folder of .phh files")
    parser.add_argument("--histories", type=Path, default=SHARED / "histories")
    parser.add_argument("--limit", type=int, default=0, help="PHH files read, 0 for all")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result: dict[str, object] = {}
    every = _texts(args.phh, (".phh",), args.limit)
    # Both readers are timed on the same texts: those each reads and replays whole (a
    # file of fractional chips, or one PokerKit cannot repair, is left out and counted).
    texts = [text for text in every if _bigblind_reads(text) and _pokerkit_replays(text)]
    hands, ours = _rate(bigblind_phh, texts, args.repeats)
    _, kit_read = _rate(pokerkit_read, texts, args.repeats)
    _, kit_replay = _rate(pokerkit_replay, texts, args.repeats)
    result["phh"] = {
        "files": len(texts),
        "files_left_out": len(every) - len(texts),
        "hands": hands,
        "bigblind_read_and_replay_per_second": round(ours),
        "pokerkit_read_per_second": round(kit_read),
        "pokerkit_read_and_replay_per_second": round(kit_replay),
        "ratio_to_pokerkit_read": round(ours / kit_read, 2),
        "ratio_to_pokerkit_read_and_replay": round(ours / kit_replay, 2),
    }
    for site, folder in SITES.items():
        if not (args.histories / folder).is_dir():
            continue
        site_texts = _texts(args.histories / folder)
        counts, rate = _rate(site_run, site_texts, args.repeats)
        assert isinstance(counts, tuple)
        result[site] = {
            "hands": counts[0],
            "reconciled": counts[1],
            "converted": counts[2],
            "read_reconcile_convert_per_second": round(rate),
        }
    if args.json:
        print(json.dumps(result))
        return 0
    figures = result["phh"]
    assert isinstance(figures, dict)
    print(
        f"PHH ({figures['files']} files, {figures['hands']} hands;"
        f" {figures['files_left_out']} files one reader or the other refuses left out):"
        " bigblind reads and replays"
        f" {figures['bigblind_read_and_replay_per_second']}/s; PokerKit reads"
        f" {figures['pokerkit_read_per_second']}/s, reads and replays"
        f" {figures['pokerkit_read_and_replay_per_second']}/s;"
        f" ratio {figures['ratio_to_pokerkit_read']}x its reading,"
        f" {figures['ratio_to_pokerkit_read_and_replay']}x its reading and replaying"
    )
    for site in SITES:
        if isinstance(figures := result.get(site), dict):
            print(
                f"{site}: {figures['hands']} hands read, {figures['reconciled']} reconciled,"
                f" {figures['converted']} of them converted to PokerStars text and PHH,"
                f" {figures['read_reconcile_convert_per_second']}/s"
            )
    print(f"(medians of {args.repeats} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
