"""Event steps that play: free strength, event upsets and persuades, choices and conditions."""

from __future__ import annotations

from moontable.engine import Action
from moontable.fair import Chance
from moontable.games.courts.core import ask, barred, emit
from moontable.games.courts.effects import _reach, check, eligible, push_steps, step, whom
from moontable.games.courts.state import CourtsState
from moontable.games.courts.strength import contest_targets, open_towns, persuade, start_place, upset
from moontable.games.courts.tables import COURT_NAMES, REACH, TOWN_ACTION, TOWN_OF_ID

USES = ("place", "upset", "persuade")


# ["step:free", actor, params, None, ()]: use `n` strength as with a card, for one of `uses`,
# limited to `reach` when given (params: n, uses, reach).


def _free_uses(s: CourtsState, actor: int, p: dict) -> list[str]:
    reach = _reach(p)
    out = []
    for use in p.get("uses", USES):
        if use == "place":
            if any((reach < 0 or REACH[t] == reach) and not barred(s, actor, "place", REACH[t])
                   for t in open_towns(s, actor)):
                out.append(use)
        elif contest_targets(s, actor, use, reach):
            out.append(use)
    return out


def _free_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    p = f[2]
    n = p["n"]
    reach = _reach(p)
    use = action[1]
    if use == "place":
        start_place(s, court, n, False, reach)
    elif use == "upset":
        s.stack.append(["upset", court, n, 0, reach])
    else:
        s.stack.append(["persuade", court, n, 0, reach])


@step("free", _free_act)
def _free_run(s: CourtsState, f: list, chance: Chance) -> bool:
    uses = _free_uses(s, f[1], f[2])
    if not uses:
        s.stack.pop()
        return False
    return ask(s, f[1], "event_use", [("use", u) for u in uses], f"use {f[2]['n']} free strength")


# ["step:upset", actor, params]: an upset made by the event, at strength n (params: n + a filter).


def _targets(s: CourtsState, actor: int, p: dict, use: str) -> list[int]:
    allowed = set(eligible(s, actor, p, (), actor))
    return [t for t in contest_targets(s, actor, use, _reach(p)) if t in allowed]


def _upset_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    upset(s, court, TOWN_OF_ID[action[1]], f[2]["n"], chance)


@step("upset", _upset_act)
def _upset_run(s: CourtsState, f: list, chance: Chance) -> bool:
    towns = _targets(s, f[1], f[2], "upset")
    if not towns:
        s.stack.pop()
        return False
    return ask(s, f[1], "event_upset", [TOWN_ACTION[t] for t in towns], f"upset at strength {f[2]['n']}")


def _persuade_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    if f[3] is None:
        f[3] = f[2].get("n", 1)
    f[3] -= 1
    if f[3] <= 0:
        s.stack.pop()
    persuade(s, court, TOWN_OF_ID[action[1]], chance)


@step("persuade", _persuade_act)
def _persuade_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """Free persuade tries: n tries, each in a town the filter allows."""
    if f[3] is None:
        f[3] = f[2].get("n", 1)
    towns = _targets(s, f[1], f[2], "persuade") if f[3] > 0 else []
    if not towns:
        s.stack.pop()
        return False
    return ask(s, f[1], "event_persuade", [TOWN_ACTION[t] for t in towns], f"persuade: {f[3]} free tries")


# ["step:choose", actor, params]: the chooser picks one of params["options"] = [[label, steps], ...].


def _choose_act(s: CourtsState, f: list, court: int, action: Action, chance: Chance) -> None:
    s.stack.pop()
    label, steps = f[2]["options"][action[1]]
    emit(s, "choice", court=COURT_NAMES[court], choice=label)
    push_steps(s, f[1], steps)


@step("choose", _choose_act)
def _choose_run(s: CourtsState, f: list, chance: Chance) -> bool:
    opts = f[2]["options"]
    chooser = whom(f[1], f[2], "chooser")
    labels = ", ".join(f"{i}: {o[0]}" for i, o in enumerate(opts))
    return ask(s, chooser, "event_choice", [("choose", i) for i in range(len(opts))], f"choose one ({labels})")


@step("if")
def _if_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """params: cond, then (steps), else (steps, optional)."""
    s.stack.pop()
    p = f[2]
    push_steps(s, f[1], p["then"] if check(s, f[1], p["cond"]) else p.get("else", ()))
    return False


@step("repeat")
def _repeat_run(s: CourtsState, f: list, chance: Chance) -> bool:
    """params: steps, times (an int) — the steps done that many times over."""
    s.stack.pop()
    for _ in range(f[2]["times"]):
        push_steps(s, f[1], f[2]["steps"])
    return False
