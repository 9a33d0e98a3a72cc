"""Random-play fuzz of Courts: 500 seeded games in the default run (thousands with -m slow),
with the game's invariants checked after every action."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from moontable.games.courts import COURTS
from moontable.games.courts.cards import CARDS, ERA_CARDS
from moontable.games.courts.state import CourtsState
from moontable.match import Match
from moontable.record import replay

SEATS = [{"name": "a", "bot": True, "level": "random"}, {"name": "b", "bot": True, "level": "random"}]


def cards_in_game(s: CourtsState) -> Counter:
    eras = ["thaw"] + (["bloom"] if s.turn >= 4 else []) + (["harvest"] if s.turn >= 8 else [])
    return Counter(c for era in eras for c in ERA_CARDS[era])


def cards_in_zones(s: CourtsState) -> Counter:
    zones = s.hands[0] + s.hands[1] + s.draw + s.discard + s.removed
    zones += [f[1] for f in s.stack if f[0] == "finish_card"]
    zones += [f[2] for f in s.stack if f[0] == "herald_play"]
    if not s.herald_shown:
        zones += [h for h in s.heralds if h > 0]
    return Counter(zones)


def check_invariants(s: CourtsState, rng: random.Random) -> None:
    assert all(x >= 0 for court in s.sway for x in court), "sway is never negative"
    assert 1 <= s.truce <= 5
    assert cards_in_zones(s) == cards_in_game(s), "every card is in exactly one zone"
    if not s.over:
        assert s.decisions and all(d.options for d in s.decisions)
    # a seat's view does not change when what it cannot see is redealt
    for seat in (0, 1):
        redealt = COURTS.determinize(s, seat, rng)
        assert COURTS.view(redealt, seat) == COURTS.view(s, seat)


def choose(d, rng: random.Random, fair_first: bool):
    """A random option; with `fair_first`, a held Fair is played as soon as it can be, so that
    games live on into the Bloom and Harvest (purely random play mostly keeps a Fair by turn 3)."""
    if fair_first:
        for o in d.options:
            if o[0] in ("play", "herald") and o[1] and CARDS[o[1]].fair:
                return o
    return rng.choice(d.options)


def fuzz(seed: int, check_every: int = 1) -> Match:
    rng = random.Random(seed)
    m = Match.new(COURTS, None, SEATS, seed=rng.randbytes(32))
    fair_first = seed % 2 == 0
    n = 0
    while not m.ended:
        d = rng.choice(COURTS.pending(m.state))
        m.play(d.seat, choose(d, rng, fair_first))
        n += 1
        if n % check_every == 0:
            check_invariants(m.state, rng)
    return m


@pytest.mark.parametrize("block", range(10))
def test_fuzz_500_games(block):
    turns = []
    for seed in range(block * 50, block * 50 + 50):
        m = fuzz(seed, check_every=1)
        turns.append(m.state.turn)
        again = replay(json.loads(json.dumps(m.record)))
        assert COURTS.view(again, None) == COURTS.view(m.state, None)
    assert max(turns) == 10, "some games reach the Harvest and final scoring"


def test_fuzz_most_card_events_happen():
    """Across random games nearly every card's event happens at some point: no card is dead text."""
    seen: set[int] = set()
    for seed in range(150):
        rng = random.Random(10_000 + seed)
        m = Match.new(COURTS, None, SEATS, seed=rng.randbytes(32))
        while not m.ended:
            d = rng.choice(COURTS.pending(m.state))
            for e in m.play(d.seat, choose(d, rng, True)):
                if e["type"] == "event":
                    seen.add(e["card"])
    missing = sorted(set(CARDS) - seen)
    assert len(missing) <= len(CARDS) // 10, f"events never seen in 150 random games: {missing}"


@pytest.mark.slow
@pytest.mark.parametrize("block", range(40))
def test_fuzz_thousands(block):
    for seed in range(100_000 + block * 100, 100_000 + block * 100 + 100):
        fuzz(seed, check_every=1)


def test_cards_total():
    assert sum(len(v) for v in ERA_CARDS.values()) == len(CARDS)
