"""Run the chunks of a simulation or a series of tournaments as Ray tasks.

A *runner* takes a function and its inputs (the chunks of a run) and yields
the function's results, in any order. :func:`in_order` is the plain one:
every chunk in turn, in this process. :func:`ray_runner` gives one that sends
each chunk to a `Ray <https://www.ray.io>`_ cluster as a task, at most
``workers`` at a time: a Ray instance started on this machine for the run,
or an existing cluster joined at ``address``. Whatever ran where, the chunks
are seeded on their own and merged in their order, so a seed gives exactly
the same result with either runner (see :mod:`bigblind.bots.matches`).

Ray is optional: ``pip install 'bigblind[distributed]'``. Every machine of
a cluster needs the same version of bigblind installed.

>>> list(in_order(lambda n: n * n, [1, 2, 3]))
[1, 4, 9]
"""

from __future__ import annotations

import importlib
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

from bigblind.errors import BigblindError

__all__ = ["INSTALL", "DistributedError", "Runner", "in_order", "ray_available", "ray_runner"]

INSTALL: Final = "pip install 'bigblind[distributed]'"
"""How to install what :func:`ray_runner` needs."""

# How long leaving a run keeps asking its running tasks to stop.
_CANCEL_SECONDS: Final = 10.0

_T = TypeVar("_T")
_R = TypeVar("_R")


class DistributedError(BigblindError):
    """Ray is not installed, or the cluster asked for cannot be joined or started."""


class Runner(Protocol):
    """Runs ``work`` on each of ``items`` and yields the results, in any order."""

    def __call__(self, work: Callable[[_T], _R], items: Sequence[_T], /) -> Iterator[_R]:
        """Yield ``work(item)`` for every item, as each is done."""
        ...


def in_order(work: Callable[[_T], _R], items: Sequence[_T], /) -> Iterator[_R]:
    """Run ``work`` on every item, one after another, in this process."""
    for item in items:
        yield work(item)


def ray_available() -> bool:
    """Whether Ray can be imported here.

    >>> isinstance(ray_available(), bool)
    True
    """
    try:
        importlib.import_module("ray")
    except ImportError:
        return False
    return True


@contextmanager
def ray_runner(
    address: str | None = None, *, num_cpus: int | None = None, workers: int | None = None
) -> Iterator[Runner]:
    """A runner on Ray, for the ``with`` block: a new local instance, or the cluster at ``address``.

    ``num_cpus`` caps the local instance (default: every core of this
    machine); ``workers`` is how many chunks run at once (default: every CPU
    of the cluster). A Ray instance this process already started is used as
    it is. On leaving the block the chunks still running are cancelled and a
    local instance started here is shut down. Raises :class:`DistributedError`
    when Ray is missing or the cluster cannot be joined.
    """
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise DistributedError(f"workers {workers!r} must be a whole number, 1 or more")
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {
            "include_dashboard": False,
            "logging_level": logging.ERROR,
            "log_to_driver": False,
        }
        if address is None:
            options.update(address="local", num_cpus=num_cpus)
        else:
            options.update(address=address)
        try:
            ray.init(**options)
        except KeyboardInterrupt:  # Ctrl-C while Ray starts: stop what has started
            ray.shutdown()
            raise
        except Exception as error:  # Ray raises many kinds (ConnectionError, RuntimeError...)
            where = "start Ray on this machine" if address is None else f"join {address!r}"
            raise DistributedError(f"could not {where}: {error}") from error
        started = True
    try:
        yield _RayRunner(ray, workers)
    finally:
        if started:
            ray.shutdown()


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise DistributedError(
            f"running on Ray needs Ray, which is not installed: {INSTALL}"
        ) from None


@dataclass(frozen=True, slots=True)
class _Failure:
    """A chunk stopped by a :class:`BigblindError`, sent back to be raised here."""

    error: BigblindError


def _run_one(work: Callable[[_T], _R], item: _T) -> _R | _Failure:
    try:
        return work(item)
    except BigblindError as error:
        return _Failure(error)


class _RayRunner:
    """Sends each item to Ray as a task, keeping at most ``workers`` in flight."""

    def __init__(self, ray: Any, workers: int | None) -> None:
        self._ray = ray
        self._workers = workers

    def __call__(self, work: Callable[[_T], _R], items: Sequence[_T], /) -> Iterator[_R]:
        ray = self._ray
        limit = self._workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(_run_one)
        shared = ray.put(work)  # sent once, not with every chunk
        waiting = list(items)[::-1]
        pending: list[Any] = []
        try:
            while True:
                while waiting and len(pending) < limit:
                    pending.append(task.remote(shared, waiting.pop()))
                if not pending:
                    return
                # A short timeout keeps Ctrl-C prompt while waiting.
                ready, pending = ray.wait(pending, num_returns=1, timeout=0.2)
                for ref in ready:
                    outcome = ray.get(ref)
                    if isinstance(outcome, _Failure):
                        raise outcome.error
                    yield outcome
        finally:
            _cancel(ray, pending)


def _cancel(ray: Any, pending: list[Any]) -> None:
    """Stops the tasks of ``pending``, asking again while any still runs.

    A cancel that reaches a task while Ray is still placing it can be lost, and the
    task would then hold its CPU to the end: each is asked until it has ended, for
    a few seconds at most (each pass ends as soon as the tasks have).
    """
    deadline = time.monotonic() + _CANCEL_SECONDS
    while pending:
        for ref in pending:
            ray.cancel(ref, force=True)
        if time.monotonic() >= deadline:
            return
        _, pending = ray.wait(pending, num_returns=len(pending), timeout=0.5)
