"""The generic protocol battery (tests/test_conformance.py) for Moonflight at every seat count it takes,
1 to 4 (the generic battery plays 2 seats)."""

from __future__ import annotations

import json
import random

import pytest

from moontable.engine import IllegalAction
from moontable.fair import RandomChance
from moontable.games.moonflight import MOONFLIGHT as G
from moontable.match import Match
from moontable.record import replay, verify

SEATS = list(range(G.info.min_seats, G.info.max_seats + 1))


def play_match(n: int, seed: int) -> Match:
    rng = random.Random(seed)
    m = Match.new(G, None, [{"name": f"s{i}", "bot": True, "level": "random"} for i in range(n)],
                  seed=rng.randbytes(32))
    steps = 0
    while not m.ended:
        pending = G.pending(m.state)
        assert pending
        d = rng.choice(pending)
        assert d.options and len(set(d.options)) == len(d.options)
        m.play(d.seat, rng.choice(d.options))
        steps += 1
        assert steps <= G.info.max_decisions
    assert G.pending(m.state) == []
    return m


def test_seat_range_is_one_to_four():
    assert SEATS == [1, 2, 3, 4]


@pytest.mark.parametrize("n", SEATS)
def test_seeded_games_end_and_records_verify(n):
    for seed in range(10):
        m = play_match(n, seed)
        result = G.result(m.state)
        assert result is not None and result.reason in G.info.reasons and result.reason != "cap"
        report = verify(json.loads(json.dumps(m.record)))
        assert report.ok, [str(c) for c in report.failed]


@pytest.mark.parametrize("n", SEATS)
def test_same_seed_same_game(n):
    assert play_match(n, 7).record == play_match(n, 7).record


@pytest.mark.parametrize("n", SEATS)
def test_clone_is_independent(n):
    rng = random.Random(3)
    chance = RandomChance(rng)
    state = G.new_state(G.default_options(n), chance)
    for _ in range(80):
        if G.result(state) is not None:
            break
        before = json.dumps(G.view(state, None), sort_keys=True)
        copy = G.clone(state)
        d = G.pending(copy)[0]
        G.apply(copy, d.seat, d.options[-1], chance)
        assert json.dumps(G.view(state, None), sort_keys=True) == before
        d = G.pending(state)[0]
        G.apply(state, d.seat, rng.choice(d.options), chance)


@pytest.mark.parametrize("n", SEATS)
def test_illegal_action_changes_nothing(n):
    chance = RandomChance(random.Random(5))
    state = G.new_state(G.default_options(n), chance)
    d = G.pending(state)[0]
    before = [json.dumps(G.view(state, s), sort_keys=True) for s in [*range(n), None]]
    for bad in (["no-such-action"], "text", 42, ["play", "atlantis"], ["shop", 99]):
        with pytest.raises(IllegalAction):
            G.apply(state, d.seat, bad, chance)
    if n > 1:
        with pytest.raises(IllegalAction):
            G.apply(state, (d.seat + 1) % n, d.options[0], chance)
    assert [json.dumps(G.view(state, s), sort_keys=True) for s in [*range(n), None]] == before


@pytest.mark.parametrize("n", SEATS)
def test_safe_action_is_always_legal(n):
    rng = random.Random(11)
    chance = RandomChance(rng)
    for _ in range(2):
        state = G.new_state(G.default_options(n), chance)
        while G.result(state) is None:
            d = rng.choice(G.pending(state))
            action = G.safe_action(state, d)
            assert action in d.options
            G.apply(state, d.seat, action, chance)


@pytest.mark.parametrize("n", SEATS)
def test_replay_equals_live_play(n):
    m = play_match(n, 21)
    again = replay(json.loads(json.dumps(m.record)))
    for seat in [*range(n), None]:
        assert G.view(again, seat) == G.view(m.state, seat)


@pytest.mark.parametrize("n", SEATS)
def test_view_depends_only_on_what_the_seat_may_know(n):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=30, deadline=None)
    @given(seed=st.integers(0, 2**32), steps=st.integers(0, 500), redeal=st.integers(0, 2**32))
    def check(seed, steps, redeal):
        rng = random.Random(seed)
        chance = RandomChance(rng)
        state = G.new_state(G.default_options(n), chance)
        for _ in range(steps):
            if G.result(state) is not None:
                break
            d = rng.choice(G.pending(state))
            G.apply(state, d.seat, rng.choice(d.options), chance)
        for seat in range(n):
            other = G.determinize(state, seat, random.Random(redeal))
            assert G.view(other, seat) == G.view(state, seat)

    check()
