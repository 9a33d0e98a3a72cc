"""The table's words (issue 15, items 8, 9 and 11): a log that survives a reload and a restart, players by
name and never "seat N", a timeout that says what happened, "You win" / "You lose" with the reason."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from harness import Player, Server, named_game, play_safe, run, serving

from moontable.clock import FakeClock

SEAT_NUMBER = re.compile(r"\bseat \d\b|#\d")


async def play_random(server: Server, table_id: str, players: dict[int, Player], rng: random.Random) -> None:
    """Random moves to the end (a safe-move game of Moonflight runs into the round cap)."""
    live = server.table(table_id)
    while live.status == "playing":
        d = live.game.pending(live.match.state)[0]
        assert (await players[d.seat].move(rng.choice(d.options)))["type"] == "ack"


def log_of(p: Player) -> list[list[Any]]:
    """The log lines a client collected from its updates, as [n, text]."""
    assert p.ws is not None
    return [[m["n"], line] for m, _ in p.ws.flat if m["type"] == "update" for line in m["log"]]


def test_the_log_comes_back_after_a_reload_and_a_restart_with_names(db: str | Path) -> None:
    async def main() -> None:
        clock = FakeClock()
        async with serving(db, clock) as server:
            table, players, spectator = await named_game(server, "moonflight", ["Ann", "Bob"])
            await play_safe(server, table["id"], players, moves=60)
            for p in [*players.values(), spectator]:
                await p.quiet()
            kept = {k: log_of(p) for k, p in [*players.items(), (None, spectator)]}
            assert len(kept[0]) > 20 and kept[0] != kept[None], "each seat's log is its own (its hand)"
            text = "\n".join(line for _, line in kept[None])
            assert "Ann" in text and "Bob" in text
            assert not SEAT_NUMBER.search(text), SEAT_NUMBER.search(text)
            for k in (0, 1, None):
                reload = server.player(table, k)
                snap = await reload.connect()
                assert snap["log"] == kept[k] and snap["log_from"] == 1, "a reload shows the whole log again"
                await reload.close()
            for p in [*players.values(), spectator]:
                await p.close()
        async with serving(db, clock) as server:
            for k in (0, 1, None):
                back = server.player(table, k)
                snap = await back.connect()
                assert snap["log"] == kept[k], "a restart shows the whole log again"
                await back.close()

    run(main())


def test_a_long_log_sends_its_newest_lines_numbered_from_their_place(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db, log_lines=10) as server:
            table, players, spectator = await named_game(server, "courts", ["Ann", "Bob"])
            await play_safe(server, table["id"], players, moves=40)
            await spectator.quiet()
            whole = log_of(spectator)
            assert len(whole) > 10
            snap = await server.player(table, None).connect()
            assert snap["log"] == whole[-10:] and snap["log_from"] == len(whole) - 9

    run(main())


def test_time_running_out_is_logged_by_name_and_the_player_is_told_what_was_played(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            table, players, spectator = await named_game(server, "courts", ["Ann", "Bob"])
            live = server.table(table["id"])
            (d,) = live.game.pending(live.match.state)
            name = ["Ann", "Bob"][d.seat]
            server.clock.advance(91)
            mine = await players[d.seat].until(lambda m: m["type"] == "update" and m["auto"])
            theirs = await spectator.until(lambda m: m["type"] == "update" and m["auto"])
            assert mine["auto_move"] and mine["by"] == d.seat
            assert f"time ran out for {name}: the table played a safe move ({mine['auto_move']})" in mine["log"]
            assert f"time ran out for {name}: the table played a safe move" in theirs["log"]
            assert "auto_move" not in theirs
            snap = await server.player(table, None).connect()  # and a reload still says so
            assert any(f"time ran out for {name}" in line for _, line in snap["log"])

    run(main())


def test_the_end_says_you_win_or_you_lose_with_the_reason_and_names(db: str | Path) -> None:
    async def main() -> None:
        async with serving(db) as server:
            for game in ("courts", "moonflight"):
                table, players, spectator = await named_game(server, game, ["Ann", "Bob"])
                await play_random(server, table["id"], players, random.Random(1))
                ended = {k: await p.until(lambda m: m["type"] == "ended") for k, p in
                         [*players.items(), (None, spectator)]}
                winner = ended[None]["result"]["winner"]
                for seat in (0, 1):
                    words = ended[seat]["text"]
                    want = "A draw: " if winner is None else "You win: " if winner == seat else "You lose: "
                    assert words.startswith(want) and len(words) > len(want) + 10, words
                    assert not SEAT_NUMBER.search(words), words
                    snap = await server.player(table, seat).connect()
                    assert snap["text"] == words, "a reload says it the same way"
                spectators = ended[None]["text"]
                assert winner is None or ["Ann", "Bob"][winner] in spectators, spectators
                assert not SEAT_NUMBER.search(spectators) and not re.search(r"\(\w+\)$", spectators)
                log = "\n".join(line for _, line in log_of(spectator))
                assert "game over" in log.lower() or "THE END" in log
                assert not re.search(r"game over: (moon|sun) \(", log), "no engine ids in the last line"
                assert not re.search(r"\bevent_\w+|Fair of [a-z]|#\d", log), "no engine ids in the log"

    run(main(), timeout=120)


def test_the_before_or_after_question_names_the_event_it_is_about() -> None:
    from moontable import games
    from moontable.games.courts.cards import CARDS
    from moontable.match import Match

    game = games.get_game("courts")
    asked = 0
    for seed in range(40):
        m = Match.new(game, None, [{"name": "Ann"}, {"name": "Bob"}], seed=bytes([seed]) * 32)
        rng = random.Random(seed)
        while not m.ended and asked < 5:
            d = game.pending(m.state)[0]
            if d.kind == "order":
                card = CARDS[m.state.stack[-1][2]]
                assert card.name in d.prompt and card.text in d.prompt and "before or after" in d.prompt, d.prompt
                asked += 1
            m.play(d.seat, rng.choice(d.options))
        if asked >= 5:
            break
    assert asked >= 5
