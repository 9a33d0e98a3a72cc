"""A test per Hollowroot card with a text (the others: test_bm_cards_plain.py)."""

from __future__ import annotations

import pytest
from bm_helpers import act, options, position, to_play, types

from moontable.games.bluemoon.content import CARDS
from moontable.games.bluemoon.core import power

HR = ("hollowroot", "cindermark")
FOE = {1: [["cm04"]]}  # Slag Carrier: 2 Fire, 4 Earth


@pytest.mark.parametrize("card", ["hr20", "hr21", "hr22", "hr23", "hr33"])
def test_rooted_a_third_rooted_support_wins_the_fight(card):
    others = [c for c in ("hr20", "hr21", "hr22") if c != card][:2]
    s = position(HR, hands={0: ["hr05", card], 1: ["cm03"]}, combat={0: [["hr03"]], 1: [["cm16"]]},
                 supports={0: others}, element="earth")
    to_play(s)
    act(s, ("character", "hr05"))
    events = act(s, ("support", card))
    assert "rooted" in types(events) and "retreat" in types(events)
    assert [e["seat"] for e in events if e["type"] == "fight_won"] == [0]


def test_rooted_two_are_not_enough_and_others_do_not_count():
    s = position(HR, hands={0: ["hr05", "hr24"]}, combat={1: [["cm04"]]}, supports={0: ["hr20", "hr21"]},
                 element="earth")
    to_play(s)
    act(s, ("character", "hr05"))
    events = act(s, ("support", "hr24"))
    assert "rooted" not in types(events) and s.element == "earth"


def test_rooted_reaching_three_is_offered_even_when_the_power_falls_short():
    s = position(HR, hands={0: ["hr01", "hr21"]}, combat={1: [["cm16"]]}, supports={0: ["hr20", "hr22"]})
    to_play(s)  # Moss Sprout 1 + supports 0 + 0 + 1 is far below Forge Warden's 7 Fire: only the roots reach
    assert ("character", "hr01") in options(s)


def test_card_hr06_lichen_sage_may_take_a_support_back():
    s = position(HR, hands={0: ["hr06"]}, combat=FOE, discards={0: ["hr24", "hr03"]}, element="earth")
    to_play(s)
    act(s, ("character", "hr06"))
    assert options(s) == [("card", "hr24"), ("done",)]
    act(s, ("done",))
    assert s.players[0].discard == ["hr24", "hr03"]


def test_card_hr14_cairn_keeper_makes_each_support_count_one_more():
    s = position(HR, hands={0: ["hr14"]}, combat=FOE, supports={0: ["hr24", "hr21"]}, element="earth")
    to_play(s)
    act(s, ("character", "hr14"))
    assert power(s, 0, "earth") == sum(CARDS[c].earth for c in ("hr14", "hr24", "hr21")) + 2


def test_card_hr26_thicket_bars_boosters_until_the_end_of_the_opponents_next_turn():
    s = position(HR, hands={0: ["hr26", "hr05"], 1: ["cm09", "cm19", "cm24"]}, combat={1: [["cm04"]]},
                 element="earth")
    act(s, ("lead", "hr26"), ("character", "hr05"))
    to_play(s)
    act(s, ("character", "cm09"))  # Hearth Keeper meets Hedge Warden's 5 Earth
    assert options(s) == [("support", "cm24"), ("done",)]  # Quench, a booster, may not be played
    act(s, ("done",))
    assert not [x for x in s.lasting if x[0] == "bar"]  # its next turn is over: so is the bar


def test_card_hr27_deep_roots_the_opponent_attracts_only_one():
    s = position(HR, hands={0: ["hr27", "hr01"], 1: ["cm01"]}, combat={0: [["hr05"]]}, element="fire")
    s.players[1].combat = [["cm03", "cm18"], ["cm12"], ["cm16", "cm20"]]
    s.players[1].supports = ["cm23"]  # six cards in combat and support: two dragons, but for Deep Roots
    events = act(s, ("lead", "hr27"))  # then Moss Sprout cannot reach 11: the retreat follows
    assert [e["dragons"] for e in events if e["type"] == "fight_won"] == [1]


def test_card_hr28_stone_patience_gives_a_fire_shield_this_turn():
    s = position(HR, hands={0: ["hr28", "hr01"]}, combat={1: [["cm16", "cm20"]]}, element="fire")
    act(s, ("lead", "hr28"))
    assert ("character", "hr01") in options(s)  # Moss Sprout 2 Fire against 11, shielded
    act(s, ("character", "hr01"))
    assert s.active == 1 and s.element == "fire"


def test_card_hr29_regrowth_takes_a_support_back():
    s = position(HR, hands={0: ["hr29", "hr05"]}, combat=FOE, discards={0: ["hr20", "hr19"]}, element="earth")
    act(s, ("lead", "hr29"))
    assert options(s) == [("card", "hr20"), ("done",)]
    act(s, ("card", "hr20"))
    assert "hr20" in s.players[0].hand


def test_card_hr30_slow_seasons_adds_three_in_earth_this_turn():
    s = position(HR, hands={0: ["hr30", "hr01"]}, combat={1: [["cm09"]]}, element="earth")
    act(s, ("lead", "hr30"))
    assert ("character", "hr01") in options(s)  # Moss Sprout 3 + 3 reaches Hearth Keeper's 5 Earth
    act(s, ("character", "hr01"))
    assert s.active == 1


def test_card_hr31_the_chosen_of_the_deep_each_may_take_a_support_back_opponent_first():
    s = position(HR, hands={0: ["hr31", "hr05"]}, combat=FOE, discards={0: ["hr24"], 1: ["cm23"]},
                 element="earth")
    act(s, ("lead", "hr31"))
    assert s.decisions[0].seat == 1 and options(s) == [("card", "cm23"), ("done",)]
    act(s, ("card", "cm23"), ("card", "hr24"))
    assert "cm23" in s.players[1].hand and "hr24" in s.players[0].hand


def test_card_hr32_vowkeeper_must_play_a_support():
    s = position(HR, hands={0: ["hr32", "hr16", "hr24"]}, combat=FOE, element="earth")
    to_play(s)
    act(s, ("character", "hr32"))
    assert options(s) == [("support", "hr24")]


def test_card_hr33_root_reader_may_be_replaced_and_is_rooted():
    s = position(HR, hands={0: ["hr33", "hr05"]}, combat=FOE, element="earth")
    assert ("replace", "hr33") in options(s)
