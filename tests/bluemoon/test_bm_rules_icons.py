"""STOP, FREE, PAIR, RETRIEVE and PROTECTED (BM30-BM34)."""

from __future__ import annotations

from bm_helpers import G, Script, act, options, position, to_play

from moontable.games.bluemoon.core import power


def test_BM30_after_a_stop_card_no_further_card_that_turn_free_and_pair_included():
    s = position(hands={0: ["cm15", "cm18", "cm21"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm15"))  # Molten Giant, STOP
    assert s.active == 1 and "cm18" in s.players[0].hand and "cm21" in s.players[0].hand
    s = position(("hollowroot", "cindermark"), hands={0: ["hr07", "hr17"]}, combat={1: [["cm03"]]}, element="earth")
    to_play(s)
    act(s, ("character", "hr07"))  # Boulder Ox, STOP: the FREE Sap Surge stays in hand
    assert s.active == 1 and "hr17" in s.players[0].hand


def test_BM31_a_free_card_does_not_count_toward_the_limit():
    s = position(hands={0: ["cm03", "cm21", "cm18"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm03"), ("booster", "cm21"))  # Sparks, FREE
    assert ("booster", "cm18") in options(s)
    act(s, ("booster", "cm18"))
    assert power(s, 0, "fire") == 4 + 2 + 3 and s.active == 1


def test_BM31_a_counted_card_first_still_leaves_room_for_a_free_one():
    s = position(hands={0: ["cm03", "cm21", "cm18"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm03"), ("booster", "cm18"))
    assert options(s) == [("booster", "cm21"), ("done",)]


def test_BM32_the_second_card_of_a_pair_does_not_count_even_as_a_second_character():
    s = position(hands={0: ["cm10", "cm11", "cm18"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm10"))
    assert ("character", "cm11") in options(s)
    act(s, ("character", "cm11"))
    assert s.players[0].combat[-1] == ["cm10", "cm11"]  # both uncovered
    assert ("booster", "cm18") in options(s)  # the limit is still free
    act(s, ("booster", "cm18"))
    assert power(s, 0, "fire") == 4 + 4 + 3


def test_BM32_a_pair_may_complete_the_fights_opening_turn():
    s = position(hands={0: ["cm10", "cm11"]}, element=None)
    to_play(s)
    act(s, ("character", "cm10", "fire"))
    assert options(s) == [("character", "cm11"), ("done",)]


def test_BM32_a_pair_card_alone_is_an_ordinary_card():
    s = position(hands={0: ["cm03", "cm11"]}, combat={1: [["hr05"]]})
    to_play(s)
    act(s, ("character", "cm03"))
    assert s.active == 1  # Spark Twin's partner was not played: no second character


def test_BM33_an_active_retrieve_card_may_be_taken_back_on_its_owners_turn():
    s = position(hands={0: ["cm16"]}, combat={0: [["cm03", "cm22"]], 1: [["hr05"]]})
    to_play(s)
    assert ("retrieve", "cm22") in options(s)
    act(s, ("retrieve", "cm22"))
    assert "cm22" in s.players[0].hand and s.players[0].combat == [["cm03"]]
    assert G.view(s, 1)["players"][0]["shown"] == ["cm22"]  # the opponent saw it go back
    assert ("retreat",) in options(s) and ("character", "cm16") in options(s)


def test_BM33_retrieve_before_retreating_saves_the_card():
    s = position(("hollowroot", "cindermark"), hands={0: ["hr01"]}, combat={0: [["hr05"]], 1: [["cm16"]]},
                 supports={0: ["hr23"]})
    to_play(s)
    assert ("retreat",) in options(s)
    act(s, ("retrieve", "hr23"))  # nothing left that reaches 7: the retreat follows by itself
    assert s.element is None or s.decisions[0].kind == "dragon"
    assert "hr23" in s.players[0].hand and "hr23" not in s.players[0].discard


def test_BM33_no_retrieve_on_the_opponents_turn():
    s = position(hands={1: ["hr05"]}, combat={0: [["cm03", "cm22"]], 1: [["hr03"]]}, active=1)
    to_play(s)
    assert not any(o[0] == "retrieve" for o in options(s))


def test_BM34_protected_cards_cannot_be_discarded_by_the_opponents_effects():
    s = position(("cindermark", "galewright"), hands={0: ["cm27"]}, combat={1: [["gw05", "gw20"]]})
    act(s, ("lead", "cm27"))  # Slag Toss: the only booster is Gust Front, PROTECTED
    assert s.players[1].combat == [["gw05", "gw20"]]
    for seed in range(6):
        t = position(("duskveil", "duskveil"), hands={0: ["dv28"], 1: ["dv16", "dv03"]})
        act(t, ("lead", "dv28"), chance=Script(seed))  # Fog of Doubt: a random discard
        assert "dv16" in t.players[1].hand and "dv03" in t.players[1].discard


def test_BM34_protected_cards_cannot_be_ignored():
    # Hush ignores the opponent's texts: Mirror Knight's MIRROR stops copying, The Unseen's (PROTECTED) goes on
    for mine, fire in (("dv08", 3), ("dv16", 6 - 1)):
        s = position(("duskveil", "duskveil"), hands={1: ["dv26", "dv17"]}, combat={0: [[mine]], 1: [["dv17"]]},
                     active=1)
        s.players[1].combat = [["dv12"]]  # Night Heron, 3 Fire: both MIRRORs copy Moth Queen only once she is out
        s.players[1].hand = ["dv26", "dv17"]
        assert power(s, 0, "fire") == 3
        act(s, ("lead", "dv26"), ("character", "dv17"))  # Hush, then Moth Queen (6 Fire)
        assert power(s, 0, "fire") == fire
