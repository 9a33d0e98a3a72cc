"""What a game gives its heuristic and search bots: the `Knowledge` protocol and its lookup.

A game with bot knowledge has a module `moontable.games.<id>.knowledge` holding `KNOWLEDGE`. Every
method works on a full state dealt from one seat's view (`deal`), never on the table's state.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from moontable.engine import Action, Decision, Game

__all__ = ["Knowledge", "knowledge_for"]


class Knowledge(Protocol):
    def deal(self, view: dict[str, Any], rng: Any) -> Any:
        """A full state consistent with a seat's view, its hidden part dealt with `rng`."""

    def evaluate(self, state: Any, seat: int) -> float:
        """The state's worth to `seat` as a chance of winning, 0..1."""

    def quick(self, state: Any, decision: Decision, rng: Any) -> Action:
        """A fast, sensible option (playouts, finishing a move)."""

    def best(self, state: Any, decision: Decision, rng: Any) -> Action:
        """The heuristic's option: slower than `quick`, a few milliseconds."""

    def option_values(self, state: Any, decision: Decision, rng: Any) -> dict[Action, float]:
        """The heuristic's value of each option (any scale; higher is better for the decider)."""

    def reply(self, state: Any, decision: Decision, rng: Any, chance: Any) -> Action:
        """An answer for the other side in a search: better than `quick`, cheaper than `best`."""

    def option_key(self, state: Any, decision: Decision, action: Action) -> Any:
        """Options with the same key come to the same (a search keeps only the best of them)."""

    def priors(self, state: Any, decision: Decision) -> list[float]:
        """A probability per option, in the order of `decision.options`, for tree search."""

    def is_major(self, kind: str) -> bool:
        """Whether tree search branches on this kind of decision (the others are finished by `quick`)."""

    def is_fine(self, kind: str) -> bool:
        """Whether `best` answers this kind exactly enough that a noisy search would only do worse."""

    def complete(self, state: Any, rng: Any, chance: Any) -> None:
        """Answer decisions with `quick` until a major decision is open or the game is over."""

    # Optional: `pinned(state, decision) -> list[Action]`, options a tree search always weighs at its
    # root, however the heuristic ranks them (for Courts: playing or heralding a Fair).
    # Optional: `evaluate_all(state) -> list[float]`, every seat's chance of winning at once; with it the
    # search judges each seat's own choices by that seat's chance (max^n), not by 1 - its own (Moons).
    # Optional: `model_others = True`: the other seats' moves in a search are the reply model's, never
    # nodes of the tree, which then holds the searching seat's own choices only (Moons).


def knowledge_for(game: Game) -> Knowledge:
    """The bot knowledge of `game`; ValueError if it has none."""
    try:
        module = importlib.import_module(f"moontable.games.{game.info.id}.knowledge")
    except ModuleNotFoundError:
        raise ValueError(f"{game.info.name} has no bot knowledge: only the random bot can play it") from None
    return module.KNOWLEDGE  # type: ignore[no-any-return]
