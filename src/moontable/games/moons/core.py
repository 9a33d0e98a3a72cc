"""Shared machinery of the Moons rules: the work stack's registry, decisions, events, tokens, small Asteroid
draws and the game's end.

The rules run as a stack of frames (flat lists of ints and strings, last on top; frames.py). Frames hold no
secret: the whole stack is part of every view.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from moontable.engine import Action, Decision
from moontable.fair import Chance, shuffle
from moontable.frames import registry, trace_event
from moontable.games.moons.content import SUIT, SUITS, best_with_stardust
from moontable.games.moons.state import MoonsState

RUN: dict[str, Any]
ACT: dict[str, Any]
RUN, ACT, frame = registry()

ALL_PLANETS = (1 << SUITS) - 1
# the options, built once: ("card", c), ("take", planet), ...
CARD_ACT: tuple[Action, ...] = tuple(("card", c) for c in range(60))
TAKE_ACT: tuple[Action, ...] = tuple(("take", p) for p in range(SUITS))
BLOCK_ACT: tuple[Action, ...] = tuple(("block", p) for p in range(SUITS))
DECLINE: Action = ("decline",)


def ask(s: MoonsState, seat: int, kind: str, options: list[Action] | tuple[Action, ...], prompt: str) -> bool:
    s.decisions = [Decision(seat, kind, tuple(options), prompt)]
    return True


def emit(s: MoonsState, kind: str, /, **fields: Any) -> None:
    trace_event(s.trace, kind, fields)


def emit_private(s: MoonsState, seat: int, kind: str, public: dict[str, Any], private: dict[str, Any]) -> None:
    """One event in two forms: `private` for `seat` alone, `public` for everyone else."""
    if s.trace is not None:
        trace_event(s.trace, kind, {**public, "hide": seat})
        trace_event(s.trace, kind, {**public, **private, "only": seat})


def mask_of(cards: list[int]) -> int:
    """The planets these Moon cards show, as bits."""
    m = 0
    for c in cards:
        if SUIT[c] < SUITS:
            m |= 1 << SUIT[c]
    return m


def give_token(s: MoonsState, seat: int, planet: int) -> None:
    """Move one token of `planet` from the supply to `seat`; the game ends at once when the supply is empty
    (MO46, MO48)."""
    s.supply[planet] -= 1
    s.tokens[seat][planet] += 1
    if s.trace is not None:  # emit, inlined: the commonest events
        s.trace.append({"seat": seat, "planet": planet, "type": "token"})
    if not any(s.supply):
        end_game(s, "supply")


def draw_small(s: MoonsState, seat: int, k: int, chance: Chance) -> None:
    """`seat` draws `k` small Asteroids; an empty draw pile is made again from the shuffled discard pile, and with
    both empty nothing is drawn (MO22)."""
    got: list[str] = []
    for _ in range(k):
        if not s.small_pile:
            if not s.small_discard:
                break
            s.small_pile, s.small_discard = s.small_discard, []
            shuffle(chance, s.small_pile)
            emit(s, "reshuffle", pile=len(s.small_pile))
        got.append(s.small_pile.pop())
    for kind in got:
        insort(s.smalls[seat], kind)
    if got:
        emit_private(s, seat, "draw", {"seat": seat, "n": len(got)}, {"smalls": got})
    else:
        emit(s, "draw_none", seat=seat)


def final_scores(s: MoonsState) -> tuple[list[int], list[tuple[int, ...]]]:
    """Each seat's points (MO51, MO52) and the counts by planet that give them (Stardust included)."""
    points, counts = [], []
    for seat in range(s.n):
        p, c = best_with_stardust(s.tokens[seat], s.stardust[seat])
        points.append(p)
        counts.append(c)
    return points, counts


def end_game(s: MoonsState, reason: str) -> None:
    """The game ends now: score it (MO51-MO53). Ties: more sets of four, then more tokens; else a shared win."""
    points, counts = final_scores(s)
    keys = [(points[i], min(counts[i]), sum(counts[i])) for i in range(s.n)]
    top = max(keys)
    winners = [i for i in range(s.n) if keys[i] == top]
    s.over = True
    s.reason = reason
    s.scores = points
    s.winners = winners
    s.winner = winners[0] if len(winners) == 1 else None
    s.small_discard += [f[1] for f in s.stack if f[0] == "discard_small"]  # a Capture that took the last token
    s.stack = []
    s.decisions = []
    emit(s, "end", reason=reason, scores=points, winners=winners)
