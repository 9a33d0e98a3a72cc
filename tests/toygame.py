"""A tiny game implementing the whole engine protocol, for testing the record, match and CLI layers.

"Race": two seats, each dealt one hidden card (0-5) from a shuffled deck. Both first bid 0-2 steps
at once (simultaneous, hidden until both are in); the higher bid moves first and pays its bid in
steps, a tie is settled by a draw below(2). Then in turn the mover steps 1 or 2 — a die roll of 6
adds one more — or plays its hidden card for that many steps, once. First to 10 wins.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import pytest

from moontable import games
from moontable.bots import RandomBot
from moontable.engine import Action, Decision, Event, Game, GameInfo, Result
from moontable.fair import Chance, die, shuffle
from moontable.match import Match

START = 3


@dataclass(slots=True)
class RaceState:
    target: int
    hands: list[list[int]]
    pos: list[int] = field(default_factory=lambda: [START, START])
    bids: list[int | None] = field(default_factory=lambda: [None, None])
    turn: int | None = None  # None while bidding
    winner: int | None = None


class Race(Game):
    info = GameInfo("toy", "Toy race", 2, 2, max_decisions=40, reasons=("reached the goal",))
    rules_version = "toy-1"

    def default_options(self, seats: int) -> dict[str, Any]:
        return {"seats": seats, "target": 10}

    def new_state(self, options: dict[str, Any], chance: Chance) -> RaceState:
        deck = list(range(6))
        shuffle(chance, deck)
        return RaceState(target=int(options["target"]), hands=[[deck[0]], [deck[1]]])

    def pending(self, state: RaceState) -> list[Decision]:
        if state.winner is not None:
            return []
        if state.turn is None:
            bids = tuple(("bid", b) for b in range(3))
            prompt = "bid steps to move first"
            return [Decision(s, "bid", bids, prompt) for s in (0, 1) if state.bids[s] is None]
        s = state.turn
        opts: list[Action] = [("step", 1), ("step", 2)]
        opts += [("card", c) for c in state.hands[s]]
        return [Decision(s, "move", tuple(opts), "your move")]

    def _apply(self, state: RaceState, seat: int, action: Action, chance: Chance) -> list[Event]:
        kind, n = action
        if kind == "bid":
            state.bids[seat] = n
            events: list[Event] = [{"type": "bid", "seat": seat}]
            if None in state.bids:
                return events
            a, b = state.bids
            first = (0 if a > b else 1) if a != b else chance.below(2)
            state.pos[first] -= state.bids[first] or 0
            state.turn = first
            events.append({"type": "bids", "bids": list(state.bids), "first": first})
            return events
        if kind == "card":
            state.hands[seat].remove(n)
            steps = n
            events = [{"type": "card", "seat": seat, "card": n}]
        else:
            roll = die(chance)
            steps = n + (1 if roll == 6 else 0)
            events = [{"type": "step", "seat": seat, "steps": steps, "roll": roll}]
        state.pos[seat] += steps
        if state.pos[seat] >= state.target:
            state.winner = seat
            events.append({"type": "end", "winner": seat})
        else:
            state.turn = 1 - seat
        return events

    def result(self, state: RaceState) -> Result | None:
        if state.winner is None:
            return None
        return Result(state.winner, "reached the goal", list(state.pos))

    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        return {
            "pos": list(state.pos),
            "turn": state.turn,
            "cards_left": [len(h) for h in state.hands],
            "bids_in": [b is not None for b in state.bids],
            "bids": list(state.bids) if state.turn is not None else None,
            "my_hand": list(state.hands[seat]) if seat is not None else None,
            "my_bid": state.bids[seat] if seat is not None else None,
        }

    def safe_action(self, state: RaceState, decision: Decision) -> Action:
        return decision.options[0]

    def clone(self, state: RaceState) -> RaceState:
        return copy.deepcopy(state)

    def determinize(self, state: RaceState, seat: int, rng: Any) -> RaceState:
        out = self.clone(state)
        other = 1 - seat
        if out.hands[other]:
            unseen = [c for c in range(6) if c not in out.hands[seat]]
            out.hands[other] = [rng.choice(unseen)]
        if out.turn is None and out.bids[other] is not None:
            out.bids[other] = rng.randrange(3)
        return out

    def content(self) -> dict[str, Any]:
        return {"cards": list(range(6)), "target": 10}

    def content_text(self) -> str:
        return "Toy race: step 1 or 2, or play your card; first to 10 wins."

    def describe_action(self, state: RaceState, action: Action) -> str:
        kind, n = action
        return {"bid": f"bid {n}", "step": f"step {n}", "card": f"play card {n}"}[kind]

    def describe_event(self, event: Event) -> str | None:
        t = event["type"]
        if t == "bids":
            return f"bids {event['bids']}: seat {event['first']} moves first"
        if t == "step":
            return f"seat {event['seat']} rolls {event['roll']} and moves {event['steps']}"
        if t == "card":
            return f"seat {event['seat']} plays card {event['card']}"
        return None

    def describe_result(self, state: RaceState) -> str:
        return f"seat {state.winner} reached {state.target} first"


TOY = Race()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Race:
    """Make `moontable.games.get_game("toy")` return the toy game for one test."""
    real = games.get_game

    def get_game(game_id: str, rules: str | None = None) -> Game:
        if game_id != "toy":
            return real(game_id, rules)
        return TOY if rules is None else TOY.at_rules(rules)

    monkeypatch.setattr(games, "get_game", get_game)
    return TOY


def play_toy(seed: bytes = bytes(32), bot_seed: int = 0, client_seeds: tuple[str, ...] = ()) -> Match:
    """A finished toy game between two random bots."""
    seats = [{"name": f"bot {s}", "bot": True, "level": "random"} for s in (0, 1)]
    match = Match.new(TOY, None, seats, seed=seed, client_seeds=client_seeds)
    bots = [RandomBot(TOY, s, seed=bot_seed + s) for s in (0, 1)]
    while not match.ended:
        d = TOY.pending(match.state)[0]
        match.play(d.seat, bots[d.seat].choose(TOY.view(match.state, d.seat), d))
    return match
