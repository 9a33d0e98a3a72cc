"""The lobby's JSON API over HTTP. Errors are {"error": "..."} with a 4xx status."""

from __future__ import annotations

import logging
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse

from moontable import games
from moontable.bots import BOT_LEVELS
from moontable.bots.levels import LEVEL_WORDS, levels_for, strongest_for
from moontable.server.accounts import session_account
from moontable.server.lobby import Lobby, LobbyError
from moontable.server.messages import CreateTable, JoinTable, SeatDecks, too_deep
from moontable.server.responses import error_response
from moontable.server.workers import verify_json

__all__ = ["check_bluemoon_deck", "create_table", "get_match", "get_record", "get_table", "join_table", "list_games",
           "list_tables", "seat_decks", "verify"]

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
                    "options": list(game.info.options), "seat_choices": game.seat_choices(),
                    "undo": game.undoable})
    levels = {level: {"name": name, "method": method} for level, (name, method) in LEVEL_WORDS.items()}
    return JSONResponse({"games": out, "bot_levels": list(BOT_LEVELS), "levels": levels,
                         "decision_seconds": _lobby(request).settings.table.decision_seconds})


async def list_tables(request: Request) -> JSONResponse:
    status = request.query_params.get("status")
    if status not in (None, "waiting", "playing", "ended"):
        return error_response("status is one of waiting, playing, ended", 400)
    return JSONResponse({"tables": await _lobby(request).listing(status)})


async def create_table(request: Request) -> JSONResponse:
    if not _lobby(request).new_tables.take(_address(request)):
        return error_response("too many new tables from your address: wait a minute and try again", 429)
    try:
        req = await _json(request, CreateTable)
        table, tokens = await _lobby(request).create(req, session_account(request))
    except LobbyError as e:
        return error_response(str(e), e.status)
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
        return error_response("too many seats taken from your address: wait a minute and try again", 429)
    try:
        req = await _json(request, JoinTable)
        seat, token = await _lobby(request).join(table_id, req.name, session_account(request))
    except LobbyError as e:
        return error_response(str(e), e.status)
    return JSONResponse({"table": table_id, "seat": seat, "token": token, "link": _links(table_id, token)["seat"],
                         "links": _links(table_id)})


async def get_table(request: Request) -> JSONResponse:
    table_id = request.path_params["table_id"]
    summary = await _lobby(request).summary(table_id)
    if summary is None:
        return error_response("no such table", 404)
    summary["links"] = _links(table_id)
    return JSONResponse(summary)


async def get_record(request: Request) -> JSONResponse:
    rec = await _lobby(request).record(request.path_params["table_id"])
    if rec is None:
        return error_response("no such table", 404)
    return JSONResponse(rec)


async def get_match(request: Request) -> JSONResponse:
    """A match of several games: its record so far (each game names its table), and where it stands."""
    run = await _lobby(request).matches.by_id(request.path_params["match_id"])
    if run is None:
        return error_response("no such match", 404)
    return JSONResponse({**run.record(), "tables": run.tables, "status": run.status,
                         "records": [f"/api/tables/{tid}/record" for tid in run.tables]})


async def seat_decks(request: Request) -> JSONResponse:
    """A seat's prepared decks for its match (deck building), checked and saved under the seat."""
    try:
        req = await _json(request, SeatDecks)
        saved = await _lobby(request).matches.set_decks(request.path_params["table_id"], req.token, req.decks)
    except LobbyError as e:
        return error_response(str(e), e.status)
    return JSONResponse(saved)


async def check_bluemoon_deck(request: Request) -> JSONResponse:
    """The deck builder's check: every deck rule of the mode the deck breaks, by its ID and in words (the engine's
    own checks, as `moontable deck check` runs them). {"deck": {...}, "mode": "build"|"base"|"quick"}."""
    from moontable.games.bluemoon.decks import MODES, check_deck, foreign_moons, mode_of

    try:
        body = await _json(request, dict)
    except LobbyError as e:
        return error_response(str(e), e.status)
    deck = body.get("deck")
    if not isinstance(deck, dict):
        return error_response('post {"deck": {...}, "mode": ...}', 400)
    mode = body.get("mode") or mode_of(deck)
    if mode not in MODES:
        return error_response(f"mode is one of {', '.join(MODES)}", 400)
    problems = check_deck(deck, mode)
    cards = deck.get("cards") if isinstance(deck.get("cards"), list) else []
    leader = deck.get("leader") if isinstance(deck.get("leader"), str) else ""
    moons = foreign_moons(leader, [c for c in cards if isinstance(c, str)])
    return JSONResponse({"ok": not problems, "mode": mode, "cards": len(cards), "moons": moons,
                         "problems": [{"rule": p.rule, "text": p.text} for p in problems]})


async def verify(request: Request) -> JSONResponse:
    """Run `moontable verify`'s checks on a posted record."""
    try:
        body = await _body(request, MAX_RECORD)
    except LobbyError as e:
        return error_response(str(e), e.status)
    try:
        rec = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return error_response("the request body is not valid JSON: post a game record", 400)
    except RecursionError:
        return error_response(_DEEP, 400)
    if too_deep(rec, MAX_DEPTH):
        return error_response(_DEEP, 400)
    try:  # a long game replays for a while: in a worker process, off the loop
        report = await _lobby(request).workers.run(verify_json, rec)
    except (RecursionError, ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        # a record malformed in a way the checks did not foresee: the poster's mistake, one line in the log
        log.warning("a posted record could not be checked: %s: %s", type(e).__name__, e)
        return error_response(f"this record could not be checked: it is malformed ({type(e).__name__})", 400)
    except BrokenProcessPool:
        return error_response("the server could not check the record just now: try again", 503)
    return JSONResponse(report)

