"""The Courts game state: plain data, cheap to copy. The rules live in the other modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from moontable.engine import Decision


@dataclass(slots=True)
class CourtsState:
    """Everything about one game. Courts are 0 (Moon) and 1 (Sun); seats map through moon_seat."""

    moon_seat: int
    sway: list[list[int]]  # sway[court][town]
    hands: list[list[int]]  # by court
    draw: list[int]
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)  # starred cards that left the game
    turn: int = 0
    truce: int = 5
    vigil: list[int] = field(default_factory=lambda: [0, 0])
    bead: int = 0  # > 0: the Sun is ahead by that many points; < 0: the Moon
    bell: int = 0  # the court holding the Moot Bell
    bell_up: bool = True
    road: list[int] = field(default_factory=lambda: [0, 0])
    road_tries: list[int] = field(default_factory=lambda: [0, 0])
    gifts: dict[str, int] = field(default_factory=lambda: {"seer": -1, "kites": -1, "lamp": -1})
    moves_left: list[int] = field(default_factory=lambda: [0, 0])
    last_mover: int = 1  # so that the Moon moves first
    active: int = 0  # the court on move: it loses if the Truce breaks now
    heralds: list[int] = field(default_factory=lambda: [-1, -1])  # chosen, not yet revealed
    herald_shown: bool = False
    stack: list[list[Any]] = field(default_factory=list)  # work still to do, last on top
    effects: list[tuple[Any, ...]] = field(default_factory=list)  # lasting effects
    fired: list[int] = field(default_factory=list)  # cards in play whose event happened
    known: list[list[int]] = field(default_factory=lambda: [[], []])  # cards of a hand shown to all
    winner: int | None = None  # a court, once over
    reason: str | None = None
    over: bool = False
    decisions: list[Decision] = field(default_factory=list)
    trace: list[dict[str, Any]] | None = None  # events, when someone is listening
    rules: int = 3  # the rules version it plays (courts/N): older records replay under their own (game.py)

    def seat_of(self, court: int) -> int:
        return self.moon_seat if court == 0 else 1 - self.moon_seat

    def court_of(self, seat: int) -> int:
        return 0 if seat == self.moon_seat else 1

    def clone(self) -> CourtsState:
        return CourtsState(
            moon_seat=self.moon_seat,
            sway=[self.sway[0][:], self.sway[1][:]],
            hands=[self.hands[0][:], self.hands[1][:]],
            draw=self.draw[:],
            discard=self.discard[:],
            removed=self.removed[:],
            turn=self.turn,
            truce=self.truce,
            vigil=self.vigil[:],
            bead=self.bead,
            bell=self.bell,
            bell_up=self.bell_up,
            road=self.road[:],
            road_tries=self.road_tries[:],
            gifts=dict(self.gifts),
            moves_left=self.moves_left[:],
            last_mover=self.last_mover,
            active=self.active,
            heralds=self.heralds[:],
            herald_shown=self.herald_shown,
            stack=[f[:] for f in self.stack],
            effects=self.effects[:],
            fired=self.fired[:],
            known=[self.known[0][:], self.known[1][:]],
            winner=self.winner,
            reason=self.reason,
            over=self.over,
            decisions=self.decisions,
            trace=None,
            rules=self.rules,
        )
