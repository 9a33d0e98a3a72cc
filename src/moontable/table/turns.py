"""Open decisions with their clocks, and the bots thinking about them.

Each open decision has a deadline and a serial number. A timer or a bot answers a decision by
posting its serial back to the table, so an answer that comes late (the decision was answered, or
its player came back) is recognised and dropped. Bots get a copy of their seat's view and the open
decision, nothing else, and think elsewhere so that the event loop goes on meanwhile: through `think`,
which the server points at a pool of worker processes (a search in a thread of the server's own
process would hold the interpreter's lock against the event loop: every table would wait on it), and
which is a thread of this process by default.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from moontable import games
from moontable.bots import make_bot
from moontable.clock import Clock, Timer, sleep
from moontable.engine import Action, Decision, Game
from moontable.match import Match
from moontable.table.base import BotMove, Expire, TableConfig, decision_json, encode, safe_view

__all__ = ["Think", "Turn", "Turns", "bot_choice", "think_in_thread"]

log = logging.getLogger("moontable.table")
_decode = msgspec.json.Decoder().decode

# (game id, level, seat, seed, view, decision) -> the bot's action
Think = Callable[[str, str, int, int, dict[str, Any], Decision], Awaitable[Action]]


def bot_choice(game_id: str, level: str, seat: int, seed: int, view: dict[str, Any], decision: Decision) -> Action:
    """One decision of a bot of `level`: a bot keeps nothing from one decision to the next but its random
    generator, so a fresh one with a fresh seed is the same bot (and can think in any process)."""
    return make_bot(level, games.get_game(game_id), seat, seed).choose(view, decision)


async def think_in_thread(game_id: str, level: str, seat: int, seed: int, view: dict[str, Any],
                          decision: Decision) -> Action:
    return await asyncio.to_thread(bot_choice, game_id, level, seat, seed, view, decision)


@dataclass(slots=True)
class Turn:
    decision: Decision
    deadline: float
    serial: int
    timer: Timer
    shown: int | None = None  # the seat's version once this decision was sent to it: a move chosen before is stale


class Turns:
    def __init__(self, table_id: str, game: Game, clock: Clock, config: TableConfig,
                 post: Callable[[Any], None]) -> None:
        self.table_id = table_id
        self.game = game
        self.clock = clock
        self.config = config
        self.post = post
        self.open: dict[int, Turn] = {}
        self.serials = 0
        self.thinking: dict[int, tuple[int, asyncio.Task[None]]] = {}
        self.think: Think = think_in_thread
        self.last_mover: int | None = None

    def current(self, seat: int, serial: int) -> Turn | None:
        """The seat's open decision if `serial` is still its serial."""
        turn = self.open.get(seat)
        return turn if turn is not None and turn.serial == serial else None

    def clocks(self) -> list[dict[str, Any]]:
        return [{"seat": s, "deadline": t.deadline} for s, t in sorted(self.open.items())]

    def decision(self, seat: int | None) -> dict[str, Any] | None:
        turn = None if seat is None else self.open.get(seat)
        return None if turn is None else decision_json(turn.decision, turn.deadline)

    def _pending(self, match: Match | None) -> dict[int, Decision]:
        pending: dict[int, Decision] = {}
        if match is not None and not match.ended:
            for d in self.game.pending(match.state):
                pending.setdefault(d.seat, d)
        return pending

    @staticmethod
    def _keeps(seat: int, turn: Turn, pending: dict[int, Decision], mover: int | None) -> bool:
        d = pending.get(seat)
        return d is not None and seat != mover and d == turn.decision

    def left_after(self, match: Match, mover: int | None) -> dict[int, float]:
        """The seconds each decision will have once `mover`'s move, already made on `match`, is shown (what
        `refresh` will give them): saved with the move, for a process that takes the table over after a crash."""
        pending, now = self._pending(match), self.clock.now()
        out = {}
        for seat in pending:
            turn = self.open.get(seat)
            kept = turn is not None and self._keeps(seat, turn, pending, mover)
            out[seat] = turn.deadline - now if turn is not None and kept else self.config.decision_seconds
        return out

    def refresh(self, match: Match | None, mover: int | None) -> None:
        """A decision keeps its clock while it stays open; a new one (or the mover's next) gets a fresh one."""
        self.last_mover = mover
        pending = self._pending(match)
        for seat, turn in list(self.open.items()):
            if not self._keeps(seat, turn, pending, mover):
                turn.timer.cancel()
                del self.open[seat]
                self.stop_thinking(seat)
        now = self.clock.now()
        for seat, d in pending.items():
            if seat not in self.open:
                self.serials += 1
                expire = functools.partial(self.post, Expire(seat, self.serials))
                timer = self.clock.call_later(self.config.decision_seconds, expire)
                self.open[seat] = Turn(d, now + self.config.decision_seconds, self.serials, timer)

    def set_deadline(self, seat: int, deadline: float) -> None:
        """Give the seat's open decision this deadline instead (a decision given back by an undo)."""
        turn = self.open.get(seat)
        if turn is None:
            return
        turn.timer.cancel()
        self.serials += 1
        expire = functools.partial(self.post, Expire(seat, self.serials))
        self.open[seat] = Turn(turn.decision, deadline, self.serials,
                               self.clock.call_later(deadline - self.clock.now(), expire), turn.shown)
        self.stop_thinking(seat)

    def shown(self, version_of: Callable[[int], int]) -> None:
        """Note the version at which each new decision reached its seat (call once its update is out)."""
        for seat, turn in self.open.items():
            if turn.shown is None:
                turn.shown = version_of(seat)

    def drive(self, match: Match | None, level_of: Callable[[int], str | None],
              view_of: Callable[[int], dict[str, Any] | None] | None = None) -> None:
        """Set a bot thinking on every open decision of a seat a bot plays, unless one already is; `view_of`
        gives a seat's view (the table's, made once a position), by default made here."""
        if match is None or match.ended:
            return
        for seat, turn in self.open.items():
            level = level_of(seat)
            running = self.thinking.get(seat)
            if level is None or running is not None and running[0] == turn.serial:
                continue
            view = safe_view(self.game, match.state, seat) if view_of is None else view_of(seat)
            if view is None:  # nothing to think about: the table plays the safe action
                self.post(BotMove(seat, turn.serial, None))
                continue
            view = _decode(encode(view))  # a copy sharing nothing with the state
            # a bot's next step right after its own move (a set-up's many placements) waits less
            pace = self.config.bot_pace
            if seat == self.last_mover:
                pace = min(pace, self.config.bot_pace_again)
            task = asyncio.create_task(self._think(seat, turn.serial, level, view, turn.decision, pace))
            self.thinking[seat] = (turn.serial, task)

    async def _think(self, seat: int, serial: int, level: str, view: dict[str, Any], decision: Decision,
                     pace: float) -> None:
        action: Action | None = None
        try:
            await sleep(self.clock, pace)
            action = await self.think(self.game.info.id, level, seat, secrets.randbits(64), view, decision)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the %s bot in seat %d failed; the safe action is played",
                          self.table_id, level, seat)
        self.post(BotMove(seat, serial, action))

    def done_thinking(self, seat: int) -> None:
        self.thinking.pop(seat, None)

    def stop_thinking(self, seat: int) -> None:
        running = self.thinking.pop(seat, None)
        if running is not None:
            running[1].cancel()

    def clear(self) -> None:
        for turn in self.open.values():
            turn.timer.cancel()
        self.open.clear()
        for seat in list(self.thinking):
            self.stop_thinking(seat)
