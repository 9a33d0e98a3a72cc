"""The table's parts: configuration, seats, per-seat message streams, and what its inbox takes."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from moontable.bots import BOT_LEVELS
from moontable.clock import Timer
from moontable.engine import Action, Decision, Event, Game

__all__ = [
    "BotMove", "Connect", "Disconnect", "Expire", "Join", "Journal", "Move", "Ready", "Seat", "Stream",
    "Subscriber", "TableConfig", "Tick", "decision_json", "encode", "error", "events_text", "hash_token",
    "new_token", "safe_view", "seat_of", "strongest_level",
]

log = logging.getLogger("moontable.table")
encode = msgspec.json.Encoder().encode


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    """Seat tokens are kept only as hashes, so the database holds no key to any seat."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of(token_hashes: list[str | None], token: str) -> int | None:
    """The seat whose token this is (compared in constant time), or None."""
    digest = hash_token(token)
    for seat, known in enumerate(token_hashes):
        if known is not None and hmac.compare_digest(known, digest):
            return seat
    return None


def strongest_level() -> str:
    """The best bot level there is now: the one that takes over an abandoned seat."""
    for level in ("ismcts", "heuristic", "random"):
        if level in BOT_LEVELS:
            return level
    return next(iter(BOT_LEVELS))


@dataclass(slots=True)
class TableConfig:
    decision_seconds: float = 90.0  # each decision's clock; the safe action when it runs out
    grace_seconds: float = 60.0  # how long a player may be gone before a bot takes the seat
    bot_pace: float = 1.0  # seconds a bot waits before it moves, so people can follow
    fill_seconds: float = 600.0  # a waiting table with a ready player starts, bots in the missing seats
    abandon_seconds: float = 86_400.0  # a waiting table where no one has said ready closes unplayed
    # An ended table stays live this long (for its last messages to go out), then only the database has it:
    # a late connection gets its final snapshot from there, so memory holds only the games in play.
    linger_seconds: float = 5.0
    takeover_level: str = field(default_factory=strongest_level)
    max_log: int = 2000  # versioned messages kept per stream for reconnects; older ones need a snapshot
    retry_seconds: float = 1.0  # a bot's move (or the start) that could not be saved is tried again after this


class Subscriber(Protocol):
    """A connection as the table sees it: sending never blocks the table."""

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Journal(Protocol):
    """Where a table writes what happens; each call returns once it has been committed."""

    async def seat_changed(self, table_id: str, seat: int, fields: dict[str, Any]) -> None: ...

    async def started(self, table_id: str, client_seeds: list[str], at: float) -> None: ...

    async def abandoned(self, table_id: str, at: float) -> None: ...

    async def moved(self, table_id: str, n: int, seat: int, action: list[Any], auto: bool, at: float,
                    final: dict[str, Any] | None, bot: str | None = None) -> None: ...


@dataclass(slots=True)
class Seat:
    index: int
    name: str
    kind: str  # "human" (its link was given at creation), "open" (joinable from the lobby), "bot"
    level: str | None = None  # a bot seat's level
    token_hash: str | None = None
    ready: bool = False
    client_seed: str = ""
    conns: int = 0
    takeover: str | None = None  # the level of the bot playing for an absent player
    grace: Timer | None = None

    def bot_level(self) -> str | None:
        return self.level if self.kind == "bot" else self.takeover

    def public(self) -> dict[str, Any]:
        return {"seat": self.index, "name": self.name, "kind": self.kind, "bot": self.bot_level() is not None,
                "level": self.bot_level(), "taken": self.kind == "bot" or self.token_hash is not None,
                "connected": self.conns > 0, "ready": self.ready or self.kind == "bot"}


class Stream:
    """One seat's (or the spectators') versioned messages: a log for catching up, and live subscribers."""

    __slots__ = ("version", "base", "log", "subs", "max_log")

    def __init__(self, max_log: int) -> None:
        self.version = 0
        self.base = 0  # the version just before log[0]
        self.log: list[str] = []
        self.subs: set[Subscriber] = set()
        self.max_log = max_log

    def publish(self, entry: dict[str, Any], live: dict[str, Any] | None = None) -> None:
        """Log `entry` with its version and send it to the subscribers with the `live` fields added.

        Live fields (the open decision, the clocks, the view) are not logged: they are only true now,
        and a client catching up gets them from the snapshot that ends its catch-up."""
        self.version += 1
        entry["v"] = self.version
        text = encode(entry).decode()
        self.log.append(text)
        if len(self.log) > self.max_log:
            drop = len(self.log) // 2
            del self.log[:drop]
            self.base += drop
        if not self.subs:
            return
        if live:
            text = f"{text[:-1]},{encode(live).decode()[1:]}"  # splice: {...entry, ...live}
        for sub in self.subs:
            sub.send(text)

    def since(self, version: int | None) -> list[str] | None:
        """The messages after `version`, or None if they are not all kept."""
        if version is None or not self.base <= version <= self.version:
            return None
        return self.log[version - self.base :]


# -- what the table's inbox takes -------------------------------------------------------------------------


@dataclass(slots=True)
class Connect:
    sub: Subscriber
    seat: int | None
    since: int | None = None
    epoch: str | None = None
    again: bool = False  # an already connected client asking to catch up (a sync message)


@dataclass(slots=True)
class Disconnect:
    sub: Subscriber
    seat: int | None


@dataclass(slots=True)
class Ready:
    sub: Subscriber
    seat: int | None
    client_seed: str | None = None
    ref: int | None = None


@dataclass(slots=True)
class Move:
    sub: Subscriber
    seat: int | None
    action: list[Any]
    ref: int | None = None
    v: int | None = None  # the seat's version the move was chosen at (None: an older client that does not say)
    epoch: str | None = None


@dataclass(slots=True)
class Join:
    name: str | None
    reply: asyncio.Future[tuple[int, str]]


@dataclass(slots=True)
class Expire:
    seat: int
    serial: int


@dataclass(slots=True)
class BotMove:
    seat: int
    serial: int
    action: Action | None  # None: the bot failed, the table plays the safe action


@dataclass(slots=True)
class Tick:
    what: str  # "grace" | "fill" | "start" | "stop"
    seat: int = -1


def error(code: str, message: str, ref: int | None = None) -> str:
    return encode({"type": "error", "code": code, "message": message, "id": ref}).decode()


def decision_json(d: Decision | None, deadline: float | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {"kind": d.kind, "prompt": d.prompt, "options": [list(o) for o in d.options], "deadline": deadline}


def events_text(game: Game, events: list[Event]) -> list[str]:
    """The log lines of these events. A line the game fails to write is left out: words must never
    stop a table."""
    out = []
    for e in events:
        try:
            line = game.describe_event(e)
        except Exception:
            log.exception("%s: no log line for the event %r", game.info.id, e)
            continue
        if line:
            out.append(line)
    return out


def safe_view(game: Game, state: Any, seat: int | None) -> dict[str, Any] | None:
    """The seat's view, or None (and a logged error) if the game fails to make it."""
    try:
        return game.view(state, seat)
    except Exception:
        log.exception("%s: the view for seat %s failed", game.info.id, seat)
        return None

