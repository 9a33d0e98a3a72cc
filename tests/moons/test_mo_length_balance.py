"""Game length and seat balance (MO49, MO50), measured by self-play: docs/moons-balance.md.

The default run checks what holds for every game: at most N rounds, one of the two ends, and an end that
matches its reason. The slow run replays the documented measurement (500 games between random bots at each
seat count, seed 7; seeded bots play the same games) and checks the figures the document states.
"""

from __future__ import annotations

import os
import random

import pytest

from moontable.fair import RandomChance
from moontable.games.moons import MOONS as G
from moontable.games.moons.content import tricks_per_round


@pytest.mark.parametrize("n", range(2, 7))
def test_MO49_every_game_lasts_at_most_n_rounds_and_ends_one_of_the_two_ways(n):
    rng = random.Random(n)
    for _ in range(40):
        chance = RandomChance(rng)
        s = G.new_state({"seats": n}, chance)
        while not s.over:
            d = rng.choice(s.decisions)
            G.advance(s, d.seat, rng.choice(d.options), chance)
        assert 1 <= s.round <= n and s.tricks_played <= n * tricks_per_round(n)
        if s.reason == "dealt":  # every seat dealt: the last round was played out
            assert s.round == n and s.tricks_played == n * tricks_per_round(n)
        else:  # the supply ran out: at once, whatever was left of the round
            assert s.reason == "supply" and sum(s.supply) == 0


JOBS = int(os.environ.get("MOONTABLE_JOBS", "1"))


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 7))
def test_MO49_MO50_the_documented_measurement(n, tmp_path):
    from moontable.selfplay import run_selfplay

    summary = run_selfplay("moons", 500, ("random", "random"), jobs=JOBS, seed=7, seats=n)
    base = 1 / n
    for seat in (0, n - 1):  # MO50: the first and the last seat within 5 points of 1/N
        rate = summary["by_seat"][str(seat)]["win_rate"]
        assert abs(rate - base) <= 0.05, (n, seat, rate)
    assert summary["turns"]["max"] <= n  # MO49: at most N rounds
    # MO49 as documented: two seats mostly deal out, from four the supply mostly runs out first
    supply = summary["reasons"].get("supply", {}).get("share", 0.0)
    assert (supply < 0.5) if n <= 3 else (supply > 0.5), (n, supply)
