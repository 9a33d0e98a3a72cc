"""The safe action for every decision: what the table plays when a clock runs out.

Cautious and never a resignation: pass the leadership phase, play on with the character that meets
the power check most cheaply rather than retreat, keep cards rather than lose them, draw when offered.
"""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.games.bluemoon.builder import card_worth
from moontable.games.bluemoon.state import BlueMoonState


def _cheapest(options: list[Action]) -> Action:
    return min(options, key=lambda o: (card_worth(o[1]), o))


def safe_action(s: BlueMoonState, d: Decision) -> Action:
    opts = list(d.options)
    if ("pass",) in opts:
        return ("pass",)
    if d.kind == "play":
        chars = [o for o in opts if o[0] == "character"]
        if chars:
            if s.element is None:  # start the fight in the element of the card's higher value
                from moontable.games.bluemoon.content import CARDS

                best = max(chars, key=lambda o: (CARDS[o[1]].value(o[2]), -card_worth(o[1]), o))
                return best
            return _cheapest(chars)
        if ("decline",) in opts:
            return ("decline",)
        return ("retreat",) if ("retreat",) in opts else opts[0]
    if ("done",) in opts and d.kind in ("boost", "redraw", "decline"):
        return ("done",)
    if d.kind in ("discard", "decline", "crystal"):
        return _cheapest(opts)
    if d.kind == "recover":
        cards = [o for o in opts if o[0] == "card"]
        return max(cards, key=lambda o: (card_worth(o[1]), o)) if cards else opts[0]
    if d.kind == "replace":
        return ("draw",)
    if d.kind == "boost":
        return _cheapest(opts)
    return opts[0]
