"""Load on the online table: N concurrent tables of two random-playing WebSocket clients each.

Starts a real server (uvicorn, in a subprocess) on 127.0.0.1 with a fresh SQLite file, creates N
two-seat Courts tables through the lobby API, connects two `websockets` clients per table, and lets
them play: each client picks a random legal option of its own open decision, sends it, and waits for
its ack before moving again. A finished game is replaced by a new table. After S seconds it reports
moves per second and the move round trip (send a move -> receive its ack, which the server sends only
once the move has been committed to the database), p50 and p99.

The server runs with the real settings but two: bots are not paced and the per-connection rate limit
is lifted (these clients move far faster than people do).

Run: .venv/bin/python bench/load.py --tables 100 --seconds 20
     .venv/bin/python bench/load.py --tables 1000 --seconds 30 --think 2   (clients that take their time)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect

_decode = msgspec.json.Decoder().decode  # the clients' JSON parsing is on the clock too: make it quick


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)  # seconds, of moves acked inside the window
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0
    tables: int = 0
    measuring: bool = False
    stop: bool = False
    think: float = 0.0  # mean seconds a client waits before each move (0: as soon as it may)


async def play_seat(ws: ClientConnection, token: str, rng: random.Random, stats: Stats) -> None:
    """One seat: hello, ready, then a random option of each of its decisions until the game ends."""
    await ws.send(json.dumps({"type": "hello", "token": token}))
    await ws.send(json.dumps({"type": "ready", "client_seed": f"{rng.getrandbits(32):08x}"}))
    decision: dict[str, Any] | None = None
    in_flight: tuple[int, float] | None = None
    ref = 0
    async for raw in ws:
        msg = _decode(raw)
        kind = msg["type"]
        if kind in ("update", "snapshot") and "decision" in msg:
            decision = msg["decision"]
        elif kind == "ack" and in_flight is not None and msg["id"] == in_flight[0]:
            if stats.measuring:
                stats.rtts.append(time.perf_counter() - in_flight[1])
            in_flight = None
        elif kind == "error":
            stats.errors[msg["code"]] += 1
            if in_flight is not None and msg["id"] == in_flight[0]:
                in_flight = None
        elif kind == "ended":
            return
        if decision is not None and in_flight is None and not stats.stop:
            if stats.think > 0:  # a person (or a paced bot) takes a while; the clock starts when it sends
                await asyncio.sleep(rng.uniform(0, 2 * stats.think))
            ref += 1
            in_flight = (ref, time.perf_counter())
            await ws.send(json.dumps({"type": "move", "action": rng.choice(decision["options"]), "id": ref}))
            decision = None  # the next update or snapshot says what is open next
        if stats.stop and in_flight is None:
            return


async def run_table(base: str, http: httpx.AsyncClient, rng: random.Random, stats: Stats,
                    ready: asyncio.Event) -> None:
    """Tables one after another in one slot until the time is up."""
    first = True
    while not stats.stop:
        r = await http.post("/api/tables", json={"game": "courts", "seats": [{"kind": "human"}, {"kind": "human"}]})
        r.raise_for_status()
        table = r.json()
        stats.tables += 1
        uri = f"ws://{base}/ws/{table['id']}"
        async with connect(uri, max_size=2**22) as a, connect(uri, max_size=2**22) as b:
            if first:
                first = False
                await ready.wait()  # every table connected before the clock starts
            tasks = [asyncio.create_task(play_seat(ws, seat["token"], rng, stats))
                     for ws, seat in ((a, table["seats"][0]), (b, table["seats"][1]))]
            await asyncio.gather(*tasks)
        if not stats.stop:
            stats.games += 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(port: int, db: str, stats_file: str, deflate: bool = True) -> None:
    """The server side (run in a subprocess): the real app, bots unpaced, no rate limit."""
    import uvicorn

    from moontable.server import Settings, create_app
    from moontable.table import TableConfig

    settings = Settings(db_url=db, table=TableConfig(bot_pace=0.0), rate=1e9, burst=1_000_000, max_queue=100_000,
                        tables_burst=1_000_000)
    app = create_app(settings)
    # uvicorn stops gracefully on SIGTERM, then raises it again: let that one pass, to print the stats
    signal.signal(signal.SIGTERM, lambda *_: None)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=65536,
                ws_per_message_deflate=deflate, timeout_graceful_shutdown=5)
    store = app.state.lobby.store
    with open(stats_file, "w") as f:
        f.write(f"group commit: {store.writes} writes in {store.commits} transactions "
                f"({store.writes / max(1, store.commits):.1f} per commit)")


async def wait_up(base: str, proc: subprocess.Popen[bytes], limit: float = 30.0) -> None:
    start = time.monotonic()
    async with httpx.AsyncClient(base_url=f"http://{base}") as http:
        while time.monotonic() - start < limit:
            if proc.poll() is not None:
                raise SystemExit("the server did not start")
            try:
                if (await http.get("/api/games")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not answer in time")


async def load(base: str, tables: int, seconds: float, think: float = 0.0) -> Stats:
    stats = Stats(think=think)
    ready = asyncio.Event()
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(base_url=f"http://{base}", limits=limits, timeout=60) as http:
        rng = random.Random(1)
        slots = [asyncio.create_task(run_table(base, http, random.Random(rng.getrandbits(64)), stats, ready))
                 for _ in range(tables)]
        while stats.tables < tables:  # set-up: create and connect every table
            await asyncio.sleep(0.05)
            if any(t.done() for t in slots):
                break
        await asyncio.sleep(0.2)
        stats.measuring = True
        ready.set()
        await asyncio.sleep(seconds)
        stats.measuring = False
        stats.stop = True  # no new moves; the ones in flight have a moment to be acked
        done, pending = await asyncio.wait(slots, timeout=1.0)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending, timeout=10)
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                stats.errors[type(task.exception()).__name__] += 1
    return stats


def report(stats: Stats, tables: int, seconds: float) -> str:
    rtts = sorted(stats.rtts)
    moves = len(rtts)
    lines = [f"{tables} concurrent tables ({2 * tables} WebSocket clients), {seconds:g} s measured"]
    if rtts:
        p50 = statistics.median(rtts) * 1000
        p99 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000
        lines += [f"moves acked: {moves}   moves/s: {moves / seconds:,.0f}   games finished: {stats.games}",
                  f"move round trip (send -> ack after commit): p50 {p50:.1f} ms   p99 {p99:.1f} ms   "
                  f"max {rtts[-1] * 1000:.1f} ms"]
    else:
        lines.append("no move was acked")
    lines.append("errors: " + (", ".join(f"{k} {v}" for k, v in stats.errors.items()) or "none"))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (default 100)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure (default 20)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a client thinks before each move (default 0: as fast as acks come)")
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="serve without WebSocket compression (permessage-deflate, on by default)")
    parser.add_argument("--serve", nargs=4, metavar=("PORT", "DB", "STATS", "DEFLATE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], args.serve[2], args.serve[3] == "on")
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        port = free_port()
        base = f"127.0.0.1:{port}"
        stats_file = os.path.join(tmp, "server.txt")
        deflate = "off" if args.no_deflate else "on"
        proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port), db, stats_file, deflate])
        try:
            asyncio.run(wait_up(base, proc))
            stats = asyncio.run(load(base, args.tables, args.seconds, args.think))
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        server_line = open(stats_file).read() if os.path.exists(stats_file) else "(the server said nothing)"
    print(report(stats, args.tables, args.seconds))
    print(f"{server_line}; WebSocket compression {deflate}")
    if not stats.rtts:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
