// The table frame shared by every game: the connection (versioned, resumable), seats and names, the
// clocks and their warning, the log, undo, fairness (fingerprint, client seed, seed at the end), the
// key map, sounds and the language. The game's own module only draws its board and turns clicks and
// keys into moves; it reaches the frame through `t.frame` (see frameApi below).
import { api, el } from "./api.js";
import { play, soundOn, toggleSound } from "./sound.js";
import { createClocks } from "./frame/clock.js";
import { createEnding } from "./frame/ending.js";
import { createKeymap } from "./frame/keys.js";
import { createLog } from "./frame/log.js";
import { seatLabel as labelOf, seatList, seatName } from "./frame/seats.js";
import { initialState, track } from "./frame/state.js";
import { tickWaiting, waitingBox } from "./frame/waiting.js";
import { language, onLanguage, setLanguage, text } from "./frame/words.js";

const GAME_MODULES = {
  courts: () => import("./games/courts.js"),
  moonflight: () => import("./games/moonflight.js"),
  moons: () => import("./games/moons.js"),
  bluemoon: () => import("./games/bluemoon.js"),
};
const LANGUAGE_NAMES = { en: "English", pt: "Português" };

export async function showTable(app, tableId, token) {
  const t = {
    ...initialState(), id: tableId, token, ws: null, levels: {}, nextId: 1, board: null, closed: false, skew: 0,
    languages: [],
  };
  const header = el("section", { class: "table-head", "aria-label": "table" });
  const boardRoot = el("section", { class: "board-root" });
  const toast = el("div", { class: "toast", role: "alert", hidden: true });
  const keymap = createKeymap();
  const log = createLog();
  const clocks = createClocks(t, (seat) => seatLabel(seat));
  const ending = createEnding(t);
  const moveListeners = new Set();
  const tellMove = (what) => { for (const fn of moveListeners) { try { fn(what); } catch (e) { console.error(e); } } };
  app.append(header, boardRoot, toast, keymap.box);

  function say(words, kind = "info") {
    if (kind === "warn" && !toast.hidden && toast.classList.contains("timeout")) return;  // the notice stays up
    toast.textContent = words;
    toast.className = `toast ${kind}`;
    toast.hidden = false;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => { toast.hidden = true; }, kind === "timeout" ? 9000 : 4000);
  }

  function sendMsg(msg) {
    if (!t.ws || t.ws.readyState !== 1) { say(text("net.notsent"), "error"); return false; }
    t.ws.send(JSON.stringify({ ...msg, id: t.nextId++ }));
    return true;
  }
  // a move carries the version it was chosen at: the server refuses a move made on a position since changed,
  // and answers the same message sent twice (a retry, a second window) once
  t.send = (action) => sendMsg({ type: "move", action, v: t.v, epoch: t.epoch });
  t.sendReady = (clientSeed, name) => sendMsg({ type: "ready", client_seed: clientSeed, name });
  t.sendStart = () => sendMsg({ type: "start" });
  t.sendUndo = () => {
    if (!t.undo) { say(text("undo.nothing")); return false; }
    return sendMsg({ type: "undo", n: t.undo.n });
  };
  t.say = say;
  t.now = () => Date.now() / 1000 + t.skew;
  window.moontableTable = t;  // for the browser tests and the curious: what this page knows, nothing more

  const isBot = (seat) => { const s = t.seats.find((x) => x.seat === seat); return !!(s && s.bot); };
  function seatLabel(seat) { return labelOf(t.seats, seat); }  // "Ann (bot)", "Easy bot"

  // -- what a game module may ask of the frame -------------------------------------------------------
  t.frame = {
    /** Declare the game's keys for the key map: [[key, what it does], ...]. */
    keys: (entries) => keymap.declare(entries),
    toggleKeys: () => keymap.toggle(),
    /** The log panel, to place in the board's layout; the frame fills it. */
    logPanel: log.panel,
    /** Open (or close) the log panel: on a phone it opens over the table with its newest line in view. */
    showLog: (open) => log.show(open),
    /** Called with each batch of new log lines ([{n, text}]). */
    onLog: (fn) => log.onLines(fn),
    /** The last-move hook: called with {by, n, events, auto} after each move seen live, and with
     *  {by, n, undone: true} when a move is taken back — for a board that marks what the other side did. */
    onMove: (fn) => moveListeners.add(fn),
    /** The clocks of the open decisions, to place in the board's prompt; the frame keeps them running. */
    clocks: () => { clocks.draw(); return clocks.box; },
    /** A seat's player by name; with " (bot)" when a bot plays it. */
    name: (seat) => seatName(t.seats, seat),
    label: seatLabel,
    /** A game's text with each "seat N" written as that player's name. */
    named: (words) => String(words).replace(/\bseat (\d+)\b/g, (all, n) => (t.seats.some((s) => s.seat === Number(n))
      ? seatName(t.seats, Number(n)) : all)),
    isBot,
    isYou: (seat) => !!t.token && seat === t.seat,  // a spectator is no seat's 'you'
    /** "Waiting for Ann, Strong bot (bot)…" (or what a spectator reads) for the open decisions. */
    waiting: (decisions) => {
      const names = [...new Set((decisions || []).map((d) => d.seat))].map(seatLabel).join(", ");
      return t.seat === null ? text("wait.watching", { names: names || text("wait.nobody") })
        : text("wait.table", { names: names || text("wait.nobody") });
    },
    /** The end of the game, for the game's result card: who won and why, the score (Courts: the points over the
     *  turns), the rating changes, and Rematch, Replay, Verify this game (see frame/ending.js). */
    ending: () => { ending.show(); return ending.box; },
    /** The frame's words in the chosen language (English by default); see frame/words.js. */
    text,
    /** The languages a game is drawn in: a switch appears in the table's head when there are two or more. */
    languages: (codes) => { t.languages = codes.slice(); drawHeader(); },
    language,
    setLanguage: (code) => { localStorage.setItem("moontable.lang", code); setLanguage(code); },
  };
  onLanguage(() => { keymap.redraw(); log.redraw(); redraw(); });

  // -- the head of the table: seats, fairness, undo, language, sound ---------------------------------
  function undoButton() {
    if (t.seat === null || t.status !== "playing" || t.gameUndo === false) return null;  // no undo in this game
    const move = t.undo && t.undo.text;
    // aria-disabled, not disabled: a disabled button gets no pointer events, and its tooltip must still say why
    return el("button", { class: "secondary", id: "undo", "aria-disabled": String(!t.undo),
      "data-tip": move ? text("undo.tip", { move }) : text("undo.none.tip"), onclick: () => { if (t.undo) t.sendUndo(); } },
    text("undo.button"), el("span", { class: "key-hint" }, ` (${text("undo.key")})`));
  }

  // the key map from the head of the table (a phone has its own in the board's bottom bar)
  function keysButton() {
    return el("button", { class: "secondary keys-button", id: "keys", "aria-keyshortcuts": "?", "aria-controls": "keymap",
      "aria-expanded": String(keymap.isOpen()), "data-tip": text("keys.button.tip"), onclick: () => keymap.toggle() },
    text("keys.button"), el("span", { class: "key-hint" }, " (?)"));
  }

  function languageSwitch() {
    if (t.languages.length < 2) return null;
    return el("select", { id: "language", "aria-label": text("lang.label"),
      onchange: (e) => t.frame.setLanguage(e.target.value) },
    ...t.languages.map((code) => el("option", { value: code, selected: code === language() }, LANGUAGE_NAMES[code] || code)));
  }

  function drawHeader() {
    const me = t.seat;
    // what the fingerprint (and at the end the seed) is for: a tip to point at, hold or Tab to, and the words a
    // screen reader gives with it
    const fairTip = (key, kind) => ({ class: "fair", id: "fair", tabindex: "0", "data-tip": text(key),
      "aria-label": `${text(kind)}. ${text(key)}` });
    const help = () => el("span", { class: "fair-help", "aria-hidden": "true" }, "?");  // there is a tip to read
    const fair = t.seed
      ? el("div", fairTip("fair.seed.tip", "fair.seed"), el("span", { class: "fair-what" }, text("fair.seed")), help(), ": ",
        el("code", { class: "seed" }, t.seed), " ",
        el("a", { href: `/verify?table=${t.id}`, id: "verify-link" }, text("fair.verify")))
      : t.commitment
        ? el("div", fairTip("fair.fingerprint.tip", "fair.fingerprint"),
          el("span", { class: "fair-what" }, text("fair.fingerprint")), help(), ": ", el("code", { class: "commitment" }, t.commitment))
        : null;
    const waiting = t.status === "waiting" && me !== null ? waitingBox(t) : null;
    // the head is drawn again on every message: what the keyboard was on there keeps the focus (and its tip)
    const focused = header.contains(document.activeElement) ? document.activeElement.id : "";
    header.replaceChildren(...[
      seatList(t.seats, { status: t.status, me, levels: t.levels }),
      el("div", { class: "head-row" }, el("span", { class: "role" }, me === null ? text("role.watching") : ""), fair,
        undoButton(), keysButton(), languageSwitch(),
        el("button", { class: "icon", id: "sound", "aria-pressed": String(soundOn()), "aria-label": text("sound.label"),
          onclick: () => { toggleSound(); drawHeader(); } }, soundOn() ? text("sound.on") : text("sound.off"))),
      waiting].filter(Boolean));
    const again = focused && header.querySelector(`#${CSS.escape(focused)}`);
    if (again && document.activeElement !== again) again.focus({ preventScroll: true });
  }

  let loading = null;
  function ensureBoard() {  // one board, however many messages arrive while its module loads
    if (!t.game) return Promise.resolve();
    if (!loading) loading = (async () => {
      const load = GAME_MODULES[t.game];
      if (!load) { boardRoot.textContent = text("table.cannot", { game: t.gameName || t.game }); return; }
      const rules = document.querySelector('nav a[href^="/rules/"]');
      if (rules) rules.setAttribute("href", `/rules/${t.game}`);  // the rules of the game on this table
      const mod = await load();
      t.board = await mod.createBoard(boardRoot, t);
    })();
    return loading;
  }

  function redraw() {
    drawHeader();
    if (t.board) t.board.render();
  }

  // -- messages ------------------------------------------------------------------------------------------
  function onUpdate(msg, isLive) {
    log.add(msg.n, msg.log || [], msg.log_lang || null);
    if (isLive && msg.auto) {
      if (msg.by === t.seat) say(text("timeout.you", { move: msg.auto_move || "" }), "timeout");
      else say(text("timeout.other", { name: t.frame.name(msg.by) }), "timeout");
    }
    if (msg.events.some((e) => e.type === "upset" || e.type === "persuade")) play("upset");
    else if (msg.events.some((e) => e.type === "points")) play("points");
    else play("move");
    if (isLive && msg.decision) play("yours");
    if (isLive) tellMove({ by: msg.by, n: msg.n, events: msg.events, auto: msg.auto });
  }

  function onUndone(msg, isLive) {
    log.dropAfter(msg.n);
    if (!isLive) return;  // caught up after a reconnect: the snapshot that follows tells the rest
    if (msg.by === t.seat) say(text("undo.done", { move: msg.move || "" }));
    else say(text("undo.other", { name: t.frame.name(msg.by) }));
    play("move");
    tellMove({ by: msg.by, n: msg.n, undone: true });
  }

  function onMessage(msg) {
    // spectators get a moment's messages as one: each in turn, as if it had come alone
    if (msg.type === "batch") { for (const m of msg.messages) onMessage(m); return; }
    const stale = t.stale;
    const isLive = track(t, msg);  // the page's state (frame/state.js); what follows is what it shows and plays
    if (t.stale && !stale) resync();
    switch (msg.type) {
      case "snapshot": log.reset(msg.log || [], msg.log_from || 1, msg.log_lang || null); break;
      case "update": onUpdate(msg, isLive); break;
      case "undone": onUndone(msg, isLive); break;
      case "ended": play("end"); break;
      case "error":
        say(msg.message, "error");
        play("error");
        if (t.decision) t.decision = { ...t.decision };  // the move was refused: the decision is open again
        break;
      default: break;
    }
    ensureBoard().then(redraw);
  }

  // a change came for a view this page does not have (it missed one): a snapshot puts it right
  function resync() {
    if (t.ws && t.ws.readyState === 1) t.ws.send(JSON.stringify({ type: "sync", since: t.v, epoch: t.epoch }));
  }

  function connect(delay = 500) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${t.id}`);
    t.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: t.token, since: t.epoch ? t.v : null, epoch: t.epoch }));
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (t.closed) return;
      if (e.code === 4003) { boardRoot.textContent = text("net.badlink"); return; }
      if (e.code === 4004) { boardRoot.textContent = text("net.notable"); return; }
      // opened in more windows than a seat keeps (the newest win), or too many sockets: no reconnecting loop
      if (e.code === 4011) { boardRoot.textContent = text("net.elsewhere"); return; }
      if (e.code === 4029) { boardRoot.textContent = e.reason || text("net.toomany"); return; }
      if (e.code === 4010 && t.status !== "ended") { boardRoot.textContent = e.reason || text("net.closed"); return; }
      if (e.code === 4010 || t.status === "ended") return;
      say(text("net.lost"), "error");
      setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
    };
  }

  // -- keys: the frame's own (M, ?, and Esc to undo when the board has nothing to put back) --------------
  document.addEventListener("keydown", (e) => {
    if (e.target.matches && e.target.matches("input, textarea, select")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "m" || e.key === "M") { toggleSound(); drawHeader(); say(soundOn() ? text("sound.on") : text("sound.off")); e.preventDefault(); return; }
    if (e.key === "?") { keymap.toggle(); e.preventDefault(); return; }
    if (e.key === "Escape" && keymap.isOpen()) { keymap.close(); e.preventDefault(); return; }
    if (t.board && t.board.onKey(e)) { e.preventDefault(); return; }
    if (e.key === "Escape" && t.undo) { t.sendUndo(); e.preventDefault(); }
  });
  setInterval(() => {
    clocks.tick();
    tickWaiting(header, t);
    if (t.board && t.board.tick) t.board.tick();
  }, 250);

  const saved = localStorage.getItem("moontable.lang");
  if (saved) setLanguage(saved);
  try {
    const [info, games] = await Promise.all([api(`/api/tables/${t.id}`), api("/api/games").catch(() => null)]);
    t.game = info.game;
    if (games) {
      t.levels = games.levels || {};
      const g = games.games.find((x) => x.id === info.game);
      t.gameName = g ? g.name : null;
      t.gameUndo = g ? g.undo : null;
      t.decisionSeconds = games.decision_seconds;
    }
    if (info.status === "abandoned") {
      boardRoot.textContent = text("table.abandoned") + (info.match ? ` ${text("table.abandoned_match")}` : "");
      return;
    }
  } catch (e) { boardRoot.textContent = `${text("net.notable")} (${e.message})`; return; }
  await ensureBoard();
  connect();
}
