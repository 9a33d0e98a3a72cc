"""Readable text: the whole content (`moontable rules bluemoon`, docs/bluemoon-cards.md) and log lines.

Regenerate the card list with `python -m moontable.games.bluemoon.rules_text > docs/bluemoon-cards.md`.
"""

from __future__ import annotations

from typing import Any

from moontable.games.bluemoon.cards import ICON_TEXT, Card
from moontable.games.bluemoon.content import CARDS, DRAGON_NAMES, DRAGONS, EMISSARIES, INQUISITORS, PEOPLES
from moontable.words import count

_ICON_SHORT = {"fire_shield": "Fire shield", "earth_shield": "Earth shield", "stop": "STOP", "free": "FREE",
               "pair": "PAIR", "retrieve": "RETRIEVE", "protected": "PROTECTED", "replace": "REPLACE"}


def _icons(c: Card) -> str:
    out = [_ICON_SHORT[i] for i in sorted(c.icons)]
    if c.pair:
        out[out.index("PAIR")] = f"PAIR ({c.pair})"
    return ", ".join(out)


def _row(c: Card) -> str:
    values = f"{c.fire} | {c.earth}" if c.kind in ("character", "booster", "support") else "– | –"
    kind = "Chosen One" if c.chosen else c.kind
    text = c.text or ""
    return f"| {c.label} | {c.name} | {kind} | {values} | {c.moons} | {_icons(c)} | {text} |"


HEADER = "| card | name | kind | Fire | Earth | moons | icons | text |\n|---|---|---|---|---|---|---|---|"


def content_text() -> str:
    out = [
        "# Blue Moon: peoples, envoys, inquisitors and dragons",
        "",
        "Generated from the card data (`src/moontable/games/bluemoon/cards_*.py`): regenerate with",
        "`python -m moontable.games.bluemoon.rules_text > docs/bluemoon-cards.md`.",
        "",
        "## Dragons",
        "",
        *(f"- **{d.name}**: {d.text}" for d in DRAGONS),
        "",
        "## Icons",
        "",
        *(f"- {text}" for text in ICON_TEXT.values()),
    ]
    for p in PEOPLES.values():
        moons = sum(CARDS[c].moons for c in p.base)
        out += ["", f"## {p.name}", "", f"Leader: **{p.leader}** (deck size {p.deck_size}, moons {p.moons}). "
                f"{p.style}", "", f"{p.keyword_text}", "",
                f"Base deck: {len(p.base)} cards carrying {moons} moons; expansion cards: "
                f"{', '.join(CARDS[c].name for c in p.expansion)}.", "", HEADER,
                *(_row(c) for c in p.cards)]
    out += ["", "## The envoys' cards (no people)", "", HEADER,
            *(_row(c) for c in CARDS.values() if c.people is None)]
    out += ["", "## Emissaries (quick start: a people deck, its 3 expansion cards and the emissary's 7 make 40)", ""]
    for e in EMISSARIES.values():
        out.append(f"- **{e.name}**: {', '.join(CARDS[c].name for c in e.cards)}. {e.text}")
    out += ["", "## Inquisitors (deck building)", ""]
    for q in INQUISITORS.values():
        out.append(f"- **{q.name}**: {q.text}")
    return "\n".join(out) + "\n"


def _name(c: Any) -> str:
    return CARDS[c].name if isinstance(c, str) and c in CARDS else str(c)


def describe_event(e: dict[str, Any]) -> str | None:
    t = e.get("type")
    who = f"seat {e.get('seat')}"
    if t == "chosen":
        return None  # the table says so itself; the choice stays secret until both are in
    if t == "reveal":
        from moontable.games.bluemoon.content import PEOPLES as P

        return "decks revealed: " + " against ".join(P[d["people"]].name for d in e["decks"])
    if t == "start":
        return f"seat {e['starter']} starts the first fight"
    if t == "draw":
        cards = e.get("cards")
        return f"{who} draws {', '.join(_name(c) for c in cards)}" if cards else f"{who} draws {count(e['n'], 'card')}"
    if t == "fight":
        return f"{who} starts a fight in {e['element'].upper()}"
    if t in ("character", "booster", "support"):
        kindled = e.get("kindled")
        extra = f" (KINDLE: {', '.join(_name(c) for c in kindled)} move onto it)" if kindled else ""
        return f"{who} plays {_name(e['card'])}{extra}"
    if t == "lead":
        return f"{who} plays {_name(e['card'])}"
    if t == "crystal":
        return f"{who} displays {_name(e['card'])}"
    if t == "clash":
        return f"{who} gives up {_name(e['card'])}, the opponent {_name(e['foe_card'])}"
    if t == "replace":
        return f"{who} uses REPLACE on {_name(e['card'])}"
    if t == "retrieve":
        return f"{who} takes {_name(e['card'])} back into their hand"
    if t == "recover":
        return f"{who} takes {_name(e['card'])} from the discard pile into their hand"
    if t == "discard":
        return f"{who} discards {_name(e['card'])}" + (" (at random)" if e.get("why") == "random" else "")
    if t == "switch":
        return f"the fight switches to {e['element'].upper()}"
    if t == "decline":
        return f"{who} declines to start a fight"
    if t == "must_decline":
        return f"{who} holds no character and must decline"
    if t == "must_retreat":
        return f"{who} cannot reach the power and must retreat"
    if t == "short":
        return f"{who} falls short at the power check"
    if t == "rooted":
        return f"{who} has three ROOTED supports: the fight is won"
    if t == "retreat":
        return f"{who} retreats"
    if t == "fight_won":
        return f"{who} wins the fight and attracts {count(e['dragons'], 'dragon')}"
    if t == "dragon":
        to = "the middle" if e["to"] == -1 else f"seat {e['to']}"
        return f"{DRAGON_NAMES[e['dragon']]} flies to {to}"
    if t == "out":
        return f"{who} has run out of cards"
    if t == "end":
        return f"seat {e['winner']} wins the game: {count(e['crystals'][e['winner']], 'crystal')}"
    return None


if __name__ == "__main__":
    print(content_text(), end="")
