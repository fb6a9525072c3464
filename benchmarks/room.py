"""Committed actions per second and latency of the room server, through its WebSocket protocol.

Starts ``bigblind serve`` on loopback with a fresh database, creates T tables of
six seats (open seating, no pause between hands) and connects one client per
seat; each client acts as soon as it is its turn (facing a bet: fold 15%,
raise to the minimum 10%, else call; facing none: bet the minimum 10%, else
check), tops up when broke. Measured over ``--seconds`` after a warm-up:

- committed actions per second (an action counts when its state reaches the actor:
  the server sends nothing before the commit);
- p50 and p99 latency from an action sent to the acting client's receipt of the
  resulting state;
- the server's resident memory at the end.

For T = 1, 10 and 100, on SQLite and on PostgreSQL (``--postgres URL`` or
``BIGBLIND_TEST_POSTGRES_URL``; skipped when neither is set).

``--flood`` measures T tables (10 unless ``--tables`` says) quiet and then beside a client
flooding the server from every tab it may open (chat, actions out of turn, garbage), in
turns, and prints the median p99 of each and their ratio (the floor: 2x).

``--processes 1,2,3`` measures rooms spread over that many server processes on
one PostgreSQL database instead (T tables, each made on, and played through,
process t mod P; server CPU summed over the processes).

    python benchmarks/room.py
    python benchmarks/room.py --seconds 5 --json
    python benchmarks/room.py --processes 1,2,3 --tables 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

SEATS = 6
TABLES = (1, 10, 100)
FLOOR_ACTIONS = 500  # committed actions per second at T = 100 on SQLite
FLOOR_P99_MS = 100.0


class Seat:
    """One client: acts when it is its turn and times each action to the resulting state."""

    def __init__(self, ws: ClientConnection, rng: random.Random, stats: Stats) -> None:
        self.ws = ws
        self.rng = rng
        self.stats = stats
        self.sent_at: float | None = None
        self.acted: tuple[int, int] | None = None
        self.topped = -1
        self.state: dict[str, Any] | None = None

    async def run(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                if _nothing_to_do(text):
                    # Not this seat's turn and nobody out of the hand: all the state can
                    # do here is end the wait for an action sent (as on_state would).
                    if self.sent_at is not None:
                        self.stats.record(time.perf_counter() - self.sent_at)
                        self.sent_at = None
                    continue
                message = orjson.loads(text)
                if message["type"] == "state":
                    self.state = message["state"]
                    await self.on_state(self.state)

    async def on_state(self, state: dict[str, Any]) -> None:
        now = time.perf_counter()
        if self.sent_at is not None:
            self.stats.record(now - self.sent_at)
            self.sent_at = None
        me = state["you"]
        hand = state["hand"]
        seat = state["seats"][me] if me is not None else None
        if seat is not None and seat["stack"] == 0 and not seat["in_hand"]:
            if self.topped != state["hands_played"]:
                self.topped = state["hands_played"]
                await self.send({"type": "top_up", "chips": 200}, timed=False)
            return
        if hand is None or hand["actor"] != me or hand["legal"] is None:
            return
        position = (hand["number"], len(hand["log"]))
        if position == self.acted:
            return
        self.acted = position
        decision = {"hand": hand["number"], "decision": hand["decision"]}
        await self.send({**self.choose(hand["legal"]), **decision}, timed=True)

    def choose(self, legal: dict[str, Any]) -> dict[str, Any]:
        roll = self.rng.random()
        low = legal["min_raise_to"]
        if legal["check"]:
            if low is not None and roll < 0.1:
                return {"type": "act", "action": "bet" if legal["bet"] else "raise", "amount": low}
            return {"type": "act", "action": "check"}
        if roll < 0.15:
            return {"type": "act", "action": "fold"}
        if low is not None and roll < 0.25:
            return {"type": "act", "action": "raise", "amount": low}
        return {"type": "act", "action": "call"}

    async def send(self, message: dict[str, Any], *, timed: bool) -> None:
        if timed:
            self.sent_at = time.perf_counter()
        await self.ws.send(json.dumps({"v": 1, **message}))


def _nothing_to_do(text: str | bytes) -> bool:
    """Whether a message is a state that asks nothing of its seat, read without parsing it.

    The server sends every tab a whole state after each action; the clients share the
    server's two cores, so each reads in full only what may ask something of it: its
    turn (its legal actions are in its own view alone), a hand over, or a seat out of
    the hand (it may be its own, broke). Anything else (``json.dumps`` spacing, another
    type) is read in full.
    """
    if isinstance(text, bytes):
        return False
    return text.startswith('{"v":1,"type":"state"') and (
        '"legal":null' in text and '"in_hand":false' not in text
    )


class Stats:
    """Latencies of the actions answered inside the measured window."""

    def __init__(self) -> None:
        self.measuring = False
        self.latencies: list[float] = []

    def record(self, seconds: float) -> None:
        if self.measuring:
            self.latencies.append(seconds)


def server_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")  # pragma: no cover - not Linux


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# Every client of the benchmark comes from one address: the per-address limits, meant for
# strangers, are opened so that they measure the tables; the per-person ones stay.
ONE_ADDRESS = [
    f"--limit={name}=1000000"
    for name in (
        "connections_per_address",
        "address_messages_per_second",
        "rooms_per_hour",
        "requests_per_second",
    )
]


@contextlib.contextmanager
def server(database: str, *extra: str) -> Any:
    port = free_port()
    command = [sys.executable, "-m", "bigblind.cli.main", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--database", database, *ONE_ADDRESS, *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if process.poll() is not None:
                raise SystemExit(f"the server exited: {process.stderr.read().decode()}")  # type: ignore[union-attr]
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(f"{base}/api/rooms/none", timeout=1)
                break
            time.sleep(0.1)
        yield base, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


async def flood(base: str, stop: asyncio.Event, sent: list[int]) -> None:
    # sent[0] counts the messages sent, sent[1] the answers read.
    """A seated person flooding from every tab allowed: chat lines, actions out of turn,
    garbage and deep JSON, as fast as the sockets take them, each tab connecting again
    when it is cut off; answers read and dropped."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        room = (await http.post("/api/rooms", json={"open_seating": True})).json()["room"]
        body = {"name": "flood", "seat": 0, "buy_in": 100}
        token = (await http.post(f"/api/rooms/{room}/seats", json=body)).json()["token"]
    url = base.replace("http", "ws", 1) + f"/api/rooms/{room}/ws?token={token}"
    junk = [
        json.dumps({"v": 1, "type": "chat", "text": "spam " * 50}),
        json.dumps({"v": 1, "type": "act", "hand": 1, "decision": 0, "action": "raise"}),
        json.dumps({"v": 1, "type": "preset", "hand": 1, "decision": 0, "preset": "xinf"}),
        "[" * 4000,
        "not json",
        json.dumps({"v": 1, "type": "top_up", "chips": "6"}),
    ]

    async def one_tab(n: int) -> None:
        # Cut off for flooding, it connects again at once, as an attacker would.
        i = n
        while not stop.is_set():
            with contextlib.suppress(Exception):
                async with connect(url, max_size=2**22, compression=None) as ws:

                    async def drain() -> None:
                        with contextlib.suppress(Exception):
                            async for _ in ws:
                                sent[1] += 1

                    reader = asyncio.create_task(drain())
                    while not stop.is_set():
                        await ws.send(junk[i % len(junk)])
                        sent[0] += 1
                        i += 1
                        if i % 20 == 0:
                            await asyncio.sleep(0)  # let the measured clients run too
                    reader.cancel()
            await asyncio.sleep(0.01)

    await asyncio.gather(*(one_tab(n) for n in range(8)))


async def drive(
    base: str,
    tables: int,
    seconds: float,
    warmup: float,
    pid: int | None = None,
    flooding: bool = False,
) -> dict[str, float]:
    stats = Stats()
    seats: list[Seat] = []
    settings = {
        "seats": SEATS,
        "open_seating": True,
        "next_hand_seconds": 0,
        "decision_seconds": 600,
        "min_buy_in": 40,
        "max_buy_in": 200,
    }
    limit = asyncio.Semaphore(8)  # tables set up at once

    async def set_up(http: httpx.AsyncClient, t: int) -> None:
        async with limit:
            room = (await http.post("/api/rooms", json=settings)).json()["room"]
            for s in range(SEATS):
                body = {"name": f"p{s}", "seat": s, "buy_in": 200}
                token = (await http.post(f"/api/rooms/{room}/seats", json=body)).json()["token"]
                url = base.replace("http", "ws", 1) + f"/api/rooms/{room}/ws?token={token}"
                ws = await connect(url, max_size=2**22, compression=None)
                seats.append(Seat(ws, random.Random(t * SEATS + s), stats))

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        await asyncio.gather(*(set_up(http, t) for t in range(tables)))
    gc.collect()
    gc.freeze()  # what setting up left behind is never collected: shorter pauses
    tasks = [asyncio.create_task(seat.run()) for seat in seats]
    stop, sent = asyncio.Event(), [0, 0]  # messages the flooder sent, answers it received
    flooder = asyncio.create_task(flood(base, stop, sent)) if flooding else None
    await asyncio.sleep(warmup)
    stats.measuring = True
    start = time.perf_counter()
    server_cpu = cpu_seconds(pid) if pid else 0.0
    client_cpu = time.process_time()
    flooded, answered = sent
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed = time.perf_counter() - start
    flooded, answered = sent[0] - flooded, sent[1] - answered
    server_cpu = (cpu_seconds(pid) if pid else 0.0) - server_cpu
    client_cpu = time.process_time() - client_cpu
    stop.set()
    if flooder is not None:
        # Its sends wait on the server, which reads them at the rate: cut them off.
        flooder.cancel()
        await asyncio.gather(flooder, return_exceptions=True)
    for seat in seats:
        await seat.ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(stats.latencies) or [float("nan")]
    actions = max(len(stats.latencies), 1)
    return {
        # CPU per action: what the figures would be on a machine of one's own.
        "server_cpu_ms_per_action": round(server_cpu / actions * 1000, 3),
        "client_cpu_ms_per_action": round(client_cpu / actions * 1000, 3),
        "actions_per_s": round(len(stats.latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 2),
        "flood_per_s": round(flooded / elapsed, 1),
        "flood_answered_per_s": round(answered / elapsed, 1),
    }


def one_run(
    database: str, tables: int, seconds: float, *, flooding: bool = False
) -> dict[str, Any]:
    with server(database) as (base, pid):
        warmup = min(3.0, 1 + tables / 50)
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            figures = runner.run(drive(base, tables, seconds, warmup, pid, flooding))
        figures["server_rss_mb"] = round(server_rss_mb(pid), 1)
    return {"database": database.split(":")[0].split("+")[0], "tables": tables, **figures}


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (the server runs on it too): the
    clients then take less of the CPU they share with the server."""
    try:
        uvloop = importlib.import_module("uvloop")
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


@contextlib.contextmanager
def fresh_postgres(url: str) -> Any:
    from sqlalchemy import create_engine, text

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        separator = "&" if "?" in url else "?"
        yield f"{url}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


async def drive_spread(
    servers: list[tuple[str, int]], tables: int, seconds: float, warmup: float
) -> dict[str, float]:
    """As :func:`drive`, with table t made on and played through server t mod P (its owner)."""
    stats = Stats()
    seats: list[Seat] = []
    for t in range(tables):
        base = servers[t % len(servers)][0]
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            settings = {
                "seats": SEATS,
                "open_seating": True,
                "next_hand_seconds": 0,
                "decision_seconds": 600,
                "min_buy_in": 40,
                "max_buy_in": 200,
            }
            room = (await http.post("/api/rooms", json=settings)).json()["room"]
            for s in range(SEATS):
                body = {"name": f"p{s}", "seat": s, "buy_in": 200}
                token = (await http.post(f"/api/rooms/{room}/seats", json=body)).json()["token"]
                url = base.replace("http", "ws", 1) + f"/api/rooms/{room}/ws?token={token}"
                ws = await connect(url, max_size=2**22, compression=None)
                seats.append(Seat(ws, random.Random(t * SEATS + s), stats))
    tasks = [asyncio.create_task(seat.run()) for seat in seats]
    await asyncio.sleep(warmup)
    pids = [pid for _, pid in servers]
    stats.measuring = True
    start = time.perf_counter()
    server_cpu = sum(cpu_seconds(pid) for pid in pids)
    await asyncio.sleep(seconds)
    stats.measuring = False
    elapsed = time.perf_counter() - start
    server_cpu = sum(cpu_seconds(pid) for pid in pids) - server_cpu
    for seat in seats:
        await seat.ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(stats.latencies) or [float("nan")]
    actions = max(len(stats.latencies), 1)
    return {
        "server_cpu_ms_per_action": round(server_cpu / actions * 1000, 3),
        "actions_per_s": round(len(stats.latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, 2),
    }


def spread_run(postgres: str, processes: int, tables: int, seconds: float) -> dict[str, Any]:
    """T tables over ``processes`` server processes on one fresh PostgreSQL schema."""
    with fresh_postgres(postgres) as url, contextlib.ExitStack() as stack:
        servers = [stack.enter_context(server(url, "--node-id", f"n{i}")) for i in range(processes)]
        warmup = min(3.0, 1 + tables / 50)
        figures = asyncio.run(drive_spread(servers, tables, seconds, warmup))
    return {"database": "postgresql", "processes": processes, "tables": tables, **figures}


def spread_main(args: argparse.Namespace) -> int:
    """``--processes``: the same load over 1, 2, 3... processes on one PostgreSQL database."""
    if not args.postgres:
        print("--processes needs PostgreSQL: set --postgres URL or BIGBLIND_TEST_POSTGRES_URL")
        return 2
    tables = max(int(t) for t in args.tables.split(","))
    runs = []
    for processes in (int(p) for p in args.processes.split(",")):
        runs.append(spread_run(args.postgres, processes, tables, args.seconds))
        if not args.json:
            run = runs[-1]
            print(
                f"{run['processes']} process(es), T = {run['tables']}:"
                f" {run['actions_per_s']:>7.1f} actions/s, p50 {run['p50_ms']:6.2f} ms,"
                f" p99 {run['p99_ms']:7.2f} ms,"
                f" server CPU per action {run['server_cpu_ms_per_action']:.2f} ms",
                flush=True,
            )
    if args.json:
        print(json.dumps({"runs": runs}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="measured seconds per run")
    parser.add_argument("--tables", default=",".join(map(str, TABLES)), help="T values: 1,10,100")
    parser.add_argument("--postgres", default=os.environ.get("BIGBLIND_TEST_POSTGRES_URL"))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--processes", default=None, help="server processes on one PostgreSQL: 1,2,3"
    )
    parser.add_argument(
        "--flood",
        action="store_true",
        help="the tables' latency quiet and beside a flooding client, in turns (--repeats)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, with --flood")
    args = parser.parse_args(argv)
    if args.processes:
        return spread_main(args)
    if args.flood:
        return flood_main(args)
    counts = [int(t) for t in args.tables.split(",")]
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        for tables in counts:
            database = f"sqlite:///{Path(folder) / f'bench{tables}.sqlite3'}"
            runs.append(one_run(database, tables, args.seconds))
            if not args.json:
                print(_line(runs[-1]), flush=True)
    if args.postgres:
        for tables in counts:
            with fresh_postgres(args.postgres) as url:
                runs.append(one_run(url, tables, args.seconds))
            if not args.json:
                print(_line(runs[-1]), flush=True)
    elif not args.json:
        print("PostgreSQL: skipped (set --postgres URL or BIGBLIND_TEST_POSTGRES_URL)")
    main_run = next(
        (r for r in runs if r["database"] == "sqlite" and r["tables"] == max(counts)), runs[0]
    )
    ok = main_run["actions_per_s"] >= FLOOR_ACTIONS and main_run["p99_ms"] < FLOOR_P99_MS
    if args.json:
        summary = {
            "actions_per_s": main_run["actions_per_s"],
            "p50_ms": main_run["p50_ms"],
            "p99_ms": main_run["p99_ms"],
            "server_rss_mb": main_run["server_rss_mb"],
            "tables": main_run["tables"],
            "floor": {"actions_per_s": FLOOR_ACTIONS, "p99_ms": FLOOR_P99_MS, "met": ok},
            "runs": runs,
        }
        print(json.dumps(summary))
    else:
        verdict = "meets" if ok else "misses"
        print(
            f"T = {main_run['tables']} on SQLite {verdict} the floor of {FLOOR_ACTIONS} actions/s"
            f" with p99 under {FLOOR_P99_MS:g} ms"
        )
    return 0


def flood_main(args: argparse.Namespace) -> int:
    """Quiet and flooded runs in turns on SQLite; the medians and the ratio of the p99s."""
    tables = int(args.tables.split(",")[0]) if args.tables != ",".join(map(str, TABLES)) else 10
    quiet: list[dict[str, Any]] = []
    flooded: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        for repeat in range(args.repeats):
            for runs, flooding in ((quiet, False), (flooded, True)):
                database = f"sqlite:///{Path(folder) / f'flood{repeat}{flooding}.sqlite3'}"
                runs.append(one_run(database, tables, args.seconds, flooding=flooding))
                label = "flooded" if flooding else "quiet  "
                print(
                    f"{label} {_line(runs[-1])}, flood: {runs[-1]['flood_per_s']:.0f} sent"
                    f" and {runs[-1]['flood_answered_per_s']:.0f} answered a second"
                )
    quiet_p99 = statistics.median(r["p99_ms"] for r in quiet)
    flooded_p99 = statistics.median(r["p99_ms"] for r in flooded)
    ratio = flooded_p99 / quiet_p99
    verdict = "within" if ratio <= 2 else "beyond"
    print(
        f"T = {tables}: median p99 quiet {quiet_p99:.2f} ms, beside a flooder"
        f" {flooded_p99:.2f} ms: {ratio:.2f}x, {verdict} the floor of 2x"
    )
    return 0


def _line(run: dict[str, Any]) -> str:
    return (
        f"{run['database']:<10} T = {run['tables']:>3}: {run['actions_per_s']:>7.1f} actions/s,"
        f" p50 {run['p50_ms']:6.2f} ms, p99 {run['p99_ms']:7.2f} ms,"
        f" server {run['server_rss_mb']:.0f} MB,"
        f" CPU per action: server {run['server_cpu_ms_per_action']:.2f} ms,"
        f" clients {run['client_cpu_ms_per_action']:.2f} ms"
    )


if __name__ == "__main__":
    raise SystemExit(main())
