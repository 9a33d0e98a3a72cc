"""The replay of a finished game (server/replay.py): nothing of a game in play, every move's views once it is over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harness import play_safe, run, serving, start_game

from moontable import games
from moontable.record import ReplayChance, load_record
from moontable.server.replay import NotOver, build_replay

DATA = Path(__file__).resolve().parent.parent / "data" / "records"


def test_a_game_in_play_has_no_replay_and_its_views_never_leave_the_server(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, _ = await start_game(server, "human", "human")
            tid = table["id"]
            await play_safe(server, tid, players, moves=6)
            live = server.table(tid)
            assert live.status == "playing"
            secret = json.dumps(live.match.state.hands)  # both courts' hands, the secret of a game in play
            for path in (f"/api/tables/{tid}/replay", f"/api/tables/{tid}/replay/0", f"/api/tables/{tid}/replay/3"):
                r = await server.http.get(path)
                assert r.status_code == 409, path
                assert r.json() == {"error": "the game has not ended: its replay opens once it is over"}
                assert "hand" not in r.text and secret not in r.text
            assert (await server.http.get("/api/tables/nosuch/replay")).status_code == 404

            made = await play_safe(server, tid, players)
            assert live.status == "ended"
            rec = live.match.record
            index = (await server.http.get(f"/api/tables/{tid}/replay")).json()
            assert index["n"] == len(rec["moves"]) == 6 + made
            assert index["names"] == [s["name"] for s in rec["seats"]]
            assert index["result"] == rec["result"] and index["result_text"]
            assert [m["seat"] for m in index["moves"]] == [m[0] for m in rec["moves"]]
            # every seat's view after move 5 is the one the engine gives for the state then; every hand shown
            game = games.get_game("courts")
            chance = ReplayChance(rec["draws"])
            state = game.new_state(rec["options"], chance)
            for seat, action, *_ in rec["moves"][:5]:
                game.apply(state, seat, action, chance)
            step = (await server.http.get(f"/api/tables/{tid}/replay/5")).json()
            assert step["n"] == 5
            for seat in (0, 1):
                want = json.loads(json.dumps(game.view(state, seat)))
                for d in want["decisions"]:  # nothing to answer in a replay
                    d["options"] = d["texts"] = d["odds"] = None
                assert step["views"][seat] == want
            assert step["hands"] == game.hands(state) and all(step["hands"])
            last = (await server.http.get(f"/api/tables/{tid}/replay/{index['n']}")).json()
            assert last["views"][0]["over"] is True
            bad = await server.http.get(f"/api/tables/{tid}/replay/{index['n'] + 1}")
            assert bad.status_code == 404 and "moves 0 to" in bad.json()["error"]
            assert (await server.http.get(f"/api/tables/{tid}/replay/x")).status_code == 400

    run(main())


def test_the_replay_log_shows_what_each_seat_alone_saw_once_the_game_is_over() -> None:
    rec = load_record(DATA / "courts-2.json")
    replay = build_replay(rec)
    lines = [line for m in replay.index["moves"] for line in m["log"]]
    heralds = [x for x in lines if "chooses a herald" in x]
    # the herald each court chose face down is named, and the face-down line the other court read is left out
    assert len(heralds) >= 2 and all("chooses a herald: " in x for x in heralds)
    assert not any("chooses a herald face down" in x for x in lines)
    assert len(replay.steps) == len(rec["moves"]) + 1


def test_an_older_rules_version_replays_under_its_own_rules() -> None:
    rec = load_record(DATA / "courts-1.json")
    replay = build_replay(rec)
    assert replay.index["rules"] == "courts/1" and replay.index["n"] == len(rec["moves"])
    assert "Kite Charter ★ (the Sun, strength 2)" in json.loads(replay.steps[0])["hands"][0]  # courts/1's Kite Charter


def test_a_record_without_its_seed_is_not_replayed() -> None:
    rec = load_record(DATA / "courts-2.json")
    header = {k: v for k, v in rec.items() if k not in ("seed", "moves", "draws")}
    with pytest.raises(NotOver, match="has not ended"):
        build_replay({**header, "result": None})


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_game_replays_with_every_hand_and_no_question_left_open(game_id: str) -> None:
    from moontable.selfplay import play_game

    rec = play_game(game_id, ["random", "random"], 0, seed=7).record
    replay = build_replay(rec)
    assert replay.index["n"] == len(rec["moves"]) and len(replay.steps) == len(rec["moves"]) + 1
    names = [s["name"] for s in rec["seats"]]
    assert all(m["by"] == names[m["seat"]] and m["text"] for m in replay.index["moves"])
    for n in (0, len(rec["moves"]) // 2, len(rec["moves"])):
        step = json.loads(replay.step(n))
        assert len(step["views"]) == len(step["hands"]) == 2
        for view in step["views"]:
            assert all(d.get("options") is None for d in view.get("decisions") or [])
    assert json.loads(replay.step(len(rec["moves"])))["views"][0]["over"] is True
