"""Bots by level. Every bot plays through the engine protocol and its seat's view only."""

from __future__ import annotations

from typing import Any

from moontable.bots.ai_card import AiCardBot
from moontable.bots.base import Bot
from moontable.bots.heuristic import HeuristicBot
from moontable.bots.ismcts import IsmctsBot
from moontable.bots.random_bot import RandomBot
from moontable.engine import Game

__all__ = ["BOT_LEVELS", "AiCardBot", "Bot", "HeuristicBot", "IsmctsBot", "RandomBot", "make_bot", "parse_level"]

BOT_LEVELS: dict[str, type[Bot]] = {cls.level: cls for cls in (RandomBot, HeuristicBot, IsmctsBot, AiCardBot)}


def _flag(value: str) -> bool:
    """An on/off option: 1, yes, on / 0, no, off."""
    word = value.strip().lower()
    if word in ("1", "yes", "on", "true"):
        return True
    if word in ("0", "no", "off", "false"):
        return False
    raise ValueError(value)


# options a level may take after a colon: "ismcts:seconds=0.5", "ismcts:iterations=400", "ismcts:horizon=1",
# "ismcts:model_others=0" (the other seats as tree nodes even where the game's knowledge models them)
_LEVEL_OPTIONS: dict[str, dict[str, Any]] = {
    "ismcts": {"seconds": float, "iterations": int, "horizon": int, "model_others": _flag}}


def parse_level(spec: str) -> tuple[str, dict[str, Any]]:
    """Split "LEVEL[:KEY=VALUE,...]" into the level and its options; ValueError if either is unknown."""
    level, _, rest = spec.partition(":")
    if level not in BOT_LEVELS:
        known = ", ".join(BOT_LEVELS)
        raise ValueError(f"unknown bot level {level!r} (known: {known})")
    options: dict[str, Any] = {}
    allowed = _LEVEL_OPTIONS.get(level, {})
    for item in filter(None, rest.split(";")):
        key, eq, value = item.partition("=")
        kind = allowed.get(key.strip())
        if not eq or kind is None:
            names = ", ".join(allowed) or "none"
            raise ValueError(f"bot level {level}: unknown option {item!r} (options: {names})")
        try:
            options[key.strip()] = kind(value)
        except ValueError:
            what = "0 or 1" if kind is _flag else "a number"
            raise ValueError(f"bot level {level}: {key} must be {what}, not {value!r}") from None
        if kind is not _flag and options[key.strip()] <= 0:
            raise ValueError(f"bot level {level}: {key} must be positive")
    return level, options


def make_bot(level: str, game: Game, seat: int, seed: int | None = None, **options: Any) -> Bot:
    """A bot of `level` (options after a colon: "ismcts:iterations=400") for `seat`.

    ValueError if there is no such level or option.
    """
    name, parsed = parse_level(level)
    parsed.update(options)
    return BOT_LEVELS[name](game, seat, seed, **parsed)  # type: ignore[call-arg]
