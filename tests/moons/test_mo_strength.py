"""Bot strength in Moons (issue 17, item 3): one strong bot against the others, its seat in turn, each level
clearly stronger than the one below: the lower end of the strong bot's 95% interval above 1/N.

Long: `pytest -m slow tests/moons/test_mo_strength.py` replays the measurements of docs/moons-bots.md (the
same commands, seeds and game counts; seeded bots with a fixed ismcts budget play the same games on any
machine). `MOONTABLE_JOBS` sets the processes (default 1).
"""

from __future__ import annotations

import os

import pytest

from moontable.selfplay import run_selfplay

pytestmark = pytest.mark.slow
JOBS = int(os.environ.get("MOONTABLE_JOBS", "1"))
ISMCTS = "ismcts:iterations=100"

# (seats, games, seed): the rows of docs/moons-bots.md
HEURISTIC_OVER_RANDOM = [(2, 100, 21), (3, 120, 31), (4, 100, 41), (5, 120, 51), (6, 100, 61)]
NOT_YET = pytest.mark.xfail(strict=True, reason="issue 17: ismcts is not yet clearly stronger than heuristic at this "
                            "seat count (docs/moons-bots.md: the interval reaches 1/N)")
ISMCTS_OVER_HEURISTIC = [pytest.param(2, 80, 23, marks=NOT_YET), (3, 150, 33), (4, 120, 43), (5, 150, 53), (6, 120, 63)]


def strong_rate(seats: int, strong: str, other: str, games: int, seed: int) -> tuple[float, float]:
    summary = run_selfplay("moons", games, (strong, other), jobs=JOBS, seed=seed, seats=seats)
    me = summary["per_bot"][strong]
    return me["win_rate"], me["ci95"][0]


@pytest.mark.parametrize(("seats", "games", "seed"), HEURISTIC_OVER_RANDOM)
def test_heuristic_is_clearly_stronger_than_random(seats, games, seed):
    rate, low = strong_rate(seats, "heuristic", "random", games, seed)
    assert low > 1 / seats, (seats, rate, low)


@pytest.mark.parametrize(("seats", "games", "seed"), ISMCTS_OVER_HEURISTIC)
def test_ismcts_is_clearly_stronger_than_heuristic(seats, games, seed):
    rate, low = strong_rate(seats, ISMCTS, "heuristic", games, seed)
    assert low > 1 / seats, (seats, rate, low)
