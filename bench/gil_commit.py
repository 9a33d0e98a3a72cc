"""Why the store writes a group's moves as one INSERT on SQLite: a commit in a thread, beside a busy event loop.

The store commits in a thread of its own (server/store.py) while the event loop's thread runs the tables.
Python's sqlite3 lets go of the interpreter's lock around every statement it steps, and a thread that wants
the lock back waits until the thread holding it is made to give it up: up to the switch interval (5 ms).
An executemany of N rows steps N statements, so it waits up to N times; one INSERT of N rows, once.

This times a commit of --rows moves' rows in a thread, as an executemany and as one statement, first with
the main thread idle, then with it busy (a loop that never waits, as the server's under load): wall-clock
and CPU time of the commit, median and worst of --commits. A fresh SQLite file in WAL mode with
synchronous=FULL, as the store's.

Run: .venv/bin/python bench/gil_commit.py
     .venv/bin/python bench/gil_commit.py --rows 36 --switch 0.0005
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable

COLUMNS = 8  # as the moves table: table, n, seat, action, auto, bot, at, clocks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=36, help="rows a commit (36: a group at 100 tables under load)")
    ap.add_argument("--commits", type=int, default=30, help="commits timed for each way")
    ap.add_argument("--switch", type=float, default=None, help="the interpreter's switch interval, seconds")
    args = ap.parse_args()
    if args.switch is not None:
        sys.setswitchinterval(args.switch)
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite3.connect(os.path.join(folder, "t.db"), isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE moves (t TEXT, n INT, seat INT, action TEXT, auto INT, bot TEXT, at REAL, "
                   "clocks TEXT, PRIMARY KEY (t, n))")
        counter = [0]

        def rows() -> list[tuple[object, ...]]:
            counter[0] += 1
            return [(f"t{i}", counter[0], 0, '["play", 3]', 0, None, 1.0, '{"0": 88.5}') for i in range(args.rows)]

        def many() -> None:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(f"INSERT INTO moves VALUES ({', '.join('?' * COLUMNS)})", rows())
            db.execute("COMMIT")

        def one() -> None:
            values = ", ".join([f"({', '.join('?' * COLUMNS)})"] * args.rows)
            db.execute("BEGIN IMMEDIATE")
            db.execute(f"INSERT INTO moves VALUES {values}", [v for row in rows() for v in row])
            db.execute("COMMIT")

        print(f"a commit of {args.rows} rows in a thread, {args.commits} commits a way, switch interval "
              f"{sys.getswitchinterval() * 1000:g} ms")
        for busy in (False, True):
            stop = threading.Event()
            spinner = threading.Thread(target=_spin, args=(stop,)) if busy else None
            if spinner is not None:
                spinner.start()
            try:
                for name, commit in (("executemany", many), ("one INSERT", one)):
                    wall, cpu = _time(commit, args.commits)
                    print(f"  main thread {'busy' if busy else 'idle'}, {name:11s}: wall median "
                          f"{statistics.median(wall) * 1e3:7.2f} ms, worst {max(wall) * 1e3:7.2f} ms; "
                          f"CPU median {statistics.median(cpu) * 1e3:5.2f} ms")
            finally:
                stop.set()
                if spinner is not None:
                    spinner.join()
        db.close()


def _spin(stop: threading.Event) -> None:
    x = 0
    while not stop.is_set():
        x += 1


def _time(commit: Callable[[], None], n: int) -> tuple[list[float], list[float]]:
    wall: list[float] = []
    cpu: list[float] = []

    def run() -> None:
        for _ in range(n):
            w, c = time.perf_counter(), time.thread_time()
            commit()
            wall.append(time.perf_counter() - w)
            cpu.append(time.thread_time() - c)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    return wall, cpu


if __name__ == "__main__":
    main()
