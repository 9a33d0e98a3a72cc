"""Input made to hurt: JSON nested thousands deep, options of the wrong type, names with control and
bidirectional characters, one address taking every open seat. Each gets one clear answer and nothing
is stored; the log holds no traceback for a client's mistake."""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
from harness import play_safe, run, serving, sql, start_game

TWO = [{"kind": "human"}, {"kind": "human"}]


def nested(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


def no_traceback(caplog) -> None:
    assert not [r for r in caplog.records if r.exc_info], "a client's mistake left a traceback in the log"
    assert "Traceback" not in caplog.text and "RecursionError" not in caplog.text


def test_json_nested_thousands_deep_is_a_clear_400_over_http_and_an_error_over_websocket(db: str | Path,
                                                                                       caplog) -> None:
    caplog.set_level(logging.INFO)

    async def main() -> None:
        async with serving(db) as server:
            http = server.http
            for depth in (1_500, 40):  # past the decoder's own limit, and past ours only
                body = '{"game": "courts", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"seats": ' \
                       + nested(depth) + "}}"
                r = await http.post("/api/tables", content=body.encode())
                assert r.status_code == 400, (depth, r.text)
                assert "too deep" in r.json()["error"] or "option 'seats'" in r.json()["error"], r.text
            for depth in (5_000, 100):
                r = await http.post("/api/verify", content=('{"format": "moontable-record/1", "moves": '
                                                            + nested(depth) + "}").encode())
                assert r.status_code == 400 and "too deep" in r.json()["error"], (depth, r.text)
            assert server.lobby.tables == {}, "nothing was made"

            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            await play_safe(server, table["id"], players, moves=2)
            p0 = players[0]
            await p0.quiet()
            for depth in (1_500, 100):
                await p0.ws.send_text('{"type": "move", "id": 5, "action": ' + nested(depth, '"x"') + "}")
                reply = await p0.until(lambda m: m["type"] == "error")
                assert reply["code"] == "too_deep" and "nest" in reply["message"], reply
            await spectator.ws.send_text('{"type": "sync", "since": ' + nested(1_500) + "}")
            assert (await spectator.until(lambda m: m["type"] == "error"))["code"] == "too_deep"
            # both connections are still there and the game goes on
            await spectator.ws.send({"type": "sync"})
            assert (await spectator.until(lambda m: m["type"] == "snapshot"))["n"] == 2
            assert await play_safe(server, table["id"], players, moves=3) == 3
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())
    no_traceback(caplog)


def test_options_of_the_wrong_type_or_against_the_seat_list_are_a_400_naming_them(db: str | Path, caplog) -> None:
    async def main() -> None:
        async with serving(db) as server:
            mf = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
            cases = [
                ("courts", TWO, {"seats": 99}, "option 'seats' is 99 but the table has 2 seats"),
                ("courts", TWO, {"seats": "two"}, "option 'seats' is a whole number, not 'two'"),
                ("courts", TWO, {"seats": True}, "option 'seats' is a whole number, not True"),
                ("courts", TWO, {"seats": [[2]]}, "option 'seats' is a whole number, not [[2]]"),
                ("moonflight", mf, {"ai": "two"}, "option 'ai' is true or false, not 'two'"),
                ("moonflight", mf, {"ai": 1}, "option 'ai' is true or false, not 1"),
                ("moonflight", mf, {"mode": ["score"]}, "option 'mode' is text"),
                ("moonflight", mf, {"jacks": [["cot"], None]}, "option 'jacks' is a list of text or null"),
                ("moonflight", mf, {"jacks": "cot"}, "option 'jacks' is a list of text or null"),
                ("moonflight", mf, {"jacks": ["cot"]}, "option 'jacks': jacks must be 2 different Jacks"),
                ("moonflight", mf, {"seats": 3}, "option 'seats' is 3 but the table has 2 seats"),
                ("bluemoon", TWO, {"mode": 3}, "option 'mode' is text, not 3"),
                ("bluemoon", TWO, {"decks": [[{"people": "nobody"}], [{"people": "cindermark"}]]},
                 "option 'decks': seat 0"),
            ]
            for game, seats, options, words in cases:
                r = await server.http.post("/api/tables", json={"game": game, "seats": seats, "options": options})
                assert r.status_code == 400, (options, r.text)
                assert r.json()["error"] == f"bad options for {game}: {words}" or words in r.json()["error"], \
                    (options, r.json()["error"])
            assert server.lobby.tables == {}
            # good options still make a table, and the record keeps them as given
            r = await server.http.post("/api/tables", json={"game": "moonflight", "seats": mf,
                                                            "options": {"seats": 2, "ai": True}})
            assert r.status_code == 201, r.text
            rec = (await server.http.get(f"/api/tables/{r.json()['id']}/record")).json()
            assert rec["options"] == {"seats": 2, "ai": True}
            # an option the game leaves undeclared may be any JSON its own checks take (Blue Moon's decks)
            decks = [[{"people": "cindermark"}], [{"people": "hollowroot"}, {"people": "duskveil"}]]
            r = await server.http.post("/api/tables", json={"game": "bluemoon", "seats": TWO,
                                                            "options": {"decks": decks}})
            assert r.status_code == 201, r.text

    run(main())
    assert sql(db, "SELECT count(*) FROM tables") == [(2,)], "no refused table was stored"
    no_traceback(caplog)


def test_names_are_text_a_person_could_type_and_show_the_same_everywhere(db: str | Path) -> None:
    hostile = "  Ann\x00 \u202eeviL\u202c\n\tSmith\u200b  "
    long = "Bartholomew " * 6
    clean = "Ann eviL Smith"
    want = [clean, "Bartholomew Bartholomew Bartholomew Bart"]  # cut at 40 characters

    async def main() -> None:
        async with serving(db) as server:
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": hostile}, {"kind": "open"}]})
            assert r.status_code == 201, r.text
            table = r.json()
            tid = table["id"]
            assert table["seats"][0]["name"] == clean
            joined = await server.http.post(f"/api/tables/{tid}/join", json={"name": long})
            assert joined.status_code == 200, joined.text

            def names(seats: list[dict]) -> list[str]:
                return [s["name"] for s in seats]

            lobby = (await server.http.get("/api/tables?status=waiting")).json()["tables"]
            assert names(next(t for t in lobby if t["id"] == tid)["seats"]) == want
            assert names((await server.http.get(f"/api/tables/{tid}")).json()["seats"]) == want
            assert names((await server.http.get(f"/api/tables/{tid}/record")).json()["seats"]) == want
            table["seats"][1]["token"] = joined.json()["token"]
            players = {i: server.player(table, i) for i in (0, 1)}
            for p in players.values():
                snap = await p.connect()
                assert names(snap["seats"]) == want
            for p in players.values():
                await p.ready()
            seats_msg = await players[0].until(lambda m: m["type"] == "seats")
            assert names(seats_msg["seats"]) == want
            await players[0].until(lambda m: m["type"] == "update")
            server.clock.advance(91)  # a decision's clock runs out: the log says whose, by name
            timeout = await players[0].until(lambda m: m["type"] == "update" and m["auto"])
            await play_safe(server, tid, players)
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert names(rec["seats"]) == want
            # the log names the players as the lobby does, and no message carries a raw character of the name
            assert f"time ran out for {want[timeout['by']]}" in " ".join(timeout["log"]), timeout["log"]
            raw = [t for p in players.values() for t in p.ws.raw]
            kept = [t for t in raw if "\\u0000" in t or "\\t" in t or any(c in t for c in "\u202e\u202c\u200b")]
            assert not kept, kept[:1]
            # a name of nothing but control characters is no name: the seat keeps its own
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": "\u202e\x00\n"}, {"kind": "open"}]})
            assert r.json()["seats"][0]["name"] == "player 1"
            # the database never held the raw names (on PostgreSQL a NUL could not even be stored)
            assert names((await server.lobby.store.load(tid)).seats) == want
            assert names((await server.lobby.store.load(r.json()["id"])).seats) == ["player 1", "player 2"]
            for p in players.values():
                await p.close()

    run(main())


def test_a_name_keeps_its_words_and_loses_what_cannot_be_typed() -> None:
    from moontable.server.messages import NAME_LENGTH, clean_name

    assert clean_name("Zoe\u0308") == "Zo\u00eb"  # one form of the same letters (NFC) for comparing and showing
    assert clean_name("\U0001f469\u200d\U0001f467 fam") == "\U0001f469\u200d\U0001f467 fam"  # an emoji's joiner stays
    assert clean_name("a\u2028b\u2066c\u2069") == "a bc"
    assert clean_name("\x1b[31mred") == "[31mred"
    assert len(clean_name("x" * 500)) == NAME_LENGTH and clean_name(None) == clean_name("  ") == ""


def test_one_address_cannot_take_every_open_seat(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, joins_per_minute=1, joins_burst=3) as server:
            tables = [await server.create("human", "open") for _ in range(5)]
            got = [await server.http.post(f"/api/tables/{t['id']}/join", json={}) for t in tables[:4]]
            assert [r.status_code for r in got] == [200, 200, 200, 429]
            assert "too many seats taken from your address" in got[3].json()["error"]
            listing = (await server.http.get("/api/tables")).json()["tables"]
            assert {t["id"] for t in listing} == {tables[3]["id"], tables[4]["id"]}, "the refused join took nothing"
            other = httpx.ASGITransport(app=server.app, client=("192.0.2.7", 4000))
            async with httpx.AsyncClient(transport=other, base_url="http://testserver") as neighbour:
                r = await neighbour.post(f"/api/tables/{tables[3]['id']}/join", json={"name": "Bea"})
                assert r.status_code == 200, "another address still joins"

    run(main())
