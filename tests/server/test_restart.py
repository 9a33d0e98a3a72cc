"""Stop the server mid-game, start a new one on the same database: the game comes back and finishes.

Runs on SQLite; set MOONTABLE_TEST_POSTGRES=postgresql://... (an empty database) to run it on
PostgreSQL through asyncpg as well.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from harness import Closed, play_safe, run, serving, start_game

from moontable.clock import FakeClock
from moontable.record import verify
from moontable.server.messages import Close

PG = os.environ.get("MOONTABLE_TEST_POSTGRES")
DATABASES = ["sqlite"] + (["postgres"] if PG else [])


@pytest.fixture(params=DATABASES)
def db(request, tmp_path: Path) -> str | Path:
    if request.param == "sqlite":
        return tmp_path / "t.db"
    assert PG is not None
    return PG


def test_a_restarted_server_brings_back_every_unfinished_table(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table, players, spectator = await start_game(server, "human", "human", seeds={1: "x"})
            assert spectator is not None
            tid = table["id"]
            await play_safe(server, tid, players, moves=40)
            before = server.table(tid).match.record
            moves_before = [list(m) for m in before["moves"]]
            waiting = await server.create("human", "open")
            p = server.player(waiting, 0)
            await p.connect()
            await p.ready("early")
            record_midway = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert "seed" not in record_midway and "draws" not in record_midway
        # the server has stopped: every client was told to come back (close code 1012)
        for q in [*players.values(), spectator, p]:
            with pytest.raises(Closed) as closed:
                await q.until(lambda m: False)
            assert closed.value.code == Close.SERVER_RESTART
            await q.close()

        async with serving(db, clock) as server:
            live = server.table(tid)
            assert live.status == "playing" and live.match.record["moves"] == moves_before
            assert live.match.record["client_seeds"] == ["", "x"]
            back = server.table(waiting["id"])
            assert back.status == "waiting" and back.seats[0].ready and back.seats[0].client_seed == "early"
            for q in [*players.values(), spectator]:
                q.server = server  # the same links, on the new server
                snap = await q.connect(resume=True)  # a version from the old life: a fresh snapshot
                assert snap["resumed"] is False and snap["n"] == 40 and snap["status"] == "playing"
            made = await play_safe(server, tid, players)
            assert live.status == "ended"
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert rec["moves"][:40] == moves_before and len(rec["moves"]) == 40 + made
            assert verify(rec).ok, verify(rec).failed
            for q in [*players.values(), spectator]:
                await q.close()

        async with serving(db, clock) as server:  # finished games stay queryable
            assert tid not in server.lobby.tables
            summary = (await server.http.get(f"/api/tables/{tid}")).json()
            assert summary["status"] == "ended" and summary["moves"] == 40 + made
            assert (await server.http.get(f"/api/tables/{tid}/record")).json() == rec

    run(main())
