"""What a seat may see: the JSON view, the terminal board, readable option texts."""

from __future__ import annotations

from typing import Any

from moontable.games.courts.board import REACH_NAMES, TOWNS
from moontable.games.courts.cards import BELL, CARDS
from moontable.games.courts.core import holds
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import (
    COURT_NAMES,
    COURT_TITLES,
    GIFTS,
    KEY,
    N_TOWNS,
    REACH_TOWNS,
    REACHES,
    ROAD,
    STEADY,
    TOWN_IDS,
)


def herald_hidden_from(s: CourtsState, court: int, viewer: int | None) -> bool:
    """Is `court`'s chosen herald hidden from `viewer` (a court, None for a spectator)?"""
    if s.heralds[court] < 0 or s.herald_shown or viewer == court:
        return False
    return not (viewer is not None and s.gifts["seer"] == viewer)


def view(s: CourtsState, seat: int | None) -> dict[str, Any]:
    me = None if seat is None else s.court_of(seat)
    courts = []
    for c in (0, 1):
        hidden = herald_hidden_from(s, c, me)
        courts.append({
            "court": COURT_NAMES[c],
            "seat": s.seat_of(c),
            "hand_count": len(s.hands[c]),
            "hand": list(s.hands[c]) if me == c else None,
            "known": list(s.known[c]),
            "vigil": s.vigil[c],
            "road": s.road[c],
            "road_tries": s.road_tries[c],
            "moves_left": s.moves_left[c],
            "herald": None if hidden or s.heralds[c] < 0 else s.heralds[c],
            "herald_chosen": s.heralds[c] != -1,
            "gifts": [g for g in GIFTS if s.gifts[g] == c],
        })
    return {
        "game": "courts",
        "you": None if me is None else COURT_NAMES[me],
        "turn": s.turn,
        "truce": s.truce,
        "bead": s.bead,
        "bell": {"court": COURT_NAMES[s.bell], "up": s.bell_up},
        "courts": courts,
        "towns": [
            {"id": TOWN_IDS[t], "moon": s.sway[0][t], "sun": s.sway[1][t],
             "held": "moon" if holds(s, 0, t) else "sun" if holds(s, 1, t) else None}
            for t in range(N_TOWNS)
        ],
        "piles": {"draw": len(s.draw), "discard": list(s.discard), "removed": list(s.removed)},
        "effects": [list(e) for e in s.effects],
        "on_move": COURT_NAMES[s.active],
        "decisions": [
            {"seat": d.seat, "kind": d.kind, "prompt": d.prompt,
             "options": [list(o) for o in d.options] if d.seat == seat else None}
            for d in s.decisions
        ],
        "over": s.over,
        "winner": None if s.winner is None else COURT_NAMES[s.winner],
        "reason": s.reason,
    }


def card_label(card: int) -> str:
    if card == BELL:
        return "the Moot Bell (4)"
    c = CARDS[card]
    star = "*" if c.starred else ""
    who = {"moon": "Moon", "sun": "Sun", "either": "Either"}[c.court]
    return f"{c.name}{star} [{who} {c.strength}]"


def describe_action(s: CourtsState, action: tuple) -> str:
    kind = action[0]
    if kind == "play":
        use = action[2]
        verb = {"event": "for its event", "place": "to place sway", "upset": "to upset",
                "persuade": "to persuade", "road": "on the Star Road"}[use]
        return f"play {card_label(action[1])} {verb}"
    if kind == "herald":
        return f"herald {card_label(action[1])}"
    if kind == "town":
        t = TOWN_IDS.index(action[1])
        town = TOWNS[t]
        key = " keystone" if KEY[t] else ""
        return f"{town.name} ({REACH_NAMES[town.reach]}, steadiness {STEADY[t]}{key}; " \
               f"moon {s.sway[0][t]}, sun {s.sway[1][t]})"
    if kind == "order":
        return f"their event {action[1]} my use"
    if kind in ("discard", "card"):
        return f"{'let go' if kind == 'discard' else 'take'} {card_label(action[1])}"
    if kind == "use":
        return f"use the strength to {action[1]}"
    if kind == "choose":
        return f"option {action[1]}"
    return " ".join(str(a) for a in action)


def render(s: CourtsState, seat: int | None) -> str:
    """A readable board for the terminal."""
    me = None if seat is None else s.court_of(seat)
    lead = "Sun" if s.bead > 0 else "Moon" if s.bead < 0 else "nobody"
    lines = [
        f"Turn {s.turn}/10   Truce {'*' * s.truce}{'.' * (5 - s.truce)} ({s.truce})   "
        f"Points: {lead} {abs(s.bead)}   Bell: {COURT_TITLES[s.bell]} ({'up' if s.bell_up else 'down'})",
        f"Vigil moon {s.vigil[0]} sun {s.vigil[1]}   Star Road moon {s.road[0]} sun {s.road[1]}   "
        f"Gifts: " + (", ".join(f"{g}: {COURT_NAMES[s.gifts[g]]}" for g in GIFTS if s.gifts[g] >= 0) or "none"),
    ]
    for r, reach in enumerate(REACHES):
        cells = []
        for t in REACH_TOWNS[r]:
            mark = "M" if holds(s, 0, t) else "S" if holds(s, 1, t) else " "
            key = "*" if KEY[t] else ""
            cells.append(f"{TOWNS[t].name}{key}({STEADY[t]}) {s.sway[0][t]}/{s.sway[1][t]}{mark}")
        lines.append(f"{REACH_NAMES[reach]}: " + " | ".join(cells))
    lines.append(f"Draw pile {len(s.draw)}, discard {len(s.discard)}, removed {len(s.removed)}")
    for c in (0, 1):
        h = s.heralds[c]
        if h >= 0 and not herald_hidden_from(s, c, me):
            lines.append(f"{COURT_TITLES[c]} heralded {card_label(h)}")
    if me is not None:
        lines.append(f"You are {COURT_TITLES[me]}. Your hand:")
        for i, card in enumerate(s.hands[me], 1):
            lines.append(f"  {i}. {card_label(card)}: {CARDS[card].text}")
    return "\n".join(lines)


def road_text() -> list[dict[str, Any]]:
    return [{"step": i, "name": r[0], "strength": r[1], "roll": r[2], "first": r[3], "second": r[4]}
            for i, r in enumerate(ROAD) if i]
