"""Taking a move back: the table side of the Undo button (and Esc).

A seat may take back its own last move while it stands in `Table.takeback` (see `history`): nothing since
drew from the fair stream, showed anyone something hidden, or was played by anyone else. The database
forgets the move first; only then does the table put its state back, drop the move from the record and
its lines from the log, and tell every stream. So the record holds only the moves that stand, and neither
a reload nor a restart brings an undone move back.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from moontable.table import present
from moontable.table.base import Tick, Undo, error

if TYPE_CHECKING:
    from moontable.table.history import Step
    from moontable.table.live import Table

__all__ = ["NOTHING", "take_back"]

log = logging.getLogger("moontable.table")

NOTHING = ("nothing to take back: a move stands once it draws a card, rolls a die or shows something hidden, "
           "or once another player moves")


async def take_back(table: Table, msg: Undo) -> None:
    m = table.match
    step = table.takeback.last_for(msg.seat)
    if msg.seat is None:
        msg.sub.send(error("spectator", "spectators have no moves to take back", msg.ref))
    elif m is None or m.ended:
        msg.sub.send(error("no_undo", "there is no move to take back: the game has not started or is over", msg.ref))
    elif step is None:
        msg.sub.send(error("no_undo", NOTHING, msg.ref))
    elif msg.n is not None and msg.n != len(m.record["moves"]):
        msg.sub.send(error("no_undo", f"move {msg.n} is not the last move: it was taken back already", msg.ref))
    else:
        await _undo(table, msg, step)


async def _undo(table: Table, msg: Undo, step: Step) -> None:
    m = table.match
    assert m is not None
    n = len(m.record["moves"])
    try:
        await table.journal.undone(table.id, n)
    except Exception:
        log.exception("table %s: move %d could not be taken back", table.id, n)
        msg.sub.send(error("server_error", "the move could not be taken back: try again", msg.ref))
        return
    table.takeback.pop()
    m.state = step.before()  # the move drew nothing, so the stream and the draws are as they were
    table.moved()
    m.record["moves"].pop()
    table.drop_log_after(n - 1)
    table.turns.refresh(m, step.seat)
    # the decision comes back with the time it had left (not a fresh clock: undo is no way to stall)
    table.turns.set_deadline(step.seat, table.clock.now() + max(step.left, table.config.undo_min_seconds))
    table.post(Tick("clocks"))  # saved: should the process die now, the next one resumes from these clocks
    for key, stream in table.streams.items():
        entry = {"type": "undone", "v": 0, "n": n - 1, "by": step.seat}
        if key == step.seat:
            entry["move"] = step.text
        stream.publish(entry, table.live_fields(key))
    table.turns.shown(table.version_of)  # a move chosen before the undo is stale
    msg.sub.send(present.ack(table, step.seat, msg.ref))
    table.turns.drive(m, table.bot_level, table.view_for)
