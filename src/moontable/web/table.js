// The table frame shared by every game: the connection (versioned, resumable), seats, clocks,
// fairness (fingerprint, client seed, seed at the end), the log, the result, sounds and keys.
// The game's own module draws the board and turns clicks and keys into moves.
import { api, el } from "./api.js";
import { play, soundOn, toggleSound } from "./sound.js";

const GAME_MODULES = {
  courts: () => import("./games/courts.js"),
  moonflight: () => import("./games/moonflight.js"),
};

export async function showTable(app, tableId, token) {
  const t = {
    id: tableId, token, ws: null, v: 0, epoch: null, seat: null, status: "waiting", seats: [], game: null,
    commitment: null, seed: null, view: null, decision: null, clocks: [], result: null, text: null,
    log: [], nextId: 1, board: null, closed: false, skew: 0,
  };
  const header = el("section", { class: "table-head", "aria-label": "table" });
  const boardRoot = el("section", { class: "board-root" });
  const toast = el("div", { class: "toast", role: "alert", hidden: true });
  app.append(header, boardRoot, toast);

  function say(text, kind = "info") {
    toast.textContent = text;
    toast.className = `toast ${kind}`;
    toast.hidden = false;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => { toast.hidden = true; }, 4000);
  }

  t.send = (action) => {
    if (!t.ws || t.ws.readyState !== 1) { say("Not connected: the move was not sent. Reconnecting…", "error"); return; }
    // the version it was chosen at: the server refuses a move made on a position since changed, and answers
    // the same message sent twice (a retry, a second window) once
    t.ws.send(JSON.stringify({ type: "move", action, id: t.nextId++, v: t.v, epoch: t.epoch }));
  };
  t.say = say;
  window.moontableTable = t;  // for the browser tests and the curious: what this page knows, nothing more
  t.now = () => Date.now() / 1000 + t.skew;

  function seatLabel(s) {
    if (s.kind === "open" && !s.taken) return "open seat";
    return s.bot && s.level ? `${s.name} (${s.level})` : s.name;
  }

  function drawHeader() {
    const me = t.seat;
    const seats = t.seats.map((s) => el("li", {
      class: `seat${s.seat === me ? " me" : ""}${s.bot ? " bot" : ""}`, "data-seat": s.seat,
      "data-tip": s.bot ? "A bot plays this seat." : s.connected ? "Connected." : "Not connected right now.",
    }, el("span", { class: "seat-name" }, seatLabel(s)), s.bot ? el("span", { class: "badge" }, "BOT") : null,
      !s.bot && !s.connected && s.taken ? el("span", { class: "badge off" }, "away") : null));
    const fair = t.seed
      ? el("div", { class: "fair" }, "Seed: ", el("code", { class: "seed" }, t.seed), " ",
        el("a", { href: `/verify?table=${t.id}`, id: "verify-link" }, "Verify this game"))
      : t.commitment
        ? el("div", { class: "fair", "data-tip": "SHA-256 of the secret seed. The seed is shown when the game ends, so you can check every shuffle and die." },
          "Fingerprint: ", el("code", { class: "commitment" }, t.commitment))
        : null;
    const ready = t.status === "waiting" && me !== null ? readyBox() : null;
    const role = me === null ? "You are watching." : "";
    header.replaceChildren(...[
      el("ul", { class: "seats", "aria-label": "seats" }, seats),
      el("div", { class: "head-row" }, el("span", { class: "role" }, role), fair,
        el("button", { class: "icon", id: "sound", "aria-pressed": String(soundOn()), "aria-label": "sound (M)",
          onclick: () => { toggleSound(); drawHeader(); } }, soundOn() ? "Sound on" : "Sound off")),
      ready].filter(Boolean));
  }

  function readyBox() {
    const mine = t.seats.find((s) => s.seat === t.seat);
    if (mine && mine.ready) return el("p", { class: "waiting" }, "Waiting for the other seats…");
    const seedInput = el("input", { id: "client-seed", maxlength: "200", placeholder: "optional: your own words",
      "aria-label": "your client seed" });
    return el("div", { class: "ready-box" },
      el("p", {}, "Add your own words to the seed if you like: they are mixed into every shuffle and die."),
      seedInput,
      el("button", { id: "ready", onclick: () => {
        t.ws.send(JSON.stringify({ type: "ready", client_seed: seedInput.value || null, id: t.nextId++ }));
      } }, "Ready"));
  }

  async function ensureBoard() {
    if (t.board || !t.game) return;
    const load = GAME_MODULES[t.game];
    if (!load) { boardRoot.textContent = `This page cannot show ${t.game} yet.`; return; }
    const rules = document.querySelector('nav a[href^="/rules/"]');
    if (rules) rules.setAttribute("href", `/rules/${t.game}`);  // the rules of the game on this table
    const mod = await load();
    t.board = await mod.createBoard(boardRoot, t);
  }

  function redraw() {
    drawHeader();
    if (t.board) t.board.render();
  }

  function onMessage(msg) {
    if (msg.type === "snapshot") t.v = msg.v;  // a new life of the table (a restart) counts again from its own
    else if (msg.v !== undefined && msg.v !== null) t.v = Math.max(t.v, msg.v);
    switch (msg.type) {
      case "snapshot":
        Object.assign(t, { epoch: msg.epoch, seat: msg.seat, status: msg.status, seats: msg.seats, game: msg.game,
          commitment: msg.commitment, view: msg.view, decision: msg.decision, clocks: msg.clocks,
          result: msg.result, text: msg.text, seed: msg.seed });
        if (!msg.resumed) t.log = [];
        break;
      case "update":
        if (msg.view) t.view = msg.view;
        t.decision = msg.decision;
        t.clocks = msg.clocks;
        for (const line of msg.log) t.log.push(line);
        if (msg.auto) t.log.push(`(time ran out: the table played a safe move for seat ${msg.by})`);
        if (msg.events.some((e) => e.type === "upset" || e.type === "persuade")) play("upset");
        else if (msg.events.some((e) => e.type === "points")) play("points");
        else play("move");
        if (msg.decision) play("yours");
        break;
      case "started": t.commitment = msg.commitment; t.status = "playing"; break;
      case "seats": t.seats = msg.seats; break;
      case "ended":
        Object.assign(t, { result: msg.result, text: msg.text, seed: msg.seed, status: "ended", decision: null });
        play("end");
        break;
      case "error":
        say(msg.message, "error");
        play("error");
        if (t.decision) t.decision = { ...t.decision };  // the move was refused: the decision is open again
        break;
      default: break;
    }
    ensureBoard().then(redraw);
  }

  function connect(delay = 500) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${t.id}`);
    t.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: t.token, since: t.epoch ? t.v : null, epoch: t.epoch }));
    ws.onmessage = (e) => onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (t.closed) return;
      if (e.code === 4003) { boardRoot.textContent = "This seat link is not valid for this table."; return; }
      if (e.code === 4004) { boardRoot.textContent = "There is no such table."; return; }
      if (e.code === 4010 && t.status !== "ended") { boardRoot.textContent = e.reason || "The table has closed."; return; }
      if (e.code === 4010 || t.status === "ended") return;
      say("Connection lost: reconnecting…", "error");
      setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
    };
  }

  document.addEventListener("keydown", (e) => {
    if (e.target.matches && e.target.matches("input, textarea, select")) return;
    if (e.key === "m" || e.key === "M") { toggleSound(); drawHeader(); say(soundOn() ? "Sound on" : "Sound off"); e.preventDefault(); return; }
    if (t.board && t.board.onKey(e)) e.preventDefault();
  });
  setInterval(() => { if (t.board) t.board.tick(); }, 250);

  try {
    const info = await api(`/api/tables/${t.id}`);
    t.game = info.game;
    if (info.status === "abandoned") {
      boardRoot.textContent = "No one said ready in time, so this table closed unplayed. Start a new one from the lobby.";
      return;
    }
  } catch (e) { boardRoot.textContent = `There is no such table (${e.message}).`; return; }
  await ensureBoard();
  connect();
}
