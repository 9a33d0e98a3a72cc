"""The safe action for every decision: what the table plays when a clock runs out.

Cautious and never a resignation: Pass the Act, stop an optional choice, lose the least valuable card
when a card must go, take or keep the most valuable one.
"""

from __future__ import annotations

from moontable.engine import Action, Decision
from moontable.games.moonflight.content import BEST_SCORE
from moontable.games.moonflight.core import retain_limit
from moontable.games.moonflight.state import MoonflightState

_LOSE = {"discard", "trash_any", "trash_hand", "trash_discard", "pay", "redraw", "set", "sell", "trash_settled"}
_GAIN = {"take", "purchase", "retain", "unsettle"}


def _worth(o: Action) -> tuple[int, str]:
    """How much an option's card is worth keeping (cards by name; a card in play counts as 0)."""
    name = o[1] if len(o) > 1 and isinstance(o[1], str) else ""
    return (BEST_SCORE.get(name, 0), name)


def safe_action(s: MoonflightState, d: Decision) -> Action:
    opts = d.options
    if ("pass",) in opts:
        return ("pass",)
    if d.kind in _GAIN and d.kind != "unsettle":
        cards = [o for o in opts if o != ("done",)]
        return max(cards, key=_worth) if cards else opts[0]
    if ("done",) in opts:
        return ("done",)
    if ("rest",) in opts:
        return ("rest",)
    if d.kind in _LOSE:
        return min(opts, key=_worth)
    if d.kind == "precedence":  # the higher retain limit: "keeping up to" it never forces a card to stay
        return max(opts, key=lambda o: (retain_limit(s, d.seat, o[1]), o[1]))
    if d.kind == "counter":
        return ("counter", "turn") if ("counter", "turn") in opts else opts[0]
    if d.kind == "push_player":
        others = [o for o in opts if o[1] != d.seat]
        return others[0] if others else opts[0]
    return opts[0]
