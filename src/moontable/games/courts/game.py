"""Courts of Sun and Moon on the engine protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.engine import Action, Decision, Event, Game, GameInfo, Result
from moontable.fair import Chance, shuffle
from moontable.frames import FrameGame
from moontable.frames import settle as settle_frames
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
from moontable.games.courts.view import describe_action, render, road_text, view, views

# Raised whenever content or rules change what a record replays to, and every older version stays
# playable for its records (CourtsGame.at_rules): 2 = two more Sun cards tuned for balance
# (docs/courts-balance.md); 3 = the Star Road is a use of strength (C31 as corrected: the other court's
# card sent up it gives them its event).
RULES_LEVEL = 3
RULES_VERSION = f"courts/{RULES_LEVEL}"
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
    """Run the work stack until a decision is needed or the game is over (the frames' shared loop)."""
    settle_frames(s, RUN, chance)


class CourtsGame(FrameGame):
    RUN, ACT = RUN, ACT
    info = GameInfo("courts", "Courts of Sun and Moon", 2, 2, 4000, REASONS)
    rules_version = RULES_VERSION
    level = RULES_LEVEL  # the N of courts/N, kept in each state: the rules ask it where versions differ
    undoable = True  # see reveals()

    def at_rules(self, version: str) -> Game:
        older = OLDER.get(version)
        return older if older is not None else super().at_rules(version)

    def default_options(self, seats: int) -> dict[str, Any]:
        if seats != 2:
            raise ValueError("Courts of Sun and Moon is for exactly 2 seats")
        return {"seats": 2}

    def new_state(self, options: dict[str, Any], chance: Chance) -> CourtsState:
        moon_seat = chance.below(2)  # C3: the first draw picks the seat that leads the Moon
        draw = list(ERA_CARDS["thaw"])
        shuffle(chance, draw)
        s = CourtsState(moon_seat=moon_seat, sway=[list(START[MOON]), list(START[SUN])], hands=[[], []], draw=draw,
                        rules=self.level)
        flow.deal(s, chance)
        s.stack = [["turns"], ["setup", SUN, flow.SETUP_SWAY[SUN], ()], ["setup", MOON, flow.SETUP_SWAY[MOON], ()]]
        settle(s, chance)
        return s

    def actor(self, state: CourtsState, seat: int) -> int:
        return state.court_of(seat)  # the frames speak of courts (Moon, Sun), not seats

    def result(self, state: CourtsState) -> Result | None:
        if not state.over:
            return None
        winner = None if state.winner is None else state.seat_of(state.winner)
        return Result(winner, state.reason or "", {"bead": state.bead, "turn": state.turn})

    def view(self, state: CourtsState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def views(self, state: CourtsState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        return views(state, seats)

    def describe_action(self, state: CourtsState, action: Action) -> str:
        return describe_action(state, action)

    def describe_move(self, state: CourtsState, seat: int, action: Action) -> str:
        from moontable.games.courts.rules_text import describe_move

        return describe_move(state, seat, action)

    def render(self, state: CourtsState, seat: int | None) -> str:
        return render(state, seat)

    def describe_result(self, state: CourtsState) -> str:
        if not state.over:
            return "the game goes on"
        if state.winner is None:
            from moontable.games.courts.rules_text import DRAW_WORDS

            return f"A draw: {DRAW_WORDS.get(state.reason or '', state.reason)}."
        who = COURT_TITLES[state.winner]
        why = REASON_TEXT[state.reason or ""]
        if state.reason in ("truce", "fair_kept"):  # the other court, by its player's name
            other = 1 - state.winner
            why = why.replace("the other court", f"{COURT_TITLES[other]} (seat {state.seat_of(other)})")
        return f"{who} (seat {state.seat_of(state.winner)}) wins: {why}."

    def _safe_action(self, state: CourtsState, decision: Decision) -> Action:
        from moontable.games.courts.safe import safe_action

        return safe_action(state, decision)

    def from_view(self, seat_view: dict[str, Any], rng: Any) -> CourtsState:
        return from_view(seat_view, rng)

    def content(self) -> dict[str, Any]:
        return {
            "game": "courts",
            "rules": self.rules_version,
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

    def hands(self, state: CourtsState) -> list[list[str]]:
        from moontable.games.courts.cards import BELL, card_at

        def label(card: int) -> str:  # the card as this game's rules version had it
            if card == BELL:
                return "the Moot Bell (4)"
            c = card_at(state.rules, card)
            court = "either court" if c.court == "either" else f"the {c.court.capitalize()}"
            return f"{c.name}{' ★' if c.starred else ''} ({court}, strength {c.strength})"

        def held(court: int) -> list[str]:  # the hand, and a herald chosen face down and not yet turned up
            face_down = state.heralds[court] >= 0 and not state.herald_shown
            return [label(c) for c in state.hands[court]] + (
                [f"herald face down: {label(state.heralds[court])}"] if face_down else [])

        return [held(state.court_of(seat)) for seat in (0, 1)]

    def describe_event(self, event: Event) -> str | None:
        from moontable.games.courts.rules_text import describe_event

        return describe_event(event)

    def describe_reason(self, state: CourtsState) -> str:
        from moontable.games.courts.rules_text import reason_text

        return reason_text(state.reason or "", state.winner, (state.seat_of(MOON), state.seat_of(SUN)))

    def reveals(self, event: Event) -> bool:
        # a hand shown to the other court, and the heralds turned up, are public events that show a secret
        return super().reveals(event) or event["type"] in ("reveal", "heralds")



class Courts2(CourtsGame):
    """courts/2, for its records: the other court's card sent up the Star Road gives no event."""

    rules_version = "courts/2"
    level = 2


class Courts1(Courts2):
    """courts/1, for its records: also Kite Charter at strength 2 and Midsummer Bonfires placing 2
    (cards.OLD_CARDS)."""

    rules_version = "courts/1"
    level = 1


OLDER: dict[str, CourtsGame] = {g.rules_version: g for g in (Courts2(), Courts1())}
