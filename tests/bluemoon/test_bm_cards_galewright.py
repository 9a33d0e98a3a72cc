"""A test per Galewright card with a text (the others: test_bm_cards_plain.py)."""

from __future__ import annotations

import pytest
from bm_helpers import act, begin, kind, options, position, to_play

from moontable.games.bluemoon.content import CARDS
from moontable.games.bluemoon.core import power

GW = ("galewright", "cindermark")


def won(events):
    return [e["dragons"] for e in events if e["type"] == "fight_won"]


def winning(active: list[str], supports: list[str] | None = None):
    """Seat 1 (Cindermark) begins a turn it must retreat from; seat 0's cards are as given."""
    combat = [[c for c in active if CARDS[c].kind != "support"]]
    s = position(GW, hands={1: []}, decks={1: []}, combat={0: combat, 1: [["cm01"]]}, supports={0: supports or []},
                 active=1, begin=False)
    return s, begin(s)


@pytest.mark.parametrize("card", ["gw02", "gw03", "gw10", "gw11", "gw16", "gw33"])
def test_gust_a_win_with_a_gust_card_active_attracts_one_more(card):
    if CARDS[card].kind == "support":
        s, events = winning(["gw05"], [card])
    elif CARDS[card].kind == "booster":
        s, events = winning(["gw05", card])
    else:
        s, events = winning([card])
    assert won(events) == [2]


def test_gust_covered_does_not_count():
    s = position(GW, hands={1: []}, decks={1: []}, combat={0: [["gw10"], ["gw05"]], 1: [["cm01"]]}, active=1,
                 begin=False)
    assert won(begin(s)) == [1]


def test_card_gw09_updraft_pilot_draws_one():
    s = position(GW, hands={0: ["gw09"]}, combat={1: [["cm04"]]}, decks={0: ["gw18"]})
    to_play(s)
    act(s, ("character", "gw09"))
    assert kind(s) == "boost" and ("booster", "gw18") in options(s)


def test_card_gw17_sky_sage_may_take_any_card_back():
    s = position(GW, hands={0: ["gw17"]}, combat={1: [["cm04"]]}, discards={0: ["gw26", "gw12"]})
    to_play(s)
    act(s, ("character", "gw17"))
    assert options(s) == [("card", "gw12"), ("card", "gw26"), ("done",)]
    act(s, ("card", "gw26"))
    assert "gw26" in s.players[0].hand


def test_card_gw26_tailwind_draws_two():
    s = position(GW, hands={0: ["gw26", "gw04"]}, combat={1: [["cm04"]]}, decks={0: ["gw05", "gw06", "gw07"]})
    act(s, ("lead", "gw26"))
    assert sorted(s.players[0].hand) == ["gw04", "gw06", "gw07"]


def test_card_gw27_skyward_call_attracts_one_more_on_a_win():
    s = position(GW, hands={0: ["gw27", "gw04"], 1: []}, decks={1: []}, combat={1: [["cm01"]]})
    events = act(s, ("lead", "gw27"), ("character", "gw04"))  # then seat 1, with nothing, retreats
    assert won(events) == [2]


def test_card_gw28_updraft_one_more_booster_or_support():
    s = position(GW, hands={0: ["gw28", "gw04", "gw21", "gw25"]}, combat={1: [["cm04"]]})
    act(s, ("lead", "gw28"), ("character", "gw04"), ("support", "gw25"))
    assert ("booster", "gw21") in options(s)
    act(s, ("booster", "gw21"))
    assert power(s, 0, "fire") == 3 + 2 + 4


def test_card_gw29_windcut_discards_an_opponents_support():
    s = position(GW, hands={0: ["gw29", "gw04"]}, combat={1: [["cm04"]]}, supports={1: ["cm23"]})
    act(s, ("lead", "gw29"))
    assert s.players[1].supports == [] and s.players[1].discard == ["cm23"]


def test_card_gw30_high_ground_adds_two_in_the_fights_element():
    for element, char in (("fire", "gw01"), ("earth", "gw01")):
        s = position(GW, hands={0: ["gw30", char]}, combat={1: [["cm07"]]}, element=element)  # Anvil Guard 3/3
        act(s, ("lead", "gw30"))
        assert ("character", char) in options(s)  # Feather Scout 2 + 2 meets 3


def test_card_gw31_the_chosen_of_the_gale_each_draws_and_the_fights_winner_attracts_one_more():
    s = position(GW, hands={0: ["gw31", "gw04"], 1: []}, decks={0: ["gw05"], 1: ["cm02"]},
                 combat={1: [["cm01"]]})
    events = act(s, ("lead", "gw31"))
    assert [e["seat"] for e in events if e["type"] == "draw" and "only" in e] == [1, 0]  # the opponent first
    assert s.players[1].hand == ["cm02"] and "gw05" in s.players[0].hand
    assert sorted(x[2] for x in s.lasting if x[0] == "attract") == [0, 1]  # one for each player
    s.players[1].hand = []
    events = act(s, ("character", "gw04"))
    assert won(events) == [2]


def test_card_gw32_windsworn_banner_i_must_attract_one_more():
    s, events = winning(["gw05"], ["gw32"])
    assert won(events) == [2]


def test_card_gw33_gale_courier_may_be_replaced():
    s = position(GW, hands={0: ["gw33", "gw04"]}, combat={1: [["cm04"]]})
    assert ("replace", "gw33") in options(s)
