"""The live game's history files: each hand appended as PHH and PokerStars text as it ends."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path

from bigblind.errors import HistoryError
from bigblind.sessions.histories import append_text
from bigblind.sessions.live import (
    BoardExposed,
    ErrorReported,
    LiveHand,
    Misdealt,
    ProcedureApplied,
    StubShuffled,
    Undone,
)
from bigblind.ui.live_text import record_lines

__all__ = ["append_hand", "session_files"]

_RULINGS = (BoardExposed, ErrorReported, Misdealt, ProcedureApplied, StubShuffled, Undone)
"""The events of a dealer's error and its ruling (RULES 9), and the dealer's undos, kept
in the PHH record: the steps undone are gone from the hand, the undo itself is not."""


def session_files(folder: Path) -> tuple[Path, Path]:
    """The session's PHH file and PokerStars text in ``folder``, named by the time now."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return folder / f"live-{stamp}.phhs", folder / f"live-{stamp}.txt"


def append_hand(
    live: LiveHand,
    number: int,
    files: tuple[Path, Path],
    started: datetime.datetime,
    players: Sequence[str],
) -> str | None:
    """Append hand ``number``, played by ``players`` (names in the hand's seat order), to
    the PHH file (with every ruling) and the PokerStars text, flushed; returns why the PHH
    could not be written (pot limit has no PHH variant)."""
    from bigblind.formats import pokerstars
    from bigblind.formats.phh import section

    phh_file, stars_file = files
    names = list(players)
    fields: dict[str, object] = {"hand": number, "players": names, "event": "live game"}
    rulings = record_lines([e for e in live.events if isinstance(e, _RULINGS)], names)
    if live.deal_number > 1:
        fields["_misdeals"] = live.deal_number - 1
    if rulings:
        fields["_rulings"] = rulings
    problem = None
    try:
        # The finishing stacks last: a hand a crash cut short is found and left out.
        append_text(phh_file, section(live.hand, number=number, **fields))
    except HistoryError as error:  # the PokerStars text is still written
        problem = str(error)
    stars = pokerstars.dumps(
        live.hand,
        hand_id=int(f"{started:%Y%m%d%H%M%S}") * 1000 + number,
        table="bigblind live",
        players=names,
        when=pokerstars.eastern_now(),  # PokerStars stamps Eastern time, and says so
        max_seats=max(len(names), 2),
    )
    append_text(stars_file, stars.rstrip("\n") + "\n\n\n")
    return problem
