"""Load on the online table: N concurrent tables of two random-playing WebSocket clients each.

Starts a real server (uvicorn, in a subprocess) on 127.0.0.1 with a fresh SQLite file, creates N
two-seat Courts tables through the lobby API, connects two `websockets` clients per table (and, with
--spectators, that many watching clients per table), and lets them play: each client picks a random
legal option of its own open decision, sends it, and waits for its ack before moving again. A finished
game is replaced by a new table. Every game starts at once; the first three seconds of play (--warmup) are
not measured, since a live server never starts a thousand games in the same moment. After S seconds it
reports moves per second, the move round trip (send a move -> receive its ack, which the server sends only
once the move has been committed to the database) at p50, p99 and its maximum, and the server's CPU. The
clients' own process does not collect its garbage while it plays: its collector's pauses, 100-300 ms with
2,000 sockets, were counted in the round trips it measured.

The server runs with the real settings but these: bots are not paced, and the limits one client
address is held to (messages a second, new tables and joins a minute, sockets) are lifted, since every
client here comes from 127.0.0.1 and moves far faster than people do.

--soak runs 300 tables for ten minutes (clients thinking about a second a move) and samples the
server's memory (RSS) every ten seconds; it prints a line a minute and draws the curve (--plot).
--stalls makes the server watch its own event loop from a thread: every time the loop is late by
more than 100 ms it notes what the loop was running (and whether the garbage collector was), and
the report lists the places the stalls came from.

Run: .venv/bin/python bench/load.py --tables 100 --seconds 20
     .venv/bin/python bench/load.py --tables 1000 --seconds 30 --think 2   (clients that take their time)
     .venv/bin/python bench/load.py --tables 50 --spectators 100 --think 1 --seconds 30
     .venv/bin/python bench/load.py --soak --stalls --plot docs/img/soak.png
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
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
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect

_decode = msgspec.json.Decoder().decode  # the clients' JSON parsing is on the clock too: make it quick

# What the server is told (only the settings its version knows are passed on; see `serve`).
LIFTED = {"rate": 1e9, "burst": 1_000_000, "max_queue": 100_000, "tables_burst": 1_000_000,
          "joins_burst": 1_000_000, "conns_per_address": 1_000_000}


@dataclass
class Stats:
    rtts: list[tuple[float, float]] = field(default_factory=list)  # (when acked, seconds) inside the window
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0
    tables: int = 0
    watched_bytes: int = 0  # what the spectators received
    measuring: bool = False
    stop: bool = False
    think: float = 0.0  # mean seconds a client waits before each move (0: as soon as it may)
    spectators: int = 0  # watching clients per table
    bot: str | None = None  # seat 1 is a bot of this level (its moves are not timed: only the person's are)


async def play_seat(ws: ClientConnection, token: str, rng: random.Random, stats: Stats,
                    go: asyncio.Event | None = None) -> None:
    """One seat: hello, ready (once `go` is set), then a random option of each of its decisions until the end."""
    await ws.send(json.dumps({"type": "hello", "token": token}))
    if go is not None:
        await go.wait()  # every table connected before the clock starts
    await ws.send(json.dumps({"type": "ready", "client_seed": f"{rng.getrandbits(32):08x}"}))
    decision: dict[str, Any] | None = None
    v = 0  # the version the seat has seen: a move says it was chosen there
    in_flight: tuple[int, float] | None = None
    ref = 0
    async for raw in ws:
        msg = _decode(raw)
        kind = msg["type"]
        if msg.get("v") is not None:
            v = msg["v"] if kind == "snapshot" else max(v, msg["v"])
        if kind in ("update", "snapshot") and "decision" in msg:
            decision = msg["decision"]
        elif kind == "ack" and in_flight is not None and msg["id"] == in_flight[0]:
            if stats.measuring:
                now = time.perf_counter()
                stats.rtts.append((now, now - in_flight[1]))
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
            await ws.send(json.dumps({"type": "move", "action": rng.choice(decision["options"]), "id": ref, "v": v}))
            decision = None  # the next update or snapshot says what is open next
        if stats.stop and in_flight is None:
            return


async def spectator(base: str, table_id: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A spectator's socket, as a browser opens it (compression offered), said hello at once (a socket that
    says nothing for ten seconds is closed). It only ever drains what comes: a client that decoded and
    inflated every message of thousands of spectators would be the bottleneck, not the server."""
    host, port = base.split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(f"GET /ws/{table_id} HTTP/1.1\r\nHost: {base}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                 "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"no WebSocket: {head[:60]!r}")
    hello = b'{"type": "hello"}'
    mask = b"\x01\x02\x03\x04"
    writer.write(bytes([0x81, 0x80 | len(hello)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
    return reader, writer


async def watch(reader: asyncio.StreamReader, stats: Stats) -> None:
    """Drain a spectator's socket until the server closes it (or the table's game ends: then it is cancelled)."""
    while data := await reader.read(65536):
        stats.watched_bytes += len(data)


async def run_table(base: str, http: httpx.AsyncClient, rng: random.Random, stats: Stats,
                    ready: asyncio.Event) -> None:
    """Tables one after another in one slot until the time is up."""
    first = True
    second = {"kind": "bot", "level": stats.bot} if stats.bot else {"kind": "human"}
    while not stats.stop:
        r = await http.post("/api/tables", json={"game": "courts", "seats": [{"kind": "human"}, second]})
        r.raise_for_status()
        table = r.json()
        uri = f"ws://{base}/ws/{table['id']}"
        watchers = [await spectator(base, table["id"]) for _ in range(stats.spectators)]
        try:
            async with connect(uri, max_size=2**22) as a, connect(uri, max_size=2**22) as b:
                stats.tables += 1
                go, first = ready if first else None, False
                seats = ((a, table["seats"][0]), (b, table["seats"][1]))[:1 if stats.bot else 2]
                tasks = [asyncio.create_task(play_seat(ws, seat["token"], rng, stats, go)) for ws, seat in seats]
                watching = [asyncio.create_task(watch(r, stats)) for r, _ in watchers]
                try:
                    await asyncio.gather(*tasks)
                finally:
                    for w in watching:
                        w.cancel()
        finally:
            for _, writer in watchers:
                writer.close()
        if not stats.stop:
            stats.games += 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class StallWatch:
    """From a thread, notes what the event loop runs whenever it is late by more than `limit` seconds."""

    def __init__(self, limit: float = 0.1) -> None:
        import threading

        self.limit = limit
        self.beat = time.perf_counter()
        self.loop_thread = threading.get_ident()
        self.sites: Counter[str] = Counter()
        self.stalls: list[float] = []  # seconds each stall lasted
        self.gc_active = False
        self.gc_pauses: dict[int, list[tuple[float, float]]] = {0: [], 1: [], 2: []}  # (wall, CPU) seconds
        self._gc_start = (0.0, 0.0)
        self.gc_cpu = 0.0  # CPU seconds spent collecting, all told
        self.slow: dict[str, list[float]] = defaultdict(list)  # CPU seconds of the callbacks over 20 ms
        self.objects: list[int] = []  # objects the collector tracks, a sample a minute
        self.kinds: list[tuple[str, int]] = []  # the commonest kinds among them, at the last sample
        self._thread = threading.Thread(target=self._watch, daemon=True)

    async def heartbeat(self) -> None:
        import gc

        last = time.perf_counter()
        while True:
            self.beat = time.perf_counter()
            await asyncio.sleep(0.01)
            if self.beat - last > 60:
                last = self.beat
                objects = gc.get_objects()
                self.objects.append(len(objects))
                self.kinds = Counter(type(o).__name__ for o in objects).most_common(6)
                del objects
                self.beat = time.perf_counter()  # counting is ours, not a stall of the server's

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.gc_active, self._gc_start = True, (time.perf_counter(), time.thread_time())
        else:
            self.gc_active = False
            wall, cpu = self._gc_start
            spent = time.thread_time() - cpu
            self.gc_cpu += spent
            self.gc_pauses[info["generation"]].append((time.perf_counter() - wall, spent))

    def start(self) -> None:
        import gc

        gc.callbacks.append(self.on_gc)
        self._thread.start()
        self._time_callbacks()

    def _time_callbacks(self) -> None:
        """Time every callback the loop runs in CPU seconds of its thread (other processes on the machine do
        not count), noting the slow ones by what ran: a task's coroutine, or a plain callback."""
        watch = self
        run = asyncio.events.Handle._run

        def timed(handle: asyncio.events.Handle) -> None:
            t0 = time.thread_time()
            gc0 = watch.gc_cpu
            run(handle)
            spent = time.thread_time() - t0
            if spent > 0.02:
                gc_part = watch.gc_cpu - gc0
                watch.slow[_what(handle) + (" [gc]" if gc_part > spent / 2 else "")].append(spent)

        asyncio.events.Handle._run = timed  # type: ignore[method-assign]

    def _watch(self) -> None:
        import traceback

        seen, worst = 0.0, 0.0  # the heartbeat of the stall being sampled, and how late it got
        while True:
            time.sleep(0.02)
            late = time.perf_counter() - self.beat
            if late < self.limit:
                if seen:
                    self.stalls.append(worst)
                seen, worst = 0.0, 0.0
                continue
            worst = max(worst, late)
            frame = sys._current_frames().get(self.loop_thread)
            if frame is None or seen == self.beat:
                continue
            seen = self.beat  # one sample per stall, taken once it is over the limit
            try:
                stack = traceback.extract_stack(frame)
            except (AttributeError, ValueError):  # the loop's thread moved on while its frames were walked
                continue
            ours = [f for f in stack if "moontable" in f.filename or "sqlalchemy" in f.filename
                    or "websockets" in f.filename or "uvicorn" in f.filename or "starlette" in f.filename]
            where = " < ".join(f"{os.path.basename(f.filename)}:{f.name}" for f in reversed((ours or stack)[-4:]))
            self.sites[("[gc] " if self.gc_active else "") + where] += 1

    def report(self) -> str:
        lines = []
        for gen, pauses in self.gc_pauses.items():
            if pauses:
                walls, cpus = [w for w, _ in pauses], [c for _, c in pauses]
                lines.append(f"gc generation {gen}: {len(pauses)} collections, longest {max(walls) * 1000:.1f} ms "
                             f"({max(cpus) * 1000:.1f} ms of CPU), total {sum(walls):.2f} s")
        if self.objects:
            lines.append(f"objects the collector tracks, a minute apart: {', '.join(f'{n:,}' for n in self.objects)}"
                         f" (most: {', '.join(f'{k} {n:,}' for k, n in self.kinds)})")
        over = sorted(self.stalls)
        lines.append(f"event loop late by over {self.limit * 1000:.0f} ms: {len(over)} times"
                     + (f", longest {over[-1] * 1000:.0f} ms" if over else ""))
        for site, n in self.sites.most_common(8):
            lines.append(f"  {n:4d}  {site}")
        slow = sorted(self.slow.items(), key=lambda kv: -sum(kv[1]))
        lines.append(f"callbacks that ran over 20 ms of CPU: {sum(len(v) for v in self.slow.values())}")
        for what, times in slow[:10]:
            lines.append(f"  {len(times):4d}  longest {max(times) * 1000:6.1f} ms  {what}")
        return "\n".join(lines)


def _what(handle: asyncio.events.Handle) -> str:
    """What a loop callback is: the coroutine a task steps (with where it now waits), or the function."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        frame = getattr(coro, "cr_frame", None)
        where = ""
        while frame is not None:  # the innermost frame the task waits in
            where = f" (waiting in {frame.f_code.co_name})"
            inner = getattr(getattr(frame, "f_locals", {}).get("self"), "cr_frame", None)
            frame = inner if inner is not None and inner is not frame else None
        return f"task {getattr(coro, '__qualname__', coro)}{where}"
    return getattr(callback, "__qualname__", repr(callback))


def serve(port: int, db: str, stats_file: str, deflate: bool = True, stalls: bool = False,
          workers: int | None = None, deflate_all: bool = False, whole_views: bool = False) -> None:
    """The server side (run in a subprocess): the real app, bots unpaced, the per-address limits lifted."""
    import dataclasses

    import uvicorn

    from moontable.server import Settings, create_app
    from moontable.table import TableConfig

    known = {f.name for f in dataclasses.fields(Settings)}  # an older server may not have every setting
    told = {**LIFTED, **({} if workers is None else {"workers": workers})}
    table = TableConfig(bot_pace=0.0, **({"view_changes": False} if whole_views else {}))
    settings = Settings(db_url=db, table=table, **{k: v for k, v in told.items() if k in known})
    if deflate_all:  # every message compressed, the small ones too (the server's default leaves those as they are)
        from moontable.server.transport import SharedDeflate

        SharedDeflate.small = 0
    app = create_app(settings)
    watcher = StallWatch() if stalls else None
    if watcher is not None:
        watcher.start()
        real_lifespan = app.router.lifespan_context

        def lifespan(a: Any) -> Any:  # the heartbeat runs on the server's own loop
            from contextlib import asynccontextmanager

            @asynccontextmanager
            async def both() -> Any:
                beat = asyncio.create_task(watcher.heartbeat())
                async with real_lifespan(a):
                    yield
                beat.cancel()
            return both()

        app.router.lifespan_context = lifespan
    try:
        from moontable.server.app import UVICORN
    except ImportError:  # a server from before the slow-reader protocol
        UVICORN = {"ws_max_size": 65536}
    # uvicorn stops gracefully on SIGTERM, then raises it again: let that one pass, to print the stats
    signal.signal(signal.SIGTERM, lambda *_: None)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=deflate,
                timeout_graceful_shutdown=5, **UVICORN)
    store = app.state.lobby.store
    with open(stats_file, "w") as f:
        f.write(f"group commit: {store.writes} writes in {store.commits} transactions "
                f"({store.writes / max(1, store.commits):.1f} per commit)")
        if getattr(store, "write_cpu", 0):  # the writer thread's own CPU (a server that has one)
            f.write(f", {store.write_cpu / max(1, store.commits) * 1e6:.0f} µs of the writer thread's CPU a commit")
        slow = getattr(store, "slow_commits", None)
        if slow:  # commits that waited on the disk hold every move in them as long
            walls = sorted(w for w, _ in slow)
            f.write(f"\ncommits over 50 ms: {len(slow)}, longest {walls[-1] * 1000:.0f} ms "
                    f"(of which {max(slow)[1] * 1000:.1f} ms of CPU), total {sum(walls):.2f} s")
        if getattr(store, "checkpoints", 0):  # a server that checkpoints SQLite's WAL in a thread of its own
            f.write(f"\nWAL checkpoints off the commit path: {store.checkpoints}")
        if watcher is not None:
            f.write("\n" + watcher.report())


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


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


@dataclass
class Sample:
    t: float  # seconds since the window opened
    rss: float  # MB
    moves: int  # acked in the last interval
    p99: float  # ms, in the last interval
    max: float


def window(rtts: list[tuple[float, float]], since: float) -> list[float]:
    return sorted(r for t, r in rtts if t >= since)


def p99_of(rtts: list[float]) -> float:
    return rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000 if rtts else 0.0


async def load(base: str, tables: int, seconds: float, think: float = 0.0, spectators: int = 0,
               pid: int | None = None, sample: float = 0.0, progress: bool = False,
               bot: str | None = None, warmup: float = 3.0) -> tuple[Stats, list[Sample], float]:
    """Play; the stats, the samples taken every `sample` seconds, and the server's CPU share over the window."""
    stats = Stats(think=think, spectators=spectators, bot=bot)
    ready = asyncio.Event()
    limits = httpx.Limits(max_connections=100)
    samples: list[Sample] = []
    cpu = 0.0
    import gc

    gc.disable()  # the clients' collector: its pauses would be counted in the round trips (see the top)
    async with httpx.AsyncClient(base_url=f"http://{base}", limits=limits, timeout=120) as http:
        rng = random.Random(1)
        slots = [asyncio.create_task(run_table(base, http, random.Random(rng.getrandbits(64)), stats, ready))
                 for _ in range(tables)]
        while stats.tables < tables:  # set-up: create and connect every table
            await asyncio.sleep(0.05)
            if any(t.done() for t in slots):
                break
        await asyncio.sleep(0.2)
        ready.set()
        # every game starts at this moment, a thousand shuffles and first views at once, which a live server
        # never sees: the first moves are played but not measured
        await asyncio.sleep(warmup)
        stats.measuring = True
        start, cpu0 = time.perf_counter(), cpu_seconds(pid) if pid else 0.0
        last = start
        while (now := time.perf_counter()) < start + seconds:
            step = min(sample or seconds, start + seconds - now)
            await asyncio.sleep(step)
            now = time.perf_counter()
            if sample and pid:
                got = window(stats.rtts, last)
                s = Sample(now - start, rss_mb(pid), len(got), p99_of(got), got[-1] * 1000 if got else 0.0)
                samples.append(s)
                if progress:
                    print(f"  {s.t:6.0f} s  RSS {s.rss:6.1f} MB  {s.moves / (now - last):5.0f} moves/s  "
                          f"p99 {s.p99:6.1f} ms  max {s.max:7.1f} ms", flush=True)
            last = now
        if pid:
            cpu = (cpu_seconds(pid) - cpu0) / (time.perf_counter() - start)
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
    gc.enable()
    return stats, samples, cpu


def report(stats: Stats, tables: int, seconds: float, cpu: float) -> str:
    rtts = sorted(r for _, r in stats.rtts)
    moves = len(rtts)
    watchers = f" and {tables * stats.spectators} spectators" if stats.spectators else ""
    people = tables if stats.bot else 2 * tables
    against = f", each against a {stats.bot} bot" if stats.bot else ""
    lines = [f"{tables} concurrent tables ({people} WebSocket clients{watchers}{against}), {seconds:g} s measured"]
    if rtts:
        p50 = statistics.median(rtts) * 1000
        lines += [f"moves acked: {moves}   moves/s: {moves / seconds:,.0f}   games finished: {stats.games}",
                  f"move round trip (send -> ack after commit): p50 {p50:.1f} ms   p99 {p99_of(rtts):.1f} ms   "
                  f"max {rtts[-1] * 1000:.1f} ms"]
    else:
        lines.append("no move was acked")
    if stats.spectators:
        lines.append(f"spectators received {stats.watched_bytes / 1e6:.1f} MB")
    if cpu:
        per = f" ({cpu * seconds / moves * 1e6:.0f} µs a move: {moves / (cpu * seconds):,.0f} moves a CPU second)" \
            if rtts else ""
        lines.append(f"server CPU: {cpu * 100:.0f}% of a core{per}")
    lines.append("errors: " + (", ".join(f"{k} {v}" for k, v in stats.errors.items()) or "none"))
    return "\n".join(lines)


def soak_summary(samples: list[Sample]) -> str:
    """RSS against its value after two minutes, and p99 / max minute by minute."""
    if not samples:
        return ""
    after2 = next((s.rss for s in samples if s.t >= 120), samples[-1].rss)
    top = max(s.rss for s in samples if s.t >= 120) if samples[-1].t >= 120 else samples[-1].rss
    lines = [f"RSS: {samples[0].rss:.0f} MB at {samples[0].t:.0f} s, {after2:.0f} MB after two minutes, "
             f"{samples[-1].rss:.0f} MB at the end; at most {top:.0f} MB after two minutes "
             f"({(top / after2 - 1) * 100:+.0f}%)"]
    return "\n".join(lines)


def save_samples(samples: list[Sample], path: str) -> None:
    with open(path, "w") as f:
        json.dump([dataclasses.asdict(s) for s in samples], f)


def load_samples(path: str) -> list[Sample]:
    with open(path) as f:
        return [Sample(**s) for s in json.load(f)]


def plot(samples: list[Sample], path: str, title: str, against: tuple[list[Sample], str] | None = None,
         label: str = "this run") -> None:
    """RSS (with the ±20% band around its value at two minutes) and p99 / max over time; `against`: another
    run's samples drawn beside, in grey."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (a, b) = plt.subplots(2, 1, figsize=(8, 5.5), sharex=True)
    runs = [(samples, label, "#335", "#c63")]
    if against is not None:
        runs.insert(0, (against[0], against[1], "#aaa", "#bbb"))
    for run, name, rss_colour, p99_colour in runs:
        t = [s.t / 60 for s in run]
        a.plot(t, [s.rss for s in run], color=rss_colour, label=name)
        b.plot(t, [s.p99 for s in run], color=p99_colour, label=f"p99, {name}")
    if samples and samples[-1].t >= 120:
        after2 = next(s.rss for s in samples if s.t >= 120)
        a.axhspan(after2 * 0.8, after2 * 1.2, color="#8c8", alpha=0.25, label="±20% of its value at 2 min")
    a.set_ylabel("server RSS (MB)")
    a.set_ylim(bottom=0)
    a.legend(loc="lower right")
    a.set_title(title)
    t = [s.t / 60 for s in samples]
    b.plot(t, [s.max for s in samples], label=f"max, {label}", color="#c63", linewidth=0.6, linestyle=":")
    b.set_yscale("log")
    b.set_ylabel("move round trip (ms)")
    b.set_xlabel("minutes")
    b.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, help="concurrent tables (default 100; 300 with --soak)")
    parser.add_argument("--seconds", type=float, help="how long to measure (default 20; 600 with --soak)")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds played before the window opens, every game started at once (default 3)")
    parser.add_argument("--think", type=float,
                        help="mean seconds a client thinks before each move (default 0: as fast as acks come; "
                             "1 with --soak)")
    parser.add_argument("--spectators", type=int, default=0, help="watching clients per table (default 0)")
    parser.add_argument("--bot", metavar="LEVEL", help="seat 1 of every table is a bot of this level (unpaced)")
    parser.add_argument("--soak", action="store_true", help="300 tables for ten minutes, RSS sampled")
    parser.add_argument("--sample", type=float, help="seconds between samples of RSS and latency (10 with --soak)")
    parser.add_argument("--plot", help="draw RSS and latency over time into this PNG")
    parser.add_argument("--save", metavar="JSON", help="keep the samples in this file (for --against)")
    parser.add_argument("--against", metavar="JSON[:LABEL]", help="draw another run's saved samples beside")
    parser.add_argument("--label", default="this run", help="this run's name in the plot")
    parser.add_argument("--stalls", action="store_true", help="report where the server's event loop stalled")
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="serve without WebSocket compression (permessage-deflate, on by default)")
    parser.add_argument("--workers", type=int, help="processes the server's bots think in (0: threads of the "
                                                     "server's own process; default: the server's)")
    parser.add_argument("--deflate-all", action="store_true",
                        help="compress every message, the small ones too (the server's default sends those as they "
                             "are)")
    parser.add_argument("--whole-views", action="store_true",
                        help="every live message carries the whole view, not its change (as the server did before)")
    parser.add_argument("--serve", nargs=8, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], args.serve[2], args.serve[3] == "on", args.serve[4] == "on",
              None if args.serve[5] == "-" else int(args.serve[5]), args.serve[6] == "on", args.serve[7] == "on")
        return
    tables = args.tables or (300 if args.soak else 100)
    seconds = args.seconds or (600.0 if args.soak else 20.0)
    think = args.think if args.think is not None else (1.0 if args.soak else 0.0)
    sample = args.sample or (10.0 if args.soak or args.plot else 0.0)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        port = free_port()
        base = f"127.0.0.1:{port}"
        stats_file = os.path.join(tmp, "server.txt")
        deflate = "off" if args.no_deflate else "on"
        proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port), db, stats_file, deflate,
                                 "on" if args.stalls else "off", "-" if args.workers is None else str(args.workers),
                                 "on" if args.deflate_all else "off", "on" if args.whole_views else "off"])
        try:
            asyncio.run(wait_up(base, proc))
            stats, samples, cpu = asyncio.run(load(base, tables, seconds, think, args.spectators, proc.pid, sample,
                                                   progress=sample > 0, bot=args.bot, warmup=args.warmup))
        finally:
            proc.terminate()
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        server_lines = open(stats_file).read() if os.path.exists(stats_file) else "(the server said nothing)"
    print(report(stats, tables, seconds, cpu))
    if samples:
        print(soak_summary(samples))
    server_first, _, server_rest = server_lines.partition("\n")
    compression = "off" if args.no_deflate else "every message" if args.deflate_all else "messages of 2 KB and up"
    views = "whole views" if args.whole_views else "views as changes"
    print(f"{server_first}; WebSocket compression {compression}; {views}")
    if server_rest:
        print(server_rest)
    if args.save and samples:
        save_samples(samples, args.save)
    if args.plot and samples:
        against = None
        if args.against:
            path, _, name = args.against.partition(":")
            against = (load_samples(path), name or path)
        plot(samples, args.plot, f"{tables} tables, clients thinking ~{think:g} s a move", against, args.label)
        print(f"plot: {args.plot}")
    if not stats.rtts:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
