"""Bots by level. Every bot plays through the engine protocol and its seat's view only."""

from __future__ import annotations

from moontable.bots.base import Bot
from moontable.bots.random_bot import RandomBot
from moontable.engine import Game

__all__ = ["BOT_LEVELS", "Bot", "RandomBot", "make_bot"]

BOT_LEVELS: dict[str, type[Bot]] = {cls.level: cls for cls in (RandomBot,)}


def make_bot(level: str, game: Game, seat: int, seed: int | None = None) -> Bot:
    """A bot of `level` for `seat`; ValueError if there is no such level."""
    cls = BOT_LEVELS.get(level)
    if cls is None:
        known = ", ".join(BOT_LEVELS)
        raise ValueError(f"unknown bot level {level!r} (known: {known})")
    return cls(game, seat, seed)
