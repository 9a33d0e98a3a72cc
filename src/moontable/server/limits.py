"""Rate limits: a token bucket, and buckets kept per client address."""

from __future__ import annotations

import asyncio


class Bucket:
    """A token bucket: `rate` messages a second, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.t = asyncio.get_running_loop().time()

    def refilled(self, now: float) -> float:
        """The tokens the bucket holds at loop time `now`."""
        return min(self.burst, self.tokens + (now - self.t) * self.rate)

    def take(self) -> bool:
        now = asyncio.get_running_loop().time()
        self.tokens, self.t = self.refilled(now), now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class PerAddress:
    """One bucket per client address (new tables: a script cannot fill the lobby and the database)."""

    def __init__(self, rate: float, burst: int, keep: int = 4096) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: dict[str, Bucket] = {}

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.keep:  # forget the addresses that have been quiet long enough to be full
                now = asyncio.get_running_loop().time()
                self.buckets = {a: b for a, b in self.buckets.items() if b.refilled(now) < b.burst}
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
        return bucket.take()
