"""Persistence: SQLAlchemy 2 Core, async — aiosqlite by default, asyncpg for PostgreSQL, one code path.

Every write goes through one writer task that commits in groups: while one transaction is being
committed, the writes of every table queue up, and the next transaction takes them all (its moves, of
every table, in one executemany: one statement a group, not one a move). A caller's
`await` returns only once its write has committed, so a table acknowledges nothing that could be
lost. If a group fails, its writes are retried one by one, so one bad write fails alone.

Schema:
  tables  one row per table: game, options, the secret seed (server-side only), its commitment,
          status (waiting | playing | ended | abandoned), client seeds, result, and the full record once ended
  seats   one row per seat: name, kind (human | open | bot), bot level, the SHA-256 of its token,
          ready, client seed, and the author of the program that plays it (moontable.client), if one does
  moves   one row per move: (table_id, n) -> seat, action (JSON), auto, bot (the level of a bot that played
          it for an absent player), time, and the time left on each open decision once it was made (clocks,
          JSON: what a process that takes the table over after a crash resumes the clocks from)
  matches one row per match of several games (Blue Moon to five crystals): its plan and how far it has come
          (JSON), status (playing | ended | abandoned), the match record once ended; each of its games is a table
          (tables.match_id), whose own record verifies on its own
  accounts a claimed name: its key (the name casefolded), the name as written, the argon2 hash of its password
  ratings  one row per (game, player): the player's OpenSkill rating (mu, sigma) in that game and games rated;
           a player is an account's key or "bot:<level>" (server/ratings.py)
  rating_changes  one row per seat of a rated game once it is rated: the rating before and after
  keys     the server's own secrets by name (the key that signs session cookies), made at the first start
  leases   one row per table some process of a cluster has owned: the owner (a process id made at its start),
           where it serves (host:port, for the others to forward to), the fencing token (grows by one at each
           takeover) and when the lease runs out unless renewed (server/lease.py)
Fencing: a cluster's process writes a table's rows only in a transaction that first checks the table's lease
still has the token it took (`fences`); a process that lost the lease gets LeaseLost and nothing is written.

A seat of a signed-in player names its account (seats.account); a table says whether it is rated
(tables.rated) and which table its rematch is at (tables.rematch). A table stopped mid-game keeps the time left on
its open decisions (tables.clocks) for the process that brings it back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

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
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

__all__ = ["LeaseLost", "Store", "StoredTable", "async_url", "leases", "metadata", "upsert"]

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
    Column("match_id", String(32), index=True),  # the match this game is one of, if any
    Column("rated", Boolean),  # null or false: a casual table
    Column("rematch", String(32)),  # the table its rematch is played at, once asked for
    # the time left on each open decision when its last process let the table go (JSON: see clocks_left)
    Column("clocks", Text),
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
    Column("account", String(64), index=True),  # the key of the signed-in player who sits here, if any
    Column("author", String(64)),  # a program plays this seat (moontable.client), written by `author`
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
    Column("clocks", Text),  # {seat: seconds} left on each decision open once this move was made
)
matches = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("state", Text, nullable=False),  # the plan, the seats, the games so far and their tables (JSON)
    Column("status", String(16), nullable=False, index=True),
    Column("record", Text),
    Column("created_at", Float, nullable=False),
)

accounts = Table(
    "accounts", metadata,
    Column("key", String(64), primary_key=True),  # the name casefolded: "Ann" and "ann" are one name
    Column("name", String(64), nullable=False),
    Column("password_hash", String(256), nullable=False),
    Column("created_at", Float, nullable=False),
)
ratings = Table(
    "ratings", metadata,
    Column("game", String(32), primary_key=True),
    Column("player", String(64), primary_key=True),  # an account's key, or "bot:<level>"
    Column("name", String(64), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)
rating_changes = Table(
    "rating_changes", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("game", String(32), nullable=False),
    Column("player", String(64), nullable=False, index=True),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
)
keys = Table(
    "keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(256), nullable=False),
)
leases = Table(
    "leases", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(64), nullable=False, index=True),
    Column("address", String(128), nullable=False),  # host:port the owner serves the table at
    Column("token", Integer, nullable=False),  # the fencing token: one more at every takeover
    Column("expires", Float, nullable=False),  # wall-clock time; renewed by the owner well before
)


class LeaseLost(Exception):
    """A write for a table whose lease this process no longer holds: refused, nothing written."""


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
    checked: bool = False  # the key must find its row (else Moved, and a rollback): a compare-and-set


class Moved(Exception):
    """A compare-and-set found its row changed by someone else (another process moved a match on first)."""


@dataclass(slots=True)
class _Delete:
    table: Table
    key: dict[str, Any]


@dataclass(slots=True)
class _Fence:
    """Checked first in the transaction: the table's lease still has `token` (else LeaseLost, and a rollback)."""
    table_id: str
    token: int


_Op = _Insert | _Update | _Delete | _Fence


def _table_of(op: _Op) -> str | None:
    """The live table a write belongs to (None: not one table's, e.g. an account or a match)."""
    if isinstance(op, _Fence):
        return op.table_id
    if op.table is tables:
        return op.row["id"] if isinstance(op, _Insert) else op.key.get("id")
    if op.table is seats or op.table is moves or op.table is leases:
        return op.row["table_id"] if isinstance(op, _Insert) else op.key.get("table_id")
    return None


@dataclass(slots=True)
class StoredTable:
    row: dict[str, Any]
    seats: list[dict[str, Any]]
    moves: list[tuple[int, list[Any], bool, str | None]] = field(default_factory=list)
    # the clocks as the last move left them ({"n", "at", "left", "running": True}; None: no move, or none saved)
    last_clocks: dict[str, Any] | None = None


SLOW_COMMIT = 0.05  # seconds
CHECKPOINT_EVERY = 1.0  # seconds between SQLite's checkpoints (Store._checkpoint_loop)
_T = TypeVar("_T")


class Store:
    """The database, and the one task that writes to it."""

    def __init__(self, url: str, batch_window: float = 0.0, max_batch: int = 2000) -> None:
        self.url = async_url(url)
        self.batch_window = batch_window  # wait this long for more writes before committing (0: no wait)
        self.max_batch = max_batch
        self.engine = create_async_engine(self.url)
        # the engine of transactions that write (`transaction`): on SQLite they take the write lock at their
        # BEGIN, so what they read (the leases renewed) is read under it (_sqlite_begin)
        self._writing = self.engine.execution_options(moontable_writes=True)
        # SQLite's group commits are written by a sync engine in a thread of their own, a whole group in one
        # hop to that thread: aiosqlite's thread is woken for every call (a cursor, a statement, the commit,
        # the pool's rollback), which cost the server about 600 µs of CPU a commit (docs/server-profile.md).
        # PostgreSQL's driver is asyncio's own (no thread): the same writes, through the async engine.
        self._sync: Engine | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._checkpointer: ThreadPoolExecutor | None = None
        self._checkpointing: asyncio.Task[None] | None = None
        self._checkpoint_conn: sqlite3.Connection | None = None
        self._file: str | None = None
        self.checkpoints = 0
        if self.url.startswith("sqlite"):
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            event.listen(self.engine.sync_engine, "begin", _sqlite_begin)
            if ":memory:" not in self.url and self.url.partition("://")[2] not in ("", "/"):  # a file: shared
                self._sync = create_engine(self.url.replace("+aiosqlite", "+pysqlite", 1),
                                           execution_options={"moontable_writes": True})
                event.listen(self._sync, "connect", _sqlite_pragmas)
                event.listen(self._sync, "begin", _sqlite_begin)
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="moontable-store")
                # the WAL goes back into the file in a thread of its own, not in the commit that filled it
                event.listen(self.engine.sync_engine, "connect", _no_autocheckpoint)
                event.listen(self._sync, "connect", _no_autocheckpoint)
                self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="moontable-checkpoint")
                self._file = make_url(self.url).database
        self._queue: asyncio.Queue[tuple[list[_Op], asyncio.Future[None]] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0
        self.writes = 0
        self.write_cpu = 0.0  # CPU seconds of the writer's thread in its commits (SQLite: bench/load.py shows it)
        # SQLite's commits that took over SLOW_COMMIT seconds of wall-clock time, as (wall, CPU): one that
        # waited on the disk (its fsync) holds every move in it that long (bench/load.py shows them)
        self.slow_commits: list[tuple[float, float]] = []
        # In a cluster (server/lease.py), the token of each table this process holds the lease of; every write
        # of a table's rows is fenced by it, and a table not in it cannot be written at all.
        self.fences: dict[str, int] | None = None

    async def open(self) -> None:
        async with self._writing.begin() as conn:
            if conn.dialect.name == "postgresql":  # processes of a cluster starting at once make the schema once
                await conn.execute(text("SELECT pg_advisory_xact_lock(7404170)"))
            await conn.run_sync(metadata.create_all)
            await conn.run_sync(_add_missing_columns)
        self._writer = asyncio.create_task(self._write_loop())
        if self._checkpointer is not None:
            self._checkpointing = asyncio.create_task(self._checkpoint_loop())

    async def flush(self) -> None:
        """Commit what is queued and stop writing."""
        if self._writer is not None:
            self._queue.put_nowait(None)
            await self._writer
            self._writer = None

    @property
    def writer(self) -> Engine:
        """The engine the group commits go through (its events show what they run)."""
        return self._sync if self._sync is not None else self.engine.sync_engine

    async def transaction(self, work: Callable[[AsyncConnection], Awaitable[_T]]) -> _T:
        """`work(conn)` in one writing transaction that is never cut off half-way: a caller cancelled meanwhile
        (a stop) waits for it to end. On SQLite a transaction cancelled while its BEGIN waited for the write lock
        could get the lock after its caller had gone, and hold it with no one left to let it go (test_leases'
        SQLite cases: "database is locked" at the next process's writes)."""
        async def run() -> _T:
            async with self._writing.begin() as conn:
                return await work(conn)

        done = asyncio.ensure_future(run())
        try:
            return await asyncio.shield(done)
        except asyncio.CancelledError:
            await asyncio.gather(done, return_exceptions=True)
            raise

    async def close(self) -> None:
        """Commit what is queued, then let go of the database."""
        await self.flush()
        if self._checkpointing is not None and self._checkpointer is not None:
            self._checkpointing.cancel()
            await asyncio.gather(self._checkpointing, return_exceptions=True)
            self._checkpointing = None
            await asyncio.get_running_loop().run_in_executor(self._checkpointer, self._checkpoint_close)
            self._checkpointer.shutdown()
        if self._sync is not None and self._thread is not None:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._sync.dispose)  # in its thread
            self._thread.shutdown()
        await self.engine.dispose()

    async def _checkpoint_loop(self) -> None:
        """SQLite's WAL copied back into the database file every CHECKPOINT_EVERY seconds, in a thread of its
        own. Left to SQLite, the commit that fills the WAL to 1,000 pages does it: at 1,000 tables that was a
        commit every two seconds taking 100-150 ms (most of it the copy's CPU), holding its moves' acks and
        every move queued behind it (bench/load.py's slow commits). A passive checkpoint takes no lock a
        writer waits for."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await loop.run_in_executor(self._checkpointer, self._checkpoint_sync)
            except sqlite3.Error as e:  # the next one tries again; the WAL only grows meanwhile
                log.warning("a checkpoint failed: %s", e)

    def _checkpoint_sync(self) -> None:
        if self._checkpoint_conn is None:
            assert self._file is not None
            self._checkpoint_conn = sqlite3.connect(self._file, isolation_level=None, check_same_thread=False)
        self._checkpoint_conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        self.checkpoints += 1

    def _checkpoint_close(self) -> None:
        if self._checkpoint_conn is not None:
            self._checkpoint_conn.close()
            self._checkpoint_conn = None

    # -- writing -------------------------------------------------------------------------------------------

    async def _submit(self, *ops: _Op) -> None:
        if self._writer is None or self._writer.done():
            raise RuntimeError("the store is closed")
        if self.fences is not None:
            ops = (*self._fenced(ops), *ops)
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((list(ops), fut))
        await fut

    def _fenced(self, ops: tuple[_Op, ...]) -> list[_Op]:
        """The lease checks that go first: one for each table the writes touch (a new table's lease is among
        its writes: see `create_table`)."""
        assert self.fences is not None
        out: list[_Op] = []
        new = {op.row["table_id"] for op in ops if isinstance(op, _Insert) and op.table is leases}
        for table_id in dict.fromkeys(t for t in map(_table_of, ops) if t is not None and t not in new):
            token = self.fences.get(table_id)
            if token is None:
                raise LeaseLost(f"table {table_id}: this process does not hold its lease")
            out.append(_Fence(table_id, token))
        return out

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

    async def _commit(self, batch: list[tuple[list[_Op], asyncio.Future[None]]]) -> None:
        ops = [op for ops, _ in batch for op in ops]
        fences = sorted({(op.table_id, op.token) for op in ops if isinstance(op, _Fence)})
        if fences:  # every lease row locked first and in one order (as Leases.renew does): no deadlock
            ops = [_Fence(t, k) for t, k in fences] + [op for op in ops if not isinstance(op, _Fence)]
        try:
            if self._sync is not None:
                await asyncio.get_running_loop().run_in_executor(self._thread, self._commit_sync, ops)
            else:
                await self.transaction(lambda conn: conn.run_sync(_execute, ops))
        except Exception as e:
            if len(batch) > 1:
                for item in batch:  # find the one that fails; the others commit
                    await self._commit([item])
                return
            # the caller says what it means (a lost race retried, a move refused, a rating given up on): here
            # only which write it was, not as an error of its own
            log.log(logging.INFO if isinstance(e, Moved) else logging.WARNING, "a write failed: %s", e)
            if not batch[0][1].done():
                batch[0][1].set_exception(e)
            return
        self.commits += 1
        self.writes += len(batch)
        for _, fut in batch:
            if not fut.done():
                fut.set_result(None)

    def _commit_sync(self, ops: list[_Op]) -> None:
        assert self._sync is not None
        start, began = time.thread_time(), time.perf_counter()
        try:
            with self._sync.begin() as conn:
                _execute(conn, ops)
        finally:
            cpu, wall = time.thread_time() - start, time.perf_counter() - began
            self.write_cpu += cpu
            if wall > SLOW_COMMIT and len(self.slow_commits) < 10_000:
                self.slow_commits.append((wall, cpu))

    async def create_table(self, row: dict[str, Any], seat_rows: list[dict[str, Any]],
                           match: dict[str, Any] | None = None, new_match: bool = False, match_was: str | None = None,
                           lease: dict[str, Any] | None = None) -> None:
        """A new table; with `match` (a matches row) the match it is a game of is written in the same
        transaction: inserted (`new_match`) or brought up to date; with `lease` (a leases row, in a cluster)
        the table is this process's from its first write."""
        ops: list[_Op] = []
        if match is not None:
            ops.append(_Insert(matches, match) if new_match else _match_update(match, match_was))
        if lease is not None:
            ops.append(_Insert(leases, lease))
        await self._submit(*ops, _Insert(tables, row), *(_Insert(seats, s) for s in seat_rows))
        if lease is not None and self.fences is not None:
            self.fences[row["id"]] = lease["token"]

    async def match_changed(self, match_id: str, values: dict[str, Any], was: str | None = None) -> None:
        """`was`: the match's state as this process last wrote or read it; if the row's is another now (another
        process moved the match on), Moved is raised and nothing is written."""
        await self._submit(_match_update({"id": match_id, **values}, was))

    async def options_changed(self, table_id: str, options: dict[str, Any]) -> None:
        """A waiting table's options (a seat's decks, before the game starts)."""
        await self._submit(_Update(tables, {"id": table_id}, {"options": _dumps(options)}))

    async def seat_changed(self, table_id: str, seat: int, fields: dict[str, Any]) -> None:
        await self._submit(_Update(seats, {"table_id": table_id, "seat": seat}, fields))

    async def started(self, table_id: str, client_seeds: list[str], at: float) -> None:
        values = {"status": "playing", "client_seeds": _dumps(client_seeds), "started_at": at}
        await self._submit(_Update(tables, {"id": table_id}, values))

    async def abandoned(self, table_id: str, at: float) -> None:
        await self._submit(_Update(tables, {"id": table_id}, {"status": "abandoned", "ended_at": at}))

    async def moved(self, table_id: str, n: int, seat: int, action: list[Any], auto: bool, at: float,
                    final: dict[str, Any] | None, bot: str | None = None,
                    clocks: dict[int, float] | None = None) -> None:
        """Move `n`; `clocks`: the seconds left on each decision open once it is made (kept in its row)."""
        left = None if clocks is None else _dumps({str(s): round(t, 3) for s, t in clocks.items()})
        ops: list[_Op] = [
            _Insert(moves, {"table_id": table_id, "n": n, "seat": seat, "action": _dumps(action), "auto": auto,
                            "bot": bot, "at": at, "clocks": left})]
        if final is not None:  # the last move and the end are one transaction
            ops.append(_Update(tables, {"id": table_id}, {"status": "ended", "result": _dumps(final["result"]),
                                                          "record": _dumps(final), "ended_at": at}))
        await self._submit(*ops)

    async def undone(self, table_id: str, n: int) -> None:
        """Move `n` was taken back: forget it, so that a restart does not bring it back."""
        await self._submit(_Delete(moves, {"table_id": table_id, "n": n}))

    async def clocks_left(self, table_id: str, n: int, left: dict[int, float], at: float | None = None,
                          running: bool = False) -> None:
        """After move `n`, at `at`, each seat's open decision had `left` seconds: a restart or a takeover after
        that same move gives the decisions that time again (Table.restore). `running`: the clocks went on
        running from then (a table just brought back), else they stood still (a clean stop)."""
        value = _dumps({"n": n, "at": at, "running": running, "left": {str(seat): t for seat, t in left.items()}})
        await self._submit(_Update(tables, {"id": table_id}, {"clocks": value}))

    async def claim(self, row: dict[str, Any]) -> None:
        """A new account (IntegrityError if its name was claimed first)."""
        await self._submit(_Insert(accounts, row))

    async def rated(self, ops: list[_Op]) -> None:
        """A rated game's new ratings and each seat's change, in one transaction (server/ratings.py)."""
        await self._submit(*ops)

    async def rematch_made(self, table_id: str, rematch_id: str) -> None:
        await self._submit(_Update(tables, {"id": table_id}, {"rematch": rematch_id}))

    async def key(self, name: str, make: Any) -> str:
        """The server secret `name`, made by `make()` and stored the first time it is asked for."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(keys.c.value).where(keys.c.name == name))).first()
        if row is not None:
            return str(row[0])
        value = str(make())
        try:
            await self._submit(_Insert(keys, {"name": name, "value": value}))
        except Exception:  # another process made it first: theirs stands
            async with self.engine.connect() as conn:
                return str((await conn.execute(select(keys.c.value).where(keys.c.name == name))).scalar_one())
        return value

    async def query(self, statement: Any) -> list[dict[str, Any]]:
        """Rows of a read-only select (accounts, ratings, a player's games)."""
        async with self.engine.connect() as conn:
            return [dict(r) for r in (await conn.execute(statement)).mappings().all()]

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

    async def listing(self, status: str | None, limit: int = 200) -> list[tuple[StoredTable, int]]:
        """The newest `limit` tables of `status` (None: waiting or in play with a seat anyone may take), each with
        its seats and how many moves it has: the lobby's lists as the database has them, the same from every
        process of a cluster."""
        if status is None:
            open_seat = select(seats.c.table_id).where(seats.c.kind == "open", seats.c.token_hash.is_(None))
            where = [tables.c.status.in_(("waiting", "playing")), tables.c.id.in_(open_seat)]
        else:
            where = [tables.c.status == status]
        shown = [c for c in tables.c if c.name not in ("seed", "record", "options", "client_seeds", "clocks")]
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(*shown).where(*where).order_by(tables.c.created_at.desc())
                                       .limit(limit))).mappings().all()
            ids = [r["id"] for r in rows]
            if not ids:
                return []
            by_table: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            for s in (await conn.execute(select(seats).where(seats.c.table_id.in_(ids))
                                         .order_by(seats.c.table_id, seats.c.seat))).mappings():
                by_table[s["table_id"]].append(dict(s))
            counts = dict((await conn.execute(select(moves.c.table_id, func.count()).where(moves.c.table_id.in_(ids))
                                              .group_by(moves.c.table_id))).all())
        return [(StoredTable(dict(r), by_table[r["id"]]), int(counts.get(r["id"], 0))) for r in rows]

    async def unfinished_matches(self, between_games: bool = False) -> list[dict[str, Any]]:
        """The matches in play; `between_games`: only those with no game live now (none waiting or playing),
        which is where one left by a process that died is (Matches.stalled), without reading every match."""
        query = select(matches).where(matches.c.status == "playing")
        if between_games:
            live = select(tables.c.id).where(tables.c.match_id == matches.c.id,
                                             tables.c.status.in_(("waiting", "playing")))
            query = query.where(~live.exists())
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query.order_by(matches.c.created_at))).mappings().all()
        return [dict(r) for r in rows]

    async def load_match(self, match_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(matches).where(matches.c.id == match_id))).mappings().first()
        return None if row is None else dict(row)

    async def load(self, table_id: str, with_moves: bool = False) -> StoredTable | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(tables).where(tables.c.id == table_id))).mappings().first()
            return None if row is None else await self._load(conn, dict(row), with_moves=with_moves)

    async def _load(self, conn: AsyncConnection, row: dict[str, Any], with_moves: bool) -> StoredTable:
        seat_rows = (await conn.execute(select(seats).where(seats.c.table_id == row["id"])
                                        .order_by(seats.c.seat))).mappings().all()
        stored = StoredTable(row, [dict(s) for s in seat_rows])
        if with_moves:
            result = (await conn.execute(select(moves.c.seat, moves.c.action, moves.c.auto, moves.c.bot, moves.c.at,
                                                moves.c.clocks)
                                         .where(moves.c.table_id == row["id"]).order_by(moves.c.n))).all()
            stored.moves = [(seat, json.loads(action), bool(auto), bot) for seat, action, auto, bot, _, _ in result]
            if result and result[-1].clocks is not None:
                stored.last_clocks = {"n": len(result), "at": result[-1].at, "running": True,
                                      "left": json.loads(result[-1].clocks)}
        return stored


# Columns added after the first release, with the DDL that adds each to a database made before it.
_ADDED_COLUMNS = ((moves, "bot", "VARCHAR(32)"), (tables, "match_id", "VARCHAR(32)"), (tables, "rated", "BOOLEAN"),
                  (tables, "rematch", "VARCHAR(32)"), (seats, "account", "VARCHAR(64)"),
                  (tables, "clocks", "TEXT"), (moves, "clocks", "TEXT"), (seats, "author", "VARCHAR(64)"))


def _add_missing_columns(conn: Connection) -> None:
    """Bring an older database up to the schema: add the columns it lacks (existing rows read as null)."""
    for table, name, ddl in _ADDED_COLUMNS:
        have = {c["name"] for c in inspect(conn).get_columns(table.name)}
        if name not in have:
            conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {name} {ddl}"))
            log.info("database: added column %s.%s", table.name, name)


def upsert(table: Table, key: dict[str, Any], values: dict[str, Any], exists: bool,
           was: dict[str, Any] | None = None) -> _Op:
    """The write that makes the row `key` hold `values`: an update if it `exists`, else an insert. With `was`
    (some of the row's columns as they were read) the update is made only if they still are, else Moved is
    raised and nothing is written (a compare-and-set); an insert of a row made meanwhile is an IntegrityError."""
    if not exists:
        return _Insert(table, {**key, **values})
    return _Update(table, key if was is None else {**key, **was}, values, checked=was is not None)


def _execute(conn: Connection, ops: list[_Op]) -> None:
    """Run the writes in order, but the moves: every move of the group goes in one executemany, last (a
    move's row is needed by none of the group's other writes, and its table's row was written by an earlier
    commit, since a table sends its next write only once its last has committed). Any other run of inserts
    into one table goes as one executemany too."""
    played = [op.row for op in ops if isinstance(op, _Insert) and op.table is moves]
    if played:
        ops = [op for op in ops if not (isinstance(op, _Insert) and op.table is moves)]
    i = 0
    while i < len(ops):
        op = ops[i]
        if isinstance(op, _Fence):
            # an update that changes nothing, but locks the lease row (a takeover waits for this transaction,
            # or this one sees the takeover's token and fails): the check and the writes are one transaction
            held = conn.execute(leases.update().where(leases.c.table_id == op.table_id,
                                                            leases.c.token == op.token)
                                      .values(token=leases.c.token))
            if held.rowcount != 1:
                raise LeaseLost(f"table {op.table_id}: its lease was taken over (token {op.token} is stale)")
            i += 1
            continue
        if isinstance(op, _Insert):
            j = i
            while j < len(ops) and isinstance(ops[j], _Insert) and ops[j].table is op.table:
                j += 1
            conn.execute(op.table.insert(), [o.row for o in ops[i:j]])  # type: ignore[union-attr]
            i = j
            continue
        where = [op.table.c[k] == v for k, v in op.key.items()]
        if isinstance(op, _Delete):
            conn.execute(op.table.delete().where(*where))
        else:
            done = conn.execute(op.table.update().where(*where).values(**op.values))
            if op.checked and done.rowcount != 1:
                raise Moved(f"{op.table.name} {op.key.get('id')}: changed by another process since it was read")
        i += 1
    if played:
        _insert_moves(conn, played)


_MOVE_COLUMNS = tuple(c.name for c in moves.c)
_ROWS_A_STATEMENT = 200  # 1,600 parameters: far under SQLite's limit of 32,766 (since 3.32; 999 before)
_MOVES_SQL: dict[int, str] = {}  # rows -> the INSERT of that many


def _insert_moves(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """A group's moves. On SQLite as one INSERT of many rows, not an executemany: the driver lets go of the
    interpreter's lock for every statement it steps, and a thread waits up to the switch interval (5 ms) to
    get it back from a busy event loop, so a group of 36 moves took 141 ms as an executemany against 17 ms
    as one statement, and three times the CPU (bench/gil_commit.py). PostgreSQL's driver sends an executemany
    in one round trip already."""
    if conn.dialect.name != "sqlite":
        conn.execute(moves.insert(), rows)
        return
    for start in range(0, len(rows), _ROWS_A_STATEMENT):
        chunk = rows[start:start + _ROWS_A_STATEMENT]
        sql = _MOVES_SQL.get(len(chunk))
        if sql is None:
            one = "(" + ", ".join("?" * len(_MOVE_COLUMNS)) + ")"
            sql = _MOVES_SQL[len(chunk)] = (f"INSERT INTO moves ({', '.join(_MOVE_COLUMNS)}) VALUES "
                                            + ", ".join([one] * len(chunk)))
        # the columns' values as the driver takes them (text, numbers, None; a bool is an int)
        conn.exec_driver_sql(sql, tuple([row.get(c) for row in chunk for c in _MOVE_COLUMNS]))


def _match_update(match: dict[str, Any], was: str | None) -> _Update:
    """The update of a matches row; with `was`, only if its state is still `was` (a compare-and-set)."""
    key = {"id": match["id"]} if was is None else {"id": match["id"], "state": was}
    return _Update(matches, key, {k: v for k, v in match.items() if k != "id"}, checked=was is not None)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL: readers do not block the writer. synchronous=FULL: a commit is on disk before the ack.
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
    # the driver's own BEGIN comes only before a transaction's first INSERT or UPDATE, so what it read before
    # (Leases.renew's locked rows) was read outside it; the BEGIN is ours instead (_sqlite_begin)
    dbapi_conn.isolation_level = None


def _no_autocheckpoint(dbapi_conn: Any, _record: Any) -> None:
    # a file's WAL is checkpointed by Store._checkpoint_loop, not by whichever commit fills it
    dbapi_conn.execute("PRAGMA wal_autocheckpoint=0")


def _sqlite_begin(conn: Any) -> None:
    # A writing transaction takes SQLite's one write lock at its start (or waits for it there, holding nothing):
    # its reads and its writes are one. A read runs outside any transaction, each statement on its own, as the
    # driver's own way had it (a BEGIN would be one more call to aiosqlite's thread for every read).
    if conn.get_execution_options().get("moontable_writes"):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
