"""Courts of Sun and Moon: two courts vie for 36 towns over ten turns."""

from moontable.games.courts.game import CourtsGame

COURTS = CourtsGame()

__all__ = ["COURTS", "CourtsGame"]
