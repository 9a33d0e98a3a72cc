"""Ratings, players' games, the end of a game (its summary) and rematches.

One rating library for every game: OpenSkill's Plackett-Luce model (the `openskill` package). It rates any number
of players ranked first to last in one update (Moons seats two to six, Moonflight up to four, Courts and Blue
Moon two), ties included, and keeps a rating's uncertainty (sigma) beside its estimate (mu) as Glicko-2 does.
Glicko-2, the two-player standard, is built around rating periods and would give Courts and Blue Moon a second
scale beside the many-player games': one model keeps a player's numbers comparable from game to game, and one
library is one thing to keep up.

A rating is shown as its conservative estimate, mu - 3 sigma, on a chess-like scale: 1500 + 24 (mu - 3 sigma),
so a new player starts at 1500 and climbs as the table grows sure of them. A bot level is a rated player of
its own ("bot:<level>"), so a new player's first games against bots are against ratings already known.
Only rated tables move ratings (the lobby's choice); a rated table seats signed-in players and bots only, and a
game where a seat was not one of them (a guest's takeover) goes unrated. Several bots of one level at one table
(Moons against three Strong bots) are one player: it moves by the mean of their changes.

HTTP (JSON), and the pages that show them:
  GET  /api/leaderboard/{game}     the game's rated players, best first          page /leaderboard/{game}
  GET  /api/players/{name}         a player's ratings and games, newest first     page /players/{name}
  GET  /api/tables/{id}/ending     an ended game's summary: who won and why, the score, each seat's rating change,
                                   for Courts the points over the turns, the rematch once asked for
  POST /api/tables/{id}/rematch    {"token"}: a seat asks for a rematch: the same seats with sides swapped, a new
                                   seed; each player keeps their seat's secret (their old link's token)
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, select
from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from moontable import games
from moontable.bots.levels import level_name
from moontable.engine import Game, IllegalAction
from moontable.record import RecordError, begin
from moontable.server.responses import error_response
from moontable.server.store import Moved, rating_changes, ratings, seats, tables, upsert
from moontable.table import Seat, Table
from moontable.table.base import seat_of
from moontable.table.history import with_names

if TYPE_CHECKING:
    from moontable.server.lobby import Lobby

__all__ = ["MODEL", "Ratings", "display", "ranks_of", "rating_routes"]

log = logging.getLogger("moontable.ratings")
MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
RATE_TRIES = 5  # a rating that lost a race with another process is made again, this many times at most


def display(mu: float, sigma: float) -> int:
    """A rating as players read it: 1500 + 24 (mu - 3 sigma), a whole number."""
    return round(1500 + 24 * (mu - 3 * sigma))


def ranks_of(result: dict[str, Any], n: int) -> list[int]:
    """Each seat's place from a record's result (0 first; equal places tie): the winner (or the winners, where a
    game names several) first, the others by their points where the score gives each seat some, else all second;
    a draw ranks everyone first."""
    score = result.get("score") if isinstance(result.get("score"), dict) else {}
    winners = score.get("winners") if isinstance(score.get("winners"), list) else None
    if winners is None:
        winners = [] if result.get("winner") is None else [result["winner"]]
    if not winners:
        return [0] * n
    points = next((score[k] for k in ("points", "scores") if isinstance(score.get(k), list) and len(score[k]) == n
                   and all(isinstance(x, (int, float)) for x in score[k])), None)
    out = []
    for seat in range(n):
        if seat in winners:
            out.append(0)
        elif points is not None:
            out.append(1 + sum(1 for s in range(n) if s not in winners and points[s] > points[seat]))
        else:
            out.append(1)
    return out


def player_of(seat: dict[str, Any]) -> str | None:
    """The rated player at a seat: its account, or its bot level; None for a guest."""
    if seat.get("account"):
        return str(seat["account"])
    if seat.get("kind") == "bot" and seat.get("level"):
        return f"bot:{seat['level']}"
    return None


def _player_name(player: str, names: dict[str, str]) -> str:
    if player.startswith("bot:"):
        return f"{level_name(player[4:])} bot"
    return names.get(player, player)


class Ratings:
    """Rates ended rated games (one at a time: two games ending at once may share a bot), answers the pages."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.lock = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()
        self.summaries: OrderedDict[str, dict[str, Any]] = OrderedDict()  # the last few ended games' replays

    # -- the lobby's checks ----------------------------------------------------------------------------------

    def check_rated(self, game: Game, seat_list: list[Seat], account: str | None, is_match: bool) -> None:
        from moontable.server.lobby import LobbyError

        if account is None:
            raise LobbyError("sign in to open a rated table: a rating belongs to a claimed name", 403)
        if is_match:
            raise LobbyError("a match of several games is played casual", 400)
        if len(seat_list) < 2:
            raise LobbyError("a game alone is not rated", 400)
        if not any(s.account == account for s in seat_list):
            raise LobbyError("at a rated table you sit under your own name", 400)
        if any(s.kind == "human" and s.account is None for s in seat_list):
            raise LobbyError("at a rated table the other players take open seats, signed in (no links)", 400)

    # -- rating a game ---------------------------------------------------------------------------------------

    def launched(self, table: Table) -> None:
        """Rate `table` when it ends, after whatever else its end sets off (a match's next game)."""
        before: Callable[[Table], None] | None = table.on_end

        def ended(t: Table) -> None:
            if before is not None:
                before(t)
            if t.rated and t.match is not None:
                seats_now = [{"seat": s.index, "kind": s.kind, "level": s.level, "account": s.account,
                              "name": s.name} for s in t.seats]
                self._spawn(self.rate(t.id, t.game.info.id, seats_now, t.match.record["result"]))

        table.on_end = ended

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro, name="rate")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def rate(self, table_id: str, game_id: str, seat_rows: list[dict[str, Any]], result: dict[str, Any]) -> None:
        """Move the ratings of an ended rated game's players, once (a second call finds it done).

        The lock keeps this process's ratings in order; another process of a cluster may rate a game of the
        same player at the same moment, so each rating row is written only if it is still the one read (its
        games count), and a rating that lost that race is made again from the new rows."""
        async with self.lock:
            for attempt in range(RATE_TRIES):
                try:
                    await self._rate(table_id, game_id, seat_rows, result)
                    return
                except (Moved, IntegrityError):
                    if attempt == RATE_TRIES - 1:
                        raise
                    log.info("table %s: a player's rating moved meanwhile (another process): rated again", table_id)

    async def _rate(self, table_id: str, game_id: str, seat_rows: list[dict[str, Any]], result: dict[str, Any]) -> None:
        store = self.lobby.store
        if await store.query(select(rating_changes.c.seat).where(rating_changes.c.table_id == table_id)):
            return
        players = [player_of(s) for s in seat_rows]
        if any(p is None for p in players):
            log.info("table %s: a seat was not a signed-in player or a bot: not rated", table_id)
            return
        keys = sorted({p for p in players if p is not None})
        rows = await store.query(select(ratings).where(and_(ratings.c.game == game_id, ratings.c.player.in_(keys))))
        known = {r["player"]: r for r in rows}
        before = {p: (known[p]["mu"], known[p]["sigma"]) if p in known else START for p in keys}
        teams = [[MODEL.rating(mu=before[p][0], sigma=before[p][1])] for p in players if p is not None]
        after = MODEL.rate(teams, ranks=ranks_of(result, len(players)))
        moved: dict[str, list[tuple[float, float]]] = {}
        for p, (r,) in zip(players, after, strict=True):
            assert p is not None
            moved.setdefault(p, []).append((r.mu, r.sigma))
        now = self.lobby.settings.clock.now()
        final = {p: (before[p][0] + sum(mu - before[p][0] for mu, _ in got) / len(got), min(s for _, s in got))
                 for p, got in moved.items()}
        names = {s["account"]: self.lobby.accounts.names.get(s["account"], s["name"])
                 for s in seat_rows if s.get("account")}
        ops = [upsert(ratings, {"game": game_id, "player": p},
                      {"name": _player_name(p, names), "mu": mu, "sigma": sigma, "updated_at": now,
                       "games": (known[p]["games"] if p in known else 0) + 1}, p in known,
                      was={"games": known[p]["games"]} if p in known else None)
               for p, (mu, sigma) in final.items()]
        for s, p in zip(seat_rows, players, strict=True):
            assert p is not None
            mu, sigma = final[p]
            ops.append(upsert(rating_changes, {"table_id": table_id, "seat": s["seat"]},
                              {"game": game_id, "player": p, "mu_before": before[p][0],
                               "sigma_before": before[p][1], "mu_after": mu, "sigma_after": sigma, "at": now},
                              False))
        await store.rated(ops)

    async def resume(self) -> None:
        """Rate the rated games that ended just before a restart, before they were rated."""
        done = select(rating_changes.c.table_id)
        rows = await self.lobby.store.query(
            select(tables.c.id, tables.c.game, tables.c.result).where(
                and_(tables.c.rated.is_(True), tables.c.status == "ended", tables.c.id.not_in(done)))
            .order_by(tables.c.ended_at))
        for row in rows:
            seat_rows = await self.lobby.store.query(select(seats).where(seats.c.table_id == row["id"])
                                                     .order_by(seats.c.seat))
            try:
                await self.rate(row["id"], row["game"], seat_rows, json.loads(row["result"]))
            except Exception:
                log.exception("table %s: could not be rated", row["id"])

    async def settled(self) -> None:
        """Wait for the ratings under way (the tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def close(self) -> None:
        await asyncio.gather(*list(self.tasks), return_exceptions=True)

    # -- what the pages ask ------------------------------------------------------------------------------------

    async def leaderboard(self, game_id: str, limit: int = 100) -> list[dict[str, Any]]:
        rows = await self.lobby.store.query(select(ratings).where(ratings.c.game == game_id))
        rows.sort(key=lambda r: r["mu"] - 3 * r["sigma"], reverse=True)
        return [{"place": i + 1, "player": r["player"], "name": r["name"], "bot": r["player"].startswith("bot:"),
                 "rating": display(r["mu"], r["sigma"]), "mu": r["mu"], "sigma": r["sigma"], "games": r["games"],
                 "page": None if r["player"].startswith("bot:") else f"/players/{r['player']}"}
                for i, r in enumerate(rows[:limit])]

    async def player(self, key: str, limit: int = 100) -> dict[str, Any] | None:
        """A player's ratings per game and their ended games, newest first."""
        name = self.lobby.accounts.names.get(key)
        if name is None:
            return None
        store = self.lobby.store
        mine = await store.query(
            select(seats.c.table_id, seats.c.seat, tables.c.game, tables.c.ended_at, tables.c.result, tables.c.rated)
            .join(tables, tables.c.id == seats.c.table_id)
            .where(and_(seats.c.account == key, tables.c.status == "ended"))
            .order_by(tables.c.ended_at.desc()).limit(limit))
        ids = [r["table_id"] for r in mine]
        everyone = await store.query(select(seats).where(seats.c.table_id.in_(ids))) if ids else []
        changes = await store.query(select(rating_changes).where(rating_changes.c.table_id.in_(ids))) if ids else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in everyone:
            by_table.setdefault(s["table_id"], []).append(s)
        change = {(c["table_id"], c["seat"]): c for c in changes}
        out = []
        for r in mine:
            result = json.loads(r["result"]) if r["result"] else {}
            table_seats = sorted(by_table.get(r["table_id"], []), key=lambda s: s["seat"])
            place = ranks_of(result, len(table_seats))[r["seat"]] if table_seats else None
            c = change.get((r["table_id"], r["seat"]))
            out.append({
                "table": r["table_id"], "game": r["game"], "game_name": games.get_game(r["game"]).info.name,
                "ended": r["ended_at"], "rated": bool(r["rated"]),
                "opponents": [{"name": s["name"], "bot": s["kind"] == "bot",
                               "page": f"/players/{s['account']}" if s["account"] else None}
                              for s in table_seats if s["seat"] != r["seat"]],
                "result": _outcome(result, r["seat"], place),
                "rating": None if c is None else _change(c),
                "replay": f"/replay/{r['table_id']}", "record": f"/api/tables/{r['table_id']}/record",
            })
        rated = await store.query(select(ratings).where(ratings.c.player == key))
        return {"name": name, "player": key,
                "ratings": [{"game": g["game"], "game_name": games.get_game(g["game"]).info.name,
                             "rating": display(g["mu"], g["sigma"]), "games": g["games"]}
                            for g in sorted(rated, key=lambda g: g["game"])],
                "games": out}

    async def ending(self, table_id: str) -> dict[str, Any] | None:
        """An ended game's summary (None: no such ended game)."""
        summary = await self.lobby.summary(table_id)
        if summary is None or summary["status"] != "ended":
            return None
        record = await self.lobby.record(table_id)
        stored = await self.lobby.store.load(table_id)
        if record is None or stored is None or not record.get("moves"):
            return None
        replayed = self.summaries.get(table_id)
        if replayed is None:
            try:
                replayed = await asyncio.to_thread(_replay_summary, record)
            except (RecordError, IllegalAction, ValueError) as e:
                log.warning("table %s: no summary: %s", table_id, e)
                replayed = {"words": None, "chart": None}
            self.summaries[table_id] = replayed
            if len(self.summaries) > 64:
                self.summaries.popitem(last=False)
        changes = {c["seat"]: c for c in await self.lobby.store.query(
            select(rating_changes).where(rating_changes.c.table_id == table_id))}
        rated = bool(stored.row.get("rated"))
        result = record["result"] or {}
        places = ranks_of(result, len(stored.seats))
        return {
            "table": table_id, "game": record["game"], "rated": rated,
            "rating": "casual" if not rated else "done" if changes else "pending",
            "words": replayed["words"], "result": result, "chart": replayed["chart"],
            "seats": [{"seat": s["seat"], "name": s["name"], "bot": s["kind"] == "bot", "place": places[s["seat"]],
                       "page": f"/players/{s['account']}" if s["account"] else None,
                       "rating": _change(changes[s["seat"]]) if s["seat"] in changes else None}
                      for s in stored.seats],
            "rematch": stored.row.get("rematch"),
            "links": {"replay": f"/replay/{table_id}", "verify": f"/verify?table={table_id}",
                      "record": f"/api/tables/{table_id}/record"},
        }

    # -- rematch -------------------------------------------------------------------------------------------

    async def rematch(self, table_id: str, token: str) -> tuple[str, int]:
        """The rematch of an ended table (made on the first ask, the same one after): its id and the asking
        player's seat there. Sides swap: each seat moves one place on (two seats trade places)."""
        from moontable.server.lobby import LobbyError

        stored = await self.lobby.store.load(table_id)
        if stored is None:
            raise LobbyError("no such table", 404)
        old = seat_of([s["token_hash"] for s in stored.seats], token)
        if old is None:
            raise LobbyError("only a player of this game can ask for its rematch", 403)
        row = stored.row
        if row["status"] != "ended":
            raise LobbyError("the game is not over yet", 409)
        if row.get("match_id"):
            raise LobbyError("a match plays its next game on its own", 409)
        n = len(stored.seats)
        async with self.lock:  # two players asking at once get one rematch
            stored = await self.lobby.store.load(table_id)
            assert stored is not None
            if stored.row.get("rematch"):
                return stored.row["rematch"], (old + 1) % n
            new_seats = [Seat(0, "", "bot")] * n
            for s in stored.seats:
                kind = "bot" if s["kind"] == "bot" else "human" if s["token_hash"] else "open"
                j = (s["seat"] + 1) % n
                new_seats[j] = Seat(j, s["name"], kind, level=s["level"], token_hash=s["token_hash"],
                                    account=s["account"])
            game = games.get_game(row["game"])
            options = json.loads(row["options"])
            swapped = {k: (v[-1:] + v[:-1]) if isinstance(v, list) and len(v) == n else v for k, v in options.items()}
            try:
                table = await self.lobby.open_table(game, new_seats, swapped, rated=bool(row.get("rated")))
            except LobbyError:  # options the game will not take turned round: its own for the seats
                table = await self.lobby.open_table(game, new_seats, None, rated=bool(row.get("rated")))
            await self.lobby.store.rematch_made(table_id, table.id)
        return table.id, (old + 1) % n


def _change(c: dict[str, Any]) -> dict[str, int]:
    before, after = display(c["mu_before"], c["sigma_before"]), display(c["mu_after"], c["sigma_after"])
    return {"before": before, "after": after, "change": after - before}


def _outcome(result: dict[str, Any], seat: int, place: int | None) -> str:
    if result.get("winner") is None and not (isinstance(result.get("score"), dict) and result["score"].get("winners")):
        return "draw"
    return "win" if place == 0 else "loss"


def _replay_summary(record: dict[str, Any]) -> dict[str, Any]:
    """The game's end in words, and for Courts the points bead after each turn (from a replay of the record)."""
    game, chance, state = begin(record)
    names = [s["name"] for s in record["seats"]]
    courts = record["game"] == "courts"
    beads: list[list[int]] = [[0, 0]] if courts else []
    for seat, action, *_ in record["moves"]:
        game.apply(state, seat, action, chance)
        if courts and (state.turn != beads[-1][0] or state.bead != beads[-1][1]):
            if state.turn == beads[-1][0]:
                beads[-1][1] = state.bead
            else:
                beads.append([state.turn, state.bead])
    words = with_names(game.describe_result(state), names)
    chart = None
    if courts:  # > 0: the Sun ahead; the Sun's court is 1
        chart = {"kind": "bead", "points": beads, "sun": state.seat_of(1), "moon": state.seat_of(0),
                 "final": state.bead}
    return {"words": words[:1].upper() + words[1:], "chart": chart}


# -- routes ---------------------------------------------------------------------------------------------------


def _ratings(request: Request) -> Ratings:
    r: Ratings = request.app.state.lobby.ratings
    return r



async def leaderboard(request: Request) -> Response:
    game_id = request.path_params["game"]
    if game_id not in games.GAME_IDS:
        return error_response(f"no game {game_id!r}", 404)
    rows = await _ratings(request).leaderboard(game_id)
    return JSONResponse({"game": game_id, "name": games.get_game(game_id).info.name, "players": rows})


async def player(request: Request) -> Response:
    from moontable.server.accounts import name_key

    out = await _ratings(request).player(name_key(request.path_params["name"]))
    if out is None:
        return error_response("no player has claimed that name", 404)
    return JSONResponse(out)


async def ending(request: Request) -> Response:
    out = await _ratings(request).ending(request.path_params["table_id"])
    if out is None:
        return error_response("no such ended game", 404)
    return JSONResponse(out, headers={"cache-control": "no-store"})


async def rematch(request: Request) -> Response:
    from moontable.server.lobby import LobbyError

    try:
        body = json.loads(await request.body() or b"{}")
    except ValueError:
        return error_response("the request body is not valid JSON", 400)
    token = body.get("token") if isinstance(body, dict) else None
    if not isinstance(token, str) or len(token) > 100:
        return error_response('post {"token": "<your seat\'s token>"}', 400)
    try:
        new_id, seat = await _ratings(request).rematch(request.path_params["table_id"], token)
    except LobbyError as e:
        return error_response(str(e), e.status)
    return JSONResponse({"table": new_id, "seat": seat, "link": f"/t/{new_id}#{token}", "watch": f"/t/{new_id}"},
                        status_code=201)


async def _shell(request: Request) -> Response:
    from moontable.server.pages import shell

    return await shell(request)


def rating_routes() -> list[BaseRoute]:
    return [
        Route("/api/leaderboard/{game}", leaderboard),
        Route("/api/players/{name}", player),
        Route("/api/tables/{table_id}/ending", ending),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/players/{name}", _shell),
        Route("/leaderboard/{game}", _shell),
        Route("/leaderboard", _shell),
    ]
