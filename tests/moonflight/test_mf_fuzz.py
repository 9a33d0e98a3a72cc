"""Random-play fuzz of Moonflight at 1-4 seats: 500 seeded games in the default run (thousands with -m
slow). After every action: every card of the game and all 40 coin tokens are in some zone, a decision
with unique options is open until the end; every game ends by the rules (the safety cap is a failure);
the record replays to the same state; and, every few actions, no seat's view changes when what it
cannot see is redealt."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from moontable.games.moonflight import MOONFLIGHT as G
from moontable.games.moonflight.content import COIN_TOKENS, game_cards
from moontable.games.moonflight.state import MoonflightState
from moontable.match import Match
from moontable.record import replay


def seats_for(n: int) -> list[dict]:
    return [{"name": f"s{i}", "bot": True, "level": "random"} for i in range(n)]


def cards_in_zones(s: MoonflightState) -> Counter:
    zones: Counter = Counter()
    for p in s.players:
        zones.update(p.deck)
        zones.update(p.hand)
        zones.update(p.kept)
        zones.update(p.play)
        zones.update(p.discard)
        zones.update(p.trash)
        for st in p.settled:
            zones.update(st)
    for m in s.markets:
        zones.update(m)
    for sup in s.supply.values():
        zones.update(sup)
    return zones


def check_invariants(s: MoonflightState, want: Counter) -> None:
    assert cards_in_zones(s) == want, "every card is in exactly one zone"
    assert s.bank >= 0 and all(p.coins >= 0 for p in s.players)
    assert s.bank + sum(p.coins for p in s.players) == COIN_TOKENS, "all 40 coin tokens are accounted for"
    assert all(len(p.play) == len(p.uids) == len(p.settled) for p in s.players)
    assert all(p.hand == sorted(p.hand) for p in s.players)
    if not s.over:
        assert len(s.decisions) == 1
        d = s.decisions[0]
        assert d.options and len(set(d.options)) == len(d.options)


def check_views(s: MoonflightState, rng: random.Random) -> None:
    for seat in [*range(s.n), None]:
        v = G.view(s, seat)
        redealt = G.from_view(json.loads(json.dumps(v)), rng)
        assert G.view(redealt, seat) == v
        if seat is not None and s.decisions and s.decisions[0].seat == seat:
            assert redealt.decisions == s.decisions  # the seat's open decision is rebuilt from its view


def fuzz(seed: int, view_every: int = 25) -> Match:
    rng = random.Random(seed)
    n = 1 + seed % 4
    m = Match.new(G, None, seats_for(n), seed=rng.randbytes(32))
    want = game_cards([p.jack for p in m.state.players])
    check_invariants(m.state, want)
    k = 0
    while not m.ended:
        d = G.pending(m.state)[0]
        m.play(d.seat, rng.choice(d.options))
        k += 1
        check_invariants(m.state, want)
        if k % view_every == 0:
            check_views(m.state, rng)
        assert k < G.info.max_decisions
    assert m.state.reason in ("end", "end_counter"), f"seed {seed}: the game hit the safety cap"
    return m


@pytest.mark.parametrize("block", range(10))
def test_fuzz_500_games_at_1_to_4_seats(block):
    for seed in range(block * 50, block * 50 + 50):
        m = fuzz(seed)
        again = replay(json.loads(json.dumps(m.record)))
        for seat in [*range(m.state.n), None]:
            assert G.view(again, seat) == G.view(m.state, seat)
        assert G.result(again) == G.result(m.state)


def test_fuzz_reaches_both_ends_and_the_turn():
    reasons = Counter()
    turned = 0
    for seed in range(40):
        m = fuzz(50_000 + seed, view_every=1000)
        reasons[m.state.reason] += 1
        turned += m.state.turned
    assert reasons["end"] and reasons["end_counter"] and turned > 20


@pytest.mark.slow
@pytest.mark.parametrize("block", range(40))
def test_fuzz_thousands(block):
    for seed in range(100_000 + block * 100, 100_000 + block * 100 + 100):
        fuzz(seed, view_every=5)
