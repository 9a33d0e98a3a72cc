"""Card events: the effect vocabulary every card is built from.

A card's `effect` is a tuple of steps `(name, params)`. When its event happens, each step
becomes a frame on the work stack (the first step on top), acted out by the functions here.
`who` in params is "self" (the court whose event it is) or "foe"; a town filter is any of
`reach`, `towns`, `where` and `cap` (at most so many per town). Named code for a card that needs
more than the vocabulary registers its own step with `@step`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.courts.cards import card_at
from moontable.games.courts.core import (
    ACT,
    RUN,
    ActFn,
    RunFn,
    ask,
    cancelled,
    emit,
    gain,
    has_flag,
    holds,
    lower_truce,
    raise_truce,
)
from moontable.games.courts.scoring import score_reach
from moontable.games.courts.state import CourtsState
from moontable.games.courts.strength import advance_road, can_contest, open_towns
from moontable.games.courts.tables import (
    COURT_NAMES,
    GATE,
    KEY,
    N_TOWNS,
    NEIGH,
    REACH_OF_ID,
    REACH_TOWNS,
    TOWN_ACTION,
    TOWN_IDS,
    TOWN_OF_ID,
)

STEP_NAMES: set[str] = set()
NONE: Action = ("none",)


def step(name: str, act: ActFn | None = None) -> Callable[[RunFn], RunFn]:
    """Register a step of the vocabulary: its frame is ["step:NAME", actor, params, progress...]."""

    def wrap(run: RunFn) -> RunFn:
        STEP_NAMES.add(name)
        RUN["step:" + name] = run
        if act is not None:
            ACT["step:" + name] = act
        return run

    return wrap


def push_steps(s: CourtsState, actor: int, steps: Any) -> None:
    for name, params in reversed(steps):
        s.stack.append(["step:" + name, actor, params, None, ()])


def whom(actor: int, params: dict[str, Any], key: str = "who", default: str = "self") -> int:
    return actor if params.get(key, default) == "self" else 1 - actor


# -- conditions -----------------------------------------------------------------------------------


def _reach(params: dict[str, Any]) -> int:
    r = params.get("reach")
    return -1 if r is None else REACH_OF_ID[r]


def check(s: CourtsState, actor: int, cond: dict[str, Any] | None) -> bool:
    """Does a card's condition hold for `actor`? Conditions are small dicts (see cards_*.py)."""
    if not cond:
        return True
    kind = cond["if"]
    who = whom(actor, cond)
    if kind == "all":
        return all(check(s, actor, c) for c in cond["of"])
    if kind == "not":
        return not check(s, actor, cond["of"])
    if kind == "holds":
        return any(holds(s, who, TOWN_OF_ID[t]) for t in cond["towns"])
    if kind == "held_in":  # holds at least n towns (or keystones) in a reach
        towns = REACH_TOWNS[REACH_OF_ID[cond["reach"]]]
        n = sum(1 for t in towns if holds(s, who, t) and (KEY[t] or not cond.get("keystones")))
        return n >= cond.get("n", 1)
    if kind == "sway_in":
        towns = REACH_TOWNS[REACH_OF_ID[cond["reach"]]]
        return sum(s.sway[who][t] for t in towns) >= cond.get("n", 1)
    if kind == "truce_at_most":
        return s.truce <= cond["n"]
    if kind == "truce_at_least":
        return s.truce >= cond["n"]
    if kind == "road_at_least":
        return s.road[who] >= cond["n"]
    if kind == "road_behind":
        return s.road[who] < s.road[1 - who]
    if kind == "turn_at_least":
        return s.turn >= cond["n"]
    if kind == "flag":
        return has_flag(s, who, cond["name"])
    if kind == "behind":  # on the points bead
        return (s.bead > 0) if who == 0 else (s.bead < 0)
    if kind == "bell":
        return s.bell == who
    raise ValueError(f"unknown condition {kind!r}")


def event_happens(s: CourtsState, card: int, player: int) -> bool:
    """Would `card`'s event happen now if `player` played it (its condition and no cancel)?"""
    c = card_at(s.rules, card)
    actor = player if c.owner < 0 else c.owner
    return not cancelled(s, card) and check(s, actor, c.requires)


# -- the event frame: ["event", card, player] -----------------------------------------------------


def _event_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    card, player = f[1], f[2]
    c = card_at(s.rules, card)
    actor = player if c.owner < 0 else c.owner
    if not event_happens(s, card, player):
        emit(s, "event_fails", card=card, court=COURT_NAMES[actor])
        return False
    s.fired.append(card)
    emit(s, "event", card=card, court=COURT_NAMES[actor])
    push_steps(s, actor, c.effect)
    return False


RUN["event"] = _event_run


# -- town filters ---------------------------------------------------------------------------------


def eligible(s: CourtsState, actor: int, params: dict[str, Any], used: tuple[int, ...], sway_of: int,
             opened: tuple[int, ...] = ()) -> list[int]:
    """Towns a place/remove step may pick now: the params' filters, the per-town cap.

    `opened` is the set of open towns taken at the start of the step (`where: "open"`, C22).
    """
    reach = _reach(params)
    towns = params.get("towns")
    pool = [TOWN_OF_ID[t] for t in towns] if towns else (REACH_TOWNS[reach] if reach >= 0 else range(N_TOWNS))
    where = params.get("where", "any")
    cap = params.get("cap", 0)
    need_sway = params.get("_need_sway", False)
    foe = 1 - sway_of
    out = []
    if where == "open" and not opened:
        opened = open_towns(s, sway_of)
    for t in pool:
        if need_sway and s.sway[sway_of][t] <= 0:
            continue
        if cap and used.count(t) >= cap:
            continue
        if where == "any" or where == "open" and t in opened:
            pass
        elif where == "own" and s.sway[sway_of][t] > 0:
            pass
        elif where == "empty" and s.sway[foe][t] == 0 and s.sway[sway_of][t] == 0:
            pass
        elif where == "no_foe" and s.sway[foe][t] == 0:
            pass
        elif where == "foe" and s.sway[foe][t] > 0:
            pass
        elif where == "keystone" and KEY[t]:
            pass
        elif where == "plain" and not KEY[t]:
            pass
        elif where == "gate" and GATE[sway_of][t]:
            pass
        elif where == "foe_held" and holds(s, foe, t):
            pass
        elif where == "not_foe_held" and not holds(s, foe, t):
            pass
        elif where == "contest" and can_contest(s, sway_of, t, "upset"):
            pass
        else:
            continue
        out.append(t)
    return out


# -- place and remove sway ------------------------------------------------------------------------
# frame: ["step:place", actor, params, left (None: not started), used towns]


def _count(f: list) -> int:
    if f[3] is None:
        f[3] = f[2].get("n", 1)
    return f[3]


def _place_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    t = TOWN_OF_ID[action[1]]
    who = whom(f[1], f[2])
    s.sway[who][t] += 1
    f[3] -= 1
    f[4] = f[4] + (t,)
    emit(s, "sway", court=COURT_NAMES[who], town=TOWN_IDS[t], delta=1)


@step("place", _place_act)
def _place_run(s: CourtsState, f: list, chance: Chance) -> bool:
    left = _count(f)
    who = whom(f[1], f[2])
    if len(f) == 5:  # open towns are judged once, at the start of the step (C22)
        f.append(open_towns(s, who) if f[2].get("where") == "open" else ())
    towns = eligible(s, f[1], f[2], f[4], who, f[5]) if left > 0 else []
    if not towns:
        s.stack.pop()
        return False
    chooser = whom(f[1], f[2], "chooser")
    return ask(s, chooser, "event_place", [TOWN_ACTION[t] for t in towns],
               f"{CARD_TEXT(f)}: place {left} {COURT_NAMES[who]} sway")


def _remove_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    t = TOWN_OF_ID[action[1]]
    who = whom(f[1], f[2], default="foe")
    s.sway[who][t] -= 1
    f[3] -= 1
    f[4] = f[4] + (t,)
    emit(s, "sway", court=COURT_NAMES[who], town=TOWN_IDS[t], delta=-1)


@step("remove", _remove_act)
def _remove_run(s: CourtsState, f: list, chance: Chance) -> bool:
    left = _count(f)
    who = whom(f[1], f[2], default="foe")
    params = dict(f[2], _need_sway=True)
    towns = eligible(s, f[1], params, f[4], who) if left > 0 else []
    if not towns:
        s.stack.pop()
        return False
    chooser = whom(f[1], f[2], "chooser")
    return ask(s, chooser, "event_remove", [TOWN_ACTION[t] for t in towns],
               f"remove {left} {COURT_NAMES[who]} sway")


def CARD_TEXT(f: list) -> str:  # noqa: N802 - reads as a label
    return "event"


# -- points, Truce, vigil, the Star Road, Fairs ---------------------------------------------------


@step("points")
def _points_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    gain(s, whom(f[1], f[2]), f[2]["n"], "event")
    return False


def count_for(s: CourtsState, who: int, params: dict[str, Any]) -> int:
    """A formula's count: towns held, keystones held, towns with sway... in a reach or everywhere."""
    what = params["count"]
    reach = _reach(params)
    towns = REACH_TOWNS[reach] if reach >= 0 else range(N_TOWNS)
    if what == "held":
        return sum(1 for t in towns if holds(s, who, t))
    if what == "keystones":
        return sum(1 for t in towns if KEY[t] and holds(s, who, t))
    if what == "with_sway":
        return sum(1 for t in towns if s.sway[who][t] > 0)
    if what == "gate_held":  # towns held next to the other court's gate
        return sum(1 for t in towns if GATE[1 - who][t] and holds(s, who, t))
    if what == "road":
        return s.road[who]
    if what == "neighbours_held":  # towns held next to a town the other court holds
        return sum(1 for t in towns if holds(s, who, t) and any(holds(s, 1 - who, x) for x in NEIGH[t]))
    raise ValueError(f"unknown count {what!r}")


@step("points_per")
def _points_per_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """Points = count // per (at most max) for `who`, counted for `of` (default the same court)."""
    s.stack.pop()
    p = f[2]
    who = whom(f[1], p)
    of = whom(f[1], p, "of", p.get("who", "self"))
    n = count_for(s, of, p) // p.get("per", 1)
    if "max" in p:
        n = min(n, p["max"])
    gain(s, who, n, "event")
    return False


@step("truce")
def _truce_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    d = f[2]["delta"]
    if d < 0:
        lower_truce(s, -d)
    elif d > 0:
        raise_truce(s, d)
    return False


@step("vigil")
def _vigil_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    who = whom(f[1], f[2])
    s.vigil[who] = max(0, s.vigil[who] + f[2]["n"])
    emit(s, "vigil_add", court=COURT_NAMES[who], vigil=s.vigil[who])
    return False


@step("road")
def _road_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    for _ in range(f[2].get("n", 1)):
        advance_road(s, whom(f[1], f[2]))
    return False


@step("fair")
def _fair_run(s: CourtsState, f: list, chance: Chance) -> bool:
    s.stack.pop()
    score_reach(s, REACH_OF_ID[f[2]["reach"]])
    return False


@step("lasting")
def _lasting_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """A lasting effect: (kind, court or -1, "turn"/"game", a, b); see core.py for the kinds."""
    s.stack.pop()
    p = f[2]
    who = -1 if p.get("who") == "both" else whom(f[1], p)
    a, b = p.get("a"), p.get("b")
    if p["kind"] == "bar":
        b = -1 if b is None else REACH_OF_ID[b]
    s.effects.append((p["kind"], who, p.get("life", "turn"), a, b))
    emit(s, "lasting", kind=p["kind"], court=None if who < 0 else COURT_NAMES[who])
    return False
