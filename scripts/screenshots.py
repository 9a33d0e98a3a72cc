"""Screenshots of the Courts and Moonflight tables at a mid-game position, desktop and phone, for the README.

Run: .venv/bin/python scripts/screenshots.py [courts] [moonflight]
(starts its own server on 127.0.0.1, writes docs/img/*.png; both games when none is named)
"""

from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn
from playwright.sync_api import TimeoutError as PlaywrightTimeout
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
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for game in sys.argv[1:] or ["courts", "moonflight"]:
            for attempt in range(3):  # a random walk may end the game before the position we want: play again
                try:
                    {"courts": courts, "moonflight": moonflight}[game](browser, base)
                    break
                except PlaywrightTimeout:
                    if attempt == 2:
                        raise
        browser.close()
    server.should_exit = True
    print(f"wrote {', '.join(f'{OUT}/{g}-desktop.png, -phone.png' for g in sys.argv[1:] or ['courts', 'moonflight'])}")


def shoot(browser, page, link: str, game: str, phone_ready: str) -> None:
    """The desktop page as it stands (full length), then the same seat on a phone once `phone_ready` shows."""
    page.mouse.move(2, 2)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / f"{game}-desktop.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                             device_scale_factor=2)
    phone.goto(link)
    phone.wait_for_selector(phone_ready)
    phone.screenshot(path=str(OUT / f"{game}-phone.png"))


def courts(browser, base: str) -> None:
    table = httpx.post(f"{base}/api/tables", json={"game": "courts", "seats": [
        {"kind": "human", "name": "You"}, {"kind": "bot", "level": "heuristic"}]}).json()
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
    shoot(browser, page, base + table["seats"][0]["link"], "courts", "#candles")


def moonflight(browser, base: str) -> None:
    """Round 5 or later of a two-seat game against the heuristic bot, at our Act with cards in play."""
    table = httpx.post(f"{base}/api/tables", json={"game": "moonflight", "seats": [
        {"kind": "human", "name": "You"}, {"kind": "bot", "level": "heuristic"}]}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + table["seats"][0]["link"])
    page.click("#ready")
    page.wait_for_selector("#phase")
    while True:
        page.wait_for_function("() => document.querySelector('.mf-prompt .ask') || "
                               "!document.querySelector('.overlay').hidden")
        if not page.locator(".overlay").is_hidden():
            break
        ready = page.evaluate("""() => { const t = window.moontableTable, v = t.view, d = t.decision;
            return v.round >= 5 && d.kind === 'act' && v.players[t.seat].play.length >= 2
              && d.options.some(o => o[0] === 'play'); }""")
        if ready:
            break
        page.evaluate("""() => { const t = window.moontableTable, d = t.decision;
            const of = (k) => d.options.filter(o => o[0] === k);
            const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
            const choice = of('play').length ? pick(of('play')) : of('shop').length && Math.random() < 0.7
              ? pick(of('shop')) : of('pass')[0] || of('done')[0] || of('rest')[0] || d.options[0];
            t.send(choice); }""")
        page.wait_for_timeout(120)
    shoot(browser, page, base + table["seats"][0]["link"], "moonflight", ".mf-prompt .ask")


if __name__ == "__main__":
    main()
