"""A socket's queued messages leave in one write: uvicorn's protocol as the server runs it (transport.py)
under a transport that records its writes, and the connection's sending task (`Conn`, ws.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from starlette.websockets import WebSocket
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from moontable.server.transport import SEND_MANY, WebSocketProtocol
from moontable.server.ws import Conn


class Transport(asyncio.Transport):
    """Keeps every write, so that a test can count them and parse what they carried."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = False
        self.protocol: WebSocketProtocol | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(name, default)


def frames(client: ClientProtocol, data: bytes) -> list[Frame]:
    client.receive_data(data)
    return [e for e in client.events_received() if isinstance(e, Frame)]


async def serve(app: Any, deflate: bool = False) -> tuple[Transport, ClientProtocol]:
    """One connection to `app` through the server's protocol, its handshake done (with `deflate`, the client
    offers compression as a browser does); the client's side of it."""
    config = uvicorn.Config(app, ws=WebSocketProtocol, ws_per_message_deflate=deflate, log_level="warning")
    config.load()
    proto = WebSocketProtocol(config, ServerState(), {}, _loop=asyncio.get_running_loop())
    transport = Transport()
    proto.connection_made(transport)
    offer = [ClientPerMessageDeflateFactory(client_max_window_bits=True)] if deflate else []
    client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws/t"), extensions=offer)
    client.send_request(client.connect())
    proto.data_received(b"".join(client.data_to_send()))
    for _ in range(50):  # the app accepts
        await asyncio.sleep(0)
        if transport.writes:
            break
    client.receive_data(transport.writes.pop(0))
    assert any(isinstance(e, Response) and e.status_code == 101 for e in client.events_received())
    assert bool(client.extensions) == deflate
    transport.protocol = proto  # as a real transport holds its protocol
    return transport, client


def test_a_sockets_queued_messages_leave_in_one_write_each_its_own_message_in_order() -> None:
    sent = ['{"type": "update", "v": 7}', '{"type": "ack", "id": 3}', '{"type": "update", "v": 8, "é": "ü"}']

    async def app(scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        assert SEND_MANY in scope["extensions"]
        conn = Conn(ws, max_queue=100)
        for text in sent:  # what a table queues while it handles one move: none of it is sent yet
            conn.send(text)
        conn.close(1000, "")
        await conn.pump()

    async def main() -> None:
        transport, client = await serve(app)
        for _ in range(50):
            await asyncio.sleep(0)
        # one write for the three messages, then the close on its own
        assert len(transport.writes) == 2, transport.writes
        got = frames(client, transport.writes[0])
        assert [(f.opcode, f.fin, f.data.decode()) for f in got] == [(Opcode.TEXT, True, t) for t in sent]
        assert [f.opcode for f in frames(client, transport.writes[1])] == [Opcode.CLOSE]

    asyncio.run(main())


def test_a_pump_sends_what_comes_while_it_writes_in_the_next_write_and_nothing_after_the_close() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        conn = Conn(ws, max_queue=100)
        pump = asyncio.create_task(conn.pump())
        conn.send("one")
        await asyncio.sleep(0.01)  # the first goes alone: nothing else was waiting
        conn.send("two")
        conn.send("three")
        await asyncio.sleep(0.01)
        conn.close(1000, "bye")
        conn.send("after the close")  # refused: the socket is closing
        await pump

    async def main() -> None:
        transport, client = await serve(app)
        for _ in range(20):
            await asyncio.sleep(0.01)
        texts = [[f.data.decode() for f in frames(client, w) if f.opcode is Opcode.TEXT] for w in transport.writes]
        assert texts == [["one"], ["two", "three"], []]

    asyncio.run(main())


def test_large_messages_in_one_write_are_still_compressed_each_on_its_own() -> None:
    big = '{"type": "snapshot", "view": "' + "moon " * 1000 + '"}'

    async def app(scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        conn = Conn(ws, max_queue=100)
        conn.send(big)
        conn.send('{"type": "ack", "id": 1}')
        conn.close(1000, "")
        await conn.pump()

    async def main() -> None:
        transport, client = await serve(app, deflate=True)
        for _ in range(50):
            await asyncio.sleep(0)
        write = transport.writes[0]
        assert len(write) < len(big) / 4, "the snapshot went compressed"
        got = frames(client, write)
        assert [f.data.decode() for f in got] == [big, '{"type": "ack", "id": 1}']

    asyncio.run(main())


def test_a_closed_socket_is_freed_by_reference_counting_not_left_for_the_collector() -> None:
    """The server collects its garbage's cycles only every ten minutes (server/collector.py): a socket that is
    closed and lost must not be one (websockets' parser, the transport, our send_many in the scope), or every
    closed socket's 55 objects would wait that long (15 MB a minute at 300 tables)."""
    import gc
    import weakref

    async def app(scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        conn = Conn(ws, max_queue=100)
        conn.send('{"type": "ack", "id": 1}')
        conn.close(1000, "")
        await conn.pump()

    async def main() -> weakref.ref[WebSocketProtocol]:
        transport, client = await serve(app)
        for _ in range(50):
            await asyncio.sleep(0)
        proto = transport.protocol
        assert proto is not None and len(transport.writes) == 2, "the message, then the close"
        proto.connection_lost(None)
        for _ in range(10):
            await asyncio.sleep(0)
        transport.protocol = None  # the transport lets go of it, as uvloop's does once it is closed
        return weakref.ref(proto)

    gc.disable()
    try:
        gone = asyncio.run(main())
        assert gone() is None, [type(r).__name__ for r in gc.get_referrers(gone())]
    finally:
        gc.enable()
