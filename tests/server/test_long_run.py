"""Long use: a finished table lets go of its memory promptly, and late comers still see its end."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

import pytest
from harness import Closed, play_safe, run, serving, start_game

from moontable.server.messages import Close


def test_a_finished_table_is_released_promptly_and_late_comers_get_its_end_from_the_database(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path / "t.db") as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            live = weakref.ref(server.table(tid))
            await play_safe(server, tid, players)
            ends = [await p.until(lambda m: m["type"] == "ended") for p in [*players.values(), spectator]]
            server.clock.advance(10)  # seconds, not the ten minutes an ended table used to stay
            for p in [*players.values(), spectator]:
                with pytest.raises(Closed) as closed:
                    await p.until(lambda m: False)
                assert closed.value.code == Close.TABLE_CLOSED
                await p.close()
            assert tid not in server.lobby.tables and tid not in server.lobby.tasks
            await asyncio.sleep(0)
            gc.collect()
            assert live() is None, "nothing holds on to the finished table's live state"
            # a reload after that: the end, rebuilt from the database, then the socket closes
            for i, p in [*players.items(), (None, spectator)]:
                snap = await p.connect()
                assert snap["status"] == "ended" and snap["seat"] == i and snap["seed"] == ends[0]["seed"]
                with pytest.raises(Closed):
                    await p.until(lambda m: False)
                await p.close()
            assert len(server.lobby.finished_cache) == 1, "rebuilt once for every late comer"

    run(main())
