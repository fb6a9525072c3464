"""The terminal interface: a full-screen table to play against bots (``bigblind play``).

:mod:`bigblind.ui.game` holds the game apart from any screen;
:mod:`bigblind.ui.table_app` is the textual app that shows it. Importing this
package loads neither: textual is imported only when the app is used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bigblind.ui.game import Game, GameConfig
    from bigblind.ui.table_app import TableApp

__all__ = ["Game", "GameConfig", "TableApp"]


def __getattr__(name: str) -> Any:
    """Load :class:`TableApp`, :class:`Game` and :class:`GameConfig` on first use."""
    if name == "TableApp":
        from bigblind.ui.table_app import TableApp

        return TableApp
    if name in ("Game", "GameConfig"):
        from bigblind.ui import game

        return getattr(game, name)
    raise AttributeError(f"module 'bigblind.ui' has no attribute {name!r}")
