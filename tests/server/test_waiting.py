"""Waiting for a friend (issue 15, item 15) and the bots' pace at the set-up (item 16): the seat of a
friend who has not come, the countdown to the bots, starting now with a bot, a name chosen at the seat."""

from __future__ import annotations

from pathlib import Path

from harness import play_safe, run, serving

from moontable.clock import FakeClock


def test_a_host_sees_the_countdown_and_starts_now_with_a_bot(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, fill_seconds=600) as server:
            created = clock.now()
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": "Host"}, {"kind": "human", "name": "Friend"}]})
            table = r.json()
            host = server.player(table, 0)
            snap = await host.connect()
            friend_seat = snap["seats"][1]
            # the friend has the link and has not opened it: not connected, not ready (the page says "invited")
            assert friend_seat["connected"] is False and friend_seat["ready"] is False and friend_seat["taken"]
            assert snap["fill_at"] == created + 600, "when bots take the empty seats"
            refused = await host.until_reply({"type": "start", "id": 1})
            assert refused["type"] == "error" and refused["code"] == "not_ready"
            assert (await host.ready())["type"] == "ack"
            seats = await host.until(lambda m: m["type"] == "seats")
            assert seats["fill_at"] == created + 600
            clock.advance(30)
            ack = await host.until_reply({"type": "start", "id": 9})
            assert ack["type"] == "ack"
            live = server.table(table["id"])
            assert live.status == "playing" and live.seats[1].takeover is not None, "a bot sits in for the friend"
            told = [m for m in host.ws.messages if m["type"] == "seats"][-1]
            assert told["seats"][1]["bot"] is True and told["fill_at"] is None
            assert await play_safe(server, table["id"], {0: host}, moves=3) == 3
            again = await host.until_reply({"type": "start", "id": 10})
            assert again["type"] == "error" and again["code"] == "started"
            # the friend arrives late: the link still works, and their seat is theirs again
            friend = server.player(table, 1)
            assert (await friend.connect())["seats"][1]["bot"] is False
            await friend.close()
            await host.close()

    run(main())


def test_a_friend_who_joins_by_link_sets_their_name(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": "Host"}, {"kind": "human", "name": "Friend"}]})
            table = r.json()
            host, friend = server.player(table, 0), server.player(table, 1)
            await host.connect()
            await friend.connect()
            await friend.ws.send({"type": "ready", "name": "  Zoë   the Bold ", "id": 1})
            assert (await friend.until(lambda m: m["type"] in ("ack", "error")))["type"] == "ack"
            seats = await host.until(lambda m: m["type"] == "seats" and m["seats"][1]["ready"])
            assert seats["seats"][1]["name"] == "Zoë the Bold"
            # a name is cleaned as the lobby cleans one: no control or bidi characters, at most 40 characters
            assert (await host.until_reply({"type": "ready", "name": "\u202e" + "x" * 41, "id": 2}))["type"] == "ack"
            await host.until(lambda m: m["type"] == "update")
            rec = (await server.http.get(f"/api/tables/{table['id']}/record")).json()
            assert [s["name"] for s in rec["seats"]] == ["x" * 40, "Zoë the Bold"]
            await host.close()
            await friend.close()

    run(main())


def test_a_bots_set_up_steps_after_its_first_are_quick(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock, bot_pace=1.0) as server:
            r = await server.http.post("/api/tables", json={"game": "courts", "seats": [
                {"kind": "human", "name": "Me"}, {"kind": "bot", "level": "random"}]})
            table = r.json()
            me = server.player(table, 0)
            await me.connect()
            assert (await me.ready())["type"] == "ack"
            await me.until(lambda m: m["type"] == "update")
            live = server.table(table["id"])
            if live.game.decision_for(live.match.state, 0) is not None:  # I am the Moon: my set-up first
                await play_safe(server, table["id"], {0: me}, stop=lambda t: t.game.decision_for(t.match.state, 0)
                                is None)
            start, times = clock.now(), []
            while (d := live.game.decision_for(live.match.state, 1)) is not None and d.kind == "setup":
                clock.advance(0.25)  # the bot's placements, watched a quarter second at a time
                for m in await me.quiet(0.3):
                    if m["type"] == "update" and m["by"] == 1:
                        times.append(clock.now() - start)
            assert len(times) >= 5, times
            assert times == [1.0 + 0.25 * i for i in range(len(times))], "one second, then a quarter a step"
            await me.close()

    run(main())
