"""The decision clock (with a fake clock: nobody waits 90 seconds), bot take-over and reclaim, bots
filling the seats of players who never came."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Closed, FakeClock, play_safe, run, serving, start_game

from moontable.server.messages import Close


def test_a_decision_runs_out_and_the_table_plays_the_safe_action(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            live = server.table(table["id"])
            await play_safe(server, table["id"], players, moves=5)
            await spectator.quiet()
            (d,) = live.game.pending(live.match.state)[:1]
            mover = players[d.seat]
            await mover.quiet()
            assert mover.decision is not None
            assert mover.decision["deadline"] == server.clock.now() + 90
            last = [m for m, _ in spectator.ws.flat if m["type"] == "update"][-1]  # a batch's last is live
            assert {"seat": d.seat, "deadline": server.clock.now() + 90} in last["clocks"]
            n = len(live.match.record["moves"])
            safe = live.game.safe_action(live.match.state, d)

            server.clock.advance(89)  # not yet
            assert await spectator.quiet() == [] and len(live.match.record["moves"]) == n

            server.clock.advance(1.5)
            update = await spectator.until(lambda m: m["type"] == "update")
            assert update["by"] == d.seat and update["auto"] is True and update["n"] == n + 1
            assert live.match.record["moves"][-1] == [d.seat, list(safe), {"auto": True}]
            # the game goes on: the player whose clock ran out can still play its next decisions
            assert await play_safe(server, table["id"], players, moves=3) == 3
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


def test_a_bot_takes_an_abandoned_seat_and_the_player_reclaims_it(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, grace_seconds=30) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            live = server.table(tid)
            await play_safe(server, tid, players, moves=8)
            await players[1].close()
            gone = await spectator.until(lambda m: m["type"] == "seats" and not m["seats"][1]["connected"])
            assert gone["seats"][1]["bot"] is False

            server.clock.advance(29)
            assert all(m["type"] != "seats" for m in await spectator.quiet())
            server.clock.advance(2)
            took = await spectator.until(lambda m: m["type"] == "seats")
            assert took["seats"][1]["bot"] is True and took["seats"][1]["level"] == "random"

            # the bot now plays seat 1 (no pacing in tests) while seat 0 plays on
            await play_safe(server, tid, {0: players[0]},
                            stop=lambda t: sum(1 for m in t.match.record["moves"][8:] if m[0] == 1) >= 3)
            bot_moves = [m for m in live.match.record["moves"][8:] if m[0] == 1]
            # the bot's moves, not timeouts, and the record says a bot made them for the absent player
            assert len(bot_moves) >= 3 and all(m[2:] == [{"bot": "random"}] for m in bot_moves)

            snap = await players[1].connect()
            assert snap["seats"][1]["bot"] is False and snap["seats"][1]["connected"] is True
            back = await spectator.until(lambda m: m["type"] == "seats" and not m["seats"][1]["bot"])
            assert back["seats"][1]["connected"] is True
            # seat 1 is the player's again: its decisions wait for it
            await play_safe(server, tid, {0: players[0]}, stop=lambda t: 1 in {d.seat for d in
                                                                                t.game.pending(t.match.state)})
            n = len(live.match.record["moves"])
            await spectator.quiet()
            assert len(live.match.record["moves"]) == n
            assert await play_safe(server, tid, players, moves=4) == 4
            after = [m for m in live.match.record["moves"][n:] if m[0] == 1]
            assert after and all(len(m) == 2 for m in after)  # the player's own moves carry no mark
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


def test_seats_of_players_who_never_came_are_filled_by_bots(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, fill_seconds=300) as server:
            table = await server.create("human", "human")
            p0 = server.player(table, 0)
            await p0.connect()
            await p0.ready()
            server.clock.advance(299)
            assert all(m["type"] != "started" for m in await p0.quiet())
            server.clock.advance(2)
            await p0.until(lambda m: m["type"] == "started")
            seats = await p0.until(lambda m: m["type"] == "seats")
            assert seats["seats"][1]["bot"] is True and seats["seats"][0]["bot"] is False
            await play_safe(server, table["id"], {0: p0})
            assert server.table(table["id"]).status == "ended"
            # the late player's link still works: the seat is theirs to reclaim while the table lives
            p1 = server.player(table, 1)
            snap = await p1.connect()
            assert snap["seat"] == 1 and snap["status"] == "ended"
            await p0.close()
            await p1.close()

    run(main())


def test_a_table_where_no_one_ever_says_ready_closes_unplayed(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, fill_seconds=300, abandon_seconds=3600) as server:
            idle = await server.create("human", "open")
            host = server.player(idle, 0)
            await host.connect()  # there, but never ready
            busy = await server.create("human", "human")
            keen = server.player(busy, 0)
            await keen.connect()
            await keen.ready()
            server.clock.advance(3599)
            await host.quiet()
            assert server.table(idle["id"]).status == "waiting", "a day's wait is not over yet"
            assert server.table(busy["id"]).status == "playing", "a ready player's table started with a bot"
            server.clock.advance(2)
            with pytest.raises(Closed) as closed:
                await host.until(lambda m: False)
            assert closed.value.code == Close.TABLE_CLOSED and "closed unplayed" in closed.value.reason
            assert idle["id"] not in server.lobby.tables and busy["id"] in server.lobby.tables
            gone = (await server.http.get(f"/api/tables/{idle['id']}")).json()
            assert gone["status"] == "abandoned" and gone["result"] is None
            listed = (await server.http.get("/api/tables")).json()["tables"]
            assert idle["id"] not in [t["id"] for t in listed], "the lobby no longer offers its open seat"
            await host.close()
            await keen.close()
        async with serving(db, clock) as server:  # a restart does not bring it back
            assert idle["id"] not in server.lobby.tables and busy["id"] in server.lobby.tables

    run(main())


def test_simultaneous_decisions_each_keep_their_own_clock(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            live = server.table(table["id"])
            both = await play_safe(server, table["id"], players,
                                   stop=lambda t: len(t.game.pending(t.match.state)) == 2)
            assert both > 0 and live.status == "playing"
            opened = server.clock.now()
            for p in players.values():
                await p.quiet()
                assert p.decision is not None and p.decision["deadline"] == opened + 90
            server.clock.advance(30)
            first, second = (d.seat for d in live.game.pending(live.match.state))
            d = live.game.decision_for(live.match.state, first)
            assert (await players[first].move(live.game.safe_action(live.match.state, d)))["type"] == "ack"
            update = await players[second].until(lambda m: m["type"] == "update")
            assert update["decision"]["deadline"] == opened + 90  # still its own clock, not a fresh one
            server.clock.advance(61)
            auto = await players[second].until(lambda m: m["type"] == "update" and m["by"] == second)
            assert auto["auto"] is True
            assert live.match.record["moves"][-1][0] == second and live.match.record["moves"][-1][2] == {"auto": True}
            for p in players.values():
                await p.close()

    run(main())


async def wait_for(pred, timeout: float = 5.0) -> None:
    """Until `pred()` holds (the table works in its own task), or fail."""
    import asyncio

    for _ in range(int(timeout / 0.005)):
        if pred():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("it did not happen")


def test_a_bot_move_whose_write_fails_is_tried_again_not_left_to_the_clock(db: str | Path, monkeypatch) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "bot:random", watch=False)
            tid = table["id"]
            live = server.table(tid)
            await play_safe(server, tid, players, moves=3)
            store = server.lobby.store
            real = store.moved
            failed: list[int] = []

            async def fail_the_bots_first(table_id, n, seat, *args, **kwargs):
                if seat == 1 and not failed:
                    failed.append(n)
                    raise OSError("database restarting")
                return await real(table_id, n, seat, *args, **kwargs)

            monkeypatch.setattr(store, "moved", fail_the_bots_first)
            await play_safe(server, tid, players, stop=lambda t: bool(failed))
            n = failed[0] - 1  # the moves before the one that could not be saved
            assert len(live.match.record["moves"]) == n, "the failed move was undone"
            server.clock.advance(1.5)  # a moment, far from the 90 seconds of the decision's clock
            await wait_for(lambda: len(live.match.record["moves"]) > n)
            bot_move = live.match.record["moves"][n]
            assert bot_move[0] == 1 and len(bot_move) == 2, "the bot's own move, not a timeout's safe action"
            await play_safe(server, tid, players)
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert rec["moves"][n] == bot_move and not any(len(m) > 2 for m in rec["moves"])
            for p in players.values():
                await p.close()

    run(main())


def test_a_start_that_could_not_be_saved_is_tried_again(db: str | Path, monkeypatch) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table = await server.create("human", "human")
            players = [server.player(table, i) for i in (0, 1)]
            for p in players:
                await p.connect()
            store = server.lobby.store
            real = store.started
            calls: list[str] = []

            async def fail_once(*args, **kwargs):
                calls.append(args[0])
                if len(calls) == 1:
                    raise OSError("database restarting")
                return await real(*args, **kwargs)

            monkeypatch.setattr(store, "started", fail_once)
            for p in players:
                assert (await p.ready())["type"] == "ack"
            await wait_for(lambda: len(calls) == 1)
            assert server.table(table["id"]).status == "waiting"
            server.clock.advance(1.5)
            await players[0].until(lambda m: m["type"] == "started")
            assert server.table(table["id"]).status == "playing" and len(calls) == 2
            for p in players:
                await p.close()

    run(main())
