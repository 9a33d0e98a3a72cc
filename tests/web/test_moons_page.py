"""The Moons table in a real browser: the lobby for 2 to 6 seats (friends and bots mixed, spectators), a whole 4-seat
game by mouse whose record verifies, a whole game by keyboard, the fit at 1280 x 720 and on a phone at six seats,
tooltips, and both languages (the table, its key map, its rules page and reference card)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import httpx
from boardkit import hold_finger, phone_panels_open_and_close

from moontable import record

ASKED = ("() => { const t = window.moontableTable; return !!t.view && (t.view.over || "
         "(!!t.decision && !!document.querySelector('.mo-prompt .ask'))); }")
PICKS = ("() => [...document.querySelectorAll('.mo [data-pick]')].filter(x => x.offsetParent !== null)"
         ".map(x => x.dataset.pick)")


def new_table(server: str, seats: list[dict]) -> dict:
    r = httpx.post(f"{server}/api/tables", json={"game": "moons", "seats": seats})
    r.raise_for_status()
    return r.json()


def vs_bots(server: str, bots: int, level: str = "random") -> dict:
    return new_table(server, [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": level}] * bots)


def open_seat(page, link: str) -> None:
    page.goto(link)
    page.click("#ready")
    page.wait_for_selector("#mo-round")


def wait_asked(page) -> bool:
    """Wait until the page asks us something; False once the game is over."""
    page.wait_for_function(ASKED, timeout=30_000)
    return not page.evaluate("() => window.moontableTable.view.over")


def settle(page) -> None:
    page.wait_for_selector(".mo-prompt .sending", state="detached", timeout=30_000)


def legal_marks(page) -> None:
    """What the hand marks as playable is exactly what the engine offers, and nothing else is a button."""
    got = page.evaluate("""() => { const t = window.moontableTable, d = t.decision;
        const offered = d.options.filter(o => o[0] === 'card' || o[0] === 'hand'
          || (o[0] === 'tableau' && d.kind === 'tableau')).map(o => o[1]).sort((a, b) => a - b);
        const marked = [...document.querySelectorAll('#mo-hand .mocard.pick')].map(x => Number(x.dataset.card))
          .sort((a, b) => a - b);
        const buttons = [...document.querySelectorAll('#mo-hand button.mocard')].length;
        return { offered, marked, buttons }; }""")
    assert got["marked"] == got["offered"], got
    assert got["buttons"] == len(got["marked"]), "a card that may not be played is not a button"


def end_of_game(page, server: str, table_id: str, tmp_path: Path) -> None:
    """The result in the players' words, the seed, and a record that verifies three ways."""
    page.wait_for_selector(".overlay:not([hidden]) .result-card")
    head = page.inner_text(".result-card h2")
    assert re.match(r"(You win|You lose|You share the win) \(", head), head
    assert page.locator(".result-card .scores li").count() == page.evaluate("() => window.moontableTable.view.seats")
    seed = page.inner_text(".result-card code")
    assert re.fullmatch(r"[0-9a-f]{64}", seed), "the seed is shown at the end"
    assert page.locator("code.seed").inner_text() == seed
    rec = httpx.get(f"{server}/api/tables/{table_id}/record").json()
    assert rec["game"] == "moons" and rec["seed"] == seed and rec["result"]["reason"] in ("supply", "dealt")
    assert record.verify(rec).ok
    path = tmp_path / "moons.json"
    path.write_text(json.dumps(rec))
    out = subprocess.run([sys.executable, "-m", "moontable", "verify", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and "verified" in out.stdout, out.stdout + out.stderr
    page.click("#verify-game")
    page.wait_for_selector("#verdict")
    assert "Verified" in page.inner_text("#verdict")
    assert page.locator(".checks li.pass").count() == 5


def test_the_lobby_offers_moons_for_two_to_six_seats_with_friends_bots_and_spectators(page, server):
    page.goto("/")
    page.select_option("#game", "moons")
    assert page.eval_on_selector_all("#seats option", "xs => xs.map(x => x.value)") == ["2", "3", "4", "5", "6"]
    page.select_option("#seats", "5")
    assert page.locator("#friends option").count() == 4, "1 to 4 of the other seats are friends"
    page.select_option("#friends", "2")
    page.select_option("#level", "heuristic")
    assert "2 friends" in page.inner_text("#play-friend") and "2 bots" in page.inner_text("#play-friend")
    page.click("#play-friend")
    page.wait_for_selector(".friend-link input.copy")
    links = page.eval_on_selector_all(".friend-link input.copy", "xs => xs.map(x => x.value)")
    assert len(links) == 2
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)#", links[0]).group(1)
    info = httpx.get(f"{server}/api/tables/{table_id}").json()
    kinds = [(s["kind"], s.get("level")) for s in info["seats"]]
    assert kinds[:3] == [("human", None)] * 3 and [k for k, _ in kinds[3:]] == ["bot", "bot"]
    assert [s["name"] for s in info["seats"][3:]] == ["Good bot 1", "Good bot 2"], "bots alike are told apart"
    # a friend opens their link, everyone says ready, and a spectator watches without seeing a hand
    page.click("#go-seat")
    page.click("#ready")
    friends = [page.context.new_page() for _ in links]
    for pg, link in zip(friends, links, strict=True):
        pg.goto(link)
        pg.click("#ready")
    page.wait_for_selector("#mo-round")
    watcher = page.context.browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    watcher.goto(f"{server}/t/{table_id}")
    watcher.wait_for_selector("#mo-round")
    assert "You are watching" in watcher.inner_text(".table-head")
    assert watcher.locator("#mo-hand .mocard").count() == 0 and watcher.locator(".mo-player").count() == 5
    assert watcher.locator(".seat.bot .badge", has_text="BOT").count() == 2
    if not watcher.evaluate("() => window.moontableTable.view.revealed"):
        assert watcher.locator(".mo-others .mocard[data-card]").count() == 0, "face down until every tableau is in"
    watcher.context.close()
    for pg in friends:
        pg.close()


def test_a_four_seat_game_by_mouse_reaches_its_end_and_verifies(page, server, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/")
    page.select_option("#game", "moons")
    page.select_option("#seats", "4")
    page.select_option("#level", "random")
    assert page.inner_text("#play-bot") == "Play against 3 bots"
    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/t/"))
    page.click("#ready")
    page.wait_for_selector("#mo-round")
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)", page.url).group(1)
    assert page.locator(".seat.bot .badge", has_text="BOT").count() == 3, "the bots are marked"
    assert re.fullmatch(r"[0-9a-f]{64}", page.inner_text("code.commitment")), "the fingerprint is shown"
    assert page.locator(".mo-player").count() == 3
    rng = random.Random(17)
    seen = {"revealed": False, "hidden": False, "trick": False, "led": False}
    moves = 0
    while wait_asked(page):
        v = page.evaluate("() => { const v = window.moontableTable.view; return { revealed: v.revealed, "
                          "trick: v.trick.length, led: v.led, kind: window.moontableTable.decision.kind }; }")
        if not v["revealed"]:
            hidden = page.locator(".mo-others .mocard[data-card]").count() == 0
            assert hidden, "no other tableau is seen before all are in"
            seen["hidden"] = True
        else:
            assert page.locator(".mo-others .mo-tableau .mocard[data-card]").count() == 9, "then all are revealed"
            seen["revealed"] = True
        if v["trick"]:
            seen["trick"] = True
            assert page.locator("#mo-trick .mocard[data-card]").count() == v["trick"]
            if v["led"] >= 0:
                seen["led"] = True
                assert "led" in page.inner_text("#mo-led")
        if v["kind"] in ("play", "tableau"):
            legal_marks(page)
        picks = page.evaluate(PICKS)
        assert picks, "something to pick at every question"
        page.click(f'[data-pick="{rng.choice(picks)}"]')
        settle(page)
        moves += 1
        assert moves < 400
    assert all(seen.values()), seen
    end_of_game(page, server, table_id, tmp_path)


TOKEN_KINDS = {"take", "token", "give", "decline"}


def test_a_whole_game_by_keyboard_with_a_visible_key_map(page, server, tmp_path):
    table = vs_bots(server, 1)
    open_seat(page, table["seats"][0]["link"])
    assert wait_asked(page)
    page.keyboard.press("?")
    assert page.locator(".keymap").is_visible(), "a visible key map"
    keys = page.eval_on_selector_all(".keymap dt", "xs => xs.map(x => x.textContent)")
    assert {"1–9", "Enter", "A", "B", "T", "H", "R", "L", "Esc", "M", "?"} <= set(keys), keys
    page.keyboard.press("?")
    assert not page.locator(".keymap").is_visible()
    page.keyboard.press("r")
    assert page.locator("#panel-ref.open").count() == 1, "R: the reference card"
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    assert page.evaluate("() => !!document.activeElement.closest('#mo-hand')"), "H goes to the hand"
    rng = random.Random(5)
    used: set[str] = set()
    moves = 0
    while wait_asked(page):
        d = page.evaluate("() => window.moontableTable.decision")
        kinds = {o[0] for o in d["options"]}
        keyed = page.locator("#mo-hand .mocard.pick .key").count()
        if "small" in kinds and rng.random() < 0.25:
            page.keyboard.press("a")
            assert page.evaluate("() => document.activeElement.classList.contains('mo-small')"), "A: your Asteroids"
            page.keyboard.press("Enter")
            used.add("A")
        elif "block" in kinds and rng.random() < 0.5:
            page.keyboard.press("b")
            assert page.evaluate("() => document.activeElement.dataset.action === 'block'")
            page.keyboard.press("Enter")
            used.add("B")
        elif keyed and ("T" in used or not kinds & TOKEN_KINDS) and rng.random() < 0.7:
            page.keyboard.press(str(rng.randint(1, min(keyed, 9))))
            used.add("digit")
        elif kinds & TOKEN_KINDS:  # T at the first choice of a token it can make, lest digits take them all
            page.keyboard.press("t")
            if rng.random() < 0.5:
                page.keyboard.press("ArrowRight")
                used.add("Arrow")
            page.keyboard.press("Enter")
            used.add("T")
        else:
            page.keyboard.press("Tab")
            page.keyboard.press("Enter")
            used.add("Tab")
        settle(page)
        moves += 1
        assert moves < 500
    assert {"digit", "T"} <= used, used
    end_of_game(page, server, table["id"], tmp_path)


def fits(page, width: int, height: int) -> None:
    size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= width and size[1] <= height, f"the table scrolls: {size}"
    cut = page.evaluate("""() => [...document.querySelectorAll('.mo-main > *, .mo-hand .mocard, .mo-player')]
        .filter(x => x.offsetParent !== null && x.getBoundingClientRect().bottom > window.innerHeight + 0.5)
        .map(x => x.className)""")
    assert cut == [], f"below the window: {cut}"


def test_the_table_fits_1280_by_720_at_two_and_six_seats(page, server):
    page.set_viewport_size({"width": 1280, "height": 720})
    for bots in (1, 5):  # two seats: 27 cards in hand; six: five other players
        open_seat(page, vs_bots(server, bots)["seats"][0]["link"])
        assert wait_asked(page)
        fits(page, 1280, 720)
        assert page.locator(".mo-player").count() == bots
        for _ in range(3):  # into the first trick: the tableaux are revealed
            picks = page.evaluate(PICKS)
            page.click(f'[data-pick="{picks[0]}"]')
            settle(page)
            assert wait_asked(page)
        fits(page, 1280, 720)
        assert page.locator("#mo-supply .mo-token").count() == 4
        assert page.locator(".mo-mark.first").count() == 1 and page.locator(".mo-mark.earth").count() == 1
        assert page.locator("[data-seat-sets]").count() == bots + 1, "every player's tokens in their sets"
        assert "Block token" in page.inner_text("#mo-block")


def test_tooltips_read_cards_asteroids_and_tokens(page, server):
    content = httpx.get(f"{server}/api/games/moons/content").json()
    open_seat(page, vs_bots(server, 3)["seats"][0]["link"])
    assert wait_asked(page)
    tip = page.locator("#tooltip")
    card = int(page.get_attribute("#mo-hand .mocard >> nth=0", "data-card"))
    page.hover("#mo-hand .mocard >> nth=0")
    tip.wait_for(state="visible")
    if card < 56:
        fact = content["texts"]["en"]["moons"][content["cards"][card]["moon"]][1]
        assert fact in tip.inner_text() and "of 14" in tip.inner_text()
    else:
        assert "Large Asteroid" in tip.inner_text()
    kind = page.get_attribute(".mo-small >> nth=0", "data-small")
    page.hover(".mo-small >> nth=0")
    assert content["texts"]["en"]["asteroids"][kind]["text"] in tip.inner_text()
    assert "Targets:" in tip.inner_text() and "With no legal target:" in tip.inner_text()
    page.hover("#mo-supply .mo-token >> nth=0")
    assert "Saturn tokens: 17" in tip.inner_text()
    page.hover("#mo-block")
    assert content["texts"]["en"]["block"]["text"] in tip.inner_text()


def test_phone_at_six_seats(phone, server):
    open_seat(phone, vs_bots(server, 5)["seats"][0]["link"])
    assert wait_asked(phone)

    def width() -> int:
        return phone.evaluate("() => document.documentElement.scrollWidth")

    assert width() <= 390, f"nothing overflows the screen ({width()}px)"
    assert phone.locator(".mo-player").count() == 5 and phone.locator(".mo-phone-bar").is_visible()
    phone_panels_open_and_close(phone, (("log", "#panel-log"), ("ref", "#panel-ref")))
    phone.tap("#open-keys")
    assert phone.locator(".keymap").is_visible()
    phone.tap("#keymap-close")
    hold_finger(phone, "#mo-hand .mocard.in-hand", 10)
    # a finger held on a card reads it (the tooltip of whatever had the focus before may show first)
    phone.wait_for_function("() => { const tip = document.querySelector('#tooltip'); return !!tip && !tip.hidden "
                            "&& /of 14|Large Asteroid/.test(tip.innerText); }", timeout=10_000)
    phone.evaluate("() => document.querySelector('#mo-hand .mocard.in-hand')"
                   ".dispatchEvent(new TouchEvent('touchend', {bubbles: true}))")
    for _ in range(4):  # the three tableau cards and a first card to a trick, by finger
        assert wait_asked(phone)
        phone.tap(f'[data-pick="{phone.evaluate(PICKS)[0]}"]')
        settle(phone)
        assert width() <= 390
    assert phone.evaluate("() => window.moontableTable.view.players[0].tableau.length") == 3


def test_both_languages_for_the_table_its_key_map_rules_and_reference_card(page, server):
    table = vs_bots(server, 2)
    open_seat(page, table["seats"][0]["link"])
    assert wait_asked(page)
    assert "Your hand" in page.inner_text("#mo-hand") and "Moons: reference card" in page.inner_text("#panel-ref")
    page.select_option("#language", "pt")
    page.wait_for_function("() => document.querySelector('#mo-hand').innerText.includes('Sua mão')")
    assert "Rodada 1" in page.inner_text("#mo-round") and "Reserva" in page.inner_text("#mo-supply")
    assert "baixe uma carta" in page.inner_text(".mo-prompt .ask").lower()
    assert "Moons: carta de referência" in page.inner_text("#panel-ref")
    assert page.inner_text("#sound") in ("Som ligado", "Som desligado"), "the frame's words too"
    assert page.evaluate("() => document.documentElement.lang") == "pt"
    card = int(page.get_attribute("#mo-hand .mocard >> nth=0", "data-card"))
    page.hover("#mo-hand .mocard >> nth=0")
    assert ("de 14" in page.inner_text("#tooltip")) or (card >= 56 and "Asteroide" in page.inner_text("#tooltip"))
    page.keyboard.press("?")
    assert "Teclas" in page.inner_text(".keymap h2") and "a carta de referência" in page.inner_text(".keymap")
    page.keyboard.press("?")
    page.reload()  # the browser remembers the choice
    page.wait_for_selector("#mo-round")
    page.wait_for_function("() => document.querySelector('#mo-round').innerText.includes('Rodada')")
    assert page.input_value("#language") == "pt"
    page.goto("/rules/moons")
    page.wait_for_selector("#mo-reference")
    assert "carta de referência" in page.inner_text("#mo-reference h2") and page.input_value("#rules-language") == "pt"
    assert "Saturno" in page.inner_text(".mo-rules") and page.locator(".mo-moons tr[data-card]").count() == 56
    assert page.locator(".mo-smalls-table tr[data-small]").count() == 10
    page.select_option("#rules-language", "en")
    assert "Moons: reference card" in page.inner_text("#mo-reference h2") and "Saturn" in page.inner_text(".mo-rules")
    assert "Scoring sets" in page.inner_text("#mo-reference")
    page.goto(table["seats"][0]["link"])
    page.wait_for_function("() => document.querySelector('#mo-round') && "
                           "document.querySelector('#mo-round').innerText.includes('Round')")
    assert page.input_value("#language") == "en"


TAP_TARGETS = """() => [...document.querySelector('.board-root')
    .querySelectorAll('button, a[href], [role=button], [tabindex="0"], [data-pick]')].filter((e) => {
      const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !e.closest('[hidden]')
        && getComputedStyle(e).visibility !== 'hidden'; })
    .map((e) => { const r = e.getBoundingClientRect();
      return [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30),
        Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < 40 || h < 40)"""


def test_contrast_focus_rings_and_tap_targets(page, phone, server):
    """The boards' bar (issue 15): text at 4.5:1 or more, greyed cards too; every focused control with a clearly
    visible ring; on a phone every tap target 40 px or more."""
    from boardkit import CONTRAST_JS, FOCUS_JS, keyboard_mode

    link = vs_bots(server, 3)["seats"][0]["link"]
    page.set_viewport_size({"width": 1280, "height": 720})
    open_seat(page, link)
    for _ in range(4):  # into the first trick by cards of the hand: revealed tableaux, greyed cards
        assert wait_asked(page)
        picks = page.evaluate(PICKS)
        page.click(f'[data-pick="{next((p for p in picks if p.startswith("hand:")), picks[0])}"]')
        settle(page)
    assert wait_asked(page)
    phone.goto(page.url)
    phone.wait_for_selector("#mo-round")
    for pg in (page, phone):
        fails = pg.evaluate(CONTRAST_JS, 4.5)
        assert fails == [], f"text below 4.5:1: {fails}"
        keyboard_mode(pg)
        fails = pg.evaluate(FOCUS_JS)
        assert fails == [], f"focus rings not clearly visible: {fails}"
    small = phone.evaluate(TAP_TARGETS)
    assert small == [], f"too small to tap: {small}"
    for panel in ("#open-log", "#open-ref"):
        phone.tap(panel)
        assert phone.evaluate(CONTRAST_JS, 4.5) == []
        phone.tap(panel)
    page.goto("/rules/moons")
    page.wait_for_selector("#mo-reference")
    assert page.evaluate(CONTRAST_JS, 4.5) == []


def test_the_log_and_the_trick_counts_read_in_the_chosen_language(page, server):
    """The server writes each log line in English and Portuguese; the log shows the page's language and
    switches with it, and a reload keeps it. Counts read "0 tricks" / "0 vazas", never "trick(s)"."""
    open_seat(page, vs_bots(server, 2)["seats"][0]["link"])
    for _ in range(3):  # the tableau, into the first trick
        assert wait_asked(page)
        page.click(f'[data-pick="{page.evaluate(PICKS)[0]}"]')
        settle(page)
    assert wait_asked(page)
    log = page.locator("#panel-log")
    page.wait_for_function("() => /The tableaux are revealed/.test(document.querySelector('#panel-log')?.textContent)")
    assert re.search(r"You lay .+ face down\.", log.text_content())
    tricks = page.inner_text(".mo-tricks >> nth=0")
    assert re.fullmatch(r"\d+ tricks?", tricks) and (tricks != "1 tricks") and "(s)" not in page.inner_text(".mo")
    page.select_option("#language", "pt")
    page.wait_for_function("() => /Os tableaux são revelados/.test(document.querySelector('#panel-log')?.textContent)")
    text = log.text_content()
    assert "Você baixa" in text and "The tableaux" not in text and "lugar" not in text
    assert page.get_attribute("#log", "lang") == "pt"
    assert re.fullmatch(r"\d+ vazas?", page.inner_text(".mo-tricks >> nth=0"))
    assert "(s)" not in page.inner_text(".mo")
    page.reload()  # the snapshot brings the Portuguese log back
    page.wait_for_function("() => /Os tableaux são revelados/.test(document.querySelector('#panel-log')?.textContent)")
    page.select_option("#language", "en")
    page.wait_for_function("() => /The tableaux are revealed/.test(document.querySelector('#panel-log')?.textContent)")


def test_on_a_phone_each_players_stardust_stays_in_their_box(phone, own_server):
    """The players' counts at the end (Stardust among them) stay in their boxes: nothing wider than the phone.
    (On a server of its own: the shared one may still be playing other tests' bot games, and this one watches
    whole games of bots to their end.)"""
    base, _ = own_server
    for _ in range(5):  # most games give someone Stardust; watch another if this one did not
        seats = [{"kind": "bot", "level": "random", "name": n} for n in ("Ann", "Bo", "Cy")]
        tid = httpx.post(f"{base}/api/tables", json={"game": "moons", "seats": seats}).json()["id"]
        phone.goto(f"{base}/t/{tid}")
        phone.wait_for_selector(".overlay:not([hidden]) .result-card", timeout=120_000)
        phone.tap("#look")
        if phone.locator(".mo-counts .mo-stardust").count():
            break
    assert phone.locator(".mo-counts .mo-stardust").count(), "a game with Stardust"
    out = phone.evaluate("""() => [...document.querySelectorAll('.mo-counts .mo-stardust')].map((e) =>
        e.getBoundingClientRect().right - e.closest('.mo-player').getBoundingClientRect().right)""")
    assert all(x <= 0 for x in out), f"Stardust sticks out of its player's box by {max(out):.0f}px"
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"nothing overflows the screen ({width}px)"
