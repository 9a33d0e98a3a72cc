"""Behind a load balancer every connection comes from the balancer's address: the per-address limits must see
the client's, which the balancer says in X-Forwarded-For. The server believes that header only from the
proxies it is told of (`moontable serve --trusted-proxy`); from anyone else it is ignored."""

from __future__ import annotations

from pathlib import Path

import httpx
from harness import WS, run, serving

SEATS = {"game": "courts", "seats": [{"kind": "human"}, {"kind": "open"}]}


async def _create(http: httpx.AsyncClient, client: str | None = None) -> int:
    headers = {"x-forwarded-for": client} if client else {}
    return (await http.post("/api/tables", json=SEATS, headers=headers)).status_code


def test_clients_behind_a_trusted_proxy_each_have_their_own_limits(tmp_path: Path) -> None:
    async def main() -> None:
        # the test's HTTP client comes from 127.0.0.1: here, the load balancer
        async with serving(tmp_path / "t.db", tables_per_minute=1, tables_burst=2, conns_per_address=1,
                           trusted_proxies=("127.0.0.1",)) as server:
            assert [await _create(server.http, "203.0.113.1") for _ in range(3)] == [201, 201, 429]
            assert [await _create(server.http, "203.0.113.2") for _ in range(2)] == [201, 201], \
                "another player behind the same balancer has tables of their own to open"

            tid = (await server.http.get("/api/tables")).json()["tables"][0]["id"]
            ann = await WS(server.app, f"/ws/{tid}", headers=[(b"x-forwarded-for", b"203.0.113.1")]).connect()
            await ann.send({"type": "hello"})
            assert (await ann.recv())["type"] == "snapshot"
            bea = await WS(server.app, f"/ws/{tid}", headers=[(b"x-forwarded-for", b"203.0.113.2")]).connect()
            await bea.send({"type": "hello"})
            assert (await bea.recv())["type"] == "snapshot", "one socket each, not one for everyone behind it"
            again = await WS(server.app, f"/ws/{tid}", headers=[(b"x-forwarded-for", b"203.0.113.1")]).connect()
            refused = await again.recv()
            assert refused["type"] == "error" and "your address" in refused["message"], refused
            for ws in (ann, bea, again):
                await ws.close()

            # a client that is not the balancer: what its header says is not believed
            direct = httpx.ASGITransport(app=server.app, client=("198.51.100.7", 4000))
            async with httpx.AsyncClient(transport=direct, base_url="http://testserver") as stranger:
                got = [await _create(stranger, f"203.0.113.{10 + i}") for i in range(3)]
            assert got == [201, 201, 429], "each forged address was counted as the stranger's own"

    run(main())


def test_a_server_told_of_no_proxy_believes_no_forwarded_address(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path / "t.db", tables_per_minute=1, tables_burst=2) as server:
            got = [await _create(server.http, f"203.0.113.{i}") for i in range(3)]
            assert got == [201, 201, 429]

    run(main())
