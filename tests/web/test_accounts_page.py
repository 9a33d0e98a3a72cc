"""A new player in the browser: claims a name, plays a rated Courts game against a bot to the end by mouse, sees
the summary (who won, the points chart, the rating change), asks for a rematch and lands at the new table with
sides swapped; their page lists the game with links to its replay and record; the leaderboard has them; the
finished game opens in the replay viewer and verifies in the browser with the server turned off."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
from test_courts_page import click_one_move
from test_replay_verify import at_move, verify_with_the_server_off
from websockets.sync.client import connect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"  # where conftest.py saves a failure's screenshot


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"accounts-{name}.png"), full_page=False)


def test_claim_a_name_play_rated_courts_see_the_rating_change_rematch_replay_and_verify_offline(browser, own_server):
    server, stop = own_server
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=server)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto("/")
    page.click(".sign-in summary")
    page.fill("#account-name", "Rosa")
    page.fill("#account-password", "moonlit garden")
    page.click("#claim")
    page.wait_for_selector("#me")
    assert page.inner_text("#me") == "Rosa"
    assert page.evaluate("() => document.cookie") == "", "the session cookie is HttpOnly: no script reads it"
    assert page.input_value("#name") == "Rosa" and page.locator("#name").get_attribute("readonly") is not None
    page.select_option("#game", "courts")
    page.select_option("#level", "random")
    page.check("#rated")
    _shot(page, "lobby-signed-in")
    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+#"))
    table_id = page.url.split("/t/")[1].split("#")[0]
    page.click("#ready")
    page.wait_for_selector("#candles")
    assert page.locator(".court-row .badge.you").count() == 1, "her own court wears the 'you' badge"
    moves = 0
    while click_one_move(page):
        moves += 1
        assert moves < 1500
    # the summary: who won and why, the points over the turns, the rating change
    page.wait_for_selector(".ending .end-rating li .rating-change")
    first = page.inner_text(".end-rating li.first")
    assert ("Rosa" in first or "Easy bot" in first) and first.startswith("1."), first
    assert page.locator(".bead-chart svg path.bead-line").count() == 1
    change = page.inner_text(".end-rating li:has-text('Rosa') .rating-change")
    assert re.fullmatch(r"\([+−±]\d+\)", change), change
    line = page.inner_text(".end-rating li:has-text('Rosa')")
    assert re.match(r"[12]\. Rosa 1500 → \d+ \(", line), line
    assert page.get_attribute("#replay-game", "href") == f"/replay/{table_id}"
    assert page.get_attribute("#verify-game", "href") == f"/verify?table={table_id}"
    _shot(page, "end-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    _shot(page, "end-phone")
    page.set_viewport_size({"width": 1280, "height": 720})
    _shot(page, "end-1280x720")
    # Rematch: a new table, sides swapped, the same seat secret in the link
    token = page.url.split("#")[1]
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/t/(?!" + re.escape(table_id) + r")[A-Za-z0-9_-]+#" + re.escape(token)))
    page.wait_for_selector("#ready")
    names = page.locator(".seat .seat-name, .seat").all_inner_texts()
    assert any("Easy bot" in n for n in names[:1]), names
    assert page.evaluate("() => window.moontableTable.seat") == 1, "Rosa now sits in the other seat"
    # her page lists the game, with its replay and its record
    page.goto("/players/rosa")
    row = page.locator(f"#games tr[data-table='{table_id}']")
    row.wait_for()
    text = row.inner_text()
    assert "Courts of Sun and Moon" in text and "Easy bot" in text and re.search(r"Won|Lost|Draw", text)
    assert re.search(r"\d{4} \([+−±]\d+\)", text), text
    assert row.locator("a.replay").get_attribute("href") == f"/replay/{table_id}"
    assert row.locator("a.record").get_attribute("href") == f"/api/tables/{table_id}/record"
    _shot(page, "player-page")
    page.goto("/leaderboard/courts")
    page.wait_for_selector("#leaderboard")
    assert page.locator("#leaderboard tr", has_text="Rosa").count() == 1
    assert page.locator("#leaderboard tr", has_text="Easy bot").count() == 1
    _shot(page, "leaderboard")
    # the finished game in the replay viewer, from her page
    page.goto("/players/rosa")
    page.click(f"#games tr[data-table='{table_id}'] a.replay")
    at_move(page, 0)
    page.keyboard.press("ArrowRight")
    at_move(page, 1)
    assert "Rosa" in page.inner_text("#replay-where") or "Easy bot" in page.inner_text("#replay-where")
    # and verified by her own browser, the server turned off after the page loaded
    page.goto(f"/verify?table={table_id}")
    page.wait_for_selector("#browser-verdict.pass")
    asked = verify_with_the_server_off(page, server, stop)
    assert "The server was not asked" in page.inner_text("#browser-verdict") and asked == [], asked
    ctx.close()


def _play_out_over_a_socket(server: str, table_id: str, token: str) -> None:
    """Play a seat to the game's end from a plain WebSocket client: one move at a time (each waits for its
    answer), the first option of the newest decision shown (the next one if a move is refused)."""
    with connect(server.replace("http", "ws", 1) + f"/ws/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.send(json.dumps({"type": "ready", "id": 1}))
        n, waiting, latest, sent_at, choice, epoch = 1, True, None, -1, 0, None
        for _ in range(5_000):
            try:
                msg = json.loads(ws.recv(timeout=5))
            except TimeoutError:  # an answer lost: ask what is open now, and choose again from it
                waiting, sent_at = False, -1
                ws.send(json.dumps({"type": "sync"}))
                continue
            if msg["type"] == "ended":
                return
            epoch = msg.get("epoch", epoch)
            if msg.get("clocks") is not None:  # a live message: the decision open now (None: none is)
                latest = msg if msg.get("decision") else None
            if msg["type"] in ("ack", "error") and msg.get("id") == n:
                waiting = False
                if msg["type"] == "error":
                    sent_at, choice = -1, choice + 1
            if not waiting and latest is not None and latest["v"] > sent_at:
                options = latest["decision"]["options"]
                choice = 0 if latest["v"] != sent_at and sent_at != -1 else choice
                n, waiting, sent_at = n + 1, True, latest["v"]
                ws.send(json.dumps({"type": "move", "action": options[choice % len(options)], "id": n,
                                    "v": latest["v"], "epoch": epoch}))
        raise AssertionError("the game did not end")


def test_when_the_other_player_asks_for_a_rematch_the_page_sends_you_there(page, server):
    r = httpx.post(f"{server}/api/tables", json={"game": "courts", "seats": [
        {"kind": "human", "name": "Tess"}, {"kind": "bot", "level": "random"}]})
    table = r.json()
    token = table["seats"][0]["token"]
    _play_out_over_a_socket(server, table["id"], token)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector(".ending #rematch")
    assert page.inner_text(".end-rating + .hint") == "A casual game: no rating moves."
    # the other side asks (here: Tess's other window, with her seat's secret)
    again = httpx.post(f"{server}/api/tables/{table['id']}/rematch", json={"token": token}).json()
    page.wait_for_selector("#rematch-go")
    assert "sides swapped" in page.inner_text(".rematch-note")
    page.wait_for_url(re.compile(re.escape(f"/t/{again['table']}#{token}")), timeout=15_000)
    page.wait_for_selector("#ready")
    assert page.evaluate("() => window.moontableTable.seat") == 1
