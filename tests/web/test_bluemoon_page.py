"""Blue Moon in a real browser: a deck built in the deck builder (every broken rule named by its ID, the saved
file a legal deck), a game against a bot played by mouse and one by keyboard alone (only the engine's plays
ringed; the record verifies), the board fitting 1280x720 and the phone viewport, and the rules page with every
card. The whole match to five crystals is played at the server level (tests/server/test_bluemoon_match.py):
in the browser a match of several games against a bot takes minutes on this machine."""

from __future__ import annotations

import json
import random
import re

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from moontable import record
from moontable.games.bluemoon import BLUEMOON
from moontable.games.bluemoon.decks import check_deck

ASKED = ("() => { const t = window.moontableTable; const o = document.querySelector('#bm-overlay');"
         " return (o && !o.hidden) || t.status === 'ended' || (t.decision && document.querySelector("
         "'.bm [data-pick], .bm-prompt .choices button, .bm-prompt button.menu')); }")


SENT = "() => !document.querySelector('.bm-prompt').textContent.startsWith('Sent')"  # the table has answered
SEATS = [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}]


def vs_bot(server: str, mode: str = "base", target: int = 1) -> dict:
    r = httpx.post(f"{server}/api/tables", json={"game": "bluemoon", "options": {"mode": mode},
                                                 "match": {"target": target}, "seats": SEATS})
    r.raise_for_status()
    return r.json()


def open_seat(page, table: dict) -> None:
    page.goto(table["seats"][0]["link"])
    page.click("#ready")
    page.wait_for_selector(".choice-deck")  # the secret deck choice comes first


def ended(page) -> bool:
    return page.evaluate("() => window.moontableTable.status === 'ended'")


def wait_asked(page) -> bool:
    page.wait_for_function(ASKED, timeout=60_000)
    return not ended(page)


def legal_rings(page) -> None:
    """Every ringed card of the hand has a play among the engine's options, and every playable card is ringed."""
    got = page.evaluate("""() => { const t = window.moontableTable; if (!t.decision) return null;
        const hand = t.view.players[t.seat].hand || [];
        const ringed = [...document.querySelectorAll('#hand [data-pick]')].map(x => x.dataset.card);
        const kinds = ['lead', 'replace', 'character', 'booster', 'support'];
        const handKinds = ['decline', 'discard', 'redraw'];
        const playable = hand.filter(c => t.decision.options.some(o => (kinds.includes(o[0]) && o[1] === c)
          || (o[0] === 'card' && o[1] === c && handKinds.includes(t.decision.kind))));
        return {ringed: ringed.sort(), playable: playable.sort()}; }""")
    if got is not None:
        assert got["ringed"] == got["playable"]


def finish(server: str, table: dict) -> dict:
    rec = httpx.get(f"{server}/api/tables/{table['id']}/record").json()
    assert rec["result"] is not None and record.verify(rec).ok
    return rec


def test_a_deck_is_built_checked_rule_by_rule_and_saved_as_plain_json(page, tmp_path) -> None:
    page.goto("/decks")
    page.wait_for_selector("#db-verdict p")
    page.select_option("#db-leader", "cm-leader")
    page.select_option("#db-inquisitor", "vell")
    page.click("#db-from-people")  # Cindermark's own 30: five leadership cards, Vell allows three
    page.wait_for_selector("#db-problems li[data-rule='BM77']")
    assert "at most 3 leadership cards" in page.inner_text("#db-problems")
    for _ in range(2):  # take out two leadership cards
        page.click("#db-deck .bmcard.kind-leadership >> nth=0")
    page.wait_for_selector("#db-problems li[data-rule='BM46']")  # ... but now two short
    assert page.inner_text("#db-counts").startswith("28 / 30")
    assert "exactly 30 cards" in page.inner_text("#db-problems")
    page.select_option("#db-filter-kind", "character")
    for _ in range(2):  # Cindermark's expansion character, then a Hollowroot one (its moons within the allowance)
        page.click("#db-catalogue .bmcard:not(.in-deck) >> nth=0")
    page.wait_for_selector("#db-legal")
    page.fill("#db-name", "Cinders and salt")
    page.click("#db-save")
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('moontable.bluemoon.decks'))")
    deck = next(d for d in saved if d["name"] == "Cinders and salt")
    assert deck["format"] == "moontable-bluemoon-deck/1" and deck["leader"] == "cm-leader" and len(deck["cards"]) == 30
    server_problems = [f"{p.rule}" for p in check_deck(deck, "build")]
    shown = page.evaluate("() => [...document.querySelectorAll('#db-problems li')].map(x => x.dataset.rule)")
    assert shown == server_problems  # the page says exactly what the engine says
    with page.expect_download() as dl:
        page.click("#db-download")
    path = tmp_path / "deck.json"
    dl.value.save_as(path)
    assert json.loads(path.read_text()) == deck  # the file is the plain JSON deck
    # a deck one card too many breaks BM46, named by its ID and in words
    page.click("#db-catalogue .bmcard:not(.in-deck) >> nth=0")
    page.wait_for_selector("#db-problems li[data-rule='BM46']")
    assert "exactly 30 cards" in page.inner_text("#db-problems li[data-rule='BM46']")


def test_a_game_against_a_bot_by_mouse_to_its_end_that_verifies(page, server) -> None:
    table = vs_bot(server)
    open_seat(page, table)
    page.click(".choice-deck >> nth=1")
    rng = random.Random(5)
    clicks = 0
    while wait_asked(page):
        legal_rings(page)
        if page.locator(".bm-prompt button.menu").count():
            page.click(".bm-prompt button.menu >> nth=0")
        else:
            hand = page.locator("#hand [data-pick]")
            buttons = page.locator(".bm-prompt .choices button")
            dragons = page.locator(".dragon.pick")
            if dragons.count():
                dragons.nth(0).click()
            elif hand.count() and (not buttons.count() or rng.random() < 0.8):
                hand.nth(rng.randrange(hand.count())).click()
            else:
                buttons.nth(rng.randrange(buttons.count())).click()
        clicks += 1
        assert clicks < 600
        page.wait_for_function(SENT, timeout=30_000)
    rec = finish(server, table)
    assert len([m for m in rec["moves"] if m[0] == 0]) >= 10
    page.wait_for_selector("#match-over")  # a match to one crystal: this game decided it
    assert re.search(r"(You win|wins) the match", page.inner_text("#match-over"))  # our random clicks may win it


def test_a_game_by_keyboard_alone(page, server) -> None:
    table = vs_bot(server, mode="quick")
    page.goto(table["seats"][0]["link"])
    page.click("#ready")
    page.wait_for_selector(".choice-deck")
    page.keyboard.press("?")
    assert page.is_visible("#keymap") and "retreat" in page.inner_text("#keymap")
    page.keyboard.press("Escape")
    page.keyboard.press("c")  # the choices: the first deck, then Enter
    page.keyboard.press("Enter")
    presses = 0
    while wait_asked(page):
        legal_rings(page)
        if page.locator(".bm-prompt button.menu").count():
            fight = page.locator("[data-key='F']").count()
            page.keyboard.press(random.Random(presses).choice(["f", "e"]) if fight else "1")
        elif page.locator("#hand [data-pick]").count():
            first = page.evaluate("() => { const t = window.moontableTable; const h = t.view.players[t.seat].hand;"
                                  " return h.indexOf(document.querySelector('#hand [data-pick]').dataset.card); }")
            page.keyboard.press("0" if first == 9 else str(first + 1))
        elif page.locator(".dragon.pick").count():
            page.keyboard.press("d")
            page.keyboard.press("Enter")
        elif page.locator(".choice-retreat, .choice-decline").count() and presses % 3 == 0:
            page.keyboard.press("r")
        elif page.locator(".choice-pass, .choice-done, .choice-no_draw").count():
            page.keyboard.press("p")
        else:
            page.keyboard.press("c")
            page.keyboard.press("Enter")
        presses += 1
        assert presses < 800
        page.wait_for_function(SENT, timeout=30_000)
    finish(server, table)


def test_the_board_fits_1280x720_and_the_phone(page, phone, server) -> None:
    table = vs_bot(server, mode="quick", target=5)
    page.set_viewport_size({"width": 1280, "height": 720})
    open_seat(page, table)
    page.click(".choice-deck >> nth=0")
    page.wait_for_selector("#hand .bmcard")
    page.wait_for_selector("#element")
    for sel in ("#opp", "#dragons", "#mine", "#prompt", "#hand", "#panel-match"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 720 + 1, sel  # the whole table in the window
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= 721
    low = page.evaluate("() => Math.max(...[...document.querySelectorAll('#hand .bmcard')]"
                        ".map(c => c.getBoundingClientRect().bottom))")
    assert low <= 720 - 6, "the hand clear of the window's bottom edge"
    assert page.locator(".dragon").count() == 3 and "first to 5" in page.inner_text("#match-line")
    # icons explained when pointed at
    # (a fighting card, at its lower left: its icons have tips of their own)
    page.hover("#hand .bmcard:not(.kind-leadership, .kind-hyla, .kind-crystal) >> nth=0", position={"x": 6, "y": 100})
    assert page.is_visible("#tooltip") and "Fire" in page.inner_text("#tooltip")
    no_brackets_plural(page)
    # the same seat on a phone: nothing wider than the screen (the page is not zoomed out to fit a wide row), the
    # log behind its button; the question and the hand in sight wherever the board is scrolled
    phone.goto(table["seats"][0]["link"])
    phone.wait_for_selector("#hand .bmcard")
    phone.wait_for_selector("#prompt .ask")
    assert phone.evaluate("() => [innerWidth, document.scrollingElement.scrollWidth]") == [390, 390]
    assert phone.evaluate("() => document.scrollingElement.scrollHeight") > 844, "the board is taller than a phone"
    for y in (0, 250, 100_000):
        phone.evaluate(f"() => window.scrollTo(0, {y})")
        phone.wait_for_timeout(100)
        in_sight(phone)
    assert phone.is_visible("#open-log") and not phone.is_visible("#panel-log")
    phone.tap("#open-log")
    phone.wait_for_selector("#panel-log", state="visible")
    assert phone.evaluate(HIT, "#open-log"), "the bar stays under an open panel"
    assert not phone.evaluate(HIT, "#prompt .ask"), "the open panel is above the question"
    phone.tap("#open-log")
    phone.wait_for_selector("#panel-log", state="hidden")
    in_sight(phone)
    no_brackets_plural(phone)


HIT = """(sel) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 20), y = r.top + Math.min(r.height / 2, 20);
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y); return !!hit && (hit === e || e.contains(hit)); }"""


def in_sight(phone) -> None:
    """The question's words, its first answer (a ringed card or a button) and the hand's first cards are on the
    screen, not under anything: a player sees what to do and taps it without scrolling to find it."""
    assert phone.evaluate(HIT, "#prompt .ask"), "the question is in sight"
    assert phone.evaluate(HIT, "#hand .bmcard"), "the hand is in sight"
    first = phone.evaluate("() => { const e = document.querySelector('#hand [data-pick], .bm-prompt .choices button');"
                           " if (!e) return null; e.id = e.id || 'first-answer'; return '#' + e.id; }")
    if first is not None:
        assert phone.evaluate(HIT, first), "the first answer is in sight"
    box = phone.locator("#hand").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844 - 40, "the hand is above the bar, not under it"


def no_brackets_plural(page) -> None:
    """No 'card(s)' on the page: in its words, its tips or its labels."""
    words = page.evaluate("""() => [document.body.innerText,
        ...[...document.querySelectorAll('[data-tip], [aria-label]')]
          .map(e => (e.getAttribute('data-tip') || '') + ' ' + (e.getAttribute('aria-label') || ''))].join(' ')""")
    assert "(s)" not in words
    assert not re.search(r"\b1 (cards|crystals|dragons|moons|characters)\b", words)


def test_the_rules_page_lists_every_card(page) -> None:
    page.goto("/rules/bluemoon")
    page.wait_for_selector(".bm-cards")
    shown = set(page.evaluate("() => [...document.querySelectorAll('.bm-cards tr[data-card]')]"
                              ".map(x => x.dataset.card)"))
    assert shown == {c["id"] for c in BLUEMOON.content()["cards"]}
    assert "Crystal cards" in page.inner_text(".bm-rules")


def test_a_match_in_the_browser_reaches_five_crystals_and_every_game_verifies(page, server) -> None:
    """A match to five crystals against a bot, in the browser from the first deck choice to the match's end: the
    player starts fights and retreats from them, so the bot wins fights quickly; each game's end leads on to the
    next game's table at the same seat link."""
    from moontable.games.bluemoon.series import verify_match

    table = vs_bot(server, mode="base", target=5)
    open_seat(page, table)
    tables = []
    while True:
        page.wait_for_selector(".choice-deck")
        tables.append(page.evaluate("() => window.moontableTable.id"))
        assert page.inner_text("#match-line").startswith(f"Game {len(tables)}")
        page.click(".choice-deck >> nth=0")
        # a click waits 5 s at most: a choice that vanished as the bot ended the game must not wait past the 8 s
        # after which the page goes on to the next game by itself (and play that game's deck choice unseen)
        while wait_asked(page) and page.evaluate("() => window.moontableTable.id") == tables[-1]:
            if page.locator(".bm-prompt button.menu").count():
                pick = ".bm-prompt button.menu >> nth=0"
            elif page.locator(".choice-retreat").count():
                pick = ".choice-retreat"  # it says what it costs
            elif page.locator(".choice-pass, .choice-done, .choice-no_draw").count():
                pick = ".choice-pass, .choice-done, .choice-no_draw"
            elif page.locator("#hand [data-pick]").count():
                pick = "#hand [data-pick] >> nth=0"
            elif page.locator(".dragon.pick").count():
                pick = ".dragon.pick >> nth=0"
            else:
                pick = ".bm-prompt .choices button >> nth=0"
            try:
                page.click(pick, timeout=5_000)
            except PlaywrightTimeout:
                continue  # the choice went (the game ended, or the view moved on): look again
            page.wait_for_function(SENT, timeout=30_000)
        assert page.evaluate("() => window.moontableTable.id") == tables[-1], "left the game before its end was seen"
        page.wait_for_selector("#match-total")
        if page.locator("#match-over").count():
            break
        page.click("#next-game", timeout=30_000)  # on to the next game (it also goes by itself)
        assert len(tables) < 8
    assert re.search(r"(You win|wins) the match", page.inner_text("#match-over"))  # our random clicks may win it
    info = httpx.get(f"{server}/api/tables/{tables[-1]}").json()["match"]
    assert info["over"] and max(info["crystals"]) >= 5
    match = httpx.get(f"{server}/api/matches/{info['id']}").json()
    assert match["tables"] == tables and max(match["crystals"]) >= 5
    records = {tid: finish(server, {"id": tid}) for tid in tables}  # each game's record verifies on its own
    assert verify_match(match, records.__getitem__) == []


def test_the_lobby_offers_blue_moon_with_its_mode_decks_and_match_length(page, server) -> None:
    page.goto("/")
    page.select_option("#game", "bluemoon")
    assert page.is_visible("#bm-mode") and page.is_visible("#bm-target")
    assert not page.is_visible("#bm-decks")  # base decks: nothing to bring
    page.select_option("#bm-mode", "build")
    assert page.is_visible("#bm-decks") and page.is_visible("#open-deck-builder")
    page.select_option("#bm-mode", "quick")
    page.select_option("#bm-target", "3")
    page.check("#bm-keep")
    page.select_option("#level", "random")
    page.click("#play-bot")
    page.wait_for_url("**/t/**")
    page.click("#ready")
    page.wait_for_selector(".choice-deck")
    assert "first to 3" in page.inner_text("#match-line")
    assert "Quick start" in page.inner_text("#bm-status")
    tid = page.evaluate("() => window.moontableTable.id")
    info = httpx.get(f"{server}/api/tables/{tid}").json()["match"]
    assert info["target"] == 3 and info["keep"] is True and info["mode"] == "quick"


def test_a_seat_brings_its_built_decks_to_a_deck_building_match(page, server) -> None:
    from moontable.games.bluemoon.builder import build_deck
    from moontable.games.bluemoon.decks import deck_file

    mine = deck_file(build_deck("galewright", "grane", random.Random(3), name="Gusts"))
    r = httpx.post(f"{server}/api/tables", json={"game": "bluemoon", "options": {"mode": "build"},
                                                 "match": {"target": 5}, "seats": [{"kind": "human"}] * 2})
    table = r.json()
    page.goto("/decks")  # the deck builder's saved decks are this browser's
    page.evaluate("(d) => localStorage.setItem('moontable.bluemoon.decks', JSON.stringify([d]))", mine)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#bring-decks")
    assert "Gusts" in page.inner_text(".bm-waiting")
    page.click("#bring-decks")
    page.wait_for_function("() => document.querySelector('#decks-status')?.textContent.startsWith('Saved')")
    page.click("#ready")
    friend = page.context.new_page()
    friend.goto(table["seats"][1]["link"])
    friend.click("#ready")
    friend.wait_for_selector(".choice-deck")
    assert friend.locator(".choice-deck").count() == 8  # the deck builder's own: one per people and inquisitor
    # one deck brought: its seat is not asked (BM49); the deck is Gusts
    page.wait_for_function("() => window.moontableTable.view && window.moontableTable.view.players[0].chosen")
    assert page.evaluate("() => window.moontableTable.view.players[0].decks.map(d => d.name)") == ["Gusts"]
    # the friend's page knows nothing of the list: its view of seat 0's decks is empty
    assert friend.evaluate("() => window.moontableTable.view.players[0].decks") == [None]
