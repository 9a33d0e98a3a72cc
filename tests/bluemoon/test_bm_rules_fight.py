"""The fight: power, covering, boosters and supports, the power check, shields, retreat, decline,
refill (BM5, BM6, BM10-BM19)."""

from __future__ import annotations

from bm_helpers import G, act, begin, kind, options, position, to_play, types

from moontable.games.bluemoon.content import CARDS
from moontable.games.bluemoon.core import power


def fire(*cards):
    return sum(CARDS[c].fire for c in cards)


def earth(*cards):
    return sum(CARDS[c].earth for c in cards)


def test_BM5_power_is_the_sum_of_the_elements_values_on_active_cards():
    s = position(combat={0: [["cm03", "cm18"]]}, supports={0: ["cm24"]}, active=1)
    cards = [CARDS[c] for c in ("cm03", "cm18", "cm24")]  # Cinder Runner, Hammer Blow, Coal Heap
    assert power(s, 0, "fire") == sum(c.fire for c in cards) and power(s, 0, "earth") == sum(c.earth for c in cards)
    assert G.view(s, 1)["players"][0]["power"] == sum(c.fire for c in cards)


def test_BM6_a_covered_character_and_its_boosters_count_for_nothing():
    s = position(combat={0: [["cm16", "cm20"], ["cm01"]]}, supports={0: ["cm23"]}, active=1)
    # Forge Warden 7 and White Heat 4 are covered by Ash Apprentice 3; Chimney Stack 2 still counts
    assert power(s, 0, "fire") == 5


def test_BM10_a_player_may_retreat_instead_of_playing_on():
    s = position(hands={0: ["cm16"]}, combat={0: [["cm03"]], 1: [["hr05"]]})
    to_play(s)
    assert ("retreat",) in options(s) and ("character", "cm16") in options(s)
    events = act(s, ("retreat",), ("dragon", "ashwing"))
    assert "retreat" in types(events) and s.active == 0 and s.element is None


def test_BM10_a_player_with_no_character_that_can_reach_must_retreat():
    s = position(hands={0: ["cm04", "cm09"]}, combat={0: [["cm03"]], 1: [["hr03", "hr16"]]}, supports={1: ["hr25"]},
                 begin=False)
    # the opponent has 2 + 0 + 2 = 4 in Fire: Slag Carrier and Hearth Keeper (2 each) cannot reach it
    events = begin(s)
    assert types(events)[:3] == ["turn", "must_retreat", "retreat"]
    act(s, ("dragon", "mossback"))
    assert s.element is None and s.dragons.count(1) == 1  # the fight is over, the opponent has a dragon


def test_BM11_only_characters_from_which_the_power_check_can_still_be_met_are_offered():
    s = position(hands={0: ["cm01", "cm03", "cm18"]}, combat={1: [["hr01", "hr16"]]})
    to_play(s)
    # the opponent has 2 + 2 = 4 in Fire: Cinder Runner (4) reaches it, Ash Apprentice (3) with Hammer Blow (3) too
    assert fire("hr01", "hr16") == 4 and fire("cm03") == 4 and fire("cm01") == 3 and fire("cm18") == 3
    opts = options(s)
    assert ("character", "cm03") in opts and ("character", "cm01") in opts
    s = position(hands={0: ["cm01", "cm03"]}, combat={1: [["hr01", "hr16"]]})
    to_play(s)
    assert ("character", "cm01") not in options(s) and ("character", "cm03") in options(s)


def test_BM11_after_a_short_character_only_the_cards_that_reach_are_offered():
    s = position(hands={0: ["cm01", "cm18", "cm24"]}, combat={1: [["hr01", "hr16"]]})
    assert fire("cm24") == 1
    to_play(s)
    act(s, ("character", "cm01"))
    # Ash Apprentice 3 needs 4: Hammer Blow (+3) reaches, Coal Heap (+1) does too (3 + 1 = 4), "done" does not
    assert ("done",) not in options(s)
    assert set(options(s)) == {("booster", "cm18"), ("support", "cm24")}


def test_BM11_an_effect_that_leaves_the_player_short_means_retreat_at_the_power_check():
    # Vowkeeper (1 Fire) reaches 3 with Bramble (+3), but its "I must play a support" forces Root Web (+1)
    assert fire("hr32") == 1 and fire("hr18") == 3 and fire("hr21") == 1 and fire("cm01") == 3
    s = position(("hollowroot", "cindermark"), hands={0: ["hr32", "hr18", "hr21"]}, combat={1: [["cm01"]]})
    to_play(s)
    assert ("character", "hr32") in options(s)
    act(s, ("character", "hr32"))
    assert options(s) == [("support", "hr21")]
    events = act(s, ("support", "hr21"))
    assert "short" in types(events) and "retreat" in types(events)


def test_BM12_declining_discards_one_to_three_cards_refills_and_passes_the_start():
    s = position(hands={0: ["cm03", "cm04", "cm05", "cm06", "cm07", "cm08"], 1: ["hr03", "hr04"]}, element=None)
    to_play(s)
    act(s, ("decline",))
    assert kind(s) == "decline" and ("done",) not in options(s)
    act(s, ("card", "cm03"))
    assert ("done",) in options(s)
    act(s, ("card", "cm04"), ("card", "cm05"))
    assert s.players[0].discard == ["cm03", "cm04", "cm05"] and len(s.players[0].hand) == 6
    assert s.active == 1 and s.element is None and s.starter == 1
    to_play(s)
    assert ("decline",) in options(s)


def test_BM12_a_starting_player_without_a_character_must_decline():
    s = position(hands={0: ["cm18", "cm23"]}, element=None, begin=False)
    assert "must_decline" in types(begin(s))
    assert kind(s) == "decline" and options(s) == [("card", "cm18"), ("card", "cm23")]


def test_BM13_a_new_character_covers_the_last_one_and_its_boosters():
    s = position(hands={0: ["cm16"]}, combat={0: [["cm03", "cm18"]], 1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm16"))
    assert s.players[0].combat == [["cm03", "cm18"], ["cm16"]]
    assert power(s, 0, "fire") == 7


def test_BM14_one_booster_or_one_support_in_total():
    s = position(hands={0: ["cm16", "cm18", "cm20", "cm23"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm16"))
    assert {o[0] for o in options(s)} == {"booster", "support", "done"}
    act(s, ("support", "cm23"))
    assert s.active == 1  # the step is over: no second booster or support
    assert s.players[0].supports == ["cm23"]


def test_BM14_a_booster_counts_while_its_character_is_uncovered_a_support_all_fight():
    s = position(hands={0: ["cm03", "cm18", "cm01"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm03"), ("booster", "cm18"))
    assert power(s, 0, "fire") == 7
    s = position(hands={0: ["cm01"]}, combat={0: [["cm03", "cm18"]], 1: [["hr05"]]}, supports={0: ["cm23"]})
    to_play(s)
    act(s, ("character", "cm01"))
    assert power(s, 0, "fire") == 3 + 2  # Ash Apprentice and Chimney Stack; Hammer Blow is covered


def test_BM15_no_booster_or_support_in_the_fights_opening_turn():
    s = position(hands={0: ["cm03", "cm18", "cm23"]}, element=None)
    to_play(s)
    act(s, ("character", "cm03", "fire"))
    assert s.active == 1  # the booster/support step offered nothing
    assert s.players[0].hand.count("cm18") == 1


def test_BM15_the_opponents_first_turn_of_the_fight_may_boost():
    s = position(hands={0: ["cm03", "cm18"], 1: ["hr03", "hr16", "hr24"]}, element=None)
    to_play(s)
    act(s, ("character", "cm03", "fire"))
    to_play(s)
    act(s, ("character", "hr03"))  # Burrower: 3 Fire against 4; Stone Skin or Hill Spring (+2) reaches it
    assert fire("hr03") < fire("cm03") <= fire("hr03") + min(fire("hr16"), fire("hr24"))
    assert set(options(s)) == {("booster", "hr16"), ("support", "hr24")}


def test_BM16_the_opening_turn_ban_covers_free_cards_too():
    s = position(hands={0: ["cm03", "cm21"]}, element=None)
    to_play(s)
    act(s, ("character", "cm03", "fire"))
    assert "cm21" in s.players[0].hand and s.active == 1


def test_BM17_a_tie_is_enough():
    s = position(hands={0: ["cm03"]}, combat={1: [["hr01", "hr16"]]})
    assert fire("cm03") == fire("hr01", "hr16")
    to_play(s)
    act(s, ("character", "cm03"))  # 4 against 2 + 2
    assert s.active == 1 and s.element == "fire"


def test_BM18_a_shield_of_the_fights_element_exempts_from_the_power_check():
    assert "earth_shield" in CARDS["cm07"].icons and "fire_shield" not in CARDS["cm07"].icons
    s = position(hands={0: ["cm07"]}, combat={1: [["hr13", "hr19"]]}, element="earth")
    assert earth("cm07") < earth("hr13", "hr19")
    to_play(s)
    act(s, ("character", "cm07"))  # Anvil Guard: 3 Earth against 11, but an Earth shield
    assert s.active == 1 and s.element == "earth"
    s = position(hands={0: ["cm07"]}, combat={1: [["hr07", "hr18"]]}, element="fire", begin=False)
    assert fire("cm07") < fire("hr07", "hr18")
    assert "must_retreat" in types(begin(s))  # in Fire the Earth shield does not help
    assert kind(s) == "dragon" and s.decisions[0].seat == 1


def test_BM19_refill_to_six_and_no_reshuffle_of_the_discard_pile():
    s = position(hands={0: ["cm03", "cm18"]}, combat={1: [["hr03"]]}, decks={0: ["cm04", "cm05"]},
                 discards={0: ["cm06", "cm07", "cm08"]})
    to_play(s)
    act(s, ("character", "cm03"), ("booster", "cm18"))
    assert sorted(s.players[0].hand) == ["cm04", "cm05"] and s.players[0].deck == []
    assert s.players[0].discard == ["cm06", "cm07", "cm08"]


def test_BM19_refill_draws_up_to_six():
    s = position(hands={0: ["cm03", "cm18", "cm01", "cm02"]}, combat={1: [["hr03"]]})
    to_play(s)
    act(s, ("character", "cm03"), ("booster", "cm18"))
    assert len(s.players[0].hand) == 6
