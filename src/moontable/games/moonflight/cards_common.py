"""The cards every game uses: the starter cards (suit S) and the five generic Market Stacks."""

from __future__ import annotations

from moontable.games.moonflight.cards import SUIT_STARTER, SUITS_GENERIC, Card, E

NONE = "(no instructions)"

MONEY = Card(
    "money", "Money", SUIT_STARTER, 7,
    E(0, 0, None, "Gain 1.", ("gain", 1)),
    E(0, 0, None, "Gain 1. Trash this card.", ("gain", 1), ("trash_this",)),
)
WASTE = Card(
    "waste", "Waste", SUIT_STARTER, 3,
    E(0, 0, None, NONE),
    E(0, 0, None, "Trash this card.", ("trash_this",)),
)

POWER = Card(
    "power", "Power", SUITS_GENERIC, 2,
    E(3, 0, 1, "Draw 2 cards.", ("draw", 2)),
    E(2, 0, None, "Trash up to 2 cards.", ("trash_upto", 2)),
    per_player=True,
)
FEALTY = Card(
    "fealty", "Fealty", SUITS_GENERIC, 2,
    E(2, 0, 1, "Your retain limit is 2. Gain 1.", ("gain", 1), retain_is=2),
    E(3, 1, 1, "Your retain limit is 2.", retain_is=2),
    per_player=True,
)
WEALTH = Card(
    "wealth", "Wealth", SUITS_GENERIC, 2,
    E(3, 0, None, "Gain 2.", ("gain", 2)),
    E(4, 1, None, "Gain 1.", ("gain", 1)),
    per_player=True,
)
RICHES = Card(
    "riches", "Riches", SUITS_GENERIC, 1,
    E(5, 0, None, "Gain 3.", ("gain", 3)),
    E(5, 2, None, NONE),
    per_player=True,
)
OPULENCE = Card(
    "opulence", "Opulence", SUITS_GENERIC, 1,
    E(7, 1, None, "Gain 4.", ("gain", 4)),
    E(7, 3, None, NONE),
    per_player=True,
)

STARTERS = (MONEY, WASTE)
GENERIC = (POWER, FEALTY, WEALTH, RICHES, OPULENCE)  # the order of the five generic Market Stacks
