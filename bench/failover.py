"""Failover under load: kill -9 one of the cluster's server processes, again and again, and count what was lost.

A cluster (bench/cluster.py: PostgreSQL, N `moontable serve --cluster` processes, haproxy) plays T two-seat
Courts tables through haproxy, two WebSocket clients a table, each playing a random option of its decisions and
reconnecting (and resuming) whenever its socket closes. Every R seconds the process that owns the most tables is
killed with SIGKILL, then started again. At the end every acknowledged move is looked up in the database: it must
be there, the same seat and action at the same number. It reports the acknowledged moves checked and lost, the
tables that did not come back after a kill, and the longest pause a table saw (the longest time between two of its
acknowledged moves).

Run: .venv/bin/python bench/failover.py --rounds 20            (3 servers, 30 tables, a kill every 6 s)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cluster import LocalCluster  # noqa: E402

from moontable.server.store import async_url  # noqa: E402


@dataclass
class Tally:
    acked: list[tuple[str, int, int, list[Any]]] = field(default_factory=list)  # (table, n, seat, action)
    last_ack: dict[str, float] = field(default_factory=dict)  # table -> when its latest move was acked
    longest: float = 0.0  # the longest time between two acked moves of one table
    longest_table: str = ""
    reconnects: int = 0
    games: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    live: set[str] = field(default_factory=set)  # tables in play
    seats: dict[tuple[str, int], str] = field(default_factory=dict)  # what each seat's client is doing (a report)
    stop: bool = False

    def ack(self, table: str, n: int, seat: int, action: list[Any]) -> None:
        now = time.monotonic()
        self.acked.append((table, n, seat, action))
        before = self.last_ack.get(table)
        if before is not None and now - before > self.longest:
            self.longest, self.longest_table = now - before, table
        self.last_ack[table] = now


async def play_seat(base: str, table_id: str, token: str, seat: int, rng: random.Random, tally: Tally) -> None:
    """One seat: plays a random option of each decision; when its socket closes it comes back and resumes."""
    v, epoch = 0, None
    while not tally.stop:
        tally.seats[table_id, seat] = "connecting"
        try:
            async with connect(f"ws://{base}/ws/{table_id}", max_size=2**22, open_timeout=5) as ws:
                hello: dict[str, Any] = {"type": "hello", "token": token}
                if epoch is not None:
                    hello.update(since=v, epoch=epoch)
                await ws.send(json.dumps(hello))
                in_flight: tuple[int, list[Any]] | None = None
                decision: dict[str, Any] | None = None
                chosen_at: dict[str, Any] | None = None
                ref = 0
                async for raw in ws:
                    msg = json.loads(raw)
                    kind = msg["type"]
                    tally.seats[table_id, seat] = f"got {kind}"
                    if kind == "snapshot":
                        v, epoch = msg["v"], msg["epoch"]
                        if msg["status"] == "waiting":
                            await ws.send(json.dumps({"type": "ready", "client_seed": f"{seat}"}))
                        if msg["status"] == "ended":
                            return
                    elif msg.get("v") is not None:
                        v = max(v, msg["v"])
                    if kind in ("update", "snapshot") and "decision" in msg:
                        decision = msg["decision"]  # what is open for this seat now (kept until it moves)
                    if kind == "ack" and in_flight is not None and msg["id"] == in_flight[0]:
                        tally.ack(table_id, msg["n"], seat, in_flight[1])
                        in_flight = None
                    elif kind == "error":
                        tally.errors[msg["code"]] = tally.errors.get(msg["code"], 0) + 1
                        if in_flight is not None and msg["id"] == in_flight[0]:
                            in_flight, decision = None, chosen_at  # not made: the decision is still open
                    elif kind == "ended":
                        return
                    if decision is not None and in_flight is None and not tally.stop:
                        ref += 1
                        in_flight = (ref, rng.choice(decision["options"]))
                        await ws.send(json.dumps({"type": "move", "action": in_flight[1], "id": ref, "v": v,
                                                  "epoch": epoch}))
                        chosen_at, decision = decision, None  # the next update or snapshot says what is open next
                        tally.seats[table_id, seat] = f"sent move {ref} at v {v}"
        except (WebSocketException, OSError, TimeoutError) as e:
            tally.seats[table_id, seat] = f"closed: {e}"
        if not tally.stop:
            tally.reconnects += 1
            await asyncio.sleep(0.2 + rng.random() * 0.3)


async def run_slot(base: str, http: httpx.AsyncClient, rng: random.Random, tally: Tally) -> None:
    """Tables one after another in one slot: a new one when a game ends."""
    while not tally.stop:
        try:
            r = await http.post("/api/tables", json={"game": "courts", "seats": [{"kind": "human"}] * 2})
            r.raise_for_status()
        except httpx.HTTPError:
            await asyncio.sleep(0.5)  # a server is away: haproxy sends the next try to another
            continue
        table = r.json()
        tally.live.add(table["id"])
        await asyncio.gather(*(play_seat(base, table["id"], s["token"], i, random.Random(rng.getrandbits(64)), tally)
                               for i, s in enumerate(table["seats"])))
        tally.live.discard(table["id"])
        if not tally.stop:
            tally.games += 1


async def owners(db: str) -> dict[str, int]:
    """How many live tables each server address holds the lease of."""
    engine = create_async_engine(async_url(db))
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(text("SELECT l.address, count(*) FROM leases l JOIN tables t ON t.id = l.table_id"
                                           " WHERE t.status = 'playing' AND l.expires > :now GROUP BY l.address"),
                                      {"now": time.time()})
            return {a: int(c) for a, c in rows}
    finally:
        await engine.dispose()


async def describe(db: str, table_ids: list[str]) -> list[tuple[Any, ...]]:
    """What the database says of these tables: status, moves, lease owner and expiry (for a report)."""
    engine = create_async_engine(async_url(db))
    try:
        async with engine.connect() as conn:
            return [tuple(r) for r in await conn.execute(text(
                "SELECT t.id, t.status, (SELECT count(*) FROM moves m WHERE m.table_id = t.id), l.address, l.token, "
                "l.expires - :now FROM tables t LEFT JOIN leases l ON l.table_id = t.id WHERE t.id = ANY(:ids)"),
                {"ids": table_ids, "now": time.time()})]
    finally:
        await engine.dispose()


async def lost_moves(db: str, acked: list[tuple[str, int, int, list[Any]]]) -> list[tuple[str, int]]:
    """The acknowledged moves the database does not have as acknowledged (seat and action at that number)."""
    engine = create_async_engine(async_url(db))
    try:
        async with engine.connect() as conn:
            stored = {(t, n): (seat, json.loads(a)) for t, n, seat, a in
                      await conn.execute(text("SELECT table_id, n, seat, action FROM moves"))}
    finally:
        await engine.dispose()
    return [(t, n) for t, n, seat, action in acked if stored.get((t, n)) != (seat, list(action))]


async def failover(cluster: LocalCluster, tables: int, rounds: int, every: float, back_within: float = 30.0,
                   say: Any = print, tally: Tally | None = None) -> dict[str, Any]:
    """Play `tables` at once; `rounds` times: wait `every` seconds, kill -9 the busiest server, wait for every
    table in play to move again, start the server again. `tally`: the caller's, to watch it as it goes."""
    tally = tally or Tally()
    rng = random.Random(7)
    not_back = 0
    async with httpx.AsyncClient(base_url=f"http://{cluster.base}", timeout=30) as http:
        slots = [asyncio.create_task(run_slot(cluster.base, http, random.Random(rng.getrandbits(64)), tally))
                 for _ in range(tables)]
        await asyncio.sleep(every)
        for r in range(rounds):
            held = await owners(cluster.db)
            victim = max(range(cluster.n), key=lambda i: held.get(f"127.0.0.1:{cluster.server_port(i)}", 0))
            hit = held.get(f"127.0.0.1:{cluster.server_port(victim)}", 0)
            killed_at = time.monotonic()
            in_play = set(tally.live)
            cluster.kill(victim)
            # every table in play then must have a move acked after the kill (or have ended)
            while time.monotonic() - killed_at < back_within:
                waiting = [t for t in in_play if t in tally.live and tally.last_ack.get(t, 0) < killed_at]
                if not waiting:
                    break
                await asyncio.sleep(0.1)
            else:
                not_back += len(waiting)
                say(f"  not back: {await describe(cluster.db, waiting)}; their seats: "
                    f"{[(t, s, tally.seats.get((t, s))) for t in waiting for s in (0, 1)]}")
            back = time.monotonic() - killed_at
            say(f"round {r + 1}: killed server {victim + 1} (owner of {hit} tables); every table moving again "
                f"after {back:.1f} s")
            cluster.start_server(victim)
            await asyncio.sleep(every)
        tally.stop = True
        await asyncio.wait(slots, timeout=10)
        for s in slots:
            s.cancel()
    lost = await lost_moves(cluster.db, tally.acked)
    return {"acked": len(tally.acked), "lost": len(lost), "not_back": not_back, "longest_pause": tally.longest,
            "reconnects": tally.reconnects, "games": tally.games, "errors": tally.errors}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--every", type=float, default=6.0, help="seconds between kills")
    parser.add_argument("--lease", type=float, default=3.0, help="lease seconds (a dead owner's tables move after)")
    parser.add_argument("--port", type=int, default=8320)
    args = parser.parse_args()
    with LocalCluster(args.servers, args.port, lifted=True, lease_seconds=args.lease) as cluster:
        out = asyncio.run(failover(cluster, args.tables, args.rounds, args.every))
    print(f"{args.rounds} kill -9 of one of {args.servers} servers, {args.tables} tables in play, "
          f"lease {args.lease:g} s")
    print(f"acknowledged moves checked: {out['acked']}   lost: {out['lost']}   tables that did not come back: "
          f"{out['not_back']}   longest pause a table saw: {out['longest_pause']:.1f} s")
    print(f"reconnects: {out['reconnects']}   games finished: {out['games']}   errors: {out['errors'] or 'none'}")
    if out["lost"] or out["not_back"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
