"""Which bot levels can play which game, and the strongest of them (a table's default opponent)."""

from __future__ import annotations

import importlib
from functools import cache

from moontable.engine import Game

STRENGTH_ORDER = ("ismcts", "heuristic", "ai-card", "random")  # strongest first

# The levels in people's words (what a player reads in the lobby and on a seat), with how each plays.
LEVEL_WORDS = {
    "random": ("Easy", "picks any legal move at random"),
    "heuristic": ("Good", "plays by rules of thumb"),
    "ismcts": ("Strong", "thinks ahead by trying many possible games"),
    "ai-card": ("Rulebook", "follows its Jack's AI card, as the rulebook's AI Mode"),
}


def level_name(level: str) -> str:
    """A level's name for people: "Strong", not "ismcts"."""
    return LEVEL_WORDS.get(level, (level, ""))[0]


@cache
def levels_for(game: Game) -> tuple[str, ...]:
    """The levels that can play `game` (a level without knowledge of a game refuses it)."""
    from moontable.bots import BOT_LEVELS, make_bot

    out = []
    for level in BOT_LEVELS:
        try:
            make_bot(level, game, 0, 0)
        except ValueError:
            continue
        out.append(level)
    return tuple(out)


def strongest_for(game: Game) -> str:
    """The strongest level that plays `game`: the default opponent and the one that takes over a seat.

    A game's knowledge module may name it (`STRONGEST`) where self-play found the usual order wrong
    for that game; otherwise it is the first playable level of STRENGTH_ORDER."""
    playable = levels_for(game)
    try:
        named = getattr(importlib.import_module(f"moontable.games.{game.info.id}.knowledge"), "STRONGEST", None)
    except ModuleNotFoundError:
        named = None
    if named in playable:
        return str(named)
    for level in STRENGTH_ORDER:
        if level in playable:
            return level
    return playable[0]
