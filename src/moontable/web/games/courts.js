// Courts of Sun and Moon at the table: the map, the hand, the dials, and every way to play —
// mouse, finger and keyboard (the seed's "At the online table").
import { el, svg } from "../api.js";
import { drawResultCard, isPhone, keepFocus, lastMoveTracker, revealFocus } from "./board.js";
import { hideTooltip } from "../tooltip.js";

const COURT = ["moon", "sun"];
const TITLE = { moon: "the Moon", sun: "the Sun" };
const TOWN_KINDS = new Set(["setup", "place", "upset", "persuade", "event_place", "event_remove", "event_upset",
  "event_persuade"]);
const ASK_ODDS = new Set(["upset", "persuade", "event_upset", "event_persuade"]);
const USE_KEYS = { e: "event", p: "place", u: "upset", r: "persuade", s: "road" };
const USE_TEXT = { event: "Event", place: "Place", upset: "Upset", persuade: "Persuade", road: "Star Road",
  herald: "Herald face down", discard: "Let go", card: "Let go" };
const USE_KEY = { event: "E", place: "P", upset: "U", persuade: "R", road: "S", herald: "E", discard: "E", card: "E" };
const GIFT_TEXT = { seer: "the Seer: sees the other herald before choosing",
  kites: "Twin Kites: two Star Road tries a turn", lamp: "the Lamp Keeper: may let one card go at the turn end" };
const NAME = 16;  // the size of the towns' names, in map units
const REASON_TIP = "Win at once: 20 points, Hold of the Highwold at a Fair, the other court breaking the Truce or keeping a Fair at a turn end.";

const KEYMAP = [
  ["1–9", "lift a card"], ["B", "lift the Moot Bell"], ["E P U R S", "event, place, upset, persuade, Star Road"],
  ["O", "switch the order of the other court's event"], ["Tab", "the next town you may pick"],
  ["arrows", "the nearest town that way on the map"],
  ["Enter", "pick the town / confirm"], ["D", "done"], ["Esc", "put the card back"],
  ["F", "the focused town's reach up close"], ["Z", "the next reach up close (Shift+Z the one before)"],
  ["H", "go to your hand"], ["C T I L", "courts, the Star Road, piles, log"],
];

export async function createBoard(root, t) {
  const content = await (await fetch("/api/games/courts/content")).json();
  const towns = Object.fromEntries(content.towns.map((x) => [x.id, x]));
  const cards = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const reachName = Object.fromEntries(content.reaches.map((r) => [r.id, r.name]));
  const ui = { lifted: null, focus: null, zoom: null, autoZoom: false, manualZoom: false, confirm: null,
    order: "before", panel: null, seenDecision: null, last: null };
  const lastMove = lastMoveTracker(townsAndCards, mergeMarks);
  t.frame.keys(KEYMAP);

  // -- the skeleton ------------------------------------------------------------------------------
  const map = svg("svg", { viewBox: "0 0 1000 700", class: "map", role: "group", "aria-label": "the realm" });
  const mapWrap = el("div", { class: "map-wrap" }, map);
  const reachBar = el("div", { class: "reach-bar", role: "toolbar", "aria-label": "reaches: tap to see one up close" });
  const dials = el("div", { class: "dials" });
  const lastLine = el("p", { class: "last-line", id: "last-move", "aria-live": "polite" });
  const courtsPanel = el("section", { class: "panel", id: "panel-courts", tabindex: "-1", "aria-label": "the courts" });
  const roadPanel = el("section", { class: "panel", id: "panel-road", tabindex: "-1", "aria-label": "the Star Road" });
  const pilesPanel = el("section", { class: "panel", id: "panel-piles", tabindex: "-1", "aria-label": "the piles" });
  const logPanel = t.frame.logPanel;
  const prompt = el("div", { class: "prompt", role: "status", "aria-live": "polite" });
  const uses = el("div", { class: "uses", role: "toolbar", "aria-label": "uses of the lifted card" });
  const hand = el("div", { class: "hand", role: "group", "aria-label": "your hand", id: "hand" });
  const phoneBar = el("nav", { class: "phone-bar", "aria-label": "open the rest of the table" },
    ...[["courts", "Courts", "C"], ["road", "Road", "T"], ["piles", "Piles", "I"], ["log", "Log", "L"]].map(([id, label, key]) =>
      el("button", { id: `open-${id}`, "aria-keyshortcuts": key, onclick: () => openPanel(id) }, label)),
    el("button", { id: "open-keys", "aria-keyshortcuts": "?", "aria-controls": "keymap", onclick: () => t.frame.toggleKeys() }, "Keys"));
  const overlay = el("div", { class: "overlay", hidden: true });
  const upper = el("div", { class: "upper" }, dials, mapWrap, reachBar, lastLine,
    el("aside", { class: "side" }, courtsPanel, roadPanel, pilesPanel, logPanel));
  const board = el("div", { class: "courts" }, upper,
    el("div", { class: "ask-row" }, prompt, uses), hand, phoneBar, overlay);
  root.replaceChildren(board);
  revealFocus(board);

  drawMapBase();
  // the desktop table fits the window: the map takes the height the hand and the question leave it
  new ResizeObserver(() => fitMap()).observe(upper);

  // -- helpers -----------------------------------------------------------------------------------
  const me = () => (t.view && t.view.you) || null;
  const myCourt = () => (me() ? COURT.indexOf(me()) : -1);
  const decision = () => (ui.sentFor && ui.sentFor === t.decision ? null : t.decision);
  const viewDecision = () => t.view && t.view.decisions.find((d) => d.seat === t.seat && d.options);
  const options = () => (decision() ? decision().options : []);
  const pickable = () => (decision() && TOWN_KINDS.has(decision().kind)
    ? options().filter((o) => o[0] === "town").map((o) => o[1]) : []);
  const cardOptions = (id) => options().filter((o) => o.length > 1 && o[1] === id && o[0] !== "town");
  const cardTip = (c) => `${c.name} — ${c.court === "either" ? "either court" : TITLE[c.court]}, strength ${c.strength}` +
    `${c.starred ? ", starred (leaves the game when its event happens)" : ""}. ${c.text}`;
  const seatName = (seat) => { const s = t.seats.find((y) => y.seat === seat); return s ? s.name : `seat ${seat}`; };

  function openPanel(id) {
    const panel = { courts: courtsPanel, road: roadPanel, piles: pilesPanel, log: logPanel }[id];
    ui.panel = ui.panel === id ? null : id;
    render();
    if (ui.panel || !isPhone()) { panel.scrollIntoView({ block: "nearest" }); panel.focus(); }
  }

  function send(action) {
    ui.lifted = null;
    ui.confirm = null;
    ui.sentFor = t.decision;  // until the table answers, this decision is spent
    hideTooltip();
    t.send(action);
    render();
  }

  function fitMap() {
    if (isPhone()) { mapWrap.style.width = ""; return; }
    const w = Math.min(upper.clientHeight * (1000 / 700), upper.clientWidth - 308);
    mapWrap.style.width = `${Math.max(240, Math.floor(w))}px`;
  }

  // -- the other side's last move: the towns whose sway it changed, the cards it played ---------------
  // `events`: when the two views are also apart by another player's moves, the events of the mover's own, and
  // only what they name (a town, a card, a Star Road try, the heralds turned up) is theirs
  function townsAndCards(prev, next, by, events = null) {
    const named = (key) => new Set((events || []).map((e) => e[key]).filter((x) => x !== undefined));
    const theirTowns = named("town"), theirCards = named("card"), kinds = named("type");
    const keep = (set, x) => events === null || set.has(x);
    const towns = {};
    next.towns.forEach((x, i) => {
      const a = prev.towns[i];
      if ((a.moon !== x.moon || a.sun !== x.sun) && keep(theirTowns, x.id)) {
        towns[x.id] = { moon: x.moon - a.moon, sun: x.sun - a.sun };
      }
    });
    // the cards new on the piles and the heralds turned up, but never the other court's own herald: its
    // turning up (and its event) came with this move, it was not this court's card
    const theirs = next.courts.flatMap((c, i) => (c.seat !== by ? [c.herald, prev.courts[i].herald] : []))
      .filter((x) => x !== null && x !== undefined);
    const had = new Map();
    for (const id of [...prev.piles.discard, ...prev.piles.removed]) had.set(id, (had.get(id) || 0) + 1);
    const played = [];
    for (const id of [...next.piles.discard, ...next.piles.removed]) {
      if (had.get(id)) had.set(id, had.get(id) - 1); else if (!theirs.includes(id) && keep(theirCards, id)) played.push(id);
    }
    const heralds = next.courts.map((c, i) => (c.seat === by && c.herald !== null && prev.courts[i].herald === null
      && keep(kinds, "heralds") ? c.herald : null)).filter((x) => x !== null);
    const road = next.courts.filter((c, i) => c.road !== prev.courts[i].road && keep(kinds, "road_try"))
      .map((c) => [c.court, c.road]);
    if (!Object.keys(towns).length && !played.length && !heralds.length && !road.length) return null;
    return { towns, cards: [...new Set([...heralds, ...played])], road };
  }

  function mergeMarks(a, b) {
    const towns = { ...a.towns };
    for (const [id, d] of Object.entries(b.towns)) {
      const was = towns[id] || { moon: 0, sun: 0 };
      towns[id] = { moon: was.moon + d.moon, sun: was.sun + d.sun };
    }
    const road = [...a.road.filter(([c]) => !b.road.some(([x]) => x === c)), ...b.road];
    return { towns, cards: [...new Set([...a.cards, ...b.cards])], road };
  }

  function swayText(d) {
    const part = (n, glyph) => (n ? `${glyph}${n > 0 ? "+" : "−"}${Math.abs(n)}` : "");
    return [part(d.moon, "☾"), part(d.sun, "☀")].filter(Boolean).join(" ");
  }

  function drawLastLine() {
    const last = ui.last;
    if (!last) { lastLine.replaceChildren(); lastLine.hidden = true; return; }
    lastLine.hidden = false;
    const who = seatName(last.by);
    const court = t.view.courts.find((c) => c.seat === last.by);
    lastLine.className = `last-line ${court ? court.court : ""}`;
    const parts = [];
    for (const id of last.marks.cards) {
      parts.push(el("span", { class: "last-card", "data-tip": id === 0 ? "The Moot Bell" : cardTip(cards[id]) },
        id === 0 ? "the Moot Bell" : cards[id].name));
    }
    for (const [id, d] of Object.entries(last.marks.towns)) {
      parts.push(el("span", { class: "last-town", "data-town": id }, `${towns[id].name} ${swayText(d)}`));
    }
    for (const [c, step] of last.marks.road) parts.push(el("span", {}, `${TITLE[c]} to Star Road step ${step}`));
    lastLine.replaceChildren(el("strong", {}, `${who}${court ? ` (${TITLE[court.court]})` : ""}: `),
      ...parts.flatMap((p, i) => (i ? [", ", p] : [p])),
      el("span", { class: "legend" }, " — glowing on the map"));
  }

  // -- the map -----------------------------------------------------------------------------------
  function drawMapBase() {
    const layer = (name) => svg("g", { class: name });
    const reaches = layer("reaches"); const links = layer("links"); const gates = layer("gates");
    const townLayer = layer("towns"); const labels = layer("labels");
    for (const [a, b] of content.links) {
      links.append(svg("line", { x1: towns[a].x, y1: towns[a].y, x2: towns[b].x, y2: towns[b].y, class: "link" }));
    }
    for (const court of COURT) {
      const [gx, gy] = content.gate_pos[court];
      for (const id of content.gates[court]) {
        gates.append(svg("line", { x1: gx, y1: gy, x2: towns[id].x, y2: towns[id].y, class: `gate-line ${court}` }));
      }
      gates.append(svg("g", { class: `gate ${court}`, "data-tip": `${TITLE[court]}'s gate: towns next to it are open to ${TITLE[court]}'s placing.` },
        svg("circle", { cx: gx, cy: gy, r: 26 }),
        svg("text", { x: gx, y: gy + 9, "text-anchor": "middle", class: "gate-glyph", text: court === "moon" ? "☾" : "☀" })));
    }
    for (const x of content.towns) {
      const g = svg("g", { class: `town${x.keystone ? " keystone" : ""}`, "data-town": x.id, tabindex: "-1",
        role: "button", transform: `translate(${x.x},${x.y})` });
      g.append(
        svg("circle", { class: "last-mark", r: 44 }),
        svg("circle", { class: "hit", r: 34 }),
        svg("circle", { class: "ring-mark", r: 31 }),
        x.keystone ? svg("rect", { class: "body", x: -23, y: -23, width: 46, height: 46, rx: 7, transform: "rotate(45)" })
          : svg("circle", { class: "body", r: 25 }),
        svg("text", { class: "steady", y: -36, "text-anchor": "middle", text: String(x.steadiness) }),
        // the two courts' sway: the Moon's a silver disc on the left, the Sun's a gold square on the right
        svg("g", { class: "sway moon" }, svg("circle", { cx: -12, cy: 0, r: 12.5 }),
          svg("text", { x: -12, y: 5.5, "text-anchor": "middle" })),
        svg("g", { class: "sway sun" }, svg("rect", { x: 0.5, y: -12, width: 24, height: 24, rx: 2.5 }),
          svg("text", { x: 12.5, y: 5.5, "text-anchor": "middle" })));
      g.addEventListener("click", () => pickTown(x.id));
      g.addEventListener("focus", () => { ui.focus = x.id; });
      townLayer.append(g);
      const label = svg("text", { class: "name", "data-for": x.id, text: x.name });
      label.addEventListener("click", () => pickTown(x.id));
      labels.append(label);
    }
    const glow = (court, colour) => svg("radialGradient", { id: `last-glow-${court}` },
      svg("stop", { offset: "0.5", "stop-color": colour, "stop-opacity": "0.9" }),
      svg("stop", { offset: "1", "stop-color": colour, "stop-opacity": "0" }));
    map.append(svg("defs", {}, glow("moon", "#b9ccff"), glow("sun", "#ffc53d")), reaches, links, gates, townLayer, labels);
    placeLabels(labels);
    for (const r of content.reaches) {  // a reach's box holds its towns and their names
      const ids = new Set(content.towns.filter((x) => x.reach === r.id).map((x) => x.id));
      const boxes = content.towns.filter((x) => ids.has(x.id)).flatMap((x) => [[x.x - 36, x.y - 46, 72, 82], ui.labelBox[x.id]]);
      const x0 = Math.min(...boxes.map((b) => b[0])) - 6; const y0 = Math.min(...boxes.map((b) => b[1])) - 6;
      const x1 = Math.max(...boxes.map((b) => b[0] + b[2])) + 6; const y1 = Math.max(...boxes.map((b) => b[1] + b[3])) + 6;
      const box = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
      reaches.append(svg("rect", { class: `reach reach-${r.id}`, x: box.x, y: box.y, width: box.w, height: box.h, rx: 30 }));
      ui[`box-${r.id}`] = box;
      reachBar.append(el("button", { class: `reach-name reach-${r.id}`, "data-reach": r.id, "aria-keyshortcuts": "Z",
        "aria-label": `${r.name}: see it up close`, "data-tip": `${r.name} up close (Z: the next reach)`,
        onclick: () => { zoomTo(ui.zoom === r.id ? null : r.id); render(); } },
      el("span", { class: "reach-label" }, r.name.replace(/^The /, "")), el("span", { class: "picks" })));
    }
  }

  /**
   * Every town's name where it covers no town, no gate and no other name, and sits nearer its own town than
   * any other: below the town if it can, else beside or above it. Each name takes its best place given the
   * others, a few rounds over; the best of several orders (a fixed shuffle, so every page draws the same map).
   */
  function placeLabels(labels) {
    const solid = content.towns.map((x) => ({ id: x.id, box: [x.x - 28, x.y - 48, 56, 76] }));  // body, sway, steadiness
    for (const court of COURT) { const [gx, gy] = content.gate_pos[court]; solid.push({ id: null, box: [gx - 30, gy - 30, 60, 60] }); }
    const segs = content.links.map(([a, b]) => [towns[a].x, towns[a].y, towns[b].x, towns[b].y]);
    const spots = [["middle", 0, 43], ["start", 31, 6], ["end", -31, 6], ["start", 12, 45], ["end", -12, 45],
      ["middle", 0, -52], ["start", 20, -30], ["end", -20, -30]];
    const nodes = Object.fromEntries([...labels.children].map((n) => [n.dataset.for, n]));
    const width = (x) => { const w = nodes[x.id].getComputedTextLength(); return w > 0 ? w : x.name.length * NAME * 0.58; };
    const overlap = (a, b) => Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]))
      * Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]));
    const gap = (b, x) => Math.hypot(Math.max(b[0] - x.x, 0, x.x - b[0] - b[2]), Math.max(b[1] - x.y, 0, x.y - b[1] - b[3]));
    const crosses = (box, [x1, y1, x2, y2]) => {  // does the road cross the box? (Liang–Barsky)
      let t0 = 0; let t1 = 1;
      const dx = x2 - x1; const dy = y2 - y1;
      for (const [p, q] of [[-dx, x1 - box[0]], [dx, box[0] + box[2] - x1], [-dy, y1 - box[1]], [dy, box[1] + box[3] - y1]]) {
        if (p === 0) { if (q < 0) return false; continue; }
        const r = q / p;
        if (p < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
        if (t0 > t1) return false;
      }
      return true;
    };
    // what a place costs by itself: covering a town or a gate, leaving the map, nearer another town; roads a little
    const fixed = {};
    for (const x of content.towns) {
      const w = width(x);
      fixed[x.id] = spots.map(([anchor, dx, dy], i) => {
        const left = anchor === "middle" ? x.x + dx - w / 2 : anchor === "start" ? x.x + dx : x.x + dx - w;
        const box = [left - 2, x.y + dy - NAME * 0.82, w + 4, NAME * 1.08];
        let cost = i * 3;
        for (const o of solid) if (o.id !== x.id) cost += 1000 * overlap(box, o.box);
        if (box[0] < 2 || box[1] < 2 || box[0] + box[2] > 998 || box[1] + box[3] > 698) cost += 1e6;
        for (const seg of segs) if (crosses(box, seg)) cost += 1;  // a road under a name is fine: it has a halo
        const other = Math.min(...content.towns.filter((y) => y.id !== x.id).map((y) => gap(box, y)));
        if (other < gap(box, x) + 14) cost += 300;
        return { cost, box };
      });
    }
    // what two places of two names cost together (their overlap), once; then each name in turn takes its best
    // place given the others, a few rounds over, from several orders
    const n = content.towns.length; const k = spots.length;
    const pair = new Float64Array(n * k * n * k);
    const boxes = content.towns.map((x) => fixed[x.id].map((f) => f.box));
    for (let a = 0; a < n; a++) for (let i = 0; i < k; i++) for (let b = a + 1; b < n; b++) for (let j = 0; j < k; j++) {
      const o = 1000 * overlap(boxes[a][i], boxes[b][j]);
      pair[((a * k + i) * n + b) * k + j] = o; pair[((b * k + j) * n + a) * k + i] = o;
    }
    const own = content.towns.map((x) => fixed[x.id].map((f) => f.cost));
    const run = (order) => {
      const choice = new Int32Array(n).fill(-1);
      for (let pass = 0; pass < 4; pass++) {
        for (const a of order) {
          let best = -1; let bestCost = Infinity;
          for (let i = 0; i < k; i++) {
            let cost = own[a][i];
            const base = (a * k + i) * n;
            for (let b = 0; b < n; b++) if (b !== a && choice[b] >= 0) cost += pair[(base + b) * k + choice[b]];
            if (cost < bestCost) { bestCost = cost; best = i; }
          }
          choice[a] = best;
        }
      }
      let total = 0;
      for (let a = 0; a < n; a++) {
        total += own[a][choice[a]];
        for (let b = a + 1; b < n; b++) total += pair[((a * k + choice[a]) * n + b) * k + choice[b]];
      }
      return { total, choice };
    };
    let seed = 1;
    const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    let best = null;
    for (let r = 0; r < 20; r++) {
      const order = [...Array(n).keys()];
      if (r) for (let i = n - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
      const got = run(order);
      if (!best || got.total < best.total) best = got;
    }
    ui.labelBox = {};
    content.towns.forEach((x, a) => {
      const i = best.choice[a];
      const [anchor, dx, dy] = spots[i];
      const n = nodes[x.id];
      n.setAttribute("x", x.x + dx); n.setAttribute("y", x.y + dy); n.setAttribute("text-anchor", anchor);
      ui.labelBox[x.id] = fixed[x.id][i].box;
    });
  }

  function drawMap(view) {
    const pick = new Set(pickable());
    const touched = (ui.last && ui.last.marks.towns) || {};
    const lastCourt = ui.last ? (view.courts.find((c) => c.seat === ui.last.by) || {}).court : null;
    for (const info of view.towns) {
      const g = map.querySelector(`[data-town="${info.id}"]`);
      const x = towns[info.id];
      g.classList.toggle("held-moon", info.held === "moon");
      g.classList.toggle("held-sun", info.held === "sun");
      g.classList.toggle("pickable", pick.has(info.id));
      g.classList.toggle("focused", ui.focus === info.id);
      g.classList.toggle("last-move", !!touched[info.id]);
      g.classList.toggle("by-moon", !!touched[info.id] && lastCourt === "moon");
      g.classList.toggle("by-sun", !!touched[info.id] && lastCourt === "sun");
      g.setAttribute("tabindex", pick.has(info.id) ? "0" : "-1");
      for (const court of COURT) {
        const n = info[court];
        const badge = g.querySelector(`.sway.${court}`);
        badge.querySelector("text").textContent = n ? String(n) : "";
        badge.classList.toggle("none", !n);
      }
      const held = info.held ? `held by ${TITLE[info.held]}` : "held by no one";
      const last = touched[info.id] ? `. ${seatName(ui.last.by)}'s last move: ${swayText(touched[info.id])}` : "";
      const label = `${x.name}, ${reachName[x.reach]}, steadiness ${x.steadiness}${x.keystone ? ", keystone" : ""}; ` +
        `Moon sway ${info.moon}, Sun sway ${info.sun}; ${held}${last}${pick.has(info.id) ? ". You may pick it." : ""}`;
      g.setAttribute("aria-label", label);
      g.setAttribute("data-tip", label);
    }
  }

  function zoomTo(reach, auto = false) {
    ui.zoom = reach;
    ui.autoZoom = auto && reach !== null;
    if (!auto) ui.manualZoom = pickable().length > 0;
  }

  // On a phone a choice of towns opens the reach that holds most of them (its names and sway readable, its
  // towns big enough for a finger); the reach bar counts the towns to pick in each reach.
  function autoZoom() {
    const picks = pickable();
    const counts = {};
    for (const id of picks) counts[towns[id].reach] = (counts[towns[id].reach] || 0) + 1;
    for (const b of reachBar.children) {
      const n = counts[b.dataset.reach] || 0;
      b.classList.toggle("has-picks", n > 0);
      b.querySelector(".picks").textContent = n ? ` ${n}` : "";
      b.setAttribute("aria-label", `${reachName[b.dataset.reach]}: see it up close${n ? ` (${n} to pick)` : ""}`);
    }
    if (!picks.length) {
      ui.manualZoom = false;
      if (ui.autoZoom) { ui.zoom = null; ui.autoZoom = false; }
      return;
    }
    if (!isPhone() || ui.manualZoom || (ui.zoom && counts[ui.zoom])) return;
    const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
    zoomTo(best, true);
    requestAnimationFrame(() => mapWrap.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  }

  function drawZoom() {
    const box = ui.zoom ? ui[`box-${ui.zoom}`] : null;
    map.setAttribute("viewBox", box ? `${box.x - 8} ${box.y - 8} ${box.w + 16} ${box.h + 16}` : "0 0 1000 700");
    map.classList.toggle("zoomed", !!box);
    for (const b of reachBar.children) {
      b.classList.toggle("active", b.dataset.reach === ui.zoom);
      b.setAttribute("aria-pressed", String(b.dataset.reach === ui.zoom));
    }
  }

  // -- the dials: Truce candles, points bead, moon dial ------------------------------------------
  function drawDials(view) {
    const candles = el("div", { class: "candles", id: "candles", tabindex: "0", "aria-label": `Truce ${view.truce} of 5`,
      "data-tip": `The Truce: ${view.truce} of 5 candles. At 4 no upset or persuade in the Highwold; at 3 nor the ` +
        "Glasswater; at 2 nor the Emberdale. A keystone upset snuffs one; each turn end lights one. " +
        "The court on move when it reaches 1 loses." },
    ...[1, 2, 3, 4, 5].map((i) => el("span", { class: `candle${i <= view.truce ? " lit" : ""}` })));
    const bead = view.bead;
    const lead = bead > 0 ? `the Sun leads by ${bead}` : bead < 0 ? `the Moon leads by ${-bead}` : "level";
    const track = el("div", { class: "bead-track", id: "bead", tabindex: "0", "aria-label": `points: ${lead}`,
      "data-tip": `The points bead: ${lead}. One track from 20 Moon to 20 Sun; a court that reaches 20 on its side wins at once.` },
    el("span", { class: "end moon" }, "☾20"), el("span", { class: "rail" },
      el("span", { class: "bead", style: `left:${50 + (bead / 20) * 50}%` })), el("span", { class: "end sun" }, "20☀"));
    const turn = view.turn;
    const moves = view.courts.map((c) => c.moves_left);
    const dial = el("div", { class: "dial", id: "dial", tabindex: "0",
      "aria-label": `turn ${turn || "set-up"} of 10`,
      "data-tip": `The moon dial: turn ${turn || "0 (set-up)"} of 10. Moves left this turn: Moon ${moves[0]}, Sun ${moves[1]}. ` +
        "Six moves a turn, seven from turn 4; Bloom cards join at turn 4, Harvest at turn 8; after turn 10 every reach is scored." },
    el("span", { class: "moon-face", style: `--phase:${turn / 10}` }), el("span", {}, turn ? `Turn ${turn}/10` : "Set-up"),
    el("span", { class: "moves" }, `moves ☾${moves[0]} ☀${moves[1]}`));
    dials.replaceChildren(candles, track, dial);
  }

  // -- the side panels ---------------------------------------------------------------------------
  function seatOf(court) { return t.seats.find((s) => s.seat === t.view.courts[court].seat); }

  function drawCourts(view) {
    const rows = view.courts.map((c, i) => {
      const s = seatOf(i) || {};
      const herald = c.herald !== null && c.herald !== undefined ? cards[c.herald] : null;
      return el("div", { class: `court-row ${c.court}` },
        el("h3", {}, `${c.court === "moon" ? "☾ The Moon" : "☀ The Sun"} — ${s.name || "?"}`,
          s.bot ? el("span", { class: "badge" }, "BOT") : null, t.frame.isYou(c.seat) ? el("span", { class: "badge you" }, "you") : null),
        el("p", { "data-tip": "The vigil: the strength of this turn's upsets. Short of the Truce at the turn end gives the other court a point per step short." },
          `Vigil ${c.vigil} (needs ${view.truce})`),
        el("p", { class: "court-counts" }, el("span", {}, `Hand ${c.hand_count}`), " · ",
          el("span", {}, `moves left ${c.moves_left}`), " · ", el("span", {}, `Star Road step ${c.road}`)),
        c.gifts.length ? el("p", { class: "gifts" }, ...c.gifts.map((g) => el("span", { "data-tip": GIFT_TEXT[g] }, `✦ ${g}`))) : null,
        herald ? el("p", { "data-tip": cardTip(herald) }, `Herald: ${herald.name}`)
          : c.herald_chosen ? el("p", { class: "face-down", "data-tip": "A herald chosen face down." }, "Herald: ▮ face down") : null);
    });
    const bell = el("p", { class: "bell", id: "bell-status",
      "data-tip": "The Moot Bell: strength 4, 5 when all of it goes into the Glasswater. Played for strength only, then it passes face down and turns up next turn. Its holder gains 1 point at the end." },
    `The Moot Bell: ${TITLE[view.bell.court]}, face ${view.bell.up ? "up" : "down"}`);
    courtsPanel.replaceChildren(el("h2", {}, "Courts"), ...rows, bell);
    courtsPanel.classList.toggle("open", ui.panel === "courts");
  }

  function drawRoad(view) {
    const steps = content.road.map((st) => {
      const here = view.courts.filter((c) => c.road === st.step).map((c) => (c.court === "moon" ? "☾" : "☀")).join("");
      const reward = st.second !== null ? `${st.first} / ${st.second}` : `${st.first}`;
      return el("li", { "data-tip": `${st.step}. ${st.name}: discard a card of strength ${st.strength}+ and roll ${st.roll} or less. First to arrive: ${st.first}${st.second !== null ? `; second: ${st.second}` : ""}.` },
        el("span", { class: "step-no" }, String(st.step)), el("span", { class: "step-name" }, st.name),
        el("span", { class: "step-need" }, `${st.strength}+ ≤${st.roll}`), el("span", { class: "reward" }, reward),
        el("span", { class: "marker" }, here));
    });
    roadPanel.replaceChildren(el("h2", {}, "The Star Road"), el("ol", { class: "road" }, ...steps));
    roadPanel.classList.toggle("open", ui.panel === "road");
  }

  function cardChip(id) {
    const c = cards[id];
    const last = ui.last && ui.last.marks.cards.includes(id);
    return el("li", { class: `chip ${c.court}${last ? " last-move" : ""}`,
      "data-tip": `${cardTip(c)}${last ? ` ${seatName(ui.last.by)} played it last.` : ""}` }, c.name);
  }

  function drawPiles(view) {
    const p = view.piles;
    pilesPanel.replaceChildren(el("h2", {}, "Piles"),
      el("p", { id: "draw-count" }, `Draw pile: ${p.draw} cards`),
      el("h3", {}, `Discard pile (${p.discard.length})`), el("ul", { class: "chips" }, ...p.discard.slice().reverse().map(cardChip)),
      el("h3", {}, `Left the game (${p.removed.length})`), el("ul", { class: "chips" }, ...p.removed.map(cardChip)));
    pilesPanel.classList.toggle("open", ui.panel === "piles");
  }

  function drawLog() {
    t.frame.showLog(ui.panel === "log");
  }

  // -- the hand and the uses ---------------------------------------------------------------------
  function handCards(view) {
    const mine = view.courts[myCourt()];
    return mine && mine.hand ? mine.hand.slice() : [];
  }

  function drawHand(view) {
    const d = decision();
    const ids = handCards(view);
    const items = ids.map((id, i) => {
      const c = cards[id];
      const playable = cardOptions(id).length > 0;
      return el("button", { class: `card ${c.court}${ui.lifted === id ? " lifted" : ""}${playable ? " playable" : ""}`,
        "data-card": id, "data-tip": cardTip(c), "aria-pressed": String(ui.lifted === id),
        "aria-keyshortcuts": i < 9 ? String(i + 1) : null,
        "aria-label": `${i + 1}: ${c.name}, ${c.court}, strength ${c.strength}${c.starred ? ", starred" : ""}. ${c.text}`,
        onclick: () => lift(id) },
      el("span", { class: "key" }, i < 9 ? String(i + 1) : ""),
      el("span", { class: "strength" }, String(c.strength)),
      el("span", { class: "cname" }, c.name, c.starred ? " ★" : ""),
      el("span", { class: "ctext" }, c.text));
    });
    if (view.bell.court === me()) {
      const playable = cardOptions(0).length > 0;
      items.push(el("button", { class: `card bell${ui.lifted === 0 ? " lifted" : ""}${playable ? " playable" : ""}`,
        "data-card": "0", "aria-pressed": String(ui.lifted === 0), "aria-keyshortcuts": "B",
        "aria-label": `B: the Moot Bell, face ${view.bell.up ? "up" : "down"}`,
        "data-tip": "The Moot Bell: strength 4, 5 when all of it goes into the Glasswater. Strength only.",
        onclick: () => lift(0) },
      el("span", { class: "key" }, "B"), el("span", { class: "strength" }, "4"),
      el("span", { class: "cname" }, "Moot Bell"), el("span", { class: "ctext" }, view.bell.up ? "face up" : "face down")));
    }
    hand.replaceChildren(...items);
    // the uses of the lifted card
    const opts = ui.lifted !== null ? cardOptions(ui.lifted) : [];
    uses.replaceChildren(...opts.map((o) => {
      const use = o[0] === "play" ? o[2] : o[0];
      return el("button", { class: "use", "data-use": use, "aria-keyshortcuts": USE_KEY[use] || "Enter", onclick: () => send(o) },
        `${USE_TEXT[use] || use} (${USE_KEY[use] || "Enter"})`);
    }));
    uses.hidden = opts.length === 0;
    if (d && (d.kind === "play" || d.kind === "herald") && ui.lifted !== null && opts.length === 0) ui.lifted = null;
  }

  function lift(id) {
    if (cardOptions(id).length === 0) {
      if (decision()) t.say(`${id === 0 ? "The Moot Bell" : cards[id].name} cannot be played now.`);
      return;
    }
    ui.lifted = ui.lifted === id ? null : id;
    render();
    const first = uses.querySelector("button");
    if (first) first.focus();
  }

  // -- the prompt: what is asked, the clock, done / order / choices ------------------------------

  function drawPrompt(view) {
    const d = decision();
    const vd = viewDecision();
    const parts = [];
    if (view.over) {
      parts.push(el("p", { class: "result", id: "result" }, t.text || "The game is over."));
    } else if (!d && ui.sentFor && ui.sentFor === t.decision) {
      parts.push(el("p", { class: "sending" }, "Sending…"));
    } else if (!d) {
      parts.push(el("p", {}, t.frame.waiting(view.decisions)));
    } else {
      parts.push(el("p", { class: "ask" }, promptText(d)));
      const extra = options().filter((o) => ["done", "none", "keep"].includes(o[0]));
      for (const o of extra) {
        parts.push(el("button", { class: "done", "data-action": o[0], "aria-keyshortcuts": "D", onclick: () => send(o) },
          `${o[0] === "done" ? "Done" : o[0] === "keep" ? "Keep all" : "None"} (D)`));
      }
      if (d.kind === "order") {
        if (ui.orderFor !== d) { ui.orderFor = d; ui.order = "before"; }  // each new question starts at "before"
        for (const side of ["before", "after"]) {
          parts.push(el("button", { class: `order${ui.order === side ? " chosen" : ""}`, "data-order": side, "aria-keyshortcuts": "O",
            "aria-pressed": String(ui.order === side), onclick: () => send(["order", side]) },
          side === "before" ? "Their event first" : "My use first"));
        }
        parts.push(el("span", { class: "hint" }, "O switches, Enter plays"));
      }
      if (["event_use", "event_choice", "event_retrieve"].includes(d.kind) || !knownKind(d.kind)) {
        d.options.forEach((o, i) => {
          if (["done", "none", "keep"].includes(o[0])) return;
          const label = (vd && vd.texts && vd.texts[i]) || o.join(" ");
          parts.push(el("button", { class: "choice", "data-option": i, onclick: () => send(o) }, label));
        });
      }
    }
    if (ui.confirm) parts.push(confirmBox(ui.confirm));
    prompt.replaceChildren(t.frame.clocks(), ...parts);  // the clocks of every open decision (T15)
  }

  function knownKind(kind) {
    return TOWN_KINDS.has(kind) || ["play", "herald", "order", "lamp", "event_discard"].includes(kind);
  }

  function promptText(d) {
    switch (d.kind) {
      case "play": return `${d.prompt[0].toUpperCase()}${d.prompt.slice(1)}. Lift a card (1–9, B), then choose a use.`;
      case "herald": return "Choose your herald: lift a card and herald it face down (E).";
      case "setup": return `Set-up: ${d.prompt.replace("set-up: ", "")} — pick a ringed town.`;
      case "lamp": return "The Lamp Keeper: let one card go (lift it, E), or keep them all (D).";
      case "event_discard": return "Let a card go (lift it, E), or none (D).";
      default: return `${d.prompt[0].toUpperCase()}${d.prompt.slice(1)}${pickable().length ? " — pick a ringed town." : ""}`;
    }
  }

  function oddsText(odds) {
    const pct = (x) => `${Math.round(x * 100)}%`;
    if (odds.use === "upset") {
      return `Upset at strength ${odds.strength}: ${pct(odds.hit)} to remove sway, ${pct(odds.clear)} to clear them out ` +
        `(a die of ${Math.max(1, odds.need)}+ needed); on average ${odds.removed} of their sway removed.`;
    }
    return `Persuade: you roll +${odds.bonus}, they roll +${odds.their_bonus}. ${pct(odds.win)} you win, ` +
      `${pct(odds.tie)} a tie, ${pct(odds.lose)} they win (on average they lose ${odds.they_lose}, you ${odds.we_lose}).`;
  }

  function confirmBox(c) {
    return el("div", { class: "confirm", role: "dialog", "aria-label": "confirm" },
      el("p", { id: "odds" }, `${towns[c.town].name}: ${oddsText(c.odds)}`),
      el("button", { id: "confirm-yes", "aria-keyshortcuts": "Enter", onclick: () => send(["town", c.town]) }, "Go ahead (Enter)"),
      el("button", { class: "secondary", id: "confirm-no", "aria-keyshortcuts": "Escape", onclick: () => { ui.confirm = null; render(); } },
        "Not this one (Esc)"));
  }

  function pickTown(id) {
    if (!pickable().includes(id)) {
      const x = towns[id];
      t.say(decision() ? `${x.name} cannot be picked now.` : `${x.name}: steadiness ${x.steadiness}${x.keystone ? ", keystone" : ""}.`);
      return;
    }
    ui.focus = id;
    const d = decision();
    const vd = viewDecision();
    if (ASK_ODDS.has(d.kind) && vd && vd.odds && vd.odds[id]) {
      ui.confirm = { town: id, odds: vd.odds[id] };
      render();
      const yes = prompt.querySelector("#confirm-yes");
      if (yes) yes.focus();
      return;
    }
    send(["town", id]);
  }

  // -- the keyboard, exactly as the seed (and arrows by direction on the map) --------------------
  function focusTown(id) {
    ui.focus = id;
    render();
    const g = map.querySelector(`[data-town="${id}"]`);
    if (g) g.focus();
    return true;
  }

  function moveFocus(step) {
    const list = pickable();
    if (!list.length) return false;
    const i = list.indexOf(ui.focus);
    return focusTown(list[(i + step + list.length) % list.length]);
  }

  const DIRECTION = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  /** The town an arrow key leads to from `from`, among `ids`: the nearest within 60 degrees of the arrow;
   * if there is none, the nearest that way at all, a step aside counting twice. */
  function townToward(from, key, ids) {
    const [ux, uy] = DIRECTION[key];
    const a = towns[from];
    let best = null;
    for (const id of ids) {
      if (id === from) continue;
      const dx = towns[id].x - a.x; const dy = towns[id].y - a.y;
      const along = dx * ux + dy * uy; const aside = Math.abs(dx * uy - dy * ux);
      if (along <= 0) continue;
      const s = aside <= along * Math.sqrt(3) ? Math.hypot(dx, dy) : 1e6 + along + 2 * aside;
      if (!best || s < best.s) best = { s, id };
    }
    return best ? best.id : null;
  }

  function arrow(key) {
    const picks = pickable();
    const onTown = document.activeElement && document.activeElement.closest && document.activeElement.closest(".town");
    const ids = picks.length ? picks : onTown ? content.towns.map((x) => x.id) : [];
    if (!ids.length) return false;
    const from = onTown ? onTown.dataset.town : ui.focus;
    if (!from || !ids.includes(from)) return focusTown(ids[0]);
    const to = townToward(from, key, ids);
    if (to) focusTown(to);
    return true;
  }

  function zoomStep(step) {
    const ids = [null, ...content.reaches.map((r) => r.id)];
    zoomTo(ids[(ids.indexOf(ui.zoom) + step + ids.length) % ids.length]);
    render();
    return true;
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const d = decision();
    if (k === "Escape") {  // nothing to put back: the frame takes back the last move, if it may
      if (ui.confirm) ui.confirm = null; else if (ui.lifted !== null) ui.lifted = null;
      else if (!overlay.hidden) ui.overlayClosed = true; else if (ui.panel) ui.panel = null;
      else if (ui.zoom) zoomTo(null); else return false;
      render(); return true;
    }
    if (k === "Enter") {
      if (ui.confirm) { send(["town", ui.confirm.town]); return true; }
      if (d && d.kind === "order") { send(["order", ui.order]); return true; }
      if (ui.focus && pickable().includes(ui.focus)) { pickTown(ui.focus); return true; }
      return false;
    }
    if (/^[1-9]$/.test(k)) {
      const ids = t.view ? handCards(t.view) : [];
      const id = ids[Number(k) - 1];
      if (id !== undefined) lift(id);
      return true;
    }
    if (k === "b") { if (t.view && t.view.bell.court === me()) lift(0); return true; }
    if (USE_KEYS[k] && ui.lifted !== null) {
      const want = USE_KEYS[k];
      const o = cardOptions(ui.lifted).find((x) => (x[0] === "play" ? x[2] === want : k === "e"));
      if (o) send(o); else t.say(`That card cannot be used for ${USE_TEXT[want].toLowerCase()} now.`);
      return true;
    }
    if (k === "o") {
      if (d && d.kind === "order") { ui.order = ui.order === "before" ? "after" : "before"; render(); }
      return true;
    }
    if (k === "d") {
      const o = options().find((x) => ["done", "none", "keep"].includes(x[0]));
      if (o) send(o);
      return true;
    }
    if (k === "Tab") {
      if (!pickable().length) return false;
      return moveFocus(e.shiftKey ? -1 : 1);
    }
    if (DIRECTION[k]) return arrow(k);
    if (k === "f") {
      const x = ui.focus && towns[ui.focus];
      zoomTo(x ? (ui.zoom === x.reach ? null : x.reach) : null);
      render(); return true;
    }
    if (k === "z") return zoomStep(e.shiftKey ? -1 : 1);
    if (k === "h") { const first = hand.querySelector("button"); if (first) first.focus(); return true; }
    if (k === "c") { openPanel("courts"); return true; }
    if (k === "t") { openPanel("road"); return true; }
    if (k === "i") { openPanel("piles"); return true; }
    if (k === "l") { openPanel("log"); return true; }
    return false;
  }

  // -- the whole board ---------------------------------------------------------------------------
  /** How the game was won (the rules' ways to win: 20 points, the Highwold, the Truce, a Fair kept, the points
   *  after turn 10), the players by name; the points only where they decided it. */
  function howWon(view) {
    const who = (court) => {
      const c = view.courts.find((x) => x.court === court);
      return c ? `${seatName(c.seat)} (${TITLE[court]})` : TITLE[court];
    };
    const name = (court) => { const c = view.courts.find((x) => x.court === court); return c ? seatName(c.seat) : TITLE[court]; };
    const lead = view.bead > 0 ? `${name("sun")} ahead by ${view.bead}` : view.bead < 0 ? `${name("moon")} ahead by ${-view.bead}`
      : "level";
    const w = view.winner, l = w === "moon" ? "sun" : "moon";
    const anyway = ` The points (${lead}) did not decide it.`;
    switch (view.reason) {
      case "twenty": return `${who(w)} won at once by reaching 20 points.`;
      case "highwold": return `${who(w)} won at once: they had Hold of the Highwold when a Fair was scored.${anyway}`;
      case "truce": return `${who(w)} won at once: ${who(l)} broke the Truce.${anyway}`;
      case "fair_kept": return (w ? `${who(w)} won at once: ${who(l)} still held a Fair card at the turn end, `
        : `A draw: both ${who("moon")} and ${who("sun")} still held a Fair card at the turn end, `)
        + `and a Fair must be played in the turn it is held.${anyway}`;
      case "final": return `${who(w)} won on points after turn 10: ${lead}.`;
      case "draw": return "A draw: the points were level after turn 10.";
      default: return w ? `${who(w)} won (${lead}).` : `The points: ${lead}.`;
    }
  }

  function drawResult(view) {
    overlay.hidden = !view.over || !!ui.overlayClosed;
    if (!view.over) return;
    drawResultCard(overlay, t, {
      drawn: `${t.text}|${t.seed}`,  // the result's words and the seed come just after the last move
      parts: () => [el("h2", {}, t.text || "The game is over"),
        el("p", { class: "how-won", "data-tip": REASON_TIP }, howWon(view)),
        t.seed ? el("p", {}, "The seed: ", el("code", {}, t.seed)) : null],
      lobby: "Back to the lobby", look: "Look at the board (Esc)",
      onLook: () => { ui.overlayClosed = true; render(); },
    });
  }

  // what the keyboard's focus is on, so a redraw of the question, the uses or the hand puts it back there
  function focusKey() {
    const a = document.activeElement;
    if (!a || !board.contains(a) || a.closest(".town, .panel")) return null;
    for (const attr of ["data-option", "data-order", "data-use", "data-card", "data-action", "id"]) {
      if (a.hasAttribute(attr)) return `${a.tagName.toLowerCase()}[${attr}="${CSS.escape(a.getAttribute(attr))}"]`;
    }
    return null;
  }

  function render() {
    const view = t.view;
    const focused = focusKey();
    board.classList.toggle("panel-open", !!ui.panel);
    if (!view) { drawZoom(); prompt.textContent = t.status === "waiting" ? "The game starts when every seat is ready." : "…"; return; }
    ui.last = lastMove.see(view, t.seat, t.moves || []);
    if (ui.lifted !== null && !cardOptions(ui.lifted).length) ui.lifted = null;
    if (ui.confirm && !pickable().includes(ui.confirm.town)) ui.confirm = null;
    autoZoom(); drawZoom();
    drawMap(view); drawDials(view); drawLastLine(); drawCourts(view); drawRoad(view); drawPiles(view); drawLog();
    drawHand(view); drawPrompt(view); drawResult(view);
    if (focused && (!document.activeElement || document.activeElement === document.body)) {
      const again = board.querySelector(focused);
      if (again) again.focus({ preventScroll: true });
    }
    if (decision() !== ui.seenDecision) {  // a new question: its buttons are the next thing to press
      ui.seenDecision = decision();
      keepFocus(board, ".prompt button.choice, .prompt button.order.chosen");
    }
    fitMap();
  }

  return { render, onKey };
}
