"""The bot interface. A bot sees only its seat's view and the open decision — never the state or the
fair stream — and draws any randomness it needs from its own generator."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from moontable.engine import Action, Decision, Game

__all__ = ["Bot"]


class Bot(ABC):
    """One seat played by the computer at some level."""

    level: ClassVar[str]

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        """One of `decision.options`, chosen from what `view` shows."""
