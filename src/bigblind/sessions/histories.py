"""The hand histories of a session at a table, one hand appended as it ends.

Two records are kept (RULES 3.4, 6.8):

* the player's own, in the history folder: PHH (``.phhs``) and PokerStars
  text (``.txt``) of what that player saw: their cards, the cards shown,
  never an opponent's folded or mucked cards;
* the house's, in a folder of its own beside it (never the player's folder):
  every card, as the dealer knows the hand.

The player's record is written from the hand as that player saw it
(:meth:`~bigblind.engine.hand.Hand.seen`), never cut out of the house's.
Each hand is appended to the files and flushed to disk when it ends, so a
crash loses at most the hand being played, and writing costs the same at
hand 1,000 as at hand 1.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bigblind.engine.views import HOUSE
from bigblind.errors import BigblindError, HistoryError

if TYPE_CHECKING:
    from datetime import datetime

    from bigblind.engine.hand import Hand
    from bigblind.sessions.table import HandRecord

__all__ = ["HistoryFiles", "append_text", "check_folder", "house_folder"]


def house_folder(history_dir: Path) -> Path:
    """The house's folder beside the player's: ``bigblind-histories-house``.

    >>> house_folder(Path("games/bigblind-histories")).as_posix()
    'games/bigblind-histories-house'
    """
    return history_dir.with_name(history_dir.name + "-house")


def check_folder(folder: Path) -> str | None:
    """Why hand histories cannot be written in ``folder``, or None when they can.

    The folder is made if missing; a file is made and removed in it to be sure.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".bigblind-write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        return f"{folder} cannot be written: {error.strerror or error}"
    return None


def append_text(path: Path, text: str) -> None:
    """Append ``text`` to ``path`` (made if missing) and flush it to the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())


@dataclass(slots=True)
class HistoryFiles:
    """Where a session's hand histories go, and how many hands they hold.

    ``phh`` and ``pokerstars`` are the player's files; ``house`` the full
    record (PHH). ``error`` is the last failure to write, ``phh_error`` why
    the game has no PHH (pot limit).
    """

    phh: Path
    pokerstars: Path
    house: Path | None = None
    hands: int = 0
    phh_error: str | None = None
    error: str | None = None
    written: bool = False

    def append(
        self,
        hand: Hand,
        seat: int | None,
        fields: Mapping[str, object],
        pokerstars_text: str,
    ) -> bool:
        """Append one finished hand: the player's view, and the house's record; False on error."""
        from bigblind.formats.phh import append_section, section

        number = self.hands + 1
        try:
            phh_seen = phh_full = None
            try:
                # The finishing stacks last: a hand a crash cut short is found and left out.
                phh_seen = section(hand.seen(seat), number=number, **fields)
                phh_full = section(hand.seen(HOUSE), number=number, **fields)
            except HistoryError as error:
                self.phh_error = str(error)
            # PHH through the append-safe writer: a hand a crash cut short is cut away.
            if phh_seen is not None:
                self.phh.parent.mkdir(parents=True, exist_ok=True)
                append_section(self.phh, phh_seen)
            append_text(self.pokerstars, pokerstars_text.rstrip("\n") + "\n\n\n")
            if self.house is not None and phh_full is not None:
                self.house.parent.mkdir(parents=True, exist_ok=True)
                append_section(self.house, phh_full)
        except OSError as error:
            self.error = f"{error.filename or self.phh.parent}: {error.strerror or error}"
            return False
        self.error = None
        self.written = True
        self.hands = number
        return True

    @classmethod
    def for_session(cls, folder: Path, house: Path, stem: str) -> HistoryFiles:
        """The files of a new session named ``stem`` in ``folder`` (``stem-2`` ... when
        taken), and the house's record in ``house``."""
        number = 1
        while True:
            name = stem if number == 1 else f"{stem}-{number}"
            phh = folder / f"{name}.phhs"
            stars = folder / f"{name}.txt"
            if not phh.exists() and not stars.exists():
                return cls(phh, stars, house / f"{name}-house.phhs")
            number += 1

    def append_record(
        self,
        record: HandRecord,
        *,
        hero: str,
        first_id: int,
        when: datetime,
        event: str,
        level: int | None,
        table: str,
    ) -> bool:
        """Append a table's finished hand as ``hero`` saw it; False on error.

        PokerStars hand ids are ``first_id`` * 1000 plus the hand number; ``level``
        is the tournament level, None at a cash table.
        """
        from bigblind.formats import pokerstars

        seat = record.names.index(hero) if hero in record.names else None
        tournament = None if level is None else pokerstars.Tournament(first_id, level=level)
        try:
            stars = pokerstars.dumps(
                record.hand.seen(seat),
                hand_id=first_id * 1000 + record.number,
                table=table if record.table_name is None else str(record.table_name),
                players=list(record.names),
                when=when,
                seat_numbers=[s + 1 for s in record.seats],
                hero=seat,
                max_seats=record.seat_count,
                tournament=tournament,
                rake=record.rake,
            )
        except BigblindError as error:
            self.error = f"PokerStars text: {error}"
            return False
        return self.append(record.hand, seat, {"event": event, **record.phh_fields()}, stars)

    def summary(self) -> list[str]:
        """Lines that say where the histories are (or why they are not)."""
        lines: list[str] = []
        if self.error is not None:
            lines.append(f"Hand histories could not be written: {self.error}")
        if not self.written:
            return lines or ["No hand was finished: no hand history was written."]
        plural = "" if self.hands == 1 else "s"
        lines.append(f"Hand histories of {self.hands} hand{plural}:")
        if self.phh_error is None:
            lines.append(f"  PHH         {self.phh}")
        else:
            lines.append(f"  PHH         not written: {self.phh_error}")
        lines.append(f"  PokerStars  {self.pokerstars}")
        if self.house is not None and self.phh_error is None:
            lines.append(f"  Every card (the house's record, to review): {self.house}")
        return lines
