"""The wire format: every message a client sends or receives, as msgspec tagged-union Structs.

Messages are JSON objects whose "type" names them. The table builds the server's messages as plain
dicts (it knows nothing of this module); the Structs below are their schema, used by the tests and
clients to decode them strictly. Close codes are named here too.
"""

from __future__ import annotations

import unicodedata
from enum import IntEnum
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

__all__ = [
    "Ack", "BadMessage", "Batch", "BotHello", "ClientMessage", "Close", "CreateTable", "Ended", "Error", "Hello",
    "JoinTable", "MatchSpec", "MoveMsg", "ReadyMsg", "SeatDecks", "SeatSpec", "Seats", "ServerMessage", "Snapshot",
    "StartMsg", "Started", "Sync", "UndoMsg", "Undone", "Update", "clean_name", "decode_client", "too_deep",
]

NAME_LENGTH = 40  # characters a name keeps
Name = Annotated[str, Meta(max_length=200)]  # a longer one is cut to NAME_LENGTH, not refused
ClientSeed = Annotated[str, Meta(max_length=256)]
MAX_DEPTH = 8  # lists and objects inside one another in a client's message (a move needs 2)

# Bidirectional controls (they reorder the text around them: "\u202eevil" shows as "live") and invisible
# characters that let one name pass for another.
_INVISIBLE = frozenset("\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069"
                       "\ufeff")


def clean_name(raw: str | None) -> str:
    """A name as a person could type it: NFC, no control or bidirectional-control characters, one space
    between words, at most NAME_LENGTH characters. Empty if nothing is left (the caller's default then)."""
    if not raw:
        return ""
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")  # a newline or a tab between two words still parts them
        elif ch not in _INVISIBLE and unicodedata.category(ch) not in ("Cc", "Cs"):
            kept.append(ch)
    return " ".join("".join(kept).split())[:NAME_LENGTH].rstrip()


def too_deep(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep in `value` (without recursion)."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        if depth > limit:
            return True
        todo.extend((x, depth + 1) for x in item if isinstance(x, (list, dict)))
    return False


class Close(IntEnum):
    """WebSocket close codes the server uses."""

    NORMAL = 1000
    FLOOD = 1008  # policy violation: kept sending far over the rate limit after being told
    SERVER_RESTART = 1012  # the server is stopping; reconnect with your last version to resume
    TOO_SLOW = 1013  # the client read its messages too slowly and too many piled up
    BAD_TOKEN = 4003  # the seat token is not one of this table's
    NO_SUCH_TABLE = 4004
    NO_HELLO = 4008  # no hello message in time
    TABLE_CLOSED = 4010  # the table has ended and closed; its record stays at /api/tables/{id}/record
    REPLACED = 4011  # the seat was opened in more windows than it may be: the oldest are closed
    TOO_MANY = 4029  # too many sockets from one address, or too many watching this table


# -- client to server ----------------------------------------------------------------------------------


class BotHello(Struct, forbid_unknown_fields=True):
    """Said by a program that plays a seat (moontable.client): the table shows the seat as a bot by `author`."""

    author: Name


class Hello(Struct, tag="hello", tag_field="type"):
    """The first message. `token` is the seat's secret (none: watch as a spectator); `since` and `epoch`
    (from the last message received) resume a dropped connection; `bot`: a program plays this seat."""

    token: Annotated[str, Meta(max_length=100)] | None = None
    since: Annotated[int, Meta(ge=0)] | None = None
    epoch: Annotated[str, Meta(max_length=32)] | None = None
    bot: BotHello | None = None


class ReadyMsg(Struct, tag="ready", tag_field="type"):
    """Ready to start, with an optional client seed mixed into the game's randomness, and the name the player
    chose for their seat."""

    client_seed: ClientSeed | None = None
    id: int | None = None
    name: Name | None = None


class MoveMsg(Struct, tag="move", tag_field="type"):
    """One of the options of the sender's open decision; `id` comes back in the ack or the error.

    `v` (and `epoch`) are the seat's version when the move was chosen: a move chosen before the decision it
    answers was shown is refused ("stale"), and the same message sent again gets the first answer again."""

    action: Annotated[list[Any], Meta(min_length=1, max_length=16)]
    id: int | None = None
    v: Annotated[int, Meta(ge=0)] | None = None
    epoch: Annotated[str, Meta(max_length=32)] | None = None


class Sync(Struct, tag="sync", tag_field="type"):
    """Ask again for what was missed since `since` (or a full snapshot)."""

    since: Annotated[int, Meta(ge=0)] | None = None
    epoch: Annotated[str, Meta(max_length=32)] | None = None


class UndoMsg(Struct, tag="undo", tag_field="type"):
    """Take back the sender's last move, number `n` (from the snapshot's or the update's `undo`)."""

    n: Annotated[int, Meta(ge=1)] | None = None
    id: int | None = None


class StartMsg(Struct, tag="start", tag_field="type"):
    """A ready player starts now: bots take the seats of the players who have not said ready."""

    id: int | None = None


ClientMessage = Hello | ReadyMsg | MoveMsg | Sync | UndoMsg | StartMsg
CLIENT_TYPES = ("hello", "ready", "move", "sync", "undo", "start")
_client_decoder = msgspec.json.Decoder(ClientMessage)


class BadMessage(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def decode_client(text: str | bytes) -> ClientMessage:
    """Decode one client message; BadMessage says clearly what is wrong with it."""
    try:
        msg = _client_decoder.decode(text)
    except msgspec.ValidationError as e:
        detail = str(e)
    except msgspec.DecodeError:
        raise BadMessage("bad_json", "not valid JSON: send one JSON object per message") from None
    except RecursionError:
        raise _deep() from None
    else:
        if isinstance(msg, MoveMsg) and too_deep(msg.action, MAX_DEPTH - 1):
            raise _deep()
        return msg
    try:
        raw = msgspec.json.decode(text)
    except msgspec.DecodeError:
        raise BadMessage("bad_json", "not valid JSON: send one JSON object per message") from None
    except RecursionError:
        raise _deep() from None
    if not isinstance(raw, dict) or "type" not in raw:
        raise BadMessage("bad_message", 'a message is a JSON object with a "type", such as {"type": "hello"}')
    if raw["type"] not in CLIENT_TYPES:
        raise BadMessage("unknown_type", f"unknown message type {raw['type']!r} (known: {', '.join(CLIENT_TYPES)})")
    raise BadMessage("bad_message", f"bad {raw['type']} message: {detail}")


def _deep() -> BadMessage:
    return BadMessage("too_deep", f"lists and objects may nest at most {MAX_DEPTH} deep in a message")


# -- server to client ----------------------------------------------------------------------------------


class SeatInfo(Struct):
    seat: int
    name: str
    kind: Literal["human", "open", "bot"]
    bot: bool  # played by a bot now: a bot seat, or one a bot took over
    level: str | None
    taken: bool
    connected: bool
    ready: bool
    author: str | None = None  # a program plays this seat, written by `author` (its hello said so)


class ClockInfo(Struct):
    seat: int
    deadline: float  # Unix seconds; the safe action is played for the seat then


class DecisionInfo(Struct):
    kind: str
    prompt: str
    options: list[list[Any]]
    deadline: float | None


class UndoInfo(Struct):
    n: int  # the move that may be taken back (the last one)
    text: str  # it, in words


class Snapshot(Struct, tag="snapshot", tag_field="type"):
    """Everything about the table as this connection may see it; sent on connecting, after any catch-up."""

    v: int
    epoch: str
    resumed: bool  # True: every message since the client's `since` came just before this one
    table: str
    game: str
    seat: int | None
    status: Literal["waiting", "playing", "ended"]
    seats: list[SeatInfo]
    commitment: str
    client_seeds: list[str] | None
    n: int
    view: dict[str, Any] | None
    decision: DecisionInfo | None
    clocks: list[ClockInfo]
    result: dict[str, Any] | None
    text: str | None
    seed: str | None
    log: list[tuple[int, str]] = []  # the newest log lines, each with the move that made it
    log_from: int = 1  # the number of the first of them in the whole log
    undo: UndoInfo | None = None  # the move this seat may take back now
    fill_at: float | None = None  # a waiting table: when bots take the missing seats, if someone is ready
    view_v: int | None = None  # the version of the message the view dates from: the next change's `base`


class Update(Struct, tag="update", tag_field="type"):
    """After a move: the events this seat may see and their log lines; sent live, also its open decision,
    the clocks and its view. Sent again to a client catching up, it has no live fields: the snapshot
    that ends the catch-up has them.

    The view comes whole (`view`) or as the `change` (table/change.py) from the view of the message of
    version `base`: a client whose view is not that one asks for a snapshot (a sync message)."""

    v: int
    n: int  # moves played so far
    by: int | None  # the seat that moved (None: the start)
    auto: bool  # the table played it when the clock ran out
    events: list[dict[str, Any]]
    log: list[str]
    clocks: list[ClockInfo] | None = None
    decision: DecisionInfo | None = None
    view: dict[str, Any] | None = None
    undo: UndoInfo | None = None
    auto_move: str | None = None  # to the seat whose time ran out: what the table played for it
    change: list[list[Any]] | None = None
    base: int | None = None


class Undone(Struct, tag="undone", tag_field="type"):
    """A player took back their last move: it is gone from the game, its log lines too; `n` moves stand.
    Live, it carries the same fields an update does."""

    v: int
    n: int
    by: int
    move: str | None = None  # to the seat that took it back: the move, in words
    clocks: list[ClockInfo] | None = None
    decision: DecisionInfo | None = None
    view: dict[str, Any] | None = None
    undo: UndoInfo | None = None
    change: list[list[Any]] | None = None
    base: int | None = None


class Started(Struct, tag="started", tag_field="type"):
    v: int
    commitment: str
    client_seeds: list[str]


class Seats(Struct, tag="seats", tag_field="type"):
    v: int
    seats: list[SeatInfo]
    fill_at: float | None = None


class Ended(Struct, tag="ended", tag_field="type"):
    v: int
    result: dict[str, Any]
    text: str
    seed: str


class Ack(Struct, tag="ack", tag_field="type"):
    """A move or ready was accepted and committed; `v` is the sender's version after it."""

    id: int | None
    v: int
    n: int


class Error(Struct, tag="error", tag_field="type"):
    code: str
    message: str
    id: int | None = None


class Batch(Struct, tag="batch", tag_field="type"):
    """Spectators only: the messages of the last moment, in order, as one (the last update has the live
    fields). A client handles each as if it had come alone."""

    messages: list[dict[str, Any]]


ServerMessage = Snapshot | Update | Undone | Started | Seats | Ended | Ack | Error | Batch


# -- the lobby's requests ------------------------------------------------------------------------------


class SeatSpec(Struct, forbid_unknown_fields=True):
    """"human": a link is made now; "open": anyone may join from the lobby; "bot": a bot of `level`."""

    kind: Literal["human", "open", "bot"]
    name: Name | None = None
    level: Annotated[str, Meta(max_length=32)] | None = None


class MatchSpec(Struct, forbid_unknown_fields=True):
    """A match of several games at one table (Blue Moon): to `target` crystals; `keep`: each player keeps the
    deck of the first game (BM51) instead of choosing again before every game."""

    target: Annotated[int, Meta(ge=1, le=20)] = 5
    keep: bool = False


class CreateTable(Struct, forbid_unknown_fields=True):
    game: Annotated[str, Meta(max_length=32)]
    seats: Annotated[list[SeatSpec], Meta(min_length=1, max_length=8)]
    options: dict[str, Any] | None = None
    match: MatchSpec | None = None  # play a whole match, game after game, at this table
    rated: bool = False  # a rated game moves its players' ratings (signed-in players and bots only)


class SeatDecks(Struct, forbid_unknown_fields=True):
    """A seat's prepared decks for its match (deck building), saved under the seat on the server."""

    token: Annotated[str, Meta(max_length=64)]
    decks: Annotated[list[dict[str, Any]], Meta(min_length=1, max_length=12)]


class JoinTable(Struct, forbid_unknown_fields=True):
    name: Name | None = None
