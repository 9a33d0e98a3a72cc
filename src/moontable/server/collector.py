"""The garbage collector on a clock: short young collections often, the older generations seldom.

CPython collects its young generation when the tracked objects made outnumber those freed by the threshold,
but every object freed counts, old or young. A table's views and state live until its next move: each move
frees the last ones (old) and makes new ones (young), so the count hardly grows while the young generation
does. At 1,000 tables a young collection found 100,000-230,000 objects and held the event loop for 100-170 ms,
a stall every few seconds that was the whole of the move round trip's 99th percentile (docs/server-profile.md).

So the server turns the automatic collector off and collects by time: the young generation every
YOUNG_EVERY seconds (only what was made since and still lives: 5-14 ms at 1,000 tables), and all of it every
FULL_EVERY (the middle generation holds every table made since the start, so a collection of it costs as much
as a full one: 260 ms at 1,000 tables). A cycle of garbage that outlives a young collection waits at most
FULL_EVERY to be found; reference counting frees everything else the moment it is let go, as before.
"""

from __future__ import annotations

import asyncio
import gc

__all__ = ["FULL_EVERY", "YOUNG_EVERY", "collect_on_a_clock", "freeze_the_start"]

YOUNG_EVERY = 0.1  # seconds
FULL_EVERY = 600.0


def freeze_the_start() -> None:
    """Out of every collection from now on: what exists after the start (modules, the games' content, the
    tables a restart brought back), most of which stays for the life of the process (a full collection of
    just those took 65 ms of CPU here)."""
    gc.collect()
    gc.freeze()


async def collect_on_a_clock(young: float = YOUNG_EVERY, full: float = FULL_EVERY) -> None:
    """Collect by time until cancelled, then hand the collector back to CPython as it was."""
    was = gc.isenabled()
    gc.disable()
    loop = asyncio.get_running_loop()
    last_full = loop.time()
    try:
        while True:
            await asyncio.sleep(young)
            if loop.time() - last_full >= full:
                gc.collect(2)
                last_full = loop.time()
            else:
                gc.collect(0)
    finally:
        if was:
            gc.enable()
