"""Bad input: the sender gets one clear error, the table and everyone else carry on, nothing is lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harness import WS, Closed, play_safe, run, serving, start_game

from moontable.record import verify
from moontable.server.messages import Close


def errors(messages: list[dict]) -> list[tuple[str, object]]:
    return [(m["code"], m["id"]) for m in messages if m["type"] == "error"]


def test_bad_messages_get_one_clear_error_and_the_game_goes_on(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            live = server.table(tid)
            await play_safe(server, tid, players, moves=12)
            await play_safe(server, tid, players, stop=lambda t: len(t.game.pending(t.match.state)) == 1)
            p0, p1 = players[0], players[1]
            ws = p0.ws
            assert ws is not None
            n = len(live.match.record["moves"])
            await p0.quiet()

            cases = [
                ("{not json", "bad_json"),
                ("[1, 2]", "bad_message"),
                ('{"no": "type"}', "bad_message"),
                ('{"type": "shout", "text": "hi"}', "unknown_type"),
                ('{"type": "move", "action": "play"}', "bad_message"),
                ('{"type": "move", "action": []}', "bad_message"),
                ('{"type": "ready", "client_seed": "' + "x" * 300 + '"}', "bad_message"),
                (json.dumps({"type": "move", "action": ["x" * 5000]}), "too_large"),
                ('{"type": "hello", "token": null}', "already_joined"),
            ]
            for text, code in cases:
                await ws.send_text(text)
                reply = await p0.until(lambda m: m["type"] == "error")
                assert reply["code"] == code, (text[:40], reply)
                assert reply["message"] and len(reply["message"]) < 300
            await ws.send_bytes(b"\x00\x01")
            assert (await p0.until(lambda m: m["type"] == "error"))["code"] == "binary"

            # moves that are not allowed, each answered with its own id
            (d,) = live.game.pending(live.match.state)
            reply = await players[1 - d.seat].move(d.options[0])
            assert reply["code"] == "not_your_turn" and f"seat {1 - d.seat} has nothing" in reply["message"]
            mover = players[d.seat]
            reply = await mover.move(["no", "such", "move"])
            assert reply["code"] == "illegal" and "not one of the legal options" in reply["message"]
            await spectator.ws.send({"type": "move", "action": list(d.options[0]), "id": 7})
            assert (await spectator.until(lambda m: m["type"] == "error"))["code"] == "spectator"
            assert (await p1.ready())["code"] == "started"

            assert len(live.match.record["moves"]) == n  # nothing was played, nothing lost
            await play_safe(server, tid, players)
            assert live.status == "ended"
            # a move for a finished game
            assert (await p0.move(["play", 1, "place"]))["code"] == "game_over"
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert verify(rec).ok
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


def test_a_flood_is_rate_limited_then_closed(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, rate=5.0, burst=10, flood_close=100) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            await spectator.quiet()
            ws = spectator.ws
            assert ws is not None
            for _ in range(60):
                await ws.send({"type": "sync"})
            got = await spectator.quiet(0.2)
            assert errors(got) == [("rate_limited", None)]  # one error for the whole flood
            assert sum(1 for m in got if m["type"] == "snapshot") <= 10
            # the players are not affected
            assert await play_safe(server, table["id"], players, moves=3) == 3
            for _ in range(200):
                await ws.send({"type": "sync"})
            with pytest.raises(Closed) as closed:
                await spectator.until(lambda m: False)
            assert closed.value.code == Close.FLOOD
            await spectator.close()
            assert await play_safe(server, table["id"], players, moves=3) == 3
            for p in players.values():
                await p.close()

    run(main())


def test_a_client_that_reads_too_slowly_is_dropped_not_waited_for(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, max_queue=5, spectator_seconds=0) as server:  # a message a move
            table, players, _ = await start_game(server, "human", "human", watch=False)
            slow = await WS(server.app, f"/ws/{table['id']}", out_size=1).connect()
            await slow.send({"type": "hello"})
            assert await play_safe(server, table["id"], players, moves=12) == 12  # the table does not wait
            with pytest.raises(Closed) as closed:
                while True:
                    await slow.recv(2)
            assert closed.value.code == Close.TOO_SLOW and len(slow.messages) < 12
            await slow.close()
            for p in players.values():
                await p.close()

    run(main())


def test_hello_problems_close_the_connection_with_a_named_code(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, hello_seconds=0.2) as server:
            table = await server.create("human", "human")
            tid = table["id"]

            async def refused(path: str, *sends: object) -> tuple[list[dict], int]:
                ws = await WS(server.app, path).connect()
                for s in sends:
                    await ws.send(s)
                with pytest.raises(Closed) as closed:
                    while True:
                        await ws.recv(2)
                await ws.close()
                return ws.messages, closed.value.code

            msgs, code = await refused(f"/ws/{tid}", {"type": "hello", "token": "not-a-token"})
            assert code == Close.BAD_TOKEN and errors(msgs) == [("bad_token", None)]
            msgs, code = await refused("/ws/nosuchtable", {"type": "hello"})
            assert code == Close.NO_SUCH_TABLE and errors(msgs) == [("no_table", None)]
            msgs, code = await refused(f"/ws/{tid}", {"type": "move", "action": ["x"]})
            assert code == Close.NO_HELLO and errors(msgs) == [("hello_first", None), ("no_hello", None)]
            # the table is untouched: its players join and start as usual
            p0, p1 = server.player(table, 0), server.player(table, 1)
            for p in (p0, p1):
                await p.connect()
                assert (await p.ready())["type"] == "ack"
            await p0.until(lambda m: m["type"] == "started")
            for p in (p0, p1):
                await p.close()

    run(main())


def test_bad_http_requests_get_a_clear_error(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            http = server.http
            cases = [
                ({"game": "chess", "seats": [{"kind": "human"}]}, 400, "unknown game"),
                ({"game": "courts", "seats": [{"kind": "human"}]}, 400, "for 2 seats, not 1"),
                ({"game": "courts", "seats": [{"kind": "human"}, {"kind": "bot", "level": "genius"}]}, 400,
                 "bot is one of: random, heuristic, ismcts"),
                ({"game": "courts", "seats": [{"kind": "human", "level": "random"}, {"kind": "human"}]}, 400,
                 "only a bot seat"),
                ({"game": "courts", "seats": [{"kind": "alien"}, {"kind": "human"}]}, 400, "bad request"),
                ({"game": "courts", "seats": [{"kind": "human"}] * 2, "options": {"colour": 3}}, 400,
                 "bad options for courts: unknown option 'colour'"),
            ]
            for body, status, words in cases:
                r = await http.post("/api/tables", json=body)
                assert r.status_code == status and words in r.json()["error"], (body, r.text)
            r = await http.post("/api/tables", content=b"{oops", headers={"content-type": "application/json"})
            assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
            r = await http.post("/api/tables", content=b"x" * 70_000)
            assert r.status_code == 413
            assert (await http.get("/api/tables/nope")).status_code == 404
            assert (await http.get("/api/tables/nope/record")).status_code == 404
            assert (await http.post("/api/tables/nope/join", json={})).status_code == 404
            assert (await http.get("/api/tables?status=lost")).status_code == 400
            r = await http.post("/api/verify", content=b"not json")
            assert r.status_code == 400
            report = (await http.post("/api/verify", json={"format": "something else"})).json()
            assert report["ok"] is False and report["checks"][0]["name"] == "format"
            assert (await http.get("/")).status_code == 200

    run(main())


def test_one_address_cannot_open_tables_without_end(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, tables_per_minute=1, tables_burst=3) as server:
            body = {"game": "courts", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
            made = [await server.http.post("/api/tables", json=body) for _ in range(3)]
            assert [r.status_code for r in made] == [201, 201, 201]
            r = await server.http.post("/api/tables", json=body)
            assert r.status_code == 429 and "too many new tables" in r.json()["error"]
            assert len(server.lobby.tables) == 3, "the refused table was not made"
            table = made[0].json()
            assert (await server.http.get(f"/api/tables/{table['id']}")).status_code == 200, "the rest still answers"
            p0 = server.player(table, 0)
            await p0.connect()
            await p0.ready()
            await p0.until(lambda m: m["type"] == "started")
            await p0.close()

    run(main())


def test_a_move_the_database_could_not_save_is_refused_not_lost(db: str | Path, monkeypatch) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            live = server.table(table["id"])
            await play_safe(server, table["id"], players, moves=6)
            store = server.lobby.store
            real = store.moved
            failures = []

            async def fail_once(*args, **kwargs):
                if not failures:
                    failures.append(args)
                    raise OSError("disk full")
                return await real(*args, **kwargs)

            monkeypatch.setattr(store, "moved", fail_once)
            before = [list(m) for m in live.match.record["moves"]]
            (d, *_) = live.game.pending(live.match.state)
            action = live.game.safe_action(live.match.state, d)
            reply = await players[d.seat].move(action)
            assert reply["code"] == "server_error" and "not made" in reply["message"]
            assert live.match.record["moves"] == before and live.match.record["draws"] == live.match.stream.draws
            assert (await players[d.seat].move(action))["type"] == "ack"  # the same move again, now saved
            await play_safe(server, table["id"], players)
            rec = (await server.http.get(f"/api/tables/{table['id']}/record")).json()
            assert verify(rec).ok and rec["moves"][:7] == [*before, [d.seat, list(action)]]
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


def test_an_engine_failure_changes_nothing_and_the_table_goes_on(db: str | Path, monkeypatch) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            live = server.table(table["id"])
            await play_safe(server, table["id"], players, moves=5)
            before = [list(m) for m in live.match.record["moves"]]
            real_apply = type(live.game).apply
            broke: list[int] = []

            def broken_once(self, state, seat, action, chance):
                if broke:
                    return real_apply(self, state, seat, action, chance)
                broke.append(seat)
                chance.below(7)  # half-way through: the stream has moved on
                raise RuntimeError("engine bug")

            monkeypatch.setattr(type(live.game), "apply", broken_once)
            (d, *_) = live.game.pending(live.match.state)
            reply = await players[d.seat].move(d.options[0])
            assert reply["code"] == "server_error" and broke == [d.seat]
            assert live.match.record["moves"] == before and live.match.record["draws"] == live.match.stream.draws
            await play_safe(server, table["id"], players)
            rec = (await server.http.get(f"/api/tables/{table['id']}/record")).json()
            assert verify(rec).ok
            for p in players.values():
                await p.close()

    run(main())


def test_a_game_that_fails_to_describe_or_show_itself_does_not_stall_the_table(db: str | Path, monkeypatch) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            live = server.table(table["id"])
            game_type = type(live.game)

            def no_words(self, event):
                raise AttributeError("no words for that")

            real_view = game_type.view

            def flaky_view(self, state, seat):
                if seat is None:
                    raise KeyError("the spectator's view is broken")
                return real_view(self, state, seat)

            monkeypatch.setattr(game_type, "describe_event", no_words)
            monkeypatch.setattr(game_type, "view", flaky_view)
            assert await play_safe(server, table["id"], players, moves=10) == 10  # every move acked
            update = await spectator.until(lambda m: m["type"] == "update" and m["n"] == 10)
            assert update["view"] is None and update["log"] == []
            monkeypatch.undo()
            await play_safe(server, table["id"], players)
            rec = (await server.http.get(f"/api/tables/{table['id']}/record")).json()
            assert verify(rec).ok
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())
