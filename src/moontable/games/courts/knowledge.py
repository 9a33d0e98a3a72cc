"""Game knowledge for the Courts bots: a fast evaluation of a full state for one court.

The value is in points (the bead's unit) from one court's side; a won game is worth `WIN`. It adds:

- the points bead;
- each reach's Fair standing (what a Fair there would score now, keystones and gate towns included),
  weighted by how many times the reach is still likely to be scored: once at the end, once for each
  Fair in a hand (it must be played this turn), and a share for each Fair in the piles or still to
  come with a later era;
- small terms per town: progress towards holding it, a margin that keeps a hold safe, presence;
- the Highwold hold threat (its holder wins at any Fair and at the final scoring), the vigil
  shortfall at the turn end, Fairs a court cannot play in time, the Star Road's gifts, the Moot
  Bell, moves left and the cards in its own hand.

Each reach's part depends only on the sway in its towns, so it is memoized on those numbers: town
choices (policy.py) try a change in place, read one reach again and undo it. The decision policies
are in `policy.py`, the heuristic's lookahead in `lookahead.py`; `KNOWLEDGE` is what the bots use.
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import Any

from moontable.games.courts.cards import BELL, CARDS, ERA_CARDS, ERAS
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import (
    FAIR_VALUE,
    GATE,
    HIGHWOLD,
    KEY,
    LAST_TURN,
    REACH_KEYS,
    REACH_OF_ID,
    REACH_TOWNS,
    STEADY,
    SUN,
)

WIN = 60.0  # a won game, in points
TEMPERATURE = 5.0  # points of value per unit of logit in `win_chance`
CYCLE = 15.0  # cards that pass through the hands in one turn (two heralds and about 13 moves)
ERA_START = {"thaw": 1, "bloom": 4, "harvest": 8}

# weights of the small terms
PROGRESS = 0.4  # a town not held: this share of its worth times sway / (steadiness + their sway)
SECURITY = 0.15  # per sway above what a hold needs (at most 2)
PRESENCE = 0.1  # having sway in a town (it opens its neighbours for placing)
TOWN_TERMS = 0.5  # how much the town terms count against the Fair standing, per reach weight
KEEP_DISCOUNT = 0.15  # a Fair in hand that would score well is worth a little less until played
GIFT_VALUE = {"seer": 0.7, "kites": 1.0, "lamp": 0.5}
MOVE_VALUE = 0.5
HAND_WEIGHT = 1.0

FAIR_REACH: dict[int, int] = {c.id: REACH_OF_ID[c.fair] for c in CARDS.values() if c.fair}
# cards whose event takes moves from the other court (Washed-out Bridges): a Fair kept for the last move dies
STEALS: frozenset[int] = frozenset(
    c.id for c in CARDS.values()
    if any(name == "moves" and p.get("who") == "foe" and p.get("n", 0) < 0 for name, p in c.effect))
ERA_OF: dict[int, str] = {c.id: c.era for c in CARDS.values()}
REACH_SWAY = tuple(itemgetter(*towns) for towns in REACH_TOWNS)


def _future_plays(era: str, turn: int) -> float:
    """How many times one card of `era` lying in the piles is expected to be played after `turn`."""
    total = 0.0
    for u in range(max(turn + 1, ERA_START[era]), LAST_TURN + 1):
        n = sum(len(ERA_CARDS[e]) for e in ERAS if ERA_START[e] <= u)
        total += min(1.0, CYCLE / n) if n else 0.0
    return total


FUTURE: dict[str, tuple[float, ...]] = {era: tuple(_future_plays(era, t) for t in range(LAST_TURN + 2))
                                        for era in ERAS}
NEXT_TURN: dict[str, tuple[float, ...]] = {
    era: tuple(FUTURE[era][t] - FUTURE[era][t + 1] if t < LAST_TURN else 0.0 for t in range(LAST_TURN + 2))
    for era in ERAS
}


def card_value(card: int, court: int) -> float:
    """What a card in `court`'s hand is worth to it (a Fair: nothing, it must be played anyway)."""
    if card == BELL:
        return 0.0
    c = CARDS[card]
    if c.fair:
        return 0.0
    if c.owner == court:
        return 0.35 * c.strength + 0.4
    if c.owner < 0:
        return 0.35 * c.strength + 0.25
    return 0.2 * c.strength - 0.4  # the other court's event comes with it, unless it goes to the Star Road


# -- one reach ----------------------------------------------------------------------------------------

_MEMO: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[float, int, int, float]] = {}


# per reach, per town: (steadiness, 1 for a keystone, worth, 1 if a hold there earns the Moon / the Sun a gate bonus)
_TOWN_INFO = tuple(
    tuple((STEADY[t], 1 if KEY[t] else 0, 1.5 if KEY[t] else 1.0, 1 if GATE[1][t] else 0, 1 if GATE[0][t] else 0)
          for t in towns)
    for towns in REACH_TOWNS)


def _reach_terms(r: int, a: tuple[int, ...], b: tuple[int, ...]) -> tuple[float, int, int, float]:
    """(Moon's Fair sum - Sun's, Moon's level, Sun's level, Moon's town terms - Sun's) for sway a, b."""
    key = (r, a, b)
    got = _MEMO.get(key)
    if got is not None:
        return got
    n0 = n1 = k0 = k1 = g0 = g1 = 0
    t0 = t1 = 0.0
    # the Moon's side (x) and the Sun's (y) written out one after the other: a loop over the two courts
    # was the slowest part of the search's memo misses
    for i, (st, key_town, worth, gate0, gate1) in enumerate(_TOWN_INFO[r]):
        x, y = a[i], b[i]
        if x:
            if x >= st + y:
                n0 += 1
                k0 += key_town
                g0 += gate0
                t0 += SECURITY * worth * min(2, x - st - y) + PRESENCE
            else:
                t0 += PROGRESS * worth * x / (st + y) + PRESENCE
        if y:
            if y >= st + x:
                n1 += 1
                k1 += key_town
                g1 += gate1
                t1 += SECURITY * worth * min(2, y - st - x) + PRESENCE
            else:
                t1 += PROGRESS * worth * y / (st + x) + PRESENCE
    n = (n0, n1)
    keys = (k0, k1)
    gate_bonus = (g0, g1)
    terms = (t0, t1)
    levels = [0, 0]
    sums = [0, 0]
    all_keys = len(REACH_KEYS[r])
    for c in (0, 1):
        o = 1 - c
        if n[c] > n[o] and keys[c] == all_keys:
            levels[c] = 3
        elif n[c] > n[o] and keys[c] > keys[o] and n[c] - keys[c] >= 1:
            levels[c] = 2
        elif n[c] >= 1:
            levels[c] = 1
        value = FAIR_VALUE[r][levels[c] - 1] if levels[c] else 0
        sums[c] = (value or 0) + keys[c] + gate_bonus[c]
    out = (float(sums[0] - sums[1]), levels[0], levels[1], terms[0] - terms[1])
    if len(_MEMO) > 500_000:
        _MEMO.clear()
    _MEMO[key] = out
    return out


def reach_terms(s: CourtsState, r: int) -> tuple[float, int, int, float]:
    g = REACH_SWAY[r]  # every reach has several towns, so the getter gives tuples
    a, b = g(s.sway[0]), g(s.sway[1])
    got = _MEMO.get((r, a, b))
    return got if got is not None else _reach_terms(r, a, b)


def fair_diff(s: CourtsState, court: int, r: int) -> float:
    """What a Fair of reach `r` would gain `court` now (negative: what it would give away)."""
    d = reach_terms(s, r)[0]
    return d if court == 0 else -d


class Weights:
    """Per-state numbers the evaluation and the policies share: reach weights and the Highwold threat."""

    __slots__ = ("reach", "hw_threat", "threat", "fairs")

    def __init__(self, s: CourtsState) -> None:
        w = [1.0] * len(REACH_TOWNS)
        hw_soon = 0.0
        fairs: list[list[int]] = [[], []]
        turn = s.turn
        hand0, hand1 = s.hands
        gone: set[int] | None = None  # removed or in play: built once, when a Fair is in neither hand
        for f, r in FAIR_REACH.items():
            if f in hand0:
                fairs[0].append(f)
                w[r] += 1.0
                soon = 1.0
            elif f in hand1:
                fairs[1].append(f)
                w[r] += 1.0
                soon = 1.0
            elif f in (gone if gone is not None else (gone := _gone(s))):
                soon = 0.0
            else:
                era = ERA_OF[f]
                w[r] += FUTURE[era][min(turn, LAST_TURN + 1)]
                soon = NEXT_TURN[era][min(turn, LAST_TURN + 1)]
            hw_soon += soon  # Hold of the Highwold wins at any Fair (C45), and at the final scoring
        if turn >= LAST_TURN:
            hw_soon += 1.0
        self.reach = w
        self.hw_threat = 10.0 + 35.0 * min(1.0, hw_soon)
        self.threat = [0.0] * len(w)  # per reach: what holding all of it adds (the Highwold only)
        self.threat[HIGHWOLD] = self.hw_threat
        self.fairs = fairs


def _gone(s: CourtsState) -> set[int]:
    """The cards removed from the game or in play (on the stack or heralded)."""
    out = set(s.removed)
    out.update(s.heralds)
    for f in s.stack:
        if f[0] == "finish_card":
            out.add(f[1])
        elif f[0] == "herald_play":
            out.add(f[2])
    return out


def reach_parts(key: tuple[int, tuple[int, ...], tuple[int, ...]]) -> tuple[float, float]:
    """(the Moon's Fair standing plus town terms, +1/-1 when the Moon/Sun holds all of the reach) for a
    (reach, Moon's sway, Sun's sway) key, memoized: what `reach_value` weighs."""
    got = PARTS.get(key)
    if got is None:
        d, l0, l1, tt = _reach_terms(*key)
        got = (d + TOWN_TERMS * tt, 1.0 if l0 == 3 else (-1.0 if l1 == 3 else 0.0))
        if len(PARTS) > 500_000:
            PARTS.clear()
        PARTS[key] = got
    return got


PARTS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[float, float]] = {}


def reach_value(s: CourtsState, court: int, r: int, w: Weights) -> float:
    """The part of `evaluate` that comes from reach `r` (depends on the sway there only)."""
    g = REACH_SWAY[r]
    key = (r, g(s.sway[0]), g(s.sway[1]))
    got = PARTS.get(key) or reach_parts(key)
    v = w.reach[r] * got[0] + w.threat[r] * got[1]
    return -v if court else v


def vigil_value(s: CourtsState, court: int, truce: int | None = None, vigil: list[int] | None = None) -> float:
    t = s.truce if truce is None else truce
    vg = s.vigil if vigil is None else vigil
    return float(max(0, t - vg[1 - court]) - max(0, t - vg[court]))


def evaluate(s: CourtsState, court: int, w: Weights | None = None) -> float:
    """The state's worth to `court`, in points; +-WIN once the game is over."""
    if s.over:
        return 0.0 if s.winner is None else (WIN if s.winner == court else -WIN)
    if w is None:
        w = Weights(s)
    o = 1 - court
    v = float(s.bead if court == SUN else -s.bead)
    for r in range(len(REACH_TOWNS)):
        v += reach_value(s, court, r, w)
    v += vigil_value(s, court)
    # Fairs in hand: one that scores well is worth a little less until it is played; more Fairs than
    # moves left lose at the turn end. The other hand is a guess (a state dealt from a view) and its
    # holder plays its Fairs in time: only the Fairs it has shown count for that
    for c, sign in ((court, 1.0), (o, -1.0)):
        fairs = w.fairs[c]
        if not fairs:
            continue
        for f in fairs:
            d = fair_diff(s, c, FAIR_REACH[f])
            if d > 0:
                v -= sign * KEEP_DISCOUNT * d
        if c == o:
            fairs = [f for f in fairs if f in s.known[o]]
        if len(fairs) > s.moves_left[c] and s.gifts["lamp"] != c:
            v -= sign * 0.8 * WIN
    for g, value in GIFT_VALUE.items():
        holder = s.gifts[g]
        if holder == court:
            v += value
        elif holder == o:
            v -= value
    v += 0.3 * (s.road[court] - s.road[o])
    bell = 1.0 + (0.5 if s.bell_up else 0.0)
    v += bell if s.bell == court else -bell
    v += MOVE_VALUE * (s.moves_left[court] - s.moves_left[o])
    # the cards in hand: only this court's own, which it knows (the other hand is a guess: noise)
    v += HAND_WEIGHT * sum(card_value(c, court) for c in s.hands[court])
    return v


def win_chance(value: float) -> float:
    """A value in points as a chance of winning, for tree search."""
    if value >= WIN:
        return 1.0
    if value <= -WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / TEMPERATURE))


def _place_cost(mine: int, theirs: int, steady: int) -> int:
    """The strength that placing alone takes to hold a town: 2 a sway while the other court holds it."""
    cost = added = 0
    while mine + added < steady + theirs:
        cost += 2 if theirs >= steady + mine + added else 1
        added += 1
    return cost


def hw_gap(s: CourtsState, who: int) -> int:
    """The strength `who` would need, placing only, to hold the Highwold (every keystone, more towns)."""
    mine, theirs = s.sway[who], s.sway[1 - who]
    cost = n_mine = n_theirs = 0
    extra: list[int] = []
    for t in REACH_TOWNS[HIGHWOLD]:
        a, b, st = mine[t], theirs[t], STEADY[t]
        if KEY[t]:
            cost += _place_cost(a, b, st)
            n_mine += 1
        elif a >= st + b:
            n_mine += 1
        else:
            if b >= st + a:
                n_theirs += 1
            extra.append(_place_cost(a, b, st))
    extra.sort()
    for c in extra:
        if n_mine > n_theirs:
            break
        cost += c
        n_mine += 1
    return cost if n_mine > n_theirs else 99


# A searching bot judges its leaves with itself to move: a Fair still in its hand while the other court
# could take the Highwold with one card (or two) is a Fair it may never play (taking the Highwold makes playing any
# Fair lose, and keeping one loses at the turn end). The heuristic, which plays its Fairs early, does not
# need this; the search, which likes to delay a Fair that scores badly, does.
EXPOSED = {0: 0.7, 1: 0.7, 2: 0.7, 3: 0.6, 4: 0.45, 5: 0.25, 6: 0.1}  # share of a won game, by the gap


def exposure(s: CourtsState, court: int) -> float:
    """What holding Fairs costs `court` now, in points: the other court is near a hold of the Highwold, or
    holds a card that takes a move away while `court` has no move to spare for its Fairs."""
    fairs = sum(1 for c in s.hands[court] if c in FAIR_REACH)
    if not fairs:
        return 0.0
    o = 1 - court
    if s.moves_left[o] <= 0:
        return 0.0
    share = EXPOSED.get(hw_gap(s, o), 0.0)
    # `court` is to move: with two Fairs or more and no move to spare, one move taken away keeps a Fair
    if fairs >= 2 and fairs >= s.moves_left[court] and s.gifts["lamp"] != court \
            and any(c in STEALS for c in s.hands[o]):
        share = max(share, 0.8)
    return share * WIN


class CourtsKnowledge:
    """What the generic bots need from the Courts: dealing from a view, values, policies."""

    # a search judges its leaves after its own next move and the other court's answer to it (ismcts'
    # horizon): with one answer only it won 201 of 300 games against heuristic, with two 226 of 300
    horizon = 2

    def deal(self, view: dict[str, Any], rng: Any) -> CourtsState:
        """A state dealt from the view, where a herald the other court chose face down is what that court
        would choose from its dealt hand, not any card it might hold: a court heralds a Fair that scores
        well (a dealt card at random would hide the Fair that wins the game at the next reveal)."""
        from moontable.games.courts.infoset import HIDDEN_HERALD, from_view
        from moontable.games.courts.policy import herald_scores

        s = from_view(view, rng)
        for c, shown in enumerate(view["state"]["heralds"]):
            if shown == HIDDEN_HERALD and s.heralds[c] >= 0:
                hand = s.hands[c]
                hand.append(s.heralds[c])
                options = [("herald", x) for x in hand]
                scores = herald_scores(s, c, options)
                pick = hand[max(range(len(hand)), key=scores.__getitem__)]
                hand.remove(pick)
                hand.sort()
                s.heralds[c] = pick
        return s

    def evaluate(self, s: CourtsState, seat: int) -> float:
        """The state's worth to `seat` as a chance of winning, 0..1 (a search's leaf, `seat` to move)."""
        court = s.court_of(seat)
        return win_chance(evaluate(s, court) - (0.0 if s.over else exposure(s, court)))

    def quick(self, s: CourtsState, decision: Any, rng: Any) -> Any:
        from moontable.games.courts.policy import quick

        return quick(s, decision, rng)

    def best(self, s: CourtsState, decision: Any, rng: Any) -> Any:
        from moontable.games.courts.lookahead import best

        return best(s, decision, rng)

    def option_values(self, s: CourtsState, decision: Any, rng: Any) -> dict[Any, float]:
        from moontable.games.courts.lookahead import option_values

        return option_values(s, decision, rng)

    def reply(self, s: CourtsState, decision: Any, rng: Any, chance: Any) -> Any:
        from moontable.games.courts.policy import reply

        return reply(s, decision, rng, chance)

    def option_key(self, s: CourtsState, decision: Any, action: Any) -> Any:
        """A card's strength used the same way comes to the same, whichever card of the hand it is."""
        if decision.kind != "play":
            return action
        from moontable.games.courts.policy import play_key

        return play_key(s, s.court_of(decision.seat), action)

    def priors(self, s: CourtsState, decision: Any) -> list[float]:
        from moontable.games.courts.policy import priors

        return priors(s, decision)

    def is_major(self, kind: str) -> bool:
        """Decisions a tree search branches on; the rest of a move is completed by `quick`."""
        return kind in ("play", "herald")

    def is_fine(self, kind: str) -> bool:
        """Town choices: `best` takes their exact expectation over the dice, search only adds noise."""
        from moontable.games.courts.policy import TOWN_KINDS

        return kind in TOWN_KINDS

    def pinned(self, s: CourtsState, decision: Any) -> list[Any]:
        """Playing or heralding a Fair: a search weighs it always. The heuristic may rank a Fair that
        scores badly last, yet keeping it is what loses when the other court takes the Highwold."""
        if decision.kind not in ("play", "herald"):
            return []
        return [o for o in decision.options if o[1] in FAIR_REACH]

    def complete(self, s: CourtsState, rng: Any, chance: Any) -> None:
        from moontable.games.courts.policy import complete

        complete(s, rng, chance)


KNOWLEDGE = CourtsKnowledge()
