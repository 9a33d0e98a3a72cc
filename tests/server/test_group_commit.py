"""The store's group commit: the moves of many tables that arrive together are one transaction and one
statement, and every one of them is there after a restart (SQLite and PostgreSQL: the `db` fixture)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from harness import db_url, run
from sqlalchemy import event

from moontable.server.store import Store


def _table(i: int) -> dict[str, Any]:
    return {"id": f"t{i}", "game": "courts", "rules": "courts/1", "options": "{}", "seed": "ab" * 16,
            "commitment": "cd" * 16, "status": "playing", "created_at": float(i)}


def _seat(i: int, seat: int) -> dict[str, Any]:
    return {"table_id": f"t{i}", "seat": seat, "name": f"P{seat}", "kind": "human", "ready": True,
            "client_seed": ""}


def test_a_group_commit_of_many_tables_moves_is_one_statement_and_all_of_them_survive_a_restart(
        db: str | Path) -> None:
    url = db_url(db)

    async def main() -> None:
        store = Store(url)
        await store.open()
        statements: list[tuple[str, int]] = []

        def seen(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
            # rows: an executemany's parameter sets, or the VALUES of one INSERT (SQLite's moves: store.py)
            rows = len(params) if many else statement.partition(" VALUES ")[2].count("(") or 1
            statements.append((statement.split("(")[0].strip(), rows))

        try:
            for i in range(5):
                await store.create_table(_table(i), [_seat(i, 0), _seat(i, 1)])
            for n in (1, 2):  # two moves at every table before the group that is checked
                await asyncio.gather(*(store.moved(f"t{i}", n, n % 2, ["play", n, i], False, 10.0 + n, None)
                                       for i in range(5)))
            event.listen(store.writer, "before_cursor_execute", seen)
            commits = store.commits
            # one loop turn: moves of five tables, a seat's change and a game's end among them
            await asyncio.gather(
                store.moved("t0", 3, 1, ["play", 3, 0], False, 13.0, None),
                store.seat_changed("t1", 0, {"name": "Ann"}),
                store.moved("t1", 3, 1, ["play", 3, 1], True, 13.0, None),
                store.moved("t2", 3, 1, ["play", 3, 2], False, 13.0, {"result": {"winner": 1}, "moves": []}),
                store.moved("t3", 3, 1, ["play", 3, 3], False, 13.0, None, bot="good"),
                store.moved("t4", 3, 1, ["play", 3, 4], False, 13.0, None),
            )
            event.remove(store.writer, "before_cursor_execute", seen)
            assert store.commits == commits + 1, "the six writes were one transaction"
            inserts = [(s, rows) for s, rows in statements if s.startswith("INSERT INTO moves")]
            assert inserts == [("INSERT INTO moves", 5)], statements  # the five moves: one statement
        finally:
            await store.close()

        again = Store(url)  # a restart: a new process on the same database
        await again.open()
        try:
            back = {t.row["id"]: t for t in await again.unfinished()}
            assert sorted(back) == ["t0", "t1", "t3", "t4"], "t2's game ended in the group"
            for i in (0, 1, 3, 4):
                assert [(seat, action) for seat, action, _, _ in back[f"t{i}"].moves] == [
                    (1, ["play", 1, i]), (0, ["play", 2, i]), (1, ["play", 3, i])]
            assert back["t1"].moves[-1][2] is True and back["t3"].moves[-1][3] == "good"
            assert back["t1"].seats[0]["name"] == "Ann"
            ended = await again.load("t2", with_moves=True)
            assert ended is not None and ended.row["status"] == "ended" and len(ended.moves) == 3
        finally:
            await again.close()

    run(main())


def test_a_commit_that_waits_on_the_disk_is_noted_with_its_wall_time_and_its_cpu(tmp_path: Path) -> None:
    """bench/load.py reports the commits that held their moves over 50 ms: the store notes them, with the CPU
    they took, so that a wait on the disk (much wall time, little CPU) can be told from work."""
    import time

    async def main() -> None:
        store = Store(f"sqlite:///{tmp_path / 'slow.db'}")
        await store.open()
        try:
            await store.create_table(_table(0), [_seat(0, 0), _seat(0, 1)])
            assert store.slow_commits == []  # a commit of a table is quick
            event.listen(store.writer, "commit", lambda conn: time.sleep(0.08))  # a disk that stalls
            await store.moved("t0", 1, 0, ["play", 1, 0], False, 11.0, None)
            (wall, cpu), = store.slow_commits
            assert wall >= 0.08 and cpu < wall / 2
        finally:
            await store.close()

    run(main())


def test_the_wal_goes_back_into_the_database_file_off_the_commit_path(tmp_path: Path) -> None:
    """No commit copies SQLite's WAL into the file (it held that commit's moves for up to 150 ms): the store's
    own thread does, every second, so the file alone holds the moves soon after they are acked."""
    import shutil
    import sqlite3

    import moontable.server.store as store_module

    path = tmp_path / "wal.db"

    async def main() -> None:
        store = Store(f"sqlite:///{path}")
        await store.open()
        try:
            with store.writer.connect() as conn:  # the commits' own connection: it never checkpoints
                assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
            await store.create_table(_table(0), [_seat(0, 0), _seat(0, 1)])
            await store.moved("t0", 1, 0, ["play", 1, 0], False, 11.0, None)
            await asyncio.sleep(store_module.CHECKPOINT_EVERY * 1.5)
            assert store.checkpoints >= 1
            shutil.copy(path, tmp_path / "file-alone.db")  # the file without its WAL
        finally:
            await store.close()

    run(main())
    alone = sqlite3.connect(tmp_path / "file-alone.db")
    assert alone.execute("SELECT seat, action FROM moves").fetchall() == [(0, '["play",1,0]')]
