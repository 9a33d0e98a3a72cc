"""Moonflight on the engine protocol.

Options: {"seats": N (1-4), "jacks": [jack or null per seat] (optional), "mode": "standard" | "score",
"ai": bool}. Without "jacks" the Jacks are dealt from the fair stream (a shuffle of the four, after the
first-player draw); a null seat takes the first shuffled Jack that no seat chose. One seat plays Score
Mode by default; "ai": true marks every seat but 0 as played by its Jack's AI card (AI Mode: seat 0 wins
only if its Jack wins).

Randomness, in order: below(N) for the First Player (MF14), the Jack deal if needed, each Supply Stack's
shuffle in seat order, each starter deck's shuffle in seat order; then every reshuffle as play asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.engine import Action, Decision, Event, Game, GameInfo, Result
from moontable.fair import Chance, shuffle
from moontable.frames import FrameGame
from moontable.frames import settle as settle_frames
from moontable.games.moonflight import (  # noqa: F401 - importing registers the frames and choices
    acts,
    effects,
    picks,
    picks_market,
    picks_play,
    reset,
)
from moontable.games.moonflight.cards_common import GENERIC
from moontable.games.moonflight.content import (
    COIN_TOKENS,
    GENERIC_IDS,
    JACK_ORDER,
    JACKS,
    MARKETS_PER_JACK,
    SCORE_TOKENS,
    START_COINS,
    START_HAND,
    STARTER_DECK,
    content_json,
    generic_stack,
    supply_cards,
    title_for,
)
from moontable.games.moonflight.core import ACT, BOUNDARY, RUN, draw, fire_triggers, gain
from moontable.games.moonflight.infoset import from_view
from moontable.games.moonflight.reset import ROUND_CAP
from moontable.games.moonflight.state import MoonflightState, Player
from moontable.games.moonflight.view import describe_action, render, view, views

# Raised whenever the rules change what a record replays to, and every older version stays playable for
# its records (MoonflightGame.at_rules): 2 = the Turn at its moment in Reset step 4 (MF55), the owner's
# precedence among their cards in play (MF93), and a game stopped at the round cap has no winner.
RULES_LEVEL = 2
RULES_VERSION = f"moonflight/{RULES_LEVEL}"
REASONS = ("end", "end_counter", "cap")
REASON_TEXT = {
    "end": "a player's Draw Deck and Discard Stack were both empty at Reset step 5",
    "end_counter": "the Score Mode End counter ran out",
    "cap": f"the game was stopped at the safety limit of {ROUND_CAP} Rounds, an ending the rulebook does not have",
}


def _triggers_at_boundary(s: MoonflightState, top: list[Any]) -> bool:
    """Fired "when" triggers wait for the boundary of a step, then resolve before the stack goes on."""
    if s.fired and top[0] in BOUNDARY:
        fire_triggers(s)
        return True
    return False


def settle(s: MoonflightState, chance: Chance) -> None:
    """Run the work stack until a decision is needed or the game is over (the frames' shared loop)."""
    settle_frames(s, RUN, chance, _triggers_at_boundary)


def check_options(options: dict[str, Any]) -> tuple[int, list[str | None] | None, str, bool]:
    n = options.get("seats", 2)
    if not isinstance(n, int) or not 1 <= n <= 4:
        raise ValueError("Moonflight is for 1 to 4 seats")
    jacks = options.get("jacks")
    if jacks is not None:  # a Jack per seat; null leaves that seat's Jack to the deal
        named = [j for j in jacks if j is not None] if isinstance(jacks, list) else None
        if (named is None or len(jacks) != n or len(set(named)) != len(named)
                or any(j not in JACKS for j in named)):
            raise ValueError(f"jacks must be {n} different Jacks of {', '.join(JACK_ORDER)} "
                             "(null for one dealt at random)")
    mode = options.get("mode", "score" if n == 1 else "standard")
    if mode not in ("standard", "score") or (mode == "score" and n != 1):
        raise ValueError("mode is 'standard', or 'score' for one seat")
    ai = bool(options.get("ai", False))
    if ai and n < 2:
        raise ValueError("AI Mode needs at least 2 seats")
    return n, jacks, mode, ai


def new_game(options: dict[str, Any], chance: Chance, rules: int = RULES_LEVEL) -> MoonflightState:
    n, jacks, mode, ai = check_options(options)
    first = chance.below(n)  # MF14
    jacks = jacks or [None] * n
    if None in jacks:  # the seats left open take the shuffled Jacks no one chose, in order
        deal = list(JACK_ORDER)
        shuffle(chance, deal)
        left = iter(j for j in deal if j not in jacks)
        jacks = [j if j is not None else next(left) for j in jacks]
    players = [Player(jack=j) for j in jacks]
    markets: list[list[str]] = [generic_stack(c, n) for c in GENERIC]  # MF9
    suits = ["generic"] * len(GENERIC_IDS)
    supply: dict[str, list[str]] = {}
    for j in jacks:  # MF7, MF8
        cards = supply_cards(j)
        shuffle(chance, cards)
        supply[j] = cards
        for _ in range(MARKETS_PER_JACK):
            markets.append([cards.pop()])
            suits.append(j)
    for p in players:  # MF11
        p.deck = list(STARTER_DECK)
        shuffle(chance, p.deck)
    s = MoonflightState(players=players, markets=markets, market_suit=suits, supply=supply, bank=COIN_TOKENS,
                        first=first, active=first, mode=mode, ai=ai, rules=rules)
    if mode == "score":
        s.tokens = [SCORE_TOKENS, SCORE_TOKENS]
    for seat in range(n):  # MF13
        draw(s, seat, START_HAND, chance)
        gain(s, seat, START_COINS)
    s.fired = []
    s.stack = [["game"]]
    settle(s, chance)
    return s


class MoonflightGame(FrameGame):
    RUN, ACT, BETWEEN = RUN, ACT, staticmethod(_triggers_at_boundary)
    info = GameInfo("moonflight", "Moonflight", 1, 4, 30000, REASONS, ("seats", "jacks", "mode", "ai"))
    rules_version = RULES_VERSION
    level = RULES_LEVEL  # the N of moonflight/N, kept in each state: the rules ask it where versions differ
    undoable = True  # see reveals()

    def at_rules(self, version: str) -> Game:
        older = OLDER.get(version)
        return older if older is not None else super().at_rules(version)

    def default_options(self, seats: int) -> dict[str, Any]:
        if not 1 <= seats <= 4:
            raise ValueError("Moonflight is for 1 to 4 seats")
        return {"seats": seats, "mode": "score"} if seats == 1 else {"seats": seats}

    def option_types(self) -> dict[str, type]:
        return {"seats": int, "jacks": list[str | None], "mode": str, "ai": bool}

    def seat_choices(self) -> list[dict[str, Any]]:
        jacks = [[j, f"{JACKS[j].name} — {JACKS[j].style}"] for j in JACK_ORDER]
        return [{"option": "jacks", "label": "Your Jack", "values": [[None, "Dealt at random"], *jacks]}]

    def new_state(self, options: dict[str, Any], chance: Chance) -> MoonflightState:
        return new_game(options, chance, self.level)

    def result(self, state: MoonflightState) -> Result | None:
        if not state.over:
            return None
        score: dict[str, Any] = {"scores": state.scores, "coins": [p.coins for p in state.players],
                                 "turned": state.turned, "round": state.round}
        if state.mode == "score" and state.scores is not None:
            score["title"] = title_for(state.scores[0])
        return Result(state.winner, state.reason or "", score)

    def view(self, state: MoonflightState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def views(self, state: MoonflightState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        return views(state, seats)

    def describe_action(self, state: MoonflightState, action: Action) -> str:
        return describe_action(state, action)

    def render(self, state: MoonflightState, seat: int | None) -> str:
        return render(state, seat)

    def describe_result(self, state: MoonflightState) -> str:
        if not state.over or state.scores is None:
            return "the game goes on"
        why = REASON_TEXT.get(state.reason or "", state.reason or "")
        if state.winner is None:
            return f"No one wins: {why}."
        if state.mode == "score":
            return f"Score Mode ends with {state.scores[0]}: {title_for(state.scores[0])} ({why})."
        jack = JACKS[state.players[state.winner or 0].jack].name
        text = f"{jack} (seat {state.winner}) wins with a score of {state.scores[state.winner or 0]} ({why})."
        if state.ai:
            text += " You win!" if state.winner == 0 else " The AI wins."
        return text

    def _safe_action(self, state: MoonflightState, decision: Decision) -> Action:
        from moontable.games.moonflight.safe import safe_action

        return safe_action(state, decision)

    def from_view(self, seat_view: dict[str, Any], rng: Any) -> MoonflightState:
        return from_view(seat_view, rng)

    def content(self) -> dict[str, Any]:
        return {**content_json(), "rules": self.rules_version}

    def content_text(self) -> str:
        from moontable.games.moonflight.rules_text import content_text

        return content_text()

    def hands(self, state: MoonflightState) -> list[list[str]]:
        from moontable.games.moonflight.view import card_name

        return [[card_name(c) for c in p.hand] for p in state.players]

    def describe_event(self, event: Event) -> str | None:
        from moontable.games.moonflight.rules_text import describe_event

        return describe_event(event)

    def describe_reason(self, state: MoonflightState) -> str:
        if not state.over or state.scores is None:
            return ""
        why = REASON_TEXT.get(state.reason or "", state.reason or "")
        if state.mode == "score":
            return f"Score Mode ends with {state.scores[0]}: {title_for(state.scores[0])} ({why})"
        if state.winner is None:
            return why
        jack = JACKS[state.players[state.winner].jack].name
        return f"{jack} (seat {state.winner}) has the best score, {state.scores[state.winner]} — {why}"

    def reveals(self, event: Event) -> bool:
        # a card dealt from a face-down Supply Stack, cards revealed, a blocked Trash shown
        return super().reveals(event) or event["type"] in ("deal", "reveal", "blocked")


class Moonflight1(MoonflightGame):
    """moonflight/1, for its records: the Turn only after every deal of Reset step 4, ties of precedence
    broken by play order, and a game at the round cap won on the End's ranking."""

    rules_version = "moonflight/1"
    level = 1


OLDER: dict[str, MoonflightGame] = {g.rules_version: g for g in (Moonflight1(),)}
