"""Fast policies for every Courts decision kind, built on the evaluation in knowledge.py.

`quick(state, decision, rng)` answers any decision in microseconds to a millisecond: town choices
by the expected change of the reach's value (exact over the dice of an upset or a persuade try),
card plays by a static score, the rest by trying each option. Tree search uses it to finish moves
and for its priors; the heuristic bot uses it for town choices.
"""

from __future__ import annotations

import math
from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import Chance
from moontable.games.courts.cards import BELL, CARDS
from moontable.games.courts.core import ACT, roll_bonus
from moontable.games.courts.effects import event_happens, whom
from moontable.games.courts.flow import gives_event
from moontable.games.courts.knowledge import (
    FAIR_REACH,
    KEEP_DISCOUNT,
    PARTS,
    REACH_SWAY,
    STEALS,
    WIN,
    Weights,
    card_value,
    evaluate,
    fair_diff,
    reach_parts,
    reach_value,
    vigil_value,
)
from moontable.games.courts.state import CourtsState
from moontable.games.courts.strength import card_strength, contest_targets, persuade_bonus
from moontable.games.courts.tables import GIFT_STEP, GLASSWATER, KEY, REACH, ROAD, STEADY, TOWN_ACTION, TOWN_OF_ID

MAJOR = frozenset(("play", "herald"))
DONE: Action = ("done",)
NONE: Action = ("none",)
# the difference of two dice and its chance
DICE_DIFF = tuple((k, (6 - abs(k)) / 36) for k in range(-5, 6))
_depth = [0]  # nesting of simulated choices (a choice inside a simulated choice is answered at once)
_PLAN: dict[Action, int] = {}  # the last town scores: how many sway the best ratio of each town was for


def advance(s: CourtsState, seat: int, action: Action, chance: Chance) -> None:
    """Apply a legal action with no checks and no events (CourtsGame.advance without the game object)."""
    from moontable.games.courts.game import settle

    top = s.stack[-1]
    ACT[top[0]](s, top, s.court_of(seat), action, chance)
    settle(s, chance)


PLANNED = frozenset(("place", "setup", "event_place"))


def complete(s: CourtsState, rng: Any, chance: Chance, limit: int = 400) -> None:
    """Answer every decision with `quick` until a card is to be played or heralded, or the game ends.

    A placement that `quick` judged best as several sway in one town goes on there without being
    judged again (the same choices, several times faster).
    """
    plan: tuple[int, str, Action, int] | None = None
    for _ in range(limit):
        if s.over or not s.decisions:
            return
        d = s.decisions[0]
        if d.kind in MAJOR:
            return
        if plan is not None and plan[3] > 0 and plan[0] == d.seat and plan[1] == d.kind and plan[2] in d.options:
            action = plan[2]
            plan = (plan[0], plan[1], action, plan[3] - 1)
        else:
            action = quick(s, d, rng)
            plan = (d.seat, d.kind, action, _PLAN.get(action, 1) - 1) if d.kind in PLANNED else None
        advance(s, d.seat, action, chance)


def quick(s: CourtsState, d: Decision, rng: Any) -> Action:
    if len(d.options) == 1:
        return d.options[0]
    scores = quick_scores(s, d, rng)
    return max(d.options, key=lambda o: scores.get(o, -math.inf))


def quick_scores(s: CourtsState, d: Decision, rng: Any) -> dict[Action, float]:
    """A score per option (higher is better for the deciding court); unscored options are worst."""
    court = s.court_of(d.seat)
    fn = _TOWN_KINDS.get(d.kind)
    if fn is not None:
        return fn(s, d, court, Weights(s))
    if d.kind == "play":
        return dict(zip(d.options, play_scores(s, court, d.options), strict=True))
    if d.kind == "herald":
        return dict(zip(d.options, herald_scores(s, court, d.options), strict=True))
    if d.kind == "order":
        return {("order", "before"): 1.0}
    if d.kind in ("lamp", "event_discard"):
        return _let_go(s, d, court)
    if d.kind == "event_retrieve":
        return {o: (card_value(o[1], court) if o[0] == "card" else 0.3) for o in d.options}
    return simulate_scores(s, d, rng)


def reply(s: CourtsState, d: Decision, rng: Any, chance: Chance, top: int = 4, places: int = 2) -> Action:
    """A card play for a search's model of the other court, close to what the heuristic would play.

    Its `top` best plays by static score and its `places` best placements (a static score ranks
    upsets first, but taking a hold — the Highwold's above all — is mostly placing) are each tried
    once on a copy, the move finished with `quick`, and evaluated. An upset is tried with a middling
    die (3 or 4), not a random one: the best of a few lucky rolls would make upsets look better than
    they are. Other decisions: `quick`."""
    if d.kind != "play" or len(d.options) == 1:
        return quick(s, d, rng)
    court = s.court_of(d.seat)
    scores = play_scores(s, court, d.options)
    ranked = sorted(range(len(d.options)), key=lambda i: -scores[i])
    if scores[ranked[0]] >= 50.0:  # a Fair that must be played
        return d.options[ranked[0]]
    # the best of each kind of play (the same strength used the same way comes to the same)
    kinds: set[Any] = set()
    distinct = []
    for i in ranked:
        key = play_key(s, court, d.options[i])
        if key not in kinds:
            kinds.add(key)
            distinct.append(i)
    tried = distinct[:top]
    extra = [i for i in distinct[top:] if d.options[i][2] == "place"][:places]
    # taking a move away from a court that holds Fairs may make it keep one (a static score cannot see it)
    if any(c in FAIR_REACH for c in s.hands[1 - court]):
        extra += [i for i in distinct[top:] if d.options[i][2] == "event" and d.options[i][1] in STEALS]
    best, best_value = d.options[ranked[0]], -math.inf
    for i in tried + extra:
        o = d.options[i]
        c = s.clone()
        advance(c, d.seat, o, ForcedDie(chance, rng.choice((3, 4))) if o[2] == "upset" else chance)
        complete(c, rng, chance)
        value = evaluate(c, court)
        if value > best_value:
            best, best_value = o, value
    return best


def play_key(s: CourtsState, court: int, action: Action) -> Any:
    """Card plays with the same key come to the same: a card's strength used the same way, whichever card of
    the hand it is (an event, the Bell, and the other court's card, whose event comes with it, are their own)."""
    card, use = action[1], action[2]
    if use == "event" or card == BELL or gives_event(s, court, card, use):
        return action
    return (use, card_strength(s, court, card))


class ForcedDie:
    """A chance source whose first die shows `face`; every other draw comes from `source`.

    `source` is a Chance (has `below`) or a random generator (has `randrange`)."""

    __slots__ = ("_below", "_face")

    def __init__(self, source: Any, face: int) -> None:
        below = getattr(source, "below", None)
        self._below = below if below is not None else (lambda n: source.randrange(n) if n > 1 else 0)
        self._face = face

    def below(self, n: int) -> int:
        if n == 6 and self._face:
            face, self._face = self._face, 0
            return face - 1
        return self._below(n)


def simulate_scores(s: CourtsState, d: Decision, rng: Any, samples: int = 1) -> dict[Action, float]:
    """Try each option on a copy, finish the move with `quick`, and evaluate for the deciding court."""
    court = s.court_of(d.seat)
    if _depth[0] >= 2 or len(d.options) > 24:
        return {d.options[0]: 0.0}
    from moontable.fair import RandomChance

    chance = RandomChance(rng)
    out: dict[Action, float] = {}
    _depth[0] += 1
    try:
        for o in d.options:
            total = 0.0
            for _ in range(samples):
                c = s.clone()
                advance(c, d.seat, o, chance)
                complete(c, rng, chance)
                total += evaluate(c, court)
            out[o] = total / samples
    finally:
        _depth[0] -= 1
    return out


# -- town choices --------------------------------------------------------------------------------


def _gain_ratio(s: CourtsState, judge: int, who: int, t: int, w: Weights, most: int, budget: int,
                priced: bool = False, first_extra: int = 0, bases: dict[int, float] | None = None) -> float:
    """Best (value to `judge` gained) / (points spent) over adding 1..most sway of `who` in town t.

    Priced (strength placing): a sway costs 2 where the other court holds the town, else 1, and the
    first costs `first_extra` more (the Bell outside the Glasswater); otherwise each sway costs 1.
    `bases` keeps each reach's value before the change, for callers that try every town of a reach.
    """
    r = REACH[t]
    wr, threat = w.reach[r], w.threat[r]
    g = REACH_SWAY[r]
    row = s.sway[who]
    theirs = s.sway[1 - who]
    fixed = g(theirs)
    # the answer depends on the reach's sway and weights only, and a search asks the same again and again
    memo_key = (t, who, judge, most, budget, priced, first_extra, wr, threat, g(row), fixed)
    got = _GAIN_MEMO.get(memo_key)
    if got is not None:
        _PLAN[TOWN_ACTION[t]] = got[1]
        return got[0]
    if bases is None:
        base = reach_value(s, judge, r, w)
    else:
        base = bases.get(r)
        if base is None:
            base = bases[r] = reach_value(s, judge, r, w)
    # reach_value inlined: this loop is the search's hottest spot
    steady = STEADY[t]
    spent = added = 0
    best = -math.inf
    best_k = 1
    while added < most:
        if priced:
            cost = (2 if theirs[t] >= steady + row[t] else 1) + (first_extra if not added else 0)
            if spent + cost > budget:
                break
        elif spent >= budget:
            break
        else:
            cost = 1
        spent += cost
        row[t] += 1
        added += 1
        key = (r, g(row), fixed) if who == 0 else (r, fixed, g(row))
        got = PARTS.get(key) or reach_parts(key)
        v = wr * got[0] + threat * got[1]
        ratio = ((-v if judge else v) - base) / spent
        if ratio > best:
            best, best_k = ratio, added
    row[t] -= added
    _PLAN[TOWN_ACTION[t]] = best_k
    _remember(memo_key, (best, best_k))
    return best


_GAIN_MEMO: dict[tuple, Any] = {}  # town choices' values by what they depend on (see the callers)


def _remember(key: tuple, value: Any) -> None:
    if len(_GAIN_MEMO) > 200_000:  # a bound on memory; a search refills what it needs
        _GAIN_MEMO.clear()
    _GAIN_MEMO[key] = value


def _place_scores(s: CourtsState, d: Decision, court: int, w: Weights) -> dict[Action, float]:
    f = s.stack[-1]
    # a search meets the same placement again and again (the sway is public; only dealt Fairs change w)
    key = (court, f[2], f[4], d.options, tuple(s.sway[0]), tuple(s.sway[1]), tuple(w.reach), w.hw_threat)
    got = _PLACE_MEMO.get(key)
    if got is None:
        got = _PLACE_MEMO[key] = _place_scores_of(s, d, court, w, f)
        if len(_PLACE_MEMO) > 50_000:
            _PLACE_MEMO.clear()
    _PLAN.update(got[1])
    return dict(got[0])


_PLACE_MEMO: dict[tuple, tuple[dict[Action, float], dict[Action, int]]] = {}


def _place_scores_of(s: CourtsState, d: Decision, court: int, w: Weights,
                     f: list) -> tuple[dict[Action, float], dict[Action, int]]:
    """The scores and, per town, how many sway its best ratio was for."""
    out: dict[Action, float] = {DONE: 0.0}
    bases: dict[int, float] = {}
    for o in d.options:
        if o[0] != "town":
            continue
        t = TOWN_OF_ID[o[1]]
        extra = 1 if f[4] and REACH[t] != GLASSWATER else 0
        out[o] = _gain_ratio(s, court, court, t, w, 4, f[2], True, extra, bases)
    return out, {o: _PLAN[o] for o in out if o != DONE}


def _unit_scores(s: CourtsState, d: Decision, court: int, w: Weights, who: int, left: int,
                 room: dict[int, int], cap: int = 4) -> dict[Action, float]:
    """Free sway of `who`, one per pick, `left` to place, at most room[t] (else `cap`) more in town t."""
    out: dict[Action, float] = {}
    bases: dict[int, float] = {}
    for o in d.options:
        t = TOWN_OF_ID[o[1]]
        if who == court:
            n = max(1, min(left, room.get(t, cap), 4))
            out[o] = _gain_ratio(s, court, who, t, w, n, n, bases=bases)
        else:  # placing the other court's sway: where it hurts least
            out[o] = _gain_ratio(s, court, who, t, w, 1, 1, bases=bases)
    return out


def _setup_scores(s: CourtsState, d: Decision, court: int, w: Weights) -> dict[Action, float]:
    f = s.stack[-1]
    placed = f[3]
    room = {t: 2 - placed.count(t) for t in set(placed)}
    return _unit_scores(s, d, court, w, court, f[2], room, 2)


def _event_place_scores(s: CourtsState, d: Decision, court: int, w: Weights) -> dict[Action, float]:
    f = s.stack[-1]
    p = f[2]
    who = whom(f[1], p)
    left = f[3] if f[3] is not None else p.get("n", 1)
    cap = p.get("cap", 0)
    room = {TOWN_OF_ID[o[1]]: cap - f[4].count(TOWN_OF_ID[o[1]]) for o in d.options} if cap else {}
    return _unit_scores(s, d, court, w, who, left, room)


def _event_remove_scores(s: CourtsState, d: Decision, court: int, w: Weights) -> dict[Action, float]:
    f = s.stack[-1]
    p = f[2]
    who = whom(f[1], p, default="foe")
    left = f[3] if f[3] is not None else p.get("n", 1)
    cap = p.get("cap", 0)
    row = s.sway[who]
    out: dict[Action, float] = {}
    for o in d.options:
        t = TOWN_OF_ID[o[1]]
        r = REACH[t]
        n = min(left, row[t], 4, (cap - f[4].count(t)) if cap else 4)
        base = reach_value(s, court, r, w)
        best = -math.inf
        for k in range(1, max(1, n) + 1):
            row[t] -= k
            best = max(best, (reach_value(s, court, r, w) - base) / k)
            row[t] += k
        out[o] = best
    return out


def _ev_key(s: CourtsState, kind: str, t: int, court: int, n: int, r: int, w: Weights) -> tuple:
    """What an upset's or a persuade try's expectation depends on: the reach's sway and weights, the roll."""
    g = REACH_SWAY[r]
    return (kind, t, court, n, w.reach[r], w.threat[r], g(s.sway[0]), g(s.sway[1]))


def upset_ev(s: CourtsState, court: int, t: int, n: int, w: Weights, bonus: int | None = None) -> float:
    """Expected change of `court`'s value from an upset of strength n in town t (exact over the die);
    `bonus`: the court's upset roll bonus, when the caller has it."""
    foe = 1 - court
    r = REACH[t]
    if bonus is None:
        bonus = roll_bonus(s, court, "upset")
    key = _ev_key(s, "upset", t, court, n + bonus, r, w)
    ev = _GAIN_MEMO.get(key)
    if ev is None:
        base = reach_value(s, court, r, w)
        mine, theirs = s.sway[court], s.sway[foe]
        m0, f0 = mine[t], theirs[t]
        total = 0.0
        last = 0
        value = base
        for die in range(1, 7):
            res = die + n - 2 * STEADY[t] + bonus
            if res > 0:
                if res != last:
                    removed = min(res, f0)
                    theirs[t] = f0 - removed
                    mine[t] = m0 + res - removed
                    value = reach_value(s, court, r, w)
                    theirs[t], mine[t] = f0, m0
                    last = res
                total += value
            else:
                total += base
        ev = total / 6 - base
        _remember(key, ev)
    if KEY[t]:
        truce = s.truce - 1
        if truce <= 1:
            return WIN if s.active != court else -WIN
        ev += vigil_value(s, court, truce) - vigil_value(s, court) - 0.2
    return ev


def persuade_ev(s: CourtsState, court: int, t: int, w: Weights) -> float:
    """Expected change of `court`'s value from one persuade try in town t (exact over both dice)."""
    foe = 1 - court
    r = REACH[t]
    delta = persuade_bonus(s, court, t) + roll_bonus(s, court, "persuade") - persuade_bonus(s, foe, t)
    key = _ev_key(s, "persuade", t, court, delta, r, w)
    got = _GAIN_MEMO.get(key)
    if got is not None:
        return got
    mine, theirs = s.sway[court], s.sway[foe]
    m0, f0 = mine[t], theirs[t]
    lose = [0.0] * (max(m0, f0) + 1)  # chance that I lose i sway (i >= 1) ...
    win = [0.0] * (max(m0, f0) + 1)  # ... or that they lose i
    for k, p in DICE_DIFF:
        x = k + delta
        if x > 0 and f0:
            win[min(x, f0)] += p
        elif x < 0 and m0:
            lose[min(-x, m0)] += p
    base = reach_value(s, court, r, w)
    total = 0.0
    for i in range(1, len(win)):
        if win[i]:
            theirs[t] = f0 - i
            total += win[i] * (reach_value(s, court, r, w) - base)
            theirs[t] = f0
        if lose[i]:
            mine[t] = m0 - i
            total += lose[i] * (reach_value(s, court, r, w) - base)
            mine[t] = m0
    _remember(key, total)
    return total


def _upset_scores(s: CourtsState, d: Decision, court: int, w: Weights) -> dict[Action, float]:
    f = s.stack[-1]
    out: dict[Action, float] = {}
    bonus = roll_bonus(s, court, "upset")
    for o in d.options:
        t = TOWN_OF_ID[o[1]]
        if f[0] == "upset":
            n = f[2] + (1 if f[3] and REACH[t] == GLASSWATER else 0)
        else:
            n = f[2].get("n", 1)
        out[o] = upset_ev(s, court, t, n, w, bonus)
    return out


def _persuade_scores(s: CourtsState, d: Decision, court: int, w: Weights) -> dict[Action, float]:
    out: dict[Action, float] = {DONE: 0.05}
    for o in d.options:
        if o[0] == "town":
            out[o] = persuade_ev(s, court, TOWN_OF_ID[o[1]], w)
    return out


_TOWN_KINDS = {
    "setup": _setup_scores,
    "place": _place_scores,
    "event_place": _event_place_scores,
    "event_remove": _event_remove_scores,
    "upset": _upset_scores,
    "event_upset": _upset_scores,
    "persuade": _persuade_scores,
    "event_persuade": _persuade_scores,
}
TOWN_KINDS = frozenset(_TOWN_KINDS)


# -- cards ---------------------------------------------------------------------------------------


def must_play_fair(s: CourtsState, court: int, w: Weights) -> bool:
    """Play a Fair now: one move to spare at most (the other court may take a move away)."""
    fairs = w.fairs[court]
    return bool(fairs) and len(fairs) >= s.moves_left[court] - 1


def draw_risk(s: CourtsState, court: int, w: Weights) -> float:
    """What drawing a card on this move may cost: a Fair drawn with no move left for it loses."""
    if s.moves_left[court] - 1 > len(w.fairs[court]) or s.gifts["lamp"] == court:
        return 0.0
    pool = s.draw + s.hands[1 - court]
    if not pool:
        return 0.0
    return 0.8 * WIN * sum(1 for c in pool if CARDS[c].fair) / len(pool)


def draws(card: Any) -> int:
    """How many cards a card's event may draw."""
    n = 0
    for name, params in card.effect:
        if name == "draw":
            n += params.get("n", 1)
        elif name == "let_go" and params.get("draw"):
            n += 1
    return n


def _let_go(s: CourtsState, d: Decision, court: int) -> dict[Action, float]:
    """Let the least useful card go (a Fair first at the turn end: keeping it would lose)."""
    out: dict[Action, float] = {}
    f = s.stack[-1] if s.stack else None
    if d.kind == "event_discard" and f and f[0] == "step:let_go" and f[2].get("draw") and NONE in d.options:
        if draw_risk(s, court, Weights(s)) > 0 and s.moves_left[court] <= len(Weights(s).fairs[court]):
            return {NONE: 1.0}
    for o in d.options:
        if o[0] in ("discard", "card"):
            c = CARDS[o[1]]
            out[o] = 100.0 if c.fair and d.kind == "lamp" else -card_value(o[1], court)
        else:
            out[o] = 0.0 if d.kind == "lamp" else -0.3
    return out


def road_reward(s: CourtsState, court: int) -> float:
    """What reaching the next step of the Star Road is worth to `court`."""
    step = s.road[court] + 1
    if step >= len(ROAD):
        return 0.0
    first = s.road[1 - court] < step
    reward = ROAD[step][3] if first else ROAD[step][4]
    if isinstance(reward, str):
        from moontable.games.courts.knowledge import GIFT_VALUE

        return 2.0 * GIFT_VALUE[reward] + 0.3
    value = float(reward or 0) + 0.3
    for gift, gstep in GIFT_STEP.items():  # reaching the step ends the other court's gift
        if s.gifts[gift] == 1 - court and gstep <= step:
            value += 0.7
    return value


def road_chance(s: CourtsState, court: int) -> float:
    step = s.road[court] + 1
    if step >= len(ROAD):
        return 0.0
    return max(0, min(6, ROAD[step][2] + roll_bonus(s, court, "road"))) / 6


def play_scores(s: CourtsState, court: int, options: tuple[Action, ...] | list[Action]) -> list[float]:
    """A static score per card play: no simulation, for playouts and priors."""
    w = Weights(s)
    must = must_play_fair(s, court, w)
    short = max(0, s.truce - s.vigil[court])
    targets = contest_targets(s, court, "upset")
    upset_safe = s.truce > 2 or any(not KEY[t] for t in targets)
    road_value = road_chance(s, court) * road_reward(s, court)
    out = []
    for o in options:
        card, use = o[1], o[2]
        if card == BELL:
            st, cv, foe = 4, 1.0, False
        else:
            c = CARDS[card]
            if c.fair:
                d = fair_diff(s, court, FAIR_REACH[card])
                out.append(100.0 if must else (0.5 + KEEP_DISCOUNT * d if d > 0 else -2.0 + 0.1 * d))
                continue
            st, cv, foe = card_strength(s, court, card), card_value(card, court), gives_event(s, court, card, use)
        if must:
            out.append(-100.0)
            continue
        if use == "event":
            score = 0.8 + 0.6 * st
        elif use == "place":
            score = 0.8 * st
        elif use == "upset":
            score = min(st, short) + 0.4 * st if upset_safe else -WIN
        elif use == "persuade":
            score = 0.35 * st
        else:  # the Star Road
            score = road_value
        if foe:  # the other court's event comes with it
            score -= 1.5
        out.append(score - cv)
    return out


def herald_scores(s: CourtsState, court: int, options: tuple[Action, ...] | list[Action]) -> list[float]:
    out = []
    for o in options:
        card = o[1]
        c = CARDS[card]
        if c.fair:
            d = fair_diff(s, court, FAIR_REACH[card])
            out.append(1.5 + 0.5 * d)
        elif c.owner == 1 - court:
            out.append(-2.0 - 0.2 * c.strength)
        elif not event_happens(s, card, court):
            out.append(-1.0 - card_value(card, court))
        else:
            out.append(0.8 + 0.6 * c.strength - card_value(card, court))
    return out


def priors(s: CourtsState, d: Decision) -> list[float]:
    """A prior over the options for tree search: a softmax of the quick scores."""
    court = s.court_of(d.seat)
    if d.kind == "play":
        scores = play_scores(s, court, d.options)
    elif d.kind == "herald":
        scores = herald_scores(s, court, d.options)
    else:
        table = quick_scores(s, d, None) if d.kind in TOWN_KINDS else {}
        scores = [table.get(o, 0.0) for o in d.options]
    return softmax(scores, 1.0)


def softmax(scores: list[float], temperature: float) -> list[float]:
    top = max(scores)
    ex = [math.exp(max(-30.0, (x - top) / temperature)) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]
