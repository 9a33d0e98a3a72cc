"""Set-up, the deck choice, the turn's order and what each seat sees (BM1-BM4, BM7-BM9, BM37, BM40,
BM49, BM50)."""

from __future__ import annotations

import random

from bm_helpers import G, Script, act, kind, options, position, to_play, types

from moontable.fair import RandomChance
from moontable.games.bluemoon.content import CARDS, PEOPLES
from moontable.games.bluemoon.state import MIDDLE


def new(mode="base", chance=None, **options):
    return G.new_state({"seats": 2, "mode": mode, **options}, chance or Script())


def choose(s, a, b, chance=None):
    return act(s, ("deck", a), ("deck", b), chance=chance or Script())


def test_BM1_leader_beside_the_board_and_30_cards_shuffled_as_draw_pile():
    s = new()
    choose(s, 0, 1)
    for seat, people in ((0, "cindermark"), (1, "hollowroot")):
        p = s.players[seat]
        assert p.leader == PEOPLES[people].leader_id
        cards = p.deck + p.hand
        assert len(cards) == 30 and sorted(cards) == sorted(PEOPLES[people].base)
        assert p.leader not in cards
        assert G.view(s, 1 - seat)["players"][seat]["leader"] == p.leader


def test_BM1_the_draw_pile_is_shuffled_by_the_fair_stream():
    a, b = new(), new()
    choose(a, 0, 1, Script(0, *range(60)))
    choose(b, 0, 1, Script(0, *range(5, 65)))
    assert a.players[0].deck != b.players[0].deck


def test_BM2_the_three_dragons_start_in_the_middle():
    s = new()
    choose(s, 2, 3)
    assert s.dragons == [MIDDLE, MIDDLE, MIDDLE]
    assert set(G.view(s, 0)["dragons"].values()) == {MIDDLE}


def test_BM3_the_starting_player_is_the_first_draw_then_both_draw_six():
    for first in (0, 1):
        chance = Script(first)
        s = new(chance=chance)
        choose(s, 0, 1, chance)
        assert chance.asked[0] == 2
        assert s.starter == first and s.active == first
        assert [len(p.hand) for p in s.players] == [6, 6]
        assert [len(p.deck) for p in s.players] == [24, 24]


def test_BM4_the_starting_player_names_the_element_with_the_first_character():
    s = position(hands={0: ["cm03", "cm18"], 1: ["hr03"]}, element=None)
    to_play(s)
    opts = options(s)
    assert ("character", "cm03", "fire") in opts and ("character", "cm03", "earth") in opts
    assert ("decline",) in opts
    act(s, ("character", "cm03", "earth"))
    assert s.element == "earth" and s.starter == 0


def test_BM7_a_turn_runs_leadership_retreat_character_booster_check_refill():
    s = position(hands={0: ["cm26", "cm16", "cm18", "cm03"]}, combat={1: [["hr03"]]})
    assert kind(s) == "leadership"
    events = act(s, ("lead", "cm26"))
    assert kind(s) == "play" and ("retreat",) in options(s)
    events += act(s, ("character", "cm16"))
    assert kind(s) == "boost"
    events += act(s, ("booster", "cm18"))
    got = types(events)
    assert got.index("lead") < got.index("character") < got.index("booster") < got.index("draw") < got.index("turn")
    assert len(s.players[0].hand) == 6 and s.active == 1


def test_BM8_at_most_one_leadership_phase_card_and_none_after_another_card():
    s = position(hands={0: ["cm26", "cm30", "cm16", "cm18"]}, combat={1: [["hr03"]]})
    act(s, ("lead", "cm26"))
    assert kind(s) == "play"
    assert not any(o[0] == "lead" for o in options(s))
    act(s, ("character", "cm16"))
    assert not any(o[0] == "lead" for o in options(s))


def test_BM9_a_leadership_card_works_only_in_its_turn_then_lies_in_the_stack():
    s = position(hands={0: ["cm26", "cm03"], 1: ["hr01", "hr02", "hr03"]}, combat={1: [["hr04"]]})
    act(s, ("lead", "cm26"))
    assert s.players[0].lead == ["cm26"]
    act(s, ("character", "cm03"))  # nothing to boost with: the step asks nothing
    # during seat 0's turn Cinder Runner (4) had 7; once the turn is over it counts 4 again
    assert G.view(s, 1)["players"][0]["power"] == 4
    assert s.players[0].lead == ["cm26"] and "cm26" not in s.players[0].discard


def test_BM37_discard_piles_and_stacks_are_public_hands_and_draw_piles_hidden():
    s = position(hands={0: ["cm03", "cm04"], 1: ["hr03", "hr04"]}, discards={0: ["cm05"]}, lead={1: ["hr26"]})
    v = G.view(s, 1)
    mine, theirs = v["players"][1], v["players"][0]
    assert theirs["hand"] is None and theirs["hand_count"] == 2
    assert theirs["discard"] == ["cm05"] and v["players"][1]["lead"] == ["hr26"]
    assert "deck" not in theirs and isinstance(theirs["deck_count"], int)
    assert mine["hand"] == ["hr03", "hr04"]
    spectator = G.view(s, None)
    assert all(pv["hand"] is None for pv in spectator["players"])


def test_BM40_both_players_may_choose_the_same_people():
    s = new()
    choose(s, 2, 2)
    assert s.players[0].people == s.players[1].people == "duskveil"
    assert set(s.players[0].hand + s.players[0].deck) == set(s.players[1].hand + s.players[1].deck)


def test_BM49_the_deck_choice_is_secret_and_simultaneous():
    s = new()
    assert sorted(d.seat for d in s.decisions) == [0, 1]
    assert all(d.kind == "deck" for d in s.decisions)
    G.apply(s, 1, ("deck", 3), Script())
    assert [d.seat for d in s.decisions] == [0]
    for seat in (0, None):
        pv = G.view(s, seat)["players"][1]
        assert pv["chosen"] is True and pv["choice"] is None and pv["leader"] is None
    events = G.apply(s, 0, ("deck", 0), Script())
    reveal = next(e for e in events if e["type"] == "reveal")
    assert [d["people"] for d in reveal["decks"]] == ["cindermark", "galewright"]


def test_BM49_the_event_of_a_choice_says_only_that_it_was_made():
    s = new()
    events = G.apply(s, 0, ("deck", 2), Script())
    assert [e for e in events if e["type"] == "chosen"] == [{"type": "chosen", "seat": 0}]


def test_BM50_leaders_and_inquisitors_are_shown_to_both_players():
    s = new("build", Script())
    act(s, ("deck", 1), ("deck", 4))  # decks by people, then inquisitor: 1 Cindermark-Grane, 4 Duskveil-Vell
    for seat in (0, 1, None):
        v = G.view(s, seat)["players"]
        assert v[0]["leader"] == "cm-leader" and v[0]["inquisitor"] == "grane"
        assert v[1]["leader"] == "dv-leader" and v[1]["inquisitor"] == "vell"


def test_a_card_id_is_in_exactly_one_zone_after_the_deal():
    s = new(chance=RandomChance(random.Random(1)))
    choose(s, 0, 3)
    for p in s.players:
        cards = p.hand + p.deck
        assert len(cards) == len(set(cards)) == 30
        assert all(c in CARDS for c in cards)
