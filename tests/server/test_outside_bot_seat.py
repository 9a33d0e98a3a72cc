"""A seat an outside program plays (its hello says `bot: {author}`) is a bot by its author: in the game's
record, and still after a restart of the server. Each runs on SQLite and on PostgreSQL (the `db` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import WS, Closed, play_safe, run, serving

from moontable.clock import FakeClock
from moontable.record import verify


async def _hello_as_bot(p, author: str) -> dict:
    p.ws = await WS(p.server.app, f"/ws/{p.table}").connect()
    await p.ws.send({"type": "hello", "token": p.token, "bot": {"author": author}})
    return await p.until(lambda m: m["type"] == "snapshot")


def test_a_programs_seat_stays_a_bot_by_its_author_after_a_restart_and_its_record_says_so(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table = await server.create("human", "human")
            tid = table["id"]
            program, person = server.player(table, 0), server.player(table, 1)
            snap = await _hello_as_bot(program, "Ana Lima")
            assert snap["seats"][0]["bot"] is True and snap["seats"][0]["author"] == "Ana Lima"
            await person.connect()
            for p in (program, person):
                assert (await p.ready())["type"] == "ack"
            for p in (program, person):
                await p.until(lambda m: m["type"] == "update")
            await play_safe(server, tid, {0: program, 1: person}, moves=10)
        for p in (program, person):
            with pytest.raises(Closed):
                await p.until(lambda m: False)
            await p.close()

        async with serving(db, clock) as server:
            seats = (await server.http.get(f"/api/tables/{tid}")).json()["seats"]
            assert [(s["bot"], s["author"]) for s in seats] == [(True, "Ana Lima"), (False, None)]
            live = server.table(tid)
            assert live.match is not None and live.match.record["seats"][0]["author"] == "Ana Lima"
            for p in (program, person):  # back with plain hellos: the mark was stored, not said again
                p.server = server
                snap = await p.connect()
                assert snap["seats"][0]["author"] == "Ana Lima" and snap["seats"][0]["bot"] is True
            await play_safe(server, tid, {0: program, 1: person})
            assert live.status == "ended"
            record = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert record["seats"][0] == {"name": record["seats"][0]["name"], "bot": True, "level": None,
                                          "author": "Ana Lima"}
            assert record["seats"][1]["bot"] is False and "author" not in record["seats"][1]
            assert verify(record).ok, verify(record).failed
            for p in (program, person):
                await p.close()

    run(main(), timeout=120)


def test_a_program_that_takes_a_seat_mid_game_marks_the_record_too(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table = await server.create("human", "human")
            tid = table["id"]
            first, person = server.player(table, 0), server.player(table, 1)
            for p in (first, person):
                await p.connect()
            for p in (first, person):
                assert (await p.ready())["type"] == "ack"
            for p in (first, person):
                await p.until(lambda m: m["type"] == "update")
            await play_safe(server, tid, {0: first, 1: person}, moves=6)
            assert server.table(tid).match.record["seats"][0]["bot"] is False
            await first.close()
            await _hello_as_bot(first, "Bo")  # the same link, now from a program
            await play_safe(server, tid, {0: first, 1: person})
            record = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert record["seats"][0]["bot"] is True and record["seats"][0]["author"] == "Bo"
            assert verify(record).ok, verify(record).failed
            for p in (first, person):
                await p.close()

    run(main(), timeout=120)
