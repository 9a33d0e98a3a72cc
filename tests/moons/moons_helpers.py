"""Hand-made Moons positions for the rule tests: a state in the middle of a round, built from its parts."""

from __future__ import annotations

import random
from typing import Any

from moontable.fair import RandomChance
from moontable.frames import settle
from moontable.games.moons import MOONS as G
from moontable.games.moons.content import SUITS, TOKENS_PER_PLANET, card, tricks_per_round
from moontable.games.moons.core import RUN
from moontable.games.moons.state import MoonsState

S, J, N, U = range(4)  # the planets: Saturn, Jupiter, Neptune, Uranus
LARGE1, LARGE2, LARGE3, LARGE4 = 56, 57, 58, 59


def c(planet: int, rank: int) -> int:
    """A Moon card: c(S, 14) is Titan."""
    return card(planet, rank)


def chance(seed: int = 0) -> RandomChance:
    return RandomChance(random.Random(seed))


def position(hands: list[list[int]], tableaux: list[list[int]] | None = None, *, tokens: list[list[int]] | None = None,
             smalls: list[list[str]] | None = None, supply: list[int] | None = None, leader: int = 0,
             first: int | None = None, earth: int = 0, round: int = 1, block: int = -1,
             pile: list[str] | None = None, discard: list[str] | None = None, trick: list[int] | None = None,
             led: int = -1, tricks: list[int] | None = None, stardust: list[int] | None = None,
             rng_seed: int = 0) -> MoonsState:
    """A revealed round in trick play: each hand holds what it has left; the tricks already played fill the
    rest of the round (MO9), so the round ends when these hands are empty."""
    n = len(hands)
    tableaux = tableaux if tableaux is not None else [[c(S, 5), c(J, 5), c(N, 5)] for _ in range(n)]
    tokens = tokens if tokens is not None else [[0] * SUITS for _ in range(n)]
    supply = supply if supply is not None else [TOKENS_PER_PLANET - sum(t[p] for t in tokens) for p in range(SUITS)]
    trick = trick or []
    left = len(hands[leader])
    s = MoonsState(
        n=n, hands=[sorted(h) for h in hands], tableaux=[list(t) for t in tableaux],
        smalls=[sorted(x) for x in smalls] if smalls is not None else [[] for _ in range(n)],
        small_pile=list(pile or []), small_discard=list(discard or []), tokens=[list(t) for t in tokens],
        supply=list(supply), stardust=list(stardust or [0] * n), round=round,
        first=leader if first is None else first, earth=earth, block=block, revealed=True, leader=leader,
        trick=list(trick), led=led, trick_no=tricks_per_round(n) - left, tricks=list(tricks or [0] * n),
        assist=[False] * n, shown=[[] for _ in range(n)], void=[0] * n, tab=[None] * n,
    )
    s.stack = [["game"], ["round_end"], ["tricks"], ["trick"]]
    settle(s, RUN, chance(rng_seed))
    return s


def new(seats: int, seed: int = 0) -> tuple[MoonsState, RandomChance]:
    ch = chance(seed)
    return G.new_state({"seats": seats}, ch), ch


def act(s: MoonsState, seat: int, action: Any, ch: RandomChance | None = None) -> list[dict[str, Any]]:
    return G.apply(s, seat, tuple(action), ch or chance())


def decision(s: MoonsState, seat: int | None = None):
    ds = G.pending(s)
    if seat is None:
        assert len(ds) == 1, ds
        return ds[0]
    return next(d for d in ds if d.seat == seat)


def cards_of(d) -> list[int]:
    return [o[1] for o in d.options if o[0] == "card"]


def smalls_of(d) -> list[str]:
    return [o[1] for o in d.options if o[0] == "small"]


def play_tableaux(s: MoonsState, ch: RandomChance, pick=None) -> None:
    """Every seat lays its first three Moon cards (or `pick(seat, options)`)."""
    while G.pending(s) and G.pending(s)[0].kind == "tableau":
        d = G.pending(s)[0]
        G.apply(s, d.seat, pick(d.seat, d.options) if pick else d.options[0], ch)
