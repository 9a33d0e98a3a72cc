"""Blue Moon on the engine protocol: one game of a match (series.py plays the match to five crystals).

Options: {"seats": 2, "mode": "base" | "quick" | "build", "decks": [[deck, ...], [deck, ...]] (each
seat's decks to choose from; decks.py), "match": {"game": k, "crystals": [a, b], "target": 5}
(optional: the match so far, shown on the board)}. Without "decks" every seat may choose every people
(and emissary; in deck building, the deck builder's deck for every people and inquisitor).

The game begins with the secret deck choice, both seats at once (BM49); a seat with one deck to choose
from is not asked. Randomness, in order: below(2) for the starting player (BM3), then seat 0's draw pile
shuffled, then seat 1's; then every random discard as play asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable import frames
from moontable.engine import Action, Decision, Event, GameInfo, Result
from moontable.fair import Chance
from moontable.games.bluemoon import effects, flow  # noqa: F401 - importing registers the frames and steps
from moontable.games.bluemoon.content import content_json
from moontable.games.bluemoon.core import ACT, RUN
from moontable.games.bluemoon.decks import MODES, DeckError, default_decks, resolve
from moontable.games.bluemoon.state import BlueMoonState, Player
from moontable.words import count

RULES_VERSION = "bluemoon/1"
REASONS = ("out", "no_dragons", "all_dragons")
REASON_TEXT = {
    "out": "a player had no cards left after refilling",
    "no_dragons": "a player had no cards left and no one had a dragon: the player who ran out later wins",
    "all_dragons": "a player with all three dragons attracted another",
}


def settle(s: BlueMoonState, chance: Chance) -> None:
    """Run the work stack until a decision is needed or the game is over (the frames' shared loop)."""
    frames.settle(s, RUN, chance)


def check_options(options: dict[str, Any]) -> tuple[str, list[list[dict[str, Any]]], dict[str, Any] | None]:
    if options.get("seats", 2) != 2:
        raise ValueError("Blue Moon is for 2 seats")
    mode = options.get("mode", "base")
    if mode not in MODES:
        raise ValueError(f"mode is one of {', '.join(MODES)}, not {mode!r}")
    specs = options.get("decks")
    if specs is None:
        specs = [default_decks(mode), default_decks(mode)]
    if not (isinstance(specs, list) and len(specs) == 2 and all(isinstance(x, list) and x for x in specs)):
        raise ValueError("decks must be two non-empty lists of decks, one per seat")
    decks = []
    for seat, seat_specs in enumerate(specs):
        out = []
        for spec in seat_specs:
            try:
                out.append(resolve(spec, mode))
            except DeckError as e:
                raise ValueError(f"seat {seat}: {e}") from None
        decks.append(out)
    match = options.get("match")
    if match is not None and not (isinstance(match, dict) and isinstance(match.get("crystals"), list)):
        raise ValueError('match must be {"game": k, "crystals": [a, b], "target": n}')
    return mode, decks, match


def new_game(options: dict[str, Any], chance: Chance) -> BlueMoonState:
    mode, decks, match = check_options(options)
    s = BlueMoonState(players=[Player(), Player()], mode=mode, decks=decks, match=match)
    s.stack = [["setup"]]
    settle(s, chance)
    return s


class BlueMoonGame(frames.FrameGame):
    """The protocol's plumbing (pending, apply with its trace, advance, clone, safe-action check) is FrameGame's."""

    RUN, ACT = RUN, ACT
    info = GameInfo("bluemoon", "Blue Moon", 2, 2, 6000, REASONS, ("seats", "mode", "decks", "match"))
    rules_version = RULES_VERSION

    def default_options(self, seats: int) -> dict[str, Any]:
        if seats != 2:
            raise ValueError("Blue Moon is for 2 seats")
        return {"seats": 2, "mode": "base"}

    def new_state(self, options: dict[str, Any], chance: Chance) -> BlueMoonState:
        return new_game(options, chance)

    def public_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A built deck's list is its owner's secret until the game ends (a preassembled one is public)."""
        decks = options.get("decks")
        if not isinstance(decks, list):
            return options
        hidden = [[{"secret": True} if isinstance(d, dict) and "cards" in d else d for d in seat]
                  if isinstance(seat, list) else seat for seat in decks]
        return {**options, "decks": hidden}

    def result(self, state: BlueMoonState) -> Result | None:
        if not state.over:
            return None
        score = {"crystals": state.crystals, "dragons": [sum(1 for d in state.dragons if d == i) for i in (0, 1)],
                 "displayed": [len(p.crystals) for p in state.players], "first_out": state.first_out,
                 "fights": state.fights}
        return Result(state.winner, state.reason or "", score)

    def view(self, state: BlueMoonState, seat: int | None) -> dict[str, Any]:
        from moontable.games.bluemoon.view import view

        return view(state, seat)

    def views(self, state: BlueMoonState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        from moontable.games.bluemoon.view import views

        return views(state, seats)

    def describe_action(self, state: BlueMoonState, action: Action) -> str:
        from moontable.games.bluemoon.view import describe_action

        return describe_action(state, action)

    def render(self, state: BlueMoonState, seat: int | None) -> str:
        from moontable.games.bluemoon.view import render

        return render(state, seat)

    def describe_result(self, state: BlueMoonState) -> str:
        if not state.over or state.winner is None or state.crystals is None:
            return "the game goes on"
        why = REASON_TEXT.get(state.reason or "", state.reason or "")
        return f"seat {state.winner} wins {count(state.crystals[state.winner], 'crystal')} ({why})"

    def hands(self, state: BlueMoonState) -> list[list[str]]:
        from moontable.games.bluemoon.infoset import card_names

        return [card_names(p.hand) for p in state.players]

    def describe_event(self, event: Event) -> str | None:
        from moontable.games.bluemoon.rules_text import describe_event

        return describe_event(event)

    def _safe_action(self, state: BlueMoonState, decision: Decision) -> Action:
        from moontable.games.bluemoon.safe import safe_action

        return safe_action(state, decision)

    def from_view(self, seat_view: dict[str, Any], rng: Any) -> BlueMoonState:
        from moontable.games.bluemoon.infoset import from_view

        return from_view(seat_view, rng)

    def content(self) -> dict[str, Any]:
        return {**content_json(), "rules": RULES_VERSION}

    def content_text(self) -> str:
        from moontable.games.bluemoon.rules_text import content_text

        return content_text()
