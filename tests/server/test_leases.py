"""Table leases with fencing (server/lease.py): two server processes on one PostgreSQL database, each in this
test process with its own connection pool, as two processes have. One table, one owner; a process that lost
its lease can never append a move, even before it knows it lost it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3

import pytest
from harness import Closed, Server, play_safe, run, serving, sql, start_game
from sqlalchemy import select

from moontable.clock import FakeClock
from moontable.record import verify
from moontable.server.lease import Leases
from moontable.server.messages import Close
from moontable.server.store import LeaseLost, Store, tables
from pgcluster import Cluster


async def _until(check, what: str, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} did not happen in {seconds} s")


async def _saved_clocks(server: Server, tid: str, check, what: str) -> None:
    """Wait till the clocks the table's row keeps pass `check` (read through the server's own pool: a blocking
    read from this loop could wait on a write this loop has yet to finish)."""
    for _ in range(1000):
        rows = await server.lobby.store.query(select(tables.c.clocks).where(tables.c.id == tid))
        if rows and rows[0]["clocks"] is not None and check(json.loads(rows[0]["clocks"])):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} did not happen in 10 s")


def _cluster(name: str) -> dict[str, object]:
    return {"cluster": name, "lease_seconds": 6.0, "lease_poll": 0.02}


async def _alive(server: Server, clock: FakeClock, seconds: int) -> None:
    """`seconds` pass while `server` lives and renews its leases (a player thinking meanwhile)."""
    for _ in range(seconds):
        clock.advance(1)
        await server.lobby._keep_leases()


async def _dies(server: Server, clock: FakeClock, heir: Server, tid: str) -> None:
    """`server` stops renewing (killed or frozen: nothing given back, nothing saved at a stop) and its lease runs
    out; `heir` takes table `tid` over."""
    keeper = server.lobby._keeper
    assert keeper is not None
    keeper.cancel()
    # ended, not left mid-transaction: a killed process holds no lock on the database (SQLite's file) either
    await asyncio.gather(keeper, return_exceptions=True)
    clock.advance(7)  # longer than a lease
    await _until(lambda: tid in heir.lobby.tables, "the table taken over")


def test_a_process_that_lost_its_lease_cannot_append_and_the_new_owner_plays_on(postgres: Cluster) -> None:
    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()  # both processes' clock: a lease runs out when the test says so
        async with serving(url, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(url, clock, **_cluster("127.0.0.1:2")) as b:
            table, players, _ = await start_game(a, "human", "human", watch=False)
            tid = table["id"]
            assert await play_safe(a, tid, players, moves=3) == 3
            await asyncio.sleep(0.2)  # b looks for ownerless tables ten times over
            assert tid not in b.lobby.tables, "a renews its lease: b leaves the table alone"

            await _dies(a, clock, b, tid)  # a freezes: it renews nothing, but its table still runs in its memory
            assert b.table(tid).match.record["moves"] == a.table(tid).match.record["moves"]

            # a does not know yet: a move sent to it is refused, and nothing is written
            live = a.table(tid)
            d = next(d for d in live.game.pending(live.match.state) if d.seat in players)
            reply = await players[d.seat].move(live.game.safe_action(live.match.state, d))
            assert reply["type"] == "error" and "not made" in reply["message"], reply
            assert sql(url, "SELECT count(*) FROM moves WHERE table_id = :t", t=tid) == [(3,)]
            assert sql(url, "SELECT owner, token FROM leases WHERE table_id = :t", t=tid) == \
                [(b.lobby.leases.owner, 2)]

            # the seats come back at b, where the game stands at move 3, and play to the end
            for p in players.values():
                await p.close()
                p.server = b
                snap = await p.connect(resume=True)
                assert snap["n"] == 3 and snap["status"] == "playing"
            await play_safe(b, tid, players)
            rec = (await b.http.get(f"/api/tables/{tid}/record")).json()
            assert rec["moves"][:3] == a.table(tid).match.record["moves"][:3]
            assert verify(rec).ok, verify(rec).failed
            for p in players.values():
                await p.close()

    run(main(), timeout=60)


def test_a_table_handed_over_at_a_clean_stop_keeps_the_time_its_decision_had_left(postgres: Cluster) -> None:
    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()
        async with serving(url, clock, **_cluster("127.0.0.1:2")) as b:
            async with serving(url, clock, **_cluster("127.0.0.1:1")) as a:
                table, players, _ = await start_game(a, "human", "human", watch=False)
                tid = table["id"]
                assert await play_safe(a, tid, players, moves=3) == 3
                live = a.table(tid)
                d = next(d for d in live.game.pending(live.match.state) if d.seat in players)
                await _alive(a, clock, 30)  # 30 of its 90 seconds used
                assert tid not in b.lobby.tables
            # a stopped cleanly (SIGTERM): it gave its lease back, and b takes the table over
            await _until(lambda: tid in b.lobby.tables, "b taking the table over")
            mover = players[d.seat]
            await mover.close()
            mover.server = b
            snap = await mover.connect(resume=True)
            assert snap["decision"]["deadline"] == clock.now() + 60, "the time it had left, not a fresh 90"
            n = len(b.table(tid).match.record["moves"])
            clock.advance(61)
            await _until(lambda: len(b.table(tid).match.record["moves"]) == n + 1, "the clock running out")
            assert b.table(tid).match.record["moves"][-1][2] == {"auto": True}
            for p in players.values():
                await p.close()

    run(main(), timeout=60)


def test_the_owner_that_learns_it_lost_a_lease_lets_the_table_go_and_tells_its_sockets_to_come_back(
        postgres: Cluster) -> None:
    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()
        async with serving(url, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(url, clock, **_cluster("127.0.0.1:2")) as b:
            table, players, spectator = await start_game(a, "human", "human")
            tid = table["id"]
            assert b.lobby._keeper is not None
            await _dies(a, clock, b, tid)
            assert tid in a.lobby.tables
            await a.lobby._keep_leases()  # a wakes up and renews: the table is not its own any more
            await _until(lambda: tid not in a.lobby.tables, "a letting the table go")
            for p in [*players.values(), spectator]:
                with pytest.raises(Closed) as closed:
                    await p.until(lambda m: False)
                assert closed.value.code == Close.SERVER_RESTART, closed.value  # come back: the table goes on
                await p.close()

    run(main(), timeout=60)


def test_two_processes_racing_for_one_tables_lease_one_wins_each_round(postgres: Cluster) -> None:
    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()
        async with serving(url, clock) as one:  # a table from before the cluster: it has no lease row yet
            tid = (await one.create("human", "human"))["id"]
        stores = [Store(url), Store(url)]
        for s in stores:
            await s.open()
        try:
            a, b = (Leases(s, f"127.0.0.1:{i}", clock) for i, s in enumerate(stores))
            tokens = []
            for _ in range(20):
                got = await asyncio.gather(a.take(tid), b.take(tid))
                won = [t for t in got if t is not None]
                assert len(won) == 1, got
                tokens.append(won[0])
                winner, loser = (a, b) if got[0] is not None else (b, a)
                assert sql(url, "SELECT owner, token FROM leases WHERE table_id = :t", t=tid) == [(winner.owner,
                                                                                                   won[0])]
                assert await loser.take(tid) is None, "a live lease cannot be taken"
                clock.advance(7)  # the winner freezes; its lease runs out
            assert tokens == list(range(1, 21)), "the token grows by one at each takeover"
            # the deposed holders of every older token are fenced off: no write of theirs goes in
            stale = a if a.fences.get(tid) != 20 else b
            stale.fences[tid] = 19
            with pytest.raises(LeaseLost):
                await stale.store.moved(tid, 1, 0, ["x"], False, clock.now(), None)
            assert sql(url, "SELECT count(*) FROM moves") == [(0,)]
        finally:
            for s in stores:
                await s.close()

    run(main(), timeout=60)


def test_a_clean_shutdown_hands_its_tables_over_at_once(postgres: Cluster) -> None:
    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()  # never advanced: only a lease given back can change hands
        async with serving(url, clock, **_cluster("127.0.0.1:2")) as b:
            async with serving(url, clock, **_cluster("127.0.0.1:1")) as a:
                table, players, _ = await start_game(a, "human", "human", watch=False)
                tid = table["id"]
                await play_safe(a, tid, players, moves=2)
                for p in players.values():
                    await p.close()
            await _until(lambda: tid in b.lobby.tables, "b taking over the table a gave back", seconds=5)
            assert len(b.table(tid).match.record["moves"]) == 2
            p = Server.player(b, table, 0)
            snap = await p.connect()
            assert snap["n"] == 2
            await p.close()

    run(main(), timeout=60)


def test_a_table_taken_over_after_its_owner_died_resumes_each_clock_with_the_time_it_had_left(db) -> None:
    """A kill -9 gives nothing back: the new owner resumes each decision's clock from what the last move saved,
    less the time its player had while the dead process was still alive (till its last lease renewal); the
    seconds the crash and the takeover took are no one's. On SQLite (two processes on one file) and PostgreSQL."""

    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(db, clock, **_cluster("127.0.0.1:2")) as b:
            table, players, _ = await start_game(a, "human", "human", watch=False)
            tid = table["id"]
            assert await play_safe(a, tid, players, moves=3) == 3
            live = a.table(tid)
            d = next(d for d in live.game.pending(live.match.state) if d.seat in players)
            assert live.turns.open[d.seat].deadline == clock.now() + 90
            await _alive(a, clock, 20)  # its player thinks for 20 s while a is alive
            await _dies(a, clock, b, tid)  # a dies: no renewal, no clocks saved at a stop, no lease given back
            mover = players[d.seat]
            await mover.close()
            mover.server = b
            snap = await mover.connect(resume=True)
            assert snap["decision"]["deadline"] == clock.now() + 70, "90 s less the 20 s it had at a, not a fresh 90"
            assert {"seat": d.seat, "deadline": clock.now() + 70} in snap["clocks"]

            # b dies too before anyone moves: the third process counts from b's start, not from the last move
            async with serving(db, clock, **_cluster("127.0.0.1:3")) as c:
                await _saved_clocks(b, tid, lambda c: c["n"] == 3, "b saving the clocks it resumed with")
                await _alive(b, clock, 10)
                await _dies(b, clock, c, tid)
                await mover.close()
                mover.server = c
                snap = await mover.connect(resume=True)
                assert snap["decision"]["deadline"] == clock.now() + 60, "70 s less the 10 s it had at b"
                n = len(c.table(tid).match.record["moves"])
                clock.advance(59)
                await asyncio.sleep(0.05)
                assert len(c.table(tid).match.record["moves"]) == n, "not yet"
                clock.advance(1.5)
                await _until(lambda: len(c.table(tid).match.record["moves"]) == n + 1, "the clock running out")
                assert c.table(tid).match.record["moves"][-1][2] == {"auto": True}
                for p in players.values():
                    await p.close()

    run(main(), timeout=60)


def test_a_game_whose_owner_died_before_its_first_move_resumes_its_first_clocks(db) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(db, clock, **_cluster("127.0.0.1:2")) as b:
            table, players, _ = await start_game(a, "human", "human", watch=False)
            tid = table["id"]
            await _saved_clocks(a, tid, lambda c: c["n"] == 0, "a saving the first clocks")
            await _alive(a, clock, 20)
            await _dies(a, clock, b, tid)
            live = b.table(tid)
            assert live.match.record["moves"] == []
            assert [c["deadline"] for c in live.turns.clocks()] == [clock.now() + 70], "not a fresh 90"
            for p in players.values():
                await p.close()

    run(main(), timeout=60)


def test_a_decision_given_back_by_an_undo_keeps_its_time_across_its_owners_death(db) -> None:
    async def main() -> None:
        clock = FakeClock()

        async with serving(db, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(db, clock, **_cluster("127.0.0.1:2")) as b:
            table, players, _ = await start_game(a, "human", "human", watch=False)
            tid = table["id"]
            live = a.table(tid)
            (d,) = live.game.pending(live.match.state)  # the Moon's first set-up placement
            await _alive(a, clock, 30)
            assert (await players[d.seat].move(d.options[0]))["type"] == "ack"
            await _alive(a, clock, 5)  # after the move: not the time of the decision the undo gives back
            assert (await players[d.seat].undo(1))["type"] == "ack"  # back with the 60 s it had left
            await _saved_clocks(a, tid, lambda c: c["left"] == {str(d.seat): 60.0},
                                "a saving the clock the undo gave back")
            await _alive(a, clock, 10)
            await _dies(a, clock, b, tid)
            assert [c["deadline"] for c in b.table(tid).turns.clocks()] == [clock.now() + 50], \
                "60 s at the undo less the 10 s after it"
            for p in players.values():
                await p.close()

    run(main(), timeout=60)


def test_the_lobby_lists_the_same_tables_from_every_process(db) -> None:
    """Open tables and games in play, wherever they live, from whichever process the lobby asks."""

    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(db, clock, **_cluster("127.0.0.1:2")) as b:
            waiting = await a.create("human", "open")  # a's, with a seat anyone may take
            playing, players, _ = await start_game(b, "human", "human", watch=False)  # b's, in play
            assert await play_safe(b, playing["id"], players, moves=2) == 2

            async def lists(server) -> tuple[list[dict], list[dict]]:
                open_ = (await server.http.get("/api/tables")).json()["tables"]
                live = (await server.http.get("/api/tables?status=playing")).json()["tables"]
                return open_, live

            (open_a, live_a), (open_b, live_b) = await lists(a), await lists(b)
            assert [t["id"] for t in open_a] == [waiting["id"]] and open_a == open_b
            assert [t["id"] for t in live_a] == [playing["id"]] and live_a == live_b
            assert live_b[0]["moves"] == 2 and [s["name"] for s in live_b[0]["seats"]] == ["player 1", "player 2"]
            assert [s["taken"] for s in open_b[0]["seats"]] == [True, False]

            joined = await a.http.post(f"/api/tables/{waiting['id']}/join", json={"name": "Ann"})
            assert joined.status_code == 200, joined.text
            assert (await lists(b))[0] == [] and (await lists(a))[0] == [], "its seat is taken: listed nowhere"
            for p in players.values():
                await p.close()

    run(main(), timeout=60)


def test_an_owner_renewing_as_another_takes_its_lease_over_leaves_one_owner_and_the_loser_writes_nothing(
        postgres: Cluster) -> None:
    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()
        async with serving(url, clock) as one:
            tid = (await one.create("human", "human"))["id"]
        stores = [Store(url), Store(url)]
        for s in stores:
            await s.open()
        try:
            a, b = (Leases(s, f"127.0.0.1:{i}", clock) for i, s in enumerate(stores))
            assert await a.take(tid) == 1
            holder, other, written = a, b, 0
            for i in range(20):
                clock.advance(7)  # the holder's lease has just run out: it renews as the other takes it over
                token = holder.fences[tid]
                if i % 2:  # either one asks first
                    lost, taken = await asyncio.gather(holder.renew(), other.take(tid))
                else:
                    taken, lost = await asyncio.gather(other.take(tid), holder.renew())
                owners = sql(url, "SELECT owner, token FROM leases WHERE table_id = :t", t=tid)
                if taken is None:  # the renewal came first: the lease stays the holder's, with its token
                    assert lost == set() and holder.fences == {tid: token} and tid not in other.fences
                    assert owners == [(holder.owner, token)]
                    winner, loser = holder, other
                else:  # the takeover came first: the holder learns it lost the table
                    assert lost == {tid} and tid not in holder.fences and taken == token + 1
                    assert owners == [(other.owner, taken)]
                    winner, loser = other, holder
                    loser.fences[tid] = token  # as if it had not heard yet: its writes are fenced all the same
                with pytest.raises(LeaseLost):
                    await loser.store.moved(tid, written + 1, 0, ["x"], False, clock.now(), None)
                loser.fences.pop(tid, None)
                await winner.store.moved(tid, written + 1, 0, ["x"], False, clock.now(), None)
                written += 1
                assert sql(url, "SELECT count(*) FROM moves WHERE table_id = :t", t=tid) == [(written,)]
                holder, other = winner, loser
        finally:
            for s in stores:
                await s.close()

    run(main(), timeout=60)


def test_a_match_left_between_two_games_by_a_process_that_died_is_moved_on_by_another_and_only_once(
        postgres: Cluster) -> None:
    """A process ends a game of a match and dies before the next game is stored: once the ended game's lease
    has run out, another process opens the next game (at the same seat link); and a process that tries to move
    the match on from what it read before (a copy older than the database's) opens nothing."""
    from sqlalchemy import func

    from moontable.server.matches import MatchRun
    from moontable.table import Seat

    url = postgres.database()

    async def main() -> None:
        clock = FakeClock()
        async with serving(url, clock, **_cluster("127.0.0.1:1")) as a, \
                serving(url, clock, **_cluster("127.0.0.1:2")) as b:
            table = await a.create("human", "bot:random", game="bluemoon", match={"target": 12})
            tid, token = table["id"], table["seats"][0]["token"]
            me = a.player(table, 0)
            await me.connect()
            await me.ready()
            await me.until(lambda m: m["type"] == "update")
            await play_safe(a, tid, {0: me})
            mid = a.lobby.matches.of_table[tid]
            run_ = a.lobby.matches.runs[mid]
            await _until(lambda: len(run_.tables) == 2 and run_.opening is None, "the second game opened")
            second = run_.tables[1]
            # as if `a` had died between the end of the first game and the storing of the second: the match's row
            # has the first game only, the second table never was (closed unplayed), and `a` renews nothing more
            stale = {**run_.state(), "tables": [tid], "games": [], "crystals": [0, 0], "kept": None}
            await a.lobby.store.match_changed(mid, {"state": json.dumps(stale)})
            await a.lobby.store.abandoned(second, clock.now())
            a.lobby.tables[second].stop()
            keeper = a.lobby._keeper
            assert keeper is not None
            keeper.cancel()
            await asyncio.gather(keeper, return_exceptions=True)
            before = await a.lobby.store.load_match(mid)
            assert before is not None
            clock.advance(7)  # the first game's lease runs out
            await _until(lambda: mid in b.lobby.matches.runs and len(b.lobby.matches.runs[mid].tables) == 2
                         and b.lobby.matches.runs[mid].tables[1] in b.lobby.tables, "the match moved on by b")
            third = b.lobby.matches.runs[mid].tables[1]
            assert third not in (tid, second)
            p = b.player({"id": third, "seats": [{"token": token}]}, 0)
            snap = await p.connect()
            assert snap["seat"] == 0 and snap["view"]["match"]["game"] == 2
            # `a` comes back to life with what it read before b moved the match on: it opens nothing
            stored = await a.lobby.store.load(tid)
            assert stored is not None
            seats = [Seat(s["seat"], s["name"], s["kind"], level=s["level"], token_hash=s["token_hash"],
                          ready=True, client_seed=s["client_seed"] or "") for s in stored.seats]
            await a.lobby.matches.next_game(MatchRun.from_row(before), tid, json.loads(stored.row["record"]), seats)
            row = await b.lobby.store.load_match(mid)
            assert row is not None and json.loads(row["state"])["tables"] == [tid, third]
            games = await b.lobby.store.query(select(func.count()).select_from(tables)
                                              .where(tables.c.match_id == mid))
            assert list(games[0].values()) == [3], games  # the first, the one never stored (abandoned), the third

    run(main(), timeout=120)


def test_on_sqlite_a_write_that_waited_for_the_lock_checks_the_lease_another_process_took_meanwhile(tmp_path) -> None:
    """The fence is checked under SQLite's write lock: a write queued behind another process's takeover sees the
    new token and writes nothing."""
    path = tmp_path / "t.db"

    async def main() -> None:
        clock = FakeClock()
        async with _queued(path, clock, lambda store, mine, tid: store.moved(tid, 1, 0, ["x"], False, clock.now(),
                                                                             None)) as (tid, write, other):
            other.execute("UPDATE leases SET token = 2, owner = 'other' WHERE table_id = ?", (tid,))  # a takeover
        with pytest.raises(LeaseLost):
            await write
        assert sql(path, "SELECT count(*) FROM moves WHERE table_id = :t", t=tid) == [(0,)]

    run(main(), timeout=30)


def test_on_sqlite_a_renewal_that_waited_for_the_lock_counts_its_lease_from_when_it_got_it(tmp_path) -> None:
    """A renewal queued behind another writer sets the expiry from the time it holds the lock, not from when it
    asked: one that waited never sets back what a later renewal wrote meanwhile."""
    path = tmp_path / "t.db"

    async def main() -> None:
        clock = FakeClock()
        async with _queued(path, clock, lambda store, mine, tid: mine.renew()) as (tid, renewal, _):
            clock.advance(3)
        assert await renewal == set()
        assert sql(path, "SELECT expires FROM leases WHERE table_id = :t", t=tid) == [(clock.now() + 6.0,)]

    run(main(), timeout=30)


@contextlib.asynccontextmanager
async def _queued(path, clock: FakeClock, work):
    """A table whose lease a store on SQLite file `path` holds (token 1), and `work(store, leases, table)` started
    while another process holds the write lock: inside, the table, the task (it waits for the lock) and that
    process's connection; at the end that process commits, and the store closes once the task is done."""
    async with serving(path, clock) as one:
        tid = (await one.create("human", "human"))["id"]
    store = Store(f"sqlite:///{path}")
    await store.open()
    try:
        mine = Leases(store, "127.0.0.1:1", clock)
        assert await mine.take(tid) == 1
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        task = asyncio.ensure_future(work(store, mine, tid))
        await asyncio.sleep(0.3)
        assert not task.done(), "it waits for the lock"
        yield tid, task, other
        other.execute("COMMIT")
        other.close()
        await asyncio.gather(task, return_exceptions=True)
    finally:
        await store.close()
