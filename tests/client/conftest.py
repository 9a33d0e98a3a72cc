"""A real server on 127.0.0.1 (uvicorn in a thread of the test process, stopped after the test) for the
outside-bot client, which speaks to it over real WebSockets as any program would."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from moontable.server import Settings, create_app
from moontable.server.app import UVICORN
from moontable.table import TableConfig


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """The base URL of a fresh server whose bots move at once."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'live.db'}", workers=0, tune_gc=False,
                        table=TableConfig(bot_pace=0.0, bot_pace_again=0.0, takeover_level="random"))
    port = _free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning", **UVICORN)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(20)
