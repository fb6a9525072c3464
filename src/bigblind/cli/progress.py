"""Progress of long commands on a terminal, and the one line a command prints when stopped.

:class:`Progress` draws a bar (rich's) on the error stream while work goes
on, only when that stream is a terminal and the command prints no JSON: piped
or scripted output stays clean.

>>> import io
>>> with Progress(io.StringIO(), "hands", total=100) as bar:
...     bar.update(50)
>>> bar.enabled
False
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import rich.progress

__all__ = ["STOPPED", "Progress", "is_terminal"]

STOPPED = "stopped (Ctrl-C)"
"""What a command says, after its name, when Ctrl-C stops it."""


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a person watches it)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


class Progress:
    """A progress bar of ``total`` ``unit`` on ``stream``; silent unless a terminal shows it.

    ``quiet`` (for ``--json``) keeps it silent on a terminal too. Use it as a
    context manager; :meth:`update` (or calling it as ``bar(done, total)``)
    moves it.
    """

    def __init__(self, stream: TextIO, unit: str, *, total: int, quiet: bool = False) -> None:
        self.enabled = not quiet and is_terminal(stream)
        self.unit = unit
        self.total = total
        self._stream = stream
        self._bar: rich.progress.Progress | None = None
        self._task: rich.progress.TaskID | None = None

    def __enter__(self) -> Progress:
        if self.enabled:
            import rich.console
            import rich.progress

            columns = (
                rich.progress.TextColumn("[bold]{task.description}"),
                rich.progress.BarColumn(),
                rich.progress.MofNCompleteColumn(),
                rich.progress.TextColumn(self.unit),
                rich.progress.TimeElapsedColumn(),
                rich.progress.TextColumn("left"),
                rich.progress.TimeRemainingColumn(),
            )
            console = rich.console.Console(file=self._stream)
            self._bar = rich.progress.Progress(*columns, console=console, transient=True)
            self._bar.start()
            self._task = self._bar.add_task("", total=self.total)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def update(self, done: int, total: int | None = None, *, note: str = "") -> None:
        """Show ``done`` of ``total`` (the total given at the start when None)."""
        if total is not None:
            self.total = total
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=done, total=self.total, description=note)

    def __call__(self, done: int, total: int) -> None:
        """``update(done, total)``: the form work functions call back."""
        self.update(done, total)

    def close(self) -> None:
        """Take the bar off the screen."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
