"""Helpers for the board tests of both games: tables against a bot, quick play to a position, and what the page
measures about itself (scrolling, contrast, focus rings, overlaps)."""

from __future__ import annotations

from pathlib import Path

import httpx

JS = Path(__file__).parent / "js"  # what the page measures about itself, in its own language
DESKTOPS = [(1280, 720), (1366, 768), (1920, 1080)]
PHONE = (390, 844)


def new_table(server: str, game: str, bots: int = 1, level: str = "random") -> dict:
    seats = [{"kind": "human", "name": "Tester"}] + [{"kind": "bot", "level": level}] * bots
    r = httpx.post(f"{server}/api/tables", json={"game": game, "seats": seats})
    r.raise_for_status()
    return r.json()


DRAWN = {"courts": "#candles", "moonflight": "#phase"}
ASK = {"courts": ".prompt .ask", "moonflight": ".mf-prompt .ask"}


def open_seat(page, server: str, game: str, bots: int = 1, level: str = "random") -> str:
    """A new table against `bots` bots, our seat ready and its board drawn; returns our seat's link."""
    link = new_table(server, game, bots, level)["seats"][0]["link"]
    page.goto(link)
    page.click("#ready")
    page.wait_for_selector(DRAWN[game])
    return link


# One random move of ours sent straight to the table (no clicks: these tests are about the board, not the path
# to a position). Courts leans to placing (and plays events, Fairs among them, lest it keep
# one), Moonflight to playing and shopping, so games last.
RANDOM_MOVE = {
    "courts": """() => { const t = window.moontableTable, d = t.decision; if (!d) return false;
        const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
        const use = (u) => d.options.filter(o => o[0] === 'play' && o[2] === u);
        const towns = d.options.filter(o => o[0] === 'town');
        const plays = Math.random() < 0.4 && use('event').length ? use('event') : use('place');
        t.send(plays.length ? pick(plays) : towns.length ? pick(towns) : d.options[0]); return true; }""",
    "moonflight": """() => { const t = window.moontableTable, d = t.decision; if (!d) return false;
        const of = (k) => d.options.filter(o => o[0] === k);
        const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
        const choice = of('play').length ? pick(of('play')) : of('shop').length && Math.random() < 0.7
          ? pick(of('shop')) : of('pass')[0] || of('done')[0] || of('rest')[0] || d.options[0];
        t.send(choice); return true; }""",
}


def our_turn(page, game: str) -> bool:
    """Wait until we are asked something (True) or the game is over (False)."""
    page.wait_for_function(f"() => window.moontableTable.view && (window.moontableTable.view.over || "
                           f"(window.moontableTable.decision && document.querySelector('{ASK[game]}')))",
                           timeout=30_000)
    return not page.evaluate("() => window.moontableTable.view.over")


def answer(page, move_js: str) -> None:
    """Make a move of ours and wait until the table has taken it: the decision we answered is gone. (Not just
    a newer version: a bot's move at the same time, a Courts herald, comes first and leaves ours open.)"""
    page.evaluate("() => { window.answered = JSON.stringify(window.moontableTable.decision); }")
    page.evaluate(move_js)
    page.wait_for_function("() => { const t = window.moontableTable; return t.view.over || "
                           "JSON.stringify(t.decision) !== window.answered; }", timeout=30_000)


def play_until(page, game: str, ready_js: str, limit: int = 800) -> bool:
    """Random moves of ours until `ready_js` holds at one of our decisions; False if the game ended first."""
    for _ in range(limit):
        if not our_turn(page, game):
            return False
        if page.evaluate(ready_js):
            return True
        answer(page, RANDOM_MOVE[game])
    raise AssertionError("no such position in a whole game")


MID_GAME = {
    "courts": "() => { const t = window.moontableTable; return t.view.turn >= 2 && t.decision.kind === 'play'; }",
    "moonflight": """() => { const t = window.moontableTable, v = t.view;
        return v.round >= 3 && t.decision.kind === 'act' && v.players[t.seat].play.length >= 1; }""",
}


def to_mid_game(page, server: str, game: str, bots: int = 1) -> str:
    """A table of ours at a mid-game decision (Courts: a move of turn 2 or later; Moonflight: an Act of round 3
    or later with a card in play); returns its link. Plays another game if one ends too soon."""
    for _ in range(6):
        link = open_seat(page, server, game, bots)
        if play_until(page, game, MID_GAME[game]):
            return link
    raise AssertionError("six games ended before a mid-game position")


# -- what the page measures -------------------------------------------------------------------------------

# WCAG contrast of every piece of text on the page against what is painted behind it: ancestors' backgrounds
# (every stop of a gradient, the worst one counts) and their opacity; SVG text against its halo or the shape
# under it. Returns the failures as [text, ratio, colour, backdrop].
CONTRAST_JS = (JS / "contrast.js").read_text()

# Every control one can focus in the board: focused as by the keyboard, is its ring clearly visible — an outline
# of 2 px or more (a town: its ring, 4 px or more) with 3:1 contrast against what is around it, not cut off by a
# scrolling box? Returns the failures as [what, why].
FOCUS_JS = (JS / "focus_rings.js").read_text()


def scroll_size(page) -> tuple[int, int]:
    return tuple(page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"))


def phone_panels_open_and_close(phone, panels: tuple[tuple[str, str], ...]) -> None:
    """Each (name, panel) of a phone's bar: hidden, shown by a tap on its button, hidden again by another."""
    for name, panel in panels:
        assert not phone.locator(panel).is_visible()
        phone.tap(f"#open-{name}")
        assert phone.locator(panel).is_visible()
        phone.tap(f"#open-{name}")
        assert not phone.locator(panel).is_visible()


def hold_finger(phone, selector: str, inset: int) -> None:
    """A finger put down on the first `selector`, `inset` px in from its corner (and held: no touchend)."""
    phone.evaluate("""([selector, inset]) => { const card = document.querySelector(selector);
        const r = card.getBoundingClientRect();
        const touch = new Touch({identifier: 1, target: card, clientX: r.left + inset, clientY: r.top + inset});
        card.dispatchEvent(new TouchEvent('touchstart', {touches: [touch], bubbles: true})); }""", [selector, inset])


def keyboard_mode(page) -> None:
    """Make the page treat focus as the keyboard's (so :focus-visible rings show) without pressing a game key."""
    page.keyboard.press("Shift")


RECORD_VIEWS = """() => { const t = window.moontableTable; window.seenViews = [];
    if (!t.board.recorded) { const draw = t.board.render; t.board.recorded = true;
      t.board.render = () => { if (t.view && t.view !== window.lastSeenView) { window.lastSeenView = t.view;
        window.seenViews.push(JSON.parse(JSON.stringify(t.view))); } draw(); }; } }"""


def move_and_watch(page, game: str, move_js: str | None = None) -> list[dict] | None:
    """Make one move of ours (random unless `move_js`) and return every view the page drew until it asks us
    again, the first one the view just after our move; None once the game is over."""
    page.evaluate(RECORD_VIEWS)
    answer(page, move_js or RANDOM_MOVE[game])
    if not our_turn(page, game):
        return None
    return page.evaluate("() => window.seenViews")


class MidGames:
    """One mid-game table per game for the tests that only look (a reload of our seat finds it as it was); if
    the clock moved it on meanwhile, play on to the next such position."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.links: dict[str, str] = {}  # "game/bots": our seat's link

    def open(self, page, game: str, bots: int = 1) -> str:
        link = self.links.get(f"{game}/{bots}")
        if link is not None:
            page.goto(link)
            page.wait_for_selector(DRAWN[game])
            if play_until(page, game, MID_GAME[game]):
                return link
        link = self.links[f"{game}/{bots}"] = to_mid_game(page, self.server, game, bots)
        return link
