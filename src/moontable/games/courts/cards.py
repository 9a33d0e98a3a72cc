"""The Courts card catalogue: the Card type and the assembled deck, read once at import.

A card's event is data: a tuple of effect steps `(name, params)` from the vocabulary in
`effects.py` (place, remove, points, truce, free strength, lasting effects, ...). The cards
themselves live in one module per era (`cards_thaw.py`, `cards_bloom.py`, `cards_harvest.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

ERAS = ("thaw", "bloom", "harvest")
COURT_IDS = ("moon", "sun", "either")

Step = tuple[str, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    era: str  # thaw | bloom | harvest
    court: str  # moon | sun | either
    strength: int  # 1-4; 0 for a Fair (event only)
    starred: bool
    text: str
    effect: tuple[Step, ...]
    requires: dict[str, Any] | None = None  # the event happens only when this holds
    fair: str | None = None  # the reach a Fair scores
    tags: tuple[str, ...] = field(default_factory=tuple)
    owner: int = field(init=False, repr=False, compare=False)  # 0 Moon, 1 Sun, -1 either court

    def __post_init__(self) -> None:
        # a plain attribute, not a property: the engine and the bots ask it in every step
        object.__setattr__(self, "owner", {"moon": 0, "sun": 1, "either": -1}[self.court])

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "era": self.era,
            "court": self.court,
            "strength": self.strength,
            "starred": self.starred,
            "fair": self.fair,
            "text": self.text,
            "requires": self.requires,
            "effect": [[name, params] for name, params in self.effect],
        }


def fair(id: int, name: str, era: str, reach: str, text: str) -> Card:
    """A Fair: strength 0, either court, never starred; scores its reach when its event happens."""
    return Card(id, name, era, "either", 0, False, text, (("fair", {"reach": reach}),), fair=reach)


def _assemble() -> dict[int, Card]:
    from moontable.games.courts import cards_bloom, cards_harvest, cards_thaw

    out: dict[int, Card] = {}
    for module in (cards_thaw, cards_bloom, cards_harvest):
        for card in module.CARDS:
            if card.id in out or card.id <= 0:
                raise ValueError(f"card id {card.id} is used twice or is not positive")
            out[card.id] = card
    return out


CARDS: dict[int, Card] = _assemble()
BELL = 0  # the Moot Bell's id in actions: it is not a card of the deck
# The courts' cards mirror each other, except these Sun cards, one strength above their Moon twins:
# between equal bots the Moon (first to move, first to hold the Bell) won 56% of 200 games with an
# exact mirror and 51% of 400 with 9, 13 and 48 raised; Kite Charter (11) joined them when searching
# bots still showed the Moon ahead in the Highwold (docs/courts-balance.md).
SUN_BALANCE_BOOST: frozenset[int] = frozenset((9, 11, 13, 48))
ERA_CARDS: dict[str, tuple[int, ...]] = {
    era: tuple(sorted(c.id for c in CARDS.values() if c.era == era)) for era in ERAS
}

# The cards as older rules versions had them, by version: only those that differ from CARDS, so that
# a record of that version replays to exactly what was played (DESIGN.md, "A record verifies for ever").
OLD_CARDS: dict[int, dict[int, Card]] = {
    1: {  # courts/1, before the Sun's balance boost of courts/2
        11: replace(CARDS[11], strength=2),
        63: replace(CARDS[63], text=CARDS[63].text.replace("Place 3", "Place 2"),
                    effect=(("place", {**CARDS[63].effect[0][1], "n": 2}), *CARDS[63].effect[1:])),
    },
}


def card_at(rules: int, card: int) -> Card:
    """`card` as rules version `rules` (courts/N) has it."""
    if rules > 1:  # the usual case, and asked in every search step
        return CARDS[card]
    return OLD_CARDS[1].get(card) or CARDS[card]
