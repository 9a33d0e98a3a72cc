"""All Moonflight content, read once: cards by id, the four Jacks, and what a game of N players uses."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from moontable.games.moonflight import cards_bond, cards_clay, cards_cot, cards_words
from moontable.games.moonflight.cards import SUIT_CHARACTER, SUIT_STARTER, SUITS_GENERIC, Card, End, Jack
from moontable.games.moonflight.cards_common import GENERIC, STARTERS

JACK_ORDER = ("clay", "words", "cot", "bond")
JACKS: dict[str, Jack] = {j.id: j for j in (cards_clay.JACK, cards_words.JACK, cards_cot.JACK, cards_bond.JACK)}

CARDS: dict[str, Card] = {}
for _c in (*STARTERS, *GENERIC):
    CARDS[_c.id] = _c
for _j in JACKS.values():
    CARDS[_j.card.id] = _j.card
    for _c in _j.supply:
        CARDS[_c.id] = _c

GENERIC_IDS = tuple(c.id for c in GENERIC)
STARTER_DECK = ("money",) * 7 + ("waste",) * 3  # MF11
START_COINS = 5  # MF13
START_HAND = 5
COIN_TOKENS = 40  # MF1
COIN_CAP = 5  # MF45
BASE_HAND_LIMIT = 5  # MF48
BASE_RETAIN_LIMIT = 1  # MF44
SUPPLY_SIZE = 24
MARKETS_PER_JACK = 3
REFERENCE_CARDS = 4  # one Round-and-Reset reference card per player: the box's 180 cards are all accounted for
AI_CARDS = 4
SCORE_TOKENS = 8  # MF114

# every card by id with its end, for quick rule lookups: END[turned][card] (0: black, 1: white)
END: tuple[dict[str, End], dict[str, End]] = (
    {cid: c.black for cid, c in CARDS.items()},
    {cid: c.white for cid, c in CARDS.items()},
)
# The ends as moonflight/1 had them, for replaying its records: Shallow Grave cost 2 before the Turn (0 since
# moonflight/2, so that the rulebook's five-coin Shop of two Bury, a Rise Up and a Shallow Grave holds).
END_V1: tuple[dict[str, End], dict[str, End]] = (
    {**END[0], "shallow_grave": replace(CARDS["shallow_grave"].black, cost=2)},
    END[1],
)
SUIT: dict[str, str] = {cid: c.suit for cid, c in CARDS.items()}
BEST_SCORE: dict[str, int] = {cid: max(c.black.score, c.white.score) for cid, c in CARDS.items()}  # MF128


def supply_cards(jack: str) -> list[str]:
    """The 24 cards of a Jack's Supply Stack, in content order (shuffled at set-up)."""
    return [c.id for c in JACKS[jack].supply for _ in range(c.copies)]


def generic_stack(card: Card, players: int) -> list[str]:
    return [card.id] * (card.copies * players)  # MF9: 2N Power, Fealty, Wealth; N Riches, Opulence


def game_cards(jacks: list[str]) -> Counter[str]:
    """Every card a game with these Jacks uses (characters aside): what the zones must always hold."""
    n = len(jacks)
    out: Counter[str] = Counter()
    for j in jacks:
        out.update(supply_cards(j))
        out.update(STARTER_DECK)
    for c in GENERIC:
        out.update(generic_stack(c, n))
    return out


def box_cards() -> int:
    """MF1: the box's card count: four Jacks' supplies, starters, generic cards for four, the four
    character cards, four AI cards and four reference cards."""
    return (sum(len(supply_cards(j)) for j in JACKS) + 4 * len(STARTER_DECK)
            + sum(len(generic_stack(c, 4)) for c in GENERIC) + len(JACKS) + AI_CARDS + REFERENCE_CARDS)


def supply_problems(supply: list[str]) -> list[str]:
    """MF129, MF130: what makes a Supply Stack illegal for the market-building rule (empty: legal)."""
    problems = []
    if len(supply) != SUPPLY_SIZE:
        problems.append(f"{len(supply)} cards, not {SUPPLY_SIZE}")
    names = {CARDS[c].name for c in supply}
    if len(names) != 8:
        problems.append(f"{len(names)} card types, not 8")
    white = sum(CARDS[c].white.score for c in supply)
    black = sum(CARDS[c].black.score for c in supply)
    if white != 13:
        problems.append(f"post-Turn scores total {white}, not 13")
    if black != 2:
        problems.append(f"pre-Turn scores total {black}, not 2")
    return problems


def content_json() -> dict[str, Any]:
    return {
        "game": "moonflight",
        "components": {"cards": box_cards(), "coin_tokens": COIN_TOKENS, "first_player_marker": 1},
        "jacks": [
            {"id": j.id, "name": j.name, "style": j.style, "black": j.card.black.to_json()["text"],
             "white": j.card.white.to_json()["text"], "supply": [c.id for c in j.supply], "ai": j.ai.to_json()}
            for j in JACKS.values()
        ],
        "cards": [c.to_json() for c in CARDS.values() if c.suit != SUIT_CHARACTER],
        "generic": list(GENERIC_IDS),
        "starter_deck": list(STARTER_DECK),
        "titles": [list(t) for t in TITLES],
    }


# MF121, MF122: Score Mode titles, (lowest score, title, line)
TITLES = (
    (10, "Prince of Moonflight", "Your every whim is a tarantella in the eternal dance."),
    (7, "Courtier", "You may lead, when the music plays."),
    (4, "Guildsman", "You may follow when others lead."),
    (-999, "Mere Fay", "You will not see the dance, you do not hear the music."),
)


def title_for(score: int) -> str:
    for low, name, _line in TITLES:
        if score >= low:
            return name
    return TITLES[-1][1]


__all__ = ["CARDS", "JACKS", "JACK_ORDER", "SUIT", "SUITS_GENERIC", "SUIT_STARTER", "TITLES", "title_for"]
