"""Chunks as Ray tasks: the same seed gives exactly the same results as in one process.

Ray starts once for the whole test session (it takes seconds): a local instance
with two CPUs. ``workers=1`` runs one chunk at a time on it, ``workers=2`` two
at once, finishing in whatever order they finish.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import time
from collections.abc import Generator, Iterator
from typing import Any

import pytest

from bigblind.bots import UnknownBotError, make_bot
from bigblind.bots.distributed import ray_runner
from bigblind.bots.matches import simulate
from bigblind.bots.series import TournamentPlan, play_series
from bigblind.cli import simulate as simulate_cli
from bigblind.cli import tournament as tournament_cli


@pytest.fixture(scope="session")
def ray() -> Iterator[Any]:
    module = pytest.importorskip(
        "ray",
        reason="Ray is not installed: pip install 'bigblind[distributed]'",
        exc_type=ImportError,
    )
    module.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield module
    module.shutdown()


def as_json(document: dict[str, Any]) -> str:
    return json.dumps(document, sort_keys=True)


def test_one_process_one_worker_and_two_workers_agree_exactly(ray: Any) -> None:
    names = ["tag", "station", "random"]
    kwargs: dict[str, Any] = {"hands": 72, "seed": 11, "chunk_deals": 3}  # 8 chunks
    here = simulate(names, **kwargs)
    for workers in (1, 2):
        with ray_runner(workers=workers) as runner:
            there = simulate(names, runner=runner, **kwargs)
        assert as_json(there.as_dict()) == as_json(here.as_dict()), workers
        assert there.bots == here.bots and there.cumulative == here.cumulative
    assert ray.is_initialized()  # a Ray instance started by someone else is left running


def test_a_tournament_series_agrees_exactly(ray: Any) -> None:
    plan = TournamentPlan(players=4, bots=("station", "random"), starting_stack=200)
    here = play_series(plan, runs=6, seed=5)
    for workers in (1, 2):
        with ray_runner(workers=workers) as runner:
            there = play_series(plan, runs=6, seed=5, runner=runner)
        assert as_json(there.as_dict()) == as_json(here.as_dict())
        assert there.results == here.results


def run_cli(module: Any, argv: list[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="bigblind")
    module.add_parser(parser.add_subparsers())
    out, err = io.StringIO(), io.StringIO()
    code = module.run(parser.parse_args(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_commands_print_the_same_json_on_ray(ray: Any) -> None:
    # The object engine plays on Ray (the batch engine plays on this machine's cores).
    argv = ["simulate", "--bots", "station,random", "--hands", "500", "--seed", "3", "--json"]
    argv += ["--engine", "object"]
    local = run_cli(simulate_cli, argv)
    assert local[0] == 0
    assert run_cli(simulate_cli, [*argv, "--backend", "ray"]) == local
    argv = [
        "tournament",
        "--players",
        "4",
        "--runs",
        "3",
        "--seed",
        "2",
        "--json",
        "--bots",
        "tag,random",
    ]
    local = run_cli(tournament_cli, argv)
    assert local[0] == 0 and json.loads(local[1])["runs"] == 3
    assert run_cli(tournament_cli, [*argv, "--backend", "ray"]) == local


def test_an_error_in_a_task_is_raised_as_itself(ray: Any) -> None:
    with ray_runner() as runner, pytest.raises(UnknownBotError, match="there is no bot 'shark'"):
        list(runner(functools.partial(make_bot, seed=1), ["tag", "shark"]))


def test_leaving_early_cancels_the_tasks_still_running(ray: Any) -> None:
    with ray_runner(workers=3) as runner:  # all three sent at once, two run at a time
        results = runner(time.sleep, [0.0, 120.0, 120.0])
        assert next(results) is None  # the two long ones now hold both CPUs
        assert isinstance(results, Generator)
        results.close()  # as when Ctrl-C stops the run
        start = time.monotonic()
        # both CPUs are free again: these would otherwise wait two minutes
        assert sorted(runner(abs, [-1, -2])) == [1, 2]
        assert time.monotonic() - start < 60
