"""Every real PokerStars, GGPoker and 9stacks file of the shared histories, read in place,
every chip checked.

The files (``../shared/data/histories/pokerstars`` and ``ggpoker``, from public
parsers' and trackers' test folders; see its README and SOURCES.md) are never
copied into the project. GGPoker writes its hands in PokerStars' form, with
fees of its own (jackpot, bingo ...), money it drops into pots and EV cash
outs. Each hand's final stacks are worked out here from the file's own lines
by a reading of this test's own, not by the reader under test: what each
player put in, the uncalled bet the rules return, what the file says they
collected. The engine's replay must end with those stacks, the rake aside
(RULES 7.2, 10.2).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pytest

from bigblind.formats import pokerstars
from bigblind.formats.encoding import decode
from bigblind.formats.phh import HandHistory

REPO = Path(__file__).resolve().parents[2]
HISTORIES = REPO.parent / "shared/data/histories"
STARS = HISTORIES / "pokerstars"
pytestmark = pytest.mark.skipif(
    not STARS.is_dir(), reason="the shared histories (../shared/data/histories) are absent"
)
# Per site: hands, reconciled (Omaha and Omaha Hi/Lo too), of other games, files with no hand.
EXPECTED = {
    "pokerstars": (1786, 1786, 0, 1),
    "ggpoker": (2269, 2269, 0, 0),
    "9stacks": (127, 127, 0, 0),
}

# This test's own reading of a hand: no regular expression of the reader is reused.
HEADER = re.compile(
    r"^(?:\W{0,3})(?:(?:PokerStars|9stacks Poker) (?:Zoom |Home Game )?(?:Hand|Game) #(\d+)"
    r"|Poker Hand #(\w+)):"
)
MONEY = r"(?:Rs\.\s?|[^\d\s(])?(\d[\d,]*(?:\.\d+)?)"
SEAT = re.compile(rf"^Seat (\d+): (.+?) \({MONEY} in chips")
STAKES = re.compile(rf"\({MONEY}/{MONEY}")
TOTAL = re.compile(rf"^Total pot {MONEY}.*?Rake {MONEY}(.*)")
DROP = re.compile(rf"^Cash Drop to Pot : total {MONEY}")
NOT_AWARDED = re.compile(rf"won \({MONEY}\).*pot not awarded as player cashed out")


def money(text: str) -> Decimal:
    """An amount as written, thousands separated by commas or not."""
    return Decimal(text.replace(",", ""))


@dataclass
class Ledger:
    """One hand as this test reads it: each player's chips in and out, in the file's units."""

    number: int | str
    start: dict[str, Decimal] = field(default_factory=dict)
    put_in: dict[str, Decimal] = field(default_factory=dict)
    returned: dict[str, Decimal] = field(default_factory=dict)
    bets: dict[str, Decimal] = field(default_factory=dict)  # put in as bets: no ante, no dead
    street: dict[str, Decimal] = field(default_factory=dict)
    collected: dict[str, Decimal] = field(default_factory=dict)
    cashed_out: dict[str, Decimal] = field(default_factory=dict)
    pot_won: dict[str, Decimal] = field(default_factory=dict)
    rake: Decimal = Decimal(0)
    drop: Decimal = Decimal(0)  # GGPoker's Cash Drop: the site's money into the pot
    big_blind: Decimal = Decimal(0)

    def add(self, name: str, amount: Decimal, *, bet: bool = True) -> None:
        self.put_in[name] = self.put_in.get(name, Decimal(0)) + amount
        if bet:
            self.bets[name] = self.bets.get(name, Decimal(0)) + amount
            self.street[name] = self.street.get(name, Decimal(0)) + amount

    def uncalled(self) -> dict[str, Decimal]:
        """What the rules return: the top bettor's excess over the next one (antes and dead
        blinds are no bets)."""
        ranked = sorted(self.bets.items(), key=lambda item: item[1], reverse=True)
        if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
            return {}
        return {ranked[0][0]: ranked[0][1] - ranked[1][1]}

    def finals(self) -> list[dict[str, Decimal]]:
        """Each player's stack after the hand as the engine counts it: the pot a player
        cashed out of counted as won, the rake not taken. The uncalled bet is the file's;
        where the file writes none it is read both ways, returned by the rule or counted
        in what its bettor collected (some exports leave the line out, 9stacks counts it
        in)."""
        ways = [self.returned] if self.returned else [self.uncalled(), {}]
        return [
            {
                name: stack
                - self.put_in.get(name, Decimal(0))
                + back.get(name, Decimal(0))
                + self.collected.get(name, Decimal(0))
                + self.pot_won.get(name, Decimal(0))
                for name, stack in self.start.items()
            }
            for back in ways
        ]


def ledger(lines: list[str]) -> Ledger:
    """Read one hand's chips from its lines."""
    header = HEADER.match(lines[0])
    assert header is not None
    book = Ledger(int(header.group(1)) if header.group(1) else header.group(2))
    stakes = STAKES.search(lines[0].split(" - Level ")[-1])
    book.big_blind = money(stakes.group(2)) if stakes else Decimal(0)
    names: list[str] = []
    summary = False
    big_posted = False
    for raw in lines[1:]:
        line = raw.strip()
        if seat := SEAT.match(line):
            names.append(seat.group(2))
            book.start[seat.group(2)] = money(seat.group(3))
            continue
        if line.startswith("*** SUMMARY"):
            summary = True
        if summary:
            if total := TOTAL.match(line):
                # The rake and every fee after it (GGPoker's jackpot, bingo, fortune, tax).
                fees = [total.group(2), *re.findall(MONEY, total.group(3))]
                book.rake = sum((money(fee) for fee in fees), Decimal(0))
            if won := NOT_AWARDED.search(line):
                who = max(
                    (n for n in names if line.startswith("Seat ") and f": {n} " in line), key=len
                )
                book.pot_won[who] = money(won.group(1))
            continue
        if line.startswith(
            (
                "*** FLOP",
                "*** TURN",
                "*** RIVER",
                "*** FIRST FLOP",
                "*** FIRST TURN",
                "*** FIRST RIVER",
            )
        ):
            book.street = {}
            continue
        if drop := DROP.match(line):
            book.drop += money(drop.group(1))
            continue
        if line.startswith("Uncalled bet ("):
            amount = money(re.findall(MONEY, line)[0])
            who = line.split(" returned to ", 1)[1]
            book.returned[who] = book.returned.get(who, Decimal(0)) + amount
            continue
        speaker = max((n for n in names if line.startswith(n + ":")), key=len, default=None)
        if speaker is None:
            for name in sorted(names, key=len, reverse=True):
                if line.startswith(name + " collected "):
                    amount = money(re.findall(MONEY, line[len(name) + 11 :])[0])
                    book.collected[name] = book.collected.get(name, Decimal(0)) + amount
                    break
                if line.startswith(name + " cashed out the hand for "):
                    amount = money(re.findall(MONEY, line[len(name) + 25 :])[0])
                    book.cashed_out[name] = book.cashed_out.get(name, Decimal(0)) + amount
                    break
            continue
        words = line[len(speaker) + 1 :].split()
        amounts = [money(a) for a in re.findall(MONEY, line[len(speaker) + 1 :])]
        if not words or not amounts:
            continue
        if words[:2] == ["posts", "the"]:  # the ante
            book.add(speaker, amounts[0], bet=False)
        elif words[:3] == ["posts", "small", "&"]:
            book.add(speaker, min(amounts[0], book.big_blind))
            book.add(speaker, amounts[0] - min(amounts[0], book.big_blind), bet=False)
        elif words[:3] == ["posts", "small", "blind"]:
            book.add(speaker, amounts[0], bet=not big_posted)  # after the big blind: dead
        elif words[:2] in (["posts", "big"], ["posts", "straddle"]) or words[0] == "unknown":
            # (9stacks writes a straddle 'unknown 200'.)
            big_posted = True
            book.add(speaker, amounts[0])
        elif words[0] in ("calls", "bets"):
            book.add(speaker, amounts[0])
        elif words[0] == "raises":
            book.add(speaker, amounts[1] - book.street.get(speaker, Decimal(0)))
    return book


def hands_of(path: Path) -> list[list[str]]:
    """The lines of each hand of a file, split at its headers by this test."""
    lines = decode(path.read_bytes()).replace("\ufeff", "").splitlines()
    starts = [i for i, line in enumerate(lines) if HEADER.match(line)]
    return [lines[a:b] for a, b in zip(starts, [*starts[1:], len(lines)], strict=False)]


def engine_finals(history: HandHistory, hand_stacks: tuple[int, ...]) -> dict[str, Decimal]:
    """The engine's final stacks in the file's units (cents back to the currency)."""
    unit = Decimal("0.01") if history.metadata["cents"] else Decimal(1)
    names = history.players or ()
    return {name: Decimal(stack) * unit for name, stack in zip(names, hand_stacks, strict=True)}


@dataclass
class Counts:
    files: int = 0
    hands: int = 0
    reconciled: int = 0
    not_reconciled: int = 0
    unreadable: int = 0
    other_games: int = 0
    not_recognised: int = 0
    reasons: Counter[str] = field(default_factory=Counter)


@pytest.mark.parametrize("site", sorted(EXPECTED))
def test_every_real_hand_reconciles_with_the_file_read_independently(
    site: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = HISTORIES / site
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent")
    table: dict[str, Counts] = {}
    for path in sorted(folder.rglob("*.txt")):
        counts = table.setdefault(path.relative_to(folder).parts[0], Counts())
        counts.files += 1
        entries = pokerstars.read_each(path)
        texts = hands_of(path)
        if not entries:
            counts.not_recognised += 1
            continue
        assert len(entries) == len(texts), path  # no hand lost, none made up
        for entry, lines in zip(entries, texts, strict=True):
            counts.hands += 1
            if isinstance(entry, pokerstars.OtherGame):
                counts.other_games += 1
                assert "Hold'em" not in lines[0]  # RULES 11.4: only other games pass over
                continue
            if isinstance(entry, pokerstars.Unreadable):
                counts.unreadable += 1
                counts.reasons[entry.reason] += 1
                continue
            check = pokerstars.reconcile(entry)
            if not check.reconciled:
                counts.not_reconciled += 1
                counts.reasons[str(check.problem)] += 1
                continue
            counts.reconciled += 1
            assert check.hand is not None and check.hand.result is not None
            book = ledger(lines)
            assert book.number == entry.number
            replayed = engine_finals(entry, check.hand.result.stacks)
            won = {name for name in replayed if book.collected.get(name)}
            fits = []
            for finals in book.finals():
                taken = {name: replayed[name] - finals[name] for name in replayed}
                # Each player's share of the rake is never negative (but where the site
                # dropped money into the pot, which the engine's pot has not), and it is
                # all the rake.
                fair = all(t >= 0 or (n in won and book.drop) for n, t in taken.items())
                fits.append(fair and sum(taken.values()) == book.rake - book.drop)
                # Players the reader leaves out (sitting out) put in nothing, won nothing.
                for name in set(book.start) - set(replayed):
                    assert finals[name] == book.start[name], (path, entry.number, name)
            assert any(fits), (path.name, entry.number)
    with capsys.disabled():
        print(f"\n{site} histories, read in place:")
        print(
            f"  {'source':<24}{'files':>6}{'hands':>7}{'reconciled':>11}{'not':>5}"
            f"{'unreadable':>11}{'other game':>11}{'no hand':>8}"
        )
        for source, c in table.items():
            print(
                f"  {source[:24]:<24}{c.files:>6}{c.hands:>7}{c.reconciled:>11}"
                f"{c.not_reconciled:>5}{c.unreadable:>11}{c.other_games:>11}"
                f"{c.not_recognised:>8}"
            )
            for reason, times in c.reasons.most_common(3):
                print(f"    {times} x {reason}")
    hands = sum(c.hands for c in table.values())
    reconciled = sum(c.reconciled for c in table.values())
    other = sum(c.other_games for c in table.values())
    empty = sum(c.not_recognised for c in table.values())
    # Every Hold'em hand reconciles; the Omaha hands are passed over; a PokerStars
    # tournament summary holds no hand.
    assert (hands, reconciled, other, empty) == EXPECTED[site]
