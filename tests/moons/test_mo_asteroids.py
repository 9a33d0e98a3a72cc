"""Every small Asteroid kind (MO21): its effect, its targets, and what happens with no legal target."""

from __future__ import annotations

import pytest
from moons_helpers import LARGE1, J, N, S, U, act, c, decision, position, smalls_of

from moontable.engine import IllegalAction
from moontable.games.moons import MOONS as G
from moontable.games.moons.content import KINDS

T_SJN = [c(S, 5), c(J, 5), c(N, 5)]
T_U = [c(U, 4), c(U, 5), c(U, 6)]
HANDS = [[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(J, 3), c(N, 2)]]


def with_small(kind, **kw):
    kw.setdefault("smalls", [[kind], [], []])
    return position(kw.pop("hands", HANDS), kw.pop("tableaux", [T_SJN, T_U, T_SJN]), **kw)


def test_every_kind_has_tests_here():
    tested = {name.split("_", 2)[1] for name in globals() if name.startswith("test_") and name.count("_") > 1}
    assert {k.id.replace("_", "") for k in KINDS} <= tested


# -- Orbital Swap ----------------------------------------------------------------------------------------------


def test_orbitswap_swaps_one_of_your_tokens_for_another_planet_of_another_player():
    s = with_small("orbit_swap", tokens=[[2, 0, 0, 0], [0, 1, 0, 0], [2, 0, 0, 1]])
    act(s, 0, ("small", "orbit_swap"))
    d = decision(s)
    assert d.kind == "swap_take" and set(d.options) == {("token", 1, J), ("token", 2, U)}  # not Saturn for Saturn
    act(s, 0, ("token", 2, U))  # I give my only planet, Saturn: nothing left to choose
    assert s.tokens == [[1, 0, 0, 1], [0, 1, 0, 0], [3, 0, 0, 0]]
    assert decision(s).kind == "play" and s.small_discard == ["orbit_swap"]


def test_orbitswap_asks_which_token_to_give_when_there_is_a_choice():
    s = with_small("orbit_swap", tokens=[[1, 1, 1, 0], [0, 0, 0, 2], [1, 0, 0, 0]])
    act(s, 0, ("small", "orbit_swap"))
    assert decision(s).options == (("token", 1, U), ("token", 2, S))
    act(s, 0, ("token", 1, U))
    d = decision(s)
    assert d.kind == "swap_give" and d.options == (("give", S), ("give", J), ("give", N))
    act(s, 0, ("give", J))
    assert s.tokens[0] == [1, 0, 1, 1] and s.tokens[1] == [0, 1, 0, 1]


def test_orbitswap_no_target_without_a_token_or_with_nothing_to_swap_for():
    assert "orbit_swap" not in smalls_of(decision(with_small("orbit_swap", tokens=[[0] * 4, [1, 0, 0, 0], [0] * 4])))
    same = with_small("orbit_swap", tokens=[[1, 0, 0, 0], [2, 0, 0, 0], [0] * 4])  # Saturn for Saturn is no swap
    assert "orbit_swap" not in smalls_of(decision(same))
    with pytest.raises(IllegalAction):
        act(same, 0, ("small", "orbit_swap"))


# -- Realignment -----------------------------------------------------------------------------------------------


def test_realign_swaps_a_tableau_card_with_a_hand_card_and_everyone_sees_the_one_taken_back():
    s = with_small("realign")
    act(s, 0, ("small", "realign"))
    d = decision(s)
    assert d.kind == "realign_out" and {o[1] for o in d.options} == set(T_SJN)
    act(s, 0, ("tableau", c(J, 5)))
    d = decision(s)
    assert d.kind == "realign_in" and d.options == (("hand", c(S, 9)), ("hand", c(N, 1)))
    act(s, 0, ("hand", c(S, 9)))
    assert sorted(s.tableaux[0]) == sorted([c(S, 5), c(S, 9), c(N, 5)])
    assert s.hands[0] == sorted([c(J, 5), c(N, 1)])
    assert G.view(s, 1)["players"][0]["shown"] == [c(J, 5)]
    # the card it took back is in its hand now and may be played at once
    assert ("card", c(J, 5)) in decision(s).options


def test_realign_no_target_when_the_hand_holds_no_moon_card():
    s = with_small("realign", hands=[[LARGE1], [c(S, 14)], [c(J, 3)]])
    assert "realign" not in smalls_of(decision(s))


# -- Stardust --------------------------------------------------------------------------------------------------


def test_stardust_lies_in_front_of_its_player_and_counts_as_the_best_planet_at_the_end():
    s = with_small("stardust", tokens=[[1, 1, 1, 0], [0] * 4, [0] * 4])
    act(s, 0, ("small", "stardust"))
    assert s.stardust[0] == 1 and s.small_discard == []  # not discarded
    assert G.view(s, 1)["players"][0]["points"] == 10  # the missing Uranus: a set of four


def test_stardust_needs_no_target():
    s = with_small("stardust", tokens=[[0] * 4] * 3)
    assert "stardust" in smalls_of(decision(s))


# -- Tractor Beam ----------------------------------------------------------------------------------------------


def test_tractor_takes_a_token_from_a_player_with_more_tokens():
    s = with_small("tractor", tokens=[[1, 0, 0, 0], [1, 1, 0, 0], [1, 0, 0, 0]])
    act(s, 0, ("small", "tractor"))
    d = decision(s)
    assert d.kind == "tractor" and d.options == (("token", 1, S), ("token", 1, J))  # not seat 2: as many as me
    act(s, 0, ("token", 1, J))
    assert s.tokens[0] == [1, 1, 0, 0] and s.tokens[1] == [1, 0, 0, 0]


def test_tractor_no_target_when_no_one_has_more_tokens():
    s = with_small("tractor", tokens=[[1, 1, 0, 0], [2, 0, 0, 0], [0] * 4])
    assert "tractor" not in smalls_of(decision(s))


# -- Meteor Shower ---------------------------------------------------------------------------------------------


def test_shower_draws_two_small_asteroids():
    s = with_small("shower", pile=["retro", "wind", "assist"])
    act(s, 0, ("small", "shower"))
    assert s.smalls[0] == ["assist", "wind"] and s.small_pile == ["retro"]


def test_shower_with_both_piles_empty_may_be_played_and_draws_nothing():
    s = with_small("shower", pile=[], discard=[])
    assert "shower" in smalls_of(decision(s))
    events = act(s, 0, ("small", "shower"))
    assert s.smalls[0] == [] and any(e["type"] == "draw_none" for e in events)
    assert s.small_discard == ["shower"]  # it goes to the discard pile after its (empty) effect


def test_shower_draws_the_discards_shuffled_but_not_itself():
    s = with_small("shower", pile=["retro"], discard=["wind", "capture"])
    act(s, 0, ("small", "shower"))
    assert sorted(s.smalls[0]) in (["capture", "retro"], ["retro", "wind"])
    assert s.small_discard == ["shower"] and len(s.small_pile) == 1


# -- Capture ---------------------------------------------------------------------------------------------------


def test_capture_takes_from_the_supply_a_planet_you_hold_none_of():
    s = with_small("capture", tokens=[[1, 0, 1, 0], [0] * 4, [0] * 4], supply=[10, 0, 10, 10])
    act(s, 0, ("small", "capture"))  # Jupiter has none left: only Uranus, taken at once
    assert s.tokens[0] == [1, 0, 1, 1] and s.supply[U] == 9


def test_capture_no_target_when_you_hold_every_planet_or_the_others_are_gone():
    assert "capture" not in smalls_of(decision(with_small("capture", tokens=[[1, 1, 1, 1], [0] * 4, [0] * 4])))
    gone = with_small("capture", tokens=[[1, 0, 0, 0], [0] * 4, [0] * 4], supply=[5, 0, 0, 0])
    assert "capture" not in smalls_of(decision(gone))


def test_capture_of_the_last_token_ends_the_game_at_once():
    s = with_small("capture", tokens=[[1, 0, 0, 0], [0] * 4, [0] * 4], supply=[0, 0, 0, 1])
    act(s, 0, ("small", "capture"))
    assert s.over and s.reason == "supply"


# -- Retrograde ------------------------------------------------------------------------------------------------


def test_retro_the_lowest_card_of_the_led_suit_wins_this_trick():
    s = with_small("retro", hands=[[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(S, 3), c(N, 2)]])
    act(s, 0, ("small", "retro"))
    for seat, card in ((0, c(S, 9)), (1, c(S, 14)), (2, c(S, 3))):
        act(s, seat, ("card", card))
    assert s.tricks == [0, 0, 1]
    d = decision(s)
    act(s, d.seat, d.options[0])
    assert not s.retro  # only that trick


def test_retro_a_second_one_turns_it_back_and_it_needs_no_target():
    s = with_small("retro", smalls=[["retro"], ["retro"], []],
                   hands=[[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(S, 3), c(N, 2)]])
    assert "retro" in smalls_of(decision(s))
    act(s, 0, ("small", "retro"))
    act(s, 0, ("card", c(S, 9)))
    act(s, 1, ("small", "retro"))
    act(s, 1, ("card", c(S, 14)))
    act(s, 2, ("card", c(S, 3)))
    assert s.tricks == [0, 1, 0]


# -- Solar Wind ------------------------------------------------------------------------------------------------


def test_wind_lets_you_play_another_planet_though_you_could_follow():
    s = position([[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(J, 3), c(N, 2)]], [T_SJN, T_U, T_SJN],
                 smalls=[[], ["wind"], []])
    act(s, 0, ("card", c(S, 9)))
    assert "wind" in smalls_of(decision(s))
    act(s, 1, ("small", "wind"))
    assert ("card", c(J, 2)) in decision(s).options
    act(s, 1, ("card", c(J, 2)))
    assert G.view(s, 0)["players"][1]["void"] == []  # it was allowed to: no one learns it lacks Saturn
    assert not s.wind  # for that turn only


def test_wind_no_target_when_leading_or_when_it_would_change_nothing():
    lead = with_small("wind")
    assert "wind" not in smalls_of(decision(lead))
    s = position([[c(S, 9), c(N, 1)], [c(S, 14), c(S, 2)], [c(J, 3), c(N, 2)]], [T_SJN, T_U, T_SJN],
                 smalls=[[], ["wind"], ["wind"]])
    act(s, 0, ("card", c(S, 9)))
    assert "wind" not in smalls_of(decision(s))  # only Saturn in hand: nothing else to play
    act(s, 1, ("card", c(S, 2)))
    assert "wind" not in smalls_of(decision(s))  # no Saturn: it may play anything anyway


# -- Eclipse ---------------------------------------------------------------------------------------------------


def test_eclipse_swaps_a_card_of_your_tableau_with_one_of_another_players():
    s = with_small("eclipse")
    act(s, 0, ("small", "eclipse"))
    d = decision(s)
    assert d.kind == "eclipse_mine" and len(d.options) == 3
    act(s, 0, ("tableau", c(S, 5)))
    d = decision(s)
    assert d.kind == "eclipse_theirs" and len(d.options) == 6 and ("their", 1, c(U, 4)) in d.options
    act(s, 0, ("their", 1, c(U, 4)))
    assert sorted(s.tableaux[0]) == sorted([c(U, 4), c(J, 5), c(N, 5)])
    assert sorted(s.tableaux[1]) == sorted([c(S, 5), c(U, 5), c(U, 6)])


def test_eclipse_always_has_a_target():
    s = with_small("eclipse", tokens=[[0] * 4] * 3, hands=[[LARGE1], [c(S, 1)], [c(S, 2)]])
    assert "eclipse" in smalls_of(decision(s))


# -- Gravity Assist --------------------------------------------------------------------------------------------


def test_assist_a_winner_takes_one_more_token_of_its_tableau():
    s = with_small("assist", hands=[[c(S, 14), c(N, 1)], [c(S, 9), c(J, 2)], [c(J, 3), c(N, 2)]])
    act(s, 0, ("small", "assist"))
    for seat, card in ((0, c(S, 14)), (1, c(S, 9)), (2, c(J, 3))):
        act(s, seat, ("card", card))
    act(s, 0, ("take", S))
    act(s, 0, ("take", N))  # the second token, before the lowest off-suit card's
    assert s.tokens[0] == [1, 0, 1, 0] and s.tokens[2] == [0, 1, 0, 0]


def test_assist_does_nothing_if_you_do_not_win_and_needs_no_target():
    s = with_small("assist")
    assert "assist" in smalls_of(decision(s))
    act(s, 0, ("small", "assist"))
    for seat, card in ((0, c(S, 9)), (1, c(S, 14)), (2, c(J, 3))):
        act(s, seat, ("card", card))
    assert s.tokens[0] == [0, 0, 0, 0] and s.tokens[1] == [0, 0, 0, 1]
