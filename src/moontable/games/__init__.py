"""The registry of games: one package per game."""

from __future__ import annotations

from moontable.engine import Game

GAME_IDS = ("courts", "moonflight", "moons", "bluemoon")


def get_game(game_id: str, rules: str | None = None) -> Game:
    """The rules of `game_id` (at rules version `rules` if given, for an older record); ValueError with a
    readable message if there is no such game or version."""
    game = _current(game_id)
    return game if rules is None else game.at_rules(rules)


def _current(game_id: str) -> Game:
    if game_id == "courts":
        from moontable.games.courts import COURTS

        return COURTS
    if game_id == "moonflight":
        from moontable.games.moonflight import MOONFLIGHT

        return MOONFLIGHT
    if game_id == "moons":
        from moontable.games.moons import MOONS

        return MOONS
    if game_id == "bluemoon":
        from moontable.games.bluemoon import BLUEMOON

        return BLUEMOON
    known = ", ".join(GAME_IDS)
    raise ValueError(f"unknown game {game_id!r} (known: {known})")
