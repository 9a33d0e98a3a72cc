"""CPU of the store's group commit: N tables move at once, their moves are one commit, again and again.

The server's own process CPU (every thread: the event loop's and the database's) over the moves written,
for groups of 1, 10 and 40 moves (at 100 tables under load a group is about 30), on a fresh SQLite file, or
on --db (an empty PostgreSQL database). The moves are the store's own calls (`Store.moved`), awaited
together as the tables' tasks await them. Best of --runs.

Run: .venv/bin/python bench/store_speed.py
     PYTHONPATH=<other checkout>/src .venv/bin/python bench/store_speed.py   (the same for another tree)
     .venv/bin/python bench/store_speed.py --db postgresql://USER@/DB?host=/SOCKET/DIR
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import tempfile
import time

from moontable.server.store import Store


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)  # every thread of the process, to the microsecond
    return r.ru_utime + r.ru_stime


async def group_commits(url: str, group: int, rounds: int, prefix: str) -> float:
    """CPU seconds a move, `group` tables moving together `rounds` times."""
    store = Store(url)
    await store.open()
    try:
        ids = [f"{prefix}{group}x{i}" for i in range(group)]
        for tid in ids:
            await store.create_table({"id": tid, "game": "courts", "rules": "courts/3", "options": "{}",
                                      "seed": "00" * 32, "commitment": "11" * 32, "status": "playing",
                                      "created_at": time.time()}, [])
        start = cpu()
        for n in range(1, rounds + 1):
            await asyncio.gather(*(store.moved(tid, n, n % 2, ["play", n % 7, [1, 2]], False, time.time(), None)
                                   for tid in ids))
        return (cpu() - start) / (group * rounds)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=2000, help="moves written for each group size")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for group in (1, 10, 40):
            best = float("inf")
            for run in range(args.runs):
                url = args.db or f"sqlite:///{os.path.join(tmp, f'{group}-{run}.db')}"
                prefix = f"r{run}t{time.time_ns() % 10**9}-"
                best = min(best, asyncio.run(group_commits(url, group, max(1, args.moves // group), prefix)))
            print(f"groups of {group:2d} moves: {best * 1e6 * group:6.0f} µs CPU a commit, {best * 1e6:5.0f} µs a move "
                  f"(best of {args.runs})", flush=True)


if __name__ == "__main__":
    main()
