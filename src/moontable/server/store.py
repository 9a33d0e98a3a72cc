"""Persistence: SQLAlchemy 2 Core, async — aiosqlite by default, asyncpg for PostgreSQL, one code path.

Every write goes through one writer task that commits in groups: while one transaction is being
committed, the writes of every table queue up, and the next transaction takes them all. A caller's
`await` returns only once its write has committed, so a table acknowledges nothing that could be
lost. If a group fails, its writes are retried one by one, so one bad write fails alone.

Schema:
  tables  one row per table: game, options, the secret seed (server-side only), its commitment,
          status (waiting | playing | ended | abandoned), client seeds, result, and the full record once ended
  seats   one row per seat: name, kind (human | open | bot), bot level, the SHA-256 of its token,
          ready, client seed
  moves   one row per move: (table_id, n) -> seat, action (JSON), auto, bot (the level of a bot that played
          it for an absent player), time
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import msgspec
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    event,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

__all__ = ["Store", "StoredTable", "async_url", "metadata"]

log = logging.getLogger("moontable.store")
_json = msgspec.json.Encoder()

metadata = MetaData()
tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("rules", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("client_seeds", Text),
    Column("result", Text),
    Column("record", Text),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float),
    Column("ended_at", Float),
)
seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("name", String(64), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("level", String(32)),
    Column("token_hash", String(64)),
    Column("ready", Boolean, nullable=False, default=False),
    Column("client_seed", Text, nullable=False, default=""),
)
moves = Table(
    "moves", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("auto", Boolean, nullable=False),
    Column("bot", String(32)),
    Column("at", Float, nullable=False),
)


def async_url(url: str) -> str:
    """The async driver's URL for `url`: sqlite:///x.db -> sqlite+aiosqlite, postgresql:// -> asyncpg."""
    scheme, sep, rest = url.partition("://")
    base = scheme.split("+")[0].lower()
    if sep and base == "sqlite":
        return "sqlite+aiosqlite://" + rest
    if sep and base in ("postgresql", "postgres"):
        return "postgresql+asyncpg://" + rest
    raise ValueError(f"unsupported database URL {url!r}: use sqlite:///FILE or postgresql://USER@HOST/DB")


def _dumps(value: Any) -> str:
    return _json.encode(value).decode()


@dataclass(slots=True)
class _Insert:
    table: Table
    row: dict[str, Any]


@dataclass(slots=True)
class _Update:
    table: Table
    key: dict[str, Any]
    values: dict[str, Any]


@dataclass(slots=True)
class StoredTable:
    row: dict[str, Any]
    seats: list[dict[str, Any]]
    moves: list[tuple[int, list[Any], bool, str | None]] = field(default_factory=list)


class Store:
    """The database, and the one task that writes to it."""

    def __init__(self, url: str, batch_window: float = 0.0, max_batch: int = 2000) -> None:
        self.url = async_url(url)
        self.batch_window = batch_window  # wait this long for more writes before committing (0: no wait)
        self.max_batch = max_batch
        self.engine = create_async_engine(self.url)
        if self.url.startswith("sqlite"):
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self._queue: asyncio.Queue[tuple[list[_Insert | _Update], asyncio.Future[None]] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0
        self.writes = 0

    async def open(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(metadata.create_all)
            await conn.run_sync(_add_missing_columns)
        self._writer = asyncio.create_task(self._write_loop())

    async def close(self) -> None:
        """Commit what is queued, then let go of the database."""
        if self._writer is not None:
            self._queue.put_nowait(None)
            await self._writer
            self._writer = None
        await self.engine.dispose()

    # -- writing -------------------------------------------------------------------------------------------

    async def _submit(self, *ops: _Insert | _Update) -> None:
        if self._writer is None or self._writer.done():
            raise RuntimeError("the store is closed")
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((list(ops), fut))
        await fut

    async def _write_loop(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            if self.batch_window > 0:
                await asyncio.sleep(self.batch_window)
            batch, stop = [item], False
            while not self._queue.empty() and len(batch) < self.max_batch:
                nxt = self._queue.get_nowait()
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            await self._commit(batch)
            if stop:
                return

    async def _commit(self, batch: list[tuple[list[_Insert | _Update], asyncio.Future[None]]]) -> None:
        try:
            async with self.engine.begin() as conn:
                await _execute(conn, [op for ops, _ in batch for op in ops])
        except Exception as e:
            if len(batch) > 1:
                for item in batch:  # find the one that fails; the others commit
                    await self._commit([item])
                return
            log.error("a write failed: %s", e)
            if not batch[0][1].done():
                batch[0][1].set_exception(e)
            return
        self.commits += 1
        self.writes += len(batch)
        for _, fut in batch:
            if not fut.done():
                fut.set_result(None)

    async def create_table(self, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        await self._submit(_Insert(tables, row), *(_Insert(seats, s) for s in seat_rows))

    async def seat_changed(self, table_id: str, seat: int, fields: dict[str, Any]) -> None:
        await self._submit(_Update(seats, {"table_id": table_id, "seat": seat}, fields))

    async def started(self, table_id: str, client_seeds: list[str], at: float) -> None:
        values = {"status": "playing", "client_seeds": _dumps(client_seeds), "started_at": at}
        await self._submit(_Update(tables, {"id": table_id}, values))

    async def abandoned(self, table_id: str, at: float) -> None:
        await self._submit(_Update(tables, {"id": table_id}, {"status": "abandoned", "ended_at": at}))

    async def moved(self, table_id: str, n: int, seat: int, action: list[Any], auto: bool, at: float,
                    final: dict[str, Any] | None, bot: str | None = None) -> None:
        ops: list[_Insert | _Update] = [
            _Insert(moves, {"table_id": table_id, "n": n, "seat": seat, "action": _dumps(action), "auto": auto,
                            "bot": bot, "at": at})]
        if final is not None:  # the last move and the end are one transaction
            ops.append(_Update(tables, {"id": table_id}, {"status": "ended", "result": _dumps(final["result"]),
                                                          "record": _dumps(final), "ended_at": at}))
        await self._submit(*ops)

    # -- reading -------------------------------------------------------------------------------------------

    async def unfinished(self) -> list[StoredTable]:
        """Every table that has not ended, with its seats and moves in order: what a restart brings back."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(tables).where(tables.c.status.in_(("waiting", "playing")))
                                       .order_by(tables.c.created_at))).mappings().all()
            out = []
            for row in rows:
                out.append(await self._load(conn, dict(row), with_moves=True))
        return out

    async def load(self, table_id: str, with_moves: bool = False) -> StoredTable | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(tables).where(tables.c.id == table_id))).mappings().first()
            return None if row is None else await self._load(conn, dict(row), with_moves=with_moves)

    async def _load(self, conn: AsyncConnection, row: dict[str, Any], with_moves: bool) -> StoredTable:
        seat_rows = (await conn.execute(select(seats).where(seats.c.table_id == row["id"])
                                        .order_by(seats.c.seat))).mappings().all()
        stored = StoredTable(row, [dict(s) for s in seat_rows])
        if with_moves:
            result = await conn.execute(select(moves.c.seat, moves.c.action, moves.c.auto, moves.c.bot)
                                        .where(moves.c.table_id == row["id"]).order_by(moves.c.n))
            stored.moves = [(seat, json.loads(action), bool(auto), bot) for seat, action, auto, bot in result]
        return stored


# Columns added after the first release, with the DDL that adds each to a database made before it.
_ADDED_COLUMNS = ((moves, "bot", "VARCHAR(32)"),)


def _add_missing_columns(conn: Connection) -> None:
    """Bring an older database up to the schema: add the columns it lacks (existing rows read as null)."""
    for table, name, ddl in _ADDED_COLUMNS:
        have = {c["name"] for c in inspect(conn).get_columns(table.name)}
        if name not in have:
            conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {name} {ddl}"))
            log.info("database: added column %s.%s", table.name, name)


async def _execute(conn: AsyncConnection, ops: list[_Insert | _Update]) -> None:
    """Run the writes in order; a run of inserts into one table goes as one executemany."""
    i = 0
    while i < len(ops):
        op = ops[i]
        if isinstance(op, _Insert):
            j = i
            while j < len(ops) and isinstance(ops[j], _Insert) and ops[j].table is op.table:
                j += 1
            await conn.execute(op.table.insert(), [o.row for o in ops[i:j]])  # type: ignore[union-attr]
            i = j
            continue
        where = [op.table.c[k] == v for k, v in op.key.items()]
        await conn.execute(op.table.update().where(*where).values(**op.values))
        i += 1


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL: readers do not block the writer. synchronous=FULL: a commit is on disk before the ack.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
