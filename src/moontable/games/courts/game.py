"""Courts of Sun and Moon on the engine protocol."""

from __future__ import annotations

from typing import Any

from moontable.engine import Action, Decision, Event, Game, GameInfo, IllegalAction, Result
from moontable.fair import Chance, shuffle
from moontable.games.courts import (  # noqa: F401 - importing registers the frames and steps
    effects,
    effects_hand,
    effects_play,
    flow,
    special_bloom,
    special_harvest,
    special_thaw,
)
from moontable.games.courts.board import GATE_POS, LINKS, MOON_GATE, REACH_NAMES, START_SWAY, SUN_GATE, TOWNS
from moontable.games.courts.cards import CARDS, ERA_CARDS
from moontable.games.courts.core import ACT, RUN
from moontable.games.courts.infoset import from_view
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import COURT_TITLES, MOON, SUN
from moontable.games.courts.tables import START_SWAY as START
from moontable.games.courts.view import describe_action, render, road_text, view

# Raised whenever content or rules change what a record replays to: 2 = two more Sun cards tuned for
# balance (docs/courts-balance.md).
RULES_VERSION = "courts/2"
REASONS = ("twenty", "highwold", "truce", "fair_kept", "final", "draw")
REASON_TEXT = {
    "twenty": "reached 20 points",
    "highwold": "held the Highwold at a Fair",
    "truce": "the other court broke the Truce",
    "fair_kept": "the other court kept a Fair at the turn end",
    "final": "had more points after turn 10",
    "draw": "the points were level after turn 10",
}


def settle(s: CourtsState, chance: Chance) -> None:
    """Run the work stack until a decision is needed or the game is over."""
    s.decisions = []
    stack = s.stack
    while stack and not s.over:
        f = stack[-1]
        if RUN[f[0]](s, f, chance):
            return
    s.decisions = []


class CourtsGame(Game):
    info = GameInfo("courts", "Courts of Sun and Moon", 2, 2, 4000, REASONS)
    rules_version = RULES_VERSION

    def default_options(self, seats: int) -> dict[str, Any]:
        if seats != 2:
            raise ValueError("Courts of Sun and Moon is for exactly 2 seats")
        return {"seats": 2}

    def new_state(self, options: dict[str, Any], chance: Chance) -> CourtsState:
        moon_seat = chance.below(2)  # C3: the first draw picks the seat that leads the Moon
        draw = list(ERA_CARDS["thaw"])
        shuffle(chance, draw)
        s = CourtsState(moon_seat=moon_seat, sway=[list(START[MOON]), list(START[SUN])], hands=[[], []], draw=draw)
        flow.deal(s, chance)
        s.stack = [["turns"], ["setup", SUN, flow.SETUP_SWAY[SUN], ()], ["setup", MOON, flow.SETUP_SWAY[MOON], ()]]
        settle(s, chance)
        return s

    def pending(self, state: CourtsState) -> list[Decision]:
        return state.decisions

    def _apply(self, state: CourtsState, seat: int, action: Action, chance: Chance) -> list[Event]:
        state.trace = []
        self.advance(state, seat, action, chance)
        events, state.trace = state.trace, None
        return events

    def advance(self, state: CourtsState, seat: int, action: Action, chance: Chance) -> None:
        """Apply a legal action without checking it or logging events: for search and simulations."""
        top = state.stack[-1]
        ACT[top[0]](state, top, state.court_of(seat), action, chance)
        settle(state, chance)

    def result(self, state: CourtsState) -> Result | None:
        if not state.over:
            return None
        winner = None if state.winner is None else state.seat_of(state.winner)
        return Result(winner, state.reason or "", {"bead": state.bead, "turn": state.turn})

    def view(self, state: CourtsState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def describe_action(self, state: CourtsState, action: Action) -> str:
        return describe_action(state, action)

    def render(self, state: CourtsState, seat: int | None) -> str:
        return render(state, seat)

    def describe_result(self, state: CourtsState) -> str:
        if not state.over:
            return "the game goes on"
        if state.winner is None:
            return f"A draw: {REASON_TEXT.get(state.reason or '', state.reason)}."
        who = COURT_TITLES[state.winner]
        return f"{who} (seat {state.seat_of(state.winner)}) wins: {REASON_TEXT[state.reason or '']}."

    def clone(self, state: CourtsState) -> CourtsState:
        return state.clone()

    def safe_action(self, state: CourtsState, decision: Decision) -> Action:
        from moontable.games.courts.safe import safe_action

        if decision not in state.decisions:
            raise IllegalAction("that decision is not open")
        return safe_action(state, decision)

    def determinize(self, state: CourtsState, seat: int, rng: Any) -> CourtsState:
        """Redeal what `seat` cannot see: the other hand (but its shown cards), its hidden herald, the draw pile."""
        return from_view(view(state, seat), rng)

    def from_view(self, seat_view: dict[str, Any], rng: Any) -> CourtsState:
        return from_view(seat_view, rng)

    def content(self) -> dict[str, Any]:
        return {
            "game": "courts",
            "rules": RULES_VERSION,
            "reaches": [{"id": r, "name": n} for r, n in REACH_NAMES.items()],
            "towns": [
                {"id": t.id, "name": t.name, "reach": t.reach, "steadiness": t.steadiness,
                 "keystone": t.keystone, "x": t.x, "y": t.y,
                 "neighbours": sorted({b for a, b in LINKS if a == t.id} | {a for a, b in LINKS if b == t.id})}
                for t in TOWNS
            ],
            "links": [list(link) for link in LINKS],
            "gates": {"moon": list(MOON_GATE), "sun": list(SUN_GATE)},
            "gate_pos": {k: list(v) for k, v in GATE_POS.items()},
            "start_sway": START_SWAY,
            "road": road_text(),
            "cards": [CARDS[c].to_json() for c in sorted(CARDS)],
            "bell": {"strength": 4, "glasswater_strength": 5},
        }

    def content_text(self) -> str:
        from moontable.games.courts.rules_text import content_text

        return content_text(self.content())

    def describe_event(self, event: Event) -> str | None:
        from moontable.games.courts.rules_text import describe_event

        return describe_event(event)

