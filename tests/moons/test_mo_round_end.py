"""The round's end, the markers, the Block token and the game's end and score (MO11, MO31, MO36-MO41,
MO46-MO48, MO51, MO53)."""

from __future__ import annotations

import pytest
from moons_helpers import J, N, S, U, act, c, decision, position

from moontable.engine import IllegalAction
from moontable.games.moons import MOONS as G
from moontable.games.moons.core import end_game

T_U = [c(U, 4), c(U, 5), c(U, 6)]
T_N = [c(N, 4), c(N, 5), c(N, 6)]
T_SJ = [c(S, 4), c(S, 5), c(J, 6)]


def last_trick(tricks, tableaux=None, **kw):
    """Three seats on the round's last trick: seat 0 leads Saturn 14 and wins it."""
    hands = [[c(S, 14)], [c(S, 2)], [c(S, 3)]]
    return position(hands, tableaux or [T_U, T_N, T_SJ], tricks=tricks, **kw)


def finish_trick(s):
    for seat, card in ((0, c(S, 14)), (1, c(S, 2)), (2, c(S, 3))):
        act(s, seat, ("card", card))


def test_MO36_most_tricks_takes_a_token_of_any_planet_whatever_the_tableau():
    s = last_trick([4, 3, 2])  # seat 0 ends with 5
    finish_trick(s)
    d = decision(s)
    assert d.seat == 0 and d.kind == "take" and d.options == (("take", S), ("take", J), ("take", N), ("take", U))
    act(s, 0, ("take", J))
    assert s.tokens[0] == [0, 1, 0, 1]  # Uranus for the trick, Jupiter for most tricks


def test_MO37_players_tied_for_most_tricks_each_take_one():
    s = last_trick([3, 4, 2])  # seat 0 reaches 4: tied with seat 1
    finish_trick(s)
    d = decision(s)
    assert d.seat == 0 and len(d.options) == 4
    act(s, 0, ("take", S))
    d = decision(s)
    assert d.seat == 1 and len(d.options) == 4
    act(s, 1, ("take", S))
    assert s.tokens[0][S] == 1 and s.tokens[1][S] == 1


def test_MO38_a_player_with_no_trick_may_take_a_tableau_planet_or_decline():
    s = last_trick([5, 4, 0])
    finish_trick(s)
    act(s, 0, ("take", U))  # most tricks
    d = decision(s)
    assert d.seat == 2 and d.options == (("take", S), ("take", J), ("decline",))
    act(s, 2, ("decline",))
    assert s.tokens[2] == [0, 0, 0, 0]
    t = last_trick([5, 4, 0])
    finish_trick(t)
    act(t, 0, ("take", U))
    act(t, 2, ("take", J))
    assert t.tokens[2] == [0, 1, 0, 0]


def test_MO31_round_end_awards_most_tricks_first_then_no_tricks_each_clockwise_from_the_first_player():
    # first player seat 1; seat 0 and seat 2 won no trick; seat 1 most. One Jupiter left in the supply.
    hands = [[c(S, 2)], [c(S, 14)], [c(S, 3)]]
    s = position(hands, [T_SJ, T_N, T_SJ], tricks=[0, 6, 0], leader=1, first=1,
                 supply=[0, 1, 0, 3])
    for seat, card in ((1, c(S, 14)), (2, c(S, 3)), (0, c(S, 2))):
        act(s, seat, ("card", card))
    # seat 1 won the trick: its tableau is Neptune only, none left: nothing. Then most tricks: seat 1 chooses
    d = decision(s)
    assert d.seat == 1 and d.options == (("take", J), ("take", U))
    act(s, 1, ("take", U))
    d = decision(s)  # then the no-trick seats clockwise from the first player: seat 2 before seat 0
    assert d.seat == 2
    act(s, 2, ("take", J))  # the last Jupiter: seat 0, last in the order, is owed a token the supply lacks
    assert s.tokens[2] == [0, 1, 0, 0] and s.tokens[0] == [0, 0, 0, 0] and s.round == 2


def test_MO39_MO40_MO41_the_marker_passes_to_the_next_seat_clockwise_the_earth_token_never_moves():
    s = last_trick([5, 4, 0], first=2, earth=2, leader=0)
    finish_trick(s)
    act(s, 0, ("take", U))
    act(s, 2, ("decline",))
    assert s.first == 0 and s.earth == 2 and s.round == 2  # seat 2 -> seat 0 (left = clockwise)
    assert all(d.kind == "tableau" for d in G.pending(s))


def test_MO11_the_block_token_goes_to_the_fewest_tricks_ties_clockwise_from_the_first_player():
    s = last_trick([5, 2, 3], first=1, earth=1)  # after the trick: 6, 2, 3
    finish_trick(s)
    act(s, 0, ("take", U))
    assert s.block == 1
    t = last_trick([5, 3, 3], first=2, earth=2)  # 6, 3, 3: tied; clockwise from seat 2 it is seat 2
    finish_trick(t)
    act(t, 0, ("take", U))
    assert t.block == 2


def test_MO11_the_holder_spends_it_in_its_turn_before_its_card_to_bar_a_planet_then_it_returns():
    hands = [[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(J, 3), c(N, 2)]]
    s = position(hands, [T_SJ, T_U, T_SJ], block=0)
    d = decision(s)
    assert ("block", U) in d.options and ("block", S) in d.options
    with pytest.raises(IllegalAction):
        act(s, 1, ("block", U))  # not in another player's turn
    act(s, 0, ("block", U))
    assert s.block == -1 and s.blocked == U  # back to the common area
    assert not any(o[0] == "block" for o in decision(s).options)
    act(s, 0, ("card", c(S, 9)))
    act(s, 1, ("card", c(S, 14)))  # seat 1 wins: its tableau is all Uranus, barred: no token
    act(s, 2, ("card", c(J, 3)))  # the lowest off-suit card: Jupiter, not barred
    assert s.tokens[1] == [0, 0, 0, 0] and s.tokens[2] == [0, 1, 0, 0]
    assert s.blocked == -1  # only for that trick


def test_MO11_the_block_bars_the_lowest_off_suit_token_too_and_only_its_holder_sees_the_option():
    hands = [[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(J, 3), c(N, 2)]]
    s = position(hands, [T_SJ, T_U, T_SJ], block=1)
    assert not any(o[0] == "block" for o in decision(s).options)
    act(s, 0, ("card", c(S, 9)))
    act(s, 1, ("block", J))
    act(s, 1, ("card", c(S, 14)))
    act(s, 2, ("card", c(J, 3)))
    assert s.tokens[2] == [0, 0, 0, 0] and s.tokens[1] == [0, 0, 0, 1]


def test_MO11_the_block_cannot_name_a_planet_with_no_tokens_left_and_is_kept_if_unused():
    s = position([[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)]], [T_SJ, T_U], block=0, supply=[3, 0, 4, 4])
    assert ("block", J) not in decision(s).options
    act(s, 0, ("card", c(S, 9)))
    assert s.block == 0  # not spent: still held
    with pytest.raises(IllegalAction):
        act(s, 0, ("block", S))  # and not after its card: the turn has passed to seat 1


def test_MO46_MO48_when_the_last_token_leaves_the_supply_the_game_ends_at_once():
    hands = [[c(S, 9), c(N, 1)], [c(S, 14), c(J, 2)], [c(U, 3), c(N, 2)]]
    s = position(hands, [T_SJ, T_U, T_SJ], supply=[0, 0, 0, 1], tokens=[[6, 6, 5, 4], [6, 6, 6, 6], [5, 5, 6, 6]])
    act(s, 0, ("card", c(S, 9)))
    act(s, 1, ("card", c(S, 14)))
    events = act(s, 2, ("card", c(U, 3)))  # seat 1 takes the last Uranus; seat 2's low Uranus is skipped
    assert s.over and s.reason == "supply" and G.pending(s) == []
    assert s.tokens[1] == [6, 6, 6, 7] and s.tokens[2] == [5, 5, 6, 6]
    assert events[-1]["type"] == "end"
    r = G.result(s)
    assert r is not None and r.reason == "supply"
    with pytest.raises(IllegalAction):
        act(s, 0, ("card", c(N, 1)))


def test_MO47_the_game_ends_after_the_round_dealt_by_the_last_seat_before_the_earth_token():
    s = last_trick([5, 4, 0], first=0, earth=1, round=3)  # seats 1, 2, 0 have dealt
    finish_trick(s)
    act(s, 0, ("take", U))
    events = act(s, 2, ("decline",))
    assert s.over and s.reason == "dealt" and s.round == 3
    assert [e["type"] for e in events][-1] == "end"
    t = last_trick([5, 4, 0], first=2, earth=1, round=2)  # seat 0 has yet to deal
    finish_trick(t)
    act(t, 0, ("take", U))
    act(t, 2, ("decline",))
    assert not t.over and t.round == 3 and t.first == 0


def _ended(tokens, stardust=None):
    s = position([[c(S, 1)], [c(S, 2)], [c(S, 3)]], tokens=tokens, stardust=stardust)
    end_game(s, "dealt")
    return s


def test_MO51_sets_are_scored_and_the_highest_total_wins():
    s = _ended([[3, 2, 1, 0], [2, 2, 2, 2], [5, 0, 0, 0]])
    assert s.scores == [10, 20, 5] and s.winner == 1
    r = G.result(s)
    assert r.winner == 1 and r.score["points"] == [10, 20, 5]
    assert "20" in G.describe_result(s)


def test_MO52_stardust_counts_as_the_best_planet_at_the_end():
    s = _ended([[4, 4, 4, 1], [4, 4, 4, 2], [0, 0, 0, 0]], stardust=[1, 0, 0])
    assert s.scores == [32, 32, 0]


def test_MO53_tokens_in_the_supply_score_for_no_one_and_ties_are_broken_then_shared():
    s = _ended([[1, 1, 1, 1], [3, 3, 0, 1], [0, 0, 0, 0]])
    assert sum(s.supply) > 0 and s.scores == [10, 12, 0]
    tie = _ended([[1, 1, 1, 1], [4, 3, 0, 0], [0, 0, 0, 0]])  # 10 each: a set of four beats none
    assert tie.scores[0] == tie.scores[1] == 10 and tie.winner == 0
    assert "sets of four" in G.describe_result(tie)
    more = _ended([[4, 3, 0, 0], [6, 2, 0, 0], [0, 0, 0, 0]])  # 10 each, no set of four: 8 tokens beat 7
    assert more.scores[:2] == [10, 10] and more.winner == 1 and "tokens" in G.describe_result(more)
    shared = _ended([[1, 1, 1, 1], [1, 1, 1, 1], [0, 0, 1, 0]])
    assert shared.winner is None and shared.winners == [0, 1]
    assert G.result(shared).winner is None and G.result(shared).score["winners"] == [0, 1]
    assert "share" in G.describe_result(shared)
    tokens = _ended([[2, 1, 1, 1], [1, 1, 1, 1], [0, 0, 0, 0]])  # 11 vs 10: no tie at all
    assert tokens.winner == 0
