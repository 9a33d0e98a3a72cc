"""Moonflight: a 1-4 player deck builder that turns, halfway, into a deck unbuilder."""

from moontable.games.moonflight.game import MoonflightGame

MOONFLIGHT = MoonflightGame()

__all__ = ["MOONFLIGHT", "MoonflightGame"]
