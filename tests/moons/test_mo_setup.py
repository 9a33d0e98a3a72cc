"""Set-up, the deal, the tableaux and the first player (MO4, MO7-MO10, MO12-MO18, MO42-MO45)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from moons_helpers import J, N, S, U, act, c, decision, new, play_tableaux

from moontable.engine import IllegalAction
from moontable.games.moons import MOONS as G
from moontable.games.moons.content import MOON_CARDS, SMALL_ASTEROIDS, hand_size, tricks_per_round
from moontable.games.moons.flow import first_by_tableau


def test_MO4_every_token_starts_in_the_supply_and_no_player_has_one():
    for n in range(2, 7):
        s, _ = new(n)
        assert s.supply == [17, 17, 17, 17]
        assert all(t == [0, 0, 0, 0] for t in s.tokens)


def test_MO7_two_small_asteroids_each_the_rest_a_face_down_pile():
    for n in range(2, 7):
        s, _ = new(n, seed=n)
        assert [len(x) for x in s.smalls] == [2] * n
        assert len(s.small_pile) == 38 - 2 * n and s.small_discard == []
        assert Counter(s.small_pile) + Counter(k for x in s.smalls for k in x) == Counter(SMALL_ASTEROIDS)
        other = G.view(s, 1)
        assert other["players"][0]["smalls"] is None and other["players"][0]["small_count"] == 2
        assert "small_pile" in other and isinstance(other["small_pile"], int)  # a count, never the order


def test_MO7_the_small_asteroids_are_shuffled():
    firsts = {tuple(new(3, seed)[0].smalls[0]) for seed in range(12)}
    assert len(firsts) > 3


def test_MO8_the_whole_deck_is_dealt_evenly_none_left_over():
    for n in range(2, 7):
        s, _ = new(n, seed=10 + n)
        assert sorted(c for h in s.hands for c in h) == list(range(60))
        assert {len(h) for h in s.hands} == {60 // n}


def test_MO9_hand_sizes_and_tricks_a_round_at_every_seat_count():
    assert [hand_size(n) for n in range(2, 7)] == [30, 20, 15, 12, 10]
    assert [tricks_per_round(n) for n in range(2, 7)] == [27, 17, 12, 9, 7]
    rng = random.Random(1)
    for n in range(2, 7):
        s, ch = new(n, seed=n)
        play_tableaux(s, ch)
        assert [len(h) for h in s.hands] == [tricks_per_round(n)] * n
        tricks = 0
        while s.round == 1 and not s.over:
            d = G.pending(s)[0]
            before = s.trick_no
            G.apply(s, d.seat, rng.choice(d.options), ch)
            tricks += s.trick_no > before
        assert s.over or tricks == tricks_per_round(n)


def test_MO10_the_block_token_starts_in_the_common_area():
    s, _ = new(4)
    assert s.block == -1 and G.view(s, 0)["block"] == -1


def test_MO12_everyone_lays_three_cards_face_down_and_no_one_sees_another_pick():
    s, ch = new(3, seed=4)
    ds = G.pending(s)
    assert [d.seat for d in ds] == [0, 1, 2] and all(d.kind == "tableau" for d in ds)  # all at once
    pick = decision(s, 1).options[0]
    events = act(s, 1, pick, ch)
    assert s.tableaux[1] == [pick[1]]
    seen_by_0 = G.events_for(events, 0)
    assert seen_by_0 and all("card" not in e for e in seen_by_0)
    assert any(e.get("card") == pick[1] for e in G.events_for(events, 1))
    v0 = G.view(s, 0)
    assert v0["players"][1]["tableau"] is None and v0["players"][1]["tableau_count"] == 1
    assert G.view(s, None)["players"][1]["tableau"] is None
    assert G.view(s, 1)["players"][1]["tableau"] == [pick[1]]
    # seat 1 picks its second card; the others' decisions are still open, unchanged
    assert decision(s, 0) == ds[0] and decision(s, 2) == ds[2]
    assert len(decision(s, 1).options) == len(ds[1].options) - 1


def test_MO13_the_tableaux_are_revealed_together_only_once_all_are_in():
    s, ch = new(3, seed=5)
    order = [0, 0, 0, 1, 1, 2, 2, 1, 2]  # seat 2's last card is the last one in
    for k, seat in enumerate(order):
        assert not s.revealed
        events = act(s, seat, decision(s, seat).options[0], ch)
        if k < len(order) - 1:
            assert all(e["type"] != "reveal" for e in events)
            assert G.view(s, 0)["players"][2]["tableau"] is None
    assert s.revealed
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["tableaux"] == s.tableaux and "only" not in reveal and "hide" not in reveal
    assert G.view(s, 0)["players"][2]["tableau"] == s.tableaux[2]


def test_MO13_a_seat_that_is_done_waits_and_may_not_lay_a_fourth():
    s, ch = new(2, seed=6)
    for _ in range(3):
        act(s, 0, decision(s, 0).options[0], ch)
    assert [d.seat for d in G.pending(s)] == [1]
    with pytest.raises(IllegalAction):
        act(s, 0, ("tableau", s.hands[0][0]), ch)


def test_MO14_only_moon_cards_go_to_a_tableau():
    for seed in range(20):
        s, ch = new(6, seed=seed)
        for d in G.pending(s):
            assert all(o[1] < MOON_CARDS for o in d.options)
            assert len(d.options) >= 6  # a 10-card hand holds at least six Moon cards
        large = next((x for x in s.hands[0] if x >= MOON_CARDS), None)
        if large is not None:
            with pytest.raises(IllegalAction):
                act(s, 0, ("tableau", large), ch)


def test_MO15_tableau_cards_are_out_of_the_hand_and_do_not_count_for_following_suit():
    from moons_helpers import position

    # seat 1's only Saturn card is in its tableau: it does not have to follow Saturn
    s = position([[c(S, 9)], [c(J, 2)]], tableaux=[[c(N, 1), c(N, 2), c(N, 3)], [c(S, 14), c(U, 1), c(U, 2)]])
    act(s, 0, ("card", c(S, 9)))
    d = decision(s)
    assert d.seat == 1 and [o for o in d.options if o[0] == "card"] == [("card", c(J, 2))]
    with pytest.raises(IllegalAction):
        act(s, 1, ("card", c(S, 14)))  # a tableau card cannot be played


def test_MO16_every_round_builds_new_tableaux_from_new_hands():
    rng = random.Random(3)
    s, ch = new(4, seed=8)
    play_tableaux(s, ch)
    first = [t[:] for t in s.tableaux]
    while s.round == 1:
        d = G.pending(s)[0]
        G.apply(s, d.seat, rng.choice(d.options), ch)
    assert not s.over  # this seed's game goes on to round 2
    assert s.tableaux == [[], [], [], []] and not s.revealed
    assert all(d.kind == "tableau" for d in G.pending(s)) and len(G.pending(s)) == 4
    assert sorted(x for h in s.hands for x in h) == list(range(60))  # a new deal of all 60
    play_tableaux(s, ch)
    assert s.tableaux != first


def test_MO17_round_one_the_highest_tableau_card_takes_the_first_player_marker():
    s, ch = new(3, seed=9)
    picks = {0: [c(S, 3), c(J, 4), c(S, 12)], 1: [c(N, 13), c(N, 1), c(U, 3)], 2: [c(U, 2), c(S, 2), c(J, 2)]}
    rest = sorted(set(range(60)) - {x for p in picks.values() for x in p})
    s.hands = [sorted(picks[i] + rest[17 * i:17 * (i + 1)]) for i in range(3)]
    s.tab = [None] * 3
    play_tableaux(s, ch, lambda seat, options: ("tableau", picks[seat][len(s.tableaux[seat])]))
    assert s.revealed and [sorted(t) for t in s.tableaux] == [sorted(p) for p in picks.values()]
    assert s.first == 1 and s.leader == 1 and s.earth == 1  # Proteus, Neptune 13, is the highest
    assert decision(s).seat == 1 and decision(s).kind == "play"


def test_MO18_ties_compare_the_second_then_the_third_card_then_clockwise_from_seat_0():
    assert first_by_tableau([[c(S, 14), c(J, 2), c(N, 1)], [c(J, 14), c(S, 3), c(N, 2)]]) == 1  # second card
    assert first_by_tableau([[c(S, 14), c(J, 9), c(N, 4)], [c(J, 14), c(S, 9), c(U, 3)]]) == 0  # third card
    assert first_by_tableau([[c(S, 10), c(J, 9), c(N, 4)], [c(J, 14), c(S, 1), c(U, 1)],
                             [c(U, 14), c(N, 1), c(S, 2)]]) == 2  # the highest card decides first
    tied = [[c(S, 9), c(J, 8), c(N, 7)], [c(J, 9), c(S, 8), c(U, 7)], [c(N, 9), c(U, 8), c(S, 7)]]
    assert first_by_tableau(tied) == 0  # suits have no order: seat 0 first clockwise
    assert first_by_tableau([[c(S, 2), c(J, 1), c(N, 1)], tied[1], tied[2]]) == 1


def test_MO42_the_earth_token_goes_to_round_ones_first_player_and_counts_as_its_deal():
    s, ch = new(4, seed=11)
    assert s.earth == -1
    play_tableaux(s, ch)
    assert s.earth == s.first == first_by_tableau(s.tableaux)


def test_MO43_MO45_the_new_first_player_deals_all_sixty_and_leads_after_the_reveal():
    rng = random.Random(5)
    s, ch = new(3, seed=12)
    play_tableaux(s, ch)
    earth = s.earth
    while s.round == 1:
        d = G.pending(s)[0]
        G.apply(s, d.seat, rng.choice(d.options), ch)
    assert not s.over
    assert s.first == (earth + 1) % 3 and s.earth == earth
    assert sorted(x for h in s.hands for x in h) == list(range(60))
    # MO45: the highest-tableau rule is not used from round 2 on: the marker's holder leads
    play_tableaux(s, ch, lambda seat, opts: max(opts) if seat != s.first else min(opts))
    assert s.leader == s.first == (earth + 1) % 3 and decision(s).seat == s.first


def test_MO44_small_asteroids_and_tokens_stay_where_they_are_between_rounds():
    rng = random.Random(7)
    s, ch = new(5, seed=13)
    play_tableaux(s, ch)
    while True:
        smalls, tokens = [x[:] for x in s.smalls], [t[:] for t in s.tokens]
        d = G.pending(s)[0]
        events = G.apply(s, d.seat, rng.choice(d.options), ch)
        if s.round > 1:
            break
    assert not s.over
    kinds = [e["type"] for e in events]
    assert kinds[kinds.index("marker") + 1:] == ["round"]  # the new deal touches nothing but the deck
    for e in events:
        if e["type"] == "token":
            tokens[e["seat"]][e["planet"]] += 1
    assert s.tokens == tokens
    if not {"draw", "small"} & set(kinds):
        assert s.smalls == smalls
