"""Mutated real files of every reader added since the PokerStars one: never a crash.

Bytes of each file are deleted, replaced or repeated at random; whatever the
reader makes of the result, it gives entries (hands, other games, hands it
cannot read, with a reason), never an exception.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bigblind.cli.replay import site_entries
from bigblind.formats import pokernow, pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"
SITES = ("ohh", "pokernow", "ipoker", "partypoker", "wpn-acr", "horizon", "globalpoker")


def _samples() -> list[Path]:
    if not HISTORIES.is_dir():
        pytest.skip(f"{HISTORIES} is absent: the real histories are not here")
    found = []
    for site in SITES:
        files = sorted(p for p in (HISTORIES / site).rglob("*") if p.is_file())
        found += [p for p in files if p.suffix in (".ohh", ".xml", ".csv", ".txt", ".json")][:6]
    found += sorted((HISTORIES / "pokernow").rglob("ledger*.csv"))
    return found


def _mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 12)):
        at = rng.randrange(len(out))
        move = rng.random()
        if move < 0.4:
            del out[at : at + rng.randint(1, 40)]
        elif move < 0.8:
            out[at] = rng.choice(b'<>"{}[],:/ 0123456789.-#@\n\x00\xff')
        else:
            out[at:at] = out[at : at + rng.randint(1, 80)]
    return bytes(out)


def test_mutated_files_never_crash_a_reader() -> None:
    rng = random.Random(24)
    read = 0
    for file in _samples():
        data = file.read_bytes()
        for _ in range(25):
            text = decode(_mutate(data, rng))
            if pokernow.is_ledger(text):
                try:
                    pokernow.loads_ledger(text)
                except pokernow.LedgerError as error:
                    assert str(error).startswith("line ")  # refused, the line at fault named
                continue
            for entry in site_entries(text) or []:
                if isinstance(entry, HandHistory):
                    pokerstars.reconcile(entry)  # never raises
                    read += 1
                else:
                    assert entry.reason
    assert read > 0
