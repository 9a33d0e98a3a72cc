"""Random-play speed of Courts, Moons (2-6 seats) and Blue Moon side by side, per second of this process's CPU.

    .venv/bin/python bench/cpu_speed.py [SECONDS]

The same games as `moontable bench` (benchmark.play_random_game: uniform choices, RandomChance), timed by
CPU rather than the wall clock, so that the figures hold on a machine others are using too (the
wall-clock figures of `moontable bench` fall with the load). Prints one line a game and seat count.
"""

from __future__ import annotations

import random
import sys
import time

from moontable.benchmark import play_random_game
from moontable.fair import RandomChance
from moontable.games import get_game


def measure(game_id: str, options: dict, seconds: float) -> tuple[int, int, float]:
    game = get_game(game_id)
    rng = random.Random(1)
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        decisions += play_random_game(game, options, rng, RandomChance(rng))
        games += 1
    return games, decisions, time.process_time() - start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    runs = [("courts", {})] + [("moons", {"seats": n}) for n in range(2, 7)] + [("bluemoon", {})]
    print(f"random play, {seconds:g} s of CPU each")
    print("| game | games/s | decisions/s | decisions/game |")
    print("|---|---|---|---|")
    for game_id, options in runs:
        games, decisions, cpu = measure(game_id, options, seconds)
        label = game_id + (f", {options['seats']} seats" if options else "")
        print(f"| {label} | {games / cpu:,.0f} | {decisions / cpu:,.0f} | {decisions / games:.1f} |", flush=True)


if __name__ == "__main__":
    main()
