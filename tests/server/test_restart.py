"""Stop the server mid-game, start a new one on the same database: the game comes back and finishes.

Each runs on SQLite and on PostgreSQL (the `db` fixture, in conftest.py).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from harness import Closed, columns, play_safe, run, serving, sql, start_game

from moontable.clock import FakeClock
from moontable.record import verify
from moontable.server.messages import Close


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


def test_moves_a_bot_made_for_an_absent_player_keep_their_mark_across_a_restart(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, grace_seconds=30) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            tid = table["id"]
            await play_safe(server, tid, players, moves=6)
            await players[1].close()
            await asyncio.sleep(0.01)  # the table hears of the drop before the clock moves
            clock.advance(31)  # seat 1's grace runs out: a bot sits in
            await play_safe(server, tid, {0: players[0]},
                            stop=lambda t: sum(1 for m in t.match.record["moves"][6:] if m[0] == 1) >= 2)
            old = server.table(tid)
            marked = [list(m) for m in old.match.record["moves"]]
            assert [m for m in marked[6:] if m[0] == 1][:2] == [m for m in marked[6:] if len(m) == 3][:2]
            assert all(m[2] == {"bot": "random"} for m in marked if len(m) == 3)
        await players[0].close()
        before = [list(m) for m in old.match.record["moves"]]  # the bot may have moved again before the stop

        async with serving(db, clock, grace_seconds=30) as server:
            live = server.table(tid)
            restored = live.match.record["moves"]  # the marks came back with the moves
            assert len(restored) >= len(marked) and restored == before[:len(restored)]
            marked = [list(m) for m in restored]
            players[0].server = server
            await players[0].connect(resume=True)
            clock.advance(31)  # seat 1 is still absent: after its new grace a bot sits in again and finishes
            await play_safe(server, tid, {0: players[0]})
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert rec["moves"][:len(marked)] == marked and verify(rec).ok, verify(rec).failed
            await players[0].close()

    run(main())


def test_an_open_decision_keeps_the_time_it_had_left_across_a_restart(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            await play_safe(server, tid, players, moves=3)
            live = server.table(tid)
            (d,) = live.game.pending(live.match.state)[:1]
            n = len(live.match.record["moves"])
            clock.advance(50)  # 50 of its 90 seconds used
            await asyncio.sleep(0.01)
        for q in [*players.values(), spectator]:
            await q.close()
        clock.advance(1000)  # the server is down for a while: the clocks stand still meanwhile

        async with serving(db, clock) as server:
            live = server.table(tid)
            mover, spectator.server = players[d.seat], server
            mover.server = server
            snap = await mover.connect(resume=True)
            assert snap["decision"] is not None and snap["decision"]["deadline"] == clock.now() + 40, "not a fresh 90"
            assert {"seat": d.seat, "deadline": clock.now() + 40} in snap["clocks"]
            await spectator.connect(resume=True)
            clock.advance(39)  # not yet
            assert await spectator.quiet() == [] and len(live.match.record["moves"]) == n
            clock.advance(1.5)  # the 40 seconds it had left have run out: the table plays the safe move
            update = await spectator.until(lambda m: m["type"] == "update")
            assert update["by"] == d.seat and update["auto"] is True and update["n"] == n + 1
            for q in [mover, spectator]:
                await q.close()

    run(main())


def test_a_database_from_before_the_bot_mark_opens_and_gains_it(db: str | Path) -> None:
    sql(db, "CREATE TABLE moves (table_id VARCHAR(32) NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,"
        " action TEXT NOT NULL, auto BOOLEAN NOT NULL, at FLOAT NOT NULL, PRIMARY KEY (table_id, n))")
    # the moves table as the first release made it

    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            assert await play_safe(server, table["id"], players, moves=3) == 3
            for p in players.values():
                await p.close()

    run(main())
    assert {"bot", "clocks"} <= columns(db, "moves")
    assert sql(db, "SELECT count(*) FROM moves WHERE bot IS NULL AND clocks IS NOT NULL") == [(3,)]


def test_a_database_from_before_the_saved_clocks_opens_and_gains_them(db: str | Path) -> None:
    sql(db, "CREATE TABLE tables (id VARCHAR(32) NOT NULL PRIMARY KEY, game VARCHAR(32) NOT NULL,"
        " rules VARCHAR(64) NOT NULL, options TEXT NOT NULL, seed VARCHAR(64) NOT NULL,"
        " commitment VARCHAR(64) NOT NULL, status VARCHAR(16) NOT NULL, client_seeds TEXT, result TEXT,"
        " record TEXT, created_at FLOAT NOT NULL, started_at FLOAT, ended_at FLOAT)")
    # the tables table as the first release made it: a game in it comes back after a restart with a fresh clock

    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            assert await play_safe(server, table["id"], players, moves=2) == 2
            for p in players.values():
                await p.close()
            clock.advance(20)
        return table["id"]

    tid = run(main())
    assert {"clocks", "rated", "rematch", "match_id"} <= columns(db, "tables")
    (saved,) = sql(db, "SELECT clocks FROM tables WHERE id = :t", t=tid)
    assert json.loads(saved[0])["n"] == 2 and 70 in json.loads(saved[0])["left"].values()


def test_a_table_all_ready_but_not_yet_started_starts_after_a_restart(db: str | Path, monkeypatch) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table = await server.create("human", "human")
            tid = table["id"]
            players = [server.player(table, i) for i in (0, 1)]
            for p in players:
                await p.connect()

            async def the_process_dies(*args, **kwargs):  # every ready is saved, the start never is
                raise OSError("killed")

            monkeypatch.setattr(server.lobby.store, "started", the_process_dies)
            assert (await players[0].ready("mine"))["type"] == "ack"
            assert (await players[1].ready())["type"] == "ack"
            await asyncio.sleep(0.05)
            assert server.table(tid).status == "waiting"
        for p in players:
            await p.close()
        monkeypatch.undo()

        async with serving(db, clock) as server:
            for _ in range(200):  # no one says ready again: it starts by itself
                if server.table(tid).status == "playing":
                    break
                await asyncio.sleep(0.01)
            live = server.table(tid)
            assert live.status == "playing" and live.match.record["client_seeds"] == ["mine", ""]
            for p in players:
                p.server = server
                snap = await p.connect(resume=True)
                assert snap["status"] == "playing" and snap["client_seeds"] == ["mine", ""]
            assert await play_safe(server, tid, dict(enumerate(players)), moves=4) == 4
            for p in players:
                await p.close()

    run(main())


def test_a_game_that_ended_just_before_a_restart_is_still_reachable_from_its_links(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            await play_safe(server, tid, players)
            ended = {i: await q.until(lambda m: m["type"] == "ended") for i, q in [*players.items(), (None, spectator)]}
            views = {i: p.view for i, p in players.items()}
        # stopped at once (as if killed right after the last commit): the ended table is not brought back
        for q in [*players.values(), spectator]:
            await q.close()

        async with serving(db, clock) as server:
            assert tid not in server.lobby.tables
            for i, q in [*players.items(), (None, spectator)]:
                q.server = server
                snap = await q.connect(resume=True)
                assert snap["status"] == "ended" and snap["seat"] == i and snap["seed"] == ended[i]["seed"]
                assert snap["result"] == ended[i]["result"] and snap["text"] == ended[i]["text"], "each in its words"
                assert snap["decision"] is None and snap["clocks"] == []
                if i is not None:
                    assert snap["view"] == views[i], "the seat sees the end as it was"
                with pytest.raises(Closed) as closed:
                    await q.until(lambda m: False)
                assert closed.value.code == Close.TABLE_CLOSED and "record" in closed.value.reason
                await q.close()
            stranger = server.player(table, 0)
            stranger.token = "not-this-tables-token"
            with pytest.raises(Closed) as closed:
                await stranger.connect()
            assert closed.value.code == Close.BAD_TOKEN
            await stranger.close()
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert verify(rec).ok and rec["seed"] == ended[0]["seed"]
            assert (await server.http.get(f"/api/tables/{tid}")).json()["status"] == "ended"

    run(main())
