"""Random-play speed of a rules engine: what `moontable bench` measures.

A decision is one `apply`. Random games use uniform choices from a `random.Random`; the engine draws
from `RandomChance` (no HMAC), or from a `FairStream` to measure the verifiable stream's cost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from moontable.engine import Game
from moontable.fair import Chance, FairStream, RandomChance

__all__ = ["BenchStats", "play_random_game", "run_bench"]


@dataclass(slots=True)
class BenchStats:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def play_random_game(game: Game, options: dict[str, Any], rng: random.Random, chance: Chance) -> int:
    """Play one game with uniform random choices; return the number of decisions (applies)."""
    state = game.new_state(options, chance)
    limit = game.info.max_decisions
    n = 0
    while True:
        pending = game.pending(state)
        if not pending:
            break
        if n >= limit:
            raise RuntimeError(f"{game.info.id}: a random game went past {limit} decisions")
        d = pending[0]
        game.apply(state, d.seat, rng.choice(d.options), chance)
        n += 1
    if game.result(state) is None:
        raise RuntimeError(f"{game.info.id}: no decision is pending but the game has no result")
    return n


def run_bench(
    game: Game,
    options: dict[str, Any],
    *,
    seconds: float,
    games: int | None = None,
    fair: bool = False,
    seed: int = 1,
    progress: Callable[[BenchStats], None] | None = None,
) -> BenchStats:
    """Play random games for about `seconds` (or exactly `games` games, if given; at least one).

    `fair` draws from a FairStream with a fresh seed per game instead of RandomChance. `progress` is
    called after every game with the totals so far.
    """
    rng = random.Random(seed)
    stats = BenchStats()
    start = time.perf_counter()
    while True:
        chance: Chance = FairStream(rng.randbytes(32)) if fair else RandomChance(rng)
        stats.decisions += play_random_game(game, options, rng, chance)
        stats.games += 1
        stats.seconds = time.perf_counter() - start
        if progress is not None:
            progress(stats)
        if (stats.games >= games) if games is not None else (stats.seconds >= seconds):
            return stats


@dataclass(slots=True)
class BotStats:
    """How long one bot level takes to decide (decisions with more than one option only)."""

    level: str
    decisions: int = 0
    seconds: float = 0.0
    iterations: int = 0  # tree-search iterations, for levels that search
    searches: int = 0  # decisions it searched (the others it answered at once)
    search_seconds: float = 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    @property
    def iterations_per_s(self) -> float:
        return self.iterations / self.search_seconds if self.search_seconds > 0 else 0.0


def bench_bot(game: Game, options: dict[str, Any], level: str, *, seconds: float, seed: int = 1,
              progress: Callable[[BotStats], None] | None = None) -> BotStats:
    """Time `level` for about `seconds`, both seats playing at that level, game after game.

    The engine draws from RandomChance; a decision with a single option is not counted (bots answer
    it at once). ISMCTS levels also report their iterations per second.
    """
    from moontable.bots import make_bot

    rng = random.Random(seed)
    stats = BotStats(level)
    seats = int(options.get("seats", game.info.min_seats))  # a bot for every seat the options ask for
    wall = time.perf_counter()

    def more() -> bool:
        return not stats.decisions or time.perf_counter() - wall < seconds

    while more():
        chance = RandomChance(rng)
        state = game.new_state(options, chance)
        bots = [make_bot(level, game, s, rng.randrange(2**32)) for s in range(seats)]
        while more():
            pending = game.pending(state)
            if not pending:
                break
            d = pending[0]
            view = game.view(state, d.seat)
            start = time.perf_counter()
            action = bots[d.seat].choose(view, d)
            if len(d.options) > 1:
                stats.seconds += time.perf_counter() - start
                stats.decisions += 1
                if progress is not None:
                    progress(stats)
            game.apply(state, d.seat, action, chance)
        for b in bots:
            search = getattr(b, "stats", None)
            if search is not None:
                stats.iterations += search.iterations
                stats.searches += search.searches
                stats.search_seconds += search.seconds
    return stats
