"""Crystal cards and the game's scoring (BM52-BM63)."""

from __future__ import annotations

from bm_helpers import G, act, begin, kind, options, position, to_play

from moontable.games.bluemoon.flow import finish, score
from moontable.games.bluemoon.state import MIDDLE

ASH, MOSS, STORM, ASH2 = "en01", "en02", "en08", "en09"


def crystal_turn(hand, dragons, crystals=None, element=None, **kw):
    return position(("cindermark", "hollowroot"), hands={0: hand, 1: ["hr01", "hr02"]}, dragons=dragons,
                    crystals=crystals, element=element, mode="quick", **kw)


def test_BM52_a_crystal_card_is_the_leadership_phases_one_card():
    s = crystal_turn([ASH, "cm26", "cm03"], {"ashwing": 0})
    assert kind(s) == "leadership" and ("lead", ASH) in options(s) and ("lead", "cm26") in options(s)
    act(s, ("lead", ASH))
    assert kind(s) == "play" and not any(o[0] == "lead" for o in options(s))


def test_BM53_only_while_its_dragon_is_on_your_side():
    for side in (MIDDLE, 1):
        s = crystal_turn([ASH, "cm03"], {"ashwing": side, "mossback": 0})
        assert kind(s) == "play" and ASH in s.players[0].hand  # the leadership phase had nothing to offer
    s = crystal_turn([ASH, MOSS, "cm03"], {"mossback": 0})
    assert ("lead", MOSS) in options(s) and ("lead", ASH) not in options(s)


def test_BM54_a_played_crystal_card_is_displayed_and_several_may_be():
    s = crystal_turn([ASH, MOSS, "cm03"], {"ashwing": 0, "mossback": 0}, crystals={0: [STORM]})
    act(s, ("lead", ASH))
    assert s.players[0].crystals == [STORM, ASH]
    assert G.view(s, 1)["players"][0]["crystals"] == [STORM, ASH]


def test_BM55_displayed_crystals_stay_after_the_fight_and_after_their_dragon_leaves():
    s = position(hands={0: ["cm01", "cm02"], 1: ["hr01"]}, combat={0: [["cm03"]], 1: [["hr13", "hr19"]]},
                 crystals={0: [ASH]}, dragons={"ashwing": 0}, mode="quick")
    to_play(s)
    act(s, ("retreat",))  # Ashwing goes back to the middle; the fight's cards are discarded
    assert s.dragons[0] == MIDDLE and s.players[0].crystals == [ASH]
    assert ASH not in s.players[0].discard


def test_BM56_playing_a_crystal_against_displayed_ones_costs_one_each():
    s = crystal_turn([ASH, "cm03"], {"ashwing": 0}, crystals={1: [MOSS]})
    act(s, ("lead", ASH))
    assert s.players[0].crystals == [] and s.players[1].crystals == []
    assert ASH in s.players[0].discard and MOSS in s.players[1].discard


def test_BM57_the_player_gives_up_the_card_just_played_the_opponent_chooses_theirs():
    s = crystal_turn([ASH, "cm03"], {"ashwing": 0}, crystals={1: [MOSS, STORM]})
    act(s, ("lead", ASH))
    assert kind(s) == "crystal" and s.decisions[0].seat == 1
    assert options(s) == [("card", MOSS), ("card", STORM)]
    act(s, ("card", STORM))
    assert s.players[1].crystals == [MOSS] and s.players[0].crystals == []
    assert STORM in s.players[1].discard and ASH in s.players[0].discard


def test_BM58_never_both_players_display_crystals():
    for theirs in ([MOSS], [MOSS, STORM]):
        s = crystal_turn([ASH, "cm03"], {"ashwing": 0}, crystals={1: list(theirs)})
        act(s, ("lead", ASH))
        if kind(s) == "crystal":
            act(s, options(s)[0])
        assert not (s.players[0].crystals and s.players[1].crystals)


def ended(dragons, crystals, reason="out", winner=None, first_out=None):
    s = position(hands={0: ["cm01"], 1: ["hr01"]}, dragons=dragons, crystals=crystals, element=None, begin=False)
    s.first_out = first_out
    finish(s, reason, winner)
    return s


def test_BM59_the_winner_scores_one_more_crystal_per_displayed_crystal_card():
    s = ended({"ashwing": 0}, {0: [ASH, MOSS]})
    assert s.winner == 0 and s.crystals == [2 + 2, 0]


def test_BM60_each_crystal_the_loser_displays_cancels_one_of_the_winners_dragons():
    s = ended({"ashwing": 0, "mossback": 0, "stormcrest": 0}, {1: [ASH]})
    assert s.crystals == [1 + 2, 0]
    s = ended({"ashwing": 0}, {1: [ASH, MOSS, STORM]})
    assert s.crystals == [1, 0]  # never below zero dragons; the win itself still counts


def test_BM61_worked_example_one_dragon_against_two_displayed_crystals_scores_one():
    s = ended({"ashwing": 0}, {1: [ASH, MOSS]})
    assert s.winner == 0 and s.crystals == [1, 0]


def test_BM62_the_formula_with_both_terms_the_immediate_win_and_the_dragonless_win():
    assert score(2, 1, 1) == 1 + 1 + 1
    assert score(1, 0, 2) == 1
    assert score(3, 2, 0) == 6
    s = ended({"ashwing": 1, "mossback": 1, "stormcrest": 1}, {1: [ASH], 0: [MOSS]}, "all_dragons", winner=1)
    assert s.crystals == [0, 1 + (3 - 1) + 1]
    s = ended({}, {0: [ASH]}, first_out=0)
    assert s.reason == "no_dragons" and s.winner == 1 and s.crystals == [0, 1]  # seat 0 ran out first
    s = ended({}, {1: [ASH]}, first_out=0)
    assert s.winner == 1 and s.crystals == [0, 2]  # a dragonless win counts 0 dragons, the winner's crystal 1


def test_BM63_the_bonus_goes_to_the_games_winner_even_after_losing_the_last_fight():
    # seat 0 holds two dragons and a crystal; it loses the last fight (one dragon back) and still wins the game
    s = position(hands={0: [], 1: ["hr01"]}, decks={0: [], 1: []}, combat={0: [["cm03"]], 1: [["hr13"]]},
                 crystals={0: [ASH]}, dragons={"ashwing": 0, "mossback": 0}, mode="quick", begin=False)
    begin(s)
    act(s, ("dragon", "ashwing"))
    assert s.over and s.winner == 0 and s.crystals == [1 + 1 + 1, 0]
