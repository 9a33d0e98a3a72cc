"""The last-move line names who really moved: a spectator gets a moment's moves (0.25 s) as one batch, with the view
of the last one only, so the page must take each move's mover from the server's messages, not guess it from two
views that lie several moves, by both players, apart."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from webserver import _serve

from moontable.table import TableConfig


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Bots that move every few hundredths of a second: several moves, often by both, in each spectators' batch."""
    yield from _serve(tmp_path_factory.mktemp("paced") / "web.db",
                      TableConfig(bot_pace=0.06, bot_pace_again=0.04))


# After each render of the spectator's board: the name the last-move line gives, and the player whose moves since
# the other player's last placed or took sway (that move must be the one marked), when they did.
WATCH = """() => {
  const t = window.moontableTable, board = t.board, render = board.render;
  window.lastMoveChecks = [];
  let seen = 0;
  board.render = (...args) => {
    const out = render.apply(board, args);
    const moves = t.moves.filter((m) => !m.undone && m.by !== null);
    const fresh = moves.filter((m) => m.seq > seen);
    if (moves.length) seen = moves[moves.length - 1].seq;
    const line = document.querySelector('#last-move');
    if (!moves.length || !line || line.hidden || !line.querySelector('strong')) return out;
    const by = moves[moves.length - 1].by;
    let from = moves.length;
    while (from > 0 && moves[from - 1].by === by) from -= 1;
    const net = {};
    for (const m of moves.slice(from)) for (const e of m.events) {
      if (e.type === 'sway') net[`${e.town} ${e.court}`] = (net[`${e.town} ${e.court}`] || 0) + e.delta;
    }
    if (!Object.values(net).some((n) => n !== 0)) return out;  // no sway of theirs to see: not a sure case
    window.lastMoveChecks.push({ named: line.querySelector('strong').textContent.split(' (')[0],
      mover: t.seats.find((s) => s.seat === by).name, mixed: new Set(fresh.map((m) => m.by)).size > 1,
      glow: !!document.querySelector('.town.last-move') });
    return out;
  };
}"""


def _watch_one_game(browser, server: str) -> list[dict]:
    """A spectator at one bots' game, to its end or to eight batches that held both players' moves."""
    seats = [{"kind": "bot", "level": "random", "name": "Ann"}, {"kind": "bot", "level": "random", "name": "Bo"}]
    r = httpx.post(f"{server}/api/tables", json={"game": "courts", "seats": seats})
    r.raise_for_status()
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=server)
    page = ctx.new_page()
    try:
        page.goto(f"/t/{r.json()['id']}")
        page.wait_for_function("() => window.moontableTable.board && window.moontableTable.view")
        page.evaluate(WATCH)
        page.wait_for_function("() => window.moontableTable.view.over || "
                               "window.lastMoveChecks.filter((c) => c.mixed).length >= 8", timeout=60_000)
        return page.evaluate("() => window.lastMoveChecks")
    finally:
        ctx.close()


def test_a_spectator_s_last_move_line_names_who_moved_when_a_batch_holds_both_players_moves(browser, paced_server):
    checks: list[dict] = []
    for _ in range(5):  # a game the bots lose at once (a Fair kept) has few batches: watch another
        checks += _watch_one_game(browser, paced_server)
        if sum(c["mixed"] for c in checks) >= 3:
            break
    assert sum(c["mixed"] for c in checks) >= 3, "batches held both players' moves"
    wrong = [c for c in checks if c["named"] != c["mover"]]
    assert not wrong, f"the last-move line named the wrong player: {wrong[:3]} of {len(checks)}"
    assert any(c["glow"] for c in checks), "the mover's towns glow"
