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
from moontable.table.change import diff

__all__ = [
    "BotMove", "Connect", "Disconnect", "Expire", "Join", "Journal", "Move", "Ready", "Seat", "StartNow", "Stream",
    "Subscriber", "TableConfig", "Tick", "Undo", "decision_json", "encode", "error", "events_text", "hash_token",
    "new_token", "safe_view", "safe_views", "seat_of", "strongest_level",
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
    bot_pace_again: float = 0.25  # ... before its next decision right after its own move (a set-up's many steps)
    undo_min_seconds: float = 10.0  # a decision given back by an undo has at least this long again
    log_lines: int = 400  # log lines a snapshot carries (the newest)
    fill_seconds: float = 600.0  # a waiting table with a ready player starts, bots in the missing seats
    abandon_seconds: float = 86_400.0  # a waiting table where no one has said ready closes unplayed
    # An ended table stays live this long (for its last messages to go out), then only the database has it:
    # a late connection gets its final snapshot from there, so memory holds only the games in play.
    linger_seconds: float = 5.0
    takeover_level: str = field(default_factory=strongest_level)
    max_log: int = 2000  # versioned messages kept per stream for reconnects; older ones need a snapshot
    retry_seconds: float = 1.0  # a bot's move (or the start) that could not be saved is tried again after this
    spectator_seconds: float = 0.25  # spectators get what happened in this long as one message (0: each at once)
    view_changes: bool = True  # a live message carries the view's change (False: the whole view, every time)


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
                    final: dict[str, Any] | None, bot: str | None = None,
                    clocks: dict[int, float] | None = None) -> None:
        """Move `n`, with the seconds left on each decision open once it is made (`clocks`, by seat)."""

    async def undone(self, table_id: str, n: int) -> None:
        """Move `n` (the last) was taken back: it is no longer part of the game."""

    async def clocks_left(self, table_id: str, n: int, left: dict[int, float], at: float | None = None,
                          running: bool = False) -> None:
        """After move `n`, at `at`, its open decisions had `left` seconds each (by seat): the table stops (the
        clocks stand still), or it was just brought back (`running`: they run on)."""


@dataclass(slots=True)
class Seat:
    index: int
    name: str
    kind: str  # "human" (its link was given at creation), "open" (joinable from the lobby), "bot"
    level: str | None = None  # a bot seat's level
    token_hash: str | None = None
    ready: bool = False
    client_seed: str = ""
    account: str | None = None  # the signed-in player who sits here (their account's key), if any
    conns: int = 0
    takeover: str | None = None  # the level of the bot playing for an absent player
    grace: Timer | None = None
    author: str | None = None  # a program plays this seat (moontable.client), written by `author`

    def bot_level(self) -> str | None:
        return self.level if self.kind == "bot" else self.takeover

    def public(self) -> dict[str, Any]:
        return {"seat": self.index, "name": self.name, "kind": self.kind,
                "bot": self.bot_level() is not None or self.author is not None,
                "level": self.bot_level(), "taken": self.kind == "bot" or self.token_hash is not None,
                "connected": self.conns > 0, "ready": self.ready or self.kind == "bot", "author": self.author}


LIVE_KINDS = ("update", "undone")  # the messages that carry the live fields (the view, the clocks)
# A change is sent instead of the whole view while it is under this share of the whole view's size.
CHANGE_WORTH = 0.75


def _splice(text: str, live: dict[str, Any]) -> str:
    return f"{text[:-1]},{encode(live).decode()[1:]}"  # {...entry, ...live}


class Stream:
    """One seat's (or the spectators') versioned messages: a log for catching up, and live subscribers.

    A live message carries the view as a change (table/change.py) from the view every subscriber has
    (`shown`, which came with the message of version `shown_v`: the change says it as its `base`), and
    the whole view only when they have none yet or when the change would be about as large.

    A batched stream (the spectators') does not send each message as it is published: `flush` sends what
    piled up since the last one as one message ({"type": "batch", "messages": [...]}), with the live fields
    only on its last update. Many sockets watch a table, none of them is waiting to move, and one
    message a moment costs the server far less than one a move on every socket."""

    __slots__ = ("version", "base", "log", "subs", "max_log", "batched", "pending", "shown", "shown_v", "whole",
                 "changes")

    def __init__(self, max_log: int, batched: bool = False, changes: bool = True) -> None:
        self.version = 0
        self.base = 0  # the version just before log[0]
        self.log: list[str] = []
        self.subs: set[Subscriber] = set()
        self.max_log = max_log
        self.batched = batched
        # a batched stream's unsent messages: each with whether it is live, and its version
        self.pending: list[tuple[str, bool, int]] = []
        self.shown: dict[str, Any] | None = None  # the view the subscribers have (None: they have none yet)
        self.shown_v = 0  # the version of the message that brought it
        self.whole = 0  # bytes of the last whole view sent
        self.changes = changes  # False: the whole view every time

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
        if self.batched:
            self.pending.append((text, entry["type"] in LIVE_KINDS, self.version))
            return
        if live:
            text = _splice(text, self._view_fields(live, self.version))
        for sub in self.subs:
            sub.send(text)

    def flush(self, live: dict[str, Any] | None) -> None:
        """Send a batched stream's pending messages as one, `live` spliced into its last update (or undo)."""
        pending, self.pending = self.pending, []
        if not pending or not self.subs:
            return
        texts = [t for t, _, _ in pending]
        last = max((i for i, (_, update, _) in enumerate(pending) if update), default=None)
        if live and last is not None:
            texts[last] = _splice(texts[last], self._view_fields(live, pending[last][2]))
        text = texts[0] if len(texts) == 1 else '{"type":"batch","messages":[' + ",".join(texts) + "]}"
        for sub in self.subs:
            sub.send(text)

    def _view_fields(self, live: dict[str, Any], v: int) -> dict[str, Any]:
        """`live` for the message of version `v`, its "view" as a change from the subscribers' one when that
        is worth it. The view must not change afterwards: it is kept as the next change's starting point."""
        view = live.get("view")
        if view is None:  # none asked for, or the game failed to make it: the subscribers keep theirs
            return live
        old, base = self.shown, self.shown_v
        self.shown, self.shown_v = view, v
        if old is not None and self.changes:
            steps = encode(diff(old, view))
            if len(steps) < self.whole * CHANGE_WORTH:
                out = {k: x for k, x in live.items() if k != "view"}
                out["change"], out["base"] = msgspec.Raw(steps), base
                return out
        whole = encode(view)
        self.whole = len(whole)
        return {**live, "view": msgspec.Raw(whole)}

    def snapshot_view(self, view: dict[str, Any] | None) -> int:
        """The version a snapshot's `view` dates from, for the changes that follow it: the subscribers' own
        if it is the view they have, else the stream's version now (and then it is the view they have: an
        older subscriber sees a change from another base, and asks for a snapshot)."""
        if view is None:
            return self.version
        if self.shown is None or (self.shown is not view and self.shown != view):
            self.shown, self.shown_v = view, self.version
            self.whole = len(encode(view))
        return self.shown_v

    def forget(self) -> None:
        """No one watches any more: the view they had is not kept."""
        self.shown = None

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
    author: str | None = None  # the seat is played by a program written by `author` (its hello said so)


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
    name: str | None = None  # the name the player chose for their seat
    account: str | None = None  # the chosen name is the sender's own account's: the seat becomes theirs


@dataclass(slots=True)
class Undo:
    sub: Subscriber
    seat: int | None
    n: int | None = None  # the move to take back (the last one); None: whatever is last
    ref: int | None = None


@dataclass(slots=True)
class StartNow:
    """A ready player who will not wait: bots take the seats of those who have not said ready."""

    sub: Subscriber
    seat: int | None
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
    account: str | None = None  # a signed-in player's account key: the seat is theirs


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
    what: str  # "grace" | "fill" | "start" | "flush" | "stop" | "clocks" (save them: Table._save_clocks)
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


def safe_views(game: Game, state: Any, seats: list[int | None]) -> dict[int | None, dict[str, Any] | None]:
    """The views of these seats, made together (`Game.views`) when there are several; a view the game fails to
    make is None (and a logged error), the others stand."""
    if len(seats) > 1:
        try:
            return dict(game.views(state, seats))
        except Exception:  # one of them failed: each on its own, to keep the others
            pass
    return {seat: safe_view(game, state, seat) for seat in seats}


def safe_view(game: Game, state: Any, seat: int | None) -> dict[str, Any] | None:
    """The seat's view, or None (and a logged error) if the game fails to make it."""
    try:
        return game.view(state, seat)
    except Exception:
        log.exception("%s: the view for seat %s failed", game.info.id, seat)
        return None

