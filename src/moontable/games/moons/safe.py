"""The safe action for every decision: what the table plays when a clock runs out.

Cautious and never a resignation: a middling card to the tableau, the lowest card that may be played (never a
small Asteroid or the Block token), the token that adds the most points, and for a target the first one that
helps most.
"""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.games.moons.content import RANK, SUIT, SUITS, set_points
from moontable.games.moons.state import MoonsState


def gain(tokens: list[int], planet: int) -> int:
    """The points one more token of `planet` adds to `tokens`."""
    more = tokens[:]
    more[planet] += 1
    return set_points(more) - set_points(tokens)


def safe_action(s: MoonsState, d: Decision) -> Action:
    opts = d.options
    seat = d.seat
    if d.kind == "tableau":  # a middling card, of a planet not yet in the tableau if possible
        have = {SUIT[c] for c in s.tableaux[seat]}
        return min(opts, key=lambda o: (SUIT[o[1]] in have, abs(RANK[o[1]] - 7), o[1]))
    if d.kind == "play":
        cards = [o for o in opts if o[0] == "card"]
        return min(cards, key=lambda o: (RANK[o[1]] == 0, RANK[o[1]], o[1]))
    if d.kind in ("take", "capture"):
        takes = [o for o in opts if o[0] == "take"]
        return max(takes, key=lambda o: (gain(s.tokens[seat], o[1]), -o[1]))
    if d.kind in ("swap_take", "tractor"):
        return max(opts, key=lambda o: (gain(s.tokens[seat], o[2]), -o[1], -o[2]))
    if d.kind == "swap_give":
        mine = s.tokens[seat]
        return max(opts, key=lambda o: (set_points([mine[p] - (p == o[1]) for p in range(SUITS)]), -o[1]))
    return opts[0]
