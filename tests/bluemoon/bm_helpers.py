"""Hand-made Blue Moon positions for rule and card tests.

`position` builds a state in the middle of a game: the zones as given (piles: top last), the fight's
element (None: no fight), and the turn of `active` about to begin (its leadership phase asks first).
`act` plays actions for whoever must decide, checking each is legal.
"""

from __future__ import annotations

from typing import Any

from moontable.engine import IllegalAction
from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.content import DRAGON_IDS, PEOPLES
from moontable.games.bluemoon.decks import resolve
from moontable.games.bluemoon.flow import BEGIN
from moontable.games.bluemoon.game import settle
from moontable.games.bluemoon.state import MIDDLE, BlueMoonState, Player

G = BLUEMOON


class Script:
    """A scripted chance: the listed values in order (mod n), then 0."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        return self.values.pop(0) % n if self.values else 0


def position(people: tuple[str, str] = ("cindermark", "hollowroot"), *, hands: dict[int, list[str]] | None = None,
             decks: dict[int, list[str]] | None = None, combat: dict[int, list[list[str]]] | None = None,
             supports: dict[int, list[str]] | None = None, discards: dict[int, list[str]] | None = None,
             lead: dict[int, list[str]] | None = None, crystals: dict[int, list[str]] | None = None,
             element: str | None = "fire", active: int = 0, starter: int | None = None,
             dragons: dict[str, int] | None = None, mode: str = "base", deck_fill: bool = True,
             begin: bool = True, chance: Any = None) -> BlueMoonState:
    """A position; every people card not placed anywhere lies in its owner's draw pile when `deck_fill`
    (unless `decks` gives the pile)."""
    hands, decks, combat = hands or {}, decks or {}, combat or {}
    supports, discards, lead, crystals = supports or {}, discards or {}, lead or {}, crystals or {}
    players = []
    seat_decks = []
    for seat in (0, 1):
        pid = people[seat]
        spec = {"people": pid, "emissary": "salt"} if mode == "quick" else {"people": pid}
        deck = resolve(spec, "quick" if mode == "quick" else "base")
        seat_decks.append([deck])
        p = Player(hand=sorted(hands.get(seat, [])), discard=list(discards.get(seat, [])),
                   lead=list(lead.get(seat, [])), crystals=list(crystals.get(seat, [])),
                   combat=[list(x) for x in combat.get(seat, [])], supports=list(supports.get(seat, [])),
                   choice=0, leader=PEOPLES[pid].leader_id, people=pid)
        if seat in decks:
            p.deck = list(decks[seat])
        elif deck_fill:
            placed = set(p.hand + p.discard + p.lead + p.crystals + p.supports + [c for x in p.combat for c in x])
            p.deck = [c for c in deck["cards"] if c not in placed]
        players.append(p)
    s = BlueMoonState(players=players, mode=mode, decks=seat_decks)
    s.element = element
    s.starter = active if starter is None else starter
    s.active = active
    s.fights = 1 if element else 0
    if dragons:
        s.dragons = [dragons.get(d, MIDDLE) for d in DRAGON_IDS]
    s.stack = [["turn", active, BEGIN, False]] if begin else []
    settle(s, chance or Script())
    return s


def act(s: BlueMoonState, *actions: Any, chance: Any = None) -> list[dict[str, Any]]:
    """Play the actions in order, each by the seat whose decision lists it; return all the events."""
    chance = chance or Script()
    events: list[dict[str, Any]] = []
    for a in actions:
        a = tuple(a)
        seats = [d.seat for d in s.decisions if a in d.options]
        if not seats:
            raise IllegalAction(f"{a} is not an option now: {[(d.seat, d.kind, d.options) for d in s.decisions]}")
        events += G.apply(s, seats[0], a, chance)
    return events


def begin(s: BlueMoonState, seat: int | None = None, chance: Any = None) -> list[dict[str, Any]]:
    """Begin the turn of `seat` (default: the active seat) on a position made with begin=False; the events."""
    seat = s.active if seat is None else seat
    s.stack.append(["turn", seat, BEGIN, False])
    s.trace = []
    settle(s, chance or Script())
    events, s.trace = s.trace, None
    return events


def options(s: BlueMoonState) -> list[tuple[Any, ...]]:
    assert len(s.decisions) == 1, s.decisions
    return list(s.decisions[0].options)


def kind(s: BlueMoonState) -> str:
    return s.decisions[0].kind if s.decisions else ""


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events if "hide" not in e]


def to_play(s: BlueMoonState) -> None:
    """Pass the leadership phase if it asks."""
    if kind(s) == "leadership":
        act(s, ("pass",))
