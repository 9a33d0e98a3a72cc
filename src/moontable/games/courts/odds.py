"""The odds of an upset or a persuade try, for the table to show before a player commits (T4)."""

from __future__ import annotations

import functools
from typing import Any

from moontable.games.courts.core import roll_bonus
from moontable.games.courts.state import CourtsState
from moontable.games.courts.strength import persuade_bonus
from moontable.games.courts.tables import GLASSWATER, REACH, STEADY, TOWN_OF_ID


def upset_odds(s: CourtsState, court: int, town: int, strength: int) -> dict[str, Any]:
    """Chance that the upset removes anything, that it clears their sway, and the mean removal."""
    return dict(_upset(s.sway[1 - court][town], strength - 2 * STEADY[town] + roll_bonus(s, court, "upset"),
                       strength))


def persuade_odds(s: CourtsState, court: int, town: int) -> dict[str, Any]:
    """Chance to win, tie or lose one try, and the mean sway each side loses."""
    mine = persuade_bonus(s, court, town) + roll_bonus(s, court, "persuade")
    theirs = persuade_bonus(s, 1 - court, town)
    return dict(_persuade(mine, theirs, s.sway[court][town], s.sway[1 - court][town]))


# The dice arithmetic depends on a few small numbers only: worked out once for each (the table shows the
# odds of every town after every move). Callers get a copy: the cached dict stays as it was.
@functools.lru_cache(maxsize=4096)
def _upset(foe_sway: int, add: int, strength: int) -> dict[str, Any]:
    results = [d + add for d in range(1, 7)]
    hit = sum(1 for r in results if r > 0) / 6
    clear = sum(1 for r in results if r >= foe_sway) / 6
    removed = sum(min(max(r, 0), foe_sway) for r in results) / 6
    return {"use": "upset", "strength": strength, "hit": round(hit, 3), "clear": round(clear, 3),
            "removed": round(removed, 2), "need": 1 - add}


@functools.lru_cache(maxsize=4096)
def _persuade(mine: int, theirs: int, our_sway: int, their_sway: int) -> dict[str, Any]:
    win = tie = 0
    they_lose = we_lose = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            d = (a + mine) - (b + theirs)
            if d > 0:
                win += 1
                they_lose += min(d, their_sway)
            elif d < 0:
                we_lose += min(-d, our_sway)
            else:
                tie += 1
    return {"use": "persuade", "bonus": mine, "their_bonus": theirs, "win": round(win / 36, 3),
            "tie": round(tie / 36, 3), "lose": round((36 - win - tie) / 36, 3),
            "they_lose": round(they_lose / 36, 2), "we_lose": round(we_lose / 36, 2)}


def decision_odds(s: CourtsState, options: tuple) -> dict[str, Any] | None:
    """Odds per target town for the open upset or persuade decision, else None."""
    if not s.stack:
        return None
    f = s.stack[-1]
    kind = f[0]
    towns = [o[1] for o in options if o[0] == "town"]
    if kind == "upset":
        court = f[1]
        return {t: upset_odds(s, court, TOWN_OF_ID[t], f[2] + (1 if f[3] and REACH[TOWN_OF_ID[t]] == GLASSWATER else 0))
                for t in towns}
    if kind == "step:upset":
        return {t: upset_odds(s, f[1], TOWN_OF_ID[t], f[2]["n"]) for t in towns}
    if kind in ("persuade", "step:persuade"):
        return {t: persuade_odds(s, f[1], TOWN_OF_ID[t]) for t in towns}
    return None
