"""The lobby's JSON API over HTTP. Errors are {"error": "..."} with a 4xx status."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse

from moontable import games, record
from moontable.bots import BOT_LEVELS
from moontable.bots.levels import levels_for, strongest_for
from moontable.server.lobby import Lobby, LobbyError
from moontable.server.messages import CreateTable, JoinTable, too_deep

__all__ = ["create_table", "get_record", "get_table", "join_table", "list_games", "list_tables", "verify"]

T = TypeVar("T")
MAX_BODY = 64 * 1024
MAX_RECORD = 8 * 1024 * 1024
MAX_DEPTH = 32  # lists and objects inside one another in a posted body (a record needs about 6)
log = logging.getLogger("moontable.api")


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise LobbyError(f"the request body may be at most {limit} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise LobbyError(f"the request body may be at most {limit} bytes", 413)
    return bytes(body)


async def _json(request: Request, kind: type[T], limit: int = MAX_BODY) -> T:
    body = await _body(request, limit)
    try:
        return msgspec.json.decode(body or b"{}", type=kind)
    except msgspec.ValidationError as e:
        raise LobbyError(f"bad request: {e}") from None
    except msgspec.DecodeError:
        raise LobbyError("the request body is not valid JSON") from None
    except RecursionError:  # msgspec's own limit, far past MAX_DEPTH
        raise LobbyError(_DEEP) from None


_DEEP = f"the request body nests lists and objects too deep (at most {MAX_DEPTH})"


def _links(table_id: str, token: str | None = None) -> dict[str, str]:
    out = {"watch": f"/t/{table_id}", "ws": f"/ws/{table_id}", "record": f"/api/tables/{table_id}/record"}
    if token is not None:  # in the fragment, so that the token never reaches a server log
        out["seat"] = f"/t/{table_id}#{token}"
    return out


async def list_games(request: Request) -> JSONResponse:
    out = []
    for game_id in games.GAME_IDS:
        game = games.get_game(game_id)
        out.append({"id": game_id, "name": game.info.name, "min_seats": game.info.min_seats,
                    "max_seats": game.info.max_seats, "rules": game.rules_version,
                    "bot_levels": list(levels_for(game)), "default_level": strongest_for(game),
                    "options": list(game.info.options), "seat_choices": game.seat_choices()})
    return JSONResponse({"games": out, "bot_levels": list(BOT_LEVELS)})


async def list_tables(request: Request) -> JSONResponse:
    status = request.query_params.get("status")
    if status not in (None, "waiting", "playing", "ended"):
        return _error("status is one of waiting, playing, ended", 400)
    return JSONResponse({"tables": _lobby(request).listing(status)})


async def create_table(request: Request) -> JSONResponse:
    if not _lobby(request).new_tables.take(_address(request)):
        return _error("too many new tables from your address: wait a minute and try again", 429)
    try:
        req = await _json(request, CreateTable)
        table, tokens = await _lobby(request).create(req)
    except LobbyError as e:
        return _error(str(e), e.status)
    body: dict[str, Any] = table.summary()
    body["links"] = _links(table.id)
    for seat in body["seats"]:
        token = tokens.get(seat["seat"])
        if token is not None:
            seat["token"] = token
            seat["link"] = _links(table.id, token)["seat"]
    return JSONResponse(body, status_code=201)


async def join_table(request: Request) -> JSONResponse:
    table_id = request.path_params["table_id"]
    if not _lobby(request).joins.take(_address(request)):
        return _error("too many seats taken from your address: wait a minute and try again", 429)
    try:
        req = await _json(request, JoinTable)
        seat, token = await _lobby(request).join(table_id, req.name)
    except LobbyError as e:
        return _error(str(e), e.status)
    return JSONResponse({"table": table_id, "seat": seat, "token": token, "link": _links(table_id, token)["seat"],
                         "links": _links(table_id)})


async def get_table(request: Request) -> JSONResponse:
    table_id = request.path_params["table_id"]
    summary = await _lobby(request).summary(table_id)
    if summary is None:
        return _error("no such table", 404)
    summary["links"] = _links(table_id)
    return JSONResponse(summary)


async def get_record(request: Request) -> JSONResponse:
    rec = await _lobby(request).record(request.path_params["table_id"])
    if rec is None:
        return _error("no such table", 404)
    return JSONResponse(rec)


async def verify(request: Request) -> JSONResponse:
    """Run `moontable verify`'s checks on a posted record."""
    try:
        body = await _body(request, MAX_RECORD)
    except LobbyError as e:
        return _error(str(e), e.status)
    try:
        rec = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return _error("the request body is not valid JSON: post a game record", 400)
    except RecursionError:
        return _error(_DEEP, 400)
    if too_deep(rec, MAX_DEPTH):
        return _error(_DEEP, 400)
    try:
        report = await asyncio.to_thread(record.verify, rec)  # a long game replays for a while: off the loop
    except (RecursionError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        # a record malformed in a way the checks did not foresee: the poster's mistake, one line in the log
        log.warning("a posted record could not be checked: %s: %s", type(e).__name__, e)
        return _error(f"this record could not be checked: it is malformed ({type(e).__name__})", 400)
    return JSONResponse(report.to_json())

