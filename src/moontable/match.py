"""One game in progress: the rules, the state, the fair stream and the game record, kept in step.

`Match.play` is the only way a move gets into the record: the engine checks and applies it with the
fair stream, then the move and the draws it made are appended. An illegal action raises
`IllegalAction` and leaves the state, the stream and the record untouched.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from moontable import fair
from moontable.engine import Event, Game, IllegalAction, as_action

__all__ = ["FORMAT", "Match"]

FORMAT = "moontable-record/1"


@dataclass(slots=True)
class Match:
    """A game in progress. Create it with `Match.new`."""

    game: Game
    state: Any
    stream: fair.FairStream
    seed: bytes
    record: dict[str, Any]

    @classmethod
    def new(
        cls,
        game: Game,
        options: dict[str, Any] | None,
        seats: Sequence[dict[str, Any]],
        seed: bytes | None = None,
        client_seeds: Sequence[str] = (),
    ) -> Match:
        """Start a game: deal with the fair stream of `seed` (a fresh one by default).

        `seats` are {"name", "bot", "level"} dicts in seat order (and "author" for a seat a program plays,
        moontable.client); `options` None means the game's default options for that many seats.
        """
        lo, hi = game.info.min_seats, game.info.max_seats
        if not lo <= len(seats) <= hi:
            span = f"{lo}" if lo == hi else f"{lo}-{hi}"
            raise ValueError(f"{game.info.name} is for {span} seats, not {len(seats)}")
        if seed is None:
            seed = fair.new_seed()
        # the options as the record will give them back to a replay (tuples become lists)
        options = json.loads(json.dumps(game.default_options(len(seats)) if options is None else options))
        client_seeds = [str(s) for s in client_seeds]
        stream = fair.FairStream(seed, client_seeds)
        state = game.new_state(options, stream)
        record: dict[str, Any] = {
            "format": FORMAT,
            "game": game.info.id,
            "rules": game.rules_version,
            "options": options,
            "seats": [_seat(s) for s in seats],
            "commitment": fair.commitment(seed),
            "client_seeds": client_seeds,
            "moves": [],
            "draws": [],
            "result": None,
        }
        match = cls(game=game, state=state, stream=stream, seed=seed, record=record)
        match._sync_draws()
        match._check_end()
        return match

    @property
    def ended(self) -> bool:
        return self.record["result"] is not None

    def play(self, seat: int, action: Any, auto: bool = False, bot: str | None = None) -> list[Event]:
        """Apply one move and record it. `auto` marks a move the table made on a timeout; `bot`, the level of
        a bot that played it for an absent player (a bot seat's own moves need no mark: its seat says so)."""
        if self.ended:
            raise IllegalAction("the game is over")
        act = as_action(action)
        events = self.game.apply(self.state, seat, act, self.stream)
        move: list[Any] = [seat, list(act)]
        if auto or bot:
            move.append({"auto": True} if auto else {"bot": bot})
        self.record["moves"].append(move)
        self._sync_draws()
        self._check_end()
        return events

    def public_record(self) -> dict[str, Any]:
        """The record as anyone may see it: without the seed until the game has ended."""
        out = dict(self.record)
        if not self.ended:
            out.pop("seed", None)
        return out

    def _sync_draws(self) -> None:
        draws = self.record["draws"]
        draws.extend([n, v] for n, v in self.stream.draws[len(draws) :])

    def _check_end(self) -> None:
        result = self.game.result(self.state)
        if result is not None and self.record["result"] is None:
            self.record["result"] = result.to_json()
            self.record["seed"] = self.seed.hex()


def _seat(s: dict[str, Any]) -> dict[str, Any]:
    out = {"name": str(s["name"]), "bot": bool(s.get("bot", False)), "level": s.get("level")}
    if s.get("author"):  # a program plays the seat: a bot by its author (older records have no author)
        out["author"] = str(s["author"])
    return out
