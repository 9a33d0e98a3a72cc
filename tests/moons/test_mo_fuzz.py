"""Random-play fuzz of Moons at every seat count, 2 to 6 (issue 17, item 5).

After every action: the 60 large-deck cards are each in exactly one place (hands, tableaux, the trick, the
round's played cards), the 68 planet tokens and the 38 small Asteroids are all accounted for, every hand has
given exactly one card to the trick so far, follow suit was kept, a decision with unique options is open
until the end, and no seat's view or events show another seat's hand, face-down tableau cards or drawn small
Asteroids. Every few actions a seat's view is checked unchanged when what it cannot see is dealt again; every
game's record replays to the same views. The default run plays 100 games at each seat count; `-m slow` plays
500 at each.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from moontable.games.moons import MOONS as G
from moontable.games.moons.content import LARGE, SMALL_ASTEROIDS, SUIT, TABLEAU, tricks_per_round
from moontable.games.moons.state import MoonsState
from moontable.match import Match
from moontable.record import replay

ALL_CARDS = list(range(60))
SMALLS = Counter(SMALL_ASTEROIDS)


def check_state(s: MoonsState) -> None:
    cards = [c for h in s.hands for c in h] + [c for t in s.tableaux for c in t] + s.trick + s.played
    assert sorted(cards) == ALL_CARDS, "every large-deck card is in exactly one place"
    for p in range(4):
        assert s.supply[p] >= 0 and all(t[p] >= 0 for t in s.tokens)
        assert s.supply[p] + sum(t[p] for t in s.tokens) == 17, "all 68 tokens are accounted for"
    in_play = [f[1] for f in s.stack if f[0] == "discard_small"]
    smalls = Counter(k for x in s.smalls for k in x) + Counter(s.small_pile) + Counter(s.small_discard)
    smalls += Counter({"stardust": sum(s.stardust)}) + Counter(in_play)
    assert +smalls == SMALLS, "every small Asteroid is in one place"
    if s.revealed:
        assert all(len(t) == TABLEAU for t in s.tableaux)
        left = tricks_per_round(s.n) - s.trick_no
        for i in range(s.n):
            played = (i - s.leader) % s.n < len(s.trick)
            assert len(s.hands[i]) == left - played, "one card from each hand a trick"
    if not s.over:
        assert s.decisions, "a decision is open until the end"
        for d in s.decisions:
            assert d.options and len(set(d.options)) == len(d.options)
    else:
        assert s.decisions == [] and s.scores is not None


def must_follow(s: MoonsState, seat: int) -> int:
    """The suit `seat` must follow now (-1: none): it holds the led suit, and no Solar Wind blows."""
    if not s.trick or s.led < 0 or s.wind or not any(SUIT[c] == s.led for c in s.hands[seat]):
        return -1
    return s.led


def check_no_leak(s: MoonsState, events: list[dict], mover: int) -> None:
    for seat in [*range(s.n), None]:
        v = G.view(s, seat)
        for i, pv in enumerate(v["players"]):
            if i != seat:
                assert pv["hand"] is None and pv["smalls"] is None
                if not s.revealed:
                    assert pv["tableau"] is None
        assert "small_pile" in v and isinstance(v["small_pile"], int)
        for e in G.events_for(events, seat):
            if e["type"] == "picked" and e["seat"] != seat:
                assert "card" not in e
            if e["type"] == "draw" and e["seat"] != seat:
                assert "smalls" not in e
        text = json.dumps(v)
        assert "seed" not in text


def check_redeal(s: MoonsState, rng: random.Random) -> None:
    for seat in [*range(s.n), None]:
        v = G.view(s, seat)
        other = G.from_view(json.loads(json.dumps(v)), rng)
        assert G.view(other, seat) == v


def play(n: int, seed: int, redeal_every: int = 25) -> None:
    rng = random.Random(seed)
    seats = [{"name": f"s{i}", "bot": True, "level": "random"} for i in range(n)]
    m = Match.new(G, None, seats, seed=rng.randbytes(32))
    s = m.state
    check_state(s)
    steps = 0
    while not m.ended:
        d = rng.choice(G.pending(s))
        action = rng.choice(d.options)
        follow = must_follow(s, d.seat) if action[0] == "card" else -1
        events = m.play(d.seat, action)
        steps += 1
        if follow >= 0:
            assert SUIT[action[1]] in (follow, LARGE), "follow suit is kept (MO25, MO26)"
        check_state(s)
        if steps % redeal_every == 0:
            check_no_leak(s, events, d.seat)
            check_redeal(s, rng)
        assert steps <= G.info.max_decisions
    assert G.result(s).reason in G.info.reasons
    again = replay(json.loads(json.dumps(m.record)))
    for seat in [*range(n), None]:
        assert G.view(again, seat) == G.view(s, seat), "replay equals live play"


@pytest.mark.parametrize("n", range(2, 7))
def test_random_games_keep_every_invariant(n):
    for seed in range(100):
        play(n, 1000 * n + seed, redeal_every=40)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 7))
def test_five_hundred_random_games_a_seat_count_keep_every_invariant(n):
    for seed in range(500):
        play(n, 7000 * n + seed, redeal_every=10)
