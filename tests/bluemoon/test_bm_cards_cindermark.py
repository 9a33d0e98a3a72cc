"""A test per Cindermark card with a text (the others: test_bm_cards_plain.py)."""

from __future__ import annotations

import pytest
from bm_helpers import G, act, kind, options, position, to_play

from moontable.games.bluemoon.content import CARDS
from moontable.games.bluemoon.core import power

FOE = {1: [["hr05"]]}  # Hedge Warden, 2 Fire


@pytest.mark.parametrize("card", ["cm02", "cm05", "cm08", "cm13", "cm33"])
def test_kindle_boosters_move_onto_the_next_character(card):
    s = position(hands={0: ["cm03", "cm16"]}, combat={0: [[card, "cm18", "cm21"]], **FOE})
    to_play(s)
    act(s, ("character", "cm16"))
    assert s.players[0].combat == [[card], ["cm16", "cm18", "cm21"]]
    assert power(s, 0, "fire") == 7 + 3 + 2


def test_kindle_ignored_leaves_the_boosters_covered():
    from bm_helpers import begin

    from moontable.games.bluemoon.core import add_lasting

    s = position(hands={0: ["cm16"]}, combat={0: [["cm13", "cm18"]], **FOE}, begin=False)
    add_lasting(s, "ignore", 1, 0, "foe_turn", {"what": "texts"}, "dv26")
    begin(s)
    act(s, ("character", "cm16"))
    assert s.players[0].combat == [["cm13", "cm18"], ["cm16"]]


def test_kindle_on_a_character_without_boosters_moves_nothing():
    s = position(hands={0: ["cm16"]}, combat={0: [["cm08"]], **FOE})
    to_play(s)
    act(s, ("character", "cm16"))
    assert s.players[0].combat == [["cm08"], ["cm16"]]


def test_card_cm06_ember_tongs_draws_one_when_played():
    s = position(hands={0: ["cm06", "cm18"]}, combat=FOE, decks={0: ["cm12", "cm20"]})
    to_play(s)
    act(s, ("character", "cm06"))
    assert kind(s) == "boost" and sorted(s.players[0].hand) == ["cm18", "cm20"]


def test_card_cm14_glass_blower_may_take_a_booster_back_from_the_discard_pile():
    s = position(hands={0: ["cm14"]}, combat=FOE, discards={0: ["cm20", "cm23", "cm03"]})
    to_play(s)
    act(s, ("character", "cm14"))
    assert options(s) == [("card", "cm20"), ("done",)]
    act(s, ("card", "cm20"))
    assert "cm20" in s.players[0].hand and s.players[0].discard == ["cm23", "cm03"]


def test_card_cm17_ashfall_prophet_makes_each_booster_count_one_more():
    s = position(hands={0: ["cm17", "cm21", "cm18"]}, combat=FOE)
    to_play(s)
    act(s, ("character", "cm17"), ("booster", "cm21"), ("booster", "cm18"))
    assert power(s, 0, "fire") == 3 + (2 + 1) + (3 + 1)
    assert power(s, 0, "earth") == 3 + (1 + 1) + (0 + 1)


def test_card_cm26_bellows_adds_three_in_fire_this_turn_only():
    s = position(hands={0: ["cm26", "cm01"]}, combat={1: [["hr12", "hr18"]]})  # Thornback 2 + Bramble 2 Fire
    act(s, ("lead", "cm26"))
    assert ("character", "cm01") in options(s)  # Ash Apprentice 3 + 3 reaches 4
    act(s, ("character", "cm01"))
    assert s.active == 1 and power(s, 0, "fire") == 3  # the turn is over
    s = position(hands={0: ["cm26", "cm04"]}, combat={1: [["hr05"]]}, element="earth")
    act(s, ("lead", "cm26"))  # no help in Earth: Slag Carrier's 4 does not reach 5, a retreat follows
    assert kind(s) == "dragon"


def test_card_cm27_slag_toss_discards_a_booster_on_the_opponents_uncovered_character():
    s = position(hands={0: ["cm27", "cm03"]}, combat={1: [["hr03", "hr16", "hr18"]]})
    act(s, ("lead", "cm27"))
    assert kind(s) == "scrap" and options(s) == [("card", "hr16"), ("card", "hr18")]
    act(s, ("card", "hr18"))
    assert s.players[1].combat == [["hr03", "hr16"]] and s.players[1].discard == ["hr18"]


def test_card_cm28_stoke_the_kiln_takes_a_booster_back():
    s = position(hands={0: ["cm28", "cm03"]}, combat=FOE, discards={0: ["cm21"]})
    act(s, ("lead", "cm28"), ("card", "cm21"))
    assert "cm21" in s.players[0].hand and G.view(s, 1)["players"][0]["shown"] == ["cm21"]


def test_card_cm29_ember_rain_the_opponents_supports_count_nothing_this_turn():
    s = position(hands={0: ["cm29", "cm01"]}, combat={1: [["hr04"]]}, supports={1: ["hr21", "hr24"]})
    full = sum(CARDS[c].fire for c in ("hr04", "hr21", "hr24"))
    assert power(s, 1, "fire") == full > CARDS["cm01"].fire
    act(s, ("lead", "cm29"))
    assert power(s, 1, "fire") == CARDS["hr04"].fire < CARDS["cm01"].fire
    act(s, ("character", "cm01"))  # Ash Apprentice meets Root Tender alone
    assert s.active == 1 and power(s, 1, "fire") == full  # the next turn the supports count again


def test_card_cm29_ember_rain_spares_protected_supports():
    s = position(hands={0: ["cm29", "cm01"]}, combat={1: [["hr04"]]}, supports={1: ["hr22", "hr24"]},
                 element="earth")
    act(s, ("lead", "cm29"))
    assert power(s, 1, "earth") == CARDS["hr04"].earth + CARDS["hr22"].earth  # Mossy Cairn, PROTECTED, counts


def test_card_cm30_temper_allows_one_more_booster():
    s = position(hands={0: ["cm30", "cm03", "cm18", "cm20", "cm23"]}, combat=FOE)
    act(s, ("lead", "cm30"), ("character", "cm03"), ("booster", "cm18"))
    assert {("booster", "cm20"), ("support", "cm23")} <= set(options(s))  # Hammer Blow did not count
    act(s, ("booster", "cm20"))
    assert power(s, 0, "fire") == 4 + 3 + 4 and s.active == 1  # now the limit is used
    s = position(hands={0: ["cm30", "cm03", "cm23", "cm24"]}, combat=FOE)
    act(s, ("lead", "cm30"), ("character", "cm03"), ("support", "cm23"))
    assert s.active == 1  # Temper frees a booster, not a second support


def test_card_cm31_the_ashen_chosen_each_draws_two_and_discards_one_opponent_first():
    s = position(hands={0: ["cm31", "cm03"], 1: ["hr01"]}, decks={0: ["cm07", "cm08"], 1: ["hr02", "hr03"]},
                 combat=FOE)
    act(s, ("lead", "cm31"))
    assert s.decisions[0].seat == 1 and sorted(s.players[1].hand) == ["hr01", "hr02", "hr03"]
    act(s, ("card", "hr02"), ("card", "cm07"))
    assert sorted(s.players[0].hand) == ["cm03", "cm08"] and s.players[1].discard == ["hr02"]


def test_card_cm32_vow_of_embers_must_play_a_booster_and_adds_two_in_fire():
    s = position(hands={0: ["cm32", "cm03", "cm18", "cm23"]}, combat=FOE)
    act(s, ("lead", "cm32"), ("character", "cm03"))
    assert options(s) == [("booster", "cm18")]
    act(s, ("booster", "cm18"))
    assert "cm23" in s.players[0].hand


def test_card_cm33_cinder_herald_may_be_replaced():
    s = position(hands={0: ["cm33", "cm03"]}, combat=FOE, decks={0: ["cm12"]})
    assert ("replace", "cm33") in options(s)
