"""A live update carries the view's change, not the whole view: the page's state is the same either way.

Each game is played twice from the same seed with the same moves: once as the server sends it (changes),
once with `view_changes` off (the whole view in every live message). Every message each seat and a
spectator received goes through the page's own state keeping (web/frame/state.js, run by node), and the
page's state after every live message must be the same both ways and hold the seat's view as the game
makes it at that move.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from harness import Player, run, serving

import moontable

NODE = shutil.which("node")
FRAME = Path(moontable.__file__).parent / "web" / "frame" / "state.js"
HARNESS = Path(__file__).parent / "page_state.mjs"
GAMES = ["courts", "moonflight", "moons", "bluemoon"]


def page_states(clients: dict[str, list[str]]) -> dict[str, list[dict[str, Any]]]:
    assert NODE is not None, "node is needed to run the page's code (make test installs it)"
    done = subprocess.run([NODE, str(HARNESS)], input=json.dumps({"frame": str(FRAME), "clients": clients}),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out: dict[str, list[dict[str, Any]]] = json.loads(done.stdout)
    return out


async def play(db: Path, game: str, changes: bool) -> tuple[dict[str, list[str]], dict[tuple[str, int], Any]]:
    """One whole game, each seat's move a seeded random choice: what every client received, and each seat's
    (and the spectators') view after each move as the game makes it."""
    truth: dict[tuple[str, int], Any] = {}
    async with serving(db, seeds=3, view_changes=changes) as server:
        r = await server.http.post("/api/tables", json={"game": game, "seats": [{"kind": "human"}] * 2})
        assert r.status_code == 201, r.text
        info = r.json()
        seats = len(info["seats"])
        clients: dict[str, Player] = {str(i): server.player(info, i) for i in range(seats)}
        clients["spectator"] = server.player(info, None)
        for p in clients.values():
            await p.connect()
        for i in range(seats):
            assert (await clients[str(i)].ready(f"seed {i}"))["type"] == "ack"
        for p in clients.values():
            await p.until(lambda m: m["type"] == "update")  # the start
        table = server.table(info["id"])
        rng = random.Random(game)
        n = 0

        def note() -> None:
            assert table.match is not None
            for name in clients:
                key = None if name == "spectator" else int(name)
                truth[(name, n)] = json.loads(json.dumps(table.game.view(table.match.state, key)))

        note()
        while table.status == "playing":
            assert table.match is not None
            d = table.game.pending(table.match.state)[0]
            reply = await clients[str(d.seat)].move(list(rng.choice(d.options)))
            assert reply["type"] == "ack", reply
            n += 1
            note()
        received = {}
        for name, p in clients.items():  # everyone's messages to the end, before anyone leaves (a seats message)
            await p.until(lambda m: m["type"] == "ended")
            assert p.ws is not None
            received[name] = p.ws.raw[:]
        for p in clients.values():
            await p.close()
        return received, truth


@pytest.mark.parametrize("game", GAMES)
def test_the_page_state_is_the_same_from_changes_as_from_whole_views(tmp_path: Path, game: str) -> None:
    async def main() -> None:
        sent, truth = await play(tmp_path / "changes.db", game, changes=True)
        whole, truth_again = await play(tmp_path / "whole.db", game, changes=False)
        assert truth == truth_again, "the same game both times"
        moves = max(n for _, n in truth)
        assert moves > 20
        with_changes, with_views = page_states(sent), page_states(whole)
        for name in sent:
            live = [s for s in with_changes[name] if s["live"]]
            live_whole = [s for s in with_views[name] if s["live"]]
            assert {s["n"] for s in live} >= ({n for _, n in truth} if name != "spectator" else {moves})
            for s in live:
                assert not s["state"]["stale"], f"{name}: a change it could not apply at move {s['n']}"
                assert s["state"]["view"] == truth[(name, s["n"])], f"{name}: the view at move {s['n']}"
            if name != "spectator":  # a seat's messages do not depend on timing: the same page after each
                assert [s["state"] for s in live] == [s["state"] for s in live_whole]
            else:  # the spectators' batches do: the same page after the moves both saw live
                at = {s["n"]: s["state"] for s in live_whole}
                assert any(s["n"] in at for s in live)
                for s in live:
                    if s["n"] in at:
                        assert s["state"] == at[s["n"]], f"the spectator's page at move {s['n']}"
            assert with_changes[name][-1]["state"] == with_views[name][-1]["state"], f"{name}: the end"
        # and it was sent as changes: nearly every live update after the first, in far fewer bytes
        for name in ("0", "1"):
            updates = [json.loads(t) for t in sent[name]]
            changed = [m for m in updates if m["type"] == "update" and "change" in m]
            live = [m for m in updates if m["type"] in ("update", "undone") and "clocks" in m]
            assert len(changed) >= 0.8 * len(live), f"{name}: {len(changed)} changes in {len(live)} live updates"
            assert sum(map(len, sent[name])) < 0.6 * sum(map(len, whole[name]))

    run(main(), timeout=120)


@pytest.mark.parametrize("game", GAMES)
def test_views_made_together_are_each_seats_view_and_stay_as_they_were(game: str) -> None:
    """The table makes a position's views together (`Game.views`: what every seat sees alike made once) and
    keeps each stream's as the start of the next change: each must be that seat's `view`, key for key and in
    the same order, with every seat count the game takes and for any set of the seats, and none may change
    when the game moves on."""
    from moontable import games
    from moontable.match import Match

    g = games.get_game(game)
    for n in sorted({max(2, g.info.min_seats), g.info.max_seats}):
        rng = random.Random(11 + n)
        m = Match.new(g, g.default_options(n), [{"name": f"p{i}"} for i in range(n)], seed=bytes([n]) * 32)
        kept: list[tuple[dict[str, Any], str]] = []
        everyone: list[int | None] = [*range(n), None]
        while not m.ended:
            d = g.pending(m.state)[0]
            m.play(d.seat, rng.choice(d.options))
            wanted = everyone if rng.random() < 0.7 else rng.sample(everyone, rng.randint(1, n + 1))
            views = g.views(m.state, wanted)
            assert list(views) == wanted
            for seat, v in views.items():
                assert json.dumps(v) == json.dumps(g.view(m.state, seat)), (n, seat)
                kept.append((v, json.dumps(v)))
        for v, then in kept:
            assert json.dumps(v) == then, "a view changed after it was made"
