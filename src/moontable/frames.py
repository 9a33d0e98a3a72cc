"""The work stack's registry, shared by the games whose rules run as a stack of frames.

A game's rules are a stack of frames (plain lists, last on top). A frame kind has a `run` function,
which does the frame's work and returns True when it needs a decision, and may have an `act`
function that takes that decision's answer. Each game makes its own registry with `registry()`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moontable.engine import Action, Decision, Event, Game, IllegalAction

__all__ = ["FrameGame", "registry", "settle", "trace_event"]


def registry() -> tuple[dict[str, Any], dict[str, Any], Callable[..., Callable[[Any], Any]]]:
    """A new (RUN, ACT, frame) triple: `@frame(kind, act)` registers a run function and its act."""
    run_fns: dict[str, Any] = {}
    act_fns: dict[str, Any] = {}

    def frame(kind: str, act: Any = None) -> Callable[[Any], Any]:
        """Register the run function (and the act function, if it asks) of a frame kind."""

        def wrap(run: Any) -> Any:
            run_fns[kind] = run
            if act is not None:
                act_fns[kind] = act
            return run

        return wrap

    return run_fns, act_fns, frame


def trace_event(trace: list[dict[str, Any]] | None, kind: str, fields: dict[str, Any]) -> None:
    """Append an event of type `kind` to a state's trace, when the state is being traced."""
    if trace is not None:
        fields["type"] = kind
        trace.append(fields)


def settle(s: Any, run_fns: dict[str, Any], chance: Any, between: Callable[[Any, Any], bool] | None = None) -> None:
    """Run the work stack of state `s` until a frame needs a decision (it has put it in `s.decisions`) or the
    game is over. `between(s, top)`, if given, runs before each frame and returns True when it did work of its
    own (Moonflight's triggers wait for a step's boundary), so that the loop looks at the stack again."""
    s.decisions = []
    stack = s.stack
    while stack and not s.over:
        f = stack[-1]
        if between is not None and between(s, f):
            continue
        if run_fns[f[0]](s, f, chance):
            return
    s.decisions = []


class FrameGame(Game):
    """The protocol's plumbing for a game whose rules run as a work stack: the state keeps its open decisions
    in `decisions`, its frames in `stack`, its events in `trace` while traced, and copies itself with `clone`.

    A subclass sets `RUN` and `ACT` (its registry), `from_view` (a full state dealt from a seat's view) and
    `_safe_action`; `BETWEEN` is the settle loop's hook (see `settle`), `actor` who a seat is to the frames."""

    RUN: dict[str, Any]
    ACT: dict[str, Any]
    BETWEEN: Callable[[Any, Any], bool] | None = None

    def pending(self, state: Any) -> list[Decision]:
        return state.decisions  # type: ignore[no-any-return]

    def _apply(self, state: Any, seat: int, action: Action, chance: Any) -> list[Event]:
        state.trace = []
        self.advance(state, seat, action, chance)
        events, state.trace = state.trace, None
        return events  # type: ignore[no-any-return]

    def advance(self, state: Any, seat: int, action: Action, chance: Any) -> None:
        """Apply a legal action without checking it or logging events: for search and simulations."""
        top = state.stack[-1]
        self.ACT[top[0]](state, top, self.actor(state, seat), action, chance)
        settle(state, self.RUN, chance, self.BETWEEN)

    def actor(self, state: Any, seat: int) -> Any:
        """Who a seat is to the frames' act functions: the seat itself unless a game says otherwise."""
        return seat

    def clone(self, state: Any) -> Any:
        return state.clone()

    def safe_action(self, state: Any, decision: Decision) -> Action:
        if decision not in state.decisions:
            raise IllegalAction("that decision is not open")
        return self._safe_action(state, decision)

    def _safe_action(self, state: Any, decision: Decision) -> Action:
        raise NotImplementedError

    def determinize(self, state: Any, seat: int, rng: Any) -> Any:
        return self.from_view(self.view(state, seat), rng)

    def from_view(self, seat_view: dict[str, Any], rng: Any) -> Any:
        raise NotImplementedError
