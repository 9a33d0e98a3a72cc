"""The server plays a whole Blue Moon match at one table (BM38, BM49, BM51): the lobby offers Blue Moon with its
mode, decks and match length; every game begins with the secret deck choice; games follow one another at the
same seat link, crystals add up, the first to the target wins; the match record and every game's record verify,
each game's on its own. A seat's built decks are saved under the seat, and no one else sees their lists."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from harness import Closed, Player, Server, play_safe, run, serving

from moontable.clock import FakeClock
from moontable.games.bluemoon.builder import build_deck
from moontable.games.bluemoon.decks import deck_file
from moontable.games.bluemoon.series import verify_match
from moontable.record import verify


async def _next_table(server: Server, table_id: str) -> dict[str, Any]:
    """The summary of the table once its match has moved on (the next game opened, or the match over)."""
    for _ in range(2000):
        info = (await server.http.get(f"/api/tables/{table_id}")).json()
        match = info["match"]
        if match["next"] is not None or match["over"]:
            return info
        await asyncio.sleep(0.005)
    raise AssertionError("the match did not move on")


async def _first_game_played(server: Server) -> tuple[dict[str, Any], dict[str, Any]]:
    """A match to 12 crystals whose first game seat 0 (a person playing the safe move) has played against a
    bot: the first table (as created) and its summary once the match has moved on."""
    table = await server.create("human", "bot:random", game="bluemoon", match={"target": 12})
    tid = table["id"]
    me = server.player(table, 0)
    await me.connect()
    await me.ready()
    await me.until(lambda m: m["type"] == "update")
    await play_safe(server, tid, {0: me})
    return table, await _next_table(server, tid)


async def _play_match(server: Server, table: dict[str, Any], target: int) -> tuple[str, list[str], list[Player]]:
    """Seat 0 (a person playing the safe move) against the bot, game after game; the match id and its tables."""
    token = table["seats"][0]["token"]
    tid, tables, players = table["id"], [], []
    while True:
        me = Player(server, tid, token)  # the same seat link at every table of the match
        snap = await me.connect()
        assert snap["type"] == "snapshot" and snap["seat"] == 0
        if not tables:
            assert (await me.ready("my own dice"))["type"] == "ack"
        # a later game may have begun before this seat connected (the bot chose its decks): then the snapshot
        # is where it stands
        first = snap if snap["status"] == "playing" else await me.until(lambda m: m["type"] == "update")
        # the game begins with the deck choice, both seats at once (BM49); the match so far is on the board
        assert first["decision"]["kind"] == "deck"
        assert me.view is not None
        assert me.view["match"]["game"] == len(tables) + 1 and me.view["match"]["target"] == target
        tables.append(tid)
        players.append(me)
        await play_safe(server, tid, {0: me})
        end = await me.until(lambda m: m["type"] == "ended")
        assert end["result"]["score"]["crystals"][end["result"]["winner"]] >= 1
        info = await _next_table(server, tid)
        match = info["match"]
        assert match["game"] == len(tables) and match["target"] == target
        if match["over"]:
            return match["id"], tables, players
        tid = match["next"]


def test_a_whole_match_against_a_bot_reaches_five_crystals_and_every_record_verifies(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            games = (await server.http.get("/api/games")).json()["games"]
            bm = next(g for g in games if g["id"] == "bluemoon")
            assert bm["name"] == "Blue Moon" and "mode" in bm["options"] and "decks" in bm["options"]
            table = await server.create("human", "bot:random", game="bluemoon", options={"mode": "quick"},
                                        match={"target": 5})
            assert (await server.http.get(f"/api/tables/{table['id']}")).json()["match"]["game"] == 1
            match_id, tables, _ = await _play_match(server, table, 5)
            rec = (await server.http.get(f"/api/matches/{match_id}")).json()
            assert rec["format"] == "moontable-match/1" and rec["mode"] == "quick" and rec["status"] == "ended"
            assert rec["tables"] == tables and [g["record"] for g in rec["games"]] == tables
            assert max(rec["crystals"]) >= 5 and rec["crystals"][rec["winner"]] >= 5
            assert sum(sum(g["crystals"]) for g in rec["games"]) == sum(rec["crystals"])
            records = {}
            for tid in tables:  # every game's record verifies on its own, here and through the server
                records[tid] = (await server.http.get(f"/api/tables/{tid}/record")).json()
                assert verify(records[tid]).ok, tid
                assert (await server.http.post("/api/verify", json=records[tid])).json()["ok"] is True
            assert records[tables[0]]["client_seeds"][0] == "my own dice"
            assert verify_match(rec, records.__getitem__) == []  # and they follow one another
            # a match record whose games do not add up is caught
            bad = json.loads(json.dumps(rec))
            bad["crystals"] = [rec["crystals"][0] + 1, rec["crystals"][1]]
            assert verify_match(bad, records.__getitem__)

    run(main(), timeout=240)


def test_a_match_to_one_crystal_is_one_game_and_a_game_alone_is_no_match(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table = await server.create("human", "bot:random", game="bluemoon", match={"target": 1, "keep": True})
            match_id, tables, _ = await _play_match(server, table, 1)
            assert len(tables) == 1
            rec = (await server.http.get(f"/api/matches/{match_id}")).json()
            assert rec["keep"] is True and len(rec["games"]) == 1
            alone = await server.create("human", "bot:random", game="bluemoon")
            assert "match" not in (await server.http.get(f"/api/tables/{alone['id']}")).json()
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": [{"kind": "human"}] * 2,
                                                            "match": {"target": 5}})
            assert r.status_code == 400 and "one game at a table" in r.json()["error"]
            r = await server.http.post("/api/tables", json={"game": "bluemoon", "seats": [{"kind": "human"}] * 2,
                                                            "options": {"mode": "moon"}, "match": {"target": 5}})
            assert r.status_code == 400 and "mode" in r.json()["error"]

    run(main(), timeout=120)


def _decks() -> tuple[dict[str, Any], dict[str, Any]]:
    mine = deck_file(build_deck("duskveil", "vell", random.Random(4), name="my dusk"))
    theirs = deck_file(build_deck("galewright", "grane", random.Random(5), name="their gale"))
    return mine, theirs


def test_built_decks_are_saved_under_the_seat_checked_and_kept_secret(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            mine, theirs = _decks()
            table = await server.create("human", "human", game="bluemoon", options={"mode": "build"},
                                        match={"target": 5})
            tid = table["id"]
            t0, t1 = (table["seats"][i]["token"] for i in (0, 1))
            r = await server.http.post(f"/api/tables/{tid}/decks", json={"token": t0, "decks": [mine]})
            assert r.status_code == 200 and r.json() == {"seat": 0, "decks": 1, "from_game": 1}
            # a broken deck: every broken rule by its ID, nothing saved
            broken = {**theirs, "cards": theirs["cards"][:-2] + [theirs["cards"][0]]}  # one short, one twice
            r = await server.http.post(f"/api/tables/{tid}/decks", json={"token": t1, "decks": [broken]})
            assert r.status_code == 400 and "BM46" in r.json()["error"] and "BM47" in r.json()["error"]
            r = await server.http.post(f"/api/tables/{tid}/decks", json={"token": "not-a-seat", "decks": [theirs]})
            assert r.status_code == 403
            r = await server.http.post(f"/api/tables/{tid}/decks", json={"token": t1, "decks": [theirs]})
            assert r.status_code == 200
            live = server.table(tid)
            assert live.options["decks"][0][0]["cards"] == mine["cards"]
            # before the end, the record's header shows neither seat's list
            header = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert header["options"]["decks"] == [[{"secret": True}], [{"secret": True}]]
            me, you = Player(server, tid, t0), Player(server, tid, t1)
            await me.connect()
            await you.connect()
            await me.ready()
            await you.ready()
            first = await me.until(lambda m: m["type"] == "update")
            assert first["type"] == "update" and me.view is not None
            assert me.view["players"][0]["decks"][0]["cards"] == mine["cards"]
            assert me.view["players"][1]["decks"] == [None]  # the other seat's list is its own
            for raw in me.ws.raw:
                assert json.dumps(theirs["cards"][:5])[1:-1] not in raw
            await play_safe(server, tid, {0: me, 1: you})
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert verify(rec).ok and rec["options"]["decks"][1][0]["cards"] == theirs["cards"]  # public at the end

    run(main(), timeout=120)


def test_a_restart_between_two_games_opens_the_next_one(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, info = await _first_game_played(server)
            tid, token = table["id"], table["seats"][0]["token"]
            second = info["match"]["next"]
            # the second game's table is stored, but forget that it was opened: as if the server had stopped
            # between the end of the first game and the opening of the second
            lobby = server.lobby
            run_ = lobby.matches.runs[info["match"]["id"]]
            crystals = run_.series.crystals[:]
            await lobby.store.match_changed(run_.id, {"state": json.dumps(
                {**run_.state(), "tables": [tid], "games": [], "crystals": [0, 0], "kept": None})})
            lobby.tables[second].stop()
            await asyncio.sleep(0.05)
        async with serving(db, seeds=1) as server:
            lobby = server.lobby
            run_ = lobby.matches.runs[info["match"]["id"]]
            assert run_.series.crystals == crystals and len(run_.tables) == 2 and run_.tables[0] == tid
            third = run_.tables[1]
            assert third in lobby.tables and third != second
            me = Player(server, third, token)
            snap = await me.connect()
            assert snap["seat"] == 0 and snap["status"] == "playing"
            assert snap["view"]["match"] == {"game": 2, "crystals": crystals, "target": 12}

    run(main(), timeout=120)


def test_a_match_whose_first_game_closes_unplayed_ends_unfinished_and_stays_ended(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, fill_seconds=300, abandon_seconds=3600) as server:
            table = await server.create("human", "human", game="bluemoon", match={"target": 5})
            tid = table["id"]
            host = server.player(table, 0)
            await host.connect()  # there, but never ready
            server.clock.advance(3601)
            with pytest.raises(Closed):
                await host.until(lambda m: False)
            info = (await server.http.get(f"/api/tables/{tid}")).json()
            assert info["status"] == "abandoned"
            m = info["match"]
            assert m["status"] == "abandoned" and m["over"] is True and m["winner"] is None and m["next"] is None
            rec = (await server.http.get(f"/api/matches/{m['id']}")).json()
            assert rec["status"] == "abandoned" and rec["winner"] is None and rec["games"] == []
            for _ in range(400):  # its end saved, the match is no longer among those in play
                if m["id"] not in server.lobby.matches.runs:
                    break
                await asyncio.sleep(0.005)
            assert m["id"] not in server.lobby.matches.runs
            await host.close()
        async with serving(db, clock) as server:  # a restart does not bring it back
            assert m["id"] not in server.lobby.matches.runs
            rec = (await server.http.get(f"/api/matches/{m['id']}")).json()
            assert rec["status"] == "abandoned"

    run(main(), timeout=60)


async def _close(server: Server, table_id: str, abandoned: bool = True) -> None:
    """Close a live table unplayed, as a table where no one says ready in time closes itself (with `abandoned`
    False, as a server that stopped just then: the table's row says abandoned, but the lobby was not told)."""
    live = server.table(table_id)
    live._cancel_all()  # nothing more is played there: no clock, no bot's move
    if abandoned:
        await server.lobby.store.abandoned(table_id, server.clock.now())
        live.status = "abandoned"
    live.stop()
    for _ in range(400):
        if table_id not in server.lobby.tables:
            break
        await asyncio.sleep(0.005)
    assert table_id not in server.lobby.tables, "the table did not close"
    if not abandoned:
        await server.lobby.store.abandoned(table_id, server.clock.now())


def test_a_next_game_that_closes_unplayed_ends_the_match_there_not_playing_forever(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, played = await _first_game_played(server)
            tid = table["id"]
            first = played["match"]
            second = first["next"]
            crystals = first["crystals"]
            assert first["status"] == "playing" and not first["over"]
            await _close(server, second)
            for _ in range(400):  # the match hears of it
                m = (await server.http.get(f"/api/tables/{tid}")).json()["match"]
                if m["status"] != "playing":
                    break
                await asyncio.sleep(0.005)
            # the first game's end card reads this: the match is over, unfinished, with no winner and no third game
            assert m["status"] == "abandoned" and m["over"] is True and m["winner"] is None
            assert m["crystals"] == crystals and m["games"] == 2
            there = (await server.http.get(f"/api/tables/{second}")).json()
            assert there["status"] == "abandoned" and there["match"]["status"] == "abandoned"
            rec = (await server.http.get(f"/api/matches/{first['id']}")).json()
            assert rec["status"] == "abandoned" and len(rec["games"]) == 1 and rec["tables"] == [tid, second]
            assert rec["winner"] is None and rec["crystals"] == crystals
            assert len(server.lobby.tables) == (1 if tid in server.lobby.tables else 0), "no third game was opened"

    run(main(), timeout=120)


def test_a_match_whose_next_game_closed_unplayed_before_a_restart_ends_when_the_server_starts(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            _, played = await _first_game_played(server)
            info = played["match"]
            # the second table closed unplayed, but the match was not told (the server stopped just then)
            await _close(server, info["next"], abandoned=False)
        async with serving(db, seeds=1) as server:
            assert info["id"] not in server.lobby.matches.runs and not server.lobby.tables
            rec = (await server.http.get(f"/api/matches/{info['id']}")).json()
            assert rec["status"] == "abandoned" and len(rec["games"]) == 1
        async with serving(db, seeds=2) as server:  # and it stays so
            assert info["id"] not in server.lobby.matches.runs and not server.lobby.tables

    run(main(), timeout=120)
