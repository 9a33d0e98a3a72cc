"""Strength in Courts (issue 5, point 5), sides alternating. Long: run with `pytest -m slow tests/bots`.

The same figures come from the command line (see docs/bots.md):

    moontable selfplay courts --games 200 --bots heuristic,random --seed 2
    moontable selfplay courts --games 100 --bots ismcts,heuristic --seed 2   (and --seed 5, --seed 7)

The ismcts measurement plays 300 games (about 40 minutes on two cores): 100 games move by about ±9
points from one seed to the next, too much to tell 70% from 65%.
"""

from __future__ import annotations

import os

import pytest

from moontable.selfplay import run_selfplay

pytestmark = pytest.mark.slow
JOBS = os.cpu_count() or 1


def test_heuristic_beats_random_in_nine_games_of_ten(tmp_path):
    summary = run_selfplay("courts", 200, ("heuristic", "random"), jobs=JOBS, out_dir=tmp_path, seed=2)
    assert summary["per_bot"]["heuristic"]["win_rate"] >= 0.9, summary["per_bot"]["heuristic"]


def test_ismcts_at_200_ms_beats_heuristic_in_seven_games_of_ten(tmp_path):
    wins = games = 0
    for seed in (2, 5, 7):
        summary = run_selfplay("courts", 100, ("ismcts", "heuristic"), jobs=JOBS, out_dir=tmp_path / str(seed),
                               seed=seed)
        wins += summary["per_bot"]["ismcts"]["wins"]
        games += summary["per_bot"]["ismcts"]["games"]
    assert wins >= 0.7 * games, (wins, games)
