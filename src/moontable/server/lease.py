"""Table leases for a cluster of server processes on one database: every live table has one owner.

A lease is a row of `leases` (server/store.py): the owner (this process's id, made at its start), the address it
serves at, a fencing token and an expiry. The owner renews all its leases every `seconds / 3`; a lease not renewed
for `seconds` (its process died, or froze) may be taken over by any other process, which adds one to the token,
then loads the table from the database and replays it. Every write of a table's rows checks the token in the
same transaction (Store.fences), so a process that lost a lease can never append a move, even if it does not
know yet that it lost it: the database, not the clocks, decides. Clocks only decide how soon a takeover comes.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from moontable.clock import Clock
from moontable.server.store import Store, leases, tables

__all__ = ["Leases"]

log = logging.getLogger("moontable.lease")


class Leases:
    """This process's leases: taking, renewing, giving back. The tokens it holds are the store's fences."""

    def __init__(self, store: Store, address: str, clock: Clock, seconds: float = 6.0) -> None:
        self.store, self.address, self.clock, self.seconds = store, address, clock, seconds
        self.owner = secrets.token_hex(8)
        store.fences = {}
        self.fences: dict[str, int] = store.fences
        # of each table taken over from a process that stopped renewing: when that process last renewed its
        # lease, its last sign of life (the table's clocks ran till then: Table.restore)
        self.last_renewed: dict[str, float] = {}

    def new(self, table_id: str) -> dict[str, Any]:
        """The lease row of a table this process creates (written with the table: Store.create_table)."""
        return {"table_id": table_id, "owner": self.owner, "address": self.address, "token": 1,
                "expires": self.clock.now() + self.seconds}

    async def take(self, table_id: str) -> int | None:
        """Take the table's lease if it has run out (or has never been taken): the new token, or None if
        another process holds it. Of processes racing for one lease, one wins: the update is atomic."""
        async with self.store.engine.connect() as conn:  # read apart from the take: it only dates a death
            before = (await conn.execute(select(leases.c.owner, leases.c.expires)
                                         .where(leases.c.table_id == table_id))).first()

        async def taking(conn: AsyncConnection) -> tuple[int | None, bool]:
            now = self.clock.now()  # once the transaction holds the lock (SQLite), as in renew
            taken = await conn.execute(
                leases.update().where(leases.c.table_id == table_id,
                                      or_(leases.c.expires < now, leases.c.owner == self.owner))
                .values(owner=self.owner, address=self.address, token=leases.c.token + 1,
                        expires=now + self.seconds))
            row = (await conn.execute(select(leases.c.token).where(leases.c.table_id == table_id))).first()
            return (int(row[0]) if taken.rowcount == 1 else None), row is not None

        token, exists = await self.store.transaction(taking)
        if token is None and not exists:  # a table from before the cluster (one process, no leases)
            try:
                await self.store.transaction(lambda conn: conn.execute(leases.insert(), self.new(table_id)))
                token = 1
            except IntegrityError:  # another process made it first
                return None
        if token is not None:
            self.fences[table_id] = token
            if before is not None and before.owner != self.owner:  # (a lease given back has expired at 0)
                self.last_renewed[table_id] = before.expires - self.seconds
            log.info("took the lease of table %s (token %d)", table_id, token)
        return token

    async def renew(self) -> set[str]:
        """Renew the lease of every table this process serves (only those: a lease it took for a table it could
        not bring back runs out, for another to try); the tables whose lease it has lost (their fence is gone)."""
        mine = dict(self.fences)  # as they are now: a lease taken while this renews is not judged by it
        if not mine:
            return set()

        async def renewing(conn: AsyncConnection) -> dict[str, int]:
            # the rows locked in table order, as the writer's fences are (Store._commit): no deadlock between them
            await conn.execute(select(leases.c.table_id).where(leases.c.owner == self.owner,
                                                               leases.c.table_id.in_(list(mine)))
                               .order_by(leases.c.table_id).with_for_update())
            # the time read once the rows are locked: a renewal that waited for the lock never sets back the
            # expiry a later one wrote meanwhile
            now = self.clock.now()
            await conn.execute(leases.update().where(leases.c.owner == self.owner, leases.c.table_id.in_(list(mine)))
                               .values(expires=now + self.seconds))
            return {t: int(k) for t, k in await conn.execute(select(leases.c.table_id, leases.c.token)
                                                             .where(leases.c.owner == self.owner,
                                                                    leases.c.table_id.in_(list(mine))))}

        held = await self.store.transaction(renewing)
        lost = {t for t, k in mine.items() if held.get(t) != k and self.fences.get(t) == k}
        for table_id in lost:
            self.fences.pop(table_id, None)
            log.warning("lost the lease of table %s", table_id)
        return lost

    def drop(self, table_id: str) -> None:
        """Forget a table this process no longer serves (it ended): no more writes for it from here."""
        self.fences.pop(table_id, None)
        self.last_renewed.pop(table_id, None)

    async def orphans(self) -> list[str]:
        """Live tables no process holds: their lease ran out, or they never had one; oldest first."""
        now = self.clock.now()
        query = (select(tables.c.id).select_from(tables.outerjoin(leases, leases.c.table_id == tables.c.id))
                 .where(tables.c.status.in_(("waiting", "playing")),
                        or_(leases.c.table_id.is_(None), and_(leases.c.expires < now, leases.c.owner != self.owner)))
                 .order_by(tables.c.created_at))
        async with self.store.engine.connect() as conn:
            return [r[0] for r in await conn.execute(query)]

    async def owner_of(self, table_id: str) -> tuple[str, str] | None:
        """The live owner of a table's lease and the address it serves at; None if no one holds it."""
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(leases.c.owner, leases.c.address)
                                      .where(leases.c.table_id == table_id,
                                             leases.c.expires >= self.clock.now()))).first()
        return None if row is None else (row[0], row[1])

    async def release(self) -> None:
        """Give back every lease (a clean shutdown): the other processes take the tables over at once."""
        await self.store.transaction(
            lambda conn: conn.execute(leases.update().where(leases.c.owner == self.owner).values(expires=0.0)))
        self.fences.clear()
