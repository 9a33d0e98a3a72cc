"""The game boards of issue 15, for Courts and Moonflight, at 1280×720, 1366×768 and a 390×844 phone: the whole
table in the window, the other side's last move, the phone, a map that reads at a glance, the keyboard, contrast
and focus rings. Each test names its point of the issue."""

from __future__ import annotations

import pytest
from boardkit import (
    CONTRAST_JS,
    DESKTOPS,
    FOCUS_JS,
    MidGames,
    keyboard_mode,
    move_and_watch,
    open_seat,
    our_turn,
    play_until,
    scroll_size,
    to_mid_game,
)

GAMES = ["courts", "moonflight"]


@pytest.fixture(scope="module")
def mid(server) -> MidGames:
    return MidGames(server)

IN_WINDOW = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
    const r = e.getBoundingClientRect(); const clip = e.closest('.hand, .mf-hand .cards');
    const c = clip ? clip.getBoundingClientRect() : { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    return r.left >= Math.max(0, c.left) - 1 && r.top >= -1 && r.right <= Math.min(innerWidth, c.right) + 1
      && r.bottom <= innerHeight + 1; })"""

WHOLE_TABLE = {
    "courts": [".map-wrap", ".hand .card", ".clock.mine", ".prompt .ask"],
    "moonflight": ["#market", ".mf-hand .mfcard", ".clock.mine", ".mf-prompt .ask", ".mf-prompt button", "#mine"],
}


@pytest.mark.parametrize(("game", "bots"), [("courts", 1), ("moonflight", 1), ("moonflight", 3)])
def test_issue15_6_the_whole_table_fits_the_window_at_1280x720_and_up(page, mid, game, bots):
    mid.open(page, game, bots)
    for w, h in DESKTOPS:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(250)  # the map refits to the window
        sw, sh = scroll_size(page)
        assert (sw, sh) == (w, h), f"{game} at {w}x{h}: the page scrolls ({sw}x{sh})"
        if game == "courts":  # lift a card: its uses show above the hand, in the window too
            page.click(".hand .card.playable >> nth=0")
            page.wait_for_selector(".uses button")
            assert scroll_size(page) == (w, h), f"{game} at {w}x{h}: the page scrolls with the uses shown"
            assert all(page.evaluate(IN_WINDOW, ".uses button")), "the uses are in the window"
            page.keyboard.press("Escape")
        for sel in WHOLE_TABLE[game]:
            shown = page.evaluate(IN_WINDOW, sel)
            assert shown and all(shown), f"{game} at {w}x{h}: {sel} is not wholly in the window"
        if game == "moonflight":  # and nothing of your own table is hidden in a scroll
            hidden = page.evaluate("() => { const m = document.querySelector('#mine');"
                                   " return m.scrollHeight - m.clientHeight; }")
            assert hidden <= 1, f"{game} with {bots + 1} players at {w}x{h}: {hidden} px of your table hidden"



MINE_HIDDEN = "() => { const m = document.querySelector('#mine'); return m.scrollHeight - m.clientHeight; }"
CROWD_PLAY = """(n) => { const t = window.moontableTable, v = JSON.parse(JSON.stringify(t.view));
    const me = v.players[t.seat], hand = me.hand.length ? me.hand : [0];
    me.play = Array.from({ length: n },
      (_, i) => ({ uid: 9000 + i, card: hand[i % hand.length], settled_count: i % 3 ? 0 : 1 }));
    t.view = v; t.board.render(); }"""


@pytest.mark.parametrize("in_play", [8, 16, 30])
def test_issue15_6_many_cards_in_play_keep_your_whole_table_in_its_box_with_four_players(page, server, in_play):
    # four players leave your own table the least height; a long round can put many cards in play
    open_seat(page, server, "moonflight", bots=3)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.evaluate(CROWD_PLAY, in_play)
    hidden = page.evaluate(MINE_HIDDEN)
    assert hidden <= 1, f"{in_play} cards in play: {hidden} px of your table hidden"
    assert scroll_size(page) == (1280, 720)
    shown = page.evaluate(IN_WINDOW, "#mine .stacks-row .mfcard")
    assert shown and all(shown), "your Jack, deck and piles stay in sight"

# -- 13: the map reads at a glance --------------------------------------------------------------------------

RECTS = """() => { const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
    return { names: [...document.querySelectorAll('.labels .name')].map((n) => [n.dataset.for, r(n)]),
      towns: [...document.querySelectorAll('.town')].map((g) => [g.dataset.town,
        [...g.querySelectorAll('.body, .sway:not(.none), .steady')].map(r)]) }; }"""


def _cross(a, b, slack=0.5) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def test_issue15_13_no_town_name_is_covered_by_another_town_or_name(page, phone, mid):
    mid.open(page, "courts")
    page.set_viewport_size({"width": 1280, "height": 720})
    phone.goto(page.url)
    phone.wait_for_selector("#candles")
    for pg in (page, phone):
        pg.wait_for_timeout(250)
        got = pg.evaluate(RECTS)
        assert len(got["names"]) == 36
        for town, box in got["names"]:
            for other, parts in got["towns"]:
                if other != town:
                    covered = [p for p in parts if _cross(box, p)]
                    assert not covered, f"{town}'s name and {other} overlap"
            for other, obox in got["names"]:
                assert other == town or not _cross(box, obox), f"the names of {town} and {other} overlap"
        # the names are drawn above every town, so no town can paint over one
        assert pg.evaluate("() => !!document.querySelector('.towns ~ .labels')")


def test_issue15_13_the_two_courts_sway_differ_in_colour_and_shape_not_only_side(page, mid):
    mid.open(page, "courts")
    badges = page.evaluate("""() => [...document.querySelectorAll('.town')].flatMap((g) =>
        ['moon', 'sun'].map((c) => g.querySelector(`.sway.${c}`)).filter((b) => !b.classList.contains('none'))
          .map((b) => { const shape = b.querySelector('circle, rect');
            return { town: g.dataset.town, court: b.classList.contains('moon') ? 'moon' : 'sun', shape: shape.tagName,
              fill: getComputedStyle(shape).fill, n: b.textContent,
              box: shape.getBoundingClientRect().toJSON() }; }))""")
    view = page.evaluate("() => window.moontableTable.view.towns")
    want = {(t["id"], c): str(t[c]) for t in view for c in ("moon", "sun") if t[c]}
    assert {(b["town"], b["court"]): b["n"] for b in badges} == want, "every town shows each court's sway"
    shapes = {b["court"]: {b["shape"]} for b in badges}
    for b in badges:
        shapes[b["court"]].add(b["shape"])
    assert shapes == {"moon": {"circle"}, "sun": {"rect"}}, "the Moon's sway is a disc, the Sun's a square"

    def rgb(css: str) -> tuple[int, ...]:
        return tuple(int(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])

    moon = {rgb(b["fill"]) for b in badges if b["court"] == "moon"}
    sun = {rgb(b["fill"]) for b in badges if b["court"] == "sun"}
    assert len(moon) == len(sun) == 1
    (mr, _, mb), (sr, _, sb) = moon.pop(), sun.pop()
    assert mb > mr and sr > sb + 120, "the Moon's is silver-blue, the Sun's gold"
    both = {b["town"] for b in badges if b["court"] == "moon"} & {b["town"] for b in badges if b["court"] == "sun"}
    for town in both:  # in one town the two never overlap
        m, s = (next(b["box"] for b in badges if b["town"] == town and b["court"] == c) for c in ("moon", "sun"))
        assert m["right"] <= s["left"] + 1, f"{town}: the two courts' sway overlap"


# -- 10: what the other side did ----------------------------------------------------------------------------

def _bot_moved(views: list[dict], seat: int) -> bool:
    return any(d["seat"] != seat for v in views for d in v["decisions"])


def _sway_changed(a: dict, b: dict) -> set[str]:
    return {x["id"] for x, y in zip(a["towns"], b["towns"], strict=True)
            if (x["moon"], x["sun"]) != (y["moon"], y["sun"])}


def _marked_towns(page) -> set[str]:
    return set(page.evaluate("() => [...document.querySelectorAll('.town.last-move')].map((g) => g.dataset.town)"))


PLACE = """() => { const t = window.moontableTable, d = t.decision;
    const o = d.options.find((x) => x[0] === 'play' && x[2] === 'place') || d.options.find((x) => x[0] === 'town')
      || d.options[0]; t.send(o); }"""


def test_issue15_10_courts_marks_the_bots_last_move_until_its_next_one(page, server):
    checked = 0
    for _ in range(4):  # a game against a random bot can end in twenty moves: play another until two were seen
        to_mid_game(page, server, "courts")
        seat = page.evaluate("() => window.moontableTable.seat")
        for _ in range(300):
            views = move_and_watch(page, "courts")
            if views is None:
                break
            if not _bot_moved(views, seat):
                continue
            touched = _sway_changed(views[0], views[-1])
            if not touched:
                continue
            assert _marked_towns(page) == touched, "the towns the bot's move touched glow, and only those"
            name = page.evaluate("() => window.moontableTable.seats.find((s) => s.bot).name")
            assert name in page.inner_text("#last-move"), "the last move says who made it"
            # our own move does not clear it: place sway, and the bot's towns still glow while we pick ours
            if page.evaluate("() => window.moontableTable.decision.options.some((o) => o[2] === 'place')"):
                views = move_and_watch(page, "courts", PLACE)
                if views is not None and not _bot_moved(views, seat):
                    assert _marked_towns(page) == touched, "our own move leaves the bot's last move marked"
                    checked += 1
            if checked >= 2:
                return
    raise AssertionError(f"in four games the bot moved and we placed only {checked} times")


def test_issue15_10_a_focused_towns_ring_is_not_the_last_move_glow(page, server):
    def bots_glow_while_we_pick() -> bool:
        # the bot's last move stays marked through our own moves, so wait for a town pick while it shows
        to_mid_game(page, server, "courts")
        for _ in range(300):
            if move_and_watch(page, "courts", PLACE) is None:
                return False
            if _marked_towns(page) and page.locator(".town.pickable").count():
                return True
        return False

    assert any(bots_glow_while_we_pick() for _ in range(3)), "three games ended before the bot touched a town"
    marked = sorted(_marked_towns(page))[0]
    page.keyboard.press("Tab")  # focus a town we may pick
    focused = page.evaluate("() => document.activeElement.dataset.town")
    look = """(id) => { const g = document.querySelector(`.town[data-town="${id}"]`);
        const mark = getComputedStyle(g.querySelector('.last-mark'));
        const ring = getComputedStyle(g.querySelector('.ring-mark'));
        return { glowFill: mark.fill, glowStroke: mark.stroke, ringStroke: ring.stroke, ringFill: ring.fill,
                 ringWidth: parseFloat(ring.strokeWidth) }; }"""
    glow = page.evaluate(look, marked)
    assert glow["glowFill"].startswith("url(") and glow["glowStroke"] == "none", "the last move is a glow, not a ring"
    ring = page.evaluate(look, focused)
    assert ring["ringFill"] == "none" and ring["ringWidth"] >= 4
    assert ring["ringStroke"] not in ("none", "rgba(0, 0, 0, 0)"), "a focused town has a ring"
    if focused not in _marked_towns(page):
        assert ring["glowFill"] == "none", "focus alone never makes a town glow"
    assert ring["ringStroke"] != glow["glowStroke"]


def _bot_play_and_market(views: list[dict], seat: int) -> tuple[set[int], set[int]]:
    a, b = views[0], views[-1]
    played = {pc["uid"] for i, p in enumerate(b["players"]) if i != seat for pc in p["play"]} - {
        pc["uid"] for i, p in enumerate(a["players"]) if i != seat for pc in p["play"]}
    bought = {m for m, (x, y) in enumerate(zip(a["markets"], b["markets"], strict=True))
              if len(y["cards"]) < len(x["cards"])}
    return played, bought


def test_issue15_10_moonflight_marks_the_card_the_bot_played_and_the_stack_it_bought_from(page, server):
    open_seat(page, server, "moonflight")
    seat = page.evaluate("() => window.moontableTable.seat")
    seen = {"played": 0, "bought": 0}
    for _ in range(400):
        if not our_turn(page, "moonflight"):
            break
        views = move_and_watch(page, "moonflight")
        if views is None:
            break
        if not _bot_moved(views, seat):
            continue
        played, bought = _bot_play_and_market(views, seat)
        # what we bought in our own move does not count: only the stacks emptier since our move
        marked_play = set(page.evaluate("() => [...document.querySelectorAll('#panel-players .mfcard.last-move')]"
                                        ".map((x) => Number(x.dataset.uid))"))
        marked_market = set(page.evaluate("() => [...document.querySelectorAll('#market .stack.last-move')]"
                                          ".map((x) => Number(x.dataset.market))"))
        if played or bought:
            assert marked_play == played, "the cards the bot played glow in its play area"
            assert marked_market == bought, "the Market Stacks it bought from glow"
            seen["played"] += bool(played)
            seen["bought"] += bool(bought)
        if seen["played"] >= 2 and seen["bought"] >= 1:
            break
    assert seen["played"] >= 2 and seen["bought"] >= 1, f"the bot played and bought often enough: {seen}"


# -- 12: the phone --------------------------------------------------------------------------------------------

def test_issue15_12_the_star_road_opens_on_a_phone(phone, server):
    open_seat(phone, server, "courts")
    assert not phone.locator("#panel-road").is_visible()
    phone.tap("#open-road")
    assert phone.locator("#panel-road").is_visible(), "the Road button opens the Star Road"
    assert phone.locator("#panel-road li").count() == 8
    phone.tap("#open-road")
    assert not phone.locator("#panel-road").is_visible()


ON_SCREEN = """() => { const picks = [...document.querySelectorAll('.town.pickable')];
    const names = picks.map((g) => document.querySelector(`.labels .name[data-for="${g.dataset.town}"]`));
    const r = (e) => e.getBoundingClientRect();
    return { zoomed: !!document.querySelector('.map.zoomed'),
      targets: picks.map((g) => [g.dataset.town, r(g).width, r(g).height]),
      names: names.map((n) => parseFloat(getComputedStyle(n).fontSize) * n.getScreenCTM().a),
      sway: [...document.querySelectorAll('.town.pickable .sway:not(.none) text')]
        .map((x) => parseFloat(getComputedStyle(x).fontSize) * x.getScreenCTM().a),
      inView: picks.every((g) => { const b = r(g), m = r(document.querySelector('.map'));
        return b.left >= m.left - 1 && b.right <= m.right + 1 && b.top >= m.top - 1
          && b.bottom <= m.bottom + 1; }) }; }"""


def test_issue15_12_on_a_phone_a_choice_of_towns_opens_its_reach_readable_and_big_enough_to_tap(phone, server):
    open_seat(phone, server, "courts")
    seen = 0
    for _ in range(200):
        if not our_turn(phone, "courts"):
            break
        if phone.locator(".town.pickable").count():
            got = phone.evaluate(ON_SCREEN)
            assert got["zoomed"], "a choice of towns opens the reach up close by itself"
            shown = got["targets"]
            assert shown, "the reach holds towns to pick"
            for town, w, h in shown:
                assert w >= 40 and h >= 40, f"{town} is a {w:.0f}x{h:.0f} px target"
            assert min(got["names"]) >= 11, f"names {min(got['names']):.1f} px"
            assert not got["sway"] or min(got["sway"]) >= 10, f"sway {min(got['sway']):.1f} px"
            picks = phone.evaluate("() => [...document.querySelectorAll('.reach-name .picks')]"
                                   ".map((x) => x.textContent.trim())")
            assert any(picks), "the reach bar says where the towns to pick are"
            seen += 1
            if seen >= 6:
                break
        move_and_watch(phone, "courts")
    assert seen >= 6, "six choices of towns in a game"


TAP_TARGETS = """() => [...document.querySelector('.board-root')
    .querySelectorAll('button, a[href], [role=button], [tabindex="0"], [data-pick]')].filter((e) => {
      const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !e.closest('[hidden]')
        && !e.classList.contains('town') && getComputedStyle(e).visibility !== 'hidden'; })
    .map((e) => { const r = e.getBoundingClientRect();
      return [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30),
        Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < 40 || h < 40)"""


@pytest.mark.parametrize("game", GAMES)
def test_issue15_12_every_tap_target_on_a_phone_is_at_least_40px(phone, mid, game):
    mid.open(phone, game)
    small = phone.evaluate(TAP_TARGETS)
    assert small == [], f"too small to tap: {small}"
    bar = [b for b in phone.evaluate("() => [...document.querySelectorAll('.phone-bar button')].map((b) => b.id)")]
    for name in bar:  # and every panel the phone bar opens
        if name == "open-keys":
            continue
        phone.tap(f"#{name}")
        small = phone.evaluate(TAP_TARGETS)
        assert small == [], f"too small to tap with {name}: {small}"
        phone.tap(f"#{name}")


def test_issue15_12_the_courts_rules_page_does_not_scroll_sideways_on_a_phone(phone):
    for game in ("courts", "moonflight"):
        phone.goto(f"/rules/{game}")
        phone.wait_for_selector("table.cards")
        assert scroll_size(phone)[0] <= 390, f"the {game} rules page scrolls sideways"


# -- 17: contrast and focus rings ---------------------------------------------------------------------------

GREYED = "() => !!document.querySelector('.hand .card:not(.playable), .mf-hand .mfcard.in-hand:not(.playable)')"

@pytest.mark.parametrize("game", GAMES)
def test_issue15_17_text_contrast_is_at_least_4_5_to_1_greyed_cards_included(page, phone, mid, game):
    mid.open(page, game)
    page.set_viewport_size({"width": 1280, "height": 720})
    for greyed in (False, True):  # a move, and a question that greys the hand's cards (they cannot be played now)
        if greyed:  # (a game may end first: then another mid-game)
            for _ in range(4):
                if play_until(page, game, GREYED):
                    break
                mid.open(page, game)
            else:
                raise AssertionError("four games without a question that greys a card in the hand")
        phone.goto(page.url)
        phone.wait_for_selector(".prompt .ask" if game == "courts" else ".mf-prompt .ask")
        for pg in (page, phone):
            fails = pg.evaluate(CONTRAST_JS, 4.5)
            assert fails == [], f"{game}{' (greyed cards)' if greyed else ''}: text below 4.5:1: {fails}"
    for panel in ("#open-courts", "#open-road", "#open-piles", "#open-log") if game == "courts" else (
            "#open-players", "#open-log"):
        phone.tap(panel)
        fails = phone.evaluate(CONTRAST_JS, 4.5)
        assert fails == [], f"{game} {panel}: text below 4.5:1: {fails}"
        phone.tap(panel)


def test_issue15_17_contrast_on_the_rules_pages_and_the_lobby(page):
    for path, ready in (("/rules/courts", "table.cards"), ("/rules/moonflight", "table.mf-cards"), ("/", "#game")):
        page.goto(path)
        page.wait_for_selector(ready)
        fails = page.evaluate(CONTRAST_JS, 4.5)
        assert fails == [], f"{path}: text below 4.5:1: {fails}"


@pytest.mark.parametrize("game", GAMES)
def test_issue15_17_every_focused_control_has_a_clearly_visible_ring(page, phone, mid, game):
    mid.open(page, game)
    for pg in (page, phone):
        if pg is phone:
            phone.goto(page.url)
            phone.wait_for_selector(".prompt .ask" if game == "courts" else ".mf-prompt .ask")
        keyboard_mode(pg)
        fails = pg.evaluate(FOCUS_JS)
        assert fails == [], f"{game}: focus rings not clearly visible: {fails}"
    if game == "courts":  # the towns one may pick, and the uses of a lifted card
        page.keyboard.press("1")
        assert page.evaluate(FOCUS_JS) == []


# -- 14: the keyboard ---------------------------------------------------------------------------------------

KEYLESS = """() => [...document.querySelector('.board-root').querySelectorAll('button')].filter((b) => {
    const r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !b.closest('[hidden]')
      && !b.hasAttribute('aria-keyshortcuts'); }).map((b) => b.textContent.trim().slice(0, 40))"""
KEYED = """() => [...document.querySelectorAll('.board-root [aria-keyshortcuts]')]
    .filter((b) => b.getClientRects().length).map((b) => b.getAttribute('aria-keyshortcuts'))"""
ON_KEYLESS = """() => { const a = document.activeElement;
    return !!a && a.tagName === 'BUTTON' && !a.hasAttribute('aria-keyshortcuts') && !!a.closest('.board-root'); }"""
COURTS_STATE = """() => window.moontableTable.decision && ({ confirm: !!document.querySelector('#confirm-yes'),
    rings: document.querySelectorAll('.town.pickable').length, order: !!document.querySelector('button.order'),
    choices: document.querySelectorAll('.prompt button.choice').length, done: !!document.querySelector('button.done'),
    kind: window.moontableTable.decision.kind,
    cards: [...document.querySelectorAll('.hand .card')].map((c) => [c.dataset.card, c.classList.contains('playable'),
      c.getAttribute('aria-keyshortcuts')]) })"""


def _keys_of_keymap(page) -> set[str]:
    """Every key the key map names, as aria-keyshortcuts spells them."""
    page.keyboard.press("?")
    text = page.evaluate("() => [...document.querySelectorAll('.keymap dt')].map((d) => d.textContent)")
    page.keyboard.press("?")
    keys: set[str] = set()
    for dt in text:
        for part in dt.replace(",", " ").split():
            if "–" in part:
                a, b = part.split("–")
                keys |= {str(n) for n in range(int(a), int(b) + 1)}
            keys.add({"Esc": "Escape"}.get(part, part))
    return keys


def _courts_by_key(page) -> bool:
    """One decision by keys only; True if its question had buttons without a key of their own."""
    s = page.evaluate(COURTS_STATE)
    if s is None:
        return False  # the question went away meanwhile
    keyless = bool(page.evaluate(KEYLESS))
    if keyless:
        if not page.evaluate(ON_KEYLESS):
            page.keyboard.press("Tab")
        assert page.evaluate(ON_KEYLESS), f"the buttons of '{s['kind']}' are not one Tab away: {page.evaluate(KEYLESS)}"
        page.keyboard.press("Enter")
    elif s["confirm"]:
        page.keyboard.press("Enter")
    elif s["rings"]:
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        if page.locator("#confirm-yes").count():
            page.keyboard.press("Enter")
    elif s["order"]:
        page.keyboard.press("Enter")
    elif any(p for _, p, _ in s["cards"]) and s["kind"] in ("play", "herald"):
        key = next(k for _, p, k in s["cards"] if p and k)
        page.keyboard.press(key.lower())
        page.keyboard.press(page.get_attribute(".uses button >> nth=0", "aria-keyshortcuts").lower())
    elif s["done"]:
        page.keyboard.press("d")
    else:
        key = next(k for _, p, k in s["cards"] if p and k)
        page.keyboard.press(key.lower())
        page.keyboard.press("e")
    return keyless


def _mf_by_key(page) -> bool:
    d = page.evaluate("() => { const t = window.moontableTable; return t.decision && { kind: t.decision.kind,"
                      " options: t.decision.options, hand: t.view.players[t.seat].hand }; }")
    if d is None:  # the question went away meanwhile (the table answered another seat first)
        return False
    keyless = bool(page.evaluate(KEYLESS))
    if d["kind"] == "act":
        assert not keyless, f"an Act's buttons all have keys: {page.evaluate(KEYLESS)}"
        playable = [i for i, c in enumerate(d["hand"][:9]) if ["play", c] in d["options"]]
        page.keyboard.press(str(playable[0] + 1) if playable else "p")
        if page.evaluate(ON_KEYLESS):  # a card with several ways to play: which one, as buttons
            page.keyboard.press("Enter")
        return keyless
    if keyless:
        if not page.evaluate(ON_KEYLESS):
            page.keyboard.press("Tab")
        assert page.evaluate(ON_KEYLESS), f"the buttons of '{d['kind']}' are not one Tab away: {page.evaluate(KEYLESS)}"
    elif not page.evaluate("() => !!document.activeElement.closest('[data-pick]')"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    return keyless


@pytest.mark.parametrize("game", GAMES)
def test_issue15_14_every_button_has_a_key_or_is_one_tab_away_from_the_last_choice(page, server, game):
    open_seat(page, server, game)
    documented = _keys_of_keymap(page)
    declared: set[str] = set()
    asked = 0
    for _ in range(160):
        if not our_turn(page, game):
            break
        declared |= set(page.evaluate(KEYED))
        # taken when the decision we answered is gone (a bot's herald at the same time comes first: boardkit.answer)
        page.evaluate("() => { window.answered = JSON.stringify(window.moontableTable.decision); }")
        asked += (_courts_by_key if game == "courts" else _mf_by_key)(page)
        page.wait_for_function("() => { const t = window.moontableTable; return t.view.over || "
                               "JSON.stringify(t.decision) !== window.answered; }", timeout=30_000)
    assert declared, "the buttons say their keys"
    undocumented = {k for k in declared if k.split()[0].replace("Shift+", "") not in documented}
    assert not undocumented, f"keys the key map does not name: {undocumented}"
    print(f"{game}: {asked} questions with buttons of their own, keys {sorted(declared)}")
    if game == "moonflight":
        assert asked, "a question with buttons of its own came up"


def _toward(towns: dict, frm: str, key: str, ids: list[str]) -> str | None:
    ux, uy = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
    a = towns[frm]
    best = None
    for i in ids:
        if i == frm:
            continue
        dx, dy = towns[i]["x"] - a["x"], towns[i]["y"] - a["y"]
        along, aside = dx * ux + dy * uy, abs(dx * uy - dy * ux)
        if along <= 0:
            continue
        s = (dx * dx + dy * dy) ** 0.5 if aside <= along * 3 ** 0.5 else 1e6 + along + 2 * aside
        if best is None or s < best[0]:
            best = (s, i)
    return best and best[1]


def test_issue15_14_the_arrow_keys_move_between_towns_by_direction_on_the_map(page, server):
    content = page.request.get(f"{server}/api/games/courts/content").json()
    towns = {t["id"]: t for t in content["towns"]}
    open_seat(page, server, "courts")
    moved = 0
    for _ in range(200):
        if not our_turn(page, "courts"):
            break
        picks = page.evaluate("() => [...document.querySelectorAll('.town.pickable')].map((g) => g.dataset.town)")
        if len(picks) >= 4:
            page.keyboard.press("Tab")
            for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowUp", "ArrowRight"):
                frm = page.evaluate("() => document.activeElement.dataset.town")
                want = _toward(towns, frm, key, picks) or frm
                page.keyboard.press(key)
                got = page.evaluate("() => document.activeElement.dataset.town")
                assert got == want, f"{key} from {frm}: {got}, not {want}"
                moved += got != frm
            if moved >= 8:
                break
        move_and_watch(page, "courts")
    assert moved >= 8, "the arrows moved the focus from town to town"
