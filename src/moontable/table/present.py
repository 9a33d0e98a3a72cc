"""What a table shows: the snapshot a connection starts from, acks, the lobby's summary, the record.

Read-only: nothing here changes a table, so the lobby may call these from outside the table's loop.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from moontable.table.base import encode, safe_view
from moontable.table.history import with_names

if TYPE_CHECKING:
    from moontable.table.live import Table

__all__ = ["ack", "public_record", "result_text", "sentence", "snapshot", "summary"]

log = logging.getLogger("moontable.table")


def summary(t: Table) -> dict[str, Any]:
    m = t.match
    return {"id": t.id, "game": t.game.info.id, "status": t.status, "created": t.created_at,
            "commitment": t.commitment, "seats": [s.public() for s in t.seats],
            "moves": 0 if m is None else len(m.record["moves"]),
            "result": None if m is None else m.record["result"], "rated": t.rated}


def public_record(t: Table) -> dict[str, Any]:
    """The record as anyone may see it. Before the end the moves and draws are withheld with the seed:
    the draws give away every shuffle, and a move can be a face-down choice."""
    m = t.match
    if m is not None and m.ended:
        return m.public_record()
    header = (m or t.new_match([])).public_record()
    out = {k: v for k, v in header.items() if k not in ("moves", "draws", "seed")}
    out["options"] = t.game.public_options(out["options"])  # e.g. a built deck's list stays its owner's
    out["moves_played"] = 0 if m is None else len(header["moves"])
    return out


def ack(t: Table, seat: int, ref: int | None) -> str:
    """A move or ready accepted and committed; `v` is the seat's version once its update is out."""
    n = 0 if t.match is None else len(t.match.record["moves"])
    return encode({"type": "ack", "id": ref, "v": t.streams[seat].version, "n": n}).decode()


def snapshot(t: Table, seat: int | None, resumed: bool, view: dict[str, Any] | None = None,
             view_v: int | None = None) -> str:
    """Everything `seat` (None: a spectator) may know now, with its stream's version. The live table gives
    the view it has made and the version it dates from (the base of the changes that follow it); by
    default it is made here, dated now."""
    m = t.match
    ended = m is not None and m.ended
    log_from, log = t.logbook.lines(seat, t.config.log_lines)
    if view is None and m is not None:
        view = safe_view(t.game, m.state, seat)
    return encode({
        "type": "snapshot", "v": t.streams[seat].version, "epoch": t.epoch, "resumed": resumed,
        "table": t.id, "game": t.game.info.id, "seat": seat, "status": t.status,
        "seats": [s.public() for s in t.seats], "commitment": t.commitment,
        "client_seeds": None if m is None else m.record["client_seeds"],
        "n": 0 if m is None else len(m.record["moves"]),
        "view": view, "view_v": t.streams[seat].version if view_v is None else view_v,
        "decision": t.turns.decision(seat), "clocks": t.turns.clocks(),
        "result": None if m is None else m.record["result"],
        "text": result_text(t, seat) if ended else None,
        "seed": m.seed.hex() if m is not None and ended else None,
        "log": log, "log_from": log_from, "log_lang": _log_lang(t, seat), "undo": t.undo_for(seat),
        "fill_at": t.fill_at if t.status == "waiting" else None,
    }).decode()


def _log_lang(t: Table, seat: int | None) -> dict[str, dict[str, Any]] | None:
    """The stream's log in each of the game's other languages: {lang: {"log": [[n, text], ...], "from": n}}."""
    if not t.logbooks:
        return None
    out = {}
    for lang, book in t.logbooks.items():
        first, lines = book.lines(seat, t.config.log_lines)
        out[lang] = {"log": lines, "from": first}
    return out


def result_text(t: Table, seat: int | None) -> str | None:
    """How the game ended in the players' words: "You win: ..." or "You lose: ..." for a seat (the reason
    after it), who won and why for a spectator; players by name."""
    m = t.match
    if m is None or not m.ended:
        return None
    names = t.names()
    try:
        result = m.record["result"]
        if seat is None or len(t.seats) == 1:
            return sentence(with_names(t.game.describe_result(m.state), names))
        head = "A draw" if result["winner"] is None else "You win" if result["winner"] == seat else "You lose"
        reason = with_names(t.game.describe_reason(m.state), names)
        return f"{head}: {reason}." if reason else f"{head}."
    except Exception:  # words must never stop a table
        log.exception("%s: no words for the result", t.game.info.id)
        return "The game is over."


def sentence(text: str) -> str:
    """A text as a sentence: a capital first, a full stop last (unless it ends in one of its own)."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
