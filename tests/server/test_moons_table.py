"""The server hosts Moons for 2 to 6 seats: the lobby lists it, a table of one person and three bots plays a whole
game through the WebSockets (the tableaux chosen at once, bots seeing only their views), and its record
verifies."""

from __future__ import annotations

from pathlib import Path

from harness import named_game, play_safe, run, serving, views_in

from moontable.record import verify


def test_the_lobby_offers_moons_for_two_to_six_seats(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            games = (await server.http.get("/api/games")).json()["games"]
            moons = next(g for g in games if g["id"] == "moons")
            assert (moons["min_seats"], moons["max_seats"]) == (2, 6)
            assert set(moons["bot_levels"]) >= {"random", "heuristic", "ismcts"}
            for n in (2, 6):
                table = await server.create("human", *(["open"] * (n - 1)), game="moons")
                assert len(table["seats"]) == n and server.table(table["id"]).options == {"seats": n}
            r = await server.http.post("/api/tables", json={"game": "moons", "seats": [{"kind": "human"}] * 7})
            assert r.status_code == 400 and "2 to 6" in r.json()["error"]
            r = await server.http.post("/api/tables", json={"game": "moons", "seats": [{"kind": "human"}] * 3,
                                                            "options": {"variant": 1}})
            assert r.status_code == 400 and "variant" in r.json()["error"]

    run(main())


def test_one_person_and_three_bots_play_a_whole_moons_game_that_verifies(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table = await server.create("human", "bot:random", "bot:heuristic", "bot:random", game="moons")
            tid = table["id"]
            me = server.player(table, 0)
            watcher = server.player(table, None)
            await me.connect()
            await watcher.connect()
            assert (await me.ready("my dice"))["type"] == "ack"
            first = await me.until(lambda m: m["type"] == "update")
            assert me.view is not None and me.view["seats"] == 4 and me.view["players"][0]["hand"] is not None
            assert first["decision"]["kind"] == "tableau"  # the tableaux are chosen all at once
            live = server.table(tid)
            made = await play_safe(server, tid, {0: me})
            assert live.status == "ended" and made > 10
            end = await me.until(lambda m: m["type"] == "ended")
            assert end["result"]["reason"] in ("supply", "dealt") and len(end["result"]["score"]["points"]) == 4
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert rec["game"] == "moons" and rec["client_seeds"][0] == "my dice" and verify(rec).ok
            report = (await server.http.post("/api/verify", json=rec)).json()
            assert report["ok"] is True
            # nothing the spectator received before the end showed a hand or a face-down tableau card
            for view in views_in(watcher.ws.raw):
                if not view["over"]:
                    assert all(p["hand"] is None and p["smalls"] is None for p in view["players"])
                    assert view["revealed"] or all(p["tableau"] is None for p in view["players"])
            await me.close()
            await watcher.close()

    run(main(), timeout=240)


def test_the_log_is_written_in_portuguese_too_by_name_and_comes_back_after_a_reload(db: str | Path) -> None:
    """Every update carries the log lines in English (`log`) and in Portuguese (`log_lang.pt`), the same lines
    in the same order, players by name; a seat's own face-down card is named to it alone in both; a reload
    brings both back."""
    async def main() -> None:
        async with serving(db) as server:
            table, players, watcher = await named_game(server, "moons", ["Ana", "Bruno"])
            await play_safe(server, table["id"], players, moves=12)
            for p in [*players.values(), watcher]:
                await p.quiet()
            for key, p in [*players.items(), (None, watcher)]:
                en = [line for m, _ in p.ws.flat if m["type"] == "update" for line in m["log"]]
                pt = [line for m, _ in p.ws.flat if m["type"] == "update" for line in m["log_lang"]["pt"]]
                assert len(en) == len(pt) > 6
                text = "\n".join(pt)
                assert "Os tableaux são revelados" in text and "Ana" in text and "Bruno" in text
                assert "lugar" not in text and "Seat" not in text and " plays " not in text
                assert any(line.startswith(("Ana joga ", "Bruno joga ")) for line in pt), pt
                own = [line for line in pt if line.startswith("Você baixa ")]
                assert len(own) == (3 if key is not None else 0), "your own face-down cards, to you alone"
                snap = await server.player(table, key).connect()
                assert [t for _, t in snap["log_lang"]["pt"]["log"]] == pt, "a reload brings the Portuguese back"
                assert [t for _, t in snap["log"]] == en
            for p in [*players.values(), watcher]:
                await p.close()

    run(main(), timeout=120)
