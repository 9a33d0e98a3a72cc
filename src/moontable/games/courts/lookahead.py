"""The heuristic's choice: a greedy lookahead over one move, evaluated with knowledge.py.

For a card play each option is tried on a copy of the (dealt) state: the move is finished with the
quick policy (town choices by expected value) and the result evaluated. Uses of strength that differ
only in the card spent share one trial (their values differ by what the card is worth in hand); an
upset is tried once per face of its die and a Star Road try once each way, so their values are
expectations, not luck. A herald is tried by firing its event at once. Town choices are the quick
policy's; other small choices (order, event choices, letting cards go) are tried each.
"""

from __future__ import annotations

import math
from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import RandomChance
from moontable.games.courts.cards import BELL, CARDS
from moontable.games.courts.flow import gives_event
from moontable.games.courts.knowledge import HAND_WEIGHT, Weights, card_value, evaluate
from moontable.games.courts.policy import (
    TOWN_KINDS,
    ForcedDie,
    advance,
    complete,
    draw_risk,
    draws,
    must_play_fair,
    quick,
    quick_scores,
    road_chance,
    simulate_scores,
)
from moontable.games.courts.state import CourtsState
from moontable.games.courts.strength import card_strength

_RANDOM_STEPS = frozenset(("upset", "persuade", "discard", "draw", "free", "repeat", "choose"))


def best(s: CourtsState, d: Decision, rng: Any) -> Action:
    if len(d.options) == 1:
        return d.options[0]
    if d.kind in TOWN_KINDS:
        return quick(s, d, rng)
    values = option_values(s, d, rng)
    return max(d.options, key=lambda o: values.get(o, -math.inf))


def option_values(s: CourtsState, d: Decision, rng: Any) -> dict[Action, float]:
    """The heuristic's value of each option, in points for the deciding court."""
    court = s.court_of(d.seat)
    if d.kind == "play":
        return _play_values(s, d, court, rng)
    if d.kind == "herald":
        return _herald_values(s, d, court, rng)
    if d.kind in TOWN_KINDS or d.kind in ("lamp", "event_discard", "event_retrieve"):
        return quick_scores(s, d, rng)
    return simulate_scores(s, d, rng, samples=2)


def _trial(s: CourtsState, d: Decision, action: Action, court: int, rng: Any, chance: Any) -> float:
    c = s.clone()
    advance(c, d.seat, action, chance)
    complete(c, rng, chance)
    return evaluate(c, court)


def _play_values(s: CourtsState, d: Decision, court: int, rng: Any) -> dict[Action, float]:
    w = Weights(s)
    options = d.options
    if must_play_fair(s, court, w):  # a Fair must be played now, or it may be kept
        must = [o for o in options if o[1] != BELL and CARDS[o[1]].fair]
        if must:
            options = tuple(must)
    risk = draw_risk(s, court, w)
    values: dict[Action, float] = {}
    shared: dict[tuple[Any, ...], tuple[float, float]] = {}  # class -> (value, card value of the one tried)
    for o in options:
        card, use = o[1], o[2]
        if use == "event":
            c = CARDS[card]
            n = 2 if any(step[0] in _RANDOM_STEPS for step in c.effect) else 1
            values[o] = _mean(s, d, o, court, rng, [0] * n) - risk * draws(c)
            continue
        foe = gives_event(s, court, card, use)
        cv = 0.0 if card == BELL else card_value(card, court)
        key = ("bell", use) if card == BELL else (use, card_strength(s, court, card))
        if not foe:
            got = shared.get(key)
            if got is not None:
                values[o] = got[0] + HAND_WEIGHT * (got[1] - cv)
                continue
        if use == "upset":
            value = _mean(s, d, o, court, rng, [1, 2, 3, 4, 5, 6] if not foe else [2, 4, 5])
        elif use == "road":
            p = road_chance(s, court)
            value = p * _mean(s, d, o, court, rng, [1]) + (1 - p) * _mean(s, d, o, court, rng, [6])
        elif use == "persuade":
            value = _mean(s, d, o, court, rng, [0, 0, 0] if not foe else [0, 0])
        else:
            value = _mean(s, d, o, court, rng, [0])
        values[o] = value
        if not foe:
            shared[key] = (value, cv)
    return values


def _mean(s: CourtsState, d: Decision, o: Action, court: int, rng: Any, faces: list[int]) -> float:
    total = 0.0
    for face in faces:
        total += _trial(s, d, o, court, rng, ForcedDie(rng, face))
    return total / len(faces)


def _herald_values(s: CourtsState, d: Decision, court: int, rng: Any) -> dict[Action, float]:
    """Fire each herald's event at once, as if it were played first, and evaluate."""
    values: dict[Action, float] = {}
    chance = RandomChance(rng)
    from moontable.games.courts.game import settle

    for o in d.options:
        card = o[1]
        n = 2 if any(step[0] in _RANDOM_STEPS for step in CARDS[card].effect) else 1
        total = 0.0
        for _ in range(n):
            c = s.clone()
            c.hands[court].remove(card)
            c.active = court
            c.stack.append(["finish_card", card])
            c.stack.append(["event", card, court])
            settle(c, chance)
            complete(c, rng, chance)
            total += evaluate(c, court)
        values[o] = total / n
    return values
