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
