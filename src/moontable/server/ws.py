"""The WebSocket of a seat or a spectator: `/ws/{table_id}`.

The first message is a hello: with a seat's token it is that seat's connection, without one it
watches. After that the connection passes ready, move and sync messages to the table's inbox and
sends whatever the table queues for it. Bad input (not JSON, an unknown type, too large, too many)
gets one error message back and the connection, the table and everyone else go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from moontable.server.limits import Bucket
from moontable.server.lobby import Finished, Lobby, Settings
from moontable.server.messages import (
    BadMessage,
    ClientMessage,
    Close,
    Hello,
    MoveMsg,
    ReadyMsg,
    StartMsg,
    Sync,
    UndoMsg,
    clean_name,
    decode_client,
)
from moontable.server.transport import SEND_MANY
from moontable.table import Connect, Disconnect, Move, Ready, Table
from moontable.table.base import StartNow, Undo, error

__all__ = ["Conn", "table_socket"]

log = logging.getLogger("moontable.ws")


class State(enum.Enum):
    HELLO = "hello"  # waiting for the first message
    JOINED = "joined"  # a seat's or a spectator's connection
    CLOSED = "closed"


class Conn:
    """Sends in its own task, so that the table only ever puts messages in a queue and never waits. Each
    wake-up of that task sends all that is queued, in one write when the server offers it (SEND_MANY: a
    move's update and its ack leave together), each still its own WebSocket message.

    `sending_since` is when the send now under way began: the lobby's sweep cuts off (`kill`) a socket that
    has been sending for too long, one whose client reads nothing."""

    def __init__(self, ws: WebSocket, max_queue: int) -> None:
        self.ws = ws
        self.max_queue = max_queue
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing: tuple[int, str] | None = None
        self.abort = False
        self.sending_since: float | None = None
        self.on_dead: Callable[[], None] | None = None
        self.dead = False

    def send(self, text: str) -> None:
        if self.closing is not None:
            return
        if self.queue.qsize() >= self.max_queue:  # it reads too slowly: drop it rather than hold its backlog
            self.abort = True
            self.close(Close.TOO_SLOW, "too many messages waiting: reconnect with your last version")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close once what is queued has been sent (at once if the client is too slow)."""
        if self.closing is None:
            self.closing = (int(code), reason)
            self.queue.put_nowait(None)

    def stuck(self, now: float, limit: float) -> bool:
        return self.sending_since is not None and now - self.sending_since > limit

    def kill(self) -> None:
        """Give up on a client that takes nothing: no close handshake, since nothing more can reach it."""
        if self.dead:
            return
        self.dead = self.abort = True
        if self.closing is None:
            self.closing = (Close.TOO_SLOW, "the connection took nothing for too long")
        log.info("a socket that read nothing for too long was cut off")
        if self.on_dead is not None:
            self.on_dead()

    async def pump(self) -> None:
        loop = asyncio.get_running_loop()
        many = self.ws.scope.get("extensions", {}).get(SEND_MANY)
        send_many: Callable[[list[str]], Awaitable[None]] | None = None if many is None else many["send"]
        queue = self.queue
        try:
            while True:
                first = await queue.get()
                texts: list[str] = []
                end = first is None
                if not end:
                    texts.append(first)  # type: ignore[arg-type]
                    while not queue.empty():  # and whatever else is waiting, in its order
                        text = queue.get_nowait()
                        if text is None:  # a close is always the last thing queued
                            end = True
                            break
                        texts.append(text)
                self.sending_since = loop.time()
                if end or self.abort:
                    if texts and not self.abort:
                        await self._send(texts, send_many)
                    code, reason = self.closing or (Close.NORMAL, "")
                    await self.ws.close(code, reason)
                    return
                await self._send(texts, send_many)
                self.sending_since = None
        except Exception:  # the client has gone; the receiving side sees it too
            return

    async def _send(self, texts: list[str], send_many: Callable[[list[str]], Awaitable[None]] | None) -> None:
        if send_many is not None:  # the server's own write, past Starlette's layers: one for them all
            await send_many(texts)
        else:
            for text in texts:
                await self.ws.send_text(text)


class Session:
    def __init__(self, ws: WebSocket, lobby: Lobby, table_id: str) -> None:
        self.ws, self.lobby, self.table_id = ws, lobby, table_id
        self.settings: Settings = lobby.settings
        self.conn = Conn(ws, self.settings.max_queue)
        self.conn.on_dead = self._killed
        self.bucket = Bucket(self.settings.rate, self.settings.burst)
        self.dropped = 0  # messages dropped in the present flood
        self.state = State.HELLO
        self.table: Table | None = None
        self.seat: int | None = None
        self.address = ws.client.host if ws.client else ""
        self.task: asyncio.Task[None] | None = None
        self.killed = False

    def _killed(self) -> None:
        self.killed = True
        if self.task is not None:
            self.task.cancel()

    async def run(self) -> None:
        self.task = asyncio.current_task()
        sockets = self.lobby.sockets
        self.lobby.conns.add(self.conn)
        pump = asyncio.create_task(self.conn.pump())
        counted = sockets.addresses.take(self.address)
        try:
            try:
                if not counted:
                    self._refuse("too_many", f"too many connections from your address (at most "
                                             f"{self.settings.conns_per_address}): close some and try again",
                                 Close.TOO_MANY)
                    return
                try:
                    hello = await asyncio.wait_for(self._hello(), self.settings.hello_seconds)
                except TimeoutError:
                    self._refuse("no_hello", "no hello message in time", Close.NO_HELLO)
                    return
                if hello is None or not await self._join(hello):
                    return
                while (msg := await self._next()) is not None:
                    self._dispatch(msg)
            except asyncio.CancelledError:
                if not self.killed:
                    raise
                asyncio.current_task().uncancel()  # type: ignore[union-attr]
        finally:
            self.state = State.CLOSED
            self.conn.on_dead = None  # no cycle between the socket and its session: both go when the task ends
            self.task = None
            self.lobby.conns.discard(self.conn)
            if counted:
                sockets.addresses.give(self.address)
            if self.table is not None:
                if self.seat is None:
                    sockets.watching.give(self.table_id)
                else:
                    sockets.stand(self.table_id, self.seat, self.conn)
                self.table.post(Disconnect(self.conn, self.seat))
            self.conn.close(Close.NORMAL, "")
            if self.killed:
                pump.cancel()
            else:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(pump, 5)

    def _refuse(self, code: str, message: str, close: Close) -> None:
        self.conn.send(error(code, message))
        self.conn.close(close, message[:100])

    async def _hello(self) -> Hello | None:
        while (msg := await self._next()) is not None:
            if not isinstance(msg, Hello):
                self.conn.send(error("hello_first", 'say hello first: {"type": "hello", "token": ...}'))
            elif msg.bot is not None and msg.token is None:
                self.conn.send(error("bot_needs_seat", "a bot plays a seat: say hello with the seat's token "
                                                       "(the part of its link after #)"))
            elif msg.bot is not None and not clean_name(msg.bot.author):
                self.conn.send(error("bad_message", 'a bot says who wrote it: "bot": {"author": "your name"}'))
            else:
                return msg
        return None

    async def _join(self, hello: Hello) -> bool:
        table: Table | Finished | None = self.lobby.tables.get(self.table_id)
        if table is None:
            table = await self.lobby.finished(self.table_id)
        if table is None:
            self._refuse("no_table", f"there is no live table {self.table_id!r} (an ended game's record stays at "
                                     f"/api/tables/{self.table_id}/record)", Close.NO_SUCH_TABLE)
            return False
        seat = None
        if hello.token is not None:
            seat = table.seat_for_token(hello.token)
            if seat is None:
                self._refuse("bad_token", "that seat token is not one of this table's: check your link",
                             Close.BAD_TOKEN)
                return False
        if isinstance(table, Finished):  # the game is over and only the database has it: its end, then goodbye
            self.conn.send(table.snapshots[seat])
            self.conn.close(Close.TABLE_CLOSED, "the game is over; its record stays available")
            return False
        sockets = self.lobby.sockets
        if seat is None and not sockets.watching.take(table.id):
            self._refuse("full", f"this table has as many spectators as it takes "
                                 f"({self.settings.spectators_per_table}): try again later", Close.TOO_MANY)
            return False
        if seat is not None:
            for old in sockets.sit(table.id, seat, self.conn):  # the seat's oldest windows give way
                old.send(error("replaced", "this seat was opened in another window"))
                old.close(Close.REPLACED, "this seat was opened in another window")
        self.table, self.seat, self.state = table, seat, State.JOINED
        author = clean_name(hello.bot.author) if hello.bot is not None and seat is not None else None
        table.post(Connect(self.conn, seat, hello.since, hello.epoch, author=author))
        return True

    async def _next(self) -> ClientMessage | None:
        """The next good message; bad input is answered here and skipped. None: the client has gone."""
        while True:
            try:
                message = await self.ws.receive()
            except WebSocketDisconnect:
                return None
            if message["type"] == "websocket.disconnect":
                return None
            if not self.bucket.take():
                self.dropped += 1
                if self.dropped == 1:
                    self.conn.send(error("rate_limited", f"too many messages: at most {self.settings.rate:g} a "
                                                         "second; the ones over it are dropped"))
                elif self.dropped >= self.settings.flood_close:
                    self.conn.close(Close.FLOOD, "flooding")
                continue
            self.dropped = 0
            text = message.get("text")
            if text is None:
                self.conn.send(error("binary", "send JSON text messages, not binary ones"))
                continue
            if len(text) > self.settings.max_message:
                self.conn.send(error("too_large", f"a message may be at most {self.settings.max_message} bytes; "
                                                  f"this one was {len(text)}"))
                continue
            try:
                return decode_client(text)
            except BadMessage as e:
                self.conn.send(error(e.code, str(e)))

    def _dispatch(self, msg: ClientMessage) -> None:
        table = self.table
        assert table is not None
        match msg:
            case Hello():
                self.conn.send(error("already_joined", "this connection has already said hello"))
            case ReadyMsg(client_seed=client_seed, id=ref, name=name):
                self._ready(table, client_seed, ref, clean_name(name) or None)
            case UndoMsg(n=n, id=ref):
                table.post(Undo(self.conn, self.seat, n, ref))
            case StartMsg(id=ref):
                table.post(StartNow(self.conn, self.seat, ref))
            case MoveMsg(action=action, id=ref, v=v, epoch=epoch):
                table.post(Move(self.conn, self.seat, action, ref, v, epoch))
            case Sync(since=since, epoch=epoch):
                table.post(Connect(self.conn, self.seat, since, epoch, again=True))

    def _ready(self, table: Table, client_seed: str | None, ref: int | None, name: str | None) -> None:
        """Ready, under a name: one another player has claimed is refused; the sender's own (signed in) makes
        the seat theirs (server/accounts.py)."""
        owner = None
        seat = table.seats[self.seat] if self.seat is not None else None
        if seat is not None and seat.account is None and name is not None:
            try:
                owner = self.lobby.accounts.check_name(name, self.lobby.accounts.session_of(self.ws))
            except ValueError as e:
                self.conn.send(error("name_claimed", str(e), ref))
                return
            if owner is not None and any(s.account == owner for s in table.seats):
                self.conn.send(error("name_taken", "you already sit at this table under that name", ref))
                return
        if owner is not None:
            name = self.lobby.accounts.names[owner]  # as its owner writes it
        table.post(Ready(self.conn, self.seat, client_seed, ref, name, owner))


async def table_socket(ws: WebSocket) -> None:
    await ws.accept()
    await Session(ws, ws.app.state.lobby, ws.path_params["table_id"]).run()
