"""The whole flow: lobby, seats, a game played to the end over WebSockets, a record that verifies."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import Closed, play_safe, run, serving, start_game

from moontable import bots
from moontable.fair import commitment
from moontable.games.courts import COURTS
from moontable.record import verify
from moontable.server.messages import Close
from moontable.table import turns


def test_two_humans_and_a_spectator_play_a_whole_game(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await start_game(server, "human", "human", seeds={0: "ann's dice"})
            assert spectator is not None
            tid = table["id"]
            live = server.table(tid)
            made = await play_safe(server, tid, players)
            assert live.status == "ended" and made == len(live.match.record["moves"])
            ends = [await p.until(lambda m: m["type"] == "ended") for p in [*players.values(), spectator]]
            seed = live.seed.hex()
            assert all(e["seed"] == seed and e["result"] == live.match.record["result"] for e in ends)
            for p in [*players.values(), spectator]:
                # every stream is gap-free: versions 1, 2, 3, ... in order
                assert p.versions == list(range(p.versions[0], p.versions[-1] + 1))
                assert p.snapshot["commitment"] == commitment(live.seed)
            rec = (await server.http.get(f"/api/tables/{tid}/record")).json()
            assert rec["client_seeds"] == ["ann's dice", ""] and rec["seed"] == seed
            assert len(rec["moves"]) == made and verify(rec).ok
            report = (await server.http.post("/api/verify", json=rec)).json()
            assert report["ok"] is True and [c["name"] for c in report["checks"]][:2] == ["format", "commitment"]
            summary = (await server.http.get(f"/api/tables/{tid}")).json()
            assert summary["status"] == "ended" and summary["moves"] == made
            # an ended table stays live a while, then closes; the database keeps the game
            server.clock.advance(server.settings.table.linger_seconds + 1)
            for p in [*players.values(), spectator]:
                with pytest.raises(Closed) as closed:
                    await p.until(lambda m: False)
                assert closed.value.code == Close.TABLE_CLOSED
                await p.close()
            assert tid not in server.lobby.tables
            assert (await server.http.get(f"/api/tables/{tid}/record")).json() == rec
            assert (await server.http.get(f"/api/tables/{tid}")).json()["moves"] == made

    run(main())


def test_a_human_plays_a_bot_that_sees_only_its_view(db: str | Path, monkeypatch) -> None:
    seen: list[tuple[dict, object]] = []
    real_make_bot = bots.make_bot

    def spy(level, game, seat, seed=None):
        bot = real_make_bot(level, game, seat, seed)
        choose = bot.choose

        def watched(view, decision):
            seen.append((view, decision))
            return choose(view, decision)

        bot.choose = watched  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(turns, "make_bot", spy)

    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "bot:random", watch=False)
            assert table["seats"][1]["bot"] is True and "token" not in table["seats"][1]
            live = server.table(table["id"])
            await play_safe(server, table["id"], players)
            assert live.status == "ended"
            rec = (await server.http.get(f"/api/tables/{table['id']}/record")).json()
            assert rec["seats"][1] == {"name": "Easy bot", "bot": True, "level": "random"}, "a bot named for people"
            assert verify(rec).ok
            bot_moves = [m for m in rec["moves"] if m[0] == 1]
            assert bot_moves and len(seen) == len(bot_moves)
            seed = live.seed.hex()
            for view, decision in seen:
                assert view["you"] == ("moon", "sun")[live.match.state.court_of(1)]
                assert seed not in str(view) and decision.seat == 1
            await players[0].close()

    run(main())


def test_lobby_lists_open_seats_and_join_hands_out_a_seat(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            games = (await server.http.get("/api/games")).json()
            assert {"id": "courts", "name": COURTS.info.name, "min_seats": 2, "max_seats": 2,
                    "rules": COURTS.rules_version, "bot_levels": ["random", "heuristic", "ismcts"],
                    "default_level": "ismcts", "options": ["seats"], "seat_choices": [], "undo": True} in games["games"]
            assert games["bot_levels"] == list(bots.BOT_LEVELS)
            table = await server.create("open", "bot:random")
            assert "token" not in table["seats"][0] and table["links"]["ws"] == f"/ws/{table['id']}"
            listed = (await server.http.get("/api/tables")).json()["tables"]
            assert [t["id"] for t in listed] == [table["id"]]
            joined = (await server.http.post(f"/api/tables/{table['id']}/join", json={"name": "zoe"})).json()
            assert joined["seat"] == 0 and joined["link"] == f"/t/{table['id']}#{joined['token']}"
            assert (await server.http.get("/api/tables")).json()["tables"] == []
            again = await server.http.post(f"/api/tables/{table['id']}/join", json={})
            assert again.status_code == 409 and "no open seat" in again.json()["error"]
            p = server.player(table, None)
            p.token = joined["token"]
            snap = await p.connect()
            assert snap["seat"] == 0 and snap["seats"][0]["name"] == "zoe"
            await p.ready()
            await p.until(lambda m: m["type"] == "update")
            playing = (await server.http.get("/api/tables?status=playing")).json()["tables"]
            assert [t["id"] for t in playing] == [table["id"]]
            await p.close()

    run(main())


def test_a_host_may_choose_its_jack_and_ai_mode_and_a_bad_choice_is_refused(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            games = {g["id"]: g for g in (await server.http.get("/api/games")).json()["games"]}
            [jack] = games["moonflight"]["seat_choices"]
            assert jack["option"] == "jacks"
            assert [v for v, _ in jack["values"]] == [None, "clay", "words", "cot", "bond"]
            assert set(games["moonflight"]["options"]) == {"seats", "jacks", "mode", "ai"}
            made = await server.create("human", "bot:ai-card", game="moonflight",
                                       options={"jacks": ["cot", None], "ai": True})
            live = server.table(made["id"])
            match = live.new_match(["", ""])  # the game the table will deal once both seats are ready
            assert match.state.players[0].jack == "cot" and match.state.players[1].jack != "cot"
            assert match.state.ai and live.options["jacks"] == ["cot", None]
            for options, words in (({"jacks": ["cot", "cot"]}, "different Jacks"),
                                   ({"jacks": ["cot"]}, "different Jacks"),
                                   ({"ai": True}, "AI Mode needs at least 2 seats"),
                                   ({"colour": 1}, "unknown option 'colour' (known: seats, jacks, mode, ai)")):
                seats = [{"kind": "human"}] * (1 if "ai" in options else 2)
                body = {"game": "moonflight", "seats": seats, "options": options}
                r = await server.http.post("/api/tables", json=body)
                assert r.status_code == 400 and words in r.json()["error"], (options, r.text)
            assert list(server.lobby.tables) == [made["id"]], "a refused table is not made"

    run(main())


def test_a_bot_seat_without_a_level_gets_the_strongest_bot_for_its_game(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            games = {g["id"]: g for g in (await server.http.get("/api/games")).json()["games"]}
            assert games["courts"]["default_level"] == "ismcts"
            assert games["moonflight"]["default_level"] == "ismcts"
            assert set(games["moonflight"]["bot_levels"]) == {"random", "heuristic", "ismcts", "ai-card"}
            assert "ai-card" not in games["courts"]["bot_levels"], "only levels that play a game are offered"
            made = await server.http.post("/api/tables", json={"game": "courts",
                                                               "seats": [{"kind": "human"}, {"kind": "bot"}]})
            assert made.status_code == 201 and made.json()["seats"][1]["level"] == "ismcts"
            refused = await server.http.post("/api/tables", json={
                "game": "courts", "seats": [{"kind": "human"}, {"kind": "bot", "level": "ai-card"}]})
            assert refused.status_code == 400 and "ismcts" in refused.json()["error"]

    run(main())
