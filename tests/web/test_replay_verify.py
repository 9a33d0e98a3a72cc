"""The replay viewer (/replay/<table>), the browser's client seed, and the verify page's own check in the browser
(WebCrypto, web/fairstream.js) against the contract's test vectors, a tampered record, and a stopped server."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx
import pytest

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "data" / "fairstream.json").read_text())


def finished_table(server: str, game: str) -> str:
    """A game two random bots have played to the end: its table id."""
    seats = [{"kind": "bot", "level": "random", "name": "Ann"}, {"kind": "bot", "level": "random", "name": "Bob"}]
    r = httpx.post(f"{server}/api/tables", json={"game": game, "seats": seats})
    r.raise_for_status()
    tid = r.json()["id"]
    deadline = time.monotonic() + 300  # seconds on a quiet machine; minutes when its cores are shared
    while httpx.get(f"{server}/api/tables/{tid}").json()["status"] != "ended":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return tid


def where(page) -> str:
    return page.inner_text("#replay-where")


def at_move(page, n: int) -> None:
    try:
        page.wait_for_function("n => { const r = window.moontableReplay; return !!(r && r.n === n && r.board); }",
                               arg=n)
    except Exception as e:  # say what the page said instead of only that it never got there
        shown = page.evaluate("() => [window.moontableReplay && window.moontableReplay.n,"
                              " document.querySelector('#replay-note')?.textContent]")
        raise AssertionError(f"move {n} not shown: the page is at move {shown[0]}, its note {shown[1]!r}") from e


def verify_with_the_server_off(page, base: str, stop) -> list[str]:
    """Stop the server under a verify page that has loaded its record, check the record again in the browser
    alone, and wait for that new verdict: the requests the page made meanwhile."""
    stop()
    with pytest.raises(httpx.TransportError):
        httpx.get(f"{base}/api/games", timeout=2)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.uncheck("#verify-server")
    page.evaluate("() => document.querySelector('#browser-verdict').className = ''")  # wait for the new one
    page.click("#verify-run")
    page.wait_for_selector("#browser-verdict.pass")
    return asked


# -- the replay viewer --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["courts", "moonflight"])
def test_the_replay_viewer_steps_through_a_finished_game_by_keys_buttons_slider_and_link(page, server, game):
    tid = finished_table(server, game)
    rec = httpx.get(f"{server}/api/tables/{tid}/record").json()
    total = len(rec["moves"])
    page.goto(f"/replay/{tid}")
    at_move(page, 0)
    assert where(page) == f"The set-up (move 0 of {total})"
    assert "Ann" in page.inner_text(".replay-head") and "Bob" in page.inner_text(".replay-head")
    assert page.inner_text("#replay-result").rstrip(".") and "seat 0" not in page.inner_text("#replay-result")
    assert page.locator("#replay-back").get_attribute("aria-disabled") == "true"

    page.keyboard.press("ArrowRight")
    at_move(page, 1)
    first = rec["moves"][0]
    name = rec["seats"][first[0]]["name"]
    said = f"{name} placed sway in " if game == "courts" else f"{name} — "  # Courts says what the move did
    assert where(page).startswith(f"Move 1 of {total}: {said}"), where(page)
    assert page.locator(".badge.you").count() == 0, "the seat the board is seen by is no one's 'you' in a replay"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    at_move(page, 3)
    page.keyboard.press("ArrowLeft")
    at_move(page, 2)
    assert page.url.endswith("#move=2"), "the address links to the move shown"
    # the log beside the board: each move in words, up to the one shown and no further
    log = page.inner_text("#log")
    assert f"{name} placed sway in " in log if game == "courts" else f"{name}: " in log
    assert page.locator("#log li[data-n='3']").count() == 0 and page.locator("#log li.current").count() >= 1

    page.click("#replay-forward")
    at_move(page, 3)
    page.click("#replay-back")
    at_move(page, 2)
    page.keyboard.press("PageDown")
    at_move(page, 12)
    page.keyboard.press("End")
    at_move(page, total)
    assert where(page).startswith(f"Move {total} of {total}: ")
    assert page.locator("#replay-forward").get_attribute("aria-disabled") == "true"
    page.wait_for_selector(".result-card")  # the board's own end of the game, at the last move
    page.keyboard.press("Home")
    at_move(page, 0)
    for _ in range(5):  # pressed faster than the steps arrive: each press still counts
        page.keyboard.press("ArrowRight")
    at_move(page, 5)
    page.fill("#replay-slider", str(total // 2))
    at_move(page, total // 2)
    page.focus("#replay-slider")  # the slider by its own keys: one move each, not two
    page.keyboard.press("ArrowRight")
    at_move(page, total // 2 + 1)
    page.keyboard.press("ArrowLeft")
    at_move(page, total // 2)
    # a line of the log opens its move: the last line before the move shown, in view where the log ends
    earlier = int(page.locator("#log li:not(.current)").last.get_attribute("data-n"))
    assert earlier < total // 2
    # the line itself is clicked: a board still fitting itself after the step may move it under a pointer
    page.locator(f"#log li[data-n='{earlier}']").last.dispatch_event("click")
    at_move(page, earlier)
    page.fill("#replay-slider", str(total // 2))
    at_move(page, total // 2)

    # every hand is shown, each by its player's name, and the board can be seen by either seat
    step = page.evaluate("() => window.moontableReplay.step")
    assert len(step["hands"]) == 2  # a hand may be empty at this move (a Moonflight player who played it all)
    lines = page.locator("#replay-hands li").all_inner_texts()
    assert [x.split(":")[0] for x in lines] == ["Ann", "Bob"]
    for line, cards in zip(lines, step["hands"], strict=True):
        assert (cards[0] in line) if cards else ("no cards" in line), line
    assert page.evaluate("() => window.moontableReplay.view") == step["views"][0]
    page.select_option("#replay-seat", "1")
    page.wait_for_function("() => window.moontableReplay.seat === 1")
    assert page.evaluate("() => window.moontableReplay.view") == step["views"][1]
    # nothing to play in a replay: no question is offered
    assert all(d.get("options") is None for v in step["views"] for d in v.get("decisions", []))

    # a link to a move opens the replay there
    page.goto(f"/replay/{tid}#move=7")
    at_move(page, 7)
    assert where(page).startswith(f"Move 7 of {total}: ")
    # the record to download is the game's record
    link = page.locator("#replay-download")
    assert link.get_attribute("download") == f"moontable-{game}-{tid}.json"
    with page.expect_download() as d:
        link.click()
    assert json.loads(Path(d.value.path()).read_text()) == rec


def test_a_game_in_play_has_no_replay_page(page, server):
    r = httpx.post(f"{server}/api/tables", json={"game": "courts", "seats": [{"kind": "human", "name": "Tester"},
                                                                              {"kind": "bot", "level": "random"}]})
    tid = r.json()["id"]
    page.goto(f"/replay/{tid}")
    page.wait_for_selector(".verdict.fail")
    assert "has not ended" in page.inner_text(".verdict.fail")
    assert page.locator(".board-root").count() == 0


def test_the_replay_viewer_on_a_phone(phone, server):
    tid = finished_table(server, "courts")
    phone.goto(f"/replay/{tid}#move=5")
    at_move(phone, 5)
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling"
    phone.tap("#replay-forward")
    at_move(phone, 6)
    box = phone.locator("#replay-forward").bounding_box()
    assert box and box["height"] >= 32, "the step buttons are big enough to tap"


# -- the client seed ------------------------------------------------------------------------------------------


def test_each_browser_makes_a_random_client_seed_shown_and_editable_before_ready(browser, server):
    r = httpx.post(f"{server}/api/tables", json={"game": "courts", "seats": [{"kind": "human", "name": "Ann"},
                                                                              {"kind": "human", "name": "Bob"}]})
    table = r.json()
    pages = []
    for seat in table["seats"]:
        ctx = browser.new_context(base_url=server)
        pg = ctx.new_page()
        pg.goto(seat["link"])
        pg.wait_for_selector("#client-seed")
        pages.append(pg)
    made = [pg.input_value("#client-seed") for pg in pages]
    assert all(re.fullmatch(r"[0-9a-f]{32}", s) for s in made) and made[0] != made[1], made
    pages[1].fill("#client-seed", "Bob's own words")
    pages[0].click("#ready")
    pages[1].click("#ready")
    pages[0].wait_for_selector("code.commitment")
    # the game's start reaches the page as the database commits it: read the record until it has the seeds
    for _ in range(100):
        rec = httpx.get(f"{server}/api/tables/{table['id']}/record").json()
        if rec["client_seeds"]:
            break
        time.sleep(0.1)
    assert rec["client_seeds"] == [made[0], "Bob's own words"]
    for pg in pages:
        pg.context.close()


# -- the verifier in the browser --------------------------------------------------------------------------------

VECTOR_JS = """async (vectors) => {
  const { FairStream, commitmentOf } = await import("/static/fairstream.js");
  const out = [];
  for (const v of vectors) {
    const s = await FairStream.open(v.seed, v.client_seeds);
    const below = [];
    for (const [n] of v.below) below.push([n, String(await s.below(n))]);
    const dice = [];
    for (let i = 0; i < 10; i++) dice.push(1 + Number(await s.below(6)));
    const xs = Array.from({ length: 20 }, (_, i) => i);
    for (let i = xs.length - 1; i > 0; i--) { const j = Number(await s.below(i + 1)); [xs[i], xs[j]] = [xs[j], xs[i]]; }
    out.push({ commitment: await commitmentOf(v.seed), below, dice, shuffle: xs });
  }
  return out;
}"""


def test_the_browser_computes_the_contracts_test_vectors(page):
    page.goto("/verify")
    # big n and values pass as decimal strings: past 2^53 a JavaScript number is not exact
    vectors = [{**v, "below": [[str(n), str(x)] for n, x in v["below"]]} for v in VECTORS]
    got = page.evaluate(VECTOR_JS, vectors)
    assert len(got) == len(VECTORS) == 4
    for v, g in zip(VECTORS, got, strict=True):
        assert g["commitment"] == v["commitment"]
        assert g["below"] == [[str(n), str(x)] for n, x in v["below"]]
        assert g["dice"] == v["then_dice"]
        assert g["shuffle"] == v["then_shuffle_0_to_19"]


def test_the_browser_reads_a_draw_past_two_to_the_53_exactly(page):
    """A record whose draw is the vector's below(9223372036854775813): parsed exactly and checked in the page."""
    v = VECTORS[0]
    rec = {"format": "moontable-record/1", "game": "courts", "seed": v["seed"], "commitment": v["commitment"],
           "client_seeds": v["client_seeds"], "draws": v["below"]}
    checks = page.goto("/verify") and page.evaluate(
        """async (text) => { const m = await import("/static/fairstream.js");
             return m.checkRecord(m.parseExact(text)); }""", json.dumps(rec))
    assert [c["ok"] for c in checks] == [True, True, True], checks
    rec["draws"][7][1] += 1  # one more than the stream's: a JavaScript number could not tell
    checks = page.evaluate("""async (text) => { const m = await import("/static/fairstream.js");
             return m.checkRecord(m.parseExact(text)); }""", json.dumps(rec))
    assert checks[-1]["name"] == "draws" and not checks[-1]["ok"] and "random number 8 " in checks[-1]["message"]


def test_the_verify_page_checks_a_record_in_the_browser_with_the_server_stopped(browser, own_server):
    base, stop = own_server
    tid = finished_table(base, "courts")
    ctx = browser.new_context(base_url=base)
    page = ctx.new_page()
    page.goto(f"/verify?table={tid}")
    page.wait_for_selector("#browser-verdict.pass")
    page.wait_for_selector("#verdict")
    assert "Verified" in page.inner_text("#verdict") and page.locator(".checks li.pass").count() == 5
    assert "The server was not asked" in page.inner_text("#browser-verdict")
    rec = json.loads(page.input_value("#record-text"))
    assert f"all {len(rec['draws'])} random numbers match the seed" in page.inner_text(".checks-browser")

    asked = verify_with_the_server_off(page, base, stop)  # the server is gone: the page checks on its own
    assert page.locator(".checks-browser li.pass").count() == 3 and asked == [], asked

    # a tampered record: one draw changed, then a seed that is not the committed one
    bad = json.loads(json.dumps(rec))
    bad["draws"][3][1] = (bad["draws"][3][1] + 1) % bad["draws"][3][0]
    page.fill("#record-text", json.dumps(bad))
    page.click("#verify-run")
    page.wait_for_selector("#browser-verdict.fail")
    failed = page.locator(".checks-browser li.fail")
    assert failed.count() == 1 and failed.get_attribute("data-check") == "draws"
    assert "random number 4 (of " in failed.inner_text()
    bad = {**rec, "seed": "0" * 64}
    page.fill("#record-text", json.dumps(bad))
    page.click("#verify-run")
    page.wait_for_selector("#browser-verdict.fail")
    assert page.locator(".checks-browser li.fail[data-check='commitment']").count() == 1

    # with the server asked too, its part says it cannot be reached; the browser's part stands
    page.fill("#record-text", json.dumps(rec))
    page.check("#verify-server")
    page.click("#verify-run")
    page.wait_for_selector("#browser-verdict.pass")
    page.wait_for_selector("#server-error")
    assert asked == [f"{base}/api/verify"]
    ctx.close()


def test_a_spectator_at_a_finished_game_is_offered_replay_and_verify_but_no_rematch(page, server):
    tid = finished_table(server, "courts")
    page.goto(f"/t/{tid}")
    page.wait_for_selector(".ending #replay-game")
    assert page.locator("#replay-game").is_visible() and page.locator(".ending #verify-game").is_visible()
    assert not page.locator("#rematch").is_visible(), "a spectator has no seat to take to a rematch"
    assert page.locator(".badge.you").count() == 0, "a spectator is no seat's 'you'"


def test_the_replay_fits_the_window_at_1280x720_as_the_table_does(page, server):
    tid = finished_table(server, "courts")
    page.set_viewport_size({"width": 1280, "height": 720})
    for n in (5, None):  # mid-game and the end (its result card over the board)
        page.goto(f"/replay/{tid}" + (f"#move={n}" if n is not None else ""))
        at_move(page, 0 if n is None else n)
        if n is None:
            page.keyboard.press("End")
            page.wait_for_selector(".result-card")
        size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert size == [1280, 720], f"the replay page scrolls: {size}"
        assert page.locator(".map-wrap").bounding_box()["height"] >= 200, "the map keeps a readable size"


JARGON = re.compile(r"\b(format|commitment|draws?|SHA-256|HMAC|WebCrypto|JSON|below\(|fair stream)\b|\ba courts\b")


def test_the_verify_page_speaks_players_words_and_names_the_game(page, server):
    """The checks read as what they mean for a player (the record, the fingerprint, every shuffle and die, every
    move, the result) and the game goes by the name players know it by, not the record's own words."""
    tid = finished_table(server, "courts")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"/verify?table={tid}")
    page.wait_for_selector("#browser-verdict.pass")
    page.wait_for_selector("#verdict.pass")
    shown = page.inner_text(".verify").replace(page.input_value("#record-text"), "")
    shown = shown.replace("moontable verify game.json", "")  # the command to type, as it is typed
    assert not JARGON.search(shown), JARGON.search(shown)
    assert "a Courts of Sun and Moon game of " in page.inner_text(".checks li[data-check='format']")
    assert [page.locator(f".checks li.pass[data-check='{c}']").count() for c in
            ("format", "commitment", "draws", "replay", "result")] == [1] * 5, "each check keeps its name for tests"
    assert "The fingerprint" in page.inner_text(".checks-browser li[data-check='commitment']")
