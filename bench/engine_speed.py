"""Courts engine speed on full-length random games (a held Fair is played at once, otherwise
uniform random choices), one core. Run: .venv/bin/python bench/engine_speed.py [seconds]"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from moontable.fair import RandomChance
from moontable.games.courts import COURTS
from moontable.games.courts.cards import CARDS


def main(seconds: float) -> None:
    rng = random.Random(1)
    chance = RandomChance(rng)
    start = time.perf_counter()
    decisions = games = turns = 0
    while time.perf_counter() - start < seconds:
        s = COURTS.new_state({}, chance)
        while not s.over:
            d = s.decisions[0]
            fair = [o for o in d.options if o[0] in ("play", "herald") and o[1] and CARDS[o[1]].fair]
            COURTS.apply(s, d.seat, fair[0] if fair else rng.choice(d.options), chance)
            decisions += 1
        games += 1
        turns += s.turn
    dt = time.perf_counter() - start
    print(f"{games} games in {dt:.1f} s: {decisions / dt:,.0f} decisions/s, {games / dt:,.1f} games/s, "
          f"{decisions / games:.0f} decisions and {turns / games:.1f} turns a game")
    clone_and_memory(rng, chance)


def clone_and_memory(rng: random.Random, chance: RandomChance) -> None:
    """Clones per second and the memory of one state, at turn 5 of a random game."""
    s = COURTS.new_state({}, chance)
    while s.turn < 5 and not s.over:
        d = s.decisions[0]
        fair = [o for o in d.options if o[0] in ("play", "herald") and o[1] and CARDS[o[1]].fair]
        COURTS.apply(s, d.seat, fair[0] if fair else rng.choice(d.options), chance)
    n = 20000
    t = time.perf_counter()
    for _ in range(n):
        s.clone()
    dt = time.perf_counter() - t
    tracemalloc.start()
    copies = [s.clone() for _ in range(1000)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del copies
    print(f"clone: {n / dt:,.0f} a second; one state takes about {size / 1000 / 1024:.1f} KiB")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 10.0)
