"""The random bot: a uniform choice among the legal options."""

from __future__ import annotations

from typing import Any

from moontable.bots.base import Bot
from moontable.engine import Action, Decision

__all__ = ["RandomBot"]


class RandomBot(Bot):
    level = "random"

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        return self.rng.choice(decision.options)
