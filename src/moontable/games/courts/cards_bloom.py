"""The Bloom cards: shuffled in at turn 4, ids 37-78."""

from moontable.games.courts.cards import Card, fair

CARDS: tuple[Card, ...] = (
    fair(37, "Glasswater Fair", "bloom", "glasswater", "Score the Glasswater."),
    fair(38, "Emberdale Fair", "bloom", "emberdale", "Score the Emberdale."),
    fair(39, "Midsummer Fair", "bloom", "highwold", "Score the Highwold. Hold of the Highwold wins the game."),
)
