"""Trick play: leading, following suit, large Asteroids, who wins, the tokens of a trick (MO19-MO35)."""

from __future__ import annotations

import pytest
from moons_helpers import LARGE1, LARGE2, LARGE3, J, N, S, U, act, c, cards_of, decision, position, smalls_of

from moontable.engine import IllegalAction
from moontable.games.moons import MOONS as G

T_SJN = [c(S, 5), c(J, 5), c(N, 5)]  # a tableau showing Saturn, Jupiter and Neptune
T_U = [c(U, 4), c(U, 5), c(U, 6)]  # a tableau of Uranus only


def test_MO19_the_first_player_may_play_one_small_asteroid_before_leading_or_none():
    s = position([[c(S, 3), c(J, 4)], [c(S, 9), c(N, 2)]], smalls=[["retro", "stardust"], []])
    d = decision(s)
    assert d.seat == 0 and set(smalls_of(d)) == {"retro", "stardust"} and cards_of(d) == [c(S, 3), c(J, 4)]
    act(s, 0, ("small", "retro"))
    d = decision(s)
    assert d.seat == 0 and smalls_of(d) == [] and cards_of(d)  # one a turn; now the card
    act(s, 0, ("card", c(S, 3)))
    assert decision(s).seat == 1
    s2 = position([[c(S, 3), c(J, 4)], [c(S, 9), c(N, 2)]], smalls=[["retro"], []])
    act(s2, 0, ("card", c(J, 4)))  # or none at all
    assert s2.smalls[0] == ["retro"] and decision(s2).seat == 1


def test_MO20_a_small_asteroid_only_in_your_turn_before_your_card_then_discarded():
    s = position([[c(S, 3), c(J, 4)], [c(S, 9), c(N, 2)]], smalls=[["shower"], ["retro", "assist"]],
                 pile=["wind", "eclipse", "capture"])
    with pytest.raises(IllegalAction):
        act(s, 1, ("small", "retro"))  # not seat 1's turn
    act(s, 0, ("small", "shower"))
    assert s.small_discard == ["shower"]  # full effect (two drawn), then to the face-up discard pile
    assert sorted(s.smalls[0]) == ["capture", "eclipse"]
    with pytest.raises(IllegalAction):
        act(s, 0, ("small", "eclipse"))  # at most one a turn
    act(s, 0, ("card", c(S, 3)))
    act(s, 1, ("small", "retro"))
    act(s, 1, ("card", c(S, 9)))
    assert s.small_discard == ["shower", "retro"]
    # after its card a player cannot play one: Retrograde made Saturn 3 win, and its player chooses a token
    d = decision(s)
    assert d.seat == 0 and d.kind == "take" and not any(o[0] == "small" for o in d.options)


def test_MO22_drawing_from_an_empty_pile_shuffles_the_discards_and_nothing_when_both_are_empty():
    s = position([[c(S, 3)], [LARGE1]], smalls=[[], []], pile=[], discard=["retro", "wind", "capture"])
    act(s, 0, ("card", c(S, 3)))
    events = act(s, 1, ("card", LARGE1))  # a large Asteroid draws a small one (MO26)
    assert any(e["type"] == "reshuffle" for e in events)
    assert len(s.smalls[1]) == 1 and len(s.small_pile) == 2 and s.small_discard == []
    t = position([[c(S, 3)], [LARGE1]], smalls=[[], []], pile=[], discard=[])
    act(t, 0, ("card", c(S, 3)))
    events = act(t, 1, ("card", LARGE1))
    assert t.smalls[1] == [] and any(e["type"] == "draw_none" for e in events)


def test_MO23_the_leader_plays_any_moon_card_and_sets_the_led_suit():
    s = position([[c(S, 3), c(J, 4), c(U, 12), LARGE1], [c(S, 9), c(N, 2), c(J, 1), c(U, 1)]])
    d = decision(s)
    assert cards_of(d) == [c(S, 3), c(J, 4), c(U, 12)]  # no large Asteroid while holding a Moon card (MO26)
    act(s, 0, ("card", c(U, 12)))
    assert s.led == U


def test_MO24_clockwise_from_the_leader_each_plays_exactly_one_card():
    s = position([[c(S, 3), c(S, 4)], [c(S, 9), c(S, 2)], [c(S, 8), c(S, 1)]], leader=1)
    seats = []
    for _ in range(3):
        d = decision(s)
        seats.append(d.seat)
        act(s, d.seat, d.options[0])
    assert seats == [1, 2, 0]
    assert [len(h) for h in s.hands] == [1, 1, 1]


def test_MO25_a_player_with_the_led_suit_must_follow_and_only_one_without_may_not():
    s = position([[c(S, 7), c(J, 4)], [c(S, 9), c(S, 2), c(N, 13)][:2], [c(J, 9), c(N, 2)]])
    act(s, 0, ("card", c(S, 7)))
    assert cards_of(decision(s)) == [c(S, 2), c(S, 9)]
    with pytest.raises(IllegalAction):
        act(s, 1, ("card", c(N, 13)))
    act(s, 1, ("card", c(S, 2)))
    assert cards_of(decision(s)) == [c(J, 9), c(N, 2)]  # no Saturn: anything
    act(s, 2, ("card", c(N, 2)))
    assert G.view(s, 0)["players"][2]["void"] == [S]  # everyone saw seat 2 show out of Saturn


def test_MO26_a_large_asteroid_in_place_of_a_moon_card_draws_cannot_win_and_is_never_off_suit():
    s = position([[c(S, 7), c(J, 4)], [c(S, 9), LARGE1], [c(J, 9), LARGE2]], tableaux=[T_SJN, T_SJN, T_U],
                 pile=["retro", "wind"])
    act(s, 0, ("card", c(S, 7)))
    assert ("card", LARGE1) in decision(s).options  # even though seat 1 could follow suit
    act(s, 1, ("card", LARGE1))
    assert s.smalls[1] == ["wind"]
    act(s, 2, ("card", LARGE2))
    # seat 0 wins with the only Saturn card; no off-suit token: large Asteroids are not off-suit cards
    assert s.tricks == [1, 0, 0] and s.tokens[1] == [0, 0, 0, 0] and s.tokens[2] == [0, 0, 0, 0]


def test_MO26_a_leader_with_only_large_asteroids_leads_one_and_the_first_moon_card_sets_the_suit():
    s = position([[LARGE1, LARGE2], [c(S, 9), c(J, 2)], [c(J, 9), c(N, 2)]], pile=["retro"] * 5)
    assert cards_of(decision(s)) == [LARGE1, LARGE2]
    act(s, 0, ("card", LARGE1))
    assert s.led == -1 and cards_of(decision(s)) == [c(S, 9), c(J, 2)]  # no suit yet: anything
    act(s, 1, ("card", c(J, 2)))
    assert s.led == J
    assert cards_of(decision(s)) == [c(J, 9)]
    act(s, 2, ("card", c(J, 9)))
    assert s.tricks == [0, 0, 1] and decision(s).seat == 2


def test_MO26_a_trick_with_no_moon_card_has_no_winner_and_the_leader_leads_again():
    s = position([[LARGE1, LARGE3], [LARGE2, c(S, 2)]], pile=["retro"] * 5)
    before = s.trick_no
    act(s, 0, ("card", LARGE1))
    act(s, 1, ("card", LARGE2))
    assert s.tricks == [0, 0] and s.tokens == [[0] * 4, [0] * 4] and s.trick_no == before + 1
    assert s.leader == 0 and decision(s).seat == 0 and not s.trick


def test_MO27_the_highest_card_of_the_led_suit_wins_an_off_suit_card_never():
    s = position([[c(S, 7)], [c(S, 9)], [c(J, 14)]], tableaux=[T_SJN, T_SJN, T_U])
    act(s, 0, ("card", c(S, 7)))
    act(s, 1, ("card", c(S, 9)))
    act(s, 2, ("card", c(J, 14)))
    assert s.tricks == [0, 1, 0]


def test_MO28_the_winner_takes_a_token_of_a_planet_in_their_own_tableau():
    s = position([[c(S, 7), c(N, 1)], [c(S, 9), c(N, 2)]], tableaux=[T_SJN, T_U])
    act(s, 0, ("card", c(S, 7)))
    act(s, 1, ("card", c(S, 9)))  # seat 1 wins with Saturn; its tableau shows only Uranus
    assert s.tokens[1] == [0, 0, 0, 1]
    assert decision(s).seat == 1  # it leads the next trick


def test_MO29_with_several_planets_the_winner_chooses_and_takes_exactly_one():
    s = position([[c(S, 7), c(N, 1)], [c(S, 9), c(N, 2)]], tableaux=[T_U, [c(S, 1), c(S, 2), c(J, 3)]])
    act(s, 0, ("card", c(S, 7)))
    act(s, 1, ("card", c(S, 9)))
    d = decision(s)
    assert d.kind == "take" and d.seat == 1 and d.options == (("take", S), ("take", J))  # two Saturns, one token
    act(s, 1, ("take", J))
    assert s.tokens[1] == [0, 1, 0, 0] and decision(s).kind == "play"


def test_MO30_only_planets_left_in_the_supply_and_nothing_when_none_is():
    s = position([[c(S, 7), c(N, 1)], [c(S, 9), c(N, 2)]], tableaux=[T_U, T_SJN], supply=[0, 3, 5, 5])
    act(s, 0, ("card", c(S, 7)))
    act(s, 1, ("card", c(S, 9)))
    d = decision(s)
    assert d.options == (("take", J), ("take", N))  # no Saturn left
    t = position([[c(S, 7), c(N, 1)], [c(S, 9), c(N, 2)]], tableaux=[T_SJN, T_U], supply=[5, 5, 5, 0])
    act(t, 0, ("card", c(S, 7)))
    events = act(t, 1, ("card", c(S, 9)))
    assert t.tokens[1] == [0, 0, 0, 0] and any(e["type"] == "no_token" for e in events)  # no other planet instead
    assert t.supply == [5, 5, 5, 0] and decision(t).kind == "play"


def test_MO31_the_winner_takes_before_the_lowest_off_suit_so_a_short_supply_goes_to_the_winner():
    s = position([[c(U, 7), c(N, 3)], [c(U, 9), c(N, 4)], [c(J, 1), c(N, 5)]], tableaux=[T_U, T_SJN, T_SJN],
                 supply=[0, 1, 0, 5])
    act(s, 0, ("card", c(U, 7)))
    act(s, 1, ("card", c(U, 9)))
    act(s, 2, ("card", c(J, 1)))  # seat 1 wins (Jupiter is its only planet with tokens); seat 2's low Jupiter
    assert s.tokens[1] == [0, 1, 0, 0] and s.tokens[2] == [0, 0, 0, 0] and s.supply[1] == 0


def test_MO32_the_lowest_off_suit_card_takes_a_token_of_its_own_planet_whatever_the_tableau():
    s = position([[c(S, 7), c(N, 1)], [c(J, 12), c(N, 2)], [c(U, 2), c(N, 3)]], tableaux=[T_SJN, T_SJN, T_SJN])
    act(s, 0, ("card", c(S, 7)))
    act(s, 1, ("card", c(J, 12)))
    act(s, 2, ("card", c(U, 2)))
    d = decision(s)
    act(s, 0, d.options[0])  # the winner's choice first
    assert s.tokens[2] == [0, 0, 0, 1]  # Uranus, not in seat 2's tableau
    assert s.tokens[1] == [0, 0, 0, 0]


def test_MO33_a_tie_for_lowest_off_suit_gives_no_token_and_it_does_not_pass_on():
    s = position([[c(S, 7), c(N, 1)], [c(J, 2), c(N, 2)], [c(U, 2), c(N, 3)], [c(J, 9), c(N, 4)]],
                 tableaux=[T_U] * 4)
    for seat, card in ((0, c(S, 7)), (1, c(J, 2)), (2, c(U, 2)), (3, c(J, 9))):
        events = act(s, seat, ("card", card))
    assert any(e["type"] == "low_tie" for e in events)
    assert s.tokens[1] == s.tokens[2] == s.tokens[3] == [0, 0, 0, 0]  # Jupiter 9 gets nothing either
    assert s.tokens[0] == [0, 0, 0, 1]


def test_MO34_no_off_suit_token_when_all_follow_and_a_single_off_suit_card_earns_it():
    s = position([[c(S, 7), c(N, 1)], [c(S, 2), c(N, 2)]], tableaux=[T_U, T_U])
    act(s, 0, ("card", c(S, 7)))
    act(s, 1, ("card", c(S, 2)))
    assert s.tokens == [[0, 0, 0, 1], [0, 0, 0, 0]]
    t = position([[c(S, 7), c(N, 1)], [c(J, 14), c(N, 2)]], tableaux=[T_U, T_U])
    act(t, 0, ("card", c(S, 7)))
    act(t, 1, ("card", c(J, 14)))  # high, but the only off-suit card: it is the lowest
    assert t.tokens == [[0, 0, 0, 1], [0, 1, 0, 0]]


def test_MO35_the_winner_leads_the_next_trick_and_may_first_play_a_small_asteroid():
    s = position([[c(S, 7), c(N, 1)], [c(S, 9), c(N, 2)], [c(S, 8), c(N, 3)]], tableaux=[T_U] * 3,
                 smalls=[[], ["capture"], []])
    for seat, card in ((0, c(S, 7)), (1, c(S, 9)), (2, c(S, 8))):
        act(s, seat, ("card", card))
    d = decision(s)
    assert d.seat == 1 and not s.trick and ("small", "capture") in d.options
