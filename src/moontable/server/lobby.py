"""The lobby: every live table, creating and joining them, and bringing them back after a restart.

Unfinished tables live in memory, each run by its own task; an ended table stays live a few seconds
(`TableConfig.linger_seconds`), then only the database has it, where it stays queryable: its summary
and record, and for a late connection its final snapshot (`finished`), rebuilt from its moves.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from moontable import fair, games
from moontable.bots.levels import level_name, levels_for, strongest_for
from moontable.clock import Clock, SystemClock
from moontable.server.accounts import Accounts
from moontable.server.lease import Leases
from moontable.server.limits import PerAddress, Sockets
from moontable.server.matches import Matches, MatchRun
from moontable.server.messages import Close, CreateTable, clean_name
from moontable.server.options import OptionError, checked_options
from moontable.server.ratings import Ratings
from moontable.server.store import Store, StoredTable
from moontable.server.workers import Workers
from moontable.table import Join, Seat, Table, TableConfig, hash_token, new_token, present
from moontable.table.base import seat_of

__all__ = ["Lobby", "LobbyError", "Settings"]

log = logging.getLogger("moontable.lobby")
STALLED_EVERY = 30  # lease rounds between a cluster process's looks for matches left between two games


@dataclass(slots=True)
class Settings:
    """Everything a server can be told; the defaults are the real table's."""

    db_url: str = "sqlite:///moontable.db"
    table: TableConfig = field(default_factory=TableConfig)
    clock: Clock = field(default_factory=SystemClock)
    max_message: int = 4096  # bytes in one WebSocket message from a client
    rate: float = 20.0  # messages a second one connection may send, sustained ...
    burst: int = 40  # ... and at once
    flood_close: int = 200  # messages dropped in one flood before the connection is closed
    hello_seconds: float = 10.0  # time to send the first message
    max_queue: int = 5000  # messages waiting for a client that reads too slowly, before it is dropped
    send_seconds: float = 20.0  # a socket that has taken nothing for this long is cut off (it reads nothing)
    conns_per_address: int = 100  # sockets one client address may hold open, of every kind
    spectators_per_table: int = 200  # spectators' sockets on one table
    conns_per_seat: int = 3  # a seat's sockets (windows); a newer one closes the oldest
    batch_window: float = 0.0  # group commit: extra wait for more writes (0: commit as soon as the last one is done)
    tune_gc: bool = True  # freeze the start and collect on a clock (server/collector.py)
    workers: int = 1  # processes the bots think in (and posted records replay in); 0: threads of this one
    tables_per_minute: float = 30.0  # new tables one client address may open, sustained ...
    tables_burst: int = 30  # ... and at once
    joins_per_minute: float = 30.0  # open seats one client address may take, sustained ...
    joins_burst: int = 10  # ... and at once
    logins_per_minute: float = 5.0  # tries to sign in (or claim a name) per address and per name, sustained ...
    logins_burst: int = 10  # ... and at once
    secret_key: str | None = None  # signs session cookies; None: a key made at the first start, kept in the database
    secure_cookies: bool = False  # mark the session cookie Secure (set it when the server is reached over HTTPS)
    # the addresses (or networks, 10.0.0.0/8) of the load balancers in front, and of a cluster's other processes:
    # the client's address is the one their X-Forwarded-For says; no one else's header is believed
    trusted_proxies: tuple[str, ...] = ()
    cluster: str | None = None  # one of several processes on one database: the host:port the others reach it at
    lease_seconds: float = 6.0  # in a cluster: a table whose owner has not renewed its lease this long is taken over
    lease_poll: float = 1.0  # ... and how often (real seconds) leases are renewed and ownerless tables looked for


@dataclass(slots=True)
class Finished:
    """An ended table as the database has it: what each seat (and a spectator) is shown on connecting."""

    token_hashes: list[str | None]
    snapshots: dict[int | None, str]

    def seat_for_token(self, token: str) -> int | None:
        return seat_of(self.token_hashes, token)


def _number_alike_bots(seat_list: list[Seat]) -> None:
    """Bots named by their level alone ("Good bot") get a number where several share it: at a five-seat table the
    log's "Good bot 2 wins the trick" must say which."""
    names = [s.name for s in seat_list]
    counts: dict[str, int] = {}
    for s in seat_list:
        if s.kind == "bot" and names.count(s.name) > 1 and s.name.endswith(" bot"):
            counts[s.name] = counts.get(s.name, 0) + 1
            s.name = f"{s.name} {counts[s.name]}"


def _stored_summary(stored: StoredTable, moves: int | None) -> dict[str, Any]:
    """A table's summary as the database has it (what is only live, such as who is connected, is not there)."""
    row = stored.row
    return {"id": row["id"], "game": row["game"], "status": row["status"], "created": row["created_at"],
            "commitment": row["commitment"],
            "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"],
                       "bot": s["kind"] == "bot" or s.get("author") is not None,
                       "level": s["level"], "taken": s["kind"] == "bot" or s["token_hash"] is not None,
                       "connected": False, "ready": bool(s["ready"]) or s["kind"] == "bot",
                       "author": s.get("author")}
                      for s in stored.seats],
            "moves": moves, "result": json.loads(row["result"]) if row.get("result") else None,
            "match_id": row.get("match_id"), "rated": bool(row.get("rated"))}


class LobbyError(Exception):
    """A request the lobby refuses; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.db_url, batch_window=settings.batch_window)
        self.tables: dict[str, Table] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.conns: set[Any] = set()  # every socket's `Conn` (server.ws)
        self.new_tables = PerAddress(settings.tables_per_minute / 60, settings.tables_burst)
        self.joins = PerAddress(settings.joins_per_minute / 60, settings.joins_burst)
        self.finished_cache: OrderedDict[str, Finished] = OrderedDict()  # the last few asked for
        self.sockets = Sockets(settings.conns_per_address, settings.spectators_per_table, settings.conns_per_seat)
        self.workers = Workers(settings.workers)
        self.matches = Matches(self)  # matches of several games (Blue Moon to five crystals)
        self.accounts = Accounts(self)  # claimed names and sessions (server/accounts.py)
        self.ratings = Ratings(self)  # rated games, the leaderboards, rematches (server/ratings.py)
        self._sweeper: asyncio.Task[None] | None = None
        # in a cluster: this process's table leases, and the task that keeps them and takes over ownerless tables
        self.leases: Leases | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._stalled_at = 0.0  # when this process last looked for stalled matches (the event loop's time)
        self._arriving: dict[str, asyncio.Future[None]] = {}  # tables being taken over, till they are live here

    async def start(self) -> None:
        await self.store.open()
        await self.accounts.load()
        await self.matches.load()
        if self.settings.cluster is None:
            for stored in await self.store.unfinished():
                self._bring_back(stored)
            if self.tables:
                log.info("brought back %d unfinished tables", len(self.tables))
        else:  # only the tables no process holds: the others' stay theirs
            self.leases = Leases(self.store, self.settings.cluster, self.settings.clock, self.settings.lease_seconds)
            await self._keep_leases()
            self._keeper = asyncio.create_task(self._keep(), name="keep-leases")
        await self.matches.resume()
        await self.ratings.resume()
        self._sweeper = asyncio.create_task(self._sweep(), name="sweep-stuck-sockets")

    def _bring_back(self, stored: StoredTable, alive_until: float | None = None) -> bool:
        """Bring a stored table to life here; `alive_until`: when the process that had it was last seen alive."""
        try:
            table = self._build(stored)
            client_seeds = json.loads(stored.row["client_seeds"] or "[]")
            clocks = json.loads(stored.row.get("clocks") or "null")
            table.restore(stored.row["status"], client_seeds, stored.moves, clocks, stored.last_clocks, alive_until)
        except Exception as e:  # e.g. the rules changed under a stored game: leave it in the database
            log.error("table %s could not be brought back: %s", stored.row["id"], e)
            return False
        self._launch(table)
        return True

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_poll)
            try:  # (a stop may cancel this between two transactions, never inside one: Store.transaction)
                await self._keep_leases()
            except Exception:  # the database is away for a moment: the leases are kept at the next round
                log.exception("could not renew the table leases")

    async def _keep_leases(self) -> None:
        """Renew this process's leases, let go of the tables it lost, and take over every ownerless table."""
        assert self.leases is not None
        for table_id in [t for t in self.leases.fences if t not in self.tables and t not in self._arriving]:
            self.leases.drop(table_id)  # a table that closed here: its lease runs out
        for table_id in await self.leases.renew():
            self._let_go(table_id)
        for table_id in await self.leases.orphans():
            await self.take_over(table_id)
        now = asyncio.get_running_loop().time()
        # and every match whose next game a process that is gone never opened (rare: a look now and then)
        if now - self._stalled_at >= STALLED_EVERY * self.settings.lease_poll:
            self._stalled_at = now
            await self.matches.stalled()

    async def take_over(self, table_id: str) -> bool:
        """Take the table's lease if no live process holds it, and bring the table back here."""
        assert self.leases is not None
        if table_id in self.tables:
            return True
        if table_id in self._arriving:  # being taken over here already (the keeper and a request at once)
            await asyncio.shield(self._arriving[table_id])
            return table_id in self.tables
        arrived: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._arriving[table_id] = arrived  # requests for it wait for it here (Lobby.serves)
        try:
            if await self.leases.take(table_id) is None:
                return False
            try:
                stored = await self.store.load(table_id, with_moves=True)  # after the take: every move it fenced
                live = stored is not None and stored.row["status"] in ("waiting", "playing")
                if live:  # a game of a match: the match comes with it (its next game opens here)
                    await self.matches.adopt(stored.row.get("match_id"), table_id)
                back = live and self._bring_back(stored, self.leases.last_renewed.pop(table_id, None))
            except BaseException:
                self.leases.drop(table_id)  # not renewed: its lease runs out and another process tries
                raise
            if not back:
                self.leases.drop(table_id)
                return False
            if table_id not in self.leases.fences:  # lost again while it was being loaded
                self._let_go(table_id)
                return False
            assert stored is not None
            log.info("took over table %s at move %d", table_id, len(stored.moves))
            return True
        finally:
            del self._arriving[table_id]
            arrived.set_result(None)

    async def serves(self, table_id: str) -> bool:
        """Whether a request for the table can be answered here: it is live here (or arrives in a moment, being
        taken over), or it is no process's live table (it has ended, or there is no such table: the routes say)."""
        arriving = self._arriving.get(table_id)
        if arriving is not None:
            await asyncio.wait_for(asyncio.shield(arriving), 10)
        if table_id in self.tables:
            return True
        stored = await self.store.load(table_id)
        return stored is None or stored.row["status"] not in ("waiting", "playing")

    async def owner_elsewhere(self, table_id: str) -> str | None:
        """Where to forward a request for the table: its live owner's address if that is another process;
        None to serve it here (it is ours, or it is taken over now, or it has ended and only the database has it)."""
        assert self.leases is not None
        for _ in range(2):
            if table_id in self.tables:
                return None
            held = await self.leases.owner_of(table_id)
            if held is not None:
                return None if held[0] == self.leases.owner else held[1]
            if await self.take_over(table_id):
                return None
            # another process took it over at the same moment (or it has ended): look again
        return None

    def _let_go(self, table_id: str) -> None:
        """Another process owns the table now: its sockets are told to come back (and reach the new owner)."""
        table = self.tables.pop(table_id, None)
        self.matches.let_go(table_id)
        log.warning("table %s: its lease is another process's now; %s", table_id,
                    "letting it go" if table is not None else "it was not live here")
        if table is None:
            return
        self.tasks.pop(table_id, None)  # it stops by itself; no request reaches it from now on
        for stream in table.streams.values():
            for sub in list(stream.subs):
                sub.close(Close.SERVER_RESTART, "the table moved to another server: reconnect to resume")
        table.stop()

    async def _sweep(self) -> None:
        """Cut off every socket whose send has not gone through in `send_seconds`: a client that never reads
        fills its buffers, and the ping that would find it out can no more get through than anything else."""
        limit = self.settings.send_seconds
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(1.0, limit / 2))
            now = loop.time()
            for stuck in [c for c in self.conns if c.stuck(now, limit)]:
                stuck.kill()
            stuck = None  # the loop's name must not keep the last socket (and its table) alive while it sleeps

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._keeper is not None:  # stopped before the store closes: no lease transaction is left half-done
            self._keeper.cancel()
            await asyncio.gather(self._keeper, return_exceptions=True)
        for conn in list(self.conns):
            conn.close(Close.SERVER_RESTART, "the server is restarting: reconnect to resume")
        for table in self.tables.values():
            table.stop()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        await self.matches.close()
        await self.ratings.close()
        self.workers.close()
        await self.store.flush()
        if self.leases is not None:  # every write of ours is in: the others may take the tables over now
            await self.leases.release()
        await self.store.close()

    def _build(self, stored: StoredTable) -> Table:
        row = stored.row
        game = games.get_game(row["game"])
        seat_list = [Seat(index=s["seat"], name=s["name"], kind=s["kind"], level=s["level"],
                          token_hash=s["token_hash"], ready=bool(s["ready"]), client_seed=s["client_seed"] or "",
                          account=s.get("account"), author=s.get("author"))
                     for s in stored.seats]
        table = Table(row["id"], game, json.loads(row["options"]), seat_list, bytes.fromhex(row["seed"]),
                      self.store, self.settings.clock, self.settings.table, row["created_at"])
        table.rated = bool(row.get("rated"))
        return table

    def _launch(self, table: Table) -> None:
        table.on_close = self._closed
        self.matches.launched(table)
        self.ratings.launched(table)
        table.turns.think = self.workers.think
        self.tables[table.id] = table
        self.tasks[table.id] = asyncio.create_task(table.run(), name=f"table-{table.id}")

    def _closed(self, table: Table) -> None:
        if self.tables.get(table.id) is table:  # not a newer one of the same id (a table lost, then taken back)
            self.tables.pop(table.id, None)
            self.tasks.pop(table.id, None)
        if self.leases is not None and table.status in ("ended", "abandoned"):
            self.leases.drop(table.id)  # its lease runs out unrenewed; nothing more is written for it
        self.matches.closed(table)
        for stream in table.streams.values():
            for sub in list(stream.subs):
                sub.close(Close.TABLE_CLOSED, "no one said ready in time: the table closed unplayed"
                          if table.status == "abandoned" else "the table has closed; its record stays available")

    # -- requests ------------------------------------------------------------------------------------------

    async def create(self, req: CreateTable, account: str | None = None) -> tuple[Table, dict[int, str]]:
        """A new table; returns it with the token of each "human" seat. `account`: the signed-in creator's, whose
        name may name one human seat (theirs); no seat may take a name another account has claimed."""
        try:
            game = games.get_game(req.game)
        except ValueError as e:
            raise LobbyError(str(e)) from None
        n, lo, hi = len(req.seats), game.info.min_seats, game.info.max_seats
        if not lo <= n <= hi:
            raise LobbyError(f"{game.info.name} is for {lo if lo == hi else f'{lo} to {hi}'} seats, not {n}")
        seat_list, tokens = [], {}
        for i, spec in enumerate(req.seats):
            if spec.kind == "bot":
                playable = levels_for(game)
                level = spec.level or strongest_for(game)  # no level given: the strongest bot for this game
                if level not in playable:
                    raise LobbyError(f"seat {i}: a {game.info.name} bot is one of: {', '.join(playable)}")
                if self.accounts.owner(spec.name) is not None:
                    raise LobbyError(f"seat {i}: a bot cannot take a name a player has claimed", 403)
                seat_list.append(Seat(i, clean_name(spec.name) or f"{level_name(level)} bot", "bot", level=level))
                continue
            if spec.level is not None:
                raise LobbyError(f"seat {i}: only a bot seat has a level")
            seat = Seat(i, clean_name(spec.name) or f"player {i + 1}", spec.kind)
            try:
                seat.account = self.accounts.check_name(spec.name, account)
            except ValueError as e:
                raise LobbyError(f"seat {i}: {e}", 403) from None
            if seat.account is not None and (spec.kind != "human" or any(s.account for s in seat_list)):
                raise LobbyError(f"seat {i}: you sit at one seat of a table, and it is a human one", 403)
            if seat.account is not None:
                seat.name = self.accounts.names[seat.account]  # as its owner writes it
            if spec.kind == "human":
                tokens[i] = new_token()
                seat.token_hash = hash_token(tokens[i])
            seat_list.append(seat)
        _number_alike_bots(seat_list)
        if req.rated:
            self.ratings.check_rated(game, seat_list, account, req.match is not None)
        rec_seats = [{"name": s.name, "bot": s.kind == "bot", "level": s.level} for s in seat_list]
        run, options = None, req.options
        if req.match is not None:  # a whole match: its first game's options come from the match's plan
            run, options = self.matches.plan(game, req.options, req.match.target, req.match.keep, rec_seats)
        table = await self.open_table(game, seat_list, options, run, new_match=True, rated=req.rated)
        return table, tokens

    async def open_table(self, game: Any, seat_list: list[Seat], given: dict[str, Any] | None,
                         run: MatchRun | None = None, new_match: bool = False, rated: bool = False) -> Table:
        """Check the options, store the table (with its match, if it is a game of one) and launch it."""
        seed = fair.new_seed()
        rec_seats = [{"name": s.name, "bot": s.kind == "bot", "level": s.level} for s in seat_list]
        try:
            options = checked_options(game, given, rec_seats, seed)
        except OptionError as e:
            raise LobbyError(f"bad options for {game.info.id}: {e}") from None
        now = self.settings.clock.now()
        table = Table(secrets.token_urlsafe(9), game, options, seat_list, seed, self.store, self.settings.clock,
                      self.settings.table, now)
        table.rated = rated
        row = {"id": table.id, "game": game.info.id, "rules": game.rules_version, "options": json.dumps(options),
               "seed": seed.hex(), "commitment": table.commitment, "status": "waiting", "created_at": now,
               "match_id": None if run is None else run.id, "rated": rated}
        seat_rows = [{"table_id": table.id, "seat": s.index, "name": s.name, "kind": s.kind, "level": s.level,
                      "token_hash": s.token_hash, "ready": s.ready, "client_seed": s.client_seed, "account": s.account,
                      "author": s.author}
                     for s in seat_list]
        if run is not None:
            self.matches.add(run, table)
        match_row = None if run is None else run.row()
        try:
            await self.store.create_table(row, seat_rows, match=match_row, new_match=new_match,
                                          match_was=None if run is None or new_match else run.stored,
                                          lease=None if self.leases is None else self.leases.new(table.id))
            if run is not None:
                run.stored = match_row["state"] if match_row else None
        except Exception:
            if run is not None:
                run.tables.remove(table.id)
                run.opening = None
                self.matches.of_table.pop(table.id, None)
            raise
        self._launch(table)
        return table

    async def join(self, table_id: str, name: str | None, account: str | None = None) -> tuple[int, str]:
        """Take an open seat. Signed in (`account`), a player sits under their own name unless they give
        another one no one has claimed; a rated table seats only signed-in players."""
        table = self.tables.get(table_id)
        if table is None:
            raise LobbyError("no such table, or it has ended", 404)
        if account is not None and not clean_name(name):
            name = self.accounts.names[account]
        try:
            owner = self.accounts.check_name(name, account)
        except ValueError as e:
            raise LobbyError(str(e), 403) from None
        if table.rated and owner is None:
            raise LobbyError("this table is rated: sign in, and sit under your own name", 403)
        if owner is not None and any(s.account == owner for s in table.seats):
            raise LobbyError("you already have a seat at this table", 409)
        if owner is not None:
            name = self.accounts.names[owner]
        reply: asyncio.Future[tuple[int, str]] = asyncio.get_running_loop().create_future()
        table.post(Join(clean_name(name) or None, reply, owner))
        try:
            return await asyncio.wait_for(reply, 30)
        except LookupError as e:
            raise LobbyError(str(e), 409) from None
        except TimeoutError:
            raise LobbyError("the table did not answer: try again", 503) from None

    async def listing(self, status: str | None) -> list[dict[str, Any]]:
        """Live tables: by default those with a seat anyone may join; or all of one status, to watch. In a
        cluster, from the database: every process lists every process's tables, the same way."""
        if self.leases is not None:
            listed = [_stored_summary(stored, moves) for stored, moves in await self.store.listing(status)]
            for summary in listed:
                del summary["match_id"]  # as a live table's summary (a table's own page says where it stands)
            return listed
        if status is None:
            chosen = [t for t in self.tables.values() if t.has_open_seat()]
        else:
            chosen = [t for t in self.tables.values() if t.status == status]
        chosen.sort(key=lambda t: t.created_at, reverse=True)
        return [t.summary() for t in chosen[:200]]

    async def summary(self, table_id: str) -> dict[str, Any] | None:
        """A table's summary; a game of a match says where it stands in it ("match")."""
        out = await self._summary(table_id)
        if out is not None:
            run = await self.matches.run_of(table_id, out.pop("match_id", None))
            if run is not None:
                out["match"] = run.info(table_id)
        return out

    async def _summary(self, table_id: str) -> dict[str, Any] | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table.summary()
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        record = json.loads(stored.row["record"]) if stored.row["record"] else None
        return _stored_summary(stored, len(record["moves"]) if record else None)

    async def finished(self, table_id: str) -> Finished | None:
        """An ended table that is no longer live, rebuilt from the database; None if there is no such one."""
        done = self.finished_cache.get(table_id)
        if done is not None:
            self.finished_cache.move_to_end(table_id)
            return done
        stored = await self.store.load(table_id, with_moves=True)
        if stored is None or stored.row["status"] != "ended":
            return None
        table = self._build(stored)
        client_seeds = json.loads(stored.row["client_seeds"] or "[]")

        def rebuild() -> Finished:  # a whole game's replay: off the event loop
            table.restore("ended", client_seeds, stored.moves)
            keys: list[int | None] = [s.index for s in table.seats]
            return Finished([s.token_hash for s in table.seats],
                            {k: present.snapshot(table, k, resumed=False) for k in [*keys, None]})

        try:
            done = await asyncio.to_thread(rebuild)
        except Exception:  # e.g. the rules changed under a stored game: its record still answers
            log.exception("table %s: the ended game could not be rebuilt", table_id)
            return None
        self.finished_cache[table_id] = done
        if len(self.finished_cache) > 64:
            self.finished_cache.popitem(last=False)
        return done

    async def record(self, table_id: str) -> dict[str, Any] | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table.public_record()
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        if stored.row["record"]:
            rec: dict[str, Any] = json.loads(stored.row["record"])
            return rec
        # a table the database has but this server could not bring back: its header only
        row = stored.row
        return {"format": "moontable-record/1", "game": row["game"], "rules": row["rules"],
                "options": json.loads(row["options"]),
                "seats": [{"name": s["name"], "bot": s["kind"] == "bot" or s.get("author") is not None,
                           "level": s["level"], **({"author": s["author"]} if s.get("author") else {})}
                          for s in stored.seats],
                "commitment": row["commitment"], "client_seeds": json.loads(row["client_seeds"] or "[]"),
                "result": None}
