"""Reaching a table from any process of a cluster: a request for a table another process owns is forwarded to it.

The load balancer in front may send a seat's socket, a spectator's or an HTTP request for a table to any process.
The process that owns the table (its lease: server/lease.py) serves it; any other forwards the request to the
owner's address, a WebSocket frame for frame, and says so in a header, so that a request is forwarded once at
most. A table no live process holds is taken over here at once (the keeper would within a poll). While an owner
that died still holds its lease, a socket is closed with 1013 (try again) and a request gets 503: the clients
come back, and a few seconds later a live process has taken the table over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re

import httpx
import websockets
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["Forward"]

log = logging.getLogger("moontable.cluster")

_TABLE = re.compile(r"^/(?:ws|api/tables)/([A-Za-z0-9_-]{4,32})(?:/|$)")
FORWARDED = b"x-moontable-forwarded"
_HOP = {b"host", b"connection", b"upgrade", b"content-length", b"transfer-encoding", b"keep-alive",
        b"sec-websocket-key", b"sec-websocket-version", b"sec-websocket-extensions", b"sec-websocket-accept",
        b"x-forwarded-for"}  # said again: the client's address as this process knows it (_client)
TRY_AGAIN = 1013


class Forward:
    """ASGI middleware: requests for another process's table go to it; everything else to the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._http: httpx.AsyncClient | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = _TABLE.match(scope["path"]) if scope["type"] in ("http", "websocket") else None
        lobby = getattr(scope["app"].state, "lobby", None) if found else None
        if found is None or lobby is None or lobby.leases is None:
            await self.app(scope, receive, send)
            return
        table_id = found.group(1)
        forwarded = any(k == FORWARDED for k, _ in scope["headers"])
        try:
            address = None if forwarded else await lobby.owner_elsewhere(table_id)
            here = address is None and await lobby.serves(table_id)
        except Exception:
            log.exception("could not find the owner of table %s", table_id)
            address, here = None, False
        if address is not None:
            await (self._forward_http if scope["type"] == "http" else _forward_ws)(scope, receive, send, address)
        elif here:
            await self.app(scope, receive, send)
        else:  # live, but its lease is changing hands this moment: the client comes back in a moment
            await _try_again(scope, receive, send)

    async def _forward_http(self, scope: Scope, receive: Receive, send: Send, address: str) -> None:
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=30.0)
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if not msg.get("more_body"):
                break
        headers = [(k, v) for k, v in scope["headers"] if k not in _HOP or k == b"host"] + [(FORWARDED, b"1"),
                                                                                         *_client(scope)]
        url = f"http://{address}{scope['path']}" + (f"?{scope['query_string'].decode()}"
                                                     if scope["query_string"] else "")
        try:
            r = await self._http.request(scope["method"], url, headers=headers, content=body)
        except httpx.HTTPError as e:
            log.warning("table owner at %s unreachable: %s", address, e)
            status, out, content = 503, [(b"content-type", b"application/json"), (b"retry-after", b"1")], _AWAY
        else:
            status, content = r.status_code, r.content
            out = [(k.encode(), v.encode()) for k, v in r.headers.multi_items()
                   if k.lower() not in ("content-length", "content-encoding", "transfer-encoding", "connection")]
        await send({"type": "http.response.start", "status": status,
                    "headers": [*out, (b"content-length", str(len(content)).encode())]})
        await send({"type": "http.response.body", "body": content})


def _client(scope: Scope) -> list[tuple[bytes, bytes]]:
    """The client's address for the owner (whose limits are per address), as this process knows it: from a
    trusted proxy's X-Forwarded-For, or the connection's. The owner believes it if it trusts this process."""
    client = scope.get("client")
    return [(b"x-forwarded-for", client[0].encode("latin-1"))] if client else []


_AWAY = b'{"error": "the server that has this table is away; it moves to another in a few seconds: try again"}'


async def _try_again(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 503,
                    "headers": [(b"content-type", b"application/json"), (b"retry-after", b"1"),
                                (b"content-length", str(len(_AWAY)).encode())]})
        await send({"type": "http.response.body", "body": _AWAY})
        return
    await receive()  # the connect
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": TRY_AGAIN, "reason": "the table is moving to another server"})


async def _forward_ws(scope: Scope, receive: Receive, send: Send, address: str) -> None:
    first = await receive()
    assert first["type"] == "websocket.connect"
    url = f"ws://{address}{scope['path']}" + (f"?{scope['query_string'].decode()}" if scope["query_string"] else "")
    passed = [*(h for h in scope["headers"] if h[0] not in _HOP), *_client(scope)]
    headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in passed]
    try:
        headers.append(("x-moontable-forwarded", "1"))
        upstream = await asyncio.wait_for(websockets.connect(url, additional_headers=headers, max_size=None,
                                                             ping_interval=None), 5.0)
    except Exception as e:
        log.warning("table owner at %s unreachable: %s", address, e)
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": TRY_AGAIN, "reason": "the table is moving to another server"})
        return
    await send({"type": "websocket.accept"})

    async def down() -> tuple[int, str]:
        try:
            async for data in upstream:
                await send({"type": "websocket.send", **({"text": data} if isinstance(data, str) else {"bytes": data})})
        except websockets.ConnectionClosed:
            pass
        code, reason = upstream.close_code, upstream.close_reason or ""
        if code is None or code in (1000, 1001, 1005, 1006, 1011):  # the owner went away: come back
            return TRY_AGAIN, "the table is moving to another server"
        return code, reason

    async def up() -> None:
        while True:
            msg = await receive()
            if msg["type"] == "websocket.disconnect":
                return
            if msg.get("text") is not None:
                await upstream.send(msg["text"])
            elif msg.get("bytes") is not None:
                await upstream.send(msg["bytes"])

    downward, upward = asyncio.create_task(down()), asyncio.create_task(up())
    try:
        done, _ = await asyncio.wait({downward, upward}, return_when=asyncio.FIRST_COMPLETED)
        if downward in done:
            code, reason = downward.result()
            upward.cancel()
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": code, "reason": reason})
    finally:
        for task in (downward, upward):
            task.cancel()
        with contextlib.suppress(Exception):
            await upstream.close()
