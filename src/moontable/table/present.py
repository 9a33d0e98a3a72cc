"""What a table shows: the snapshot a connection starts from, acks, the lobby's summary, the record.

Read-only: nothing here changes a table, so the lobby may call these from outside the table's loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from moontable.table.base import encode, safe_view

if TYPE_CHECKING:
    from moontable.table.live import Table

__all__ = ["ack", "public_record", "snapshot", "summary"]


def summary(t: Table) -> dict[str, Any]:
    m = t.match
    return {"id": t.id, "game": t.game.info.id, "status": t.status, "created": t.created_at,
            "commitment": t.commitment, "seats": [s.public() for s in t.seats],
            "moves": 0 if m is None else len(m.record["moves"]),
            "result": None if m is None else m.record["result"]}


def public_record(t: Table) -> dict[str, Any]:
    """The record as anyone may see it. Before the end the moves and draws are withheld with the seed:
    the draws give away every shuffle, and a move can be a face-down choice."""
    m = t.match
    if m is not None and m.ended:
        return m.public_record()
    header = (m or t.new_match([])).public_record()
    out = {k: v for k, v in header.items() if k not in ("moves", "draws", "seed")}
    out["moves_played"] = 0 if m is None else len(header["moves"])
    return out


def ack(t: Table, seat: int, ref: int | None) -> str:
    """A move or ready accepted and committed; `v` is the seat's version once its update is out."""
    n = 0 if t.match is None else len(t.match.record["moves"])
    return encode({"type": "ack", "id": ref, "v": t.streams[seat].version, "n": n}).decode()


def snapshot(t: Table, seat: int | None, resumed: bool) -> str:
    """Everything `seat` (None: a spectator) may know now, with its stream's version."""
    m = t.match
    ended = m is not None and m.ended
    return encode({
        "type": "snapshot", "v": t.streams[seat].version, "epoch": t.epoch, "resumed": resumed,
        "table": t.id, "game": t.game.info.id, "seat": seat, "status": t.status,
        "seats": [s.public() for s in t.seats], "commitment": t.commitment,
        "client_seeds": None if m is None else m.record["client_seeds"],
        "n": 0 if m is None else len(m.record["moves"]),
        "view": None if m is None else safe_view(t.game, m.state, seat),
        "decision": t.turns.decision(seat), "clocks": t.turns.clocks(),
        "result": None if m is None else m.record["result"],
        "text": t.game.describe_result(m.state) if m is not None and ended else None,
        "seed": m.seed.hex() if m is not None and ended else None,
    }).decode()
