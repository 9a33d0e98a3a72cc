"""No message to a seat or a spectator before the end holds another seat's hidden cards or the seed.

Two seats play a whole Courts game with random legal options taken from their own messages, with a
spectator watching and clients reconnecting on the way. After every move each client's view must be
exactly the engine's view for that seat (whose hiding is tested in tests/courts/test_leaks.py), and
every view and event is checked for the other court's hand and a face-down herald.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from harness import Player, run, serving, start_game

from moontable.games.courts.view import herald_hidden_from
from moontable.table import Table

COURTS = ("moon", "sun")
SECRET_EVENTS = ("deal", "draw", "herald_chosen")
CHECKED: list[str] = []


def check_message(table: Table, seat: int | None, msg: dict[str, Any], raw: str) -> None:
    CHECKED.append(msg["type"])
    assert table.seed.hex() not in raw
    assert "draws" not in msg and '"seed"' not in raw.replace('"seed":null', "")
    s = table.match.state
    me = None if seat is None else s.court_of(seat)
    view = msg.get("view")
    if view is not None:
        assert view == json.loads(json.dumps(table.game.view(s, seat)))
        for c in (0, 1):
            if c != me:
                assert view["courts"][c]["hand"] is None
                if herald_hidden_from(s, c, me):
                    assert view["courts"][c]["herald"] is None
        for d in view["decisions"]:
            assert d["options"] is None or d["seat"] == seat
    for e in msg.get("events", ()):
        assert "only" not in e and "hide" not in e
        if e["type"] in SECRET_EVENTS and (me is None or e.get("court") != COURTS[me]):
            assert "hand" not in e and "card" not in e, e
    if msg.get("decision") is not None:
        assert seat is not None and table.game.decision_for(s, seat) is not None


async def settle(table: Table, clients: dict[int | None, Player], n: int, checked: dict[int | None, int]) -> None:
    """Read every client up to the update of move n, then check every message not checked yet."""
    for seat, p in clients.items():
        assert p.ws is not None
        while max((m["n"] for m, _ in p.ws.flat if m["type"] in ("update", "snapshot")), default=-1) < n:
            await p.recv()
        while p.unbatched:  # the rest of a spectators' batch, which the page takes in before it shows anything
            await p.recv()
        for msg, raw in p.ws.flat[checked.get(seat, 0):]:  # a spectators' batch: each of its messages
            check_message(table, seat, msg, raw)
        checked[seat] = len(p.ws.flat)
        check_message(table, seat, {"type": "page", "view": p.view}, "")  # the view the changes made


@pytest.mark.parametrize("game", [1, 2])
def test_no_message_before_the_end_holds_hidden_cards_or_the_seed(db: str | Path, game: int) -> None:
    async def main() -> None:
        rng = random.Random(game)
        CHECKED.clear()
        async with serving(db, seeds=game) as server:
            info, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            table = server.table(info["id"])
            clients: dict[int | None, Player] = {0: players[0], 1: players[1], None: spectator}
            checked: dict[int | None, int] = {}
            n = 0
            while table.status == "playing":
                await settle(table, clients, n, checked)
                movers = [p for seat, p in clients.items() if seat is not None and p.decision is not None]
                p = movers[0]
                reply = await p.move(rng.choice(p.decision["options"]))
                assert reply["type"] == "ack", reply
                n += 1
                if table.status == "ended":
                    break
                if n % 40 == 0:  # reconnects get snapshots: check those too
                    who = clients[rng.choice([0, 1, None])]
                    await who.close()
                    await who.connect(resume=rng.random() < 0.5)
                    checked[who.snapshot["seat"]] = 0  # a new connection: check all it gets
                if n % 25 == 0:
                    rec = (await server.http.get(f"/api/tables/{info['id']}/record")).json()
                    assert set(rec) & {"seed", "draws", "moves"} == set() and rec["moves_played"] == n
                    assert table.seed.hex() not in json.dumps(rec)
            assert n >= 10 and CHECKED.count("update") >= 3 * n - 10  # every client's every update was checked
            for p in clients.values():
                ended = await p.until(lambda m: m["type"] == "ended")
                assert ended["seed"] == table.seed.hex()
                await p.close()

    run(main(), timeout=60)
