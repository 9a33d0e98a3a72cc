"""The Harvest cards: shuffled in at turn 8, ids 79-100."""

from moontable.games.courts.cards import Card

CARDS: tuple[Card, ...] = ()
