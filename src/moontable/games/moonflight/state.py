"""The Moonflight game state: plain data, cheap to copy. The rules live in the other modules.

Cards are their ids (strings): copies of a card are alike, so a zone is a list of ids. Stacks and
decks have their top card last. A player's cards in play are three parallel lists: the card, its
uid (public, for targeting a card in play) and the cards Settled on it (topmost last).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from moontable.engine import Decision


@dataclass(slots=True)
class Player:
    jack: str
    deck: list[str] = field(default_factory=list)  # face down, top last
    hand: list[str] = field(default_factory=list)  # kept sorted
    play: list[str] = field(default_factory=list)
    uids: list[int] = field(default_factory=list)
    settled: list[list[str]] = field(default_factory=list)  # face down, topmost last
    discard: list[str] = field(default_factory=list)  # face up, top last
    trash: list[str] = field(default_factory=list)  # face up, top last
    kept: list[str] = field(default_factory=list)  # Reset step 2: cards chosen to retain, still in hand
    coins: int = 0
    built: bool = False  # MF37
    shopped: bool = False  # MF33: the first Shop of the Round is done

    def clone(self) -> Player:
        return Player(self.jack, self.deck[:], self.hand[:], self.play[:], self.uids[:],
                      [x[:] for x in self.settled], self.discard[:], self.trash[:], self.kept[:], self.coins,
                      self.built, self.shopped)


@dataclass(slots=True)
class MoonflightState:
    players: list[Player]
    markets: list[list[str]]  # face up, top last
    market_suit: list[str]  # MF53: a Market Stack keeps its suit while empty
    supply: dict[str, list[str]]  # by Jack: face down, top last
    bank: int = 40  # coin tokens in the Supply
    turned: bool = False
    first: int = 0  # the First Player Marker
    active: int = 0
    passes: int = 0  # consecutive Passes (MF18)
    round: int = 1
    mode: str = "standard"  # or "score" (solo Score Mode)
    ai: bool = False  # AI Mode: every seat but 0 follows its Jack's AI card
    tokens: list[int] = field(default_factory=lambda: [0, 0])  # Score Mode: Turn and End counters
    next_uid: int = 1
    stack: list[list[Any]] = field(default_factory=list)  # work still to do, last on top
    fired: list[list[Any]] = field(default_factory=list)  # [seat, event] waiting for their triggers
    over: bool = False
    winner: int | None = None
    reason: str | None = None
    scores: list[int] | None = None
    decisions: list[Decision] = field(default_factory=list)
    trace: list[dict[str, Any]] | None = None  # events, when someone is listening
    rules: int = 2  # the rules version it plays (moonflight/N): older records replay under their own (game.py)

    @property
    def n(self) -> int:
        return len(self.players)

    def order(self) -> list[int]:
        """Seats in turn order from the First Player Marker (MF17, MF41)."""
        n = len(self.players)
        return [(self.first + i) % n for i in range(n)]

    def clone(self) -> MoonflightState:
        return MoonflightState(
            players=[p.clone() for p in self.players],
            markets=[m[:] for m in self.markets],
            market_suit=self.market_suit[:],
            supply={j: s[:] for j, s in self.supply.items()},
            bank=self.bank,
            turned=self.turned,
            first=self.first,
            active=self.active,
            passes=self.passes,
            round=self.round,
            mode=self.mode,
            ai=self.ai,
            tokens=self.tokens[:],
            next_uid=self.next_uid,
            stack=[[x[:] if isinstance(x, list) else x for x in f] for f in self.stack],
            fired=[e[:] for e in self.fired],
            over=self.over,
            winner=self.winner,
            reason=self.reason,
            scores=None if self.scores is None else self.scores[:],
            decisions=self.decisions,
            trace=None,
            rules=self.rules,
        )
