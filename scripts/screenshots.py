"""Screenshots of the Courts table at a mid-game position, desktop and phone, for the README.

Run: .venv/bin/python scripts/screenshots.py   (starts its own server on 127.0.0.1, writes docs/img/*.png)
"""

from __future__ import annotations

import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from playwright.sync_api import sync_playwright

from moontable.server.app import create_app
from moontable.server.lobby import Settings
from moontable.table import TableConfig

OUT = Path(__file__).resolve().parents[1] / "docs" / "img"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


def main() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "shots.db"
    server = uvicorn.Server(uvicorn.Config(create_app(Settings(db_url=f"sqlite:///{db}",
                                                               table=TableConfig(bot_pace=0.0))),
                                           host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            httpx.get(f"{base}/api/games", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.05)
    table = httpx.post(f"{base}/api/tables", json={"game": "courts", "seats": [
        {"kind": "human", "name": "You"}, {"kind": "bot", "level": "heuristic"}]}).json()
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base + table["seats"][0]["link"])
        page.click("#ready")
        page.wait_for_selector("#candles")
        while page.evaluate("() => (window.moontableTable.view || {}).turn || 0") < 3:
            page.wait_for_function("() => document.querySelector('.prompt .ask') || "
                                   "!document.querySelector('.overlay').hidden")
            if not page.locator(".overlay").is_hidden():
                break
            page.evaluate("""() => { const t = window.moontableTable, d = t.decision;
                const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
                const places = d.options.filter(o => o[0] === 'play' && o[2] === 'place');
                const towns = d.options.filter(o => o[0] === 'town');
                t.send(places.length ? pick(places) : towns.length ? pick(towns) : d.options[0]); }""")
            page.wait_for_timeout(150)
        page.wait_for_selector(".prompt .ask")
        cards = page.locator(".card.playable")
        if cards.count():
            cards.nth(1).click()
        page.mouse.move(2, 2)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(OUT / "courts-desktop.png"), full_page=True)
        phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                 device_scale_factor=2)
        phone.goto(base + table["seats"][0]["link"])
        phone.wait_for_selector("#candles")
        phone.screenshot(path=str(OUT / "courts-phone.png"))
        browser.close()
    server.should_exit = True
    print(f"wrote {OUT / 'courts-desktop.png'} and {OUT / 'courts-phone.png'}")


if __name__ == "__main__":
    main()
