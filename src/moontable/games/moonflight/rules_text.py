"""Readable text: the card list (`moontable rules moonflight`, docs/moonflight-cards.md) and log lines."""

from __future__ import annotations

from typing import Any

from moontable.games.moonflight.cards import Card, End
from moontable.games.moonflight.cards_common import GENERIC, STARTERS
from moontable.games.moonflight.content import CARDS, JACKS, TITLES, supply_problems
from moontable.words import count


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
    out += ["", *EXAMPLES, "", *NOTES]
    return "\n".join(out) + "\n"


EXAMPLES = (
    "## The rulebook's worked examples",
    "",
    "Every worked example of the rulebook that names our cards holds with them, each played move by move by a test "
    "(`tests/moonflight/test_mf_examples.py`, and the rule tests named):",
    "",
    "- Acts: Clay and Bones Plays a Money and gains a coin, Bond and Kind Shops for a Loan (cost 0), Clay and Bones "
    "Plays another Money (MF16, MF20).",
    "- Build: Words and Names Sets a Waste on each of Oeuvre and Lesson; both stay in play, the Waste go at step 6, "
    "and step 3 draws to a hand of 8 (MF38, MF40).",
    "- Shop: Clay and Bones Spends 5 coin tokens on two Bury (1 each), a Rise Up (3) and the Shallow Grave a Bury "
    "uncovered (0) in one Shop (MF31, MF32). For this, Shallow Grave's black cost went from 2 to 0 "
    "(`moonflight/2`; `moonflight/1` records keep 2): the other ways to five, Bury at 0 or Rise Up at 1, would "
    "also have broken the step 4.1 example's extra coin or the cost Rise Up was raised to for balance. Balance "
    "held: 1,200 heuristic games (`moontable selfplay moonflight --games 1200 --bots heuristic,heuristic --jobs 1 "
    "--seed 1`) gave Clay and Bones 48.2% (50.0% at cost 2) and every pair of Jacks 43.5-52.5%.",
    "- Reset step 4.1: Clay and Bones covers a newly dealt Take It With You with its Bury; Cot and Hovel, after "
    "its Bricks, can buy Clay and Bones' cards only one a Shop, and Clay and Bones buys Bury and Take It With You "
    "in one Shop for 5 of its 6 coins; had it not covered it, Cot and Hovel takes it (MF33, MF57, MF59).",
    "- Discard the top 2 of your Draw Deck (Turn the Sod) fires Shallow Grave's \"When you Discard a card, Draw 1 "
    "card\" twice (MF89); \"If exactly 1 in hand, Trash it. Draw 1\" (Footnote, white) with more in hand only "
    "Draws (MF109); Trash the top 2 (Turn the Sod, white) blocked by Take It With You Trashes nothing (MF112).",
)


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
    "that would leave play first wins: fewer Settled cards. Cards that would leave play in the same step (as "
    "many Settled cards) go in their owner's order, so at Reset step 2 the owner chooses which of them takes "
    "precedence (MF93) — asked only when it matters: their limits differ and the hand holds more cards than the "
    "lower one keeps. The safe move and the bots take the higher limit (one may always keep fewer).",
    "- The Turn (MF55): a Supply Stack already empty when Reset step 4 begins turns the game before anyone "
    "deals; one that empties during a step-4 deal turns it at that card. Each player's step-4 deal is resolved "
    "with its triggers before the next player's, so a \"When you Deal\" ability reads the text upright when "
    "the card was dealt: black before the Turn, white after it.",
    "- A card's owner is the player whose zones hold it: a card pushed onto a player's Draw Deck is theirs.",
    "- Every AI card ends with the same line: after the Turn, while the player owns more cards in hand, Draw "
    "Deck, Discard Stack and bare cards in play than its hand limit, it loses its lowest scoring cards when it "
    "must choose, pays card costs and Builds with them, and Shops only for cards better than its worst.",
    "- A game still going after 150 Rounds is stopped with reason `cap` and no winner: a safety limit, not an "
    "ending of the rulebook. Only players who keep refusing to bring the End reach it (two who only ever Pass "
    "take nothing out of their cycle); no bot does (tests over seeded games of every level at 1-4 seats).",
    "- Rules versions: `moonflight/2` is the rules above; `moonflight/1` (the Turn after every step-4 deal, "
    "precedence by play order, a capped game ranked like an End) stays playable for its records.",
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
        return f"{who} draws " + (", ".join(_name(c) for c in cards) if cards else count(e["n"], "card"))
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
        onto = _name(e["onto"]) if "onto" in e else "a card in play"
        return f"{who} Sets " + (_name(e["card"]) if "card" in e else "a card face down") + f" onto their {onto}"
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
        which = "a Turn token is removed" if e["which"] == "turn" else "the End counter goes down"
        return f"Score Mode: {which} ({e['tokens'][0]} Turn, {e['tokens'][1]} End left)"
    if t == "end":
        return "THE END: " + ", ".join(f"seat {i} scores {n}" for i, n in enumerate(e["scores"]))
    if t == "shuffle":
        return f"{who} shuffles their Discard Stack into a new Draw Deck"
    return None


if __name__ == "__main__":
    print(content_text(), end="")
