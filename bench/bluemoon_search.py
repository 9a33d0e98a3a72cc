"""Blue Moon ISMCTS iterations per second of CPU on a fixed workload: the same seeded games, both seats searching
a fixed number of iterations a decision, so that two versions of the code do exactly the same work (the same
moves; `moontable bench bluemoon` plays for a time instead, so its games differ from run to run).

    .venv/bin/python bench/bluemoon_search.py [GAMES] [ITERATIONS]

Prints the iterations, the CPU seconds the searches took (their own thread time) and the rate.
"""

from __future__ import annotations

import random
import sys

from moontable.bots import make_bot
from moontable.fair import RandomChance
from moontable.games.bluemoon import BLUEMOON


def run(games: int = 3, iterations: int = 150, seed: int = 1) -> tuple[int, float]:
    rng = random.Random(seed)
    done, seconds = 0, 0.0
    for _ in range(games):
        chance = RandomChance(rng)
        state = BLUEMOON.new_state({"seats": 2, "mode": "base"}, chance)
        bots = [make_bot(f"ismcts:iterations={iterations}", BLUEMOON, seat, rng.randrange(2**32)) for seat in (0, 1)]
        while BLUEMOON.pending(state):
            d = BLUEMOON.pending(state)[0]
            action = bots[d.seat].choose(BLUEMOON.view(state, d.seat), d)
            BLUEMOON.apply(state, d.seat, action, chance)
        for bot in bots:
            done += bot.stats.iterations
            seconds += bot.stats.seconds
    return done, seconds


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    done, seconds = run(games, iterations)
    print(f"Blue Moon ISMCTS, {games} games at {iterations} iterations a decision: {done} iterations in "
          f"{seconds:.2f} s of CPU, {done / seconds:,.0f} iterations/s")


if __name__ == "__main__":
    main()
