"""Moons: a trick-taking game for 2-6 players whose suits are planets and whose ranks are their moons."""

from moontable.games.moons.game import MoonsGame

MOONS = MoonsGame()

__all__ = ["MOONS", "MoonsGame"]
