"""The Starlette app: routes, and a lifespan that opens the database and brings back unfinished tables.

HTTP (JSON):
  GET  /api/games                    games, seat counts, bot levels
  GET  /api/tables[?status=...]      open tables (a seat anyone may join), or all live ones of a status
  POST /api/tables                   create: {"game", "options"?, "seats": [{"kind": "human"|"open"|"bot", ...}]}
  GET  /api/tables/{id}              a table's summary (live or from the database)
  POST /api/tables/{id}/join         take an open seat: {"name"?} -> its token and link
  GET  /api/tables/{id}/record       the game record (moves, draws and seed only once it has ended)
  POST /api/tables/{id}/decks        a seat's prepared decks for its match: {"token", "decks"}
  GET  /api/matches/{id}             a match of several games (Blue Moon): its record, its games' tables
  POST /api/bluemoon/decks/check     the deck builder's check: every broken deck rule by its ID and in words
  POST /api/verify                   verify a posted record, as `moontable verify` does
  GET  /api/tables/{id}/replay[/{n}] a finished game's moves, and every seat's view after move n (server/replay.py)
WebSocket:
  /ws/{id}                           a seat (hello with its token) or a spectator (hello without)
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route, WebSocketRoute
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from moontable.server import api
from moontable.server.accounts import SameOrigin, account_routes
from moontable.server.cluster import Forward
from moontable.server.collector import collect_on_a_clock, freeze_the_start
from moontable.server.lobby import Lobby, Settings
from moontable.server.pages import page_routes
from moontable.server.ratings import rating_routes
from moontable.server.replay import replay_routes
from moontable.server.transport import WebSocketProtocol
from moontable.server.ws import table_socket

__all__ = ["UVICORN", "create_app"]

# How uvicorn serves the app (`moontable serve`, the load benchmark): frames of at most 64 KiB, and
# sockets that read nothing cut off after the ping timeout (server/transport.py). Uvicorn's own reading of
# X-Forwarded-For is off (by default it believes anyone on 127.0.0.1): the app believes only the proxies it is
# told of (Settings.trusted_proxies).
UVICORN: dict[str, Any] = {"ws": WebSocketProtocol, "ws_max_size": 65536, "proxy_headers": False}


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby = Lobby(settings)
        await lobby.start()
        app.state.lobby = lobby
        collecting = None
        if settings.tune_gc:
            freeze_the_start()
            collecting = asyncio.create_task(collect_on_a_clock())
        try:
            yield
        finally:
            await lobby.close()
            if collecting is not None:
                collecting.cancel()
                await asyncio.gather(collecting, return_exceptions=True)

    routes = [
        *page_routes(),
        *replay_routes(),
        *account_routes(),  # claim a name, sign in and out (server/accounts.py)
        *rating_routes(),  # leaderboards, players' pages, a game's end and its rematch (server/ratings.py)
        Route("/api/games", api.list_games),
        Route("/api/tables", api.list_tables, methods=["GET"]),
        Route("/api/tables", api.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", api.get_table),
        Route("/api/tables/{table_id}/join", api.join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api.get_record),
        Route("/api/tables/{table_id}/decks", api.seat_decks, methods=["POST"]),
        Route("/api/matches/{match_id}", api.get_match),
        Route("/api/bluemoon/decks/check", api.check_bluemoon_deck, methods=["POST"]),
        Route("/api/verify", api.verify, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", table_socket),
    ]
    # behind a load balancer: the client's address is the one a trusted proxy says (X-Forwarded-For), so that
    # the per-address limits are each client's; anyone else's header is ignored
    # a POST from another site's page is refused before any route (server/accounts.py: SameOrigin)
    # in a cluster, a request for a table another process owns goes to it (server/cluster.py)
    middleware = [*([Middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))]
                    if settings.trusted_proxies else []),
                  Middleware(SameOrigin), *([Middleware(Forward)] if settings.cluster else [])]
    return Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
