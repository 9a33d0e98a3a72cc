"""Clocks for live tables: the system clock, and a fake one that tests move by hand.

A table asks a clock for two things: `now()`, wall-clock seconds since the epoch, shown to clients
as deadlines; and `call_later(delay, callback)`, a cancellable timer that runs `callback` on the
event loop that asked for it. A decision's timer, a player's grace period and bot pacing all go
through it, so a test can run out a 90-second timer at once with `FakeClock.advance(91)`.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import threading
import time
from collections.abc import Callable
from typing import Protocol

__all__ = ["Clock", "FakeClock", "SystemClock", "Timer", "sleep"]


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float:
        """Wall-clock seconds since the epoch."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        """Run `callback` on the running event loop once `delay` seconds have passed."""
        ...


class SystemClock:
    """Real time: deadlines in Unix seconds, timers on the event loop's own (monotonic) clock."""

    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback)


class _FakeTimer:
    __slots__ = ("callback", "loop")

    def __init__(self, loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
        self.loop: asyncio.AbstractEventLoop | None = loop
        self.callback: Callable[[], None] | None = callback

    @property
    def cancelled(self) -> bool:
        return self.callback is None

    def cancel(self) -> None:
        # let go of the callback at once, as the event loop's own timers do: a cancelled timer must not keep
        # what it would have called (a whole table) alive until its time comes
        self.callback = self.loop = None

    def run(self) -> None:
        callback = self.callback
        if callback is not None:
            self.callback = self.loop = None
            callback()


class FakeClock:
    """Time that only moves when `advance` is called; safe to advance from another thread."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._lock = threading.Lock()
        self._heap: list[tuple[float, int, _FakeTimer]] = []
        self._order = itertools.count()

    def now(self) -> float:
        with self._lock:
            return self._now

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        timer = _FakeTimer(asyncio.get_running_loop(), callback)
        with self._lock:
            heapq.heappush(self._heap, (self._now + max(0.0, delay), next(self._order), timer))
        if delay <= 0:
            self.advance(0)
        return timer

    def advance(self, seconds: float) -> None:
        """Move time on and run, in deadline order, every timer that is now due."""
        with self._lock:
            self._now += seconds
            due = []
            while self._heap and self._heap[0][0] <= self._now:
                due.append(heapq.heappop(self._heap))
        for _, _, timer in due:
            loop = timer.loop
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(timer.run)

    @property
    def pending(self) -> int:
        """How many timers are set and not cancelled (for tests)."""
        with self._lock:
            return sum(1 for entry in self._heap if not entry[2].cancelled)


async def sleep(clock: Clock, seconds: float) -> None:
    """Sleep on `clock` (returns at once for 0 or less)."""
    if seconds <= 0:
        return
    fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake() -> None:
        if not fut.done():
            fut.set_result(None)

    timer = clock.call_later(seconds, wake)
    try:
        await fut
    finally:
        timer.cancel()
