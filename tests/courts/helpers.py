"""Hand-made positions for Courts rule and card tests."""

from __future__ import annotations

from collections.abc import Iterable

from moontable.games.courts import COURTS
from moontable.games.courts.game import settle
from moontable.games.courts.state import CourtsState
from moontable.games.courts.tables import N_TOWNS, TOWN_OF_ID

MOON, SUN = 0, 1


class Dice:
    """A scripted chance: `Dice(4, 2)` makes the next dice 4 then 2. Non-dice draws use `raw`.

    Any below(6) is taken for a die, so a random pick among exactly six cards uses a scripted die.
    """

    def __init__(self, *dice: int, raw: Iterable[int] = ()) -> None:
        self.queue = [d - 1 for d in dice]
        self.raw = list(raw)
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        if n == 6 and self.queue:
            return self.queue.pop(0)
        if self.raw:
            return self.raw.pop(0) % n
        if n == 6:
            raise AssertionError("the test gave no die for this roll")
        return 0


def position(*, moon: dict[str, int] | None = None, sun: dict[str, int] | None = None, turn: int = 1,
             moon_hand: Iterable[int] = (), sun_hand: Iterable[int] = (), truce: int = 5,
             draw: Iterable[int] = ()) -> CourtsState:
    """An empty board with the given sway (by town id) and hands; seat 0 is the Moon. No work pending."""
    sway = [[0] * N_TOWNS, [0] * N_TOWNS]
    for court, d in ((MOON, moon or {}), (SUN, sun or {})):
        for t, n in d.items():
            sway[court][TOWN_OF_ID[t]] = n
    s = CourtsState(moon_seat=0, sway=sway, hands=[sorted(moon_hand), sorted(sun_hand)], draw=list(draw))
    s.turn = turn
    s.truce = truce
    s.trace = []
    return s


def sway(s: CourtsState, court: int, town: str) -> int:
    return s.sway[court][TOWN_OF_ID[town]]


def run(s: CourtsState, chance=None) -> CourtsState:
    """Run pending work until a decision is needed."""
    settle(s, chance or Dice())
    return s


def fire(s: CourtsState, card: int, player: int, chance=None) -> CourtsState:
    """Make `card`'s event happen as if `player` played it for its event (it ends in discard/removed)."""
    s.active = player
    s.stack.append(["finish_card", card])
    s.stack.append(["event", card, player])
    return run(s, chance)


def answer(s: CourtsState, action, chance=None, seat: int | None = None) -> CourtsState:
    """Answer the open decision (checked against its options like the real table)."""
    if seat is None:
        seat = s.decisions[0].seat
    if s.trace is None:
        s.trace = []
    COURTS.apply(s, seat, action, chance or Dice())
    return s


def options(s: CourtsState) -> list[tuple]:
    assert s.decisions, "no decision is open"
    return list(s.decisions[0].options)


def towns(s: CourtsState) -> list[str]:
    return [o[1] for o in options(s) if o[0] == "town"]
