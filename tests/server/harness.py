"""In-process server tests: an app per test on its own SQLite file, driven in the test's event loop.

HTTP goes through httpx's ASGI transport; WebSockets through `WS`, a small ASGI WebSocket client, so
that every wait has a timeout and a test can never hang. Nothing listens on any port. Every message
a client receives is checked against the wire schema (`ServerMessage`) and kept, raw, for leak checks.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import random
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import msgspec
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from moontable.clock import FakeClock
from moontable.server import Settings, create_app
from moontable.server import lobby as lobby_module
from moontable.server.lobby import Lobby
from moontable.server.messages import ServerMessage
from moontable.server.store import async_url
from moontable.table import Table, TableConfig, change

TIMEOUT = 20.0  # a bound on a message that must come (a loaded CI machine can be slow), never waited out on success
_server_message = msgspec.json.Decoder(ServerMessage)


def run(coro: Coroutine[Any, Any, Any], timeout: float = 30.0) -> Any:
    """Run a test's coroutine to the end, or fail after `timeout` seconds. In a thread of its own when this
    thread already runs a loop (Playwright's sync API leaves one running once the browser tests have run)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(asyncio.wait_for(coro, timeout))
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, timeout)).result()


class Closed(Exception):
    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"closed with {code}: {reason}")
        self.code, self.reason = code, reason


class Waits:
    """Waiting on a stream of messages: `until` one matches, or `quiet` for a while (needs `recv`)."""

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        raise NotImplementedError

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            msg = await self.recv(timeout)
            if pred(msg):
                return msg

    async def quiet(self, seconds: float = 0.05) -> list[dict[str, Any]]:
        """Whatever arrives in the next `seconds` (each through `recv`)."""
        got = []
        while True:
            try:
                got.append(await self.recv(seconds))
            except TimeoutError:
                return got


class WS(Waits):
    """A WebSocket client that calls the ASGI app directly."""

    def __init__(self, app: Any, path: str, out_size: int = 0, client: tuple[str, int] = ("127.0.0.1", 5000),
                 headers: list[tuple[bytes, bytes]] | None = None) -> None:
        self.app, self.path, self.client, self.headers = app, path, client, headers or []
        self._in: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._out: asyncio.Queue[dict[str, Any]] = asyncio.Queue(out_size)  # 1: a client that reads slowly
        self.raw: list[str] = []  # every text received, in order
        self.messages: list[dict[str, Any]] = []
        self.flat: list[tuple[dict[str, Any], str]] = []  # every message, a batch's one by one (with the batch's text)
        self.closed: Closed | None = None
        self.task: asyncio.Task[None] | None = None

    async def connect(self) -> WS:
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "ws",
                 "path": self.path, "raw_path": self.path.encode(), "root_path": "", "query_string": b"",
                 "headers": [(b"host", b"testserver"), *self.headers], "client": self.client,
                 "server": ("testserver", 80), "subprotocols": [], "state": {}}
        self._in.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.create_task(self.app(scope, self._in.get, self._out.put))
        first = await asyncio.wait_for(self._out.get(), TIMEOUT)
        assert first["type"] == "websocket.accept", first
        return self

    async def send(self, obj: Any) -> None:
        await self.send_text(json.dumps(obj))

    async def send_text(self, text: str) -> None:
        self._in.put_nowait({"type": "websocket.receive", "text": text})

    async def send_bytes(self, data: bytes) -> None:
        self._in.put_nowait({"type": "websocket.receive", "bytes": data})

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        if self.closed is not None:
            raise self.closed
        event = await asyncio.wait_for(self._out.get(), timeout)
        if event["type"] == "websocket.close":
            self.closed = Closed(event.get("code", 1000), event.get("reason") or "")
            self._in.put_nowait({"type": "websocket.disconnect", "code": self.closed.code})
            raise self.closed
        text = event["text"]
        self.raw.append(text)
        _server_message.decode(text)  # the schema holds
        msg: dict[str, Any] = json.loads(text)
        self.messages.append(msg)
        self.flat.extend((m, text) for m in (msg["messages"] if msg["type"] == "batch" else [msg]))
        return msg

    async def close(self) -> None:
        if self.task is None:
            return
        self._in.put_nowait({"type": "websocket.disconnect", "code": 1000})
        try:
            await asyncio.wait_for(self.task, TIMEOUT)
        finally:
            self.task = None


def views_in(raws: list[str]) -> list[dict[str, Any]]:
    """Every view a client that received these texts had, in order: a snapshot's, a whole one, or the one
    a change made of the one before."""
    out, view = [], None
    for raw in raws:
        msg = json.loads(raw)
        for m in msg["messages"] if msg["type"] == "batch" else [msg]:
            if m.get("view") is not None:
                view = m["view"]
            elif m.get("change") is not None:
                view = change.apply(view, m["change"])
            else:
                continue
            out.append(view)
    return out


@dataclass
class Player(Waits):
    """A seat's (or a spectator's) client: keeps its version, epoch, latest view and decision."""

    server: Server
    table: str
    token: str | None
    ws: WS | None = None
    v: int = 0
    epoch: str | None = None
    view: dict[str, Any] | None = None
    view_v: int = 0  # the version of the message the view came with (whole, or as a change)
    decision: dict[str, Any] | None = None
    snapshot: dict[str, Any] = field(default_factory=dict)
    versions: list[int] = field(default_factory=list)
    ref: int = 0
    unbatched: deque[dict[str, Any]] = field(default_factory=deque)

    async def connect(self, resume: bool = False) -> dict[str, Any]:
        self.unbatched.clear()
        self.ws = await WS(self.server.app, f"/ws/{self.table}").connect()
        hello: dict[str, Any] = {"type": "hello", "token": self.token}
        if resume:
            hello.update(since=self.v, epoch=self.epoch)
        await self.ws.send(hello)
        return await self.until(lambda m: m["type"] == "snapshot")

    def _track(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "snapshot":
            self.snapshot, self.epoch, self.v = msg, msg["epoch"], msg["v"]
            self.view, self.decision = msg["view"], msg["decision"]
            self.view_v = msg["view_v"] if msg.get("view_v") is not None else msg["v"]
        elif kind in ("update", "undone", "started", "seats", "ended"):
            if msg["v"] > self.v:
                self.versions.append(msg["v"])
                self.v = msg["v"]
            if kind in ("update", "undone") and "clocks" in msg:  # live; one sent again to catch up has none
                self.decision = msg["decision"]
                if "change" in msg:  # the view as it changed since the one of message `base`
                    assert msg["base"] == self.view_v, f"a change from version {msg['base']}, not {self.view_v}"
                    self.view, self.view_v = change.apply(self.view, msg["change"]), msg["v"]
                elif "view" in msg:
                    self.view, self.view_v = msg["view"], msg["v"]

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message; those of a spectators' batch one by one, as a client handles them."""
        assert self.ws is not None
        if not self.unbatched:
            msg = await self.ws.recv(timeout)
            if msg["type"] == "batch":
                assert len(msg["messages"]) > 1, "a batch of one is sent as itself"
                for inner in msg["messages"]:
                    _server_message.decode(json.dumps(inner))  # each holds to the schema too
                self.unbatched.extend(msg["messages"])
            else:
                self.unbatched.append(msg)
        msg = self.unbatched.popleft()
        self._track(msg)
        return msg

    async def ready(self, client_seed: str | None = None) -> dict[str, Any]:
        self.ref += 1
        assert self.ws is not None
        await self.ws.send({"type": "ready", "client_seed": client_seed, "id": self.ref})
        ref = self.ref
        return await self.until(lambda m: m["type"] in ("ack", "error") and m["id"] == ref)

    async def send_move(self, action: Any, ref: int | None = None, v: int | None = None,
                        epoch: str | None = None) -> int:
        """Send a move message (with the version it was chosen at, if `v`) without waiting; its id."""
        if ref is None:
            self.ref += 1
            ref = self.ref
        assert self.ws is not None
        msg: dict[str, Any] = {"type": "move", "action": list(action), "id": ref}
        if v is not None:
            msg["v"] = v
        if epoch is not None:
            msg["epoch"] = epoch
        await self.ws.send(msg)
        return ref

    async def answer(self, ref: int) -> dict[str, Any]:
        """The next ack or error for the message `ref`."""
        return await self.until(lambda m: m["type"] in ("ack", "error") and m["id"] == ref)

    async def until_reply(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Send `msg` (with its "id") and wait for the ack or the error that answers it."""
        assert self.ws is not None
        await self.ws.send(msg)
        return await self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == msg["id"])

    async def undo(self, n: int | None = None) -> dict[str, Any]:
        """Ask to take back the last move (number `n`); the ack or the error that answers it."""
        self.ref += 1
        assert self.ws is not None
        await self.ws.send({"type": "undo", "n": n, "id": self.ref})
        ref = self.ref
        return await self.until(lambda m: m["type"] in ("ack", "error") and m["id"] == ref)

    async def move(self, action: Any, v: int | None = None) -> dict[str, Any]:
        """Send a move; the ack or the error that answers it."""
        return await self.answer(await self.send_move(action, v=v))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None


@dataclass
class Server:
    app: Any
    http: httpx.AsyncClient
    clock: FakeClock
    settings: Settings

    @property
    def lobby(self) -> Lobby:
        lobby: Lobby = self.app.state.lobby
        return lobby

    def table(self, table_id: str) -> Table:
        return self.lobby.tables[table_id]

    async def create(self, *kinds: str, game: str = "courts", **extra: Any) -> dict[str, Any]:
        seats = [{"kind": "bot", "level": k.split(":")[1]} if k.startswith("bot") else {"kind": k} for k in kinds]
        r = await self.http.post("/api/tables", json={"game": game, "seats": seats, **extra})
        assert r.status_code == 201, r.text
        body: dict[str, Any] = r.json()
        return body

    def player(self, table: dict[str, Any], seat: int | None) -> Player:
        token = None if seat is None else table["seats"][seat]["token"]
        return Player(self, table["id"], token)


def db_url(db: Path | str) -> str:
    """The URL of a test's database: a Path is an SQLite file, a str already a URL (PostgreSQL)."""
    return db if isinstance(db, str) else f"sqlite:///{db}"


def sql(db: Path | str, *statements: str, **params: Any) -> list[tuple[Any, ...]]:
    """Run `statements` on the database in one transaction, as an operator (or an older release) would,
    behind the server's back: the rows the last one returns. The same SQL on SQLite and PostgreSQL."""
    async def go() -> list[tuple[Any, ...]]:
        engine = create_async_engine(async_url(db_url(db)))
        try:
            async with engine.begin() as conn:
                result = None
                for statement in statements:
                    result = await conn.execute(text(statement), params)
                return [tuple(r) for r in result] if result is not None and result.returns_rows else []
        finally:
            await engine.dispose()
    return run(go())


def columns(db: Path | str, table: str) -> set[str]:
    """The names of the columns `table` has in the database."""
    async def go() -> set[str]:
        engine = create_async_engine(async_url(db_url(db)))
        try:
            async with engine.connect() as conn:
                return await conn.run_sync(lambda c: {col["name"] for col in inspect(c).get_columns(table)})
        finally:
            await engine.dispose()
    return run(go())


def settings_for(db: Path | str, clock: FakeClock, **overrides: Any) -> Settings:
    table = TableConfig(bot_pace=0.0, takeover_level="random", spectator_seconds=0.005)
    for key in [f.name for f in fields(TableConfig)]:  # a table setting goes to the table, the rest to the server
        if key in overrides:
            setattr(table, key, overrides.pop(key))
    url = db_url(db)
    overrides.setdefault("rate", 10_000.0)  # test clients move far faster than people; the flood test sets its own
    overrides.setdefault("burst", 10_000)
    overrides.setdefault("tables_burst", 10_000)  # every test client has the same address
    overrides.setdefault("joins_burst", 10_000)
    overrides.setdefault("conns_per_address", 10_000)
    overrides.setdefault("workers", 0)  # bots think in threads here, where a test can watch them
    overrides.setdefault("tune_gc", False)  # a process setting: every test's leftovers would be frozen for good
    return Settings(db_url=url, clock=clock, table=table, **overrides)


@asynccontextmanager
async def serving(db: Path | str, clock: FakeClock | None = None, seeds: int | None = 0,
                  **overrides: Any) -> AsyncIterator[Server]:
    """An app on database `db` (a path: SQLite), with its lifespan running, for the length of the block.

    The tables' secret seeds come from random.Random(`seeds`), so that a test plays the same games every
    time (None: the real CSPRNG)."""
    clock = clock or FakeClock()
    settings = settings_for(db, clock, **overrides)
    app = create_app(settings)
    with contextlib.ExitStack() as stack:
        if seeds is not None:
            rng = random.Random(seeds)
            stack.enter_context(mock.patch.object(lobby_module.fair, "new_seed", lambda: rng.randbytes(32)))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
                yield Server(app, http, clock, settings)


async def start_game(server: Server, *kinds: str, watch: bool = True,
                     seeds: dict[int, str] | None = None) -> tuple[dict[str, Any], dict[int, Player], Player | None]:
    """Create a table, connect its human seats (and a spectator), say ready, and wait for the first update."""
    table = await server.create(*kinds)
    players = {i: server.player(table, i) for i, k in enumerate(kinds) if k == "human"}
    spectator = server.player(table, None) if watch else None
    for p in [*players.values(), *([spectator] if spectator else [])]:
        await p.connect()
    for i, p in players.items():
        ack = await p.ready((seeds or {}).get(i))
        assert ack["type"] == "ack", ack
    for p in [*players.values(), *([spectator] if spectator else [])]:
        await p.until(lambda m: m["type"] == "update")
    return table, players, spectator


async def play_safe(server: Server, table_id: str, players: dict[int, Player], moves: int | None = None,
                    stop: Callable[[Table], bool] | None = None) -> int:
    """Play the game's safe action for the first open decision of a seat in `players`, one move at a time,
    until the game ends, `moves` have been made, or `stop(table)`; the number of moves made."""
    table = server.table(table_id)
    made = 0
    while table.status == "playing" and (moves is None or made < moves) and not (stop and stop(table)):
        assert table.match is not None
        decisions = [d for d in table.game.pending(table.match.state) if d.seat in players]
        if not decisions:
            await asyncio.sleep(0.001)  # a bot or a timer is about to move
            continue
        d = decisions[0]
        reply = await players[d.seat].move(table.game.safe_action(table.match.state, d))
        assert reply["type"] == "ack", reply
        made += 1
    return made


async def named_game(server: Server, game: str,
                     names: list[str]) -> tuple[dict[str, Any], dict[int, Player], Player]:
    """A table of people with these names, all ready, each seat and a spectator connected and at the first
    update: the table, its players by seat, the spectator."""
    r = await server.http.post("/api/tables", json={"game": game, "seats": [{"kind": "human", "name": n}
                                                                            for n in names]})
    table = r.json()
    players = {i: server.player(table, i) for i in range(len(names))}
    spectator = server.player(table, None)
    for p in [*players.values(), spectator]:
        await p.connect()
    for p in players.values():
        assert (await p.ready())["type"] == "ack"
    for p in [*players.values(), spectator]:
        await p.until(lambda m: m["type"] == "update")
    return table, players, spectator
