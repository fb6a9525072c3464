"""The hand database: opened by URL, migrated by Alembic, written a batch of hands at a time.

SQLite (a file in the user's data directory by default) or any SQLAlchemy
URL, PostgreSQL included. A hand is stored once: its key (site and hand
number, or a hash of its content where it has no number) is unique, and a
batch stores only the hands whose keys are not there yet.

>>> db = Database("sqlite://")
>>> db.hand_count()
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bigblind.databases import default_sqlite_url
from bigblind.databases import migrate as migrate_schema
from bigblind.errors import BigblindError
from bigblind.tracker.facts import FLAGS, HandFacts
from bigblind.tracker.luck import AllIn

__all__ = ["Database", "DatabaseError", "FileRecord", "default_database_url", "migrate"]

_KEYS_AT_ONCE = 500  # keys in one IN (...) list: within every database's limits


class DatabaseError(BigblindError):
    """A database that cannot be opened or written (its URL, driver or schema)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FileRecord:
    """A file read before: its size then, the SHA-256 of those bytes, and the character
    where reading goes on when it has grown."""

    path: str
    size: int
    digest: str
    offset: int


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    return default_sqlite_url("tracker.sqlite3")


def migrate(engine: Any) -> None:
    """Create or upgrade the tracker's schema to the newest revision."""
    migrate_schema(engine, Path(__file__).parent / "migrations")


class Database:
    """The tracker's tables in the database at ``url``; the schema is migrated on opening."""

    def __init__(self, url: str) -> None:
        try:
            from sqlalchemy import create_engine, event
            from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
        except ImportError:
            raise DatabaseError(
                "the tracker needs SQLAlchemy and Alembic: pip install 'bigblind[server]'"
            ) from None
        self.url = url
        try:
            engine = create_engine(url)
        except (ArgumentError, NoSuchModuleError, ImportError) as error:
            raise DatabaseError(
                f"cannot use the database {url!r}: {error}; give an SQLAlchemy URL such as"
                " sqlite:///hands.sqlite3 or postgresql+psycopg://user@host/db"
            ) from None
        if url.startswith("sqlite"):

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                # WAL: stats may be read while an import writes; NORMAL: a commit survives
                # a killed process.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                # Statistics read a player's rows in one sweep: mapped pages, no copies.
                cursor.execute("PRAGMA mmap_size=1073741824")
                cursor.close()

        self.engine = engine
        try:
            migrate(engine)
        except SQLAlchemyError as error:
            raise DatabaseError(f"cannot open the database {url!r}: {error.args[0]}") from None

    def close(self) -> None:
        """Let go of the database's connections."""
        self.engine.dispose()

    def hand_count(self) -> int:
        """How many hands are stored."""
        from sqlalchemy import func, select

        from bigblind.tracker.schema import hands

        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(hands)).scalar_one())

    def file_record(self, path: str) -> FileRecord | None:
        """What was recorded of ``path`` when it was last read, or None."""
        from sqlalchemy import select

        from bigblind.tracker.schema import files

        with self.engine.connect() as connection:
            row = connection.execute(select(files).where(files.c.path == path)).first()
        if row is None:
            return None
        return FileRecord(path=row.path, size=row.size, digest=row.digest, offset=row.offset)

    def store(
        self,
        batch: Sequence[tuple[HandFacts, AllIn | None]],
        *,
        file: str,
        record: FileRecord | None = None,
    ) -> int:
        """Store the hands of ``batch`` not stored yet (and ``record``, in the same
        transaction); return how many were new. Raises :class:`DatabaseError` when the
        database refuses them (another import writing at the same time, say): nothing of
        the batch is stored then."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            return self._store(batch, file=file, record=record)
        except SQLAlchemyError as error:
            reason = (str(getattr(error, "orig", None) or error).splitlines() or ["?"])[0]
            raise DatabaseError(
                f"cannot store hands in {self.url}: {reason} (is another import writing to it?)"
            ) from None

    def _store(
        self,
        batch: Sequence[tuple[HandFacts, AllIn | None]],
        *,
        file: str,
        record: FileRecord | None,
    ) -> int:
        from sqlalchemy import delete, func, insert, select

        from bigblind.tracker.schema import files, hands, player_hands

        with self.engine.begin() as connection:
            keys = list({facts.key for facts, _ in batch})
            present: set[str] = set()
            for at in range(0, len(keys), _KEYS_AT_ONCE):
                chunk = keys[at : at + _KEYS_AT_ONCE]
                present.update(
                    connection.execute(select(hands.c.key).where(hands.c.key.in_(chunk))).scalars()
                )
            next_id = (
                int(connection.execute(select(func.coalesce(func.max(hands.c.id), 0))).scalar_one())
                + 1
            )
            hand_rows: list[dict[str, Any]] = []
            player_rows: list[dict[str, Any]] = []
            for facts, luck in batch:
                if facts.key in present:
                    continue
                present.add(facts.key)
                hand_rows.append(_hand_row(facts, next_id, file, luck))
                player_rows.extend(_player_rows(facts, next_id, luck))
                next_id += 1
            if hand_rows:
                connection.execute(insert(hands), hand_rows)
                connection.execute(insert(player_hands), player_rows)
            if record is not None:
                connection.execute(delete(files).where(files.c.path == record.path))
                connection.execute(
                    insert(files),
                    [
                        {
                            "path": record.path,
                            "size": record.size,
                            "digest": record.digest,
                            "offset": record.offset,
                        }
                    ],
                )
        return len(hand_rows)


def _hand_row(facts: HandFacts, hand_id: int, file: str, luck: AllIn | None) -> dict[str, Any]:
    return {
        "id": hand_id,
        "key": facts.key,
        "site": facts.site,
        "number": facts.number,
        "game": facts.game[:80],
        "stakes": facts.stakes[:60],
        "big_blind": facts.big_blind,
        "played_at": facts.played_at,
        "board": facts.board[:40],
        "players": len(facts.players),
        "allin": int(luck is not None),
        "file": file[:1000],
    }


def _player_rows(facts: HandFacts, hand_id: int, luck: AllIn | None) -> list[dict[str, Any]]:
    rows = []
    for p in facts.players:
        ev = luck.ev_net.get(p.seat) if luck is not None else None
        row: dict[str, Any] = {
            "hand_id": hand_id,
            "seat": p.seat,
            "player": p.player,
            "position": p.position,
            "cards": p.cards[:40],
            "game": facts.game[:80],
            "stakes": facts.stakes[:60],
            "played_at": facts.played_at,
            "big_blind": facts.big_blind,
            "net": p.net,
            "ev_net": float(p.net) if ev is None else ev,
            "allin": int(ev is not None),
        }
        for name in FLAGS:
            row[name] = getattr(p, name)
        rows.append(row)
    return rows
