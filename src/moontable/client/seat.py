"""One seat played over the table's WebSocket by an outside program."""

from __future__ import annotations

import asyncio
import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from moontable.table import change

__all__ = ["Decision", "Ended", "Refused", "SeatClient", "open_table", "play", "play_async"]

# Close codes after which there is nothing to come back to (server/messages.py, Close)
FINAL_CLOSES = {4003: "that seat token is not one of this table's: check the link",
                4004: "there is no such live table", 4010: "the game is over",
                4011: "this seat was opened in another window"}
RECONNECTS = 5  # tries to come back after a dropped connection, a second apart
# The server takes at most 20 messages a second from one connection (40 at once) and drops the rest: we
# stay under it, so a fast bot is never told it floods.
RATE, BURST = 16.0, 30


@dataclass(frozen=True, slots=True)
class Decision:
    """The seat's open decision: pick one of `options` (each a list, such as ["play", 12, "place"])."""

    kind: str
    prompt: str
    options: list[list[Any]]
    deadline: float | None  # Unix seconds: the table plays a safe move for the seat then


@dataclass(frozen=True, slots=True)
class Ended:
    """How the game ended: `result` as in the record ({"winner": seat or None, ...}), `text` in words, and the
    seat it was played from, with the fair stream's seed (to verify the game)."""

    result: dict[str, Any]
    text: str
    seed: str | None
    seat: int | None

    @property
    def won(self) -> bool:
        return self.seat is not None and self.result.get("winner") == self.seat


class Refused(Exception):
    """The table refused a message of ours: `code` and `message` as the server sent them."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message = code, message


Choose = Callable[[dict[str, Any], Decision], Any]


def socket_url(link: str) -> tuple[str, str]:
    """The WebSocket address and the seat token of a seat link (http://HOST/t/TABLE#TOKEN)."""
    parts = urlsplit(link)
    path = parts.path.rstrip("/")
    if parts.scheme not in ("http", "https", "ws", "wss") or "/t/" not in path or not parts.fragment:
        raise ValueError(f"{link!r} is not a seat link: a seat link looks like http://HOST/t/TABLE#TOKEN")
    prefix, table = path.rsplit("/t/", 1)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    return urlunsplit((scheme, parts.netloc, f"{prefix}/ws/{table}", "", "")), parts.fragment


class SeatClient:
    """Plays one seat to the end of its game. `run()` returns the `Ended`."""

    def __init__(self, link: str, choose: Choose, author: str, name: str | None = None,
                 client_seed: str | None = None, on_error: Callable[[Refused], None] | None = None) -> None:
        if not author.strip():
            raise ValueError("a bot says who wrote it: give author=\"your name\"")
        self.url, self.token = socket_url(link)
        self.choose, self.author, self.name = choose, author, name or author
        self.client_seed = client_seed if client_seed is not None else secrets.token_hex(16)
        self.on_error = on_error
        self.seat: int | None = None
        self.v: int | None = None
        self.epoch: str | None = None
        self.view: dict[str, Any] | None = None
        self.view_v: int | None = None  # the version of the message the view came with (the base of a change)
        self.decision: Decision | None = None  # the seat's open decision as last shown, at version `shown`
        self.shown: int | None = None
        self.answered: int | None = None  # the version whose decision we answered last
        self.moves = 0
        self._ids = 0
        self._readied = False
        self._waiting: int | None = None  # the id of our move the table has not answered yet
        self._tokens, self._filled = float(BURST), 0.0

    async def run(self) -> Ended:
        tries = 0
        while True:
            try:
                async with connect(self.url, max_size=2**24) as ws:
                    tries = 0
                    ended = await self._session(ws)
                    if ended is not None:
                        return ended
            except ConnectionClosed as e:
                code = e.rcvd.code if e.rcvd is not None else None
                if code in FINAL_CLOSES:
                    raise Refused("closed", FINAL_CLOSES[code]) from None
            except OSError:
                pass  # the server cannot be reached now: try again, as after a drop
            tries += 1
            if tries > RECONNECTS:
                raise Refused("gone", f"the table at {self.url} could not be reached again after {RECONNECTS} tries")
            await asyncio.sleep(1.0)

    async def _session(self, ws: ClientConnection) -> Ended | None:
        self._waiting = self.answered = None  # a move lost with the old connection: the snapshot shows where we are
        hello: dict[str, Any] = {"type": "hello", "token": self.token, "bot": {"author": self.author}}
        if self.v is not None:  # coming back after a drop: from where we were
            hello.update(since=self.v, epoch=self.epoch)
        await ws.send(json.dumps(hello))
        async for text in ws:
            msg = json.loads(text)
            for one in msg["messages"] if msg.get("type") == "batch" else [msg]:
                ended = await self._handle(ws, one)
                if ended is not None:
                    return ended
        return None

    async def _handle(self, ws: ClientConnection, msg: dict[str, Any]) -> Ended | None:
        kind = msg.get("type")
        if kind == "error":
            self._answered(msg.get("id"))
            self._refused(Refused(msg["code"], msg["message"]))
            await self._maybe_move(ws)
            return None
        if kind != "ack" and isinstance(msg.get("v"), int):
            self.v = msg["v"]
        if kind == "ack":
            self.v = max(self.v or 0, msg["v"])
            self._answered(msg.get("id"))
        elif kind == "snapshot":
            self.epoch, self.seat = msg["epoch"], msg["seat"]
            if msg["status"] == "ended":
                return Ended(msg["result"], msg["text"] or "", msg["seed"], self.seat)
            if msg["status"] == "waiting" and not self._readied:
                self._readied = True
                await self._send(ws, {"type": "ready", "name": self.name, "client_seed": self.client_seed})
        elif kind == "ended":
            return Ended(msg["result"], msg["text"], msg["seed"], self.seat)
        if kind in ("snapshot", "update", "undone") and "decision" in msg:  # the live fields: where we are now
            if msg.get("view") is not None:  # whole (a snapshot's view dates from `view_v`; only snapshots have it)
                self.view = msg["view"]
                self.view_v = self.v if msg.get("view_v") is None else msg["view_v"]
            elif msg.get("change") is not None:  # what changed since the view of message `base`
                if self.view is not None and msg.get("base") == self.view_v:
                    self.view, self.view_v = change.apply(self.view, msg["change"]), self.v
                else:  # a change from a view we do not have: a snapshot (with the whole view) puts it right
                    await ws.send(json.dumps({"type": "sync", "since": self.v, "epoch": self.epoch}))
                    return None
            d = msg["decision"]
            self.decision = None if d is None else Decision(d["kind"], d["prompt"], d["options"], d["deadline"])
            self.shown = self.v
        await self._maybe_move(ws)
        return None

    async def _maybe_move(self, ws: ClientConnection) -> None:
        """Answer the open decision, once, and only when the table has answered our last move: a decision
        shown before that answer may be one the move has already settled (simultaneous decisions)."""
        if self._waiting is not None or self.decision is None or self.answered == self.shown:
            return
        self.answered = self.shown
        action = self.choose(self.view or {}, self.decision)
        self.moves += 1
        self._waiting = await self._send(ws, {"type": "move", "action": list(action), "v": self.shown,
                                              "epoch": self.epoch})

    def _answered(self, ref: Any) -> None:
        if ref is not None and ref == self._waiting:
            self._waiting = None

    async def _send(self, ws: ClientConnection, msg: dict[str, Any]) -> int:
        loop = asyncio.get_running_loop()
        self._tokens = min(BURST, self._tokens + (loop.time() - self._filled) * RATE)
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / RATE)
            self._tokens = 1.0
        self._tokens -= 1
        self._filled = loop.time()
        self._ids += 1
        await ws.send(json.dumps({**msg, "id": self._ids}))
        return self._ids

    def _refused(self, refused: Refused) -> None:
        if refused.code == "stale":  # chosen at a position that has moved on: the next decision comes anyway
            return
        if self.on_error is None:
            raise refused
        self.on_error(refused)


async def play_async(link: str, choose: Choose, author: str, name: str | None = None,
                     client_seed: str | None = None, on_error: Callable[[Refused], None] | None = None) -> Ended:
    """`play`, in a running event loop."""
    return await SeatClient(link, choose, author, name, client_seed, on_error).run()


def play(link: str, choose: Choose, author: str, name: str | None = None, client_seed: str | None = None,
         on_error: Callable[[Refused], None] | None = None) -> Ended:
    """Take the seat of `link` and play it to the end with `choose(view, decision) -> option`. `name` is the
    seat's name at the table (the author's by default); a refused move raises `Refused` unless `on_error`
    takes it (then the seat's clock runs on, and the table plays a safe move when it runs out)."""
    return asyncio.run(play_async(link, choose, author, name, client_seed, on_error))


def _error_text(e: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(e.read()).get("error") or e.reason)
    except (ValueError, AttributeError, OSError):
        return str(e.reason)


def open_table(server: str, game: str, seats: list[str], options: dict[str, Any] | None = None) -> list[str | None]:
    """Open a table at `server` (http://HOST:PORT): each seat "link" (a seat for a link: a person or a
    program) or a bot level ("heuristic", ...). The link of each "link" seat, None for the bots' seats."""
    spec = [{"kind": "human"} if s == "link" else {"kind": "bot", "level": s} for s in seats]
    body = json.dumps({"game": game, "seats": spec, "options": options}).encode()
    req = urllib.request.Request(f"{server.rstrip('/')}/api/tables", body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            table = json.loads(r.read())
    except urllib.error.HTTPError as e:  # the server's one line says why (an unknown game, bad options, ...)
        raise Refused(str(e.code), _error_text(e)) from None
    except OSError as e:  # no server there: one clear line, not a traceback from deep in urllib
        raise Refused("gone", f"no moontable server answers at {server}: {getattr(e, 'reason', e)}") from None
    base = server.rstrip("/")
    return [f"{base}{s['link']}" if s.get("link") else None for s in table["seats"]]
