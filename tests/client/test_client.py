"""The bot API: an outside program takes a seat by its link with moontable.client and plays it to the end;
the table shows it as a bot by its author; its bad moves get the page's own errors."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from moontable.client import Refused, open_table, play, play_async
from moontable.client.seat import socket_url
from moontable.record import verify

ROOT = Path(__file__).resolve().parents[2]


def _table_id(link: str) -> str:
    return link.split("/t/")[1].split("#")[0]


def test_two_outside_bots_play_a_whole_game_and_its_record_verifies(server):
    links = open_table(server, "courts", ["link", "link"])
    seen_views = []

    def first(view, decision):
        seen_views.append(view)
        # the view is the one of this decision (updates bring it as changes, which the client applies)
        mine = [d for d in view["decisions"] if d["seat"] == 0]
        assert mine and mine[0]["options"] == decision.options, (mine, decision)
        return decision.options[0]

    rng = random.Random(3)

    async def both():
        return await asyncio.gather(
            play_async(links[0], first, author="Ana Lima", name="First"),
            play_async(links[1], lambda view, d: rng.choice(d.options), author="Bo", name="Dice"))

    a, b = asyncio.run(asyncio.wait_for(both(), 120))
    assert a.result == b.result and a.seed == b.seed and a.seat == 0 and b.seat == 1
    assert a.won != b.won or a.result["winner"] is None
    record = httpx.get(f"{server}/api/tables/{_table_id(links[0])}/record").json()
    assert verify(record).ok
    assert [s["name"] for s in record["seats"]] == ["First", "Dice"]
    assert seen_views and all(v["game"] == "courts" for v in seen_views)


def test_the_table_shows_the_seat_as_a_bot_by_its_author(server):
    links = open_table(server, "moons", ["link", "random", "random"])
    table = _table_id(links[0])
    ended = play(links[0], lambda view, d: d.options[-1], author="Ana Lima", name="Last Option")
    assert ended.seat == 0 and ended.text
    seats = httpx.get(f"{server}/api/tables/{table}").json()["seats"]
    assert seats[0]["bot"] is True and seats[0]["author"] == "Ana Lima" and seats[0]["name"] == "Last Option"
    assert seats[0]["level"] is None and seats[1]["author"] is None  # our own bots keep their level

    async def watch():  # a spectator's snapshot (what the page draws from) says the same
        async with connect(socket_url(links[0])[0]) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            return json.loads(await ws.recv())

    shown = asyncio.run(watch())["seats"][0]
    assert shown["bot"] is True and shown["author"] == "Ana Lima"


def test_a_bots_bad_move_gets_the_pages_own_error(server):
    link = open_table(server, "courts", ["link", "heuristic"])[0]
    with pytest.raises(Refused) as refused:
        play(link, lambda view, d: ["fly", 1], author="Ana")
    bot = refused.value
    url, token = socket_url(link)

    async def page_error():  # the page's own socket, at the same seat and the same decision
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            while not (m := json.loads(await ws.recv())).get("decision"):
                pass
            await ws.send(json.dumps({"type": "move", "action": ["fly", 1], "id": 9, "v": m["v"]}))
            while (m := json.loads(await ws.recv()))["type"] != "error":
                pass
            return m

    page = asyncio.run(asyncio.wait_for(page_error(), 30))
    assert (bot.code, bot.message) == (page["code"], page["message"])
    assert bot.code == "illegal" and "['fly', 1] is not one of the legal options for this" in bot.message


def test_a_bot_with_a_bad_link_or_no_author_is_told_so(server):
    links = open_table(server, "courts", ["link", "heuristic"])
    with pytest.raises(ValueError, match="is not a seat link"):
        play(links[0].split("#")[0], lambda v, d: d.options[0], author="Ana")
    with pytest.raises(ValueError, match="a bot says who wrote it"):
        play(links[0], lambda v, d: d.options[0], author=" ")
    with pytest.raises(Refused, match="that seat token is not one of this table's"):
        play(links[0].split("#")[0] + "#not-a-token", lambda v, d: d.options[0], author="Ana")


def test_a_hello_that_says_bot_needs_a_seat_and_an_author(server):
    url, token = socket_url(open_table(server, "courts", ["link", "heuristic"])[0])

    async def answers():
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "bot": {"author": "Ana"}}))
            no_seat = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "hello", "token": token, "bot": {"author": "\u202e "}}))
            no_author = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "hello", "token": token, "bot": {"author": "Ana", "x": 1}}))
            unknown = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "hello", "token": token, "bot": {"author": "Ana"}}))
            joined = json.loads(await ws.recv())
            return no_seat, no_author, unknown, joined

    no_seat, no_author, unknown, joined = asyncio.run(answers())
    assert no_seat["code"] == "bot_needs_seat" and "token" in no_seat["message"]
    assert no_author["code"] == "bad_message" and "who wrote it" in no_author["message"]
    assert unknown["code"] == "bad_message" and "unknown field `x`" in unknown["message"]
    assert joined["type"] == "snapshot" and joined["seats"][0]["author"] == "Ana"


def test_the_example_bot_plays_a_whole_game(server):
    link = open_table(server, "courts", ["link", "random"])[0]
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "bot.py"), link], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.startswith(("won: ", "lost: ", "draw: ")), out
    assert len((ROOT / "examples" / "bot.py").read_text().splitlines()) <= 25


def test_a_dropped_connection_comes_back_and_the_game_goes_on(server):
    from moontable.client import SeatClient

    class Dropping(SeatClient):
        dropped = 0

        async def _maybe_move(self, ws):
            if self.moves == 5 and not self.dropped and self.decision is not None:
                self.dropped += 1
                await ws.close()  # as a network would: the next session resumes from our last version
                return
            await super()._maybe_move(ws)

    links = open_table(server, "courts", ["link", "random"])
    client = Dropping(links[0], lambda view, d: d.options[0], author="Ana")
    ended = asyncio.run(asyncio.wait_for(client.run(), 120))
    assert client.dropped == 1 and client.moves > 5
    record = httpx.get(f"{server}/api/tables/{_table_id(links[0])}/record").json()
    assert verify(record).ok and record["result"] == ended.result


def test_opening_a_table_says_in_one_line_what_went_wrong(server):
    with pytest.raises(Refused) as bad:
        open_table(server, "chess", ["link", "link"])
    assert bad.value.code == "400" and "chess" in bad.value.message, bad.value
    with socket.socket() as s:  # a port no one listens on
        s.bind(("127.0.0.1", 0))
        nowhere = f"http://127.0.0.1:{s.getsockname()[1]}"
    with pytest.raises(Refused) as gone:
        open_table(nowhere, "courts", ["link", "link"])
    assert gone.value.code == "gone" and f"no moontable server answers at {nowhere}" in gone.value.message
