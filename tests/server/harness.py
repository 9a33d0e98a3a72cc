"""In-process server tests: an app per test on its own SQLite file, driven in the test's event loop.

HTTP goes through httpx's ASGI transport; WebSockets through `WS`, a small ASGI WebSocket client, so
that every wait has a timeout and a test can never hang. Nothing listens on any port. Every message
a client receives is checked against the wire schema (`ServerMessage`) and kept, raw, for leak checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from unittest import mock

import httpx
import msgspec

from moontable.clock import FakeClock
from moontable.server import Settings, create_app
from moontable.server import lobby as lobby_module
from moontable.server.lobby import Lobby
from moontable.server.messages import ServerMessage
from moontable.table import Table, TableConfig

TIMEOUT = 5.0
_server_message = msgspec.json.Decoder(ServerMessage)


def run(coro: Coroutine[Any, Any, Any], timeout: float = 30.0) -> Any:
    """Run a test's coroutine to the end, or fail after `timeout` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


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

    def __init__(self, app: Any, path: str, out_size: int = 0) -> None:
        self.app, self.path = app, path
        self._in: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._out: asyncio.Queue[dict[str, Any]] = asyncio.Queue(out_size)  # 1: a client that reads slowly
        self.raw: list[str] = []  # every text received, in order
        self.messages: list[dict[str, Any]] = []
        self.closed: Closed | None = None
        self.task: asyncio.Task[None] | None = None

    async def connect(self) -> WS:
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "ws",
                 "path": self.path, "raw_path": self.path.encode(), "root_path": "", "query_string": b"",
                 "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 5000),
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
        return msg

    async def close(self) -> None:
        if self.task is None:
            return
        self._in.put_nowait({"type": "websocket.disconnect", "code": 1000})
        try:
            await asyncio.wait_for(self.task, TIMEOUT)
        finally:
            self.task = None


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
    decision: dict[str, Any] | None = None
    snapshot: dict[str, Any] = field(default_factory=dict)
    versions: list[int] = field(default_factory=list)
    ref: int = 0

    async def connect(self, resume: bool = False) -> dict[str, Any]:
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
        elif kind in ("update", "started", "seats", "ended"):
            if msg["v"] > self.v:
                self.versions.append(msg["v"])
                self.v = msg["v"]
            if kind == "update" and "view" in msg:  # live; an update sent again to catch up has no live fields
                self.decision, self.view = msg["decision"], msg["view"]

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        assert self.ws is not None
        msg = await self.ws.recv(timeout)
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


def settings_for(db: Path | str, clock: FakeClock, **overrides: Any) -> Settings:
    table = TableConfig(bot_pace=0.0, takeover_level="random")
    for key in [f.name for f in fields(TableConfig)]:  # a table setting goes to the table, the rest to the server
        if key in overrides:
            setattr(table, key, overrides.pop(key))
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    overrides.setdefault("rate", 10_000.0)  # test clients move far faster than people; the flood test sets its own
    overrides.setdefault("burst", 10_000)
    overrides.setdefault("tables_burst", 10_000)  # every test client has the same address
    overrides.setdefault("joins_burst", 10_000)
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
