"""Limits: a token bucket, buckets kept per client address, and how many sockets one client may hold."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any


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


class Capped:
    """How many of something each key (an address, a table) holds now, up to `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held: Counter[str] = Counter()

    def take(self, key: str) -> bool:
        if self.held[key] >= self.limit:
            return False
        self.held[key] += 1
        return True

    def give(self, key: str) -> None:
        self.held[key] -= 1
        if self.held[key] <= 0:
            del self.held[key]


class Sockets:
    """The sockets open now: per client address (any kind), per table (spectators) and per seat (in order,
    oldest first, so that a new window can take over from the oldest)."""

    def __init__(self, per_address: int, spectators_per_table: int, per_seat: int) -> None:
        self.addresses, self.watching, self.per_seat = Capped(per_address), Capped(spectators_per_table), per_seat
        self.seats: dict[tuple[str, int], list[Any]] = {}

    def sit(self, table_id: str, seat: int, conn: Any) -> list[Any]:
        """Add a seat's connection; the oldest ones past the limit, which the caller closes."""
        conns = self.seats.setdefault((table_id, seat), [])
        conns.append(conn)
        over = len(conns) - self.per_seat
        return conns[:over] if over > 0 else []

    def stand(self, table_id: str, seat: int, conn: Any) -> None:
        conns = self.seats.get((table_id, seat), [])
        if conn in conns:
            conns.remove(conn)
        if not conns:
            self.seats.pop((table_id, seat), None)
