"""The heuristic bot: the game's knowledge applied to one state dealt from its seat's view.

It deals the hidden cards once per decision with its own generator (so it never sees them) and asks
the game's knowledge for its best option: for Courts a greedy lookahead over the move (lookahead.py).
"""

from __future__ import annotations

from typing import Any

from moontable.bots.base import Bot
from moontable.bots.knowledge import knowledge_for
from moontable.engine import Action, Decision, Game

__all__ = ["HeuristicBot"]


class HeuristicBot(Bot):
    level = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        self.knowledge = knowledge_for(game)

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        state = self.knowledge.deal(view, self.rng)
        action = self.knowledge.best(state, decision, self.rng)
        return action if action in decision.options else decision.options[0]
