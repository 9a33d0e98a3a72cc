"""Screenshots of the Courts, Moonflight, Moons and Blue Moon tables at a mid-game position, desktop (1280 x 720,
the whole table in the window) and phone (390 x 844), for the README.

Run: .venv/bin/python scripts/screenshots.py [courts] [moonflight] [moons] [bluemoon]
(starts its own server on 127.0.0.1, writes docs/img/*.png; every game when none is named)
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

GAMES = ["courts", "moonflight", "moons", "bluemoon"]
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
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
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
        for game in sys.argv[1:] or GAMES:
            for attempt in range(3):  # a random walk may end the game before the position we want: play again
                try:
                    SHOOT[game](browser, base)
                    break
                except PlaywrightTimeout:
                    if attempt == 2:
                        raise
        browser.close()
    server.should_exit = True
    serving.join(15)  # the server stops (its store's thread too) before the interpreter does
    print(f"wrote {', '.join(f'{OUT}/{g}-desktop.png, -phone.png' for g in sys.argv[1:] or GAMES)}")


def pages(browser, link: str):
    """Our seat at 1280 x 720 and on a 390 x 844 phone, both open from the start (each page marks the other
    side's last move from the moves it has seen)."""
    desk = browser.new_page(viewport={"width": 1280, "height": 720})
    desk.goto(link)
    desk.click("#ready")
    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                             device_scale_factor=2)
    phone.goto(link)
    return desk, phone


def shot(page, name: str) -> None:
    """The window as a player sees it (the desktop table fits it; a phone shows its first screen)."""
    page.mouse.move(2, 2)
    page.wait_for_timeout(400)
    page.screenshot(path=str(OUT / f"{name}.png"))


def courts(browser, base: str) -> None:
    """Turn 3 or later against the heuristic bot: on the desktop a lifted card and its uses; then the card
    played to place sway, and the phone showing the reach with the towns to pick up close."""
    table = httpx.post(f"{base}/api/tables", json={"game": "courts", "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "heuristic"}]}).json()
    link = base + table["seats"][0]["link"]
    page, phone = pages(browser, link)
    page.wait_for_selector("#candles")
    while True:
        page.wait_for_function("() => document.querySelector('.prompt .ask') || "
                               "!document.querySelector('.overlay').hidden")
        if not page.locator(".overlay").is_hidden():
            raise PlaywrightTimeout("the game ended early")
        ready = page.evaluate("""() => { const t = window.moontableTable, v = t.view, d = t.decision;
            return v.turn >= 3 && d.kind === 'play' && d.options.some(o => o[2] === 'place')
              && document.querySelectorAll('.town.last-move').length > 0; }""")
        if ready:
            break
        page.evaluate("""() => { const t = window.moontableTable, d = t.decision; if (!d) return;
            const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
            const use = (u) => d.options.filter(o => o[0] === 'play' && o[2] === u);
            const towns = d.options.filter(o => o[0] === 'town');
            const plays = Math.random() < 0.4 && use('event').length ? use('event') : use('place');
            t.send(plays.length ? pick(plays) : towns.length ? pick(towns) : d.options[0]); }""")
        page.wait_for_timeout(150)
    card = page.evaluate("() => window.moontableTable.decision.options.find(o => o[2] === 'place')[1]")
    page.click(f'.hand .card[data-card="{card}"]')
    shot(page, "courts-desktop")
    page.click('.uses button[data-use="place"]')
    phone.wait_for_selector(".map.zoomed .town.pickable")
    phone.evaluate("() => window.scrollTo(0, 0)")
    shot(phone, "courts-phone")


def moonflight(browser, base: str) -> None:
    """Round 5 or later of a two-seat game against the heuristic bot, at our Act with cards in play."""
    table = httpx.post(f"{base}/api/tables", json={"game": "moonflight", "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "heuristic"}]}).json()
    page, phone = pages(browser, base + table["seats"][0]["link"])
    page.wait_for_selector("#phase")
    while True:
        page.wait_for_function("() => document.querySelector('.mf-prompt .ask') || "
                               "!document.querySelector('.overlay').hidden")
        if not page.locator(".overlay").is_hidden():
            raise PlaywrightTimeout("the game ended early")
        ready = page.evaluate("""() => { const t = window.moontableTable, v = t.view, d = t.decision;
            return v.round >= 5 && d.kind === 'act' && v.players[t.seat].play.length >= 2
              && d.options.some(o => o[0] === 'play') && !!document.querySelector('.mf .last-move'); }""")
        if ready:
            break
        page.evaluate("""() => { const t = window.moontableTable, d = t.decision; if (!d) return;
            const of = (k) => d.options.filter(o => o[0] === k);
            const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
            const choice = of('play').length ? pick(of('play')) : of('shop').length && Math.random() < 0.7
              ? pick(of('shop')) : of('pass')[0] || of('done')[0] || of('rest')[0] || d.options[0];
            t.send(choice); }""")
        page.wait_for_timeout(120)
    shot(page, "moonflight-desktop")
    phone.wait_for_selector(".mf-prompt .ask")
    phone.evaluate("() => window.scrollTo(0, 0)")
    shot(phone, "moonflight-phone")


MOONS_MOVE = """() => { const t = window.moontableTable, d = t.decision; if (!d) return;
    const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
    const cards = d.options.filter(o => o[0] !== 'small' && o[0] !== 'block' && o[0] !== 'decline');
    t.send(pick(cards.length ? cards : d.options)); }"""


def moons_until(page, ready: str) -> None:
    """Random moves of ours (bots in the other seats) until `ready` holds at one of our decisions."""
    page.wait_for_selector("#mo-round")
    while True:
        page.wait_for_function("() => document.querySelector('.mo-prompt .ask') || "
                               "!document.querySelector('.overlay').hidden")
        if not page.locator(".overlay").is_hidden():
            raise PlaywrightTimeout("the game ended early")
        if page.evaluate(ready):
            return
        page.evaluate(MOONS_MOVE)
        page.wait_for_timeout(120)


def moons(browser, base: str) -> None:
    """Round 2 of a four-seat game against heuristic bots, our card to a trick under way (desktop); a six-seat
    game on the phone, in its first trick."""
    table = httpx.post(f"{base}/api/tables", json={"game": "moons", "seats": [
        {"kind": "human", "name": "You"}] + [{"kind": "bot", "level": "heuristic"}] * 3}).json()
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(base + table["seats"][0]["link"])
    page.click("#ready")
    moons_until(page, """() => { const t = window.moontableTable, v = t.view, d = t.decision;
        return v.round >= 2 && d.kind === 'play' && v.trick.length >= 2
          && v.players.some(p => p.tokens.reduce((a, b) => a + b, 0) >= 4); }""")
    shot(page, "moons-desktop")
    table = httpx.post(f"{base}/api/tables", json={"game": "moons", "seats": [
        {"kind": "human", "name": "You"}] + [{"kind": "bot", "level": "heuristic"}] * 5}).json()
    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                             device_scale_factor=2)
    phone.goto(base + table["seats"][0]["link"])
    phone.click("#ready")
    moons_until(phone, """() => { const t = window.moontableTable, v = t.view, d = t.decision;
        return v.revealed && d.kind === 'play' && v.trick.length >= 2 && v.tricks_played >= 2; }""")
    phone.evaluate("() => window.scrollTo(0, 0)")
    shot(phone, "moons-phone")


def bluemoon(browser, base: str) -> None:
    """A match against the heuristic bot, quick start, mid-fight: both combat rows with a covered character, our
    turn to play on (the ringed cards of the hand)."""
    table = httpx.post(f"{base}/api/tables", json={"game": "bluemoon", "options": {"mode": "quick"},
                                                   "match": {"target": 5}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "heuristic"}]}).json()
    page, phone = pages(browser, base + table["seats"][0]["link"])
    page.wait_for_selector(".choice-deck")
    for _ in range(600):
        page.wait_for_timeout(150)
        if page.evaluate("() => window.moontableTable.status === 'ended'"):
            raise PlaywrightTimeout("the game ended early")
        ready = page.evaluate("""() => { const t = window.moontableTable, v = t.view, d = t.decision;
            if (!v || !d || !v.element) return false;
            const me = v.players[t.seat], them = v.players[1 - t.seat];
            return d.kind === 'play' && me.combat.length >= 2 && them.combat.length >= 1 && them.supports.length
              + me.supports.length + me.combat[me.combat.length - 1].length > 1 && d.options.some(o => o[0] === 'character'); }""")
        if ready:
            break
        page.evaluate("""() => { const t = window.moontableTable, d = t.decision; if (!d) return;
            const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
            const on = d.options.filter(o => ['character', 'booster', 'support'].includes(o[0]));
            const pass = d.options.filter(o => ['pass', 'no_draw'].includes(o[0]));
            t.send(on.length ? pick(on) : pass.length ? pass[0] : pick(d.options.filter(o => o[0] !== 'retreat').length
              ? d.options.filter(o => o[0] !== 'retreat') : d.options)); }""")
    else:
        raise PlaywrightTimeout("no fight of the kind wanted")
    page.wait_for_timeout(600)
    shot(page, "bluemoon-desktop")
    phone.evaluate("() => window.scrollTo(0, 0)")
    shot(phone, "bluemoon-phone")


SHOOT = {"courts": courts, "moonflight": moonflight, "moons": moons, "bluemoon": bluemoon}

if __name__ == "__main__":
    main()
