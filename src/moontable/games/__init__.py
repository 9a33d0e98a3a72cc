"""The registry of games: one package per game."""

from __future__ import annotations

from moontable.engine import Game

GAME_IDS = ("courts", "moonflight", "moons", "bluemoon")


def get_game(game_id: str) -> Game:
    """The rules of `game_id`; ValueError with a readable message if there is no such game."""
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
