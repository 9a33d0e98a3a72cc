"""Decision points of Courts for the bot tests: real states, one or more of every decision kind.

Games are played by a random player that plays its Fairs at once and often tries the Star Road, so
they run long enough to reach every kind of decision (the Lamp Keeper's included).
"""

from __future__ import annotations

import random
from typing import Any

from moontable.engine import Decision
from moontable.fair import RandomChance
from moontable.games.courts import COURTS
from moontable.games.courts.cards import BELL, CARDS
from moontable.games.courts.state import CourtsState

KINDS = ("setup", "herald", "play", "order", "place", "upset", "persuade", "lamp", "event_place", "event_remove",
         "event_upset", "event_persuade", "event_choice", "event_use", "event_discard", "event_retrieve")


def _pick(d: Decision, rng: random.Random) -> Any:
    if d.kind == "play":
        fairs = [o for o in d.options if o[1] != BELL and CARDS[o[1]].fair]
        if fairs:
            return fairs[0]
        road = [o for o in d.options if o[2] == "road"]
        if road and rng.random() < 0.5:
            return rng.choice(road)
    return rng.choice(d.options)


def samples(per_kind: int = 2, games: int = 60, seed: int = 0) -> list[tuple[CourtsState, Decision]]:
    """Up to `per_kind` (state, decision) pairs of every kind with more than one option."""
    got: dict[str, list[tuple[CourtsState, Decision]]] = {}
    rng = random.Random(seed)
    for _ in range(games):
        chance = RandomChance(rng)
        s = COURTS.new_state({"seats": 2}, chance)
        while not s.over:
            d = s.decisions[0]
            bucket = got.setdefault(d.kind, [])
            if len(d.options) > 1 and len(bucket) < per_kind and rng.random() < 0.3:
                bucket.append((s.clone(), d))
            COURTS.advance(s, d.seat, _pick(d, rng), chance)
        if all(len(got.get(k, ())) >= per_kind for k in KINDS):
            break
    return [x for k in sorted(got) for x in got[k]]
