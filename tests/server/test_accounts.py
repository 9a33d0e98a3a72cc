"""Accounts: claiming a name, signing in, a wrong password, a guest under a claimed name, the session cookie's
flags, a cross-site request refused, sign-in attempts rate-limited, and an older database brought up to date."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from harness import WS, columns, run, serving, sql
from sqlalchemy import text

from moontable.server.accounts import COOKIE

PASSWORD = "correct horse battery"
EVIL = {"origin": "http://evil.example"}


async def _claim(http: httpx.AsyncClient, name: str = "Ann", password: str = PASSWORD) -> httpx.Response:
    return await http.post("/api/claim", json={"name": name, "password": password})


def _guest(server) -> httpx.AsyncClient:
    """A second browser: the same app, no cookie."""
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=server.app), base_url="http://testserver")


def test_claim_sets_a_signed_httponly_samesite_cookie_and_keeps_only_an_argon2_hash(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            assert (await server.http.get("/api/me")).json()["name"] is None
            r = await _claim(server.http)
            assert r.status_code == 201, r.text
            cookie = r.headers["set-cookie"]
            assert cookie.startswith(f"{COOKIE}=")
            flags = [f.strip().lower() for f in cookie.split(";")]
            assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
            assert PASSWORD not in cookie
            assert (await server.http.get("/api/me")).json()["name"] == "Ann"
            rows = await server.lobby.store.query(text("SELECT password_hash FROM accounts"))
            assert rows[0]["password_hash"].startswith("$argon2id$") and PASSWORD not in rows[0]["password_hash"]
            # a forged cookie signs for no one
            server.http.cookies.set(COOKIE, cookie.split(";")[0].split("=", 1)[1][:-3] + "abc")
            assert (await server.http.get("/api/me")).json()["name"] is None
            # the name is one whatever its letters' case; a name the table gives bots cannot be claimed
            async with _guest(server) as other:
                again = await _claim(other, "ANN")
                assert again.status_code == 409 and "already claimed" in again.json()["error"]
                assert (await _claim(other, "Strong bot")).status_code == 400
                assert (await _claim(other, "Bea", "short")).status_code == 400
    run(go())


def test_log_in_and_a_wrong_password(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            assert (await _claim(server.http)).status_code == 201
            await server.http.post("/api/logout")
            server.http.cookies.clear()
            assert (await server.http.get("/api/me")).json()["name"] is None
            wrong = await server.http.post("/api/login", json={"name": "Ann", "password": "not it at all"})
            assert wrong.status_code == 401 and "set-cookie" not in wrong.headers
            nobody = await server.http.post("/api/login", json={"name": "Zed", "password": PASSWORD})
            assert nobody.status_code == 401 and nobody.json() == wrong.json()  # one answer: no name is given away
            ok = await server.http.post("/api/login", json={"name": "ann", "password": PASSWORD})
            assert ok.status_code == 200 and ok.json()["name"] == "Ann"
            assert (await server.http.get("/api/me")).json()["name"] == "Ann"
    run(go())


def test_a_guest_cannot_take_a_claimed_name_but_its_owner_can(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            assert (await _claim(server.http)).status_code == 201
            async with _guest(server) as guest:
                seats = [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "random"}]
                r = await guest.post("/api/tables", json={"game": "courts", "seats": seats})
                assert r.status_code == 403 and "claimed" in r.json()["error"]
                r = await guest.post("/api/tables", json={"game": "courts", "seats": [
                    {"kind": "human", "name": "Bea"}, {"kind": "bot", "level": "random", "name": "Ann"}]})
                assert r.status_code == 403, "nor may a bot be named after a player"
                r = await guest.post("/api/tables", json={"game": "courts", "seats": [
                    {"kind": "human", "name": "Bea"}, {"kind": "open"}]})
                table = r.json()
                j = await guest.post(f"/api/tables/{table['id']}/join", json={"name": "  ANN "})
                assert j.status_code == 403
                # at the waiting room: ready under a claimed name is refused, the seat keeps its own
                bea = server.player(table, 0)
                await bea.connect()
                await bea.ws.send({"type": "ready", "name": "Ann", "id": 7})
                err = await bea.until(lambda m: m["type"] == "error")
                assert err["code"] == "name_claimed" and err["id"] == 7
                assert server.table(table["id"]).seats[0].name == "Bea" and not server.table(table["id"]).seats[0].ready
                await bea.close()
            # Ann herself, signed in, sits under her name and the seat is hers
            own = await server.http.post("/api/tables", json={"game": "courts", "seats": seats})
            assert own.status_code == 201, own.text
            assert server.table(own.json()["id"]).seats[0].account == "ann"
            # a friend's link still needs no account
            friend = await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Cy"}]})
            assert friend.status_code == 201
            cy = server.player(friend.json(), 1)
            snap = await cy.connect()
            assert snap["seat"] == 1
            await cy.close()
    run(go())


def test_a_post_from_another_sites_page_is_refused(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            assert (await server.http.post("/api/claim", json={"name": "Ann", "password": PASSWORD},
                                           headers=EVIL)).status_code == 403
            assert (await _claim(server.http)).status_code == 201
            seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}]
            before = len(server.lobby.tables)
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": seats}, headers=EVIL)
            assert r.status_code == 403 and "another site" in r.json()["error"]
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": seats},
                                       headers={"referer": "http://evil.example/page"})
            assert r.status_code == 403
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": seats},
                                       headers={"sec-fetch-site": "cross-site"})
            assert r.status_code == 403
            assert len(server.lobby.tables) == before, "nothing was made"
            r = await server.http.post("/api/logout", headers=EVIL)
            assert r.status_code == 403 and (await server.http.get("/api/me")).json()["name"] == "Ann"
            same = await server.http.post("/api/tables", json={"game": "courts", "seats": seats},
                                          headers={"origin": "http://testserver"})
            assert same.status_code == 201
            # a form post (not JSON) to sign in is not taken either
            form = await server.http.post("/api/login", data={"name": "Ann", "password": PASSWORD})
            assert form.status_code == 400
    run(go())


def test_sign_in_attempts_are_rate_limited_per_address_and_per_name(db) -> None:
    async def go() -> None:
        async with serving(db, logins_burst=3, logins_per_minute=1.0) as server:
            assert (await _claim(server.http)).status_code == 201  # one try of the address's three
            codes = [(await server.http.post("/api/login", json={"name": "Ann", "password": f"guess {i}xx"}))
                     .status_code for i in range(2)]
            assert codes == [401, 401]
            r = await server.http.post("/api/login", json={"name": "Ann", "password": PASSWORD})
            assert r.status_code == 429 and "wait" in r.json()["error"], "even the right password waits"
            # from another address, the name keeps its own count: one try of its three is left
            other = httpx.AsyncClient(transport=httpx.ASGITransport(app=server.app, client=("10.0.0.9", 1)),
                                      base_url="http://testserver")
            async with other:
                assert (await other.post("/api/login", json={"name": "ann", "password": "still wrong"})).status_code \
                    == 401
                assert (await other.post("/api/login", json={"name": "Ann", "password": PASSWORD})).status_code == 429
                # another name from that address is not held back by Ann's
                assert (await other.post("/api/login", json={"name": "Bea", "password": PASSWORD})).status_code == 401
    run(go())


def test_an_older_database_is_brought_up_to_the_accounts_and_ratings_schema(db: str | Path) -> None:
    async def make() -> None:
        async with serving(db) as server:
            await server.create("human", "bot:random")
    run(make())
    sql(db, "DROP INDEX IF EXISTS ix_seats_account",  # as a database made before accounts and ratings were
        *(f"ALTER TABLE {table} DROP COLUMN {column}"
          for table, column in (("seats", "account"), ("tables", "rated"), ("tables", "rematch"))),
        *(f"DROP TABLE {table}" for table in ("accounts", "ratings", "rating_changes", "keys")))
    assert "account" not in columns(db, "seats")

    async def reopen() -> None:
        async with serving(db) as server:
            assert len(server.lobby.tables) == 1, "the old waiting table came back"
            old = next(iter(server.lobby.tables.values()))
            assert old.seats[0].account is None and old.rated is False
            assert (await _claim(server.http)).status_code == 201
            r = await server.http.post("/api/tables", json={"game": "courts", "rated": True, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}]})
            assert r.status_code == 201, r.text
    run(reopen())


def test_signed_in_ready_under_your_own_name_makes_the_seat_yours(db) -> None:
    async def go() -> None:
        async with serving(db) as server:
            assert (await _claim(server.http)).status_code == 201
            cookie = server.http.cookies.get(COOKIE)
            table = (await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": "Host"}, {"kind": "human", "name": "Friend"}]})).json()
            friend = server.player(table, 1)
            friend.ws = CookieWS(server.app, f"/ws/{table['id']}", cookie)
            await friend.ws.connect()
            await friend.ws.send({"type": "hello", "token": friend.token})
            await friend.until(lambda m: m["type"] == "snapshot")
            await friend.ws.send({"type": "ready", "name": "ann", "id": 3})
            ack = await friend.until(lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack", ack
            seat = server.table(table["id"]).seats[1]
            assert seat.account == "ann" and seat.name == "Ann", "under the name as its owner writes it"
            await friend.close()
    run(go())


class CookieWS(WS):
    """A socket from a browser that holds a session cookie."""

    def __init__(self, app, path: str, cookie: str) -> None:
        super().__init__(app, path)
        self.cookie = cookie

    async def connect(self) -> WS:
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "ws",
                 "path": self.path, "raw_path": self.path.encode(), "root_path": "", "query_string": b"",
                 "headers": [(b"host", b"testserver"), (b"cookie", f"{COOKIE}={self.cookie}".encode())],
                 "client": self.client, "server": ("testserver", 80), "subprotocols": [], "state": {}}
        self._in.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.create_task(self.app(scope, self._in.get, self._out.put))
        first = await asyncio.wait_for(self._out.get(), 10)
        assert first["type"] == "websocket.accept", first
        return self
