"""A dropped client comes back with its last version and gets exactly what it missed, then a snapshot."""

from __future__ import annotations

import json
from pathlib import Path

from harness import play_safe, run, serving, start_game


def test_reconnect_from_a_version_gets_what_was_missed(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            await play_safe(server, tid, players, moves=10)
            await spectator.quiet()
            last_v, epoch = spectator.v, spectator.epoch
            await spectator.close()
            made = await play_safe(server, tid, players, moves=15)
            assert made == 15
            stream = server.table(tid).streams[None]
            snap = await spectator.connect(resume=True)
            missed = spectator.ws.messages[:-1]  # type: ignore[union-attr]
            assert [m["v"] for m in missed] == list(range(last_v + 1, stream.version + 1))
            assert all(m["type"] == "update" and "view" not in m for m in missed)
            assert [m["n"] for m in missed][-1] == snap["n"] == len(server.table(tid).match.record["moves"])
            assert snap["resumed"] is True and snap["v"] == stream.version and snap["epoch"] == epoch
            live = server.table(tid)
            assert snap["view"] == json.loads(json.dumps(live.game.view(live.match.state, None)))

            # from another life of the table (a wrong epoch) or a version it never had: a snapshot only
            for since, ep in ((last_v, "00000000"), (stream.version + 5, epoch), (None, None)):
                await spectator.close()
                spectator.v, spectator.epoch = since or 0, ep
                snap = await spectator.connect(resume=since is not None)
                assert snap["resumed"] is False and len(spectator.ws.messages) == 1

            # a seat resumes the same way, and its snapshot carries its open decision
            seat0 = players[0]
            await seat0.quiet()
            v0 = seat0.v
            await seat0.close()
            await play_safe(server, tid, {1: players[1]}, moves=3, stop=lambda t: 1 not in _open(t))
            snap = await seat0.connect(resume=True)
            assert snap["resumed"] is True and snap["seat"] == 0
            assert [m["v"] for m in seat0.ws.messages[:-1]] == list(range(v0 + 1, snap["v"] + 1))
            d = live.game.decision_for(live.match.state, 0)
            assert (snap["decision"] is None) == (d is None)
            # a client may also ask again without reconnecting
            await seat0.ws.send({"type": "sync", "since": v0, "epoch": snap["epoch"]})
            again = await seat0.until(lambda m: m["type"] == "snapshot")
            assert again["resumed"] is True and again["v"] == snap["v"]
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


def _open(table) -> set[int]:
    return {d.seat for d in table.game.pending(table.match.state)}


def test_a_short_log_falls_back_to_a_snapshot(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, max_log=8) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            await spectator.quiet()
            await spectator.close()
            await play_safe(server, table["id"], players, moves=20)
            snap = await spectator.connect(resume=True)
            assert snap["resumed"] is False and len(spectator.ws.messages) == 1
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())
