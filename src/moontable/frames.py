"""The work stack's registry, shared by the games whose rules run as a stack of frames.

A game's rules are a stack of frames (plain lists, last on top). A frame kind has a `run` function,
which does the frame's work and returns True when it needs a decision, and may have an `act`
function that takes that decision's answer. Each game makes its own registry with `registry()`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["registry", "trace_event"]


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
