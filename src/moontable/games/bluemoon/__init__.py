"""Blue Moon: the two-player duel of peoples and dragons, with emissaries, inquisitors and crystals."""

from moontable.games.bluemoon.game import BlueMoonGame

BLUEMOON = BlueMoonGame()

__all__ = ["BLUEMOON", "BlueMoonGame"]
