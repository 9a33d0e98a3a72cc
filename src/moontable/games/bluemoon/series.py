"""A Blue Moon match: games in a row until a player holds 5 crystals (BM38), in one mode (BM39), each
player keeping one deck throughout or choosing again before every game (BM51).

Pure bookkeeping, no I/O: a table (or the terminal) drives it.

    series = Series(MatchPlan(mode="quick"), seats)
    while not series.over:
        options = series.next_options()          # the next game's options: the mode, each seat's decks,
        match = Match.new(BLUEMOON, options, seats)   # and the match so far (shown on the board)
        ... play the game to its end (its first decision is the secret deck choice) ...
        series.add(match.record)                 # its crystals add up
    series.record(files)                         # the match record: every game, its crystals, the winner

Every game is an ordinary game with its own record that verifies on its own; the match record lists
them, and `verify_match` checks that they follow one another (crystals carried over, the same mode, kept
decks kept) and that the winner is the first to reach the target.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from moontable.games.bluemoon.decks import MODES, default_decks, resolve

MATCH_FORMAT = "moontable-match/1"
TARGET = 5  # BM38


@dataclass(slots=True)
class MatchPlan:
    mode: str = "base"
    decks: list[list[dict[str, Any]]] | None = None  # each seat's prepared decks; None: the mode's defaults
    keep: bool = False  # BM51: each player keeps the deck of the first game
    target: int = TARGET

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode is one of {', '.join(MODES)}, not {self.mode!r}")
        if not isinstance(self.target, int) or self.target < 1:
            raise ValueError("a match is played to at least 1 crystal")
        if self.decks is None:
            self.decks = [default_decks(self.mode), default_decks(self.mode)]
        if len(self.decks) != 2 or not all(self.decks):
            raise ValueError("a match needs at least one deck for each seat")
        for seat, decks in enumerate(self.decks):
            for d in decks:
                try:
                    resolve(d, self.mode)
                except ValueError as e:
                    raise ValueError(f"seat {seat}: {e}") from None


def chosen_decks(record: dict[str, Any]) -> list[int]:
    """The deck each seat chose in a game, from its record (a seat with one deck was not asked: 0)."""
    out = [0, 0]
    for seat, action, *_ in record["moves"]:
        if action and action[0] == "deck":
            out[seat] = action[1]
    return out


@dataclass(slots=True)
class Series:
    plan: MatchPlan
    seats: list[dict[str, Any]]
    crystals: list[int] = field(default_factory=lambda: [0, 0])
    games: list[dict[str, Any]] = field(default_factory=list)  # each finished game, as the match record lists it
    kept: list[dict[str, Any]] | None = None  # BM51: the decks chosen in the first game

    @property
    def over(self) -> bool:
        return max(self.crystals) >= self.plan.target

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        return 0 if self.crystals[0] >= self.plan.target else 1

    def next_options(self) -> dict[str, Any]:
        if self.over:
            raise ValueError("the match is over")
        assert self.plan.decks is not None
        decks = [[d] for d in self.kept] if self.kept is not None else self.plan.decks
        return {"seats": 2, "mode": self.plan.mode, "decks": json.loads(json.dumps(decks)),
                "match": {"game": len(self.games) + 1, "crystals": self.crystals[:], "target": self.plan.target}}

    def add(self, record: dict[str, Any], file: str | None = None) -> dict[str, Any]:
        """A finished game of this match; returns its entry in the match record."""
        result = record.get("result")
        if result is None:
            raise ValueError("the game has not ended")
        match = record["options"].get("match") or {}
        if match.get("game") != len(self.games) + 1 or match.get("crystals") != self.crystals:
            raise ValueError("this game does not follow the match so far")
        won = list(result["score"]["crystals"])
        choice = chosen_decks(record)
        if self.plan.keep and self.kept is None:
            self.kept = [record["options"]["decks"][seat][choice[seat]] for seat in (0, 1)]
        self.crystals = [a + b for a, b in zip(self.crystals, won, strict=True)]
        entry = {"game": len(self.games) + 1, "commitment": record["commitment"], "winner": result["winner"],
                 "reason": result["reason"], "crystals": won, "total": self.crystals[:]}
        if file is not None:
            entry["record"] = file
        self.games.append(entry)
        return entry

    def record(self) -> dict[str, Any]:
        return {"format": MATCH_FORMAT, "game": "bluemoon", "mode": self.plan.mode, "target": self.plan.target,
                "keep": self.plan.keep, "seats": self.seats, "games": self.games, "crystals": self.crystals,
                "winner": self.winner}


def verify_match(match: dict[str, Any], load: Callable[[str], dict[str, Any]]) -> list[str]:
    """What is wrong with a match record and its games' records (`load` reads a listed file); empty: it holds."""
    from moontable.record import verify

    if not isinstance(match, dict) or match.get("format") != MATCH_FORMAT:
        return [f"not a match record (format must be {MATCH_FORMAT!r})"]
    problems: list[str] = []
    total = [0, 0]
    target = match.get("target", TARGET)
    kept: list[Any] | None = None
    games = match.get("games") or []
    if not games:
        return ["the match lists no games"]
    for i, entry in enumerate(games, 1):
        if max(total) >= target:
            problems.append(f"game {i} was played after the match was won")
            break
        try:
            record = load(entry["record"])
        except (KeyError, ValueError, OSError) as e:
            problems.append(f"game {i}: cannot read its record: {e}")
            break
        report = verify(record)
        if not report.ok:
            problems.append(f"game {i}: " + "; ".join(str(c) for c in report.failed))
            break
        if record["commitment"] != entry.get("commitment"):
            problems.append(f"game {i}: the record's commitment is not the one the match lists")
        options = record["options"]
        if options.get("mode") != match.get("mode"):
            problems.append(f"game {i} is played in mode {options.get('mode')!r}, the match in {match.get('mode')!r}")
        if (options.get("match") or {}).get("crystals") != total:
            problems.append(f"game {i} does not start from the crystals of the games before it ({total})")
        if match.get("keep"):
            choice = chosen_decks(record)
            decks = [options["decks"][seat][choice[seat]] for seat in (0, 1)]
            if kept is None:
                kept = decks
            elif decks != kept or any(len(options["decks"][seat]) != 1 for seat in (0, 1)):
                problems.append(f"game {i}: a player did not keep the deck of the first game (BM51)")
        won = record["result"]["score"]["crystals"]
        if won != entry.get("crystals"):
            problems.append(f"game {i}: the record gives {won} crystals, the match lists {entry.get('crystals')}")
        total = [a + b for a, b in zip(total, won, strict=True)]
    if not problems:
        if total != match.get("crystals"):
            problems.append(f"the games add up to {total} crystals, the match says {match.get('crystals')}")
        winner = (0 if total[0] >= target else 1) if max(total) >= target else None
        if winner != match.get("winner"):
            problems.append(f"the match says the winner is {match.get('winner')}, the games give {winner}")
    return problems
