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


def wait_up(base: str, proc: subprocess.Popen, limit: float = 20.0) -> None:
    """Until the server at `base` answers, or fail if it stops or takes too long."""
    deadline = time.monotonic() + limit
    while True:
        try:
            assert httpx.get(f"{base}/api/games", timeout=2).status_code == 200
            return
        except httpx.TransportError:
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.05)


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
        wait_up(base, proc)

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


_SERVE_FAST_PINGS = """
import dataclasses, sys
import uvicorn
from moontable.server import Settings, create_app
try:
    from moontable.server.app import UVICORN
except ImportError:  # a server from before the slow-reader protocol
    UVICORN = {"ws_max_size": 65536}
known = {f.name for f in dataclasses.fields(Settings)}
wanted = {"rate": 1e6, "burst": 1_000_000, "send_seconds": 1.0}
settings = Settings(db_url=sys.argv[2], **{k: v for k, v in wanted.items() if k in known})
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning",
            ws_ping_interval=1.0, ws_ping_timeout=1.0, **UVICORN)
"""


def _frame(text: str) -> bytes:
    """A client's masked WebSocket text frame (payloads under 126 bytes)."""
    data = text.encode()
    mask = b"\x01\x02\x03\x04"
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _tcp_state(sock: socket.socket) -> int:
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)[0]  # tcpi_state; 1 is ESTABLISHED


def test_a_socket_whose_client_reads_nothing_is_cut_off_not_held_for_ever(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", _SERVE_FAST_PINGS, str(port), f"sqlite:///{tmp_path / 'x.db'}"],
                            stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(base, proc)
        table = httpx.post(f"{base}/api/tables", json={"game": "courts", "seats": [{"kind": "human"}] * 2}).json()
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window: the server's buffers fill
        sock.connect(("127.0.0.1", port))
        sock.sendall(f"GET /ws/{table['id']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        sock.sendall(_frame('{"type": "hello"}'))
        sock.sendall(_frame('{"type": "sync"}') * 3000)  # three thousand snapshots asked for, none read
        assert _tcp_state(sock) == 1
        cut = time.monotonic() + 20
        while _tcp_state(sock) == 1 and time.monotonic() < cut:
            time.sleep(0.1)
        assert _tcp_state(sock) != 1, "the server still holds a socket that has read nothing for seconds"
        assert httpx.get(f"{base}/api/tables/{table['id']}", timeout=5).status_code == 200  # and serves on
        sock.close()
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "Traceback" not in err, err
