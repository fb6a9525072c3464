"""What bigblind's two databases share, the room's event store and the tracker's hands:
where their SQLite file lives when no URL is given, and their Alembic migrations, which
ship inside the package.

>>> default_sqlite_url("rooms.sqlite3").startswith("sqlite:///")
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["default_sqlite_url", "migrate"]


def default_sqlite_url(file_name: str) -> str:
    """The URL of ``file_name`` in the user's data directory (the directory is created)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("bigblind", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / file_name}"


def migrate(engine: Any, scripts: Path) -> None:
    """Create or upgrade the schema in ``engine`` to the newest revision of the Alembic
    migrations in the folder ``scripts``."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(scripts))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
