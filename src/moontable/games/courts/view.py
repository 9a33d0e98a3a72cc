"""What a seat may see: the JSON view, the terminal board, readable option texts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moontable.games.courts.board import REACH_NAMES, TOWNS
from moontable.games.courts.cards import BELL, CARDS
from moontable.games.courts.core import holds
from moontable.games.courts.infoset import HIDDEN_HERALD, public_state, still_known
from moontable.games.courts.odds import decision_odds
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
    return _seat_view(s, seat, _public(s))


def views(s: CourtsState, seats: Sequence[int | None]) -> dict[int | None, dict[str, Any]]:
    """The views of several seats: what every seat sees alike is made once, and shared by their views."""
    public = _public(s)
    return {seat: _seat_view(s, seat, public) for seat in seats}


def _public(s: CourtsState) -> dict[str, Any]:
    """The parts of a view that are the same for every seat and the spectators."""
    return {
        "bell": {"court": COURT_NAMES[s.bell], "up": s.bell_up},
        "towns": [
            {"id": TOWN_IDS[t], "moon": s.sway[0][t], "sun": s.sway[1][t],
             "held": "moon" if holds(s, 0, t) else "sun" if holds(s, 1, t) else None}
            for t in range(N_TOWNS)
        ],
        "piles": {"draw": len(s.draw), "discard": list(s.discard), "removed": list(s.removed)},
        "effects": [list(e) for e in s.effects],
        "known": [still_known(s, 0), still_known(s, 1)],
        "gifts": [[g for g in GIFTS if s.gifts[g] == c] for c in (0, 1)],
        "state": public_state(s, None, [False, False]),
    }


def _seat_view(s: CourtsState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    me = None if seat is None else s.court_of(seat)
    courts = []
    hidden_heralds = [herald_hidden_from(s, c, me) for c in (0, 1)]
    for c in (0, 1):
        hidden = hidden_heralds[c]
        courts.append({
            "court": COURT_NAMES[c],
            "seat": s.seat_of(c),
            "hand_count": len(s.hands[c]),
            "hand": list(s.hands[c]) if me == c else None,
            "known": public["known"][c],
            "vigil": s.vigil[c],
            "road": s.road[c],
            "road_tries": s.road_tries[c],
            "moves_left": s.moves_left[c],
            "herald": None if hidden or s.heralds[c] < 0 else s.heralds[c],
            "herald_chosen": s.heralds[c] != -1,
            "gifts": public["gifts"][c],
        })
    state = public["state"]
    if any(hidden_heralds):
        state = {**state, "heralds": [HIDDEN_HERALD if hidden_heralds[c] else s.heralds[c] for c in (0, 1)]}
    return {
        "game": "courts",
        "you": None if me is None else COURT_NAMES[me],
        "turn": s.turn,
        "truce": s.truce,
        "bead": s.bead,
        "bell": public["bell"],
        "courts": courts,
        "towns": public["towns"],
        "piles": public["piles"],
        "effects": public["effects"],
        "on_move": COURT_NAMES[s.active],
        "decisions": [
            {"seat": d.seat, "kind": d.kind, "prompt": d.prompt,
             "options": [list(o) for o in d.options] if d.seat == seat else None,
             "odds": decision_odds(s, d.options) if d.seat == seat else None,
             "texts": [describe_action(s, o) for o in d.options] if d.seat == seat else None}
            for d in s.decisions
        ],
        "over": s.over,
        "winner": None if s.winner is None else COURT_NAMES[s.winner],
        "reason": s.reason,
        "state": state,
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
        f = s.stack[-1] if s.stack else None
        if f is not None and f[0] == "step:choose":
            return f[2]["options"][action[1]][0]
        return f"option {action[1]}"
    if kind == "done":
        return "done: stop here"
    if kind == "keep":
        return "keep every card"
    if kind == "none":
        return "none"
    return " ".join(str(a) for a in action)


def _town_cell(s: CourtsState, t: int) -> str:
    mark = "M" if holds(s, 0, t) else "S" if holds(s, 1, t) else "."
    name = TOWNS[t].name + ("*" if KEY[t] else "")
    return f"{name:<15}{STEADY[t]} {s.sway[0][t]:>2}/{s.sway[1][t]:<2}{mark}"


def render(s: CourtsState, seat: int | None) -> str:
    """A readable board for the terminal: sway is shown Moon/Sun, M or S marks who holds a town."""
    me = None if seat is None else s.court_of(seat)
    lead = f"the Sun {s.bead}" if s.bead > 0 else f"the Moon {-s.bead}" if s.bead < 0 else "level"
    turn = f"Turn {s.turn}/10" if s.turn else "Set-up"
    gifts = ", ".join(f"{g} ({COURT_NAMES[s.gifts[g]]})" for g in GIFTS if s.gifts[g] >= 0) or "none"
    lines = [
        f"{turn}   Truce {'o' * s.truce}{'x' * (5 - s.truce)} {s.truce}   Points: {lead}   "
        f"Moot Bell: {COURT_TITLES[s.bell]}, face {'up' if s.bell_up else 'down'}",
    ]
    for c in (0, 1):
        lines.append(f"{COURT_TITLES[c].title():<9} vigil {s.vigil[c]}  Star Road step {s.road[c]}  "
                     f"hand {len(s.hands[c])}  moves left {s.moves_left[c]}")
    lines.append(f"Gifts: {gifts}.   Piles: draw {len(s.draw)}, discard {len(s.discard)}, "
                 f"removed {len(s.removed)}")
    lines.append("Towns: name (* keystone), steadiness, sway Moon/Sun, holder")
    for r, reach in enumerate(REACHES):
        lines.append(f"  {REACH_NAMES[reach]}")
        cells = [_town_cell(s, t) for t in REACH_TOWNS[r]]
        for i in range(0, len(cells), 3):
            lines.append("    " + "   ".join(cells[i : i + 3]))
    for c in (0, 1):
        h = s.heralds[c]
        if h >= 0 and not herald_hidden_from(s, c, me):
            lines.append(f"{COURT_TITLES[c].title()} heralds {card_label(h)}")
    if me is not None:
        lines.append(f"You are {COURT_TITLES[me]}. Your hand:")
        for i, card in enumerate(s.hands[me], 1):
            lines.append(f"  {i}. {card_label(card)}: {CARDS[card].text}")
        if s.bell == me:
            lines.append(f"  B. the Moot Bell, face {'up' if s.bell_up else 'down'}")
    return "\n".join(lines)


def road_text() -> list[dict[str, Any]]:
    return [{"step": i, "name": r[0], "strength": r[1], "roll": r[2], "first": r[3], "second": r[4]}
            for i, r in enumerate(ROAD) if i]
