"""Decision points of Moons for the bot tests: real states from random games, every kind of decision with more
than one option, at several seat counts."""

from __future__ import annotations

import random

from moontable.engine import Decision
from moontable.fair import RandomChance
from moontable.games.moons import MOONS
from moontable.games.moons.state import MoonsState

KINDS = ("tableau", "play", "take", "swap_take", "swap_give", "realign_out", "realign_in", "tractor", "capture",
         "eclipse_mine", "eclipse_theirs")


def samples(per_kind: int = 2, seats: tuple[int, ...] = (2, 3, 5, 6), games: int = 80,
            seed: int = 0) -> list[tuple[MoonsState, Decision]]:
    """Up to `per_kind` (state, decision) pairs of every kind with more than one option, a few per seat count."""
    got: dict[tuple[str, int], list[tuple[MoonsState, Decision]]] = {}
    rng = random.Random(seed)
    for g in range(games):
        n = seats[g % len(seats)]
        chance = RandomChance(rng)
        s = MOONS.new_state({"seats": n}, chance)
        while not s.over:
            d = rng.choice(s.decisions)
            bucket = got.setdefault((d.kind, n), [])
            if len(d.options) > 1 and len(bucket) < per_kind and rng.random() < 0.2:
                bucket.append((s.clone(), d))
            MOONS.advance(s, d.seat, rng.choice(d.options), chance)
    return [x for k in sorted(got) for x in got[k]]
