"""The Blue Moon game state: plain data, cheap to copy. The rules live in the other modules.

Cards are their ids; every card is unique (one copy per deck, BM35), so each id lies in exactly one
zone. Piles have their top card last. A player's combat row is a list of layers, one per turn they
played a character: the last layer is uncovered (its characters and the boosters on them are active),
the others are covered and count for nothing (BM6).

A lasting effect is [kind, owner, target, until, data, order, card]: `until` is [seat, n] (it ends
with that seat's n-th turn) or None (it ends with the fight); `order` counts activations, so the
later of two "I must" instructions can be told (BM73).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from moontable.engine import Decision

MIDDLE = -1  # a dragon in the neutral middle of the board


@dataclass(slots=True)
class Player:
    deck: list[str] = field(default_factory=list)  # the draw pile, face down, top last
    hand: list[str] = field(default_factory=list)  # kept sorted
    shown: list[str] = field(default_factory=list)  # cards in hand that both players saw arrive there, sorted
    discard: list[str] = field(default_factory=list)  # face up, top last
    lead: list[str] = field(default_factory=list)  # the leadership stack beside the leader, face up
    crystals: list[str] = field(default_factory=list)  # displayed crystal cards
    combat: list[list[str]] = field(default_factory=list)  # layers of the combat row, the last uncovered
    supports: list[str] = field(default_factory=list)
    choice: int | None = None  # the deck chosen, by index (secret until both players have chosen)
    leader: str = ""  # revealed with the choice
    people: str = ""
    inquisitor: str | None = None
    emissary: str | None = None
    turns: int = 0  # turns begun

    def clone(self) -> Player:
        return Player(self.deck[:], self.hand[:], self.shown[:], self.discard[:], self.lead[:], self.crystals[:],
                      [x[:] for x in self.combat], self.supports[:], self.choice, self.leader, self.people,
                      self.inquisitor, self.emissary, self.turns)

    def in_combat(self) -> int:
        """Cards in the combat and support areas, covered ones included (BM20)."""
        return sum(len(x) for x in self.combat) + len(self.supports)


@dataclass(slots=True)
class BlueMoonState:
    players: list[Player]
    mode: str  # base | quick | build
    decks: list[list[dict[str, Any]]]  # each seat's decks to choose from (resolved; shared, never changed)
    match: dict[str, Any] | None = None  # {"game", "crystals", "target"} when the game is one of a match
    dragons: list[int] = field(default_factory=lambda: [MIDDLE, MIDDLE, MIDDLE])  # by DRAGON_IDS
    element: str | None = None  # the fight's element; None while no fight runs
    starter: int = 0  # the starting player of the fight (or of the one about to start)
    active: int = 0
    turn: int = 0  # turns begun in the game
    opening: bool = False  # this is the opening turn of the fight (BM15)
    played: list[str] = field(default_factory=list)  # cards played this turn, in order
    used: list[int] = field(default_factory=lambda: [0, 0])  # boosters and supports counted toward the limit
    stopped: bool = False  # a STOP card was played this turn (BM30)
    lasting: list[list[Any]] = field(default_factory=list)
    order: int = 0
    first_out: int | None = None  # the seat that ran out of cards first (BM29)
    fights: int = 0
    stack: list[list[Any]] = field(default_factory=list)
    over: bool = False
    winner: int | None = None
    reason: str | None = None
    crystals: list[int] | None = None  # crystals scored by each seat, once the game is over
    decisions: list[Decision] = field(default_factory=list)
    trace: list[dict[str, Any]] | None = None

    def clone(self) -> BlueMoonState:
        return BlueMoonState(
            players=[p.clone() for p in self.players],
            mode=self.mode,
            decks=self.decks,
            match=self.match,
            dragons=self.dragons[:],
            element=self.element,
            starter=self.starter,
            active=self.active,
            turn=self.turn,
            opening=self.opening,
            played=self.played[:],
            used=self.used[:],
            stopped=self.stopped,
            lasting=[x[:] for x in self.lasting],  # an entry's `until` and `data` are never changed in place
            order=self.order,
            first_out=self.first_out,
            fights=self.fights,
            stack=[[y[:] if isinstance(y, list) else y for y in f] for f in self.stack],
            over=self.over,
            winner=self.winner,
            reason=self.reason,
            crystals=None if self.crystals is None else self.crystals[:],
            decisions=self.decisions,
            trace=None,
        )
