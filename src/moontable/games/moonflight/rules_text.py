"""Readable text: the card list (`moontable rules moonflight`, docs/moonflight-cards.md) and log lines."""

from __future__ import annotations

from typing import Any

from moontable.games.moonflight.cards import Card, End
from moontable.games.moonflight.cards_common import GENERIC, STARTERS
from moontable.games.moonflight.content import CARDS, JACKS, TITLES, supply_problems


def _stab(e: End) -> str:
    return "–" if e.stability is None else str(e.stability)


def _row(c: Card) -> str:
    b, w = c.black, c.white
    return (f"| {c.name} | {c.copies} | {b.cost} | {b.score} | {_stab(b)} | {b.text} | {w.cost} | {w.score} | "
            f"{_stab(w)} | {w.text} |")


HEADER = ("| card | copies | black cost | black score | black stability | black text | white cost | white score | "
          "white stability | white text |\n|---|---|---|---|---|---|---|---|---|---|")


def content_text() -> str:
    out = [
        "# Moonflight cards",
        "",
        "Generated from the card data (`src/moontable/games/moonflight/cards_*.py`): regenerate with",
        "`python -m moontable.games.moonflight.rules_text > docs/moonflight-cards.md`.",
        "",
        "Every card has two ends: black is active before the Turn, white after it. Stability \"–\" means",
        "no card may ever be Set onto it.",
        "",
        "## Starter cards (suit S, each player: 7 Money, 3 Waste)",
        "",
        HEADER,
        *(_row(c) for c in STARTERS),
        "",
        "## Generic Market Stacks (copies per player)",
        "",
        HEADER,
        *(_row(c) for c in GENERIC),
    ]
    for j in JACKS.values():
        sup = [c.id for c in j.supply for _ in range(c.copies)]
        ok = "meets" if not supply_problems(sup) else "BREAKS"
        white = sum(c.white.score * c.copies for c in j.supply)
        black = sum(c.black.score * c.copies for c in j.supply)
        out += [
            "",
            f"## {j.name}",
            "",
            f"{j.style}",
            "",
            f"- Black ability: {j.card.black.text}",
            f"- White ability: {j.card.white.text}",
            f"- Supply Stack: {len(sup)} cards, {len(j.supply)} types, pre-Turn score {black}, post-Turn score "
            f"{white} ({ok} the market-building rule)",
            "",
            HEADER,
            *(_row(c) for c in j.supply),
            "",
            "AI card:",
            "",
            *(f"- {line}" for line in j.ai.text),
        ]
    out += ["", "## Score Mode titles", "", "| score | title | |", "|---|---|---|"]
    bounds = ["10+", "7-9", "4-6", "3 or less"]
    out += [f"| {b} | {name} | {line} |" for b, (_low, name, line) in zip(bounds, TITLES, strict=True)]
    out += ["", *NOTES]
    return "\n".join(out) + "\n"


NOTES = (
    "## Options, randomness and rulings of this engine",
    "",
    "- Options: `{\"seats\": 1-4, \"jacks\": [a Jack id or null per seat] (optional), \"mode\": "
    "\"standard\" | \"score\", \"ai\": true | false}`. One seat plays Score Mode by default. Without `jacks` the "
    "Jacks are dealt from the fair stream; a seat given null takes the first of the shuffled Jacks that no seat "
    "chose. `ai: true` is AI Mode: every seat but seat 0 is meant to be played by its Jack's AI card (the "
    "`ai-card` bot level); seat 0 wins only if its Jack wins.",
    "- Randomness, in order: `below(N)` for the First Player Marker; a shuffle of the four Jacks if `jacks` is not "
    "given or leaves a seat null; each Supply Stack's shuffle and each starter deck's shuffle, in seat order; "
    "then every reshuffle of a Discard Stack into a Draw Deck, when play needs it.",
    "- One decision is one card, one Act or one target: Play, Spend, Shop, Build and Pass are Acts; a Shop of your "
    "own suit goes on (form 2) one top card at a time; Build, Discard, Trash, Set, Deal and the Reset choices ask "
    "for one card at a time. When Pass is the only Act left, the engine passes for the player.",
    "- Triggered abilities fire once per card moved by an effect naming their verb, after the whole instruction "
    "(a plain Move never fires Discard, Trash, Set, Draw, Purchase or Deal triggers). Spend costs in cards are "
    "Moves, not Discards.",
    "- Rules Contradictions: of several \"Your retain limit is N\" effects, a card in play without Settled cards "
    "beats one with them, which beats the character, which beats the main rule (1). Among cards alike, the one "
    "that would leave play first wins: fewer Settled cards, then the one played first.",
    "- A card's owner is the player whose zones hold it: a card pushed onto a player's Draw Deck is theirs.",
    "- Every AI card ends with the same line: after the Turn, while the player owns more cards in hand, Draw "
    "Deck, Discard Stack and bare cards in play than its hand limit, it loses its lowest scoring cards when it "
    "must choose, pays card costs and Builds with them, and Shops only for cards better than its worst.",
    "- A game that reaches 150 Rounds ends with reason `cap`: a safety limit that the tests count as a failure.",
)


def _name(card: Any) -> str:
    return CARDS[card].name if isinstance(card, str) and card in CARDS else str(card)


def describe_event(e: dict[str, Any]) -> str | None:
    t = e["type"]
    who = f"seat {e.get('seat')}"
    if t == "play":
        return f"{who} plays {_name(e['card'])}"
    if t == "purchase":
        return f"{who} purchases {_name(e['card'])}" + (f" for {e['spent']}" if e.get("spent") else " free")
    if t == "draw":
        cards = e.get("cards")
        return f"{who} draws " + (", ".join(_name(c) for c in cards) if cards else f"{e['n']} card(s)")
    if t in ("discard", "trash"):
        return f"{who} {t}s {_name(e['card'])}"
    if t == "to_trash":
        return f"{who} moves {_name(e['card'])} to their Trash Stack"
    if t == "to_market":
        return f"{who} moves {_name(e['card'])} onto Market Stack {e['market']}"
    if t == "deal":
        return f"{who} deals {_name(e['card'])} onto Market Stack {e['market']}"
    if t == "gain":
        return f"{who} gains {e['n']}"
    if t == "spend":
        return f"{who} spends on {_name(e['card'])}"
    if t == "set":
        return f"{who} Sets " + (_name(e["card"]) if "card" in e else "a card") + f" onto #{e['uid']}"
    if t == "take":
        return f"{who} takes " + (_name(e["card"]) if "card" in e else "a card") + f" from their {e['zone']}"
    if t == "push":
        return f"{who} pushes {_name(e['card'])} onto seat {e['target']}'s Draw Deck"
    if t == "reveal":
        return f"{who} reveals " + (", ".join(_name(c) for c in e["cards"]) or "nothing")
    if t == "blocked":
        return f"{_name(e['card'])} cannot be Trashed: it goes back face down"
    if t == "turn":
        return "THE TURN: every card spins to its white end"
    if t == "round":
        return f"round {e['round']}, first player seat {e['first']}"
    if t == "counter":
        return f"Score Mode: {e['which']} token(s) removed ({e['tokens'][0]} Turn, {e['tokens'][1]} End left)"
    if t == "end":
        return f"THE END: scores {e['scores']}"
    if t == "shuffle":
        return f"{who} shuffles their Discard Stack into a new Draw Deck"
    return None


if __name__ == "__main__":
    print(content_text(), end="")
