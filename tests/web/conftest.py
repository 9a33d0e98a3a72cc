"""Browser tests: a real server on 127.0.0.1 (uvicorn in a thread) and Debian's Chromium driven by
Playwright. A failing test saves a screenshot in test-artifacts/."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from webserver import _serve

from moontable.table import TableConfig

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under `pytest -n 2` the browser tests share one worker, one Chromium at a time (two browsers at once
    starved each other's frames and clicks timed out), while the other worker runs the rest."""
    here = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.fspath)).resolve().parent == here:
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _serve(tmp_path_factory.mktemp("web") / "web.db", TableConfig(bot_pace=0.0))


@pytest.fixture(scope="session")
def hasty_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose decisions have 2 seconds, to watch a clock run out."""
    yield from _serve(tmp_path_factory.mktemp("hasty") / "web.db", TableConfig(bot_pace=0.0, decision_seconds=2.0))


@pytest.fixture(scope="session")
def forgetful_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that closes a table no one said ready at after 2 seconds, not a day."""
    yield from _serve(tmp_path_factory.mktemp("forgetful") / "web.db",
                      TableConfig(bot_pace=0.0, fill_seconds=0.5, abandon_seconds=2.0))


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        raise RuntimeError(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for name in ("page", "phone"):
            page = item.funcargs.get(name) if hasattr(item, "funcargs") else None
            if page is not None:
                ARTIFACTS.mkdir(exist_ok=True)
                try:
                    page.screenshot(path=str(ARTIFACTS / f"{item.name}-{name}.png"), full_page=True)
                except Exception:  # noqa: BLE001 - a screenshot must never hide the real failure
                    pass


@pytest.fixture
def own_server(tmp_path):
    """A server of this test's own, to stop in the middle of it: (its address, stop)."""
    run = _serve(tmp_path / "own.db", TableConfig(bot_pace=0.0))
    base = next(run)
    yield base, lambda: next(run, None)
    next(run, None)


@pytest.fixture
def page(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server)
    pg = ctx.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    ctx.close()


@pytest.fixture
def phone(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server, has_touch=True,
                              is_mobile=True, device_scale_factor=2)
    pg = ctx.new_page()
    pg.set_default_timeout(15_000)
    yield pg
    ctx.close()
