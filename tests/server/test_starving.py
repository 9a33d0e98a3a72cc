"""No client can starve the others: a seat keeps only its newest few sockets, a table and an address
only so many, and a socket whose client reads nothing is cut off after a deadline instead of being
held (with everything queued for it) for ever."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from harness import WS, Closed, play_safe, run, serving, start_game

from moontable.server.messages import Close


async def refused(ws: WS) -> tuple[list[dict], int]:
    with pytest.raises(Closed) as closed:
        while True:
            await ws.recv(2)
    return [m for m in ws.messages if m["type"] == "error"], closed.value.code


def test_a_client_that_reads_nothing_is_cut_off_after_a_deadline(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, send_seconds=0.3) as server:
            table, players, _ = await start_game(server, "human", "human", watch=False)
            tid = table["id"]
            mute = await WS(server.app, f"/ws/{tid}", out_size=1).connect()  # takes one message, then no more
            await mute.send({"type": "hello"})
            live = server.table(tid)
            assert await play_safe(server, tid, players, moves=12) == 12  # the table does not wait for it
            for _ in range(400):
                if mute.task is not None and mute.task.done():
                    break
                await asyncio.sleep(0.01)
            assert mute.task is not None and mute.task.done(), "the server let go of the socket"
            assert not live.streams[None].subs, "the table no longer queues anything for it"
            assert len(server.lobby.conns) == 2 and server.lobby.sockets.watching.held[tid] == 0
            assert await play_safe(server, tid, players, moves=3) == 3
            for p in players.values():
                await p.close()

    run(main())


def test_sockets_are_capped_per_seat_per_table_and_per_address(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, conns_per_seat=2, spectators_per_table=2,
                           conns_per_address=7) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            # a seat opened in a third window: the oldest window gives way, the newer two play on
            windows = [players[0], server.player(table, 0), server.player(table, 0)]
            for w in windows[1:]:
                await w.connect()
            msgs, code = await refused(windows[0].ws)
            assert code == Close.REPLACED and msgs[-1]["code"] == "replaced"
            assert "another window" in msgs[-1]["message"]
            await windows[0].close()
            live = server.table(tid)
            assert live.seats[0].conns == 2 and len(live.streams[0].subs) == 2
            players[0] = windows[2]
            assert await play_safe(server, tid, players, moves=2) == 2
            # two spectators a table here: a third is turned away, and told why
            second = server.player(table, None)
            await second.connect()
            third = await WS(server.app, f"/ws/{tid}").connect()
            await third.send({"type": "hello"})
            msgs, code = await refused(third)
            assert code == Close.TOO_MANY and msgs[0]["code"] == "full"
            await third.close()
            # seven sockets an address: 2 + 1 seat windows, 2 spectators, one more, then no more
            extra = server.player(table, 1)
            await extra.connect()
            assert len(server.lobby.conns) == 6
            seventh = await WS(server.app, f"/ws/{tid}").connect()  # counted from the moment it opens
            eighth = await WS(server.app, f"/ws/{tid}").connect()
            msgs, code = await refused(eighth)
            assert code == Close.TOO_MANY and msgs[0]["code"] == "too_many" and "your address" in msgs[0]["message"]
            await eighth.close()
            await second.close()
            elsewhere = await WS(server.app, f"/ws/{tid}", client=("192.0.2.9", 7000)).connect()
            await elsewhere.send({"type": "hello"})
            assert (await elsewhere.recv())["type"] == "snapshot", "another address is not held back"
            await seventh.close()
            await elsewhere.close()
            # closed sockets are counted out again: a spectator gets in once there is room
            again = server.player(table, None)
            assert (await again.connect())["type"] == "snapshot"
            assert await play_safe(server, tid, players, moves=2) == 2
            for p in [*players.values(), spectator, extra, again, windows[1]]:
                await p.close()
            assert server.lobby.sockets.addresses.held == {} and server.lobby.sockets.seats == {}

    run(main())


def test_spectators_get_one_message_a_moment_with_every_update_in_it(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, spectator_seconds=0.3) as server:
            table, players, spectator = await start_game(server, "human", "human")
            assert spectator is not None
            tid = table["id"]
            live = server.table(tid)
            await spectator.quiet(0.4)
            sent_before = len(spectator.ws.messages)
            assert await play_safe(server, tid, players, moves=20) == 20
            await spectator.until(lambda m: m["type"] == "update" and m["n"] == 20)
            got = spectator.ws.messages[sent_before:]
            assert len(got) < 10, f"{len(got)} socket messages for 20 moves"
            assert any(m["type"] == "batch" for m in got)
            updates = [m for m, _ in spectator.ws.flat if m["type"] == "update"]
            assert [u["n"] for u in updates][-20:] == list(range(1, 21)), "every move's update, in order"
            assert spectator.versions == list(range(spectator.versions[0], spectator.versions[-1] + 1))
            last = updates[-1]
            assert "clocks" in last and spectator.view == json.loads(json.dumps(live.game.view(live.match.state, None)))
            for batch in (m for m in got if m["type"] == "batch"):  # in a batch, only its last update is live
                inner = [u for u in batch["messages"] if u["type"] == "update"]
                assert all("clocks" not in u for u in inner[:-1]) and "clocks" in inner[-1]
            # the players are not batched: one update a move each, at once
            assert sum(1 for m in players[0].ws.messages if m["type"] == "batch") == 0
            for p in [*players.values(), spectator]:
                await p.close()

    run(main())


def test_a_message_to_many_sockets_is_compressed_once_and_every_client_inflates_it(monkeypatch) -> None:
    import zlib

    from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
    from websockets.frames import Frame, Opcode

    from moontable.server import transport

    made = []
    real = zlib.compressobj
    monkeypatch.setattr(zlib, "compressobj", lambda *a, **k: made.append(1) or real(*a, **k))
    message = ('{"type":"update","v":7,"view":{"towns":[' + ",".join(str(i % 7) for i in range(1500)) + "]}}").encode()
    assert len(message) >= transport.SharedDeflate.small  # a message large enough to be worth compressing
    sockets = []
    for _ in range(100):  # a hundred spectators' sockets, each negotiated as a browser offers it
        client = ClientPerMessageDeflateFactory(client_max_window_bits=True)
        response, server_side = transport._SharedDeflateFactory().process_request_params(
            client.get_request_params(), [])
        sockets.append((server_side, client.process_response_params(response, [])))
    made.clear()  # (each client made its own compressor for what it sends)
    sent = [server_side.encode(Frame(Opcode.TEXT, message)) for server_side, _ in sockets]
    assert len({bytes(f.data) for f in sent}) == 1 and len(sent[0].data) < len(message) / 3
    assert len(made) == 1, f"compressed {len(made)} times for 100 sockets"
    for f, (_, client_side) in zip(sent, sockets, strict=True):
        assert client_side.decode(f).data == message
    # the next message, the same way: each is compressed on its own, so every client still inflates it
    again = message.replace(b'"v":7', b'"v":8')
    for server_side, client_side in sockets[:3]:
        assert client_side.decode(server_side.encode(Frame(Opcode.TEXT, again))).data == again
    assert len(made) == 2
    # a small one (a move's change, an ack) goes as it is, marked so, and every client reads it all the same
    small = b'{"type":"ack","id":3,"v":9,"n":4}'
    for server_side, client_side in sockets[:3]:
        frame = server_side.encode(Frame(Opcode.TEXT, small))
        assert not frame.rsv1 and frame.data == small
        assert client_side.decode(frame).data == small
    assert len(made) == 2
