"""uvicorn's WebSocket protocol, made to let go of a client that reads nothing.

A client that never reads keeps whatever is sent to it: first in the kernel's buffers, then in
asyncio's. From then on every send waits, and a close cannot finish either: `transport.close()` waits
for asyncio's buffer to drain, and a socket closed the usual way leaves its unsent bytes (and the FIN
behind them) with the kernel, which keeps offering them to a peer that never takes them. Such sockets
held 700 MB of kernel memory in a test. So here the connection is reset instead (SO_LINGER 0: the
kernel drops what it holds) when the client shows it is not reading: it leaves a ping unanswered, a
send cannot go out within the ping timeout, it does not answer our close, or the app gave up on it.

Compression (permessage-deflate, when the client offers it) is shared: each message is compressed on
its own (no context kept from one message to the next), so the same message to a hundred spectators
compresses to the same bytes, which are made once and sent a hundred times. With context kept (uvicorn's
way) every socket compresses every message again; the spectators of a busy table cost the server more
than its players. zlib's fastest level: its bytes are a little larger, at half the CPU.

A socket's queued messages go out in one write (`send_many`, offered to the app in the scope's extensions
as SEND_MANY): each is still its own WebSocket message, but the update and the ack of a move cost one
system call and one wake-up of the client, not one each.
"""

from __future__ import annotations

import asyncio
import socket
import struct
from typing import Any

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.extensions.base import Extension, ExtensionParameter
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import CTRL_OPCODES, Frame, Opcode
from websockets.server import ServerProtocol

__all__ = ["DEADLINE", "SEND_MANY", "SharedDeflate", "WebSocketProtocol", "reset"]

DEADLINE = 20.0  # seconds, when uvicorn has no ping timeout to go by
SEND_MANY = "moontable.send_many"  # the scope extension: {"send": async (texts) -> None}
_NO_LINGER = struct.pack("ii", 1, 0)
_COMPRESSED: dict[tuple[int, int, bytes], bytes] = {}  # (opcode, window bits, message) -> its compressed bytes
_KEEP = 512  # messages: the latest few, which is when the same one goes to many sockets


class SharedDeflate(PerMessageDeflate):
    """permessage-deflate that compresses each whole message once for every socket that sends it, and only
    a message of at least `small` bytes: a move's change and an ack go as they are (RFC 7692 lets each
    message say whether it is compressed), since deflating them costs more CPU than the bytes it saves."""

    small = 2048  # bytes; measured in README, "The server under load" (bench/load.py --deflate-all sets 0)

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode in CTRL_OPCODES or frame.opcode is Opcode.CONT or not frame.fin:
            return super().encode(frame)
        if len(frame.data) < self.small:
            return frame
        key = (int(frame.opcode), self.local_max_window_bits, bytes(frame.data))
        data = _COMPRESSED.get(key)
        if data is None:
            data = bytes(super().encode(frame).data)  # a fresh compressor: no context is kept (see the factory)
            if len(_COMPRESSED) >= _KEEP:
                del _COMPRESSED[next(iter(_COMPRESSED))]
            _COMPRESSED[key] = data
        return Frame(frame.opcode, data, True, True, frame.rsv2, frame.rsv3)


class _SharedDeflateFactory(ServerPerMessageDeflateFactory):
    def __init__(self) -> None:
        super().__init__(server_no_context_takeover=True, server_max_window_bits=12, client_max_window_bits=12,
                         compress_settings={"memLevel": 5, "level": 1})

    def process_request_params(self, params: Any, accepted_extensions: Any) -> tuple[list[ExtensionParameter],
                                                                                    Extension]:
        response, ext = super().process_request_params(params, accepted_extensions)
        assert isinstance(ext, PerMessageDeflate) and ext.local_no_context_takeover
        return response, SharedDeflate(ext.remote_no_context_takeover, ext.local_no_context_takeover,
                                       ext.remote_max_window_bits, ext.local_max_window_bits, ext.compress_settings)


def reset(transport: asyncio.Transport) -> None:
    """Close with a reset: the kernel drops what it still holds for the peer instead of offering it for ever."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _NO_LINGER)
        except OSError:
            pass
    transport.abort()


class WebSocketProtocol(WebSocketsSansIOProtocol):
    def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self._app_done = False
        if config.ws_per_message_deflate:  # compression shared by the sockets a message goes to
            self.conn = ServerProtocol(extensions=[_SharedDeflateFactory()], max_size=config.ws_max_size,
                                       logger=self.conn.logger)

    @property
    def deadline(self) -> float:
        return self.config.ws_ping_timeout or DEADLINE

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # there is one only when the upgrade goes ahead
        if scope is not None:
            scope["extensions"][SEND_MANY] = {"send": self.send_many}

    async def _writable(self) -> None:
        if not self.writable.is_set():
            try:
                await asyncio.wait_for(self.writable.wait(), self.deadline)
            except TimeoutError:
                self._reset()
                raise ClientDisconnected from None

    async def send(self, message: Any) -> None:
        await self._writable()
        await super().send(message)
        if message.get("type") == "websocket.close" and self.close_timer is not None:
            self.close_timer.cancel()  # no answer to our close in time: reset rather than close
            self.close_timer = self.loop.call_later(self.close_timeout, self._reset)

    async def send_many(self, texts: list[str]) -> None:
        """Text messages, each its own frame, in order and in one write to the socket."""
        await self._writable()
        if self.disconnected or self.close_sent or not self.handshake_complete or self.initial_response is not None:
            raise ClientDisconnected
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except InvalidState:
            raise ClientDisconnected from None
        self.transport.write(b"".join(self.conn.data_to_send()))

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self._reset()  # a ping went unanswered: whatever is still queued for it will never be read

    async def run_asgi(self) -> None:
        try:
            await super().run_asgi()
            if not self.writable.is_set():  # the app is done with a client whose buffers are full
                self._reset()
        finally:
            self._app_done = True
            self._let_go()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._let_go()

    def _let_go(self) -> None:
        """Once the socket is lost and the app is done with it, the cycles of a closed socket are broken, so that
        reference counting frees it at once (server/collector.py finds a cycle only at its full pass)."""
        if self.disconnected and self._app_done:
            self.conn.parser = None  # type: ignore[assignment]  # websockets' parser: a generator of its own
            self.transport = None  # type: ignore[assignment]  # the transport and this protocol hold each other
            scope = getattr(self, "scope", None)
            if scope is not None:  # our send_many, a bound method of ours, in our own scope
                scope["extensions"].pop(SEND_MANY, None)

    def _reset(self) -> None:
        if self.transport is not None and not self.disconnected:
            reset(self.transport)
