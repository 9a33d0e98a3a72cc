"""The cluster for real: a throwaway PostgreSQL, two `moontable serve --cluster` processes and Debian's haproxy
in front (bench/cluster.py), played through haproxy by WebSocket clients whose two seats of a table often sit on
different processes (one reaches the table through the other). One process is killed with SIGKILL while the
games go on; then the whole cluster. Every acknowledged move must be in the database as acknowledged, and every
table in play must move again. The 20-round version is bench/failover.py (and the slow test below)."""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from cluster import LocalCluster  # noqa: E402
from failover import Tally, failover  # noqa: E402


def test_kill_9_of_a_server_loses_no_acknowledged_move_and_every_table_plays_on() -> None:
    with LocalCluster(servers=2, port=None, lifted=True, lease_seconds=2.0) as cluster:
        out = asyncio.run(failover(cluster, tables=4, rounds=1, every=3.0, say=lambda _: None))
    assert out["acked"] > 50, out
    assert out["games"] >= 1, "whole games were played through haproxy"
    assert out["lost"] == 0 and out["not_back"] == 0, out
    assert out["reconnects"] >= 1, "the killed server's clients came back by themselves"


def test_the_whole_cluster_killed_and_started_again_brings_back_every_table() -> None:
    with LocalCluster(servers=2, port=None, lifted=True, lease_seconds=2.0) as cluster:
        tally = Tally()

        async def main() -> tuple[dict[str, object], set[str], float]:
            play = asyncio.create_task(failover(cluster, tables=4, rounds=0, every=12.0, say=print, tally=tally))
            await asyncio.sleep(3.0)
            in_play = set(tally.live)
            for i in range(cluster.n):  # every server at once: no one is left to take over
                cluster.procs[i].send_signal(signal.SIGKILL)
            for i in range(cluster.n):
                cluster.procs[i].wait()
            started = time.monotonic()
            for i in range(cluster.n):
                cluster.start_server(i)
            return await play, in_play, started
        out, in_play, started = asyncio.run(main())
    assert out["lost"] == 0 and out["acked"] > 50, out
    assert in_play and all(tally.last_ack.get(t, 0) > started or t not in tally.live for t in in_play), \
        "every table in play when the cluster died moved again after it came back"


@pytest.mark.slow
def test_twenty_kill_9s_of_one_of_three_servers_lose_nothing() -> None:
    with LocalCluster(servers=3, port=None, lifted=True, lease_seconds=3.0) as cluster:
        out = asyncio.run(failover(cluster, tables=30, rounds=20, every=6.0, say=print))
    assert out["lost"] == 0 and out["not_back"] == 0, out


async def _owner(db: str, table_id: str) -> str | None:
    """The address of the process holding the table's lease now."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    from moontable.server.store import async_url

    engine = create_async_engine(async_url(db))
    try:
        async with engine.connect() as conn:
            row = (await conn.execute(text("SELECT address FROM leases WHERE table_id = :t AND expires > :now"),
                                      {"t": table_id, "now": time.time()})).first()
            return None if row is None else str(row[0])
    finally:
        await engine.dispose()


def test_a_blue_moon_match_plays_on_to_its_end_when_the_process_holding_it_is_killed() -> None:
    """A match to three crystals, a program (moontable.client) at seat 0 against a bot, through haproxy: the
    process holding the first game is killed with SIGKILL in the middle of it; the other process takes the
    table over, the program comes back by itself, the game and the ones after it are played to the match's
    end, and the match record and every game's record verify."""
    import httpx

    from moontable.client import play_async
    from moontable.games.bluemoon.series import verify_match
    from moontable.record import verify

    with LocalCluster(servers=2, port=None, lifted=True, lease_seconds=2.0) as cluster:
        base = f"http://{cluster.base}"

        async def main() -> tuple[dict[str, object], dict[str, dict[str, object]], list[str], str]:
            async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                r = await http.post("/api/tables", json={
                    "game": "bluemoon", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                    "options": {"mode": "quick"}, "match": {"target": 3}})
                assert r.status_code == 201, r.text
                table = r.json()
                tid, token = table["id"], table["seats"][0]["token"]
                killed: list[str] = []
                moves = 0

                async def kill_the_owner() -> None:
                    address = await _owner(cluster.db, tid)
                    assert address is not None, "the first game is held by a process"
                    victim = next(i for i in range(cluster.n) if address.endswith(f":{cluster.server_port(i)}"))
                    cluster.kill(victim)
                    killed.append(address)

                def choose(view: object, decision: object) -> object:
                    nonlocal moves
                    moves += 1
                    if moves == 4 and not killed:  # well inside the first game: a few moves made, more to come
                        asyncio.get_running_loop().create_task(kill_the_owner())
                    return decision.options[0]  # type: ignore[attr-defined]

                tables = []
                while True:
                    await play_async(f"{base}/t/{tid}#{token}", choose, author="the test")
                    if not tables:  # the first game went on after the kill: the other process played it on
                        assert moves > 5, f"the first game ended {moves - 4} moves after the kill"
                    tables.append(tid)
                    for _ in range(600):  # the match moves on (its next game opened, or its end)
                        info = (await http.get(f"/api/tables/{tid}")).json()
                        assert "match" in info, info
                        match = info["match"]
                        if match["next"] is not None or match["over"]:
                            break
                        await asyncio.sleep(0.05)
                    if match["over"]:
                        break
                    tid = match["next"]
                rec = (await http.get(f"/api/matches/{match['id']}")).json()
                records = {t: (await http.get(f"/api/tables/{t}/record")).json() for t in tables}
                return rec, records, tables, killed[0] if killed else ""

        rec, records, tables, killed = asyncio.run(asyncio.wait_for(main(), 240))
    assert killed, "the process holding the first game was killed while it was played"
    assert rec["status"] == "ended" and rec["tables"] == tables
    assert rec["crystals"][rec["winner"]] >= 3
    for tid in tables:
        assert verify(records[tid]).ok, tid
    assert verify_match(rec, records.__getitem__) == []
