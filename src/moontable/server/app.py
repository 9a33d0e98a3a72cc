"""The Starlette app: routes, and a lifespan that opens the database and brings back unfinished tables.

HTTP (JSON):
  GET  /api/games                    games, seat counts, bot levels
  GET  /api/tables[?status=...]      open tables (a seat anyone may join), or all live ones of a status
  POST /api/tables                   create: {"game", "options"?, "seats": [{"kind": "human"|"open"|"bot", ...}]}
  GET  /api/tables/{id}              a table's summary (live or from the database)
  POST /api/tables/{id}/join         take an open seat: {"name"?} -> its token and link
  GET  /api/tables/{id}/record       the game record (moves, draws and seed only once it has ended)
  POST /api/verify                   verify a posted record, as `moontable verify` does
WebSocket:
  /ws/{id}                           a seat (hello with its token) or a spectator (hello without)
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute

from moontable.server import api
from moontable.server.lobby import Lobby, Settings
from moontable.server.pages import page_routes
from moontable.server.ws import table_socket

__all__ = ["create_app"]


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        lobby = Lobby(settings)
        await lobby.start()
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.close()

    routes = [
        *page_routes(),
        Route("/api/games", api.list_games),
        Route("/api/tables", api.list_tables, methods=["GET"]),
        Route("/api/tables", api.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", api.get_table),
        Route("/api/tables/{table_id}/join", api.join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api.get_record),
        Route("/api/verify", api.verify, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", table_socket),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
