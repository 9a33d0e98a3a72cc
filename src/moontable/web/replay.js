// The replay viewer, for every game: a finished game move by move (buttons, the arrow keys, a slider, a link to
// any move as #move=N), every hand shown now that the game is over, the log beside the board, the record to
// download. The game's own module draws the board from the view of the seat it is seen by; this frame feeds it
// one move's views at a time from the server's replay (server/replay.py), and offers nothing to play.
import { api, el } from "./api.js";
import { createClocks } from "./frame/clock.js";
import { createKeymap } from "./frame/keys.js";
import { createLog } from "./frame/log.js";
import { seatLabel, seatList, seatName } from "./frame/seats.js";
import { language, setLanguage, text } from "./frame/words.js";

const GAME_MODULES = {
  courts: () => import("./games/courts.js"),
  moonflight: () => import("./games/moonflight.js"),
  moons: () => import("./games/moons.js"),
  bluemoon: () => import("./games/bluemoon.js"),
};
const REPLAY_KEYS = [["← →", "one move back, one on"], ["Home End", "the start, the end"],
  ["PgUp PgDn", "ten moves back, ten on"]];

function moveFromHash() {
  const m = location.hash.match(/move=(\d+)/);
  return m ? Number(m[1]) : null;
}

export async function showReplay(app, tableId) {
  const status = el("p", { class: "spinner", role: "status" }, "Loading the replay…");
  app.append(status);
  let index;
  let record;
  try {
    [index, record] = await Promise.all([api(`/api/tables/${encodeURIComponent(tableId)}/replay`),
      api(`/api/tables/${encodeURIComponent(tableId)}/record`)]);
  } catch (e) {
    status.className = "verdict fail";
    status.textContent = `This game has no replay: ${e.message}`;
    return;
  }
  status.remove();
  const saved = localStorage.getItem("moontable.lang");
  if (saved) setLanguage(saved);

  const seats = index.seats.map((s, i) => ({ seat: i, name: s.name, bot: s.bot, level: s.level,
    kind: s.bot ? "bot" : "human", ready: true, taken: true }));
  const steps = new Map();  // n -> {views, hands}, as fetched
  const t = {
    id: tableId, token: null, seat: 0, status: "playing", seats, game: index.game, commitment: record.commitment,
    seed: null, view: null, decision: null, clocks: [], result: null, text: null, undo: null, levels: {},
    board: null, replay: true, n: 0, languages: [], moves: [], moveSeq: 0,
  };
  window.moontableReplay = t;  // for the browser tests: what this page shows
  const keymap = createKeymap();
  const log = createLog();
  const clocks = createClocks(t, (seat) => seatName(seats, seat));
  t.send = () => { t.say("This is a replay: nothing here is played."); return false; };
  t.sendUndo = () => false;
  t.say = (words) => { note.textContent = words; };
  t.now = () => Date.now() / 1000;
  t.frame = {
    keys: (entries) => keymap.declare([...REPLAY_KEYS, ...entries]),
    toggleKeys: () => keymap.toggle(),
    logPanel: log.panel,
    showLog: (open) => log.show(open),
    onLog: (fn) => log.onLines(fn),
    onMove: () => {},  // a replay has no live moves: each step is drawn whole
    ending: () => null,  // the replay's own head carries the record and Verify; no rematch from a replay
    clocks: () => { clocks.draw(); return clocks.box; },
    name: (seat) => seatName(seats, seat),
    label: (seat) => seatLabel(seats, seat),
    named: (words) => String(words).replace(/\bseat (\d+)\b/g, (all, n) => (seats[Number(n)] ? seatName(seats, Number(n)) : all)),
    isBot: (seat) => !!(seats[seat] && seats[seat].bot),
    isYou: () => false,  // the board is seen by a seat of the reader's choosing, who is no one's 'you'
    waiting: (decisions) => {
      const names = [...new Set((decisions || []).map((d) => d.seat))].map((s) => seatName(seats, s)).join(", ");
      return names ? `${names} to decide.` : "";
    },
    text,
    languages: (codes) => { t.languages = codes.slice(); },
    language,
    setLanguage: (code) => { localStorage.setItem("moontable.lang", code); setLanguage(code); render(); },
  };

  // -- the controls ----------------------------------------------------------------------------------
  const last = index.n;
  let wanted = 0;  // the move last asked for: a key pressed again before its step arrives counts from it
  const button = (id, label, words, key, go) => el("button", { class: "secondary", id, "aria-label": words,
    "data-tip": `${words} (${key})`, "aria-keyshortcuts": key, onclick: go }, label);
  const first = button("replay-first", "« Start", "the start", "Home", () => goTo(0));
  const back = button("replay-back", "◀ Back", "one move back", "ArrowLeft", () => goTo(wanted - 1));
  const forward = button("replay-forward", "Next ▶", "the next move", "ArrowRight", () => goTo(wanted + 1));
  const end = button("replay-last", "End »", "the end", "End", () => goTo(last));
  const slider = el("input", { type: "range", id: "replay-slider", min: "0", max: String(last), value: "0", step: "1",
    "aria-label": "move", oninput: (e) => goTo(Number(e.target.value)) });
  const where = el("p", { class: "replay-where", id: "replay-where", "aria-live": "polite" });
  const seenBy = el("select", { id: "replay-seat", "aria-label": "the board as seen by",
    onchange: (e) => { t.seat = Number(e.target.value); render(); } },
  ...seats.map((s) => el("option", { value: String(s.seat) }, s.name)));
  const note = el("p", { class: "replay-note", role: "status" });
  const handsList = el("ul", { class: "hands-list" });
  const hands = el("details", { class: "replay-hands", id: "replay-hands", open: matchMedia("(min-width: 700px)").matches },
    el("summary", {}, "Every hand (the game is over: nothing is hidden)"), handsList);
  const boardRoot = el("section", { class: "board-root" });
  const fileName = `moontable-${index.game}-${tableId}.json`;
  app.append(el("section", { class: "replay", "aria-label": "replay" },
    el("div", { class: "replay-head" },
      el("h1", {}, `Replay: ${index.name}`),
      seatList(seats, { status: "ended", me: null, levels: {} }),
      el("p", { class: "replay-result", id: "replay-result" }, index.result_text),
      el("div", { class: "replay-links" },
        el("a", { class: "button secondary", id: "replay-download", href: `/api/tables/${encodeURIComponent(tableId)}/record`,
          download: fileName }, "Download the record"), " ",
        el("a", { class: "button secondary", id: "replay-verify", href: `/verify?table=${encodeURIComponent(tableId)}` },
          "Verify this game"), " ",
        el("span", { class: "rules-version", "data-tip": "The rules version this game was played and is replayed under." },
          `rules version ${index.rules.split("/").pop()}`))),
    el("div", { class: "replay-controls", role: "toolbar", "aria-label": "step through the game" },
      first, back, slider, forward, end,
      el("span", { class: "seen-by" }, el("label", { for: "replay-seat" }, "Seen by"), seenBy)),
    where, note, hands, boardRoot, keymap.box));

  // the log: every move so far in words, then what it made; a line opens its move
  log.panel.addEventListener("click", (e) => {
    const li = e.target.closest("li[data-n]");
    if (li) goTo(Number(li.dataset.n));
  });
  function logUpTo(n) {
    const lines = [];
    for (const m of index.moves.slice(0, n)) {
      lines.push([m.n, `${m.line || `${m.by}: ${m.text}`}${m.auto ? " (the table, on a timeout)" : ""}`]);
      for (const line of m.log) lines.push([m.n, line]);
    }
    log.reset(lines);
    const current = log.panel.querySelectorAll(`li[data-n="${n}"]`);
    for (const li of current) li.classList.add("current");
  }

  function drawHands(step) {
    hands.hidden = !step.hands;
    handsList.replaceChildren(...(step.hands || []).map((cards, seat) => el("li", { "data-seat": String(seat) },
      el("strong", {}, `${seatName(seats, seat)}: `), cards.length ? cards.join(", ") : "no cards")));
  }

  // -- stepping --------------------------------------------------------------------------------------
  async function fetchStep(n) {
    if (!steps.has(n)) steps.set(n, api(`/api/tables/${encodeURIComponent(tableId)}/replay/${n}`));
    try { return await steps.get(n); } catch (e) { steps.delete(n); throw e; }
  }

  async function goTo(n) {
    n = Math.max(0, Math.min(last, n));
    wanted = n;
    let step;
    try { step = await fetchStep(n); } catch (e) { note.textContent = `Could not load move ${n}: ${e.message}`; return; }
    if (wanted !== n) return;  // a later step was asked for meanwhile (a slider dragged)
    // the move that led here, for the board's last-move mark: one step on is that move; any other step, none
    if (n === t.n + 1) t.moves = [{ seq: ++t.moveSeq, by: index.moves[n - 1].seat, n, events: [] }];
    else if (n !== t.n) t.moves = [{ seq: ++t.moveSeq, reset: true }];
    t.n = n;
    t.step = step;
    const over = n === last;
    Object.assign(t, { status: over ? "ended" : "playing", result: over ? index.result : null,
      text: over ? index.result_text : null, seed: over ? record.seed : null });
    if (location.hash !== `#move=${n}`) history.replaceState(null, "", `#move=${n}`);
    render();
    for (const k of [n + 1, n - 1]) if (k >= 0 && k <= last) fetchStep(k).catch(() => {});  // ready for the next step
  }

  function render() {
    const n = t.n;
    const step = t.step;
    if (!step) return;
    t.view = step.views[t.seat];
    const m = n > 0 ? index.moves[n - 1] : null;
    where.textContent = m ? `Move ${n} of ${last}: ${m.line || `${m.by} — ${m.text}`}` : `The set-up (move 0 of ${last})`;
    slider.value = String(n);
    slider.setAttribute("aria-valuetext", `move ${n} of ${last}`);
    first.setAttribute("aria-disabled", String(n === 0));
    back.setAttribute("aria-disabled", String(n === 0));
    forward.setAttribute("aria-disabled", String(n === last));
    end.setAttribute("aria-disabled", String(n === last));
    seenBy.value = String(t.seat);
    drawHands(step);
    logUpTo(n);
    if (t.board) t.board.render();
  }

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const typing = e.target.matches && e.target.matches("input:not([type=range]), textarea, select");
    if (typing) return;
    const onSlider = e.target === slider;  // the slider moves itself by its keys
    const by = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 }[e.key];
    if (!onSlider && by !== undefined) { goTo(wanted + by); e.preventDefault(); return; }
    if (!onSlider && e.key === "Home") { goTo(0); e.preventDefault(); return; }
    if (!onSlider && e.key === "End") { goTo(last); e.preventDefault(); return; }
    if (e.key === "?") { keymap.toggle(); e.preventDefault(); return; }
    if (e.key === "Escape" && keymap.isOpen()) { keymap.close(); e.preventDefault(); return; }
    if (t.board && t.board.onKey(e)) e.preventDefault();
  });
  window.addEventListener("hashchange", () => { const n = moveFromHash(); if (n !== null && n !== t.n) goTo(n); });

  const load = GAME_MODULES[index.game];
  if (!load) { boardRoot.textContent = `This page cannot draw ${index.name} yet.`; return; }
  const rules = document.querySelector('nav a[href^="/rules/"]');
  if (rules) rules.setAttribute("href", `/rules/${index.game}`);
  const start = moveFromHash();
  await goTo(start === null ? 0 : start);
  t.board = await (await load()).createBoard(boardRoot, t);
  render();
}
