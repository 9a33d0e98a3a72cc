"""Taking a move back (issue 15, item 7): what can be undone, and that the record, the database, a reload
and a restart all forget an undone move."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from harness import Player, Server, run, serving, sql, start_game

from moontable.clock import FakeClock
from moontable.match import Match
from moontable.record import verify


def replayed_views(live: Any) -> dict[int | None, Any]:
    """Every seat's view after replaying the live record from its seed: what the game must be after an undo."""
    rec = live.match.record
    m = Match.new(live.game, rec["options"], rec["seats"], seed=live.match.seed, client_seeds=rec["client_seeds"])
    for mv in rec["moves"]:
        m.play(mv[0], mv[1])
    assert m.record["draws"] == rec["draws"]
    return {k: _json(live.game.view(m.state, k)) for k in [*range(len(rec["seats"])), None]}


def views(live: Any) -> dict[int | None, Any]:
    """Every seat's view of the live game, as a client reads it (JSON)."""
    return {k: _json(live.game.view(live.match.state, k)) for k in [*range(len(live.seats)), None]}


def _json(x: Any) -> Any:
    return json.loads(json.dumps(x))


def last(p: Player, kind: str) -> dict[str, Any]:
    assert p.ws is not None
    return [m for m, _ in p.ws.flat if m["type"] == kind][-1]


def test_a_set_up_placement_is_taken_back_and_no_reload_restart_or_record_brings_it_back(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            live = server.table(tid)
            (d,) = live.game.pending(live.match.state)  # the Moon's first set-up placement
            mover, other = players[d.seat], players[1 - d.seat]
            before = views(live)

            assert (await mover.move(d.options[0]))["type"] == "ack"
            moved = last(mover, "update")
            assert moved["undo"]["n"] == 1 and moved["undo"]["text"].startswith("placed sway in ")  # the move in words
            assert "steadiness" not in moved["undo"]["text"], "what the move did, not its option's details"
            assert moved["log"], "the move made a log line"
            await other.quiet()
            assert last(other, "update")["undo"] is None, "only the player who moved may take it back"

            reply = await mover.undo(1)
            assert reply["type"] == "ack"
            undone = last(mover, "undone")
            assert undone["n"] == 0 and undone["move"] == moved["undo"]["text"] and undone["undo"] is None
            assert mover.view == before[d.seat] and live.match.record["moves"] == []
            await spectator.until(lambda m: m["type"] == "undone")
            assert spectator.view == before[None] and "move" not in last(spectator, "undone")
            assert views(live) == replayed_views(live) == before

            again = await mover.undo(1)  # the same undo sent twice takes back nothing more
            assert again["type"] == "error" and again["code"] == "no_undo"
            assert (await spectator.quiet()) == []

            # a reload: the snapshot shows the game without the move, not even in the log
            reloaded = await server.player(table, d.seat).connect()
            assert reloaded["n"] == 0 and reloaded["view"] == before[d.seat] and reloaded["log"] == []

            # two placements, the second taken back: one stands
            assert (await mover.move(d.options[0]))["type"] == "ack"
            d2 = live.game.decision_for(live.match.state, d.seat)
            assert d2 is not None
            assert (await mover.move(d2.options[-1]))["type"] == "ack"
            assert (await mover.undo(2))["type"] == "ack"
            assert live.match.record["moves"] == [[d.seat, list(d.options[0])]]
            assert views(live) == replayed_views(live)
            for p in [*players.values(), spectator]:
                await p.close()

        assert sql(db, "select n from moves where table_id = :tid", tid=tid) == [(1,)]

        async with serving(db, clock) as server:  # a restart brings back what stands, and only that
            live = server.table(tid)
            assert live.match.record["moves"] == [[d.seat, list(d.options[0])]]
            back = server.player(table, d.seat)
            snap = await back.connect()
            assert snap["n"] == 1 and len(snap["log"]) == 1 and snap["log"][0][0] == 1
            assert snap["undo"] == {"n": 1, "text": moved["undo"]["text"]}, "it may still be taken back"
            await back.close()

    run(main())


async def _random_game_with_undos(server: Server, game: str, seed: int, moves: int) -> dict[str, int]:
    """Two people play random moves; each offered undo is taken now and then. Checks every rule of undo."""
    r = await server.http.post("/api/tables", json={"game": game, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    table = r.json()
    tid = table["id"]
    players = {i: server.player(table, i) for i in (0, 1)}
    for p in players.values():
        await p.connect()
    for p in players.values():
        assert (await p.ready())["type"] == "ack"
    for p in players.values():
        await p.until(lambda m: m["type"] == "update")
    live = server.table(tid)
    rng = random.Random(seed)
    seen: dict[str, int] = {"undone": 0, "stood": 0, "refused": 0}
    last_mover = None
    for _ in range(moves):
        if live.status != "playing":
            break
        d = live.game.pending(live.match.state)[0]
        if last_mover is not None and last_mover != d.seat and live.takeback.last_for(last_mover) is None:
            refused = await players[last_mover].undo()  # another player has moved since: it stands
            assert refused["type"] == "error" and refused["code"] == "no_undo"
            seen["refused"] += 1
        before, draws = views(live), len(live.match.record["draws"])
        action = rng.choice(d.options)
        assert (await players[d.seat].move(action))["type"] == "ack"
        offered = last(players[d.seat], "update")["undo"]
        drew = len(live.match.record["draws"]) != draws
        if drew:
            assert offered is None, f"{action}: a move that drew from the stream stands"
        if offered is None:
            seen["stood"] += 1
            refused = await players[d.seat].undo()
            assert refused["type"] == "error" and refused["code"] == "no_undo"
        elif rng.random() < 0.4:
            n = len(live.match.record["moves"])
            assert offered["n"] == n
            assert (await players[d.seat].undo(n))["type"] == "ack"
            assert views(live) == before, f"{action}: taking it back puts the game as it was"
            assert views(live) == replayed_views(live)
            seen["undone"] += 1
            seen.setdefault(action[0], 0)
            seen[action[0]] += 1  # what kinds of move were taken back
        last_mover = d.seat
    assert views(live) == replayed_views(live)
    for p in players.values():
        await p.close()
    return seen


@pytest.mark.parametrize("game", ["courts", "moonflight"])
def test_only_a_move_that_drew_and_showed_nothing_can_be_undone_and_undoing_is_exact(db: str | Path,
                                                                                      game: str) -> None:
    async def main() -> None:
        async with serving(db) as server:
            seen: dict[str, int] = {}
            for seed in range(2):
                for k, v in (await _random_game_with_undos(server, game, seed, 160)).items():
                    seen[k] = seen.get(k, 0) + v
            assert seen["undone"] >= 10 and seen["stood"] >= 10 and seen["refused"] >= 3, seen
            # a card played for a use, and a town picked, are among the moves taken back (the slips of item 7)
            assert seen.get("play", 0) >= 2 and (game == "moonflight" or seen.get("town", 0) >= 2), seen

    run(main(), timeout=120)


def test_a_whole_game_with_undos_verifies_and_its_record_holds_only_what_stands(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            live = server.table(table["id"])
            rng = random.Random(5)
            taken = 0
            while live.status == "playing":
                d = live.game.pending(live.match.state)[0]
                assert (await players[d.seat].move(rng.choice(d.options)))["type"] == "ack"
                if live.takeback.last_for(d.seat) is not None and rng.random() < 0.3:
                    assert (await players[d.seat].undo())["type"] == "ack"
                    taken += 1
            rec = (await server.http.get(f"/api/tables/{table['id']}/record")).json()
            assert taken > 5 and verify(rec).ok, verify(rec).failed
            for p in players.values():
                await p.close()

    run(main(), timeout=120)


def test_an_undone_decision_gets_back_the_time_it_had_not_a_fresh_clock(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            live = server.table(table["id"])
            (d,) = live.game.pending(live.match.state)
            mover = players[d.seat]
            await mover.quiet()
            assert mover.decision["deadline"] == server.clock.now() + 90
            server.clock.advance(50)
            assert (await mover.move(d.options[0]))["type"] == "ack"
            server.clock.advance(5)
            assert (await mover.undo())["type"] == "ack"
            assert mover.decision["kind"] == d.kind
            assert mover.decision["deadline"] == pytest.approx(server.clock.now() + 40)
            # it runs out as any clock does
            server.clock.advance(41)
            await mover.until(lambda m: m["type"] == "update" and m["auto"])
            for p in players.values():
                await p.close()

    run(main())


def test_a_spectator_or_a_game_not_started_has_nothing_to_take_back(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table = await server.create("human", "human")
            p0 = server.player(table, 0)
            await p0.connect()
            refused = await p0.undo()
            assert refused["type"] == "error" and refused["code"] == "no_undo"
            await p0.close()
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            live = server.table(table["id"])
            (d,) = live.game.pending(live.match.state)
            assert (await players[d.seat].move(d.options[0]))["type"] == "ack"
            refused = await spectator.undo()
            assert refused["type"] == "error" and refused["code"] == "spectator"
            assert len(live.match.record["moves"]) == 1
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


@pytest.mark.parametrize("game", ["moons", "bluemoon"])
def test_a_game_that_has_not_named_its_reveals_offers_no_undo(db: str | Path, game: str) -> None:
    """Undo is a game's to turn on (Game.undoable) once its reveals() knows every event that turns up a
    secret: until then a player could see a hidden card and take back the move that showed it."""
    async def main() -> None:
        async with serving(db) as server:
            games = (await server.http.get("/api/games")).json()["games"]
            assert {g["id"]: g["undo"] for g in games}[game] is False
            r = await server.http.post("/api/tables", json={"game": game, "seats": [
                {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
            table = r.json()
            players = {i: server.player(table, i) for i in (0, 1)}
            for p in players.values():
                await p.connect()
            for p in players.values():
                assert (await p.ready())["type"] == "ack"
            live = server.table(table["id"])
            rng = random.Random(3)
            for _ in range(12):
                await players[0].quiet()
                d = live.game.pending(live.match.state)[0]
                assert (await players[d.seat].move(rng.choice(d.options)))["type"] == "ack"
                assert last(players[d.seat], "update")["undo"] is None
                refused = await players[d.seat].undo()
                assert refused["type"] == "error" and refused["code"] == "no_undo"
            for p in players.values():
                await p.close()

    run(main())
