"""Moons on the engine protocol.

Options: {"seats": N} for 2 to 6 seats. Randomness, in order: the shuffle of the 38 small Asteroids, then the
shuffle of the 60-card deck for round 1; then each round's deck shuffle, and a shuffle of the small Asteroid
discard pile whenever a draw finds the draw pile empty (MO22).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.engine import Action, Decision, Event, GameInfo, Result
from moontable.fair import Chance, shuffle
from moontable.frames import FrameGame, settle
from moontable.games.moons import asteroids, flow, trick  # noqa: F401 - importing registers the frames
from moontable.games.moons.content import (
    DECK,
    RULES_VERSION,
    SMALL_ASTEROIDS,
    SMALL_DEAL,
    SUITS,
    TOKENS_PER_PLANET,
    content_json,
)
from moontable.games.moons.core import ACT, RUN
from moontable.games.moons.state import MoonsState
from moontable.games.moons.texts import LANGUAGES, Words

REASONS = ("supply", "dealt")
MAX_SEATS = 6


def check_options(options: dict[str, Any]) -> int:
    n = options.get("seats", 4)
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= MAX_SEATS:
        raise ValueError("Moons is for 2 to 6 seats")
    unknown = sorted(set(options) - {"seats"})
    if unknown:
        raise ValueError(f"Moons has no option {unknown[0]!r}")
    return n


def new_game(options: dict[str, Any], chance: Chance) -> MoonsState:
    n = check_options(options)
    pile = list(SMALL_ASTEROIDS)
    shuffle(chance, pile)  # MO7
    smalls: list[list[str]] = [[] for _ in range(n)]
    for _ in range(SMALL_DEAL):
        for seat in range(n):
            smalls[seat].append(pile.pop())
    for x in smalls:
        x.sort()
    s = MoonsState(n=n, hands=[[] for _ in range(n)], tableaux=[[] for _ in range(n)], smalls=smalls,
                   small_pile=pile, tokens=[[0] * SUITS for _ in range(n)], supply=[TOKENS_PER_PLANET] * SUITS,
                   stardust=[0] * n, tricks=[0] * n, assist=[False] * n, shown=[[] for _ in range(n)],
                   void=[0] * n)
    s.stack = [["game"]]
    settle(s, RUN, chance)
    return s


class MoonsGame(FrameGame):
    info = GameInfo("moons", "Moons", 2, MAX_SEATS, 6000, REASONS)
    rules_version = RULES_VERSION
    RUN = RUN
    ACT = ACT

    languages = LANGUAGES  # the table writes its log in each of them (table/live.py), the page shows one

    def __init__(self, lang: str = "en") -> None:
        self.words = Words(lang)
        self.lang = lang

    def in_language(self, lang: str) -> MoonsGame:
        """The same rules with every text in `lang` (en, pt)."""
        if lang not in LANGUAGES:
            raise ValueError(f"Moons is written in {', '.join(LANGUAGES)}, not {lang!r}")
        return self if lang == self.lang else MoonsGame(lang)

    def default_options(self, seats: int) -> dict[str, Any]:
        if not 2 <= seats <= MAX_SEATS:
            raise ValueError("Moons is for 2 to 6 seats")
        return {"seats": seats}

    def new_state(self, options: dict[str, Any], chance: Chance) -> MoonsState:
        return new_game(options, chance)

    def result(self, state: MoonsState) -> Result | None:
        if not state.over:
            return None
        score = {"points": state.scores, "winners": state.winners, "tokens": [t[:] for t in state.tokens],
                 "stardust": state.stardust[:], "round": state.round, "tricks": state.tricks_played,
                 "supply": state.supply[:]}
        return Result(state.winner, state.reason or "", score)

    def view(self, state: MoonsState, seat: int | None) -> dict[str, Any]:
        from moontable.games.moons.view import view

        return view(state, seat)

    def views(self, state: MoonsState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
        from moontable.games.moons.view import views

        return views(state, seats)

    def _safe_action(self, state: MoonsState, decision: Decision) -> Action:
        from moontable.games.moons.safe import safe_action

        return safe_action(state, decision)

    def from_view(self, seat_view: dict[str, Any], rng: Any) -> MoonsState:
        from moontable.games.moons.infoset import from_view

        return from_view(seat_view, rng)

    def describe_action(self, state: MoonsState, action: Action) -> str:
        from moontable.games.moons.view import describe_action

        return describe_action(state, action, self.words)

    def describe_prompt(self, state: MoonsState, decision: Decision) -> str:
        from moontable.games.moons.view import describe_prompt

        return describe_prompt(state, decision, self.words)

    def render(self, state: MoonsState, seat: int | None) -> str:
        from moontable.games.moons.view import render

        return render(state, seat, self.words)

    def hands(self, state: MoonsState) -> list[list[str]]:
        w = self.words
        return [[w.card(c) for c in h] + [w.asteroid(k) for k in small]
                for h, small in zip(state.hands, state.smalls, strict=True)]

    def describe_event(self, event: Event) -> str | None:
        from moontable.games.moons.rules_text import describe_event

        return describe_event(event, self.words)

    def describe_result(self, state: MoonsState) -> str:
        from moontable.games.moons.rules_text import describe_result

        return describe_result(state, self.words)

    def table_words(self) -> dict[str, str]:
        """The terminal table's own words in this game's language (terminal.py)."""
        return {k[2:]: v for k, v in self.words.ui.items() if k.startswith("t_")}

    def content(self) -> dict[str, Any]:
        return content_json()

    def content_text(self) -> str:
        from moontable.games.moons.rules_text import content_text

        return content_text(self.words)


__all__ = ["DECK", "MAX_SEATS", "REASONS", "MoonsGame", "check_options", "new_game"]
