"""CPU a move of a table's own work: play the move, write its log lines, make the seats' views and messages.

No socket and no database (a journal that keeps nothing, subscribers that only count bytes): what is left
is what `Table` does for each move, for each game, each seat connected (and, with --spectators, one
spectator). Random legal moves from a fixed seed, every game played to its end; CPU time of this thread
only, the collector off, the best of --runs runs (other work on the machine only ever adds to a run).

--deflate then compresses what was sent as the server's permessage-deflate would (SharedDeflate), with
several thresholds: the CPU a move that costs, and the bytes a move it leaves.

--seats N plays each game with N seats (as many as it takes, at most; default the fewest), where what
every seat sees alike is shared the more (Game.views).

Run: .venv/bin/python bench/table_speed.py
     .venv/bin/python bench/table_speed.py --games moonflight,moons --seats 4
     PYTHONPATH=<other checkout>/src .venv/bin/python bench/table_speed.py   (the same for another tree)
     .venv/bin/python bench/table_speed.py --games courts,moons --deflate
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import random
import time
from typing import Any

from moontable import games
from moontable.clock import SystemClock
from moontable.table import Seat, Table, TableConfig


class Journal:
    async def seat_changed(self, *args: Any) -> None: ...

    async def started(self, *args: Any) -> None: ...

    async def abandoned(self, *args: Any) -> None: ...

    async def moved(self, *args: Any, **kwargs: Any) -> None: ...

    async def undone(self, *args: Any) -> None: ...

    async def clocks_left(self, *args: Any, **kwargs: Any) -> None: ...


SENT: list[str] = []  # every text sent, for --deflate


class Counting:
    def __init__(self) -> None:
        self.bytes = 0

    def send(self, text: str) -> None:
        self.bytes += len(text)
        SENT.append(text)

    def close(self, code: int, reason: str) -> None: ...


async def play(game_id: str, tables: int, spectators: bool, whole: bool,
               seats_wanted: int = 0) -> tuple[float, float, int]:
    """CPU seconds a move, bytes sent a move, moves played."""
    game = games.get_game(game_id)
    rng = random.Random(1)
    known = {f.name for f in dataclasses.fields(TableConfig)}  # an older table may not have every setting
    config = TableConfig(bot_pace=0.0, **({"view_changes": False} if whole and "view_changes" in known else {}))
    cpu, moves, subs = 0.0, 0, []
    for i in range(tables):
        n = max(game.info.min_seats, min(seats_wanted, game.info.max_seats))
        seats = [Seat(k, f"player {k + 1}", "human") for k in range(n)]
        t = Table(f"t{i}", game, game.default_options(len(seats)), seats, rng.randbytes(32), Journal(),
                  SystemClock(), config, time.time())
        for key in [s.index for s in seats] + ([None] if spectators else []):
            sub = Counting()
            subs.append(sub)
            t.streams[key].subs.add(sub)
            if key is not None:
                seats[key].conns = 1
        await t._start()
        while t.status == "playing":
            assert t.match is not None
            d = game.pending(t.match.state)[0]
            action = list(rng.choice(d.options))
            sub = next(iter(t.streams[d.seat].subs))
            start = time.thread_time()
            await t._play(d.seat, action, False, sub, 1)
            if spectators and t.streams[None].pending:
                t._flush_spectators()  # as if every move were a batch of its own: the most a spectator costs
            cpu += time.thread_time() - start
            moves += 1
        t._cancel_all()
    return cpu / moves, sum(s.bytes for s in subs) / moves, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="courts,moonflight,moons,bluemoon")
    parser.add_argument("--tables", type=int, default=2, help="games played per run (default 2)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--spectators", action="store_true", help="a spectator at every table too")
    parser.add_argument("--whole-views", action="store_true", help="send whole views, not changes (if the "
                                                                   "table knows how)")
    parser.add_argument("--deflate", action="store_true", help="what compressing the messages would cost and save")
    parser.add_argument("--seats", type=int, default=0, help="seats at each table (default: the fewest the game "
                                                              "takes)")
    args = parser.parse_args()
    gc.disable()  # a collection lands on whichever move is under way: not this bench's to measure
    for game_id in args.games.split(","):
        runs = [asyncio.run(play(game_id, args.tables, args.spectators, args.whole_views, args.seats))
                for _ in range(args.runs)]
        best = min(r[0] for r in runs)
        print(f"{game_id:<11} {runs[0][2]:5d} moves  {best * 1e6:5.0f} µs CPU a move (best of {args.runs}), "
              f"{runs[0][1]:6,.0f} bytes sent a move")
        if args.deflate:
            SENT.clear()
            asyncio.run(play(game_id, args.tables, args.spectators, args.whole_views, args.seats))
            deflate(SENT, runs[0][2], args.runs)


def deflate(texts: list[str], moves: int, runs: int) -> None:
    from websockets.frames import Frame, Opcode

    from moontable.server import transport

    frames = [Frame(Opcode.TEXT, t.encode()) for t in texts]
    for small, name in ((None, "none"), (512, "512 B and up"), (2048, "2 KB and up"), (0, "every message")):
        best, size = float("inf"), 0
        for _ in range(runs):
            ext = transport.SharedDeflate(False, True, 12, 12, {"memLevel": 5, "level": 1})  # as the server has it
            if small is not None:
                ext.small = small
            transport._COMPRESSED.clear()
            start, size = time.thread_time(), 0
            for f in frames:
                size += len((f if small is None else ext.encode(f)).data)
            best = min(best, time.thread_time() - start)
        print(f"    compress {name:<14} {best / moves * 1e6:5.1f} µs CPU a move, {size / moves:6,.0f} bytes a move")


if __name__ == "__main__":
    main()
