"""Shared machinery of the Courts rules: the work stack, points, the Truce, holding, the end.

The rules run as a stack of frames (plain lists, last on top). A frame kind has a `run`
function, which does the frame's work and returns True when it needs a decision (which it has
put in `state.decisions`), and an `act` function that takes that decision's answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import Chance
from moontable.frames import registry, trace_event
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import (
    COURT_NAMES,
    EMBERDALE,
    GLASSWATER,
    HIGHWOLD,
    STEADY,
    SUN,
    WIN_POINTS,
)

Frame = list[Any]
RunFn = Callable[[CourtsState, Frame, Chance], bool]
ActFn = Callable[[CourtsState, Frame, int, Action, Chance], None]

RUN: dict[str, RunFn]
ACT: dict[str, ActFn]
RUN, ACT, frame = registry()


def ask(s: CourtsState, court: int, kind: str, options: list[Action] | tuple[Action, ...], prompt: str) -> bool:
    s.decisions = [Decision(s.seat_of(court), kind, tuple(options), prompt)]
    return True


def emit(s: CourtsState, kind: str, /, **fields: Any) -> None:
    trace_event(s.trace, kind, fields)


def emit_private(s: CourtsState, court: int, kind: str, public: dict[str, Any], private: dict[str, Any]) -> None:
    """One event seen in full by `court`'s seat and without its secret by everyone else."""
    if s.trace is not None:
        seat = s.seat_of(court)
        s.trace.append({"type": kind, **public, **private, "only": seat})
        s.trace.append({"type": kind, **public, "hide": seat})


def holds(s: CourtsState, court: int, town: int) -> bool:
    """C34: sway there >= steadiness + the other court's sway."""
    return s.sway[court][town] >= STEADY[town] + s.sway[1 - court][town]


def end(s: CourtsState, winner: int | None, reason: str) -> None:
    if s.over:
        return
    s.over = True
    s.winner = winner
    s.reason = reason
    for f in s.stack:  # cards still in play rest on the discard pile, so every card stays accounted for
        if f[0] == "finish_card":
            s.discard.append(f[1])
        elif f[0] == "herald_play":
            s.discard.append(f[2])
    s.stack.clear()
    s.decisions = []
    emit(s, "end", winner=None if winner is None else COURT_NAMES[winner], reason=reason)


def gain(s: CourtsState, court: int, n: int, why: str = "") -> None:
    """Move the points bead n points towards `court` (C38); 20 on its side wins at once."""
    if n <= 0 or s.over:
        return
    s.bead += n if court == SUN else -n
    emit(s, "points", court=COURT_NAMES[court], n=n, bead=s.bead, why=why)
    if s.bead >= WIN_POINTS:
        end(s, SUN, "twenty")
    elif s.bead <= -WIN_POINTS:
        end(s, 1 - SUN, "twenty")


def lower_truce(s: CourtsState, n: int = 1) -> None:
    """Snuff candles; at 1 the court on move loses at once (C37)."""
    if s.over or n <= 0:
        return
    s.truce = max(1, s.truce - n)
    emit(s, "truce", truce=s.truce)
    if s.truce <= 1:
        end(s, 1 - s.active, "truce")


def raise_truce(s: CourtsState, n: int = 1) -> None:
    s.truce = min(5, s.truce + n)
    emit(s, "truce", truce=s.truce)


def truce_bars(s: CourtsState, reach: int) -> bool:
    """C36: at 4 no upset or persuade in the Highwold; at 3 nor the Glasswater; at 2 nor the Emberdale."""
    t = s.truce
    return (reach == HIGHWOLD and t <= 4) or (reach == GLASSWATER and t <= 3) or (reach == EMBERDALE and t <= 2)


# -- lasting effects: (kind, court or -1 for both, lifetime "turn"/"game", a, b) ---------------------


def strength_bonus(s: CourtsState, court: int) -> int:
    if not s.effects:  # the usual case, and these are asked in every search step
        return 0
    return sum(e[3] for e in s.effects if e[0] == "strength" and e[1] in (court, -1))


def roll_bonus(s: CourtsState, court: int, use: str) -> int:
    if not s.effects:
        return 0
    return sum(e[4] for e in s.effects if e[0] == "roll" and e[1] in (court, -1) and e[3] in (use, "any"))


def barred(s: CourtsState, court: int, use: str, reach: int) -> bool:
    """A lasting effect forbids `court` to `use` (upset/persuade/place) in `reach`."""
    if not s.effects:
        return False
    for e in s.effects:
        if e[0] == "bar" and e[1] in (court, -1) and e[3] in (use, "all") and e[4] in (reach, -1):
            return True
    return False


def cancelled(s: CourtsState, card: int) -> bool:
    if not s.effects:
        return False
    return any(e[0] == "cancel" and e[3] == card for e in s.effects)


def has_flag(s: CourtsState, court: int, name: str) -> bool:
    return any(e[0] == "flag" and e[1] in (court, -1) and e[3] == name for e in s.effects)
