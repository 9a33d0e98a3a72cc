"""A person at the browser table of a cluster (bench/cluster.py: PostgreSQL, two `moontable serve --cluster`
processes, haproxy): they play a few moves by mouse; the server that owns their table is killed with SIGKILL;
the page reconnects by itself through haproxy, the other server has taken the table over, and they play on.
Nothing they played is lost."""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
from pathlib import Path

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from test_courts_page import click_one_move

from moontable.server.store import async_url

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from cluster import LocalCluster  # noqa: E402


def _query(db: str, sql: str, **params: object) -> list[tuple[object, ...]]:
    async def go() -> list[tuple[object, ...]]:
        engine = create_async_engine(async_url(db))
        try:
            async with engine.connect() as conn:
                return [tuple(r) for r in await conn.execute(text(sql), params)]
        finally:
            await engine.dispose()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        return pool.submit(asyncio.run, go()).result()


def test_a_seat_in_the_browser_plays_on_after_the_server_that_has_its_table_is_killed(browser) -> None:
    with LocalCluster(servers=2, port=None, lease_seconds=2.0) as cluster:
        base = f"http://{cluster.base}"
        table = httpx.post(f"{base}/api/tables", json={"game": "courts", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}]}).json()
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=base)
        try:
            page = ctx.new_page()
            page.set_default_timeout(30_000)
            page.goto(table["seats"][0]["link"])
            page.click("#ready")
            for _ in range(3):
                assert click_one_move(page)
            mine = "SELECT count(*) FROM moves WHERE table_id = :t AND seat = 0"
            played = _query(cluster.db, mine, t=table["id"])[0][0]
            assert played >= 1
            owner = _query(cluster.db, "SELECT address FROM leases WHERE table_id = :t", t=table["id"])[0][0]
            victim = next(i for i in range(cluster.n) if owner == f"127.0.0.1:{cluster.server_port(i)}")
            cluster.kill(victim)
            for _ in range(3):  # the page comes back by itself; the other server has the table now
                assert click_one_move(page)
            assert _query(cluster.db, mine, t=table["id"])[0][0] > played, "the moves after the kill are kept"
            new_owner = _query(cluster.db, "SELECT address FROM leases WHERE table_id = :t", t=table["id"])[0][0]
            assert new_owner != owner
            assert "Ann" in page.inner_text("body")
        finally:
            ctx.close()
