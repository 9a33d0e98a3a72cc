"""The Moons game state: plain data, cheap to copy. The rules live in flow.py, trick.py and asteroids.py.

Cards are ints (content.py); a hand is kept sorted. Small Asteroids are their kinds' ids. Per-trick and
per-turn effects (the led suit, Retrograde, the blocked planet, Solar Wind, Gravity Assist) are plain fields
reset when the trick or the turn ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from moontable.engine import Decision


@dataclass(slots=True)
class MoonsState:
    n: int
    hands: list[list[int]]
    tableaux: list[list[int]]  # face down until `revealed`
    smalls: list[list[str]]  # small Asteroids in hand, sorted
    small_pile: list[str]  # face down, top last
    small_discard: list[str] = field(default_factory=list)  # face up, top last
    tokens: list[list[int]] = field(default_factory=list)  # tokens[seat][planet]
    supply: list[int] = field(default_factory=list)  # by planet
    stardust: list[int] = field(default_factory=list)  # Stardust cards laid in front of each seat
    round: int = 0
    first: int = 0  # the Earth's Moon token (first player) is here
    earth: int = -1  # the Earth token's seat, once round 1's first player is known (MO42)
    block: int = -1  # the Block token's holder; -1: the common area (MO10)
    revealed: bool = False
    leader: int = 0
    trick: list[int] = field(default_factory=list)  # cards played to the current trick, from the leader on
    led: int = -1  # the led planet; -1 until a Moon card is played to the trick
    trick_no: int = 0  # tricks finished this round
    tricks_played: int = 0  # tricks finished this game
    tricks: list[int] = field(default_factory=list)  # tricks won this round, by seat
    played: list[int] = field(default_factory=list)  # cards played to finished tricks this round
    last_trick: list[int] = field(default_factory=list)  # the last finished trick, from its leader
    last_leader: int = -1
    last_winner: int = -1
    retro: bool = False  # Retrograde this trick
    blocked: int = -1  # the planet the Block token bars from this trick
    assist: list[bool] = field(default_factory=list)  # Gravity Assist this trick, by seat
    wind: bool = False  # Solar Wind this turn
    used_small: bool = False  # a small Asteroid was played this turn (MO20)
    shown: list[list[int]] = field(default_factory=list)  # hand cards every seat has seen (Realignment)
    void: list[int] = field(default_factory=list)  # per seat, a bit per planet it has shown it lacks
    stack: list[list[Any]] = field(default_factory=list)  # work still to do, last on top
    tab: list[Decision | None] = field(default_factory=list)  # each seat's open tableau decision, kept till it picks
    over: bool = False
    reason: str | None = None
    winner: int | None = None
    scores: list[int] | None = None
    winners: list[int] | None = None
    decisions: list[Decision] = field(default_factory=list)
    trace: list[dict[str, Any]] | None = None  # events, when someone is listening

    def clone(self) -> MoonsState:
        return MoonsState(
            n=self.n,
            hands=[h[:] for h in self.hands],
            tableaux=[t[:] for t in self.tableaux],
            smalls=[x[:] for x in self.smalls],
            small_pile=self.small_pile[:],
            small_discard=self.small_discard[:],
            tokens=[t[:] for t in self.tokens],
            supply=self.supply[:],
            stardust=self.stardust[:],
            round=self.round,
            first=self.first,
            earth=self.earth,
            block=self.block,
            revealed=self.revealed,
            leader=self.leader,
            trick=self.trick[:],
            led=self.led,
            trick_no=self.trick_no,
            tricks_played=self.tricks_played,
            tricks=self.tricks[:],
            played=self.played[:],
            last_trick=self.last_trick[:],
            last_leader=self.last_leader,
            last_winner=self.last_winner,
            retro=self.retro,
            blocked=self.blocked,
            assist=self.assist[:],
            wind=self.wind,
            used_small=self.used_small,
            shown=[x[:] for x in self.shown],
            void=self.void[:],
            stack=[f[:] for f in self.stack],
            tab=self.tab[:],
            over=self.over,
            reason=self.reason,
            winner=self.winner,
            scores=None if self.scores is None else self.scores[:],
            winners=None if self.winners is None else self.winners[:],
            decisions=self.decisions,
            trace=None,
        )
