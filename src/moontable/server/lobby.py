"""The lobby: every live table, creating and joining them, and bringing them back after a restart.

Unfinished tables live in memory, each run by its own task; an ended table stays live a few seconds
(`TableConfig.linger_seconds`), then only the database has it, where it stays queryable: its summary
and record, and for a late connection its final snapshot (`finished`), rebuilt from its moves.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from moontable import fair, games
from moontable.bots.levels import levels_for, strongest_for
from moontable.clock import Clock, SystemClock
from moontable.server.limits import PerAddress
from moontable.server.messages import Close, CreateTable, clean_name
from moontable.server.options import OptionError, checked_options
from moontable.server.store import Store, StoredTable
from moontable.table import Join, Seat, Subscriber, Table, TableConfig, hash_token, new_token, present
from moontable.table.base import seat_of

__all__ = ["Lobby", "LobbyError", "Settings"]

log = logging.getLogger("moontable.lobby")


@dataclass(slots=True)
class Settings:
    """Everything a server can be told; the defaults are the real table's."""

    db_url: str = "sqlite:///moontable.db"
    table: TableConfig = field(default_factory=TableConfig)
    clock: Clock = field(default_factory=SystemClock)
    max_message: int = 4096  # bytes in one WebSocket message from a client
    rate: float = 20.0  # messages a second one connection may send, sustained ...
    burst: int = 40  # ... and at once
    flood_close: int = 200  # messages dropped in one flood before the connection is closed
    hello_seconds: float = 10.0  # time to send the first message
    max_queue: int = 5000  # messages waiting for a client that reads too slowly, before it is dropped
    batch_window: float = 0.0  # group commit: extra wait for more writes (0: commit as soon as the last one is done)
    tables_per_minute: float = 30.0  # new tables one client address may open, sustained ...
    tables_burst: int = 30  # ... and at once
    joins_per_minute: float = 30.0  # open seats one client address may take, sustained ...
    joins_burst: int = 10  # ... and at once


@dataclass(slots=True)
class Finished:
    """An ended table as the database has it: what each seat (and a spectator) is shown on connecting."""

    token_hashes: list[str | None]
    snapshots: dict[int | None, str]

    def seat_for_token(self, token: str) -> int | None:
        return seat_of(self.token_hashes, token)


class LobbyError(Exception):
    """A request the lobby refuses; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db_url, batch_window=settings.batch_window)
        self.tables: dict[str, Table] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.conns: set[Subscriber] = set()
        self.new_tables = PerAddress(settings.tables_per_minute / 60, settings.tables_burst)
        self.joins = PerAddress(settings.joins_per_minute / 60, settings.joins_burst)
        self.finished_cache: OrderedDict[str, Finished] = OrderedDict()  # the last few asked for

    async def start(self) -> None:
        await self.store.open()
        for stored in await self.store.unfinished():
            try:
                table = self._build(stored)
                client_seeds = json.loads(stored.row["client_seeds"] or "[]")
                table.restore(stored.row["status"], client_seeds, stored.moves)
            except Exception as e:  # e.g. the rules changed under a stored game: leave it in the database
                log.error("table %s could not be brought back: %s", stored.row["id"], e)
                continue
            self._launch(table)
        if self.tables:
            log.info("brought back %d unfinished tables", len(self.tables))

    async def close(self) -> None:
        for conn in list(self.conns):
            conn.close(Close.SERVER_RESTART, "the server is restarting: reconnect to resume")
        for table in self.tables.values():
            table.stop()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        await self.store.close()

    def _build(self, stored: StoredTable) -> Table:
        row = stored.row
        game = games.get_game(row["game"])
        seat_list = [Seat(index=s["seat"], name=s["name"], kind=s["kind"], level=s["level"],
                          token_hash=s["token_hash"], ready=bool(s["ready"]), client_seed=s["client_seed"] or "")
                     for s in stored.seats]
        return Table(row["id"], game, json.loads(row["options"]), seat_list, bytes.fromhex(row["seed"]),
                     self.store, self.settings.clock, self.settings.table, row["created_at"])

    def _launch(self, table: Table) -> None:
        table.on_close = self._closed
        self.tables[table.id] = table
        self.tasks[table.id] = asyncio.create_task(table.run(), name=f"table-{table.id}")

    def _closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self.tasks.pop(table.id, None)
        for stream in table.streams.values():
            for sub in list(stream.subs):
                sub.close(Close.TABLE_CLOSED, "no one said ready in time: the table closed unplayed"
                          if table.status == "abandoned" else "the table has closed; its record stays available")

    # -- requests ------------------------------------------------------------------------------------------

    async def create(self, req: CreateTable) -> tuple[Table, dict[int, str]]:
        """A new table; returns it with the token of each "human" seat."""
        try:
            game = games.get_game(req.game)
        except ValueError as e:
            raise LobbyError(str(e)) from None
        n, lo, hi = len(req.seats), game.info.min_seats, game.info.max_seats
        if not lo <= n <= hi:
            raise LobbyError(f"{game.info.name} is for {lo if lo == hi else f'{lo} to {hi}'} seats, not {n}")
        seat_list, tokens = [], {}
        for i, spec in enumerate(req.seats):
            if spec.kind == "bot":
                playable = levels_for(game)
                level = spec.level or strongest_for(game)  # no level given: the strongest bot for this game
                if level not in playable:
                    raise LobbyError(f"seat {i}: a {game.info.name} bot is one of: {', '.join(playable)}")
                seat_list.append(Seat(i, clean_name(spec.name) or f"{level} bot", "bot", level=level))
                continue
            if spec.level is not None:
                raise LobbyError(f"seat {i}: only a bot seat has a level")
            seat = Seat(i, clean_name(spec.name) or f"player {i + 1}", spec.kind)
            if spec.kind == "human":
                tokens[i] = new_token()
                seat.token_hash = hash_token(tokens[i])
            seat_list.append(seat)
        seed = fair.new_seed()
        rec_seats = [{"name": s.name, "bot": s.kind == "bot", "level": s.level} for s in seat_list]
        try:
            options = checked_options(game, req.options, rec_seats, seed)
        except OptionError as e:
            raise LobbyError(f"bad options for {game.info.id}: {e}") from None
        now = self.settings.clock.now()
        table = Table(secrets.token_urlsafe(9), game, options, seat_list, seed, self.store, self.settings.clock,
                      self.settings.table, now)
        row = {"id": table.id, "game": game.info.id, "rules": game.rules_version, "options": json.dumps(options),
               "seed": seed.hex(), "commitment": table.commitment, "status": "waiting", "created_at": now}
        seat_rows = [{"table_id": table.id, "seat": s.index, "name": s.name, "kind": s.kind, "level": s.level,
                      "token_hash": s.token_hash, "ready": False, "client_seed": ""} for s in seat_list]
        await self.store.create_table(row, seat_rows)
        self._launch(table)
        return table, tokens

    async def join(self, table_id: str, name: str | None) -> tuple[int, str]:
        table = self.tables.get(table_id)
        if table is None:
            raise LobbyError("no such table, or it has ended", 404)
        reply: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()
        table.post(Join(clean_name(name) or None, reply))
        try:
            return await asyncio.wait_for(reply, 30)
        except LookupError as e:
            raise LobbyError(str(e), 409) from None
        except TimeoutError:
            raise LobbyError("the table did not answer: try again", 503) from None

    def listing(self, status: str | None) -> list[dict[str, Any]]:
        """Live tables: by default those with a seat anyone may join; or all of one status, to watch."""
        if status is None:
            chosen = [t for t in self.tables.values() if t.has_open_seat()]
        else:
            chosen = [t for t in self.tables.values() if t.status == status]
        chosen.sort(key=lambda t: t.created_at, reverse=True)
        return [t.summary() for t in chosen[:200]]

    async def summary(self, table_id: str) -> dict[str, Any] | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table.summary()
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        row = stored.row
        record = json.loads(row["record"]) if row["record"] else None
        return {"id": row["id"], "game": row["game"], "status": row["status"], "created": row["created_at"],
                "commitment": row["commitment"],
                "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"], "bot": s["kind"] == "bot",
                           "level": s["level"], "taken": s["kind"] == "bot" or s["token_hash"] is not None,
                           "connected": False, "ready": bool(s["ready"]) or s["kind"] == "bot"}
                          for s in stored.seats],
                "moves": len(record["moves"]) if record else None,
                "result": None if record is None else record["result"]}

    async def finished(self, table_id: str) -> Finished | None:
        """An ended table that is no longer live, rebuilt from the database; None if there is no such one."""
        done = self.finished_cache.get(table_id)
        if done is not None:
            self.finished_cache.move_to_end(table_id)
            return done
        stored = await self.store.load(table_id, with_moves=True)
        if stored is None or stored.row["status"] != "ended":
            return None
        table = self._build(stored)
        client_seeds = json.loads(stored.row["client_seeds"] or "[]")

        def rebuild() -> Finished:  # a whole game's replay: off the event loop
            table.restore("ended", client_seeds, stored.moves)
            keys: list[int | None] = [s.index for s in table.seats]
            return Finished([s.token_hash for s in table.seats],
                            {k: present.snapshot(table, k, resumed=False) for k in [*keys, None]})

        try:
            done = await asyncio.to_thread(rebuild)
        except Exception:  # e.g. the rules changed under a stored game: its record still answers
            log.exception("table %s: the ended game could not be rebuilt", table_id)
            return None
        self.finished_cache[table_id] = done
        if len(self.finished_cache) > 64:
            self.finished_cache.popitem(last=False)
        return done

    async def record(self, table_id: str) -> dict[str, Any] | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table.public_record()
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        if stored.row["record"]:
            rec: dict[str, Any] = json.loads(stored.row["record"])
            return rec
        # a table the database has but this server could not bring back: its header only
        row = stored.row
        return {"format": "moontable-record/1", "game": row["game"], "rules": row["rules"],
                "options": json.loads(row["options"]),
                "seats": [{"name": s["name"], "bot": s["kind"] == "bot", "level": s["level"]} for s in stored.seats],
                "commitment": row["commitment"], "client_seeds": json.loads(row["client_seeds"] or "[]"),
                "result": None}
