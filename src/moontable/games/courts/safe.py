"""The safe action for every decision: what the table plays when a clock runs out (T15).

Cautious and never a resignation: play a held Fair before it can be kept, otherwise place sway
with the weakest card; pick the first legal town; keep cards; let the other event come first.
"""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.games.courts.cards import BELL, CARDS
from moontable.games.courts.state import CourtsState


def _weakness(card: int, court: int) -> tuple[int, int, int]:
    c = CARDS[card]
    # prefer our own or either court's cards (no gift to the other court), then the weakest
    return (1 if c.owner == 1 - court else 0, c.strength, card)


def safe_action(s: CourtsState, d: Decision) -> Action:
    court = s.court_of(d.seat)
    opts = d.options
    if d.kind == "herald":
        fairs = [o for o in opts if CARDS[o[1]].fair]
        if fairs:
            return fairs[0]
        return min(opts, key=lambda o: _weakness(o[1], court))
    if d.kind == "play":
        fairs = [o for o in opts if o[1] != BELL and CARDS[o[1]].fair]
        if fairs:
            return fairs[0]
        places = [o for o in opts if o[2] == "place" and o[1] != BELL]
        if places:
            return min(places, key=lambda o: _weakness(o[1], court))
        return opts[0]
    if d.kind == "order":
        return ("order", "before")
    if d.kind == "lamp":
        fairs = [o for o in opts if o[0] == "discard" and CARDS[o[1]].fair]
        return fairs[0] if fairs else ("keep",)
    if d.kind in ("place", "persuade"):
        towns = [o for o in opts if o[0] == "town"]
        return towns[0] if towns else opts[0]
    return opts[0]
