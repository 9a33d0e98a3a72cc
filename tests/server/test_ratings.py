"""Ratings (a rated game moves both ratings as OpenSkill says; a casual one moves none), the leaderboard, a
player's page, the end-of-game summary and the rematch."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import httpx
from harness import Server, play_safe, run, serving, sql
from openskill.models import PlackettLuce

from moontable.server.ratings import display, ranks_of

PASSWORD = "correct horse battery"


async def _signed_in(server: Server, name: str = "Ann") -> None:
    r = await server.http.post("/api/claim", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text


async def _play_to_the_end(server: Server, rated: bool, level: str = "random") -> dict[str, Any]:
    r = await server.http.post("/api/tables", json={"game": "courts", "rated": rated, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": level}]})
    assert r.status_code == 201, r.text
    table = r.json()
    ann = server.player(table, 0)
    await ann.connect()
    assert (await ann.ready())["type"] == "ack"
    await ann.until(lambda m: m["type"] == "update")
    await play_safe(server, table["id"], {0: ann})
    await ann.until(lambda m: m["type"] == "ended")
    await ann.close()
    await server.lobby.ratings.settled()
    return table


def test_a_rated_game_moves_both_ratings_as_openskill_says(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            await _signed_in(server)
            table = await _play_to_the_end(server, rated=True)
            result = (await server.http.get(f"/api/tables/{table['id']}")).json()["result"]
            model = PlackettLuce()  # what the library makes of this result, from two new players
            (ann,), (bot,) = model.rate([[model.rating()], [model.rating()]], ranks=ranks_of(result, 2))
            board = (await server.http.get("/api/leaderboard/courts")).json()["players"]
            got = {p["player"]: p for p in board}
            assert set(got) == {"ann", "bot:random"}, "the bot is rated too"
            assert abs(got["ann"]["mu"] - ann.mu) < 1e-9 and abs(got["ann"]["sigma"] - ann.sigma) < 1e-9
            assert abs(got["bot:random"]["mu"] - bot.mu) < 1e-9
            assert got["ann"]["rating"] == display(ann.mu, ann.sigma) and got["bot:random"]["name"] == "Easy bot"
            assert [p["place"] for p in board] == [1, 2] and board[0]["rating"] >= board[1]["rating"]
            won = result["winner"] == 0
            assert (ann.mu > 25) == won and (bot.mu > 25) == (not won)
            # the end of the game shows each change
            end = (await server.http.get(f"/api/tables/{table['id']}/ending")).json()
            assert end["rating"] == "done" and end["rated"]
            mine = end["seats"][0]["rating"]
            assert mine == {"before": 1500, "after": display(ann.mu, ann.sigma),
                            "change": display(ann.mu, ann.sigma) - 1500}
            assert end["chart"]["kind"] == "bead" and end["chart"]["final"] == result["score"]["bead"]
            words = end["words"]
            assert words and ("Ann" in words or "Easy bot" in words) and "seat" not in words
            # the player's page lists it: game, opponent, result, date, rating change, replay and record
            page = (await server.http.get("/api/players/ANN")).json()
            (game,) = page["games"]
            assert game["table"] == table["id"] and game["game_name"] == "Courts of Sun and Moon"
            assert game["opponents"] == [{"name": "Easy bot", "bot": True, "page": None}]
            assert game["result"] == ("win" if won else "loss") and game["rating"] == mine and game["ended"] > 0
            assert game["replay"] == f"/replay/{table['id']}" and game["record"] == f"/api/tables/{table['id']}/record"
            assert page["ratings"] == [{"game": "courts", "game_name": "Courts of Sun and Moon",
                                        "rating": mine["after"], "games": 1}]
            # a second rated game starts from the first's ratings
            await _play_to_the_end(server, rated=True)
            again = {p["player"]: p for p in (await server.http.get("/api/leaderboard/courts")).json()["players"]}
            assert again["ann"]["games"] == 2 and again["bot:random"]["games"] == 2
            assert again["ann"]["sigma"] < got["ann"]["sigma"]
    run(go())


def test_a_casual_game_moves_no_rating_but_is_in_the_players_games(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            await _signed_in(server)
            table = await _play_to_the_end(server, rated=False)
            assert (await server.http.get("/api/leaderboard/courts")).json()["players"] == []
            end = (await server.http.get(f"/api/tables/{table['id']}/ending")).json()
            assert end["rating"] == "casual" and all(s["rating"] is None for s in end["seats"])
            (game,) = (await server.http.get("/api/players/ann")).json()["games"]
            assert game["rated"] is False and game["rating"] is None
    run(go())


def test_who_may_sit_at_a_rated_table(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            bots = [{"kind": "human", "name": "Zed"}, {"kind": "bot", "level": "random"}]
            r = await server.http.post("/api/tables", json={"game": "courts", "rated": True, "seats": bots})
            assert r.status_code == 403 and "sign in" in r.json()["error"]
            await _signed_in(server)
            r = await server.http.post("/api/tables", json={"game": "courts", "rated": True, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Friend"}]})
            assert r.status_code == 400 and "open seats" in r.json()["error"]
            r = await server.http.post("/api/tables", json={"game": "courts", "rated": True, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "open"}]})
            assert r.status_code == 201
            table = r.json()
            assert table["rated"] is True
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=server.app),
                                         base_url="http://testserver") as guest:
                j = await guest.post(f"/api/tables/{table['id']}/join", json={"name": "Cy"})
                assert j.status_code == 403 and "rated" in j.json()["error"]
                assert (await guest.post("/api/claim", json={"name": "Bea", "password": PASSWORD})).status_code == 201
                j = await guest.post(f"/api/tables/{table['id']}/join", json={})
                assert j.status_code == 200, j.text
            assert server.table(table["id"]).seats[1].account == "bea"
            assert server.table(table["id"]).seats[1].name == "Bea"
    run(go())


def test_rematch_same_seats_sides_swapped_new_seed_the_same_links(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            await _signed_in(server)
            table = await _play_to_the_end(server, rated=True)
            token = table["seats"][0]["token"]
            assert (await server.http.post(f"/api/tables/{table['id']}/rematch", json={"token": "nope"})
                    ).status_code == 403
            r = await server.http.post(f"/api/tables/{table['id']}/rematch", json={"token": token})
            assert r.status_code == 201, r.text
            again = r.json()
            assert again["seat"] == 1 and again["link"] == f"/t/{again['table']}#{token}"
            new = (await server.http.get(f"/api/tables/{again['table']}")).json()
            old = (await server.http.get(f"/api/tables/{table['id']}")).json()
            assert [s["name"] for s in new["seats"]] == ["Easy bot", "Ann"], "sides swapped"
            assert new["rated"] is True and new["status"] == "waiting"
            assert new["commitment"] != old["commitment"], "a new seed"
            assert server.table(again["table"]).seats[1].account == "ann"
            # the old link's token is Ann's seat at the new table
            ann = server.player(table, 0)
            ann.table = again["table"]
            snap = await ann.connect()
            assert snap["seat"] == 1
            await ann.close()
            # asked again (by the other window, or twice): the same rematch
            twice = await server.http.post(f"/api/tables/{table['id']}/rematch", json={"token": token})
            assert twice.json()["table"] == again["table"]
            end = (await server.http.get(f"/api/tables/{table['id']}/ending")).json()
            assert end["rematch"] == again["table"]
    run(go())


def test_places_from_a_many_player_result() -> None:
    moons = {"winner": 2, "reason": "points", "score": {"points": [5, 9, 12, 9], "winners": [2]}}
    assert ranks_of(moons, 4) == [3, 1, 0, 1]
    tie = {"winner": 0, "reason": "points", "score": {"points": [7, 7, 1], "winners": [0, 1]}}
    assert ranks_of(tie, 3) == [0, 0, 1]
    assert ranks_of({"winner": None, "reason": "truce", "score": {"bead": 0}}, 2) == [0, 0]
    assert ranks_of({"winner": 1, "reason": "x", "score": {"bead": -3}}, 2) == [1, 0]


def test_a_rated_game_that_ended_just_before_a_restart_is_rated_after_it(db: str | Path) -> None:
    async def play() -> dict[str, Any]:
        async with serving(db) as server:
            await _signed_in(server)
            return await _play_to_the_end(server, rated=True)
    table = run(play())
    sql(db, "DELETE FROM rating_changes", "DELETE FROM ratings")  # as if it had stopped between the end and the rating

    async def again() -> None:
        async with serving(db) as server:
            board = (await server.http.get("/api/leaderboard/courts")).json()["players"]
            assert {p["player"] for p in board} == {"ann", "bot:random"}
            assert all(p["games"] == 1 for p in board)
            end = (await server.http.get(f"/api/tables/{table['id']}/ending")).json()
            assert end["rating"] == "done" and end["seats"][0]["rating"]["before"] == 1500
        async with serving(db) as server:  # and only once
            board = (await server.http.get("/api/leaderboard/courts")).json()["players"]
            assert all(p["games"] == 1 for p in board)
    run(again())


def test_two_processes_rating_games_of_the_same_players_at_once_lose_neither_change(db: str | Path, caplog) -> None:
    """A cluster's processes rate the games that ended on them: two at the same moment, of the same two players,
    both count, whether the players had no rating yet (two inserts) or had one (two updates): each rating row is
    written only if it is still the one read, and the one that lost the race rates again from the new rows. A
    race lost and made good is no error in the host's log."""

    async def go() -> None:
        async with serving(db) as a, serving(db) as b:
            await _signed_in(a)
            games = [await _play_to_the_end(a, rated=True) for _ in range(4)]
            sql(db, "DELETE FROM rating_changes", "DELETE FROM ratings")  # none rated yet: two at a time, below
            gate: dict[str, Any] = {}

            def gated(store: Any) -> None:
                write = store.rated

                async def rated(ops: Any) -> None:
                    gate["arrived"] += 1
                    if gate["arrived"] == 2:
                        gate["both"].set()
                    await gate["both"].wait()  # each has read the ratings before either writes
                    await write(ops)
                store.rated = rated

            gated(a.lobby.store)
            gated(b.lobby.store)

            async def rate(server: Server, table: dict[str, Any]) -> None:
                (row,) = sql(db, "SELECT game, result FROM tables WHERE id = :t", t=table["id"])
                seat_rows = [dict(zip(("table_id", "seat", "name", "kind", "level", "account"), r, strict=True))
                             for r in sql(db, "SELECT table_id, seat, name, kind, level, account FROM seats "
                                              "WHERE table_id = :t ORDER BY seat", t=table["id"])]
                await server.lobby.ratings.rate(table["id"], row[0], seat_rows, json.loads(row[1]))

            for n, (one, other) in enumerate([games[:2], games[2:]]):
                gate.update(arrived=0, both=asyncio.Event())
                await asyncio.gather(rate(a, one), rate(b, other))
                board = {p["player"]: p for p in (await a.http.get("/api/leaderboard/courts")).json()["players"]}
                assert board["ann"]["games"] == board["bot:random"]["games"] == 2 * (n + 1), "every game counted"
            changes = sql(db, "SELECT table_id, mu_before, mu_after FROM rating_changes WHERE player = 'ann' "
                              "ORDER BY at, table_id")
            assert len(changes) == 4
            # each game starts from the rating the game before it left: a chain, none lost
            chain = {before: after for _, before, after in changes}
            mu, steps = 25.0, 0
            while mu in chain:
                mu, steps = chain[mu], steps + 1
            assert steps == 4 and abs(mu - board["ann"]["mu"]) < 1e-9

    caplog.set_level(logging.INFO, logger="moontable")
    run(go())
    assert any("rated again" in r.getMessage() for r in caplog.records), "the race was run"
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors
