"""What a finished game's replay costs the server (server/replay.py): the time to build it once (every move
replayed, every seat's view encoded) and the bytes a step sends, for a random-bot game of each game.
Run: .venv/bin/python bench/replay_speed.py"""

from __future__ import annotations

import time

from moontable import games
from moontable.selfplay import play_game
from moontable.server.replay import build_replay


def main() -> None:
    print(f"{'game':<12}{'moves':>7}{'build ms':>10}{'ms/move':>9}{'KiB/step':>10}{'MiB kept':>10}")
    for game_id in games.GAME_IDS:
        rec = play_game(game_id, ["random", "random"], 0, seed=11).record
        start = time.perf_counter()
        replay = build_replay(rec)
        dt = time.perf_counter() - start
        kept = sum(len(s) for s in replay.steps)
        n = len(rec["moves"])
        print(f"{game_id:<12}{n:>7}{dt * 1000:>10.0f}{dt * 1000 / n:>9.2f}{kept / len(replay.steps) / 1024:>10.1f}"
              f"{kept / 2**20:>10.1f}")


if __name__ == "__main__":
    main()
