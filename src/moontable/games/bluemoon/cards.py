"""Blue Moon content types: cards, leaders, inquisitors, emissaries and dragons (all data, read once).

A card's special text is data: a tuple of steps `(name, params)` from the effect vocabulary of
effects.py (draw, discard, scrap, power, bar, ignore, must_play, ...). Steps of a static kind
(`STATIC_STEPS`) work while the card is active; every other step happens once, when the card is
played. A people's keyword (KINDLE, ROOTED, MIRROR, GUST) is named code in rules.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Step = tuple[str, dict[str, Any]]

KINDS = ("character", "booster", "support", "leadership", "hyla", "crystal")
COMBAT_KINDS = ("character", "booster", "support")
LEADERSHIP_PHASE_KINDS = ("leadership", "hyla", "crystal")  # BM64
ELEMENTS = ("fire", "earth")
ICONS = ("fire_shield", "earth_shield", "stop", "free", "pair", "retrieve", "protected", "replace")
KEYWORDS = ("kindle", "rooted", "mirror", "gust")
SHIELD_OF = {"fire": "fire_shield", "earth": "earth_shield"}
ICON_TEXT = {
    "fire_shield": "Fire shield: exempt from the power check in a Fire fight while active",
    "earth_shield": "Earth shield: exempt from the power check in an Earth fight while active",
    "stop": "STOP: once it is played, you play no further card this turn",
    "free": "FREE: does not count toward the one booster-or-support limit",
    "pair": "PAIR: may be played in the same turn as its partner, which then does not count toward the limits",
    "retrieve": "RETRIEVE: on your turn, before you play a character, you may take it back from play into your hand",
    "protected": "PROTECTED: the opponent's card effects cannot ignore or discard it",
    "replace": "REPLACE: in your leadership phase you may discard it without effect and draw a card in its place",
}
# steps that work while their card is active (the others happen once, when the card is played)
STATIC_STEPS = frozenset(("boost_supports", "boost_boosters", "must_attract"))
# "I must ..." instructions (BM72): never ignored, never barred
MUST_STEPS = frozenset(("must_play", "must_draw", "must_discard_end", "must_attract"))


@dataclass(frozen=True, slots=True)
class Card:
    id: str  # "cm07": the people's prefix and the card's number; "en03" for the envoys' cards
    name: str
    kind: str  # one of KINDS
    people: str | None  # the people printed before the number; None for cards of no people
    number: int
    fire: int = 0
    earth: int = 0
    moons: int = 0
    icons: frozenset[str] = frozenset()
    pair: str | None = None  # the pair name printed on both cards of a PAIR
    keyword: str | None = None  # the people's own keyword, defined in its rules text
    chosen: bool = False  # a Chosen One: a leadership card that works for both players, the opponent first
    dragon: str | None = None  # a crystal card: the dragon it names
    expansion: bool = False  # one of a people's three expansion cards (BM75)
    text: str = ""
    effects: tuple[Step, ...] = ()

    def value(self, element: str) -> int:
        return self.fire if element == "fire" else self.earth

    @property
    def label(self) -> str:
        """The people and number as printed, e.g. "Cindermark 07"."""
        from moontable.games.bluemoon.content import PEOPLE_NAMES

        return f"{PEOPLE_NAMES.get(self.people or '', 'Envoy')} {self.number:02d}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "name": self.name, "kind": self.kind, "people": self.people, "number": self.number,
            "label": self.label, "moons": self.moons, "icons": sorted(self.icons), "text": self.text,
            "effects": [[name, params] for name, params in self.effects],
        }
        if self.kind in COMBAT_KINDS:
            out["fire"], out["earth"] = self.fire, self.earth
        for key in ("pair", "keyword", "dragon"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.chosen:
            out["chosen"] = True
        if self.expansion:
            out["expansion"] = True
        return out


@dataclass(frozen=True, slots=True)
class People:
    id: str
    name: str
    prefix: str
    leader: str  # the leader's name
    keyword: str
    style: str  # the people's way of playing, in a sentence
    keyword_text: str
    deck_size: int = 30  # BM74
    moons: int = 10
    cards: tuple[Card, ...] = field(default_factory=tuple)  # 30 base cards, then the 3 expansion cards

    @property
    def leader_id(self) -> str:
        return f"{self.prefix}-leader"

    @property
    def base(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if not c.expansion)

    @property
    def expansion(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if c.expansion)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "leader": {"id": self.leader_id, "name": self.leader,
                                                              "deck_size": self.deck_size, "moons": self.moons},
                "keyword": self.keyword, "keyword_text": self.keyword_text, "style": self.style,
                "base": list(self.base), "expansion": list(self.expansion)}


@dataclass(frozen=True, slots=True)
class Inquisitor:
    id: str
    name: str
    deck_size: int  # added to the leader's deck size (BM48)
    moons: int  # added to the leader's moons allowance
    rule: str | None  # the one further restriction the deck builder checks (BM77)
    rule_n: int = 0
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "deck_size": self.deck_size, "moons": self.moons,
                "rule": self.rule, "rule_n": self.rule_n, "text": self.text}


@dataclass(frozen=True, slots=True)
class Emissary:
    id: str
    name: str
    cards: tuple[str, ...]  # the seven cards it adds (BM42)
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "cards": list(self.cards), "text": self.text}


@dataclass(frozen=True, slots=True)
class Dragon:
    id: str
    name: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "text": self.text}


def card(kind: str, people: str | None, prefix: str, number: int, name: str, fire: int = 0, earth: int = 0, *,
         moons: int = 0, icons: tuple[str, ...] = (), pair: str | None = None, keyword: str | None = None,
         chosen: bool = False, dragon: str | None = None, text: str = "", effects: tuple[Step, ...] = (),
         expansion: bool = False) -> Card:
    return Card(id=f"{prefix}{number:02d}", name=name, kind=kind, people=people, number=number, fire=fire,
                earth=earth, moons=moons, icons=frozenset(icons), pair=pair, keyword=keyword, chosen=chosen,
                dragon=dragon, expansion=expansion, text=text, effects=effects)


class Maker:
    """Card constructors bound to one people (or to the envoys: people None)."""

    def __init__(self, people: str | None, prefix: str, keyword: str | None = None) -> None:
        self.people, self.prefix, self.keyword = people, prefix, keyword

    def _make(self, kind: str, number: int, name: str, fire: int, earth: int, kw: bool = False,
              **kwargs: Any) -> Card:
        if kw:
            kwargs["keyword"] = self.keyword
        return card(kind, self.people, self.prefix, number, name, fire, earth, **kwargs)

    def character(self, number: int, name: str, fire: int, earth: int, **kwargs: Any) -> Card:
        return self._make("character", number, name, fire, earth, **kwargs)

    def booster(self, number: int, name: str, fire: int, earth: int, **kwargs: Any) -> Card:
        return self._make("booster", number, name, fire, earth, **kwargs)

    def support(self, number: int, name: str, fire: int, earth: int, **kwargs: Any) -> Card:
        return self._make("support", number, name, fire, earth, **kwargs)

    def leadership(self, number: int, name: str, text: str, effects: tuple[Step, ...], **kwargs: Any) -> Card:
        return self._make("leadership", number, name, 0, 0, text=text, effects=effects, **kwargs)

    def hyla(self, number: int, name: str, text: str, effects: tuple[Step, ...], **kwargs: Any) -> Card:
        return self._make("hyla", number, name, 0, 0, text=text, effects=effects, **kwargs)

    def crystal(self, number: int, name: str, dragon: str, **kwargs: Any) -> Card:
        return self._make("crystal", number, name, 0, 0, dragon=dragon, **kwargs)
