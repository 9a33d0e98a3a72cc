"""A live table: seats, clocks, bots, fairness and the game record — asyncio, no HTTP.

One asyncio task (`Table.run`) is the only writer of a table: connections, timers and bots post
messages to its inbox and it handles them one at a time, so no lock is needed. Every seat and the
spectators have their own `Stream` of versioned messages, filtered for them; a client that
reconnects gives its last version and gets what it missed, then a full `snapshot`.

A move is acknowledged, and shown to anyone, only once the `Journal` (the database) has committed
it. The seed never leaves the table before the end: not in views, events, bot inputs or the record.

- `base`: configuration, seats, streams, the inbox's messages
- `turns`: open decisions with their clocks, and bots thinking about them off the event loop
- `live`: the `Table` and its loop
"""

from moontable.table.base import (
    Connect,
    Disconnect,
    Join,
    Journal,
    Move,
    Ready,
    Seat,
    Stream,
    Subscriber,
    TableConfig,
    hash_token,
    new_token,
    strongest_level,
)
from moontable.table.live import Table

__all__ = [
    "Connect", "Disconnect", "Join", "Journal", "Move", "Ready", "Seat", "Stream", "Subscriber", "Table",
    "TableConfig", "hash_token", "new_token", "strongest_level",
]
