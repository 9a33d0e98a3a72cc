"""A real server for the browser tests: uvicorn in a thread on 127.0.0.1, stopped when its generator closes."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import uvicorn

from moontable.server.app import create_app
from moontable.server.lobby import Settings
from moontable.table import TableConfig


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: Path, table: TableConfig) -> Iterator[str]:
    # many tests, one address; the collector left to Python: this server is a thread of the test process, and
    # the server's own (server/collector.py) would take over the whole process's garbage
    settings = Settings(db_url=f"sqlite:///{db}", table=table, tables_burst=10_000, tune_gc=False)
    port = _free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield base
    srv.should_exit = True
    thread.join(timeout=10)
