"""Our rules engines' random play against RLCard's Uno, in one run on one core: turns (decisions) a second.

RLCard (https://rlcard.org) is the card-game toolkit researchers most often reach for, and its Uno the
game of its most often quoted. It is measured two ways, since people quote both:

- its game (`rlcard.games.uno.game.UnoGame`): a random legal action a turn, `get_legal_actions` and `step`,
  nothing else: the same work as ours below (`moontable.benchmark.play_random_game`: the pending decision's
  options, a random one, `apply`), the like-for-like comparison;
- its environment (`rlcard.make("uno")` and `env.run` with `RandomAgent`s): each turn also encodes the
  acting player's observation (numpy planes) and its legal actions for the agent, as a learning program
  runs it.

Ours: every game with two players (as Uno here) and uniform random choices and `RandomChance` (what `moontable bench`
calls "random chance"). The runs alternate (Uno's game, Uno's environment, then each of ours, --rounds
times), so that whatever else the machine does weighs on all alike; the best round of each is kept.

Needs RLCard: `.venv/bin/pip install -e '.[bench]'`.
Run: .venv/bin/python bench/rlcard_uno.py [--seconds 3] [--rounds 3] [--games courts,moonflight,moons,bluemoon]
"""

from __future__ import annotations

import argparse
import random
import time

from moontable import games
from moontable.benchmark import run_bench


def uno_game(seconds: float, seed: int = 1) -> float:
    """RLCard's Uno game, two players, random legal actions: turns a second."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            turns += 1
    return turns / (time.perf_counter() - start)


def uno_env(seconds: float, seed: int = 1) -> float:
    """RLCard's Uno environment with random agents (`env.run`): turns a second."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        trajectories, _ = env.run(is_training=False)
        turns += sum((len(t) - 1) // 2 for t in trajectories)  # each seat's [state, action, ..., state]
    return turns / (time.perf_counter() - start)


def ours(game_id: str, seconds: float) -> float:
    game = games.get_game(game_id)
    seats = min(max(2, game.info.min_seats), game.info.max_seats)  # two players, as Uno's
    stats = run_bench(game, game.default_options(seats), seconds=seconds)
    return stats.decisions / stats.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="each run (default 3)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating (default 3)")
    parser.add_argument("--games", default="courts,moonflight,moons,bluemoon")
    args = parser.parse_args()
    runs = {"uno_game": lambda: uno_game(args.seconds), "uno_env": lambda: uno_env(args.seconds)}
    for g in args.games.split(","):
        runs[g] = lambda g=g: ours(g, args.seconds)
    best = dict.fromkeys(runs, 0.0)
    for r in range(args.rounds):
        for name, run in runs.items():
            best[name] = max(best[name], run())
        print(f"round {r + 1} of {args.rounds}: " + ", ".join(f"{k} {v:,.0f}" for k, v in best.items()), flush=True)
    print()
    print(f"| engine | turns a second (best of {args.rounds} runs of {args.seconds:g} s) | against RLCard's Uno game "
          "| against its environment |")
    print("|---|---:|---:|---:|")
    print(f"| RLCard Uno, its game (`UnoGame`, 2 players) | {best['uno_game']:,.0f} | 1.00x | |")
    print(f"| RLCard Uno, its environment (`env.run`, random agents) | {best['uno_env']:,.0f} | | 1.00x |")
    for g in args.games.split(","):
        name = games.get_game(g).info.name
        print(f"| {name} (ours, random play) | {best[g]:,.0f} | {best[g] / best['uno_game']:.2f}x | "
              f"{best[g] / best['uno_env']:.2f}x |")


if __name__ == "__main__":
    main()
