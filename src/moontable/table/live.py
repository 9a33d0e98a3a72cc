"""`Table`: one game from its creation to its end, driven by one asyncio task."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from moontable import fair
from moontable.bots.levels import levels_for, strongest_for
from moontable.clock import Clock, Timer
from moontable.engine import Event, Game, IllegalAction
from moontable.match import Match
from moontable.table import present
from moontable.table.base import (
    BotMove,
    Connect,
    Disconnect,
    Expire,
    Join,
    Journal,
    Move,
    Ready,
    Seat,
    Stream,
    Subscriber,
    TableConfig,
    Tick,
    encode,
    error,
    events_text,
    hash_token,
    new_token,
    safe_view,
    seat_of,
)
from moontable.table.turns import Turns

__all__ = ["Table"]

log = logging.getLogger("moontable.table")


class Table:
    """A table. Its loop `run()` is the only code that changes it; everyone else `post`s to its inbox."""

    def __init__(self, table_id: str, game: Game, options: dict[str, Any], seats: list[Seat], seed: bytes,
                 journal: Journal, clock: Clock, config: TableConfig, created_at: float) -> None:
        self.id = table_id
        self.game = game
        self.options = options
        self.seats = seats
        self.seed = seed
        self.commitment = fair.commitment(seed)
        self.journal = journal
        self.clock = clock
        self.config = config
        self.created_at = created_at
        self.status = "waiting"  # then "playing", then "ended"; or "abandoned" if no one ever says ready
        self.match: Match | None = None
        self.epoch = secrets.token_hex(4)  # versions restart with each life of the table (a server restart)
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.streams: dict[int | None, Stream] = {s.index: Stream(config.max_log) for s in seats}
        self.streams[None] = Stream(config.max_log)
        self.turns = Turns(table_id, game, clock, config, self.post)
        self.timers: list[Timer] = []
        self.on_close: Callable[[Table], None] | None = None
        # each seat's latest acks by the move message they answer: the same message again gets the same answer
        self.answers: dict[int, OrderedDict[tuple[Any, ...], str]] = {s.index: OrderedDict() for s in seats}

    def post(self, message: Any) -> None:
        self.inbox.put_nowait(message)

    def stop(self) -> None:
        self.post(Tick("stop"))

    def seat_for_token(self, token: str) -> int | None:
        return seat_of([s.token_hash for s in self.seats], token)

    def has_open_seat(self) -> bool:
        return self.status != "ended" and any(s.kind == "open" and s.token_hash is None for s in self.seats)

    def restore(self, status: str, client_seeds: list[str],
                moves: list[tuple[int, list[Any], bool, str | None]]) -> None:
        """Bring back a table from the database by replaying its moves with its seed."""
        if status in ("playing", "ended"):
            self.match = self.new_match(client_seeds)
            for seat, action, auto, bot in moves:
                self.match.play(seat, action, auto=auto, bot=bot)
        self.status = status

    def _record_seats(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "bot": s.kind == "bot", "level": s.level} for s in self.seats]

    def new_match(self, client_seeds: list[str]) -> Match:
        return Match.new(self.game, self.options, self._record_seats(), seed=self.seed, client_seeds=client_seeds)

    def summary(self) -> dict[str, Any]:
        return present.summary(self)

    def public_record(self) -> dict[str, Any]:
        return present.public_record(self)

    # -- the loop ----------------------------------------------------------------------------------------

    async def run(self) -> None:
        try:
            self._arm()
            while True:
                msg = await self.inbox.get()
                if isinstance(msg, Tick) and msg.what == "stop":
                    break
                try:
                    await self._handle(msg)
                except Exception:  # one bad message must not take the table down
                    log.exception("table %s: failed to handle %s", self.id, type(msg).__name__)
        finally:
            self._cancel_all()
            if self.on_close is not None:
                self.on_close(self)

    def _arm(self) -> None:
        """Set the timers the table needs in its present state: at creation and after a restart."""
        if self.status == "waiting":
            self._after(self.created_at + self.config.fill_seconds - self.clock.now(), Tick("fill"))
            if self._all_ready():  # every seat said ready, but the start was not saved before a restart
                self.post(Tick("start"))
        elif self.status == "playing":
            for seat in self.seats:
                if seat.kind != "bot" and seat.conns == 0:
                    self._gone(seat)
            self.turns.refresh(self.match, None)
            self.turns.shown(self._version)
            self.turns.drive(self.match, self._bot_level)
        else:
            self._after(self.config.linger_seconds, Tick("stop"))

    def _after(self, delay: float, message: Any) -> None:
        self.timers.append(self.clock.call_later(delay, functools.partial(self.post, message)))

    def _bot_level(self, seat: int) -> str | None:
        return self.seats[seat].bot_level()

    def _version(self, seat: int | None) -> int:
        return self.streams[seat].version

    async def _handle(self, msg: Any) -> None:
        match msg:
            case Connect():
                self._connect(msg)
            case Disconnect():
                self._disconnect(msg)
            case Ready():
                await self._ready(msg)
            case Move():
                await self._human_move(msg)
            case Join():
                await self._join(msg)
            case Expire(seat=seat, serial=serial):
                turn = self.turns.current(seat, serial)
                if turn is not None and self.match is not None:
                    safe = self.game.safe_action(self.match.state, turn.decision)
                    await self._play(seat, safe, auto=True, retry=msg)
            case BotMove(seat=seat, serial=serial, action=action):
                turn = self.turns.current(seat, serial)
                if turn is None or self._bot_level(seat) is None or self.match is None:
                    return  # late: the decision was answered, or its player came back
                self.turns.done_thinking(seat)
                if action is None:
                    safe = self.game.safe_action(self.match.state, turn.decision)
                    await self._play(seat, safe, auto=True, retry=msg)
                else:  # a bot sitting in for an absent player marks its moves with its level
                    taken = self.seats[seat].takeover
                    await self._play(seat, action, auto=False, bot=taken, retry=msg)
            case Tick(what="grace", seat=seat):
                self._grace_over(self.seats[seat])
            case Tick(what="start"):
                if self.status == "waiting":
                    await self._start()
            case Tick(what="fill"):
                await self._fill()

    # -- seats -------------------------------------------------------------------------------------------

    def _connect(self, msg: Connect) -> None:
        if msg.seat is not None and not msg.again:
            seat = self.seats[msg.seat]
            seat.conns += 1
            if seat.grace is not None:
                seat.grace.cancel()
                seat.grace = None
            reclaimed = seat.takeover is not None
            if reclaimed:  # the seat's link brings its player back: the bot stands up
                seat.takeover = None
                self.turns.stop_thinking(seat.index)
            if seat.conns == 1 or reclaimed:
                self._publish_seats()
        stream = self.streams[msg.seat]
        missed = stream.since(msg.since) if msg.epoch == self.epoch else None
        for text in missed or ():
            msg.sub.send(text)
        msg.sub.send(present.snapshot(self, msg.seat, resumed=missed is not None))
        stream.subs.add(msg.sub)

    def _disconnect(self, msg: Disconnect) -> None:
        stream = self.streams[msg.seat]
        if msg.sub not in stream.subs:
            return
        stream.subs.discard(msg.sub)
        if msg.seat is not None:
            seat = self.seats[msg.seat]
            seat.conns -= 1
            if seat.conns == 0:
                self._publish_seats()
                if self.status == "playing" and seat.kind != "bot":
                    self._gone(seat)

    def _gone(self, seat: Seat) -> None:
        if seat.grace is None and seat.takeover is None:
            tick = functools.partial(self.post, Tick("grace", seat.index))
            seat.grace = self.clock.call_later(self.config.grace_seconds, tick)

    def _takeover_level(self) -> str:
        """The configured take-over level if it plays this game, else the strongest one that does."""
        level = self.config.takeover_level
        return level if level in levels_for(self.game) else strongest_for(self.game)

    def _grace_over(self, seat: Seat) -> None:
        seat.grace = None
        if seat.conns == 0 and seat.takeover is None and seat.kind != "bot" and self.status == "playing":
            seat.takeover = self._takeover_level()
            self._publish_seats()
            self.turns.drive(self.match, self._bot_level)

    async def _ready(self, msg: Ready) -> None:
        if msg.seat is None:
            msg.sub.send(error("spectator", "spectators have no seat to make ready", msg.ref))
            return
        if self.status != "waiting":
            msg.sub.send(error("started", "the game has started: a client seed can only be given before", msg.ref))
            return
        seat = self.seats[msg.seat]
        client_seed = msg.client_seed or ""
        try:
            await self.journal.seat_changed(self.id, seat.index, {"ready": True, "client_seed": client_seed})
        except Exception:
            log.exception("table %s: seat %d's ready could not be saved", self.id, seat.index)
            msg.sub.send(error("server_error", "that could not be saved: say ready again", msg.ref))
            return
        seat.ready, seat.client_seed = True, client_seed
        msg.sub.send(present.ack(self, msg.seat, msg.ref))
        self._publish_seats()
        if self._all_ready():
            await self._start()

    def _all_ready(self) -> bool:
        return all(s.ready or s.kind == "bot" for s in self.seats)

    async def _fill(self) -> None:
        if self.status != "waiting":
            return
        if any(s.ready for s in self.seats if s.kind != "bot"):
            await self._start()
            return
        left = self.created_at + self.config.abandon_seconds - self.clock.now()
        if left > 0:
            self._after(min(self.config.fill_seconds, left), Tick("fill"))
            return
        try:  # no one came: close it, so that forgotten tables do not pile up in memory and in the lobby
            await self.journal.abandoned(self.id, self.clock.now())
        except Exception:
            log.exception("table %s: could not be marked abandoned; trying again later", self.id)
            self._after(self.config.fill_seconds, Tick("fill"))
            return
        self.status = "abandoned"
        self.stop()

    async def _join(self, msg: Join) -> None:
        try:
            if self.status == "ended":
                raise LookupError("the game is over")
            seat = next((s for s in self.seats if s.kind == "open" and s.token_hash is None), None)
            if seat is None:
                raise LookupError("this table has no open seat")
            token = new_token()
            name = (msg.name or "").strip() or seat.name
            await self.journal.seat_changed(self.id, seat.index, {"token_hash": hash_token(token), "name": name})
            seat.token_hash, seat.name = hash_token(token), name
        except Exception as e:
            msg.reply.set_exception(e)
            return
        msg.reply.set_result((seat.index, token))
        self._publish_seats()

    # -- the game ----------------------------------------------------------------------------------------

    async def _start(self) -> None:
        client_seeds = [s.client_seed for s in self.seats]
        match = self.new_match(client_seeds)
        try:
            await self.journal.started(self.id, client_seeds, self.clock.now())
        except Exception:
            log.exception("table %s: the start could not be saved; trying again", self.id)
            self._after(self.config.retry_seconds, Tick("start"))
            return
        self.match, self.status = match, "playing"
        entry = {"type": "started", "v": 0, "commitment": self.commitment, "client_seeds": client_seeds}
        for stream in self.streams.values():
            stream.publish(entry)
        for seat in self.seats:
            if seat.kind != "bot" and seat.conns == 0:
                if seat.ready:
                    self._gone(seat)  # said ready, then stepped away: the usual grace
                else:
                    seat.takeover = self._takeover_level()  # never came: a bot sits down at once
        self._publish_seats()
        self._changed([], None, False)

    async def _human_move(self, msg: Move) -> None:
        m = self.match
        key = None if msg.ref is None or msg.seat is None else (msg.ref, msg.v, msg.epoch, encode(msg.action))
        first = None if key is None else self.answers[msg.seat].get(key)
        if first is not None:  # the same message again (a retry after a drop, a second window): the same answer
            msg.sub.send(first)
        elif msg.seat is None:
            msg.sub.send(error("spectator", "spectators cannot move: open your seat's link to play", msg.ref))
        elif m is None:
            msg.sub.send(error("not_started", "the game has not started yet", msg.ref))
        elif m.ended:
            msg.sub.send(error("game_over", "the game is over: no more moves", msg.ref))
        elif self.game.decision_for(m.state, msg.seat) is None:
            msg.sub.send(error("not_your_turn", f"it is not your turn: seat {msg.seat} has nothing to decide now",
                               msg.ref))
        elif (stale := self._stale(msg)) is not None:
            msg.sub.send(error("stale", stale, msg.ref))
        else:
            await self._play(msg.seat, msg.action, False, msg.sub, msg.ref, key=key)

    def _stale(self, msg: Move) -> str | None:
        """Why the move was chosen at a position its seat no longer has, or None if it was not."""
        assert msg.seat is not None
        if msg.v is None:  # a client that does not say what it saw: judged on the position alone
            return None
        turn = self.turns.open.get(msg.seat)
        now = self.streams[msg.seat].version
        if msg.epoch is not None and msg.epoch != self.epoch or msg.v > now:
            return "that move was chosen before the server restarted: it was not played; look again and choose"
        if turn is not None and turn.shown is not None and msg.v < turn.shown:
            return (f"the position has changed since you chose that move (you saw version {msg.v}, your decision "
                    f"came at {turn.shown}): it was not played; look again and choose")
        return None

    async def _play(self, seat: int, action: Any, auto: bool, sub: Subscriber | None = None,
                    ref: int | None = None, bot: str | None = None, key: tuple[Any, ...] | None = None,
                    retry: Expire | BotMove | None = None) -> None:
        """Play and commit one move. A person's move that cannot be saved is refused (they may send it again);
        the table's own (`retry`: a bot's, or the safe action on a timeout) is tried again a moment later."""
        m = self.match
        assert m is not None
        n = len(m.record["moves"]) + 1
        try:
            events = m.play(seat, action, auto=auto, bot=bot)
        except IllegalAction as e:
            if sub is not None:
                sub.send(error("illegal", str(e), ref))
            elif not auto:  # a bot chose badly: the table plays the safe action for it
                log.error("table %s: the bot in seat %d chose an illegal action %r: %s", self.id, seat, action, e)
                turn = self.turns.open.get(seat)
                if turn is not None:
                    safe = self.game.safe_action(m.state, turn.decision)
                    await self._play(seat, safe, auto=True, retry=Expire(seat, turn.serial))
            return
        except Exception:  # the engine failed half-way: start again from the moves made before
            log.exception("table %s: the engine failed on move %d %r", self.id, n, action)
            self._replay(m.record["client_seeds"], m.record["moves"])
            if sub is not None:
                sub.send(error("server_error", "the server failed to make that move; nothing changed", ref))
            return
        final = m.public_record() if m.ended else None
        try:
            await self.journal.moved(self.id, n, seat, m.record["moves"][-1][1], auto, self.clock.now(), final, bot)
        except Exception:
            log.exception("table %s: move %d could not be saved, so it is undone", self.id, n)
            self._replay(m.record["client_seeds"], m.record["moves"][:-1])
            if sub is not None:
                sub.send(error("server_error", "your move could not be saved, so it was not made: try again", ref))
            elif retry is not None:  # the decision stays open (nothing was refreshed): the same answer again soon
                self._after(self.config.retry_seconds, retry)
            return
        try:
            self._changed(events, seat, auto)
        finally:  # the move is committed: acknowledge it and end the game whatever else went wrong
            if sub is not None:
                ack = present.ack(self, seat, ref)
                if key is not None:
                    answers = self.answers[seat]
                    answers[key] = ack
                    if len(answers) > 16:
                        answers.popitem(last=False)
                sub.send(ack)
            if m.ended:
                self._end()

    def _replay(self, client_seeds: list[str], moves: list[list[Any]]) -> None:
        """Rebuild the game from its seed and these moves (the state, the stream and the record)."""
        self.match = self.new_match(client_seeds)
        for mv in moves:
            mark = mv[2] if len(mv) > 2 else {}
            self.match.play(mv[0], mv[1], auto=bool(mark.get("auto")), bot=mark.get("bot"))

    def _end(self) -> None:
        m = self.match
        assert m is not None
        self._cancel_all()
        self.status = "ended"
        entry = {"type": "ended", "v": 0, "result": m.record["result"], "text": self.game.describe_result(m.state),
                 "seed": m.seed.hex()}
        for stream in self.streams.values():
            stream.publish(entry)
        self._after(self.config.linger_seconds, Tick("stop"))

    def _changed(self, events: list[Event], by: int | None, auto: bool) -> None:
        """After a move (or the start): fresh clocks, one update per stream, bots to their turns."""
        m = self.match
        assert m is not None
        self.turns.refresh(m, by)
        clocks = self.turns.clocks()
        for key, stream in self.streams.items():
            evs = self.game.events_for(events, key)
            entry = {"type": "update", "v": 0, "n": len(m.record["moves"]), "by": by, "auto": auto, "events": evs,
                     "log": events_text(self.game, evs)}
            live = None
            if stream.subs:  # a view is worth making only for someone watching
                live = {"clocks": clocks, "decision": self.turns.decision(key),
                        "view": safe_view(self.game, m.state, key)}
            stream.publish(entry, live)
        self.turns.shown(self._version)
        self.turns.drive(m, self._bot_level)

    def _cancel_all(self) -> None:
        self.turns.clear()
        for seat in self.seats:
            if seat.grace is not None:
                seat.grace.cancel()
                seat.grace = None
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()

    # -- messages ----------------------------------------------------------------------------------------

    def _publish_seats(self) -> None:
        entry = {"type": "seats", "v": 0, "seats": [s.public() for s in self.seats]}
        for stream in self.streams.values():
            stream.publish(entry)
