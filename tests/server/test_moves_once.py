"""A move is played once, and only at the position its player saw: a move message carries its id and
the version it was chosen at; the same message again gets the first answer; a move chosen before the
decision it answers was shown is refused ("stale") and changes nothing."""

from __future__ import annotations

from pathlib import Path

from harness import play_safe, run, serving, start_game

from moontable.record import verify


def test_the_same_move_sent_twice_back_to_back_is_played_once_and_answered_alike(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            tid = table["id"]
            live = server.table(tid)
            again_legal = 0  # repeats that the engine would have taken as a second move
            for i in range(60):
                if live.status != "playing":
                    break
                d = live.game.pending(live.match.state)[0]
                p = players[d.seat]
                await p.quiet(0.01)  # the player has read everything: it sends the version it saw
                action = live.game.safe_action(live.match.state, d)
                n = len(live.match.record["moves"])
                v = p.v if i % 2 == 0 else None  # every other one from a client that does not send versions
                ref = await p.send_move(action, v=v, epoch=p.epoch if v is not None else None)
                await p.send_move(action, ref=ref, v=v, epoch=p.epoch if v is not None else None)
                first, second = await p.answer(ref), await p.answer(ref)
                assert first["type"] == "ack" and second == first, (i, first, second)
                assert len(live.match.record["moves"]) == n + 1, f"move {i} was played twice"
                after = live.game.pending(live.match.state)
                again_legal += any(x.seat == d.seat and tuple(action) in x.options for x in after)
            assert again_legal >= 3, "the test met positions where a second copy would have been legal"
            await play_safe(server, tid, players)
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert verify(rec).ok
            for p in players.values():
                await p.close()

    run(main())


def test_two_windows_of_one_seat_moving_at_once_play_one_move(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            tid = table["id"]
            live = server.table(tid)
            second = {i: server.player(table, i) for i in (0, 1)}  # the same seats, opened in a second window
            for p in second.values():
                await p.connect()
            tried = stale = 0
            while tried < 12 and live.status == "playing":
                d = live.game.pending(live.match.state)[0]
                a, b = players[d.seat], second[d.seat]
                for p in (*players.values(), *second.values()):
                    await p.quiet(0.01)
                if len(d.options) < 2:
                    assert (await a.move(d.options[0], v=a.v))["type"] == "ack"
                    continue
                tried += 1
                n = len(live.match.record["moves"])
                assert a.v == b.v
                ra = await a.send_move(d.options[0], v=a.v, epoch=a.epoch)
                rb = await b.send_move(d.options[-1], v=b.v, epoch=b.epoch)
                got_a, got_b = await a.answer(ra), await b.answer(rb)
                assert got_a["type"] == "ack", got_a
                still = any(x.seat == d.seat for x in live.game.pending(live.match.state))
                # refused: as stale while the seat has a decision again (the one after the move it did not see)
                assert got_b["type"] == "error" and got_b["code"] == ("stale" if still else "not_your_turn"), got_b
                if still:
                    stale += 1
                    assert "not played" in got_b["message"] and "look again" in got_b["message"]
                assert len(live.match.record["moves"]) == n + 1
                assert live.match.record["moves"][-1][:2] == [d.seat, list(d.options[0])]
            assert tried == 12 and stale >= 3
            # a move chosen in an earlier life of the table (another epoch) is refused too
            d = live.game.pending(live.match.state)[0]
            p = players[d.seat]
            await p.quiet(0.01)
            n = len(live.match.record["moves"])
            got = await p.answer(await p.send_move(d.options[0], v=p.v, epoch="0ldl1fe0"))
            assert got["code"] == "stale" and "restarted" in got["message"]
            got = await p.answer(await p.send_move(d.options[0], v=p.v + 50, epoch=p.epoch))
            assert got["code"] == "stale" and len(live.match.record["moves"]) == n
            # and the game goes on to a record that verifies
            await play_safe(server, tid, players)
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert verify(rec).ok
            for p in (*players.values(), *second.values()):
                await p.close()

    run(main())
