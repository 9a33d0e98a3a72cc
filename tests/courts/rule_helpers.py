"""Helpers for the Courts rule tests (checklist C1-C62): cards chosen by their properties, moves, turn ends.

The deck is being written while these tests are: a test that needs an ordinary card asks for one by
its properties. A real card is used when one fits; otherwise a plain test card with exactly those
properties is added to the catalogue for that test only (through pytest's `monkeypatch`), so a test
never depends on which cards exist yet and never skips.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from helpers import Dice, run

from moontable.games.courts import COURTS
from moontable.games.courts.cards import CARDS, Card
from moontable.games.courts.state import CourtsState

MOON, SUN = 0, 1
MADE_BASE = 9000  # ids of cards made by a test start above this


def find_cards(pred: Callable[[Card], bool], n: int = 1, exclude: Iterable[int] = ()) -> list[int]:
    """Up to n ids of real cards for which `pred` holds, lowest id first."""
    skip = set(exclude)
    return [cid for cid in sorted(CARDS) if cid < MADE_BASE and cid not in skip and pred(CARDS[cid])][:n]


def make_card(monkeypatch: Any, *, court: str, strength: int, starred: bool = False,
              effect: Iterable[tuple[str, dict[str, Any]]] = (), requires: dict[str, Any] | None = None,
              name: str = "Test card") -> int:
    """Add a test card to the catalogue for this test only; returns its id."""
    cid = max(max(CARDS, default=0), MADE_BASE) + 1
    card = Card(cid, name, "thaw", court, strength, starred, "a card made by a rule test", tuple(effect), requires)
    monkeypatch.setitem(CARDS, cid, card)
    return cid


def strength_cards(monkeypatch: Any, court: str, strength: int, n: int = 1, *, starred: bool | None = None,
                   exclude: Iterable[int] = ()) -> list[int]:
    """n distinct cards of `court` ("moon", "sun", "either") with exactly this strength, not Fairs.

    For a use of strength by a court that owns the card (or an either-court card), whose event does not
    fire, so any such card will do.
    """
    got = find_cards(
        lambda c: c.court == court and c.strength == strength and not c.fair
        and (starred is None or c.starred == starred),
        n, exclude,
    )
    while len(got) < n:
        got.append(make_card(monkeypatch, court=court, strength=strength, starred=bool(starred)))
    return got


def strength_card(monkeypatch: Any, court: str, strength: int, *, starred: bool | None = None,
                  exclude: Iterable[int] = ()) -> int:
    return strength_cards(monkeypatch, court, strength, 1, starred=starred, exclude=exclude)[0]


def event_card(monkeypatch: Any, court: str, strength: int, effect: Iterable[tuple[str, dict[str, Any]]], *,
               starred: bool = False, requires: dict[str, Any] | None = None) -> int:
    """A card whose event is exactly `effect` (and whose condition is exactly `requires`)."""
    eff = tuple(effect)
    got = find_cards(lambda c: c.court == court and c.strength == strength and c.starred == starred
                     and c.effect == eff and c.requires == requires and not c.fair)
    if got:
        return got[0]
    return make_card(monkeypatch, court=court, strength=strength, starred=starred, effect=eff, requires=requires)


class Fixed:
    """A chance for shuffles and set-up: the given values first (each taken modulo n), then always 0.

    Unlike `Dice`, it does not treat `below(6)` as a die, so it can shuffle piles of any size.
    """

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        return self.values.pop(0) % n if self.values else 0


# -- driving a position ---------------------------------------------------------------------------


def start_moves(s: CourtsState, court: int, moves: int = 1, other: int = 0, chance: Any = None) -> CourtsState:
    """Open the moves of a turn with `court` to move first, `moves` for it and `other` for the other court."""
    s.moves_left = [0, 0]
    s.moves_left[court] = moves
    s.moves_left[1 - court] = other
    s.last_mover = 1 - court
    s.stack.append(["moves"])
    return run(s, chance)


def act(s: CourtsState, action: tuple, chance: Any = None, seat: int | None = None) -> list[dict[str, Any]]:
    """Answer the open decision like the table does and return the events it made (all of them)."""
    if seat is None:
        seat = s.decisions[0].seat
    return COURTS.apply(s, seat, action, chance or Dice())


def turn_end(s: CourtsState, chance: Any = None) -> CourtsState:
    """Run the turn end (C15) on the position."""
    s.stack.append(["turn_end", 0])
    return run(s, chance)


def decision_of(s: CourtsState, court: int):
    """The open decision of `court`'s seat, or None."""
    seat = s.seat_of(court)
    for d in s.decisions:
        if d.seat == seat:
            return d
    return None


def card_uses(s: CourtsState, card: int) -> set[str]:
    """The uses the open play decision offers for `card`."""
    return {o[2] for o in s.decisions[0].options if o[0] == "play" and o[1] == card}


def quiet_move(s: CourtsState) -> int:
    """The court on move plays its first card to place sway and places none; returns that court."""
    court = s.court_of(s.decisions[0].seat)
    act(s, ("play", s.hands[court][0], "place"))
    if s.decisions and s.decisions[0].kind == "place":
        act(s, ("done",))
    return court
