"""Long use: a finished table lets go of its memory promptly, and late comers still see its end."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

import pytest
from harness import Closed, db_url, play_safe, run, serving, start_game

from moontable.server.messages import Close


def test_a_finished_table_is_released_promptly_and_late_comers_get_its_end_from_the_database(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            gc.collect()
            gc.disable()  # released at once, by reference counting: no wait for the collector
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            live = weakref.ref(server.table(tid))
            await play_safe(server, tid, players)
            ends = [await p.until(lambda m: m["type"] == "ended") for p in [*players.values(), spectator]]
            server.clock.advance(10)  # seconds, not the ten minutes an ended table used to stay
            for p in [*players.values(), spectator]:
                with pytest.raises(Closed) as closed:
                    await p.until(lambda m: False)
                assert closed.value.code == Close.TABLE_CLOSED
                await p.close()
            assert tid not in server.lobby.tables and tid not in server.lobby.tasks
            await asyncio.sleep(0.01)
            assert live() is None, "nothing holds on to the finished table's live state, not even a cycle"
            # a reload after that: the end, rebuilt from the database, then the socket closes
            for i, p in [*players.items(), (None, spectator)]:
                snap = await p.connect()
                assert snap["status"] == "ended" and snap["seat"] == i and snap["seed"] == ends[0]["seed"]
                with pytest.raises(Closed):
                    await p.until(lambda m: False)
                await p.close()
            assert len(server.lobby.finished_cache) == 1, "rebuilt once for every late comer"

    try:
        run(main())
    finally:
        gc.enable()


def test_bots_think_and_records_replay_in_worker_processes_not_on_the_servers_loop(db: str | Path,
                                                                                   monkeypatch) -> None:
    from moontable.table import turns

    def not_here(*args, **kwargs):
        raise AssertionError("a bot searched in the server's own process")

    monkeypatch.setattr(turns, "make_bot", not_here)  # a worker process has its own, untouched

    async def main() -> None:
        async with serving(db, workers=1) as server:
            table, players, _ = await start_game(server, "human", "bot:random", watch=False)
            tid = table["id"]
            await play_safe(server, tid, players)
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            bot_moves = [m for m in rec["moves"] if m[0] == 1]
            assert bot_moves and all(len(m) == 2 for m in bot_moves), "the bot's own moves, none a safe action"
            report = (await server.http.post("/api/verify", json=rec)).json()
            assert report["ok"] is True
            for p in players.values():
                await p.close()

    run(main(), timeout=60)


FROZEN = """
import asyncio, gc, sys, weakref
from moontable.server.app import create_app
from moontable.server.lobby import Settings

class Node:
    pass

async def main():
    for tuned in (False, True):
        app = create_app(Settings(db_url=sys.argv[1], tune_gc=tuned, workers=0))
        async with app.router.lifespan_context(app):
            found = []
            a, b = Node(), Node()
            a.other, b.other = b, a  # a cycle: reference counting alone never frees it
            weakref.finalize(a, found.append, 1)
            del a, b
            await asyncio.sleep(0.5)
            print(gc.get_freeze_count(), len(gc.get_objects()), int(gc.isenabled()), len(found))
        print(int(gc.isenabled()))

asyncio.run(main())
"""


def test_what_exists_after_the_start_is_kept_out_of_the_collectors_way(db: str | Path) -> None:
    """A full collection walks only what came after the start (the live games), not the modules, the
    games' content and the tables a restart brought back: those are frozen once the server is up. And the
    collector runs on a clock (server/collector.py): Python's own is off while the server runs, a cycle of
    garbage is still found within a young collection's interval, and Python's collector is back after it."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", FROZEN, db_url(db)], capture_output=True, text=True,
                         timeout=120, check=True).stdout.split()
    untuned, tuned = [int(x) for x in out[:4]], [int(x) for x in out[5:9]]
    assert untuned[0] == 0 and untuned[1] > 20_000, untuned  # by default a collection would walk all of these
    assert tuned[0] > 20_000 and tuned[1] < tuned[0] / 10, tuned  # frozen: it walks almost nothing
    assert untuned[2] == 1 and tuned[2] == 0, out  # Python's automatic collector, then ours on a clock
    assert tuned[3] == 1, out  # the cycle was found within half a second (Python's waits for 700 new objects)
    assert out[4] == "1" and out[9] == "1", out  # and after the server, Python's collector is on again
