"""Per-seat views (BM37): discard piles, leadership stacks, displayed crystals and everything in play are
public; hands and draw piles are hidden, and so is a deck choice until both players have chosen (BM49).

With base and quick-start decks, every deck's list is known, so what a player holds face down (hand and
draw pile together, "unseen") is public as a multiset: only where each card lies, and the order, are
hidden. A built deck's list is its owner's secret: the opponent sees only counts. "shown" lists the
cards in a hand that both players saw arrive there (taken back from play or from the discard pile).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.games.bluemoon.cards import ICON_TEXT
from moontable.games.bluemoon.content import CARDS, DRAGON_IDS, DRAGON_NAMES, EMISSARIES, INQUISITORS, PEOPLES
from moontable.games.bluemoon.core import check_met, power, shielded
from moontable.games.bluemoon.state import MIDDLE, BlueMoonState


def revealed(s: BlueMoonState) -> bool:
    return bool(s.players[0].leader)


def _deck_json(d: dict[str, Any]) -> dict[str, Any]:
    return {"label": d["label"], "name": d["name"], "leader": d["leader"], "people": d["people"],
            "inquisitor": d["inquisitor"], "emissary": d["emissary"], "cards": list(d["cards"]), "public": d["public"]}


def list_known(s: BlueMoonState, seat: int, me: int | None) -> bool:
    """Whether `me` knows the list of the deck `seat` plays: their own, or a preassembled one."""
    p = s.players[seat]
    return seat == me or (p.choice is not None and revealed(s) and s.decks[seat][p.choice]["public"])


def player_view(s: BlueMoonState, seat: int, me: int | None) -> dict[str, Any]:
    p = s.players[seat]
    mine = seat == me
    fight = s.element is not None
    known = list_known(s, seat, me)
    return {
        # the decks to choose from: a preassembled deck is public, a built one its owner's secret
        "decks": [_deck_json(d) if (mine or d["public"]) else None for d in s.decks[seat]],
        "chosen": p.choice is not None,
        "choice": p.choice if (mine or (known and revealed(s))) else None,
        "leader": p.leader or None,
        "people": p.people or None,
        "inquisitor": p.inquisitor,
        "emissary": p.emissary,
        "hand": p.hand[:] if mine else None,
        "hand_count": len(p.hand),
        "shown": p.shown[:],
        "deck_count": len(p.deck),
        "unseen": sorted(p.hand + p.deck) if known and revealed(s) else None,
        "discard": p.discard[:],
        "lead": p.lead[:],
        "crystals": p.crystals[:],
        "combat": [x[:] for x in p.combat],
        "supports": p.supports[:],
        "turns": p.turns,
        "in_combat": p.in_combat(),
        "power": power(s, seat) if fight else None,
        "need": power(s, 1 - seat) if fight else None,
        "shielded": shielded(s, seat) if fight else False,
        "meets": check_met(s, seat) if fight else None,
    }


def view(s: BlueMoonState, seat: int | None) -> dict[str, Any]:
    return _view(s, seat, [player_view(s, i, seat) for i in (0, 1)], _decisions(s, seat))


def views(s: BlueMoonState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of several seats, each equal to `view`'s: a player as the other seat and the spectators see
    them is made once (with the power of a fight, the costliest part), their own view of themselves adds
    what only they know, and the decisions as the seats that do not decide see them are made once. The
    views share those parts: none may be changed."""
    seen = [player_view(s, i, None) for i in (0, 1)]
    deciders = {d.seat for d in s.decisions}
    undecided = _decisions(s, None)
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        players = seen if seat is None else [_own(s, i, seen[i]) if i == seat else seen[i] for i in (0, 1)]
        out[seat] = _view(s, seat, players, _decisions(s, seat) if seat in deciders else undecided)
    return out


def _own(s: BlueMoonState, seat: int, seen: dict[str, Any]) -> dict[str, Any]:
    """`player_view(s, seat, seat)`, from what the others see of that player: their decks, their choice,
    their hand and what they hold face down are theirs to know."""
    p = s.players[seat]
    return {**seen, "decks": [_deck_json(d) for d in s.decks[seat]], "choice": p.choice, "hand": p.hand[:],
            "unseen": sorted(p.hand + p.deck) if revealed(s) else None}


def _decisions(s: BlueMoonState, seat: int | None) -> list[dict[str, Any]]:
    """The open decisions: whose and what kind for everyone; the options, each with a readable text, only for
    the seat that decides."""
    return [
        {"seat": d.seat, "kind": d.kind, "prompt": d.prompt,
         "options": [list(o) for o in d.options] if d.seat == seat else None,
         "texts": [describe_action(s, o) for o in d.options] if d.seat == seat else None}
        for d in s.decisions
    ]


def _view(s: BlueMoonState, seat: int | None, players: list[dict[str, Any]],
          decisions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "game": "bluemoon",
        "you": seat,
        "mode": s.mode,
        "match": s.match,
        "dragons": {d: side for d, side in zip(DRAGON_IDS, s.dragons, strict=True)},
        "element": s.element,
        "starter": s.starter,
        "active": s.active,
        "turn": s.turn,
        "opening": s.opening,
        "played": s.played[:],
        "used": s.used[:],
        "stopped": s.stopped,
        "fights": s.fights,
        "lasting": [x[:] for x in s.lasting],
        "order": s.order,
        "first_out": s.first_out,
        "players": players,
        "stack": [[y[:] if isinstance(y, list) else y for y in f] for f in s.stack],
        "over": s.over,
        "winner": s.winner,
        "reason": s.reason,
        "crystals": None if s.crystals is None else s.crystals[:],
        "decisions": decisions,
    }


# -- words ----------------------------------------------------------------------------------------------


def card_line(c: str) -> str:
    card = CARDS[c]
    parts = [f"{card.name} [{card.label}, {card.kind}"]
    if card.kind in ("character", "booster", "support"):
        parts.append(f", Fire {card.fire} Earth {card.earth}")
    icons = sorted(card.icons)
    if icons:
        parts.append(", " + " ".join(i.replace("_", " ").upper() for i in icons))
    parts.append("]")
    if card.text and card.text not in ("KINDLE", "ROOTED", "MIRROR", "GUST"):
        parts.append(f" {card.text}")
    elif card.keyword:
        parts.append(f" {card.keyword.upper()}")
    return "".join(parts)


def side_name(side: int, me: int | None = None) -> str:
    if side == MIDDLE:
        return "the middle"
    if me is not None:
        return "your side" if side == me else "the opponent's side"
    return f"seat {side}'s side"


def describe_action(s: BlueMoonState, action: tuple[Any, ...]) -> str:
    kind = action[0]
    if kind == "deck":
        seat = s.decisions[0].seat if s.decisions else 0
        for d in s.decisions:
            if ("deck", action[1]) in d.options:
                seat = d.seat
                break
        return f"Deck: {s.decks[seat][action[1]]['label']}"
    if kind == "lead":
        return f"Play {card_line(action[1])}"
    if kind == "replace":
        return f"REPLACE: discard {CARDS[action[1]].name} without effect and draw a card in its place"
    if kind == "pass":
        return "Pass: play no leadership-phase card"
    if kind == "character":
        if len(action) > 2:
            article = "an" if action[2] == "earth" else "a"
            return f"Start {article} {action[2].capitalize()} fight with {card_line(action[1])}"
        return f"Play {card_line(action[1])}"
    if kind in ("booster", "support"):
        return f"Play the {kind} {card_line(action[1])}"
    if kind == "retrieve":
        return f"RETRIEVE: take {CARDS[action[1]].name} back into your hand"
    if kind == "retreat":
        return "Retreat: the opponent wins the fight and attracts dragons"
    if kind == "decline":
        return "Decline to start a fight: discard 1 to 3 cards and refill; the opponent must start"
    if kind == "done":
        return "Done"
    if kind == "card":
        return card_line(action[1])
    if kind == "dragon":
        name = DRAGON_NAMES[action[1]]
        if s.dragons[DRAGON_IDS.index(action[1])] == MIDDLE:
            return f"Attract {name} to your side"
        return f"Send {name} back to the middle"
    if kind == "draw":
        return "Draw a card"
    if kind == "no_draw":
        return "Do not draw"
    return " ".join(str(a) for a in action)


def _zone(cards: list[str]) -> str:
    return ", ".join(CARDS[c].name for c in cards) or "(none)"


def render(s: BlueMoonState, seat: int | None) -> str:
    lines = []
    if s.match:
        m = s.match
        lines.append(f"Match game {m.get('game', 1)}: crystals {m['crystals'][0]}-{m['crystals'][1]} "
                     f"(first to {m.get('target', 5)})")
    where = ", ".join(f"{DRAGON_NAMES[d]}: {side_name(side, seat)}" for d, side in zip(DRAGON_IDS, s.dragons,
                                                                                        strict=True))
    lines.append(f"Dragons: {where}")
    if s.element:
        lines.append(f"Fight in {s.element.upper()}, started by seat {s.starter}"
                     + (" (its opening turn)" if s.opening else ""))
    else:
        lines.append(f"No fight running: seat {s.starter} starts the next one")
    for i, p in enumerate(s.players):
        who = "You" if i == seat else f"Seat {i}"
        if not p.leader:
            lines.append(f"{who}: choosing a deck" + (" (chosen)" if p.choice is not None else ""))
            continue
        extra = ""
        if p.inquisitor:
            extra += f", inquisitor {INQUISITORS[p.inquisitor].name}"
        if p.emissary:
            extra += f", emissary {EMISSARIES[p.emissary].name}"
        lines.append(f"{who}: {PEOPLES[p.people].name} ({PEOPLES[p.people].leader}{extra}); hand {len(p.hand)}, "
                     f"draw pile {len(p.deck)}, discard {len(p.discard)}")
        if s.element:
            need = power(s, 1 - i)
            mark = "shield" if shielded(s, i) else ("meets" if power(s, i) >= need else "short")
            lines.append(f"  power in {s.element}: {power(s, i)} (opponent {need}; {mark})")
        for depth, layer in enumerate(p.combat):
            state = "uncovered" if depth == len(p.combat) - 1 else "covered"
            lines.append(f"  {state}: {_zone(layer)}")
        if p.supports:
            lines.append(f"  supports: {_zone(p.supports)}")
        if p.crystals:
            lines.append(f"  crystal cards displayed: {_zone(p.crystals)}")
        if p.lead:
            lines.append(f"  leadership stack: {_zone(p.lead)}")
        if i == seat:
            lines.append("  hand: " + ("; ".join(card_line(c) for c in p.hand) or "(empty)"))
        elif p.shown:
            lines.append(f"  known in hand: {_zone(p.shown)}")
    return "\n".join(lines)


ICONS_HELP = ICON_TEXT
