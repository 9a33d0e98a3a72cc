"""The Thaw cards: the start of the year (turns 1-3), ids 1-36."""

from moontable.games.courts.cards import Card, fair

CARDS: tuple[Card, ...] = (
    fair(1, "Highwold Fair", "thaw", "highwold", "Score the Highwold. Hold of the Highwold wins the game."),
    fair(2, "Saltmarsh Fair", "thaw", "saltmarsh", "Score the Saltmarsh."),
    fair(3, "Farrow Fair", "thaw", "farrow", "Score the Farrow Isles."),
)
