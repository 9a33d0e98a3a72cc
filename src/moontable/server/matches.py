"""Matches of several games at one table: Blue Moon played to five crystals (BM38).

A match is a chain of tables, one a game: each game is an ordinary table with its own seed, clock, bots
and record, which verifies on its own. When one ends the lobby adds it to the match (`Series`: the
crystals add up) and, unless a player has reached the target, opens the next table with the same seats
(the same seat links: a seat's token works at every table of its match) and starts it at once; its first
decision is the secret deck choice. The match row keeps the plan and the games so far, written in the
same transaction as the next table, so a restart picks a match up where it was. A game of the match that
closes unplayed (no one said ready in time: the table is abandoned) ends the match unfinished: its status
is "abandoned", it has no winner, and a restart does not bring it back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from moontable import games
from moontable.engine import Game
from moontable.games.bluemoon.decks import DeckError, resolve
from moontable.games.bluemoon.series import MatchPlan, Series
from moontable.server.store import Moved
from moontable.table import Seat, Table

if TYPE_CHECKING:
    from moontable.server.lobby import Lobby

__all__ = ["MAX_DECKS", "SERIES_GAMES", "MatchRun", "Matches", "checked_decks"]
log = logging.getLogger("moontable.matches")

SERIES_GAMES = ("bluemoon",)  # the games a table may play as a match of several games
MAX_DECKS = 12  # prepared decks a seat may bring to a match


@dataclass(slots=True)
class MatchRun:
    id: str
    game: str
    series: Series
    tables: list[str] = field(default_factory=list)  # its games' tables, in order
    created_at: float = 0.0
    status: str = "playing"  # or "ended"; or "abandoned": one of its games closed unplayed
    opening: str | None = None  # the next table while it is being stored: not shown until it is live
    # the state as the database has it, as this process last wrote or read it: every later write is made only
    # if the row still has it (in a cluster, of two processes moving a match on at once, one does)
    stored: str | None = None

    @classmethod
    def new(cls, match_id: str, game: str, plan: MatchPlan, seats: list[dict[str, Any]], at: float) -> MatchRun:
        return cls(match_id, game, Series(plan, seats), created_at=at)

    def state(self) -> dict[str, Any]:
        s, plan = self.series, self.series.plan
        return {"plan": {"mode": plan.mode, "decks": plan.decks, "keep": plan.keep, "target": plan.target},
                "seats": s.seats, "games": s.games, "crystals": s.crystals, "kept": s.kept, "tables": self.tables}

    def row(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "state": json.dumps(self.state()), "status": self.status,
                "record": json.dumps(self.record()) if self.status != "playing" else None,
                "created_at": self.created_at}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> MatchRun:
        st = json.loads(row["state"])
        p = st["plan"]
        series = Series(MatchPlan(mode=p["mode"], decks=p["decks"], keep=p["keep"], target=p["target"]), st["seats"],
                        crystals=st["crystals"], games=st["games"], kept=st["kept"])
        return cls(row["id"], row["game"], series, st["tables"], row["created_at"], row["status"],
                   stored=row["state"])

    def record(self) -> dict[str, Any]:
        """The match record: each game names its table, whose record is at /api/tables/{id}/record."""
        return {**self.series.record(), "id": self.id}

    def info(self, table_id: str | None = None) -> dict[str, Any]:
        """The match as a table's summary gives it: where this table stands in it and what comes next."""
        s = self.series
        k = self.tables.index(table_id) + 1 if table_id in self.tables else None
        nxt = self.tables[k] if k is not None and k < len(self.tables) else None
        if nxt is not None and nxt == self.opening:
            nxt = None
        return {"id": self.id, "game": k, "games": len(self.tables), "mode": s.plan.mode, "target": s.plan.target,
                "keep": s.plan.keep, "crystals": s.crystals[:], "next": nxt,
                "over": s.over or self.status == "abandoned", "winner": s.winner, "status": self.status}

    def undo_add(self, saved: tuple[list[int], list[dict[str, Any]], Any]) -> None:
        self.series.crystals, self.series.games, self.series.kept = saved

    def saved(self) -> tuple[list[int], list[dict[str, Any]], Any]:
        return self.series.crystals[:], self.series.games[:], self.series.kept


def checked_decks(decks: Any, mode: str) -> list[dict[str, Any]]:
    """A seat's prepared decks for a match, each checked against every deck rule of the mode; ValueError
    naming each broken rule by its ID."""
    if not isinstance(decks, list) or not decks:
        raise ValueError("decks is a non-empty list of decks")
    if len(decks) > MAX_DECKS:
        raise ValueError(f"a seat brings at most {MAX_DECKS} decks to a match")
    out = []
    for i, d in enumerate(decks, 1):
        try:
            resolve(d, mode)
        except DeckError as e:
            raise ValueError(f"deck {i}: {e}") from None
        out.append(json.loads(json.dumps(d)))
    return out


class Matches:
    """The lobby's matches: planning the first game, opening each next one, a seat's decks, the records."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.runs: dict[str, MatchRun] = {}  # the matches in play
        self.of_table: dict[str, str] = {}  # table id -> its match's id
        self.tasks: set[asyncio.Task[None]] = set()

    # -- the first game -------------------------------------------------------------------------------------

    def plan(self, game: Game, options: dict[str, Any] | None, target: int, keep: bool,
             seats: list[dict[str, Any]]) -> tuple[MatchRun, dict[str, Any]]:
        """A new match and its first game's options; LobbyError if the game plays no match or a deck is bad."""
        from moontable.server.lobby import LobbyError

        if game.info.id not in SERIES_GAMES:
            raise LobbyError(f"{game.info.name} is played one game at a table, not as a match")
        given = dict(options or {})
        unknown = set(given) - {"mode", "decks", "seats"}
        if unknown:
            raise LobbyError(f"a match's options are mode and decks, not {', '.join(sorted(unknown))}")
        mode = given.get("mode", "base")
        decks = given.get("decks")
        try:
            if decks is not None and not (isinstance(decks, list) and len(decks) == 2):
                raise ValueError("decks gives each of the two seats its decks (or null: the mode's own)")
            if mode not in ("base", "quick", "build"):
                raise ValueError(f"mode is one of base, quick, build, not {mode!r}")
            per_seat = [None if decks is None or decks[i] is None else checked_decks(decks[i], mode) for i in (0, 1)]
            plan = MatchPlan(mode=mode, target=target, keep=keep)
            assert plan.decks is not None
            plan.decks = [per_seat[i] or plan.decks[i] for i in (0, 1)]
        except ValueError as e:
            raise LobbyError(f"bad match for {game.info.id}: {e}") from None
        run = MatchRun.new(secrets.token_urlsafe(9), game.info.id, plan, seats, self.lobby.settings.clock.now())
        return run, run.series.next_options()

    def add(self, run: MatchRun, table: Table) -> None:
        """`table` is the next game of `run` (not stored yet: the caller stores both together)."""
        run.tables.append(table.id)
        run.opening = table.id
        self.runs[run.id] = run
        self.of_table[table.id] = run.id

    def launched(self, table: Table) -> None:
        run = self.runs.get(self.of_table.get(table.id, ""))
        if run is not None:
            table.on_end = self._ended
            if run.opening == table.id:
                run.opening = None

    # -- the next game ----------------------------------------------------------------------------------------

    def _ended(self, table: Table) -> None:
        run = self.runs.get(self.of_table.get(table.id, ""))
        if run is None or table.match is None:
            return
        record = json.loads(json.dumps(table.match.public_record()))
        seats = [Seat(s.index, s.name, s.kind, level=s.level, token_hash=s.token_hash, ready=True,
                      client_seed=s.client_seed, account=s.account, author=s.author) for s in table.seats]
        task = asyncio.create_task(self.next_game(run, table.id, record, seats), name=f"match-{run.id}")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def next_game(self, run: MatchRun, table_id: str, record: dict[str, Any], seats: list[Seat]) -> None:
        """Add the ended game to its match and open the next one (or end the match), stored together."""
        if run.tables[-1] != table_id or len(run.series.games) >= len(run.tables):
            return  # already added (a restart that found it done)
        saved = run.saved()
        run.series.add(record, table_id)
        for attempt in range(30):  # the database may be busy: the match must not stop between two games
            try:
                if run.series.over:
                    run.status = "ended"
                    await self._save(run)
                    self._forget(run)
                else:
                    await self._open_next(run, seats)
                return
            except Moved:  # another process moved the match on first (it opened the next game): theirs
                log.info("match %s: moved on by another process", run.id)
                self._forget(run)
                return
            except Exception:
                log.exception("match %s: the next game could not be opened (attempt %d)", run.id, attempt + 1)
                run.status = "playing"
                await asyncio.sleep(min(5.0, 0.2 * (attempt + 1)))
        run.undo_add(saved)

    async def _open_next(self, run: MatchRun, seats: list[Seat]) -> None:
        game = games.get_game(run.game)
        options = run.series.next_options()
        table = await self.lobby.open_table(game, seats, options, run)
        log.info("match %s: game %d at table %s", run.id, len(run.tables), table.id)

    # -- a game that closed unplayed ---------------------------------------------------------------------------

    def closed(self, table: Table) -> None:
        """A table of a match has closed; if it closed unplayed (abandoned), the match ends unfinished."""
        run = self.runs.get(self.of_table.get(table.id, ""))
        if run is None:  # a game of a match that is over: its summary needs the match no more
            self.of_table.pop(table.id, None)
            return
        if table.status != "abandoned" or not run.tables or run.tables[-1] != table.id:
            return
        task = asyncio.create_task(self.abandon(run), name=f"match-{run.id}-abandoned")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def abandon(self, run: MatchRun) -> None:
        """End `run` unfinished: its last game closed unplayed, so no game follows it."""
        if run.status != "playing":
            return
        run.status = "abandoned"
        for attempt in range(30):
            try:
                await self._save(run)
                break
            except Moved:
                log.info("match %s: moved on by another process", run.id)
                break
            except Exception:
                log.exception("match %s: its end could not be saved (attempt %d)", run.id, attempt + 1)
                await asyncio.sleep(min(5.0, 0.2 * (attempt + 1)))
        log.info("match %s: game %d closed unplayed; the match ends unfinished", run.id, len(run.tables))
        self._forget(run)

    async def _save(self, run: MatchRun, values: dict[str, Any] | None = None) -> None:
        """Write the match's row (or `values` of it), if no one else has since this process last saw it."""
        values = values if values is not None else {k: v for k, v in run.row().items() if k != "id"}
        await self.lobby.store.match_changed(run.id, values, was=run.stored)
        run.stored = values.get("state", run.stored)

    def _forget(self, run: MatchRun) -> None:
        """A match that is over leaves the matches in play; a table of it still open (the last game lingers)
        keeps its match's id until it closes, so that its summary still says where it stood in the match."""
        self.runs.pop(run.id, None)
        for tid in run.tables:
            if tid not in self.lobby.tables:
                self.of_table.pop(tid, None)

    # -- after a restart -------------------------------------------------------------------------------------

    async def load(self) -> None:
        for row in await self.lobby.store.unfinished_matches():
            try:
                run = MatchRun.from_row(row)
            except Exception as e:
                log.error("match %s could not be brought back: %s", row["id"], e)
                continue
            self.runs[run.id] = run
            for tid in run.tables:
                self.of_table[tid] = run.id

    async def adopt(self, match_id: str | None, table_id: str) -> None:
        """A table of a match is being taken over from another process (a cluster): its match, as the database
        has it, is one of ours from now on, so that the game's end opens the next one here. What this process
        knew of that match before (it held an earlier game of it) is older than the database: read again."""
        if match_id is None:
            return
        run = self.runs.get(match_id)
        if run is not None and table_id in run.tables:
            return
        row = await self.lobby.store.load_match(match_id)
        if row is None or row.get("status") != "playing":
            return
        self._own(MatchRun.from_row(row))

    def let_go(self, table_id: str) -> None:
        """A table of a match is another process's now: so is its match (it opens the next game there)."""
        run = self.runs.pop(self.of_table.pop(table_id, ""), None)
        for tid in run.tables if run is not None else ():
            self.of_table.pop(tid, None)

    async def resume(self) -> None:
        """A match whose last game ended just before a restart, before its next one was opened: open it."""
        for run in list(self.runs.values()):
            await self._move_on(run)

    async def stalled(self) -> None:
        """In a cluster: a match whose last game ended but whose next one was never opened (the process that had
        it died in between) is moved on here, once that game's lease has run out: its owner had its chance.
        Of two processes doing it at once, one does (`MatchRun.stored`)."""
        assert self.lobby.leases is not None
        for row in await self.lobby.store.unfinished_matches(between_games=True):
            mine = self.runs.get(row["id"])
            if mine is not None and (mine.opening is not None or mine.tables and mine.tables[-1] in self.lobby.tables):
                continue  # its last game is live here (or being opened): that game's end moves it on here
            run = MatchRun.from_row(row)
            last = run.tables[-1] if run.tables else None
            if last is None or len(run.series.games) >= len(run.tables) or await self.lobby.leases.owner_of(last):
                continue
            await self._move_on(run, adopt=True)

    async def _move_on(self, run: MatchRun, adopt: bool = False) -> None:
        """Open `run`'s next game (or end it) if its last game has ended and is not live here; `adopt`: the run
        is read from the database now, and becomes one of ours if it is moved on."""
        last = run.tables[-1] if run.tables else None
        if last is None or last in self.lobby.tables or len(run.series.games) >= len(run.tables):
            return
        stored = await self.lobby.store.load(last)
        if stored is not None and stored.row["status"] == "abandoned":  # closed unplayed before its match knew
            if adopt:
                self._own(run)
            await self.abandon(run)
            return
        if stored is None or stored.row["status"] != "ended" or not stored.row["record"]:
            return
        seats = [Seat(s["seat"], s["name"], s["kind"], level=s["level"], token_hash=s["token_hash"], ready=True,
                      client_seed=s["client_seed"] or "", account=s.get("account"), author=s.get("author"))
                 for s in stored.seats]
        if adopt:
            self._own(run)
            log.info("match %s: its game at table %s ended on a process that is gone; moving it on here", run.id,
                     last)
        await self.next_game(run, last, json.loads(stored.row["record"]), seats)

    def _own(self, run: MatchRun) -> None:
        self.runs[run.id] = run
        for tid in run.tables:
            self.of_table[tid] = run.id

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # -- what the API asks -------------------------------------------------------------------------------------

    async def run_of(self, table_id: str, match_id: str | None = None) -> MatchRun | None:
        mid = self.of_table.get(table_id) or match_id
        if mid is None:
            return None
        run = self.runs.get(mid)
        if run is None:
            row = await self.lobby.store.load_match(mid)
            run = None if row is None else MatchRun.from_row(row)
        return run

    async def by_id(self, match_id: str) -> MatchRun | None:
        run = self.runs.get(match_id)
        if run is not None:
            return run
        row = await self.lobby.store.load_match(match_id)
        return None if row is None else MatchRun.from_row(row)

    async def set_decks(self, table_id: str, token: str, decks: list[dict[str, Any]]) -> dict[str, Any]:
        """A seat's prepared decks for the games of its match not yet begun (saved under the seat)."""
        from moontable.server.lobby import LobbyError

        run = self.runs.get(self.of_table.get(table_id, ""))
        table = self.lobby.tables.get(run.tables[-1]) if run is not None else None
        if run is None or table is None:
            raise LobbyError("this table plays no match that is still going", 404)
        seat = table.seat_for_token(token)
        if seat is None:
            raise LobbyError("that is not a seat of this match", 403)
        plan = run.series.plan
        if plan.keep and run.series.games:
            raise LobbyError("each player keeps the deck of the first game in this match (BM51)", 409)
        try:
            checked = checked_decks(decks, plan.mode)
        except ValueError as e:
            raise LobbyError(str(e)) from None
        assert plan.decks is not None
        before, old_options = plan.decks[seat], table.options
        plan.decks[seat] = checked
        waiting = table.status == "waiting"
        if waiting:  # the next game is this table's, not started yet: it plays with them
            table.options = {**table.options, "decks": [checked if i == seat else d
                                                        for i, d in enumerate(table.options["decks"])]}
        try:
            await self._save(run, {"state": json.dumps(run.state())})
            if waiting:
                await self.lobby.store.options_changed(table.id, table.options)
        except Exception:
            plan.decks[seat] = before
            if table.status == "waiting":
                table.options = old_options
            raise LobbyError("the decks could not be saved: try again", 503) from None
        return {"seat": seat, "decks": len(checked), "from_game": len(run.series.games) + (1 if waiting else 2)}

