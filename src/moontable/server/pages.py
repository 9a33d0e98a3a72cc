"""The browser table's pages: the one HTML shell for every page path, the static files, game content."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from moontable import games

WEB = Path(__file__).resolve().parent.parent / "web"


async def shell(request: Request) -> Response:
    # the page's own router (web/app.js) draws the lobby, a table, the rules or the verify page
    return FileResponse(WEB / "index.html", headers={"cache-control": "no-cache"})


@cache
def _content(game_id: str) -> dict[str, Any]:
    return games.get_game(game_id).content()


async def game_content(request: Request) -> Response:
    game_id = request.path_params["game_id"]
    if game_id not in games.GAME_IDS:
        return JSONResponse({"error": f"unknown game {game_id!r}"}, status_code=404)
    return JSONResponse(_content(game_id), headers={"cache-control": "max-age=300"})


def page_routes() -> list[BaseRoute]:
    return [
        Route("/", shell),
        Route("/t/{table_id}", shell),
        Route("/rules/{game}", shell),
        Route("/verify", shell),
        Route("/decks", shell),  # the Blue Moon deck builder
        Route("/api/games/{game_id}/content", game_content),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
