"""Scoring a reach at a Fair or at the end (C39-C45, C61)."""

from __future__ import annotations

from moontable.games.courts.core import emit, end, gain, holds
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import FAIR_VALUE, GATE, HIGHWOLD, KEY, REACH_KEYS, REACH_TOWNS, REACHES

LEVELS = ("none", "foothold", "sway", "hold")


def reach_standing(s: CourtsState, reach: int) -> tuple[list[int], list[int]]:
    """Each court's level (0 none .. 3 hold) and sum in `reach` (C40-C43)."""
    towns = [[t for t in REACH_TOWNS[reach] if holds(s, c, t)] for c in (0, 1)]
    n = [len(x) for x in towns]
    keys = [sum(1 for t in x if KEY[t]) for x in towns]
    plain = [n[c] - keys[c] for c in (0, 1)]
    all_keys = len(REACH_KEYS[reach])
    levels = [0, 0]
    sums = [0, 0]
    for c in (0, 1):
        o = 1 - c
        if n[c] > n[o] and keys[c] == all_keys:
            levels[c] = 3
        elif n[c] > n[o] and keys[c] > keys[o] and plain[c] >= 1:
            levels[c] = 2
        elif n[c] >= 1:
            levels[c] = 1
        value = FAIR_VALUE[reach][levels[c] - 1] if levels[c] else 0
        gate_bonus = sum(1 for t in towns[c] if GATE[o][t])
        sums[c] = (value or 0) + keys[c] + gate_bonus
    return levels, sums


def score_reach(s: CourtsState, reach: int) -> None:
    """Score `reach` now: Hold of the Highwold wins (C45); else the higher sum gains the difference."""
    levels, sums = reach_standing(s, reach)
    emit(s, "fair", reach=REACHES[reach], levels=[LEVELS[x] for x in levels], sums=sums)
    highwold = levels if reach == HIGHWOLD else reach_standing(s, HIGHWOLD)[0]
    for c in (0, 1):  # C45: Hold of the Highwold at any Fair wins
        if highwold[c] == 3:
            end(s, c, "highwold")
            return
    if sums[0] > sums[1]:
        gain(s, 0, sums[0] - sums[1], f"Fair of {REACHES[reach]}")
    elif sums[1] > sums[0]:
        gain(s, 1, sums[1] - sums[0], f"Fair of {REACHES[reach]}")


def final_scoring(s: CourtsState) -> None:
    """C61, C62, C50: every reach, then the Bell's holder gains 1; the bead's side wins, 0 is a draw."""
    for reach in range(len(REACHES)):
        score_reach(s, reach)
        if s.over:
            return
    gain(s, s.bell, 1, "the Moot Bell")
    if s.over:
        return
    if s.bead > 0:
        end(s, 1, "final")
    elif s.bead < 0:
        end(s, 0, "final")
    else:
        end(s, None, "draw")
