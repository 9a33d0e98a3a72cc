"""The end of a game in rewards, as both adapters give it (moontable.adapters.end_rewards)."""

from moontable.adapters import end_rewards
from moontable.engine import Result


def test_the_winner_gets_one_and_the_others_the_loss():
    assert end_rewards(Result(2, "end"), 4) == [-1.0, -1.0, 1.0, -1.0]  # PettingZoo's
    assert end_rewards(Result(0, "end"), 3, loss=-0.5) == [1.0, -0.5, -0.5]  # OpenSpiel's zero sum


def test_a_draw_gives_nothing_and_a_solo_game_its_score():
    assert end_rewards(Result(None, "draw"), 2) == [0.0, 0.0]
    assert end_rewards(Result(0, "end", {"scores": [23]}), 1) == [23.0]
