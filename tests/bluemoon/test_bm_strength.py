"""Balance between equal bots (BM80) and strength between levels. Long: `pytest -m slow tests/bluemoon`.

The same figures come from the command line (docs/bluemoon-balance.md, README):

    moontable selfplay bluemoon --games 1200 --bots heuristic,heuristic --seed 7
    moontable selfplay bluemoon --games 300 --bots heuristic,random --seed 2
    moontable selfplay bluemoon --games 300 --bots ismcts,heuristic --seed 2
"""

from __future__ import annotations

import os

import pytest

from moontable.selfplay import run_selfplay

pytestmark = pytest.mark.slow
JOBS = os.cpu_count() or 1


def test_BM80_every_pair_of_peoples_wins_40_to_60_percent_between_equal_bots(tmp_path):
    summary = run_selfplay("bluemoon", 1200, ("heuristic", "heuristic"), jobs=JOBS, out_dir=tmp_path, seed=7)
    pairs = summary["by_pair"]
    assert len(pairs) == 6 and all(p["games"] == 200 for p in pairs.values())
    for name, p in pairs.items():
        assert 0.40 <= p["win_rate"] <= 0.60, (name, p)


def test_heuristic_is_clearly_stronger_than_random(tmp_path):
    summary = run_selfplay("bluemoon", 300, ("heuristic", "random"), jobs=JOBS, out_dir=tmp_path, seed=2)
    assert summary["per_bot"]["heuristic"]["ci95"][0] > 0.5, summary["per_bot"]["heuristic"]


def test_ismcts_is_clearly_stronger_than_heuristic(tmp_path):
    summary = run_selfplay("bluemoon", 300, ("ismcts", "heuristic"), jobs=JOBS, out_dir=tmp_path, seed=2)
    assert summary["per_bot"]["ismcts"]["ci95"][0] > 0.5, summary["per_bot"]["ismcts"]
