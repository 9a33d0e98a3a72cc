"""Where does Moonflight's heuristic leave wins behind? At a share of the decisions of heuristic-against-
heuristic games, the heuristic's four best options are each followed by the game played to its End by the
policy, over the same deals (from the decider's view) and dice; an option found better than the heuristic's
on the first `--select` walks (by `--z` standard errors of the paired differences) is then judged on the
other walks, which did not choose it: the sum of those differences is the wins a search would gain there.

    .venv/bin/python bench/moonflight_regret.py --choices fine --games 40 --seed 21
    .venv/bin/python bench/moonflight_regret.py --choices acts --games 40 --seed 11 --share 0.03
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections import Counter, defaultdict

from moontable.fair import RandomChance
from moontable.games.moonflight import MOONFLIGHT as G
from moontable.games.moonflight.infoset import from_view
from moontable.games.moonflight.knowledge import to_the_end
from moontable.games.moonflight.policy import best, option_values


def walks(s, d, rounds: int, rng: random.Random) -> list[list[float]]:
    """Each of the heuristic's best options (its own first), won (1) or lost (0) on `rounds` paired walks."""
    values = option_values(s, d)
    ranked = sorted(d.options, key=lambda o: -values.get(o, -1e9))[:4]
    view = G.view(s, d.seat)
    out: list[list[float]] = [[] for _ in ranked]
    for _ in range(rounds):
        deal, seed = from_view(view, rng), rng.getrandbits(64)
        for i, o in enumerate(ranked):
            t, chance = G.clone(deal), RandomChance(random.Random(seed))
            G.advance(t, d.seat, o, chance)
            out[i].append(to_the_end(t, d.seat, chance))  # the search's own leaf
    return out


def z_of(a: list[float], b: list[float]) -> float:
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    spread = statistics.pstdev(diffs)
    return statistics.fmean(diffs) / (spread / math.sqrt(len(diffs))) if spread > 0 else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--choices", choices=["acts", "fine"], default="fine", help="Acts or the choices in a move")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=40, help="paired walks an option")
    ap.add_argument("--select", type=int, default=10, help="of them, the walks that choose")
    ap.add_argument("--z", type=float, default=2.0)
    ap.add_argument("--share", type=float, default=0.25, help="of the decisions, the share looked at")
    ap.add_argument("--seed", type=int, default=21)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    looked, moved, gained = Counter(), Counter(), defaultdict(float)
    for g in range(a.games):
        s = G.new_state(G.default_options(2), RandomChance(random.Random(rng.getrandbits(64))))
        chance = RandomChance(random.Random(rng.getrandbits(64)))
        while not s.over:
            d = s.decisions[0]
            if len(d.options) > 1 and (d.kind == "act") == (a.choices == "acts") and rng.random() < a.share:
                kind = f"{d.kind} ({'after' if s.turned else 'before'} the Turn)"
                looked[kind] += 1
                w = walks(s, d, a.rounds, rng)
                k = a.select
                z, pick = max(((z_of(x[:k], w[0][:k]), i) for i, x in enumerate(w[1:], 1)), default=(0.0, 0))
                if pick and z > a.z:
                    moved[kind] += 1
                    gained[kind] += statistics.fmean(w[pick][k:]) - statistics.fmean(w[0][k:])
            G.advance(s, d.seat, best(s, d), chance)
        print(f"{g + 1}/{a.games} games, {sum(looked.values())} choices, gain {sum(gained.values()):.2f}",
              file=sys.stderr, flush=True)
    n = sum(looked.values())
    print(f"{n} choices looked at; the heuristic's left at {sum(moved.values())}; wins gained on the other walks "
          f"{sum(gained.values()):.2f} ({sum(gained.values()) / max(1, n):.4f} a choice)")
    for kind in sorted(looked, key=lambda k: -gained[k]):
        print(f"  {kind}: {looked[kind]} looked at, {moved[kind]} left, {gained[kind]:+.2f}")


if __name__ == "__main__":
    main()
