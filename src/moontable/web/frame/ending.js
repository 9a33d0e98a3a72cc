// The end of a game, for every game: who won and why, the score (for Courts the points bead over the turns as
// a small chart), each player's rating change at a rated table, and Rematch, Replay and Verify this game.
// A game's result card places `ending.box` (from t.frame.ending()); the frame fills it from
// /api/tables/{id}/ending, and asks again while the ratings are being worked out and until a rematch is set.
import { api, el, svg } from "../api.js";
import { text } from "./words.js";

const SCORE_KEYS = [["points", "end.points"], ["scores", "end.points"], ["crystals", "end.crystals"]];

function scoreLine(end) {
  const score = (end.result && end.result.score) || {};
  const found = SCORE_KEYS.find(([k]) => Array.isArray(score[k]) && score[k].length === end.seats.length);
  if (!found) return null;
  const [key, unit] = found;
  return el("p", { class: "end-score" }, `${text(unit)}: `,
    end.seats.map((s) => `${s.name} ${score[key][s.seat]}`).join(" · "));
}

/** The Courts points bead after each turn: above the line the Sun is ahead, below it the Moon. */
function beadChart(end) {
  const c = end.chart;
  if (!c || c.kind !== "bead" || c.points.length < 2) return null;
  const name = (seat) => (end.seats.find((s) => s.seat === seat) || {}).name || "";
  const W = 320, H = 120, padL = 8, padR = 8, padT = 16, padB = 18;
  const turns = c.points[c.points.length - 1][0] || 1;
  const top = Math.max(3, ...c.points.map(([, b]) => Math.abs(b)));
  const x = (turn) => padL + (W - padL - padR) * (turn / turns);
  const y = (bead) => padT + (H - padT - padB) * (0.5 - bead / (2 * top));
  const path = c.points.map(([turn, bead], i) => `${i ? "L" : "M"}${x(turn).toFixed(1)},${y(bead).toFixed(1)}`).join(" ");
  const last = c.points[c.points.length - 1];
  const words = `${text("end.chart.label", { turns })}: ` +
    c.points.map(([turn, bead]) => `${turn}: ${bead > 0 ? `☀ +${bead}` : bead < 0 ? `☾ +${-bead}` : "0"}`).join(", ");
  return el("figure", { class: "bead-chart" },
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": words },
      svg("rect", { x: 0, y: 0, width: W, height: H / 2, class: "sun-half" }),
      svg("rect", { x: 0, y: H / 2, width: W, height: H / 2, class: "moon-half" }),
      svg("line", { x1: padL, x2: W - padR, y1: y(0), y2: y(0), class: "level" }),
      svg("text", { x: padL + 2, y: 12, class: "sun-word" }, `☀ ${text("end.chart.ahead", { name: name(c.sun) })}`),
      svg("text", { x: padL + 2, y: H - 5, class: "moon-word" }, `☾ ${text("end.chart.ahead", { name: name(c.moon) })}`),
      svg("path", { d: path, class: "bead-line" }),
      svg("circle", { cx: x(last[0]), cy: y(last[1]), r: 4, class: "bead-dot" })),
    el("figcaption", {}, text("end.chart.caption", { turns })));
}

/** The players in their places, first first, each with their rating change at a rated table. */
function standings(end) {
  const rows = [...end.seats].sort((a, b) => a.place - b.place || a.seat - b.seat).map((s) => {
    const r = s.rating;
    const who = s.page ? el("a", { href: s.page }, s.name) : s.name;
    const sign = r && (r.change > 0 ? "+" : r.change < 0 ? "−" : "±");
    return el("li", { class: `${s.place === 0 ? "first " : ""}${r && r.change > 0 ? "up" : r && r.change < 0 ? "down" : ""}`,
      "data-seat": String(s.seat) },
    el("span", { class: "place" }, `${s.place + 1}.`), " ", who,
    r ? el("span", { class: "rating" }, ` ${r.before} → ${r.after} `,
      el("strong", { class: "rating-change" }, `(${sign}${Math.abs(r.change)})`)) : null);
  });
  const note = end.rating === "casual" ? text("end.casual") : end.rating === "pending" ? text("end.pending") : null;
  return [el("ol", { class: "end-rating", "aria-label": text("end.ratings") }, ...rows),
    note ? el("p", { class: "hint" }, note) : null];
}

export function createEnding(t) {
  const box = el("div", { class: "ending", "aria-live": "polite" });
  const details = el("div", { class: "end-details" });
  const rematchNote = el("p", { class: "rematch-note", hidden: true });
  // hidden until the page knows it has a seat: a spectator never sees it, not even before the summary arrives
  const rematch = el("button", { id: "rematch", hidden: true, onclick: askRematch, "data-tip": text("end.rematch.tip") }, text("end.rematch"));
  const replay = el("a", { class: "button secondary", id: "replay-game", href: `/replay/${t.id}` }, text("end.replay"));
  const verify = el("a", { class: "button secondary", id: "verify-game", href: `/verify?table=${t.id}` }, text("fair.verify"));
  const buttons = el("p", { class: "end-buttons" }, rematch, " ", replay, " ", verify);
  box.append(details, rematchNote, buttons);
  let end = null, asking = 0, timer = null, going = null, stayed = false;
  let fresh = null;  // whether this page saw the game's end before its rematch was set (then it sends you there)

  function seatLink(tableId) { return `/t/${tableId}${t.token ? `#${t.token}` : ""}`; }

  function go(tableId) {
    location.href = seatLink(tableId);
  }

  async function askRematch() {
    if (t.seat === null || !t.token) return;
    rematch.setAttribute("aria-disabled", "true");
    rematchNote.hidden = false;
    rematchNote.textContent = text("end.rematch.setting");
    try {
      const r = await api(`/api/tables/${t.id}/rematch`, { token: t.token });
      stayed = true;  // no countdown for the one who asked: straight there
      location.href = r.link;
    } catch (e) {
      rematchNote.textContent = `${text("end.rematch.failed")}: ${e.message}`;
      rematch.setAttribute("aria-disabled", "false");
    }
  }

  function draw() {
    rematch.hidden = t.seat === null;
    if (!end) return;
    // who won and why is the card's heading (the table's words for this seat): here, the places and the score
    details.replaceChildren(...[scoreLine(end), beadChart(end), ...standings(end)].filter(Boolean));
    if (fresh === null) fresh = !end.rematch;
    if (end.rematch && !stayed && fresh) {
      if (going === null) going = Date.now() + 5000;
      const left = Math.max(0, Math.ceil((going - Date.now()) / 1000));
      rematchNote.hidden = false;
      rematchNote.replaceChildren(t.seat === null
        ? el("a", { href: `/t/${end.rematch}`, id: "rematch-go" }, text("end.rematch.watch"))
        : el("span", {}, `${text("end.rematch.set")} `,
          el("a", { href: seatLink(end.rematch), id: "rematch-go" }, text("end.rematch.go")), ` (${left} s) `,
          el("button", { class: "secondary", id: "rematch-stay", onclick: () => { stayed = true; draw(); } }, text("end.rematch.stay"))));
      if (left <= 0 && t.seat !== null) { stayed = true; go(end.rematch); }
    } else if (end.rematch && t.seat !== null) {
      rematchNote.hidden = false;
      rematchNote.replaceChildren(`${text("end.rematch.set")} `,
        el("a", { href: seatLink(end.rematch), id: end.rematch ? "rematch-go" : null }, text("end.rematch.go")));
    }
  }

  async function load() {
    clearTimeout(timer);
    try {
      end = await api(`/api/tables/${t.id}/ending`);
    } catch { end = null; }
    asking += 1;
    draw();
    // again while the ratings are worked out, and now and then for a rematch the other player asks for
    const again = !end || end.rating === "pending" ? 400 : !end.rematch ? 3000 : going !== null && !stayed ? 1000 : 0;
    if (again && asking < 400) timer = setTimeout(load, again);
  }

  return {
    box,
    /** The game is over: fetch its summary (once; later calls only redraw). */
    show() { rematch.hidden = t.seat === null; if (asking === 0) { asking = 1; load(); } else draw(); },
  };
}
