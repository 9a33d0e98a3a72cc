"""A test per Duskveil card with a text (the others: test_bm_cards_plain.py)."""

from __future__ import annotations

import pytest
from bm_helpers import G, Script, act, kind, options, position, to_play

from moontable.games.bluemoon.content import CARDS
from moontable.games.bluemoon.core import power

DV = ("duskveil", "cindermark")


@pytest.mark.parametrize("card", ["dv02", "dv04", "dv08", "dv14", "dv16", "dv33"])
def test_mirror_counts_one_less_than_the_opponents_strongest_uncovered_character(card):
    s = position(DV, hands={0: [card]}, combat={1: [["cm16", "cm20"]]})  # Forge Warden 7 Fire, White Heat 4
    to_play(s)
    assert kind(s) == "dragon"  # 7 does not reach 11: the retreat followed
    s = position(DV, hands={0: [card]}, combat={1: [["cm08"]]}, supports={0: ["dv23"]})  # Smelter: 6 Fire
    to_play(s)
    act(s, ("character", card))  # 6 - 1, and Lantern Post's 1: a tie, enough
    assert power(s, 0, "fire") == 5 + CARDS["dv23"].fire == 6
    assert power(s, 0, "earth") == max(CARDS[card].earth, CARDS["cm08"].earth - 1) + CARDS["dv23"].earth


def test_mirror_keeps_its_own_value_when_that_is_more():
    s = position(("duskveil", "hollowroot"), combat={0: [["dv08"]], 1: [["hr01"]]}, active=1, begin=False)
    assert power(s, 0, "fire") == 3 and power(s, 0, "earth") == 3


def test_card_dv05_shade_thief_makes_the_opponent_discard_at_random():
    for seed, lost in ((0, "cm03"), (1, "cm12")):
        s = position(DV, hands={0: ["dv05"], 1: ["cm03", "cm12"]}, combat={1: [["cm04"]]})
        to_play(s)
        act(s, ("character", "dv05"), chance=Script(seed))
        assert s.players[1].discard == [lost]


def test_card_dv13_lamplighter_draws_one():
    s = position(DV, hands={0: ["dv13"]}, combat={1: [["cm04"]]}, decks={0: ["dv01"]})
    to_play(s)
    act(s, ("character", "dv13"))
    assert s.players[0].hand == ["dv01"]


def test_card_dv26_hush_ignores_the_opponents_texts_through_their_next_turn():
    s = position(DV, hands={0: ["dv26", "dv03"], 1: ["cm06", "cm17"]}, combat={1: [["cm01"]]},
                 decks={1: ["cm21", "cm20"]})
    act(s, ("lead", "dv26"), ("character", "dv03"))
    to_play(s)
    act(s, ("character", "cm06"))  # Ember Tongs: its "draw 1" is ignored, so White Heat never came to boost
    assert s.active == 0 and sorted(s.players[1].hand) == ["cm17", "cm20", "cm21"]
    assert not any(x[0] == "ignore" for x in s.lasting)  # the opponent's turn is over


def test_card_dv27_turncoat_wind_switches_the_element():
    s = position(DV, hands={0: ["dv27", "dv12"]}, combat={1: [["cm16"]]})
    act(s, ("lead", "dv27"))
    assert s.element == "earth"
    assert ("character", "dv12") in options(s)  # Night Heron's 5 Earth meets Forge Warden's 3


def test_card_dv27_turncoat_wind_outside_a_fight_does_nothing():
    s = position(DV, hands={0: ["dv27", "dv12"]}, element=None)
    act(s, ("lead", "dv27"))
    assert s.element is None and kind(s) == "play"


def test_card_dv28_fog_of_doubt_a_random_discard():
    s = position(DV, hands={0: ["dv28", "dv03"], 1: ["cm03", "cm04", "cm05"]}, combat={1: [["cm01"]]})
    act(s, ("lead", "dv28"), chance=Script(2))
    assert s.players[1].discard == ["cm05"] and len(s.players[1].hand) == 2


def test_card_dv29_veil_step_shields_in_both_elements_this_turn():
    for element in ("fire", "earth"):
        s = position(DV, hands={0: ["dv29", "dv01"]}, combat={1: [["cm16", "cm20"]]}, element=element)
        act(s, ("lead", "dv29"))
        assert ("character", "dv01") in options(s)


def test_card_dv30_stolen_lantern_discards_one_of_the_opponents_supports():
    s = position(DV, hands={0: ["dv30", "dv03"]}, combat={1: [["cm01"]]}, supports={1: ["cm23", "cm24"]})
    act(s, ("lead", "dv30"), ("card", "cm23"))
    assert s.players[1].supports == ["cm24"] and s.players[1].discard == ["cm23"]


def test_card_dv31_the_veiled_chosen_each_discards_up_to_two_then_draws_as_many():
    s = position(DV, hands={0: ["dv31", "dv03", "dv07"], 1: ["cm03", "cm04"]}, combat={1: [["cm01"]]},
                 decks={0: ["dv09", "dv12"], 1: ["cm05", "cm06"]})
    act(s, ("lead", "dv31"))
    assert s.decisions[0].seat == 1 and kind(s) == "redraw"
    act(s, ("card", "cm03"), ("done",))
    assert sorted(s.players[1].hand) == ["cm04", "cm06"]
    act(s, ("card", "dv03"), ("card", "dv07"))
    assert sorted(s.players[0].hand) == ["dv09", "dv12"]


def test_card_dv32_silent_pact_the_opponent_may_not_draw_in_their_next_turn():
    s = position(DV, hands={0: ["dv32", "dv03"], 1: ["cm03", "cm18"]}, combat={1: [["cm01"]]})
    act(s, ("lead", "dv32"), ("character", "dv03"))
    to_play(s)
    act(s, ("character", "cm03"), ("booster", "cm18"))
    assert s.players[1].hand == [] and s.active == 0  # no refill at the end of its turn
    assert G.view(s, 0)["players"][1]["hand_count"] == 0
