"""The terminal table: plays a Match to the end, asking bots and people at the keyboard in turn.

Kept apart from the command line so it can be driven with any output console and line reader.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console

from moontable.bots import Bot
from moontable.engine import Action, Decision, Event, Game
from moontable.match import Match

__all__ = ["InputClosed", "ask_human", "describe_result", "run_table"]


class InputClosed(Exception):
    """Standard input ended while a person was being asked for a move."""


# the table's own words; a game written in another language gives its own (`table_words`)
WORDS = {"choose": "choose 1-{k}: ", "again": "please type a number from 1 to {k}",
         "chosen": "{label} has chosen ({kind})", "seat_label": "seat {seat} ({name})", "score": "score"}


def words(game: Game) -> dict[str, str]:
    return {**WORDS, **game.table_words()}


def seat_label(match: Match, seat: int) -> str:
    s = match.record["seats"][seat]
    return words(match.game)["seat_label"].format(seat=seat, name=s["name"])


def ask_human(game: Game, state: Any, d: Decision, label: str, out: Console,
              read_line: Callable[[], str]) -> Action:
    """Show the board and the numbered options; read a number until it is a valid one."""
    w = words(game)
    prompt = getattr(game, "describe_prompt", None)
    out.print()
    out.print(game.render(state, d.seat))
    out.print(f"{label}: {prompt(state, d) if prompt is not None else d.prompt or d.kind}")
    for i, option in enumerate(d.options, 1):
        out.print(f"  {i}. {game.describe_action(state, option)}")
    k = len(d.options)
    while True:
        out.print(w["choose"].format(k=k), end="")
        line = read_line()
        if line == "":
            out.print()
            raise InputClosed("input closed: game abandoned")
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= k:
            return d.options[int(text) - 1]
        out.print(w["again"].format(k=k))


def _event_lines(game: Game, events: list[Event], viewer: int | None) -> list[str]:
    describe = getattr(game, "describe_event", None)
    if describe is None:
        return []
    lines = []
    for e in game.events_for(events, viewer):
        text = describe(e)
        if text:
            lines.append(text)
    return lines


def run_table(match: Match, bots: dict[int, Bot], out: Console, read_line: Callable[[], str]) -> None:
    """Play until the game ends. Raises InputClosed if a person's input ends first.

    Moves are logged as the one person at the table (or a spectator) may see them: a choice made in
    a simultaneous decision is logged without its action, the engine's events reveal it later.
    """
    game = match.game
    humans = [s for s in range(len(match.record["seats"])) if s not in bots]
    viewer = humans[0] if len(humans) == 1 else None
    hidden: set[int] = set()  # seats whose pending choice belongs to a simultaneous decision
    decisions = 0
    while not match.ended:
        pending = game.pending(match.state)
        if not pending:
            raise RuntimeError(f"{game.info.id}: the game has not ended but no decision is pending")
        if decisions > game.info.max_decisions:
            raise RuntimeError(f"{game.info.id}: the game went past {game.info.max_decisions} decisions")
        if len(pending) > 1:
            hidden |= {p.seat for p in pending}
        d = pending[0]
        label = seat_label(match, d.seat)
        if d.seat in bots:
            action = bots[d.seat].choose(game.view(match.state, d.seat), d)
        else:
            action = ask_human(game, match.state, d, label, out, read_line)
        text = game.describe_action(match.state, action)
        events = match.play(d.seat, action)
        decisions += 1
        if d.seat in hidden and d.seat != viewer:
            out.print(words(game)["chosen"].format(label=label, kind=d.kind))
        else:
            out.print(f"{label}: {text}")
        hidden.discard(d.seat)
        for line in _event_lines(game, events, viewer):
            out.print(f"  {line}")


def describe_result(match: Match) -> str:
    """Who won and why, in one line."""
    game = match.game
    result = game.result(match.state)
    if result is None:
        return "the game has not ended"
    describe = getattr(game, "describe_result", None)
    if describe is not None:
        line = str(describe(match.state))
    else:
        who = "draw" if result.winner is None else f"{seat_label(match, result.winner)} wins"
        line = f"{who}: {result.reason}"
    if result.score is not None:
        line += f" ({words(game)['score']} {json.dumps(result.score)})"
    return line
