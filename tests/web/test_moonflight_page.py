"""The Moonflight table in a real browser: a whole game by mouse that verifies, keyboard play with every key of
the key map, the Turn's spin, the phone viewport, and tooltips with both ends of a card."""

from __future__ import annotations

import random
import re

import httpx
from boardkit import hold_finger, phone_panels_open_and_close

from moontable import record

ASKING = ("() => !document.querySelector('.overlay').hidden || document.querySelector('.mf-prompt .ask')")


def new_table(server: str, seats: list[dict]) -> dict:
    r = httpx.post(f"{server}/api/tables", json={"game": "moonflight", "seats": seats})
    r.raise_for_status()
    return r.json()


def vs_bot(server: str) -> dict:
    return new_table(server, [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}])


def open_seat(page, link: str) -> None:
    page.goto(link)
    page.click("#ready")
    page.wait_for_selector("#phase")  # the game has started and its view is drawn


def over(page) -> bool:
    return page.evaluate("() => !document.querySelector('.overlay').hidden")


def wait_asked(page) -> bool:
    """Wait until the page asks us something; False once the game is over."""
    page.wait_for_function(ASKING, timeout=30_000)
    return not over(page)


def picks(page) -> list[str]:
    """What may be picked now, as the page marks it (ringed cards, stacks and buttons)."""
    return page.evaluate("() => [...document.querySelectorAll('.mf [data-pick]')]"
                         ".filter(x => x.offsetParent !== null).map(x => x.dataset.pick)")


def settle(page) -> None:
    """After a gesture: if it sent a move, wait until the table has answered it."""
    page.wait_for_selector(".mf-prompt .sending", state="detached", timeout=30_000)


def decision(page) -> dict:
    return page.evaluate("() => { const t = window.moontableTable; return t.decision && "
                         "{kind: t.decision.kind, options: t.decision.options}; }")


def play_from_lobby(page, level: str) -> None:
    """With Moonflight chosen in the lobby: two seats against a `level` bot, then ready at the table."""
    page.select_option("#seats", "2")
    page.select_option("#level", level)
    page.click("#play-bot")
    page.wait_for_url(re.compile(r"/t/"))
    page.click("#ready")
    page.wait_for_selector("#phase")


def test_a_whole_game_against_a_bot_by_mouse_then_it_verifies(page, server):
    page.goto("/")
    page.select_option("#game", "moonflight")
    assert page.locator("#seats option").count() == 4, "Moonflight takes 1 to 4 seats"
    play_from_lobby(page, "random")
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)", page.url).group(1)
    assert page.locator(".seat.bot .badge", has_text="BOT").count() == 1, "the bot seat is marked"
    assert re.fullmatch(r"[0-9a-f]{64}", page.inner_text("code.commitment")), "the fingerprint is shown"
    assert page.locator(".mf-market .stack").count() == 11, "5 generic and 3 per Jack's suit"
    assert page.locator("[data-supply]").count() == 2
    rng = random.Random(6)
    moves = 0
    while wait_asked(page):
        choice = rng.choice(picks(page))
        page.click(f'[data-pick="{choice}"]')
        settle(page)
        moves += 1
        assert moves < 3000
    result = page.inner_text(".result-card h2")
    assert re.match(r"(You win|You lose|A draw): ", result), result
    assert page.locator(".result-card .scores li").count() == 2
    seed = page.inner_text(".result-card code")
    assert re.fullmatch(r"[0-9a-f]{64}", seed), "the seed is shown at the end"
    assert page.locator("code.seed").inner_text() == seed
    page.click("#verify-game")
    page.wait_for_selector("#verdict")
    assert "Verified" in page.inner_text("#verdict")
    assert page.locator(".checks li.pass").count() == 5
    rec = httpx.get(f"{server}/api/tables/{table_id}/record").json()
    assert rec["game"] == "moonflight" and rec["seed"] == seed and rec["result"]["winner"] in (0, 1)
    report = record.verify(rec)
    assert report.ok, report.to_json()


def test_the_turn_spins_every_card(page, server):
    """Alone in Score Mode, taking a Turn token at every Reset brings the Turn in eight rounds."""
    table = new_table(server, [{"kind": "human", "name": "Solo"}])
    open_seat(page, table["seats"][0]["link"])
    assert "Before the Turn" in page.inner_text("#turn-state")
    assert page.locator(".mfcard.black-up").count() > 10
    assert "8 Turn" in page.inner_text("#score-tokens")
    for _ in range(60):
        assert wait_asked(page)
        if page.evaluate("() => window.moontableTable.view.turned"):
            break
        ps = picks(page)
        for want in ("opt:pass", "opt:counter,turn", "opt:done", "opt:rest"):
            if want in ps:
                page.click(f'[data-pick="{want}"]')
                break
        else:
            page.click(f'[data-pick="{ps[0]}"]')
        settle(page)
    page.wait_for_selector(".mfcard.spinning", timeout=5_000)
    spin = page.evaluate("""() => [...document.querySelectorAll('.mfcard.spinning')].map(x => {
        const s = getComputedStyle(x); return [s.animationName, s.transform]; })""")
    assert len(spin) >= 10, "every card on the table spins, not one"
    assert all(name == "mf-spin" for name, _ in spin)
    assert any(tr not in ("none", "matrix(1, 0, 0, 1, 0, 0)") for _, tr in spin), "the cards are turning"
    assert "After the Turn" in page.inner_text("#turn-state")
    faces = page.evaluate("() => [...document.querySelectorAll('.mfcard:not(.back):not(.empty):not(.jack)')]"
                          ".map(x => x.classList.contains('white-up'))")
    assert faces and all(faces), "every card now shows its white end"
    page.wait_for_function("() => !document.querySelector('.mfcard.spinning')", timeout=5_000)


def test_tooltips_show_both_ends_of_a_card(page, server):
    open_seat(page, vs_bot(server)["seats"][0]["link"])
    assert wait_asked(page)
    tip = page.locator("#tooltip")
    page.hover(".mf-hand .mfcard >> nth=0")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    assert "Before the Turn (black)" in text and "After the Turn (white)" in text
    assert text.count("cost") == 2 and text.count("score") == 2 and text.count("Stability") == 2
    page.hover('[data-market="0"] .mfcard')  # Power: its two ends differ
    assert "Draw 2 cards." in tip.inner_text() and "Trash up to 2 cards." in tip.inner_text()
    page.mouse.move(1, 1)
    page.focus(".mf-mine .mfcard.jack")  # the keyboard's way: focus a card
    tip.wait_for(state="visible")
    assert "Before the Turn (black)" in tip.inner_text() and "After the Turn (white)" in tip.inner_text()


def test_phone_no_overflow_panels_open_and_a_move(phone, server):
    open_seat(phone, vs_bot(server)["seats"][0]["link"])
    assert wait_asked(phone)

    def width() -> int:
        return phone.evaluate("() => document.documentElement.scrollWidth")

    assert width() <= 390, f"nothing overflows the screen ({width()}px)"
    assert phone.locator(".phone-bar").is_visible()
    phone_panels_open_and_close(phone, (("players", "#panel-players"), ("log", "#panel-log")))
    phone.tap("#open-keys")
    assert phone.locator(".keymap").is_visible()
    phone.tap("#open-keys")
    hold_finger(phone, ".mf-hand .mfcard", 20)
    # a finger held on a card reads both its ends (an earlier tap's tip may still be showing: wait for this one)
    phone.wait_for_function("() => { const tip = document.querySelector('#tooltip');"
                            " return !tip.hidden && tip.textContent.includes('Before the Turn (black)'); }")
    assert "After the Turn (white)" in phone.inner_text("#tooltip")
    phone.evaluate("""() => { const card = document.querySelector('.mf-hand .mfcard');
        card.dispatchEvent(new TouchEvent('touchend', {bubbles: true}));
        card.click(); }""")  # lifting the finger after reading does not play the card
    assert phone.locator(".mf-mine .play-area .mfcard").count() == 0
    assert phone.locator(".mf-prompt .sending").count() == 0
    coins = phone.inner_text(".mf-mine .coins")
    phone.tap(".mf-hand button.playable[data-card='money'] >> nth=0")  # every starting hand holds Money
    settle(phone)
    phone.wait_for_function("(c) => document.querySelector('.mf-mine .coins')?.textContent !== c"
                            " || document.querySelectorAll('.mf-mine .play-area .mfcard').length > 0", arg=coins)
    assert phone.locator(".mf-mine .play-area .mfcard[data-card='money']").count() >= 1, "Money went into play"
    assert width() <= 390


ALL_KEYS = {"?", "digit", "S", "A", "B", "P", "D", "Tab", "Arrow", "Enter", "Esc", "H", "O", "L", "M"}


def keys_until(page, want: set[str], rng: random.Random, limit: int = 3000) -> set[str]:
    """Play by keys only, steering towards keys not used yet, until all of `want` are (or the game ends)."""
    used: set[str] = set()

    def press(key: str, name: str) -> None:
        page.keyboard.press(key)
        used.add(name)

    for _ in range(limit):
        if used >= want or not wait_asked(page):
            break
        d = decision(page)
        kinds = {o[0] for o in d["options"]}
        hand = page.evaluate("() => window.moontableTable.view.players[window.moontableTable.seat].hand")
        playable = [i for i, c in enumerate(hand[:9]) if ["play", c] in d["options"]]
        if d["kind"] == "act":
            if "spend" in kinds and "A" not in used:
                press("a", "A")
                assert page.evaluate("() => document.activeElement.classList.contains('spend')")
                press("Enter", "Enter")
            elif "build" in kinds and "B" not in used:
                press("b", "B")
            elif "shop" in kinds and ("S" not in used or rng.random() < 0.3):
                press("s", "S")
                assert page.evaluate("() => !!document.activeElement.closest('#market')"), "S goes to the market"
                if rng.random() < 0.5 or "Arrow" not in used:
                    press("ArrowRight", "Arrow")
                    assert page.evaluate("() => !!document.activeElement.closest('#market')"), "arrows stay there"
                press("Enter", "Enter")
            elif playable and rng.random() < 0.8:
                press(str(rng.choice(playable) + 1), "digit")
            else:
                press("p", "P")
        elif "done" in kinds or "rest" in kinds:
            if rng.random() < 0.5 or "D" not in used:
                press("d", "D")
            else:
                press("Tab", "Tab")
                press("Enter", "Enter")
        else:
            press("Tab", "Tab")
            press("Enter", "Enter")
        settle(page)
    return used


def test_keyboard_only(page, server):
    open_seat(page, vs_bot(server)["seats"][0]["link"])
    assert wait_asked(page)
    used: set[str] = set()
    page.keyboard.press("?")
    assert page.locator(".keymap").is_visible(), "a visible key map"
    assert page.locator(".keymap dt").count() == 15, "the game's 12 keys and the frame's Esc, M and ?"
    page.keyboard.press("?")
    assert not page.locator(".keymap").is_visible()
    for key, panel in (("o", "#panel-players"), ("l", "#panel-log")):
        page.keyboard.press(key)
        assert page.evaluate(f"() => document.activeElement === document.querySelector('{panel}')")
        page.keyboard.press("Escape")
        assert page.locator(".mf.panel-open").count() == 0, "Esc closes the panel"
    page.keyboard.press("h")
    assert page.evaluate("() => !!document.activeElement.closest('#hand')"), "H goes to the hand"
    sound = page.get_attribute("#sound", "aria-pressed")
    page.keyboard.press("m")
    assert page.get_attribute("#sound", "aria-pressed") != sound, "M turns the sound off"
    page.keyboard.press("m")
    used |= {"?", "O", "L", "Esc", "H", "M"}
    rng = random.Random(2)
    used |= keys_until(page, ALL_KEYS - used, rng)
    for _ in range(2):  # a game can end before it offers everything (a Spend ability): play another
        if used >= ALL_KEYS:
            break
        open_seat(page, vs_bot(server)["seats"][0]["link"])
        used |= keys_until(page, ALL_KEYS - used, rng)
    assert used >= ALL_KEYS, f"keys never used: {ALL_KEYS - used}"


def test_rules_page_lists_every_card_with_both_ends(page, server):
    content = httpx.get(f"{server}/api/games/moonflight/content").json()
    page.goto("/rules/moonflight")
    page.wait_for_selector("table.mf-cards")
    assert page.inner_text("h1") == "Moonflight"
    for c in content["cards"]:
        row = page.locator(f'table.mf-cards tr[data-card="{c["id"]}"]')
        text = row.inner_text()
        assert c["name"] in text and c["black"]["text"] in text and c["white"]["text"] in text
    assert page.locator("table.mf-cards tr[data-card]").count() == len(content["cards"])
    assert page.locator("table.jacks tr[data-jack]").count() == 4
    page.click("nav.rules-games a[href='/rules/courts']")
    page.wait_for_selector("table.cards")
    assert page.inner_text("h1") == "Courts of Sun and Moon"


def test_the_lobby_lets_you_choose_your_jack_and_ai_mode(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    page.select_option("#game", "courts")
    assert page.locator("#choice-jacks").count() == 0, "Courts has no Jack to choose"
    page.select_option("#game", "moonflight")
    assert page.locator("#choice-jacks option").count() == 5, "dealt at random, or one of the four Jacks"
    spill = page.evaluate("""() => { const panel = document.querySelector('.card-panel').getBoundingClientRect();
        return [...document.querySelectorAll('.card-panel select, .card-panel button, .card-panel input')]
          .filter(x => x.getBoundingClientRect().right > panel.right + 0.5).map(x => x.id); }""")
    assert spill == [], "on a phone every control fits inside the panel, long option texts too"
    page.select_option("#choice-jacks", "words")
    play_from_lobby(page, "ai-card")
    view = page.evaluate("() => window.moontableTable.view")
    assert view["players"][0]["jack"] == "words" and view["players"][1]["jack"] != "words"
    assert view["ai_seats"] == [1]
    assert page.locator(".player-head", has_text="Words").count() == 1, "your Jack is named at your seat"
    assert page.locator("#ai-mode").is_visible()
