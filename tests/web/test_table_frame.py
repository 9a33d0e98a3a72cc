"""The table frame every game shares, in a real browser (issue 15: items 7, 8, 9, 11, 15, 16 and the key map
of 12): undo, the log, the clock's warning, the players' words, waiting for a friend, the lobby."""

from __future__ import annotations

import re

import httpx
import pytest
from boardkit import scroll_size

# engine ids on a screen; "at random" is the cards' own words (Cutpurse Tide's event), not the bot level
ENGINE_WORDS = re.compile(r"\bseat \d\b|\bevent_\w+|#\d|\b(ismcts|heuristic|(?<!at )random)\b|\((moon|sun) ")


def create(server: str, game: str, seats: list[dict]) -> dict:
    r = httpx.post(f"{server}/api/tables", json={"game": game, "seats": seats})
    r.raise_for_status()
    return r.json()


def ready(page, link: str, started: str) -> None:
    page.goto(link)
    page.click("#ready")
    page.wait_for_selector(started)


def record_moves(server: str, table: dict) -> int:
    return httpx.get(f"{server}/api/tables/{table['id']}/record").json()["moves_played"]


def settled_moves(page, server: str, table: dict) -> int:
    """The record's count once the other seat's last move is in it too (its write may still be on its way)."""
    n = record_moves(server, table)
    for _ in range(50):
        page.wait_for_timeout(200)
        again = record_moves(server, table)
        if again == n:
            return n
        n = again
    return n


def town_sway(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries([...document.querySelectorAll('.town')].map(g => "
                         "[g.dataset.town, g.querySelector('.sway.moon').textContent + '/' + "
                         "g.querySelector('.sway.sun').textContent]))")


def log_lines(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#panel-log li')].map(li => li.textContent)")


def move_first_option(page) -> None:
    """Answer the open decision with its first option, through the frame (not the board)."""
    page.wait_for_function("() => window.moontableTable.decision", timeout=30_000)
    page.evaluate("() => { const t = window.moontableTable; t.send(t.decision.options[0]); t.decision = null; }")


def test_a_slip_is_taken_back_by_the_undo_button_or_esc_and_a_reload_does_not_bring_it_back(page, server):
    table = create(server, "courts", [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}])
    ready(page, table["seats"][0]["link"], ".town.pickable")
    assert page.get_attribute("#undo", "aria-disabled") == "true", "nothing to take back yet"
    page.hover("#undo")
    page.locator("#tooltip").wait_for(state="visible")
    assert "rolls a die" in page.inner_text("#tooltip"), "even unusable, the button says what can be undone"
    page.mouse.move(1, 1)
    before, moves = town_sway(page), record_moves(server, table)

    page.click(".town.pickable >> nth=0")
    page.wait_for_selector('#undo[aria-disabled="false"]')
    town = page.evaluate("() => window.moontableTable.undo.text")
    tip = page.get_attribute("#undo", "data-tip")
    assert town.split(" (")[0] in tip and "until one draws a card, rolls a die, shows something hidden" in tip
    assert town_sway(page) != before and record_moves(server, table) == moves + 1
    page.click("#undo")
    page.wait_for_selector('#undo[aria-disabled="true"]')
    assert town_sway(page) == before, "the sway is gone from the map"
    assert record_moves(server, table) == moves, "and from the record"
    assert "Taken back" in page.inner_text(".toast")

    page.click(".town.pickable >> nth=1")
    page.wait_for_selector('#undo[aria-disabled="false"]')
    lines = len(log_lines(page))
    page.keyboard.press("Escape")  # nothing lifted, no panel open: Esc takes the move back
    page.wait_for_selector('#undo[aria-disabled="true"]')
    assert town_sway(page) == before and len(log_lines(page)) == lines - 1, "its log line goes with it"

    page.click(".town.pickable >> nth=2")
    page.wait_for_selector('#undo[aria-disabled="false"]')
    kept = town_sway(page)
    page.reload()
    page.wait_for_selector(".town.pickable")
    assert town_sway(page) == kept and page.get_attribute("#undo", "aria-disabled") == "false", \
        "after a reload the move may still be undone"
    page.click("#undo")
    page.wait_for_selector('#undo[aria-disabled="true"]')
    page.reload()
    page.wait_for_selector(".town.pickable")
    assert town_sway(page) == before and page.get_attribute("#undo", "aria-disabled") == "true", \
        "a reload does not bring an undone move back"
    assert record_moves(server, table) == moves


def test_the_log_survives_a_reload_names_players_and_numbers_past_ten_in_full(page, server):
    table = create(server, "moonflight", [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}])
    ready(page, table["seats"][0]["link"], "#phase")
    while len(log_lines(page)) < 30:
        move_first_option(page)
        page.wait_for_timeout(50)
    page.wait_for_function("() => window.moontableTable.decision", timeout=30_000)
    lines = log_lines(page)
    assert any("Tester" in x for x in lines) and not any(ENGINE_WORDS.search(x) for x in lines), lines[:5]
    page.reload()
    page.wait_for_selector("#phase")
    page.wait_for_function("(n) => document.querySelectorAll('#panel-log li').length >= n", arg=len(lines))
    assert log_lines(page)[:len(lines)] == lines, "a reload brings the whole log back"
    # the numbers: the list leaves room for "1000." so that 10 and up are never cut off
    room = page.evaluate("""() => { const ol = document.querySelector('#panel-log ol');
        const li = ol.querySelector('li'); const probe = document.createElement('span');
        probe.style.font = getComputedStyle(li).font; probe.textContent = '1000. ';
        probe.style.position = 'absolute'; probe.style.whiteSpace = 'pre';  // its own width, not the body's
        document.body.append(probe); const w = probe.getBoundingClientRect().width; probe.remove();
        return {pad: parseFloat(getComputedStyle(ol).paddingLeft), need: w,
                start: Number(ol.getAttribute('start'))}; }""")
    assert room["pad"] >= room["need"], room
    assert room["start"] == 1


def test_on_a_phone_the_log_opens_at_its_newest_line_and_the_key_map_closes(phone, server):
    table = create(server, "moonflight", [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}])
    ready(phone, table["seats"][0]["link"], "#phase")
    while phone.evaluate("() => window.moontableTable.frame.logPanel.querySelectorAll('li').length") < 80:
        move_first_option(phone)
        phone.wait_for_timeout(50)
    phone.tap("#open-log")
    scroll = phone.evaluate("() => { const ol = document.querySelector('#panel-log ol'); "
                            "return {top: ol.scrollTop, height: ol.clientHeight, all: ol.scrollHeight}; }")
    assert scroll["all"] > scroll["height"], "the log is longer than its panel"
    assert scroll["top"] + scroll["height"] >= scroll["all"] - 2, f"the newest line is in view: {scroll}"
    phone.tap("#open-log")

    phone.tap("#open-keys")
    assert phone.locator("#keymap").is_visible()
    bar = phone.evaluate("() => { const b = document.querySelector('#open-log').getBoundingClientRect(); "
                         "const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2); "
                         "return hit && hit.id; }")
    assert bar == "open-log", "the key map leaves the bottom bar free"
    box = phone.locator("#keymap-close").bounding_box()
    assert box["height"] >= 40 and box["width"] >= 40, "a close button a finger can hit"
    phone.tap("#keymap-close")
    assert not phone.locator("#keymap").is_visible(), "the key map closes"


def test_the_clock_warns_in_colour_and_sound_and_says_what_the_table_played(browser, hasty_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=hasty_server)
    page = ctx.new_page()
    page.add_init_script("window.heard = []; window.addEventListener('moontable:sound', e => heard.push(e.detail));"
                         "localStorage.setItem('moontable.sound', 'on');")
    try:
        table = create(hasty_server, "courts", [{"kind": "human", "name": "Tester"},
                                                {"kind": "bot", "level": "random"}])
        ready(page, table["seats"][0]["link"], "#candles")
        page.wait_for_selector(".clock.mine.warn", timeout=20_000)
        colour = page.evaluate("() => getComputedStyle(document.querySelector('.clock.mine.warn')).backgroundColor")
        assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), "the clock changes colour"
        page.wait_for_function("() => heard.includes('warn')")
        # ours (on a loaded machine the bot's 2 seconds may run out first: its notice names it, not "you")
        notice = page.wait_for_function("() => { const t = document.querySelector('.toast.timeout'); "
                                        "return t && !t.hidden && t.textContent.startsWith('Your time') "
                                        "&& t.textContent; }", timeout=20_000).json_value()
        assert notice.startswith("Your time ran out: the table made a safe move for you — ") and len(notice) > 60
        page.wait_for_function("() => [...document.querySelectorAll('#panel-log li')]"
                               ".some(li => li.textContent.includes('time ran out for Tester'))")
        page.keyboard.press("m")  # sound off: the colour still warns, the sound does not
        page.evaluate("() => { heard.length = 0; }")
        page.wait_for_function("() => document.querySelectorAll('.clock.mine.warn').length && "
                               "window.moontableTable.decision && window.moontableTable.clocks.length",
                               timeout=20_000)
        page.wait_for_timeout(600)
        assert "warn" not in page.evaluate("() => heard")
    finally:
        ctx.close()


def test_players_words_names_bot_levels_and_the_result(page, server):
    table = create(server, "courts", [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "ismcts"}])
    ready(page, table["seats"][0]["link"], "#candles")
    seats = page.inner_text(".seats")
    assert "Strong bot" in seats and "ismcts" not in seats.lower(), seats
    tip = page.get_attribute('.seat.bot', "data-tip")
    assert "Strong" in tip and "thinks ahead by trying many possible games" in tip and "ISMCTS" not in tip, tip
    # the language hook: a game drawn in two languages gets a switch, and the frame's words follow it
    page.evaluate("() => window.moontableTable.frame.languages(['en', 'pt'])")
    page.select_option("#language", "pt")
    assert page.inner_text("#undo").startswith("Desfazer") and "Registro" in page.inner_text("#panel-log h2")
    page.select_option("#language", "en")
    assert page.inner_text("#undo").startswith("Undo")
    page.goto("/")
    options = page.eval_on_selector_all("#level option", "os => os.map(o => [o.textContent, o.title])")
    assert [o[0] for o in options] == ["Easy", "Good", "Strong"], options
    assert all(o[1] for o in options), "the method in a tooltip"
    page.select_option("#level", "ismcts")
    said = page.inner_text("#level-method")  # what the level is, in players' words: no method's name
    assert said == "Strong: thinks ahead by trying many possible games." and "ISMCTS" not in said, said
    assert "ISMCTS" not in page.get_attribute("#level", "data-tip")
    listed = page.inner_text("ul.tables >> nth=1")
    assert "Courts of Sun and Moon — Tester" in listed and "courts —" not in listed, listed


def test_you_win_or_you_lose_with_the_reason(page, server):
    table = create(server, "courts", [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}])
    page.goto(table["seats"][0]["link"])
    page.click("#ready")
    page.wait_for_selector("#candles")
    while page.evaluate("() => window.moontableTable.status") != "ended":  # the table's safe moves, fast
        page.wait_for_function("() => window.moontableTable.decision || window.moontableTable.status === 'ended'",
                               timeout=30_000)
        if page.evaluate("() => window.moontableTable.status") == "ended":
            break
        prompt = page.inner_text(".prompt")
        assert not ENGINE_WORDS.search(prompt), prompt
        move_first_option(page)
        page.wait_for_timeout(20)
    page.wait_for_selector(".result-card")
    result = page.inner_text(".result-card h2")
    assert re.match(r"(You win|You lose|A draw): \w", result), result
    assert not ENGINE_WORDS.search(result), result


def test_waiting_for_a_friend_invited_countdown_start_now_and_a_name_of_ones_own(browser, server):
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=server)
    friend_ctx = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server, is_mobile=True,
                                     has_touch=True)
    host, friend = host_ctx.new_page(), friend_ctx.new_page()
    try:
        host.goto("/")
        host.fill("#name", "Host")
        host.click("#play-friend")
        link = host.input_value(".friend-link input.copy")
        host.click("#go-seat")
        host.wait_for_selector("#ready")
        assert host.locator('.seat[data-seat="1"] .badge.invited').count() == 1, "the friend's seat: invited"
        host.click("#ready")
        host.wait_for_selector("#fill-countdown")
        assert re.search(r"bots take the empty seats in (9:[0-5]\d|10:00)", host.inner_text("#fill-countdown"))
        assert host.locator("#start-now").is_visible()

        friend.goto(link)
        friend.wait_for_selector("#seat-name")
        assert friend.input_value("#seat-name") == "Friend"
        friend.fill("#seat-name", "Zoë")
        friend.tap("#ready")
        host.wait_for_function("() => document.querySelector('.seats')?.textContent.includes('Zoë')")
        host.wait_for_selector("#candles")  # both ready: the game starts

        # a second table: the host does not wait
        host.goto("/")
        host.click("#play-friend")
        host.click("#go-seat")
        host.click("#ready")
        host.click("#start-now")
        host.wait_for_selector("#candles")
        host.wait_for_selector('.seat[data-seat="1"].bot')
        assert host.locator("#start-now").count() == 0
    finally:
        host_ctx.close()
        friend_ctx.close()


def cut_off(page) -> list[str]:
    """The choices (selects) whose chosen text does not fit inside them."""
    return page.evaluate("""() => [...document.querySelectorAll('select')].filter(s => s.offsetParent).filter(s => {
        const c = document.createElement('canvas').getContext('2d'); const st = getComputedStyle(s);
        c.font = `${st.fontSize} ${st.fontFamily}`;
        const text = s.options[s.selectedIndex] ? s.options[s.selectedIndex].textContent : '';
        return c.measureText(text).width > s.clientWidth - 40; }).map(s => s.id)""")


def test_the_lobby_offers_the_games_there_are_and_fits_a_phone(phone, server):
    phone.goto("/")
    phone.wait_for_selector("#level option", state="attached")
    lead = phone.inner_text(".lead")
    assert "Four" not in lead and "Courts of Sun and Moon" in lead and "Moonflight" in lead, lead
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert cut_off(phone) == []
    phone.select_option("#game", "moonflight")
    assert cut_off(phone) == []
    phone.select_option("#seats", "1")
    assert cut_off(phone) == []
    assert phone.is_disabled("#play-friend")
    look = phone.evaluate("() => { const s = getComputedStyle(document.querySelector('#play-friend')); "
                          "return [s.cursor, s.borderStyle, s.backgroundColor]; }")
    assert look[0] == "not-allowed" and look[1] == "dashed" and look[2] == "rgba(0, 0, 0, 0)", look


def test_a_bot_is_marked_bot_once_in_the_players_words(page, server):
    page.goto("/")
    labels = page.evaluate("""async () => {
        const { seatLabel } = await import('/static/frame/seats.js');
        const seats = [{ seat: 0, name: 'Easy bot', bot: true }, { seat: 1, name: 'Ann', bot: true },
                       { seat: 2, name: 'Bob', bot: false }];
        return [0, 1, 2].map(i => seatLabel(seats, i)); }""")
    assert labels == ["Easy bot", "Ann (bot)", "Bob"], labels


def test_six_seats_fit_a_phone_and_the_language_hook_falls_back_to_english(phone, server):
    phone.goto("/")
    phone.wait_for_selector("#level option", state="attached")
    fits = phone.evaluate("""async () => {
        const { seatList } = await import('/static/frame/seats.js');
        const seats = [0, 1, 2, 3, 4, 5].map(i => ({ seat: i, name: `Player with a long name ${i + 1}`,
          kind: i % 2 ? 'bot' : 'human', bot: !!(i % 2), level: 'ismcts', taken: true, connected: true, ready: true }));
        const box = document.createElement('div'); document.body.append(box);
        box.append(seatList(seats, { status: 'playing', me: 0, levels: {} }));
        const items = [...box.querySelectorAll('.seat')];
        const out = { count: items.length, right: Math.max(...items.map(x => x.getBoundingClientRect().right)),
          width: document.documentElement.scrollWidth, names: items.map(x => x.textContent) };
        box.remove(); return out; }""")
    assert fits["count"] == 6 and fits["right"] <= 390 and fits["width"] <= 390, fits
    assert all(re.search(r"Player with|BOT", n) for n in fits["names"]), fits
    words = phone.evaluate("""async () => {
        const w = await import('/static/frame/words.js');
        w.addTexts('xx', { 'undo.button': 'Ondu' });
        w.setLanguage('xx');
        const out = [w.text('undo.button'), w.text('log.title'), w.text('seat.player', { n: 3 })];
        w.setLanguage('pt');
        out.push(w.text('log.title'), w.text('seat.player', { n: 3 }), w.missing('pt').length);
        w.setLanguage('en');
        return out.concat([w.text('undo.button')]); }""")
    assert words == ["Ondu", "Log", "Player 3", "Registro", "Jogador 3", 0, "Undo"], words


def _hand_and_coins(page) -> dict:
    return page.evaluate("() => { const t = window.moontableTable, p = t.view.players[t.seat];"
                         " return {hand: p.hand.slice().sort(), coins: p.coins, play: p.play.length}; }")


def test_moonflight_a_played_card_is_taken_back_by_the_undo_button(page, browser, server):
    """Item 7 in Moonflight: playing a Money (no draw, nothing shown) can be taken back; the card is in the hand
    again, its coin gone, and the record holds the move no more. Players alternate Acts (MF16) and a move stands
    once another player moves, so the other seat is a friend who waits, not a bot that answers at once."""
    table = create(server, "moonflight", [{"kind": "human", "name": "Tester"}, {"kind": "human", "name": "Friend"}])
    friend_ctx = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=server)
    friend = friend_ctx.new_page()
    page.goto(table["seats"][0]["link"])
    page.click("#ready")
    friend.goto(table["seats"][1]["link"])
    friend.click("#ready")
    page.wait_for_selector("#phase")
    money = """() => { const t = window.moontableTable, d = t.decision;
        return !!d && d.kind === 'act' && !!document.querySelector('.mf-prompt .ask')
          && t.view.players[t.seat].hand.slice(0, 9).includes('money') && d.options.some(o => o[0] === 'play'
          && o[1] === 'money'); }"""
    asked = "() => !!window.moontableTable.decision"
    for _ in range(300):
        page.wait_for_function("() => window.moontableTable.decision || window.moontableTable.view.decisions"
                               ".some(x => x.seat !== window.moontableTable.seat)", timeout=30_000)
        if page.evaluate(money):
            break
        move_first_option(page if page.evaluate(asked) else friend)
        page.wait_for_timeout(100)
    assert page.evaluate(money), "an Act with a Money in the hand"
    before, moves = _hand_and_coins(page), settled_moves(page, server, table)
    key = page.evaluate("() => { const t = window.moontableTable; "
                        "return String(t.view.players[t.seat].hand.indexOf('money') + 1); }")
    page.keyboard.press(key)  # play the Money
    page.wait_for_selector('#undo[aria-disabled="false"]')
    played = _hand_and_coins(page)
    assert played["coins"] == before["coins"] + 1 and played["play"] == before["play"] + 1
    assert record_moves(server, table) == moves + 1
    assert "Money" in page.get_attribute("#undo", "data-tip")
    page.click("#undo")
    page.wait_for_selector('#undo[aria-disabled="true"]')
    assert _hand_and_coins(page) == before, "the Money is back in the hand and its coin gone"
    assert record_moves(server, table) == moves
    assert page.locator(".mf-prompt .ask").is_visible(), "the Act is asked again"
    friend_ctx.close()


@pytest.mark.parametrize("game", ["courts", "moonflight"])
def test_the_key_map_opens_and_closes_by_button_question_mark_and_esc_at_1280x720(page, server, game):
    """Item 12 on the desktop: the key map names the game's keys and the frame's, opens from a button in the
    table's head or by ?, and closes by its close button, ? or Esc, the focus going back where it was; Esc that
    closes it takes back no move."""
    page.set_viewport_size({"width": 1280, "height": 720})
    started = {"courts": ".town.pickable", "moonflight": "#phase"}[game]
    table = create(server, game, [{"kind": "human", "name": "Tester"}, {"kind": "bot", "level": "random"}])
    ready(page, table["seats"][0]["link"], started)
    # our question, no one else's: no new question (which takes the focus to its buttons) comes while we look
    page.wait_for_function("() => { const t = window.moontableTable; return !!t.decision && "
                           "(t.view.decisions || []).every(x => x.seat === t.seat); }", timeout=30_000)
    if game == "courts":  # a set-up placement: a move Esc could take back
        page.click(".town.pickable >> nth=0")
        page.wait_for_selector('#undo[aria-disabled="false"]')
    moves = record_moves(server, table)
    keys = page.locator("#keys")
    assert keys.is_visible() and keys.get_attribute("aria-expanded") == "false"
    keys.click()
    box = page.locator("#keymap")
    assert box.is_visible() and keys.get_attribute("aria-expanded") == "true"
    words = box.inner_text()
    assert ("lift a card" if game == "courts" else "Pass") in words, "the game's keys"
    assert "sound off / on" in words and "take back your last move" in words, "and the frame's"
    assert page.evaluate("() => document.activeElement.id") == "keymap-close", "the dialog takes the focus"
    r = box.bounding_box()
    assert r["y"] >= 0 and r["y"] + r["height"] <= 720 and r["x"] + r["width"] <= 1280, "wholly in the window"
    assert scroll_size(page) == (1280, 720)
    page.keyboard.press("Escape")
    assert not box.is_visible() and keys.get_attribute("aria-expanded") == "false"
    assert page.evaluate("() => document.activeElement.id") == "keys", "the focus goes back to the button"
    page.wait_for_timeout(300)
    assert record_moves(server, table) == moves, "the Esc that closed the key map took back nothing"
    if game == "courts":
        assert page.get_attribute("#undo", "aria-disabled") == "false"
    page.mouse.click(5, 300)  # the focus on nothing in particular
    page.keyboard.press("?")
    assert box.is_visible()
    page.keyboard.press("?")
    assert not box.is_visible()
    keys.click()
    page.click("#keymap-close")
    assert not box.is_visible()


FAIR_TIP = """() => { const f = document.querySelector('#fair');
    if (document.activeElement) document.activeElement.blur();
    f.focus();
    const tip = document.querySelector('#tooltip');
    return { focused: document.activeElement === f, shown: !tip.hidden, tip: tip.textContent,
             label: f.getAttribute('aria-label') }; }"""


def test_the_fingerprint_says_what_it_is_for_in_english_and_portuguese(page, server):
    """Pointed at, held or reached by Tab, the head's fingerprint says in players' words what it is: the secret
    seed's, fixed before the first deal, to be checked against the seed once the game is over."""
    table = create(server, "moons", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"},
                                     {"kind": "bot", "level": "random"}])
    page.set_viewport_size({"width": 1280, "height": 720})
    ready(page, table["seats"][0]["link"], "code.commitment")
    page.mouse.move(12, 12)  # off the table: the tip shown is the focused thing's, not one under the pointer
    got = page.evaluate(FAIR_TIP)
    assert got["focused"] and got["shown"], "Tab reaches the fingerprint and shows what it is"
    assert "SHA-256" not in got["tip"] and "secret seed" in got["tip"] and "game ends" in got["tip"], got["tip"]
    assert "Verify this game" in got["tip"] and got["label"].startswith("Fingerprint. "), got
    page.select_option("#language", "pt")
    page.mouse.move(12, 12)
    got = page.evaluate(FAIR_TIP)
    assert got["shown"] and "semente secreta" in got["tip"] and "Verificar este jogo" in got["tip"], got["tip"]
    assert "SHA-256" not in got["tip"] and got["label"].startswith("Impressão digital. "), got
