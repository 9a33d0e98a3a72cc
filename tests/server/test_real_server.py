"""The real thing on 127.0.0.1: `moontable serve` under uvicorn, a `websockets` client, the load script."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from moontable.server.store import async_url

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_database_urls_map_to_async_drivers() -> None:
    assert async_url("sqlite:///moontable.db") == "sqlite+aiosqlite:///moontable.db"
    assert async_url("sqlite+aiosqlite:////tmp/x.db") == "sqlite+aiosqlite:////tmp/x.db"
    assert async_url("postgresql://me@db:5432/mt") == "postgresql+asyncpg://me@db:5432/mt"
    assert async_url("postgres://me@db/mt") == "postgresql+asyncpg://me@db/mt"
    assert async_url("postgresql+psycopg2://me@db/mt") == "postgresql+asyncpg://me@db/mt"
    for bad in ("mysql://x", "moontable.db", ""):
        with pytest.raises(ValueError, match="unsupported database URL"):
            async_url(bad)


def test_serve_rejects_a_bad_database_in_one_line(tmp_path: Path) -> None:
    for db, words in (("mysql://x", "unsupported database URL"), (f"sqlite:///{tmp_path}/no/x.db", "no folder")):
        proc = subprocess.run([sys.executable, "-m", "moontable", "serve", "--db", db], capture_output=True,
                              text=True, timeout=30)
        assert proc.returncode == 2 and words in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_moontable_serve_plays_over_a_real_websocket(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'live.db'}"
    proc = subprocess.Popen([sys.executable, "-m", "moontable", "serve", "--port", str(port), "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"open http://127.0.0.1:{port}/" in line
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                assert httpx.get(f"{base}/api/games", timeout=2).status_code == 200
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.05)

        async def play() -> None:
            async with httpx.AsyncClient(base_url=base) as http:
                r = await http.post("/api/tables", json={"game": "courts",
                                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
                table = r.json()
            uri = f"ws://127.0.0.1:{port}/ws/{table['id']}"
            async with connect(uri) as a, connect(uri) as b:
                for ws, seat in ((a, table["seats"][0]), (b, table["seats"][1])):
                    await ws.send(json.dumps({"type": "hello", "token": seat["token"]}))
                    await ws.send(json.dumps({"type": "ready"}))
                decision = None
                by_seat = {0: a, 1: b}
                while decision is None:
                    for seat, ws in by_seat.items():
                        try:
                            msg = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
                        except TimeoutError:
                            continue
                        if msg["type"] == "update" and msg["decision"] is not None:
                            decision, mover = msg["decision"], seat
                ws = by_seat[mover]
                await ws.send(json.dumps({"type": "move", "action": decision["options"][0], "id": 1}))
                while (msg := json.loads(await asyncio.wait_for(ws.recv(), 5)))["type"] != "ack":
                    pass
                assert msg["id"] == 1 and msg["n"] == 1
                await ws.send("x" * 70_000)  # over the server's frame limit: uvicorn closes with 1009
                with pytest.raises(ConnectionClosed):
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
                assert ws.close_code == 1009

        asyncio.run(asyncio.wait_for(play(), 30))
    finally:
        proc.terminate()
        proc.wait(20)


def test_the_load_script_runs_briefly() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "load.py"), "--tables", "2", "--seconds", "1"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "moves/s" in proc.stdout and "p99" in proc.stdout and "errors: none" in proc.stdout
