"""The assembled Blue Moon content: four peoples, the envoys' cards, emissaries, inquisitors, dragons.

Read once at import and checked: ids unique, 30 base and 3 expansion cards a people, every PAIR name
on exactly two cards, every step of the vocabulary known (effects.py checks that at its import).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from moontable.games.bluemoon import (
    cards_cindermark,
    cards_duskveil,
    cards_envoys,
    cards_galewright,
    cards_hollowroot,
)
from moontable.games.bluemoon.cards import ICON_TEXT, Card, Dragon, Emissary, Inquisitor, People

_MODULES = (cards_cindermark, cards_hollowroot, cards_duskveil, cards_galewright)

PEOPLES: dict[str, People] = {
    mod.PEOPLE: People(id=mod.PEOPLE, name=mod.NAME, prefix=mod.PREFIX, leader=mod.LEADER, keyword=mod.KEYWORD,
                       style=mod.STYLE, keyword_text=mod.KEYWORD_TEXT, cards=mod.CARDS)
    for mod in _MODULES
}
PEOPLE_ORDER: tuple[str, ...] = tuple(PEOPLES)
PEOPLE_NAMES: dict[str, str] = {p.id: p.name for p in PEOPLES.values()}
LEADERS: dict[str, str] = {p.leader_id: p.id for p in PEOPLES.values()}  # leader id -> people

DRAGONS: tuple[Dragon, ...] = cards_envoys.DRAGONS
DRAGON_IDS: tuple[str, ...] = tuple(d.id for d in DRAGONS)
DRAGON_NAMES: dict[str, str] = {d.id: d.name for d in DRAGONS}
EMISSARIES: dict[str, Emissary] = {e.id: e for e in cards_envoys.EMISSARIES}
INQUISITORS: dict[str, Inquisitor] = {q.id: q for q in cards_envoys.INQUISITORS}
ENVOY_CARDS: tuple[str, ...] = tuple(c.id for c in cards_envoys.CARDS)


def _assemble() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for c in [c for p in PEOPLES.values() for c in p.cards] + list(cards_envoys.CARDS):
        if c.id in out:
            raise ValueError(f"card id {c.id} is used twice")
        out[c.id] = c
    return out


CARDS: dict[str, Card] = _assemble()
# PAIR partners: each pair name is printed on exactly two cards (BM79)
PARTNER: dict[str, str] = {}


def _check() -> None:
    for p in PEOPLES.values():
        if len(p.base) != p.deck_size or len(p.expansion) != 3:
            raise ValueError(f"{p.name} needs {p.deck_size} base and 3 expansion cards")
        if not any(CARDS[c].chosen for c in p.expansion):
            raise ValueError(f"{p.name} has no Chosen One among its expansion cards")
        for c in p.cards:
            if c.people != p.id or not c.id.startswith(p.prefix):
                raise ValueError(f"{c.id} is not marked as a {p.name} card")
            if c.keyword is not None and c.keyword != p.keyword:
                raise ValueError(f"{c.id} shows another people's keyword")
    pairs: dict[str, list[str]] = {}
    for c in CARDS.values():
        if ("pair" in c.icons) != (c.pair is not None):
            raise ValueError(f"{c.id}: a PAIR card needs a pair name and only a PAIR card has one")
        if c.pair is not None:
            pairs.setdefault(c.pair, []).append(c.id)
        if "retrieve" in c.icons and c.kind not in ("booster", "support"):
            raise ValueError(f"{c.id}: RETRIEVE is printed only on boosters and supports")
        if "replace" in c.icons and c.kind == "leadership":
            raise ValueError(f"{c.id}: REPLACE is printed only on cards that are not leadership cards (BM79)")
        if (c.kind == "crystal") != (c.dragon is not None) or (c.dragon is not None and c.dragon not in DRAGON_IDS):
            raise ValueError(f"{c.id}: a crystal card names one of the three dragons")
        if c.chosen and c.kind != "leadership":
            raise ValueError(f"{c.id}: a Chosen One is a leadership card")
        unknown = set(c.icons) - set(ICON_TEXT)
        if unknown:
            raise ValueError(f"{c.id}: unknown icons {unknown}")
    for name, ids in pairs.items():
        if len(ids) != 2:
            raise ValueError(f"PAIR {name!r} is printed on {len(ids)} cards, not 2")
        PARTNER[ids[0]], PARTNER[ids[1]] = ids[1], ids[0]
    people_cards = {c for p in PEOPLES.values() for c in p.cards for c in (c.id,)}
    for e in EMISSARIES.values():
        if len(e.cards) != 7 or len(set(e.cards)) != 7 or set(e.cards) & people_cards or \
                not set(e.cards) <= set(CARDS):
            raise ValueError(f"{e.name} must list seven distinct cards of no people (BM76)")
    counts = Counter(c for e in EMISSARIES.values() for c in e.cards)
    if any(n > 1 for n in counts.values()):
        raise ValueError("a card is listed by both emissaries")
    for d in DRAGON_IDS:
        if not any(c.dragon == d for c in CARDS.values()):
            raise ValueError(f"the dragon {d} has no crystal card (BM78)")


_check()


def content_json() -> dict[str, Any]:
    """Everything as data (`moontable rules bluemoon --json`)."""
    from moontable.games.bluemoon.cards import KEYWORDS

    return {
        "game": "bluemoon",
        "peoples": [p.to_json() for p in PEOPLES.values()],
        "cards": [c.to_json() for c in CARDS.values()],
        "emissaries": [e.to_json() for e in EMISSARIES.values()],
        "inquisitors": [q.to_json() for q in INQUISITORS.values()],
        "dragons": [d.to_json() for d in DRAGONS],
        "icons": ICON_TEXT,
        "keywords": {p.keyword: p.keyword_text for p in PEOPLES.values() if p.keyword in KEYWORDS},
    }
