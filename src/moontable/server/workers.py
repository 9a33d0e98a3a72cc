"""Work that takes a while (a bot's search, a posted record's replay) in worker processes.

In the server's own process such work would run in a thread, and hold the interpreter's lock against
the event loop the whole time: each time the loop woke (a message, a commit), it would wait for its
turn, and every table with it. In a worker process it runs beside the loop, on another core if there
is one. With `processes` 0 the work runs in a thread of this process instead (the tests do this, to
watch the bots from inside).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from moontable import games, record
from moontable.engine import Action, Decision
from moontable.table.turns import bot_choice

__all__ = ["Workers", "verify_json"]

log = logging.getLogger("moontable.workers")
T = TypeVar("T")


def _warm() -> None:
    """A new worker loads every game's content once, before its first job."""
    for game_id in games.GAME_IDS:
        games.get_game(game_id)


def verify_json(rec: Any) -> dict[str, Any]:
    """`moontable verify`'s report on a record, as JSON."""
    return record.verify(rec).to_json()


class Workers:
    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:  # spawned, not forked: the server has threads (the database's) that a fork would copy
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_warm)
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        if self.processes <= 0:
            return await asyncio.to_thread(fn, *args)
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): the next job gets a fresh pool
            log.error("a worker process died; starting new ones")
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def think(self, game_id: str, level: str, seat: int, seed: int, view: dict[str, Any],
                    decision: Decision) -> Action:
        """A table's bots think here (`Turns.think`)."""
        return await self.run(bot_choice, game_id, level, seat, seed, view, decision)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
