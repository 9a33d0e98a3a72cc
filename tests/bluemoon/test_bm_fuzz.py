"""Seeded random games in each mode with invariants after every action: every card in exactly one zone,
three dragons never on both sides, crystals never on both sides, no leak in views or events, and the
record replaying to the same game. The default suite plays a few games a mode; `pytest -m slow` plays
500 a mode."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from moontable.games.bluemoon import BLUEMOON as G
from moontable.games.bluemoon.state import MIDDLE, BlueMoonState
from moontable.match import Match
from moontable.record import replay, verify

MODES = ("base", "quick", "build")
SEATS = [{"name": "a", "bot": True, "level": "random"}, {"name": "b", "bot": True, "level": "random"}]


def zones(s: BlueMoonState, seat: int) -> list[str]:
    p = s.players[seat]
    return p.deck + p.hand + p.discard + p.lead + p.crystals + [c for x in p.combat for c in x] + p.supports


def check_invariants(s: BlueMoonState, events: list[dict]) -> None:
    for seat, p in enumerate(s.players):
        if p.leader:  # every card of the chosen deck lies in exactly one zone
            deck = s.decks[seat][p.choice or 0]["cards"]
            assert Counter(zones(s, seat)) == Counter(deck), seat
        else:
            assert zones(s, seat) == []
        assert set(p.shown) <= set(p.hand) and p.hand == sorted(p.hand)
        if p.combat:
            assert all(layer for layer in p.combat)
    assert len(s.dragons) == 3 and all(d in (MIDDLE, 0, 1) for d in s.dragons)
    assert not (0 in s.dragons and 1 in s.dragons), "dragons on both sides"
    assert not (s.players[0].crystals and s.players[1].crystals), "crystals on both sides (BM58)"
    assert (s.element is None) == all(not p.combat and not p.supports for p in s.players) or s.element is not None
    if not s.over:
        assert s.decisions, "a game that has not ended has a decision open"
        for d in s.decisions:
            assert d.options and len(set(d.options)) == len(d.options)
    for seat in (0, 1, None):
        v = G.view(s, seat)
        for i, pv in enumerate(v["players"]):
            if i != seat:
                assert pv["hand"] is None and "deck" not in pv
            if i != seat and not s.decks[i][s.players[i].choice or 0]["public"]:
                assert pv["unseen"] is None and all(d is None for d in pv["decks"])
            if i != seat and not s.players[i].leader:
                assert pv["choice"] is None
        for e in G.events_for(events, seat):
            if e["type"] == "draw" and e["seat"] != seat:
                assert "cards" not in e


def fuzz_game(mode: str, seed: int, redeal_every: int = 0) -> Match:
    rng = random.Random(seed)
    m = Match.new(G, {"seats": 2, "mode": mode}, SEATS, seed=rng.randbytes(32))
    check_invariants(m.state, [])
    n = 0
    while not m.ended:
        d = rng.choice(G.pending(m.state))
        events = m.play(d.seat, rng.choice(d.options))
        check_invariants(m.state, events)
        n += 1
        assert n <= G.info.max_decisions
        if redeal_every and n % redeal_every == 0 and not m.ended:
            for seat in (0, 1):
                other = G.determinize(m.state, seat, random.Random(seed + n))
                assert G.view(other, seat) == G.view(m.state, seat)
    again = replay(json.loads(json.dumps(m.record)))
    for seat in (0, 1, None):
        assert G.view(again, seat) == G.view(m.state, seat)
    assert verify(json.loads(json.dumps(m.record))).ok
    return m


@pytest.mark.parametrize("mode", MODES)
def test_random_games_keep_every_invariant(mode):
    reasons = Counter(fuzz_game(mode, seed, redeal_every=7).record["result"]["reason"] for seed in range(12))
    assert set(reasons) <= set(G.info.reasons)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_500_random_games_a_mode_keep_every_invariant(mode):
    reasons: Counter[str] = Counter()
    for seed in range(500):
        reasons[fuzz_game(mode, 1000 + seed, redeal_every=25).record["result"]["reason"]] += 1
    assert sum(reasons.values()) == 500 and set(reasons) <= set(G.info.reasons)
