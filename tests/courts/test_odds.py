"""T4: an upset or a persuade shows its odds before the player commits; the odds match the rules."""

from __future__ import annotations

from helpers import MOON, Dice, answer, position, run

from moontable.games.courts import COURTS
from moontable.games.courts.tables import TOWN_OF_ID


def test_T4_upset_odds_follow_the_upset_arithmetic():
    # Greyvane: steadiness 2. Strength 3: result = die + 3 - 4 = die - 1 > 0 on 2..6.
    s = position(moon={"crownmoor": 5}, sun={"greyvane": 2})
    s.stack.append(["upset", MOON, 3, 0, -1])
    run(s)
    odds = COURTS.view(s, 0)["decisions"][0]["odds"]["greyvane"]
    assert odds["hit"] == round(5 / 6, 3)
    assert odds["clear"] == round(4 / 6, 3)  # die - 1 >= 2 on 3..6
    assert odds["need"] == 2
    assert COURTS.view(s, 1)["decisions"][0]["odds"] is None, "the other seat sees no odds of ours"


def test_T4_persuade_odds_count_the_modifiers():
    s = position(moon={"greyvane": 3, "crownmoor": 5}, sun={"greyvane": 1})
    s.stack.append(["persuade", MOON, 2, 0, -1])
    run(s)
    odds = COURTS.view(s, 0)["decisions"][0]["odds"]["greyvane"]
    assert odds["bonus"] == 2  # holds Crownmoor next to it, more sway there
    assert odds["their_bonus"] == 0
    assert odds["win"] == round(26 / 36, 3) and odds["tie"] == round(4 / 36, 3)
    answer(s, ("town", "greyvane"), Dice(1, 1))  # 1 + 2 against 1: the Sun loses its one sway
    assert s.sway[1][TOWN_OF_ID["greyvane"]] == 0
