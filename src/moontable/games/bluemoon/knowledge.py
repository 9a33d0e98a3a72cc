"""Bot knowledge for Blue Moon: what the heuristic and ISMCTS bots (bots/) need from the game.

A state is dealt from the seat's view (infoset.py). The heuristic plays each option out to the end of its
turn with the quick rule (policy.py) and keeps the one that leaves the best position; tree search
branches on the leadership phase, the character (or retreat) and the booster/support step, and lets the
quick rule answer every smaller choice. The evaluation is the position's worth in dragons, turned into a
chance of winning.
"""

from __future__ import annotations

from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import RandomChance
from moontable.games.bluemoon.policy import DEALS, DEFAULT, Weights, best, deck_choice, evaluate, option_values, quick
from moontable.games.bluemoon.state import BlueMoonState

MAJOR = frozenset(("leadership", "play", "boost"))


class BlueMoonKnowledge:
    """The Knowledge protocol (bots/knowledge.py) for Blue Moon."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights

    def deal(self, view: dict[str, Any], rng: Any) -> BlueMoonState:
        from moontable.games.bluemoon.infoset import from_view

        return from_view(view, rng)

    def evaluate(self, s: BlueMoonState, seat: int) -> float:
        return evaluate(s, seat, self.weights)

    def quick(self, s: BlueMoonState, decision: Decision, rng: Any) -> Action:
        return quick(s, decision)

    def best(self, s: BlueMoonState, decision: Decision, rng: Any) -> Action:
        return best(s, decision, RandomChance(rng), rng, self.weights)

    def option_values(self, s: BlueMoonState, decision: Decision, rng: Any) -> dict[Action, float]:
        if decision.kind == "deck":
            pick = deck_choice(s, decision)
            return {o: (1.0 if o == pick else 0.0) for o in decision.options}
        return option_values(s, decision, RandomChance(rng), rng, DEALS, self.weights)

    def reply(self, s: BlueMoonState, decision: Decision, rng: Any, chance: Any) -> Action:
        return quick(s, decision)

    def option_key(self, s: BlueMoonState, decision: Decision, action: Action) -> Any:
        return action

    def priors(self, s: BlueMoonState, decision: Decision) -> list[float]:
        pick = quick(s, decision)
        n = len(decision.options)
        return [0.5 + 0.5 / n if o == pick else 0.5 / n for o in decision.options]

    # a leaf is judged when the searching seat's next turn begins (the other's whole turn played by the
    # quick rule), at most reply_moves * horizon moves on
    horizon = 4

    def mark(self, s: BlueMoonState, seat: int) -> int:
        return s.players[seat].turns

    def leaf(self, s: BlueMoonState, seat: int, mark: int) -> bool:
        d = s.decisions[0]
        return d.seat == seat and d.kind in ("leadership", "play") and s.players[seat].turns > mark

    def is_major(self, kind: str) -> bool:
        return kind in MAJOR

    def is_fine(self, kind: str) -> bool:
        return kind not in MAJOR

    def complete(self, s: BlueMoonState, rng: Any, chance: Any) -> None:
        from moontable.games.bluemoon import BLUEMOON

        n = 0
        while not s.over and s.decisions and s.decisions[0].kind not in MAJOR:
            d = s.decisions[0]
            BLUEMOON.advance(s, d.seat, quick(s, d), chance)
            n += 1
            if n > 500:
                raise RuntimeError("bluemoon: the quick rule did not reach a major decision")


STRONGEST = "ismcts"
KNOWLEDGE = BlueMoonKnowledge()
