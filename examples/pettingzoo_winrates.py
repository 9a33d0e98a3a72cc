"""Random agents against our heuristic bot, through the PettingZoo adapter: prints each agent's win rate.

    .venv/bin/python examples/pettingzoo_winrates.py courts --games 20
"""

import argparse

from moontable.adapters.pettingzoo import env

parser = argparse.ArgumentParser()
parser.add_argument("game", nargs="?", default="courts")
parser.add_argument("--games", type=int, default=20)
parser.add_argument("--seats", type=int, default=None)
args = parser.parse_args()

e = env(args.game, args.seats)
wins = {a: 0 for a in e.possible_agents}
for g in range(args.games):
    e.reset(seed=g)
    # player_0 plays our heuristic bot from its observation; every other seat picks a legal number at random
    agents = {a: e.bot(a, "heuristic", seed=g) if a == "player_0" else None for a in e.possible_agents}
    for i, a in enumerate(e.possible_agents):
        e.action_space(a).seed(1000 * g + i)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            wins[agent] += reward > 0
            e.step(None)
        else:
            pick = agents[agent]
            e.step(pick(obs) if pick else e.action_space(agent).sample(obs["action_mask"]))
for agent, n in wins.items():
    kind = "heuristic" if agent == "player_0" else "random"
    print(f"{agent} ({kind}): won {n} of {args.games} ({100 * n / args.games:.0f}%)")
