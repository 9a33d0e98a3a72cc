"""Decision points of Blue Moon for the bot tests: real states, a few of every decision kind.

Random games in the three modes (quick start and deck building bring the envoys' Hyla, crystal and
REPLACE cards), keeping states at decisions with more than one option.
"""

from __future__ import annotations

import random
from typing import Any

from moontable.engine import Decision
from moontable.fair import RandomChance
from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.state import BlueMoonState

KINDS = ("deck", "leadership", "play", "boost", "decline", "discard", "recover", "dragon", "replace", "scrap",
         "redraw")  # and "crystal" (giving up one of several crystal cards) when a game reaches it


def samples(per_kind: int = 2, games: int = 400, seed: int = 0) -> list[tuple[BlueMoonState, Decision]]:
    got: dict[str, list[tuple[BlueMoonState, Decision]]] = {}
    rng = random.Random(seed)
    for g in range(games):
        chance = RandomChance(rng)
        mode = ("quick", "build", "base")[g % 3]
        s = BLUEMOON.new_state({"seats": 2, "mode": mode}, chance)
        while not s.over:
            d = rng.choice(s.decisions)
            bucket = got.setdefault(d.kind, [])
            if len(d.options) > 1 and len(bucket) < per_kind and rng.random() < 0.3:
                bucket.append((s.clone(), d))
            BLUEMOON.advance(s, d.seat, rng.choice(d.options), chance)
        if all(len(got.get(k, ())) >= per_kind for k in KINDS):
            break
    return [x for k in sorted(got) for x in got[k]]


def hidden(s: BlueMoonState, seat: int) -> Any:
    """What `seat` cannot see: the other hand, both draw piles' order, the other's secret deck choice."""
    foe = s.players[1 - seat]
    return sorted(foe.hand), foe.deck, s.players[seat].deck, foe.choice if not foe.leader else None
