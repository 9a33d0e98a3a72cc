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
from moontable.engine import Event, Game, IllegalAction, as_action
from moontable.match import Match
from moontable.table import present, undo
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
    StartNow,
    Stream,
    Subscriber,
    TableConfig,
    Tick,
    Undo,
    encode,
    error,
    events_text,
    hash_token,
    new_token,
    safe_views,
    seat_of,
)
from moontable.table.history import LogBook, Step, Takeback, kept, log_languages, with_names
from moontable.table.turns import Turns

__all__ = ["Table"]


def _table_words(game: Game) -> dict[str, str]:
    try:
        return dict(game.table_words())
    except Exception:  # words must never stop a table
        return {}

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
        self.rated = False  # a rated game moves its players' ratings when it ends (server/ratings.py)
        self.match: Match | None = None
        self.epoch = secrets.token_hex(4)  # versions restart with each life of the table (a server restart)
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        changes = config.view_changes
        self.streams: dict[int | None, Stream] = {s.index: Stream(config.max_log, changes=changes) for s in seats}
        self.streams[None] = Stream(config.max_log, batched=config.spectator_seconds > 0, changes=changes)
        self._flush: asyncio.TimerHandle | None = None  # the spectators' next batch (real time, not the table's)
        self.turns = Turns(table_id, game, clock, config, self.post)
        self.timers: list[Timer] = []
        self.on_close: Callable[[Table], None] | None = None
        self.on_end: Callable[[Table], None] | None = None  # the game has ended (a match starts its next game)
        self.closed = False  # its loop has ended: it takes no more messages
        self.logbook = LogBook()  # every stream's log lines, for a snapshot after a reload or a restart
        # the game in its other languages (Moons: Portuguese), and the same log in each of them
        self.log_games = log_languages(game)
        self.logbooks = {lang: LogBook() for lang in self.log_games}
        self.takeback = Takeback()  # the moves that may still be undone
        self.fill_at: float | None = None  # when a waiting table next starts with bots in the missing seats
        # each seat's latest acks by the move message they answer: the same message again gets the same answer
        self.answers: dict[int, OrderedDict[tuple[Any, ...], str]] = {s.index: OrderedDict() for s in seats}
        # each stream's view of the position now, made once (its update, a bot, a snapshot share it)
        self._views: dict[int | None, dict[str, Any] | None] = {}
        self._views_of: tuple[Match | None, int] = (None, 0)
        self._position = 0  # moves made or taken back in this life of the table: the views' date
        self._left: dict[int, float] = {}  # brought back: each seat's open decision's time left (resumed_clocks)

    def post(self, message: Any) -> None:
        if not self.closed:
            self.inbox.put_nowait(message)

    def stop(self) -> None:
        self.post(Tick("stop"))

    def seat_for_token(self, token: str) -> int | None:
        return seat_of([s.token_hash for s in self.seats], token)

    def has_open_seat(self) -> bool:
        return self.status != "ended" and any(s.kind == "open" and s.token_hash is None for s in self.seats)

    def restore(self, status: str, client_seeds: list[str],
                moves: list[tuple[int, list[Any], bool, str | None]], clocks: dict[str, Any] | None = None,
                last_move: dict[str, Any] | None = None, alive_until: float | None = None) -> None:
        """Bring back a table from the database by replaying its moves with its seed, and its clocks: see
        `resumed_clocks` (`clocks`: what its last process saved when it stopped it or brought it back;
        `last_move`: what the last move saved; `alive_until`: when its last process was last seen alive)."""
        if status in ("playing", "ended"):
            self._replay(client_seeds, moves)
        self.status = status
        self._left = resumed_clocks(len(moves), [clocks, last_move], alive_until)

    def _record_seats(self) -> list[dict[str, Any]]:
        return [record_seat(s) for s in self.seats]

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
                    await self._save_clocks(running=False)
                    break
                try:
                    await self._handle(msg)
                except Exception:  # one bad message must not take the table down
                    log.exception("table %s: failed to handle %s", self.id, type(msg).__name__)
                if self.streams[None].pending and self._flush is None:
                    self._flush = asyncio.get_running_loop().call_later(self.config.spectator_seconds, self.post,
                                                                        Tick("flush"))
        finally:
            self._cancel_all()
            if self._flush is not None:
                self._flush.cancel()
                self._flush = None
            self._flush_spectators()  # their last messages go out before the table closes
            if self.on_close is not None:
                self.on_close(self)
            self._let_go()

    async def _save_clocks(self, running: bool) -> None:
        """Save the time left on each open decision: stopped mid-game (a restart, a handover; not `running`:
        the clocks stand still while no process holds the table, so the next one gives each decision the time
        it had here), or just brought back (`running`: should this process die before the next move, the next
        one counts from now, not from the last move)."""
        m = self.match
        if self.status != "playing" or m is None or not self.turns.open:
            return
        now = self.clock.now()
        left = {seat: max(0.0, turn.deadline - now) for seat, turn in self.turns.open.items()}
        try:
            await self.journal.clocks_left(self.id, len(m.record["moves"]), left, at=now, running=running)
        except Exception:  # e.g. the lease is another's now: the next owner resumes from the last move
            log.warning("table %s: the clocks could not be saved", self.id)

    def _let_go(self) -> None:
        """Break the references that tie a closed table into cycles (its turns post to it, its inbox holds
        messages from the sockets that hold it), so that it is freed at once, not at the next full collection
        of the garbage collector, which would have a long time to grow."""
        self.closed = True
        self.on_close = None
        self.on_end = None
        self.turns.post = _dropped
        while not self.inbox.empty():
            msg = self.inbox.get_nowait()
            if isinstance(msg, Join) and not msg.reply.done():
                msg.reply.set_exception(LookupError("the table has closed"))
        for stream in self.streams.values():
            stream.subs.clear()

    def _arm(self) -> None:
        """Set the timers the table needs in its present state: at creation and after a restart."""
        if self.status == "waiting":
            self._arm_fill(self.created_at + self.config.fill_seconds - self.clock.now())
            if self._all_ready():  # every seat said ready, but the start was not saved before a restart
                self.post(Tick("start"))
        elif self.status == "playing":
            for seat in self.seats:
                if seat.kind != "bot" and seat.conns == 0:
                    self._gone(seat)
            self.turns.refresh(self.match, None)
            for seat, left in self._left.items():  # the time left when it stopped (a reconnect has a moment)
                self.turns.set_deadline(seat, self.clock.now() + max(left, self.config.undo_min_seconds))
            if self._left:  # what it resumed with, for the next process should this one die before a move
                self.post(Tick("clocks"))
            self._left = {}
            self.turns.shown(self._version)
            self.turns.drive(self.match, self._bot_level, self.view_for)
        else:
            self._after(self.config.linger_seconds, Tick("stop"))

    def _after(self, delay: float, message: Any) -> None:
        self.timers.append(self.clock.call_later(delay, functools.partial(self.post, message)))

    def _bot_level(self, seat: int) -> str | None:
        return self.seats[seat].bot_level()

    def _version(self, seat: int | None) -> int:
        return self.streams[seat].version

    version_of = _version  # for the table's helpers beside it (undo)

    def bot_level(self, seat: int) -> str | None:
        return self._bot_level(seat)

    async def _handle(self, msg: Any) -> None:
        match msg:
            case Connect():
                await self._connect(msg)
            case Disconnect():
                self._disconnect(msg)
            case Ready():
                await self._ready(msg)
            case Move():
                await self._human_move(msg)
            case Join():
                await self._join(msg)
            case Undo():
                await undo.take_back(self, msg)
            case StartNow():
                await self._start_now(msg)
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
            case Tick(what="flush"):
                self._flush = None
                self._flush_spectators()
            case Tick(what="fill"):
                await self._fill()
            case Tick(what="clocks"):
                await self._save_clocks(running=True)

    # -- seats -------------------------------------------------------------------------------------------

    def _flush_spectators(self) -> None:
        stream = self.streams[None]
        if not stream.pending:
            return
        m = self.match
        live = None if m is None else {"clocks": self.turns.clocks(), "decision": None, "view": self.view_for(None)}
        stream.flush(live)

    async def _connect(self, msg: Connect) -> None:
        if msg.seat is None:
            self._flush_spectators()  # the others get theirs first: the newcomer's snapshot is from now
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
            marked = msg.author is not None and seat.author != msg.author
            if marked:  # a program plays this seat from now on, and after a restart too
                seat.author = msg.author
                if self.match is not None:  # the game's record says so as well
                    self.match.record["seats"][seat.index] = record_seat(seat)
                try:
                    await self.journal.seat_changed(self.id, seat.index, {"author": msg.author})
                except Exception:
                    log.exception("table %s: seat %d's author could not be saved", self.id, seat.index)
            if seat.conns == 1 or reclaimed or marked:
                self._publish_seats()
        stream = self.streams[msg.seat]
        missed = stream.since(msg.since) if msg.epoch == self.epoch else None
        for text in missed or ():
            msg.sub.send(text)
        view = self.view_for(msg.seat)
        msg.sub.send(present.snapshot(self, msg.seat, missed is not None, view, stream.snapshot_view(view)))
        stream.subs.add(msg.sub)

    def _disconnect(self, msg: Disconnect) -> None:
        stream = self.streams[msg.seat]
        if msg.sub not in stream.subs:
            return
        stream.subs.discard(msg.sub)
        if not stream.subs:
            stream.forget()
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
            self.turns.drive(self.match, self._bot_level, self.view_for)

    async def _ready(self, msg: Ready) -> None:
        if msg.seat is None:
            msg.sub.send(error("spectator", "spectators have no seat to make ready", msg.ref))
            return
        if self.status != "waiting":
            msg.sub.send(error("started", "the game has started: a client seed can only be given before", msg.ref))
            return
        seat = self.seats[msg.seat]
        client_seed = msg.client_seed or ""
        name = " ".join((msg.name or "").split())[:40] or seat.name  # the name the player chose, if any
        account = seat.account or msg.account
        if seat.account is not None:
            name = seat.name  # a signed-in player's seat keeps their account's name
        try:
            await self.journal.seat_changed(self.id, seat.index, {"ready": True, "client_seed": client_seed,
                                                                  "name": name, "account": account})
        except Exception:
            log.exception("table %s: seat %d's ready could not be saved", self.id, seat.index)
            msg.sub.send(error("server_error", "that could not be saved: say ready again", msg.ref))
            return
        seat.ready, seat.client_seed, seat.name, seat.account = True, client_seed, name, account
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
            self._arm_fill(min(self.config.fill_seconds, left))
            return
        try:  # no one came: close it, so that forgotten tables do not pile up in memory and in the lobby
            await self.journal.abandoned(self.id, self.clock.now())
        except Exception:
            log.exception("table %s: could not be marked abandoned; trying again later", self.id)
            self._arm_fill(self.config.fill_seconds)
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
            await self.journal.seat_changed(self.id, seat.index, {"token_hash": hash_token(token), "name": name,
                                                                  "account": msg.account})
            seat.token_hash, seat.name, seat.account = hash_token(token), name, msg.account
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
        self.post(Tick("clocks"))  # the first decisions' clocks, for a process that takes over before a move

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
        turn = self.turns.open.get(seat)
        left = self.config.decision_seconds if turn is None else turn.deadline - self.clock.now()
        try:
            events, lines, text, lines_lang = self._apply(seat, action, auto, bot, left)
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
            self._replay(m.record["client_seeds"], _marked(m.record["moves"]))
            if sub is not None:
                sub.send(error("server_error", "the server failed to make that move; nothing changed", ref))
            return
        final = m.public_record() if m.ended else None
        try:
            await self.journal.moved(self.id, n, seat, m.record["moves"][-1][1], auto, self.clock.now(), final, bot,
                                     clocks=self.turns.left_after(m, seat))
        except Exception:
            log.exception("table %s: move %d could not be saved, so it is undone", self.id, n)
            self._replay(m.record["client_seeds"], _marked(m.record["moves"][:-1]))
            if sub is not None:
                sub.send(error("server_error", "your move could not be saved, so it was not made: try again", ref))
            elif retry is not None:  # the decision stays open (nothing was refreshed): the same answer again soon
                self._after(self.config.retry_seconds, retry)
            return
        try:
            self._changed(events, seat, auto, lines, text if auto else None, lines_lang)
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

    def _replay(self, client_seeds: list[str], moves: list[tuple[int, list[Any], bool, str | None]]) -> None:
        """Rebuild the game from its seed and these (seat, action, auto, bot) moves: the state, the stream and
        the record, the log, and the moves that may still be taken back."""
        self.match = self.new_match(client_seeds)
        self.logbook, self.takeback = LogBook(), Takeback()
        self.logbooks = {lang: LogBook() for lang in self.log_games}
        for seat, action, auto, bot in moves:
            self._apply(seat, action, auto, bot, self.config.decision_seconds)

    def _apply(self, seat: int, action: Any, auto: bool, bot: str | None,
               left: float) -> tuple[list[Event], dict[int | None, list[str]], str | None, dict[str, Any]]:
        """Play one move (IllegalAction: nothing changed) and note its log lines and whether it may be taken
        back. Returns its events, each stream's log lines and, for a person's move or a timeout, its words;
        then the same lines in each of the game's other languages ({lang: {stream: lines}})."""
        m = self.match
        assert m is not None
        person = not auto and bot is None and self.seats[seat].kind != "bot"
        before = kept(m.state) if person and self.game.undoable else None
        text = self._words(seat, action) if person or auto else None
        texts = {lang: self._words(seat, action, g) for lang, g in self.log_games.items()} if auto else {}
        draws = len(m.record["draws"])
        events = m.play(seat, action, auto=auto, bot=bot)
        self.moved()
        n = len(m.record["moves"])
        lines = self._log_lines(events, seat, auto, text)
        self.logbook.add(n, lines)
        lines_lang = {}
        for lang, g in self.log_games.items():
            lines_lang[lang] = self._log_lines(events, seat, auto, texts.get(lang), g)
            self.logbooks[lang].add(n, lines_lang[lang])
        fixed = len(m.record["draws"]) != draws or any(self._reveals(e) for e in events)
        self.takeback.note(None if before is None or fixed else Step(seat, before, text or "", left))
        return events, lines, text, lines_lang

    def _words(self, seat: int, action: Any, game: Game | None = None) -> str:
        """What the move did, in words (before it is played): the game's sentence for it, else its option's text."""
        assert self.match is not None
        game = game or self.game
        try:
            state, act = self.match.state, as_action(action)
            return with_names(game.describe_move(state, seat, act) or game.describe_action(state, act), self.names())
        except Exception:  # words must never stop a table
            return " ".join(str(a) for a in action) if isinstance(action, list | tuple) else str(action)

    def drop_log_after(self, n: int) -> None:
        """Moves after `n` were taken back: so are their log lines, in every language."""
        self.logbook.drop_after(n)
        for book in self.logbooks.values():
            book.drop_after(n)

    def _reveals(self, event: Event) -> bool:
        try:
            return self.game.reveals(event)
        except Exception:  # in doubt, the move stands
            return True

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _log_lines(self, events: list[Event], by: int | None, auto: bool,
                   text: str | None, game: Game | None = None) -> dict[int | None, list[str]]:
        """Each stream's log lines for a move's events, with players' names; a timeout says so. In the
        table's game's language, or `game`'s (the same game in another language)."""
        game = game or self.game
        names = self.names()
        timeout = "time ran out for {name}: the table played a safe move{done}"
        if game is not self.game:
            timeout = _table_words(game).get("timeout", timeout)
        out: dict[int | None, list[str]] = {}
        # a public event is the same object in every stream's list: its words are written once, not per stream
        written: dict[int, tuple[Event, list[str]]] = {}
        for key in self.streams:
            lines = []
            for e in game.events_for(events, key):
                known = written.get(id(e))
                if known is None:  # the event is kept with its words: its id stays its own meanwhile
                    known = written[id(e)] = (e, [with_names(x, names) for x in events_text(game, [e])])
                lines.extend(known[1])
            if auto and by is not None:
                done = f" ({text})" if key == by and text else ""  # what was played, for its seat alone
                lines.append(timeout.format(name=names[by], done=done))
            out[key] = lines
        return out

    def undo_for(self, key: int | None) -> dict[str, Any] | None:
        """What `key` may take back now, for its client: the move's number and its words."""
        step = self.takeback.last_for(key)
        if step is None or self.match is None or self.match.ended:
            return None
        return {"n": len(self.match.record["moves"]), "text": step.text}

    def _end(self) -> None:
        m = self.match
        assert m is not None
        self._cancel_all()
        self.status = "ended"
        for key, stream in self.streams.items():
            stream.publish({"type": "ended", "v": 0, "result": m.record["result"],
                            "text": present.result_text(self, key), "seed": m.seed.hex()})
        self._after(self.config.linger_seconds, Tick("stop"))
        if self.on_end is not None:
            try:
                self.on_end(self)
            except Exception:  # the game's end stands whatever its match does
                log.exception("table %s: the end's follow-up failed", self.id)

    def _changed(self, events: list[Event], by: int | None, auto: bool,
                 lines: dict[int | None, list[str]] | None = None, auto_move: str | None = None,
                 lines_lang: dict[str, dict[int | None, list[str]]] | None = None) -> None:
        """After a move (or the start): fresh clocks, one update per stream, bots to their turns."""
        m = self.match
        assert m is not None
        self.turns.refresh(m, by)
        for key, stream in self.streams.items():
            entry = {"type": "update", "v": 0, "n": len(m.record["moves"]), "by": by, "auto": auto,
                     "events": self.game.events_for(events, key), "log": (lines or {}).get(key, [])}
            if self.log_games:  # the same lines in the game's other languages: the page shows its reader's
                entry["log_lang"] = {lang: (lines_lang or {}).get(lang, {}).get(key, []) for lang in self.log_games}
            if auto_move is not None and key == by:
                entry["auto_move"] = auto_move  # what the table played for this seat, in words
            stream.publish(entry, self.live_fields(key))
        self.turns.shown(self._version)
        self.turns.drive(m, self._bot_level, self.view_for)

    def live_fields(self, key: int | None) -> dict[str, Any] | None:
        """What a live message adds for `key`: the clocks, its decision, its view, what it may take back."""
        stream = self.streams[key]
        if not stream.subs or stream.batched or self.match is None:  # a view only for someone watching now
            return None
        return {"clocks": self.turns.clocks(), "decision": self.turns.decision(key),
                "view": self.view_for(key), "undo": self.undo_for(key)}

    def moved(self) -> None:
        """The game's state has changed (a move, or one taken back): views are made again."""
        self._position += 1

    def view_for(self, key: int | None) -> dict[str, Any] | None:
        """`key`'s view of the game now (None: a spectator's), made once for this position; never to be
        changed by its users (a stream keeps it to send the next view as a change from it)."""
        m = self.match
        if m is None:
            return None
        if self._views_of[0] is not m or self._views_of[1] != self._position:
            self._views, self._views_of = {}, (m, self._position)
        views = self._views
        if key not in views:  # and the views the live streams will want too: made together, they share work
            wanted = [k for k, s in self.streams.items() if k == key or k not in views and s.subs and not s.batched]
            views.update(safe_views(self.game, m.state, wanted))
        return views[key]

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
        entry = {"type": "seats", "v": 0, "seats": [s.public() for s in self.seats],
                 "fill_at": self.fill_at if self.status == "waiting" else None}
        for stream in self.streams.values():
            stream.publish(entry)

    # -- waiting -----------------------------------------------------------------------------------------

    def _arm_fill(self, delay: float) -> None:
        self.fill_at = self.clock.now() + max(0.0, delay)
        self._after(delay, Tick("fill"))

    async def _start_now(self, msg: StartNow) -> None:
        """A ready player starts the game at once: bots sit in the seats of the players not ready."""
        if msg.seat is None:
            msg.sub.send(error("spectator", "spectators cannot start a game", msg.ref))
        elif self.status != "waiting":
            msg.sub.send(error("started", "the game has already started", msg.ref))
        elif not self.seats[msg.seat].ready:
            msg.sub.send(error("not_ready", "say ready first, then start with a bot", msg.ref))
        else:
            await self._start()
            if self.status == "waiting":  # the start could not be saved
                msg.sub.send(error("server_error", "the game could not be started: try again", msg.ref))
            else:
                msg.sub.send(present.ack(self, msg.seat, msg.ref))


def _marked(moves: list[list[Any]]) -> list[tuple[int, list[Any], bool, str | None]]:
    """Record moves ([seat, action] or [seat, action, {"auto": true} | {"bot": level}]) as (seat, action, auto, bot)."""
    out = []
    for mv in moves:
        mark = mv[2] if len(mv) > 2 else {}
        out.append((mv[0], mv[1], bool(mark.get("auto")), mark.get("bot")))
    return out


def _dropped(message: Any) -> None:
    """Where a closed table's late timers and bots post: nowhere."""


def resumed_clocks(n: int, saved: list[dict[str, Any] | None], alive_until: float | None) -> dict[int, float]:
    """The seconds each open decision of a table brought back after move `n` has left, from the newest of the
    `saved` clocks of that same move (a move's own, or its process's at a stop or at bringing it back). Clocks
    saved at a clean stop stood still since. Otherwise they ran on while the process that had the table was
    alive: till `alive_until`, its last sign of life (its last lease renewal, in a cluster), and not after it:
    the time a crash and a takeover take is no player's. With no sign of life (one process, restarted after a
    crash) they stood still since they were saved. (A decision then gets at least undo_min_seconds: Table._arm.)
    A record from before the clocks were saved with every move has no time ("at"): it is taken as it is."""
    fits = [c for c in saved if c is not None and c.get("n") == n and c.get("left") is not None]
    if not fits:
        return {}
    newest = max(fits, key=lambda c: float("inf") if c.get("at") is None else c["at"])
    ran = 0.0
    if newest.get("running") and newest.get("at") is not None and alive_until is not None:
        ran = max(0.0, alive_until - newest["at"])
    return {int(seat): float(t) - ran for seat, t in newest["left"].items()}


def record_seat(seat: Seat) -> dict[str, Any]:
    """A seat as the game's record gives it: a bot of ours by its level, a program by its author."""
    out: dict[str, Any] = {"name": seat.name, "bot": seat.kind == "bot" or seat.author is not None,
                           "level": seat.level}
    if seat.author is not None:
        out["author"] = seat.author
    return out
