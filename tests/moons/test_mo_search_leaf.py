"""The ismcts bot's judgement of a search leaf in Moons (games/moons/knowledge.py, docs/moons-bots.md): the round is
played out by the quick player and judged at its end, so a leaf sees what the tableaux and the round-end awards
make of the tricks still to play; the heuristic's own judgement stays the quick static one."""

from __future__ import annotations

import copy

from moons_helpers import J, N, S, U, c, position

from moontable.games.moons import knowledge
from moontable.games.moons.knowledge import KNOWLEDGE, chances


def last_trick_for_nothing():
    """One trick left: seat 0 leads Titan and wins it, but its tableau is Uranus only and the supply has no
    Uranus left, so the trick earns it nothing; seat 1 has won the most tricks and takes a token at the end."""
    hands = [[c(S, 14)], [c(S, 2)], [c(S, 3)]]
    tableaux = [[c(U, 5), c(U, 6), c(U, 7)], [c(J, 5), c(J, 6), c(J, 7)], [c(N, 5), c(N, 6), c(N, 7)]]
    tokens = [[1, 1, 1, 1] for _ in range(3)]
    return position(hands, tableaux, tokens=tokens, supply=[10, 10, 10, 0], tricks=[2, 5, 2])


def test_a_search_leaf_is_judged_at_the_end_of_the_round_with_its_awards():
    s = last_trick_for_nothing()
    assert knowledge.ROUND_LEAF
    leaf = KNOWLEDGE.evaluate_all(s)
    assert abs(sum(leaf) - 1) < 1e-9
    # seat 1 ends the round a token ahead (most tricks); seat 0's trick brings it nothing
    assert leaf[1] > leaf[0] and leaf[1] > leaf[2]
    # the static judgement (the heuristic's) counts seat 0's sure trick as a token to come
    static = chances(s)
    assert static[0] > static[1]


def test_judging_a_leaf_leaves_the_position_as_it_was():
    s = last_trick_for_nothing()
    before = copy.deepcopy((s.hands, s.tokens, s.tricks, s.supply, s.round, s.trick_no))
    KNOWLEDGE.evaluate_all(s)
    assert (s.hands, s.tokens, s.tricks, s.supply, s.round, s.trick_no) == before
