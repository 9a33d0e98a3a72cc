"""The replay of a finished game: its moves in words and every seat's view after each move, every card shown.

The page is /replay/{id} (web/replay.js; #move=N opens it at move N). HTTP (JSON), only once the game has
ended (a game in play answers 409 and shows nothing):
  GET /api/tables/{id}/replay        the moves: who, what in words, the log lines each made; the result
  GET /api/tables/{id}/replay/{n}    after move n (0: after the set-up): every seat's view and every hand

The replay is the record played through the rules it names (an older record under its older rules), with the
recorded draws. Nothing is secret once the game is over, so the log shows what each seat alone saw (a card
drawn) in place of what the others saw of it, and every hand is given.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from moontable.engine import Event, Game, as_action
from moontable.record import RecordError, begin
from moontable.server.pages import shell
from moontable.server.responses import error_response
from moontable.table.base import events_text
from moontable.table.history import with_names
from moontable.table.present import sentence

__all__ = ["NotOver", "Replay", "build_replay", "replay_routes"]

log = logging.getLogger("moontable.replay")
KEPT = 8  # replays kept ready, the most recently asked


class NotOver(RecordError):
    """The record is of a game still in play (or never started): it has no replay yet."""


@dataclass(slots=True)
class Replay:
    index: dict[str, Any]  # the moves, their words and log lines, the result
    steps: list[bytes]  # after move n (0: the set-up), encoded JSON: every seat's view and every hand

    def step(self, n: int) -> bytes | None:
        return self.steps[n] if 0 <= n < len(self.steps) else None


def _full_information(events: list[Event]) -> list[Event]:
    """The events as the game's end shows them: each seat's own secret (an `only` event) in place of what the
    others saw of it (its `hide` twin)."""
    return [{k: v for k, v in e.items() if k != "only"} for e in events if e.get("hide") is None]


def _open_view(game: Game, state: Any, seat: int) -> dict[str, Any]:
    """The seat's view, with no question left to answer: the board draws it and offers nothing to play."""
    v = game.view(state, seat)
    for d in v.get("decisions") or ():
        if isinstance(d, dict):
            for key in ("options", "texts", "odds"):
                if key in d:
                    d[key] = None
    return v


def build_replay(record: dict[str, Any]) -> Replay:
    """Play an ended game's record through its rules, noting each move's words, log lines and views.
    NotOver for a game not yet ended; RecordError if the record does not replay."""
    if record.get("seed") is None or record.get("result") is None or "moves" not in record:
        raise NotOver("the game has not ended: its replay opens once it is over")
    game, chance, state = begin(record)
    names = [s["name"] for s in record["seats"]]
    seats = range(len(names))

    def step(state: Any, n: int) -> bytes:
        body = {"n": n, "views": [_open_view(game, state, s) for s in seats], "hands": game.hands(state)}
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()

    def lines(events: list[Event]) -> list[str]:
        return [with_names(x, names) for x in events_text(game, _full_information(events))]

    steps = [step(state, 0)]
    moves = []
    for i, (seat, action, *mark) in enumerate(record["moves"], 1):
        try:
            act = as_action(action)
            deed = game.describe_move(state, seat, act)  # "placed sway in Mistfen", when the game has such words
            words = with_names(deed or game.describe_action(state, act), names)
            line = f"{names[seat]} {words}" if deed else None  # None: the page says "Ann: " and the option's words
        except Exception:  # words must never stop a replay
            words, line = " ".join(str(a) for a in action), None
        events = game.apply(state, seat, action, chance)
        extra = mark[0] if mark else {}
        moves.append({"n": i, "seat": seat, "by": names[seat], "text": words, "line": line,
                      "auto": bool(extra.get("auto")), "bot": extra.get("bot"), "log": lines(events)})
        steps.append(step(state, i))
    result = game.result(state)
    if result is None:
        raise RecordError(f"the game has not ended after all {len(record['moves'])} moves")
    index = {"game": game.info.id, "name": game.info.name, "rules": record["rules"], "seats": record["seats"],
             "names": names, "n": len(moves), "moves": moves, "result": record["result"],
             "result_text": sentence(with_names(game.describe_result(state), names))}
    return Replay(index, steps)


# -- HTTP ----------------------------------------------------------------------------------------------



async def _replay(request: Request) -> Replay | JSONResponse:
    table_id = request.path_params["table_id"]
    app_state = request.app.state
    cache: OrderedDict[str, Replay] = getattr(app_state, "replays", None) or OrderedDict()
    app_state.replays = cache
    done = cache.get(table_id)
    if done is not None:
        cache.move_to_end(table_id)
        return done
    record = await app_state.lobby.record(table_id)
    if record is None:
        return error_response("no such table", 404)
    try:
        # a whole game's replay: in a worker process, as a posted record's verify, off the event loop's interpreter
        done = await app_state.lobby.workers.run(build_replay, record)
    except NotOver as e:
        return error_response(str(e), 409)
    except RecordError as e:
        return error_response(f"this game's record does not replay: {e}", 422)
    except BrokenProcessPool:
        return error_response("the server could not replay the game just now: try again", 503)
    except Exception:  # e.g. a record whose rules the engine lost: one line in the log, a plain answer
        log.exception("table %s: the replay could not be built", table_id)
        return error_response("this game could not be replayed", 500)
    cache[table_id] = done
    if len(cache) > KEPT:
        cache.popitem(last=False)
    return done


async def replay_index(request: Request) -> Response:
    done = await _replay(request)
    if isinstance(done, Response):
        return done
    return JSONResponse({**done.index, "table": request.path_params["table_id"],
                         "record": f"/api/tables/{request.path_params['table_id']}/record"})


async def replay_step(request: Request) -> Response:
    raw = request.path_params["n"]
    if not raw.isdigit():
        return error_response("a move is a number from 0", 400)
    done = await _replay(request)
    if isinstance(done, Response):
        return done
    body = done.step(int(raw))
    if body is None:
        return error_response(f"this game has moves 0 to {len(done.steps) - 1}", 404)
    return Response(body, media_type="application/json")


def replay_routes() -> list[BaseRoute]:
    return [
        Route("/replay/{table_id}", shell),  # the page: web/replay.js
        Route("/api/tables/{table_id}/replay", replay_index),
        Route("/api/tables/{table_id}/replay/{n}", replay_step),
    ]
