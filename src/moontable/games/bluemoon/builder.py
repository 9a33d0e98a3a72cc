"""The deck builder a bot (and `moontable deck new`) uses: a legal deck for a leader and an inquisitor.

It ranks cards by a rough worth (values, icons, texts), fills the deck with the leader's people's best
cards, then swaps in better cards of other peoples or of no people while the moons allowance and the
inquisitor's restriction allow. With a generator the worths are jittered, so a bot builds varied decks.
"""

from __future__ import annotations

import random
from typing import Any

from moontable.games.bluemoon.content import CARDS, INQUISITORS, PEOPLES
from moontable.games.bluemoon.decks import check_deck

_KIND_WORTH = {"leadership": 3.0, "hyla": 3.2, "crystal": 4.0}


def card_worth(c: str) -> float:
    card = CARDS[c]
    if card.kind in _KIND_WORTH:
        w = _KIND_WORTH[card.kind] - (0.5 if card.chosen else 0.0)
    elif card.kind == "character":
        hi, lo = max(card.fire, card.earth), min(card.fire, card.earth)
        w = hi + 0.5 * lo
        w += 1.5 * (("fire_shield" in card.icons) + ("earth_shield" in card.icons))
        w += 1.0 if card.effects or card.keyword else 0.0
    elif card.kind == "booster":
        w = 0.8 * (card.fire + card.earth) + (1.0 if "free" in card.icons else 0.0)
    else:
        w = 1.2 * (card.fire + card.earth) + 2.0 * (("fire_shield" in card.icons) + ("earth_shield" in card.icons))
        w += 1.0 if card.keyword else 0.0
    w += 0.3 if "replace" in card.icons else 0.0
    w += 0.4 if "retrieve" in card.icons else 0.0
    return w


def build_deck(people: str, inquisitor: str, rng: random.Random | None = None, name: str | None = None
               ) -> dict[str, Any]:
    """A legal deck-building deck (BM45-BM48, BM77) for `people`'s leader and `inquisitor`."""
    p = PEOPLES[people]
    q = INQUISITORS[inquisitor]
    size = p.deck_size + q.deck_size
    allowance = p.moons + q.moons

    def worth(c: str) -> float:
        return card_worth(c) + (rng.uniform(-1.0, 1.0) if rng is not None else 0.0)

    def allowed(c: str, chosen: list[str]) -> bool:
        card = CARDS[c]
        if q.rule == "own_characters" and card.kind == "character" and card.people != people:
            return False
        if q.rule == "max_leadership" and card.kind == "leadership":
            return sum(1 for x in chosen if CARDS[x].kind == "leadership") < q.rule_n
        return True

    own = sorted(p.cards, key=lambda c: -worth(c.id))
    chosen: list[str] = []
    for c in own:
        if len(chosen) < size and allowed(c.id, chosen):
            chosen.append(c.id)
    foreign = sorted((c for c in CARDS.values() if c.people != people), key=lambda c: -worth(c.id) / (1 + c.moons))
    moons = 0
    for c in foreign:
        if moons + c.moons > allowance or not allowed(c.id, chosen):
            continue
        if len(chosen) < size:
            chosen.append(c.id)
            moons += c.moons
            continue
        weakest = min((x for x in chosen if CARDS[x].people == people), key=worth, default=None)
        if weakest is not None and worth(c.id) > worth(weakest) + 0.5:
            chosen.remove(weakest)
            if allowed(c.id, chosen):
                chosen.append(c.id)
                moons += c.moons
            else:
                chosen.append(weakest)
    deck = {"name": name or f"{p.name} with {q.name}", "leader": p.leader_id, "inquisitor": inquisitor,
            "emissary": None, "cards": sorted(chosen)}
    problems = check_deck(deck, "build")
    if problems:  # the builder keeps every rule; a failure here is a bug in it
        raise AssertionError(f"the deck builder broke the rules: {problems}")
    return deck
