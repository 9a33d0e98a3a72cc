// Courts of Sun and Moon at the table: the map, the hand, the dials, and every way to play —
// mouse, finger and keyboard (the seed's "At the online table").
import { el, svg } from "../api.js";
import { clockText, drawLogPanel } from "./board.js";
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
const REASON_TIP = "Win at once: 20 points, Hold of the Highwold at a Fair, the other court breaking the Truce or keeping a Fair at a turn end.";

const KEYMAP = [
  ["1–9", "lift a card"], ["B", "lift the Moot Bell"], ["E P U R S", "event, place, upset, persuade, Star Road"],
  ["O", "switch the order of the other court's event"], ["Tab, arrows", "move between the towns you may pick"],
  ["Enter", "pick the town / confirm"], ["D", "done"], ["Esc", "put the card back"],
  ["F", "the focused town's reach up close"], ["H", "go to your hand"], ["C I L", "courts, piles, log"],
  ["M", "sound off / on"], ["?", "this key map"],
];

export async function createBoard(root, t) {
  const content = await (await fetch("/api/games/courts/content")).json();
  const towns = Object.fromEntries(content.towns.map((x) => [x.id, x]));
  const cards = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const reachName = Object.fromEntries(content.reaches.map((r) => [r.id, r.name]));
  const ui = { lifted: null, focus: null, zoom: null, confirm: null, order: "before", panel: null, keymap: false };

  // -- the skeleton ------------------------------------------------------------------------------
  const map = svg("svg", { viewBox: "0 0 1000 700", class: "map", role: "group", "aria-label": "the realm" });
  const reachBar = el("div", { class: "reach-bar", role: "toolbar", "aria-label": "reaches: tap to see one up close" });
  const dials = el("div", { class: "dials" });
  const courtsPanel = el("section", { class: "panel", id: "panel-courts", tabindex: "-1", "aria-label": "the courts" });
  const roadPanel = el("section", { class: "panel", id: "panel-road", "aria-label": "the Star Road" });
  const pilesPanel = el("section", { class: "panel", id: "panel-piles", tabindex: "-1", "aria-label": "the piles" });
  const logPanel = el("section", { class: "panel", id: "panel-log", tabindex: "-1", "aria-label": "the log" });
  const prompt = el("div", { class: "prompt", role: "status", "aria-live": "polite" });
  const uses = el("div", { class: "uses", role: "toolbar", "aria-label": "uses of the lifted card" });
  const hand = el("div", { class: "hand", role: "group", "aria-label": "your hand", id: "hand" });
  const phoneBar = el("nav", { class: "phone-bar", "aria-label": "open the rest of the table" },
    ...[["courts", "Courts"], ["piles", "Piles"], ["log", "Log"]].map(([id, label]) =>
      el("button", { id: `open-${id}`, onclick: () => openPanel(id) }, label)),
    el("button", { id: "open-keys", onclick: () => { ui.keymap = !ui.keymap; render(); } }, "Keys"));
  const overlay = el("div", { class: "overlay", hidden: true });
  const keymapBox = el("div", { class: "keymap", hidden: true, role: "dialog", "aria-label": "key map" });
  const board = el("div", { class: "courts" },
    el("div", { class: "map-col" }, dials, el("div", { class: "map-wrap" }, map), reachBar),
    el("aside", { class: "side" }, courtsPanel, roadPanel, pilesPanel, logPanel),
    el("div", { class: "play-col" }, prompt, uses, hand), phoneBar, overlay, keymapBox);
  root.replaceChildren(board);

  drawMapBase();

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

  function openPanel(id) {
    const panel = { courts: courtsPanel, piles: pilesPanel, log: logPanel }[id];
    ui.panel = ui.panel === id ? null : id;
    render();
    if (ui.panel) { panel.scrollIntoView({ block: "nearest" }); panel.focus(); }
  }

  function send(action) {
    ui.lifted = null;
    ui.confirm = null;
    ui.sentFor = t.decision;  // until the table answers, this decision is spent
    hideTooltip();
    t.send(action);
    render();
  }

  // -- the map -----------------------------------------------------------------------------------
  function drawMapBase() {
    const layer = (name) => svg("g", { class: name });
    const reaches = layer("reaches"); const links = layer("links"); const gates = layer("gates");
    const townLayer = layer("towns");
    for (const r of content.reaches) {
      const ts = content.towns.filter((x) => x.reach === r.id);
      const xs = ts.map((x) => x.x); const ys = ts.map((x) => x.y);
      const box = { x: Math.min(...xs) - 38, y: Math.min(...ys) - 36, w: Math.max(...xs) - Math.min(...xs) + 76,
        h: Math.max(...ys) - Math.min(...ys) + 84 };
      reaches.append(svg("rect", { class: `reach reach-${r.id}`, x: box.x, y: box.y, width: box.w, height: box.h,
        rx: 30 }));
      ui[`box-${r.id}`] = box;
      reachBar.append(el("button", { class: `reach-name reach-${r.id}`, "data-reach": r.id,
        "aria-label": `${r.name}: see it up close`, onclick: () => { ui.zoom = ui.zoom === r.id ? null : r.id; render(); } },
      r.name));
    }
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
        svg("circle", { class: "ring-mark", r: 34 }),
        x.keystone ? svg("rect", { class: "body", x: -24, y: -24, width: 48, height: 48, rx: 8, transform: "rotate(45)" })
          : svg("circle", { class: "body", r: 24 }),
        svg("text", { class: "steady", y: -30, "text-anchor": "middle", text: String(x.steadiness) }),
        svg("text", { class: "sway moon", x: -9, y: 6, "text-anchor": "middle" }),
        svg("text", { class: "sway sun", x: 9, y: 6, "text-anchor": "middle" }),
        svg("text", { class: "name", y: 42, "text-anchor": "middle", text: x.name }));
      g.addEventListener("click", () => pickTown(x.id));
      g.addEventListener("focus", () => { ui.focus = x.id; });
      townLayer.append(g);
    }
    map.append(reaches, links, gates, townLayer);
  }

  function drawMap(view) {
    const pick = new Set(pickable());
    for (const info of view.towns) {
      const g = map.querySelector(`[data-town="${info.id}"]`);
      const x = towns[info.id];
      g.classList.toggle("held-moon", info.held === "moon");
      g.classList.toggle("held-sun", info.held === "sun");
      g.classList.toggle("pickable", pick.has(info.id));
      g.classList.toggle("focused", ui.focus === info.id);
      g.setAttribute("tabindex", pick.has(info.id) ? "0" : "-1");
      g.querySelector(".sway.moon").textContent = info.moon ? String(info.moon) : "";
      g.querySelector(".sway.sun").textContent = info.sun ? String(info.sun) : "";
      const held = info.held ? `held by ${TITLE[info.held]}` : "held by no one";
      const label = `${x.name}, ${reachName[x.reach]}, steadiness ${x.steadiness}${x.keystone ? ", keystone" : ""}; ` +
        `Moon sway ${info.moon}, Sun sway ${info.sun}; ${held}${pick.has(info.id) ? ". You may pick it." : ""}`;
      g.setAttribute("aria-label", label);
      g.setAttribute("data-tip", label);
    }
  }

  function drawZoom() {
    const box = ui.zoom ? ui[`box-${ui.zoom}`] : null;
    map.setAttribute("viewBox", box ? `${box.x - 20} ${box.y - 20} ${box.w + 40} ${box.h + 40}` : "0 0 1000 700");
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
          s.bot ? el("span", { class: "badge" }, "BOT") : null, c.court === view.you ? el("span", { class: "badge you" }, "you") : null),
        el("p", { "data-tip": "The vigil: the strength of this turn's upsets. Short of the Truce at the turn end gives the other court a point per step short." },
          `Vigil ${c.vigil} (needs ${view.truce})`),
        el("p", {}, `Hand ${c.hand_count} · moves left ${c.moves_left} · Star Road step ${c.road}`),
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
  }

  function cardChip(id) {
    const c = cards[id];
    return el("li", { class: `chip ${c.court}`, "data-tip": cardTip(c) }, c.name);
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
    drawLogPanel(logPanel, t.log, ui.panel === "log");
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
        "data-card": "0", "aria-pressed": String(ui.lifted === 0),
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
      return el("button", { class: "use", "data-use": use, onclick: () => send(o) },
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
      const waiting = view.decisions.map((x) => {
        const s = t.seats.find((y) => y.seat === x.seat);
        return `${s ? s.name : `seat ${x.seat}`}${s && s.bot ? " (bot)" : ""}: ${x.kind}`;
      }).join("; ");
      parts.push(el("p", {}, t.seat === null ? `Watching. ${waiting}` : `Waiting for ${waiting || "the table"}…`));
    } else {
      parts.push(el("p", { class: "ask" }, promptText(d)));
      const extra = options().filter((o) => ["done", "none", "keep"].includes(o[0]));
      for (const o of extra) {
        parts.push(el("button", { class: "done", "data-action": o[0], onclick: () => send(o) },
          `${o[0] === "done" ? "Done" : o[0] === "keep" ? "Keep all" : "None"} (D)`));
      }
      if (d.kind === "order") {
        if (ui.orderFor !== d) { ui.orderFor = d; ui.order = "before"; }  // each new question starts at "before"
        for (const side of ["before", "after"]) {
          parts.push(el("button", { class: `order${ui.order === side ? " chosen" : ""}`, "data-order": side,
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
    // the clocks of every open decision (T15)
    const clocks = (t.clocks || []).map((c) => {
      const s = t.seats.find((y) => y.seat === c.seat);
      return el("span", { class: `clock${c.seat === t.seat ? " mine" : ""}`, "data-deadline": c.deadline,
        "data-tip": "Each decision has 90 seconds. When it runs out, the table makes a safe move." },
      `${s ? s.name : c.seat}${s && s.bot ? " (bot)" : ""} ${clockText(c.deadline, t.now())}`);
    });
    if (ui.confirm) parts.push(confirmBox(ui.confirm));
    prompt.replaceChildren(el("div", { class: "clocks" }, ...clocks), ...parts);
  }

  function knownKind(kind) {
    return TOWN_KINDS.has(kind) || ["play", "herald", "order", "lamp", "event_discard"].includes(kind);
  }

  function promptText(d) {
    switch (d.kind) {
      case "play": return `Your move: lift a card (1–9, B), then choose a use. ${d.prompt}`;
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
      el("button", { id: "confirm-yes", onclick: () => send(["town", c.town]) }, "Go ahead (Enter)"),
      el("button", { class: "secondary", onclick: () => { ui.confirm = null; render(); } }, "Not this one (Esc)"));
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

  // -- the keyboard, exactly as the seed --------------------------------------------------------
  function moveFocus(step) {
    const list = pickable();
    if (!list.length) return false;
    const i = list.indexOf(ui.focus);
    ui.focus = list[(i + step + list.length) % list.length];
    render();
    const g = map.querySelector(`[data-town="${ui.focus}"]`);
    if (g) g.focus();
    return true;
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const d = decision();
    if (k === "?") { ui.keymap = !ui.keymap; render(); return true; }
    if (k === "Escape") {
      if (ui.confirm) ui.confirm = null; else if (ui.lifted !== null) ui.lifted = null;
      else if (ui.keymap) ui.keymap = false; else if (ui.panel) ui.panel = null; else ui.zoom = null;
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
    if (k === "Tab" || k.startsWith("Arrow")) {
      if (!pickable().length) return false;
      return moveFocus(k === "ArrowLeft" || k === "ArrowUp" || (k === "Tab" && e.shiftKey) ? -1 : 1);
    }
    if (k === "f") {
      const x = ui.focus && towns[ui.focus];
      ui.zoom = x ? (ui.zoom === x.reach ? null : x.reach) : null;
      render(); return true;
    }
    if (k === "h") { const first = hand.querySelector("button"); if (first) first.focus(); return true; }
    if (k === "c") { openPanel("courts"); return true; }
    if (k === "i") { openPanel("piles"); return true; }
    if (k === "l") { openPanel("log"); return true; }
    return false;
  }

  // -- the whole board ---------------------------------------------------------------------------
  function render() {
    const view = t.view;
    board.classList.toggle("panel-open", !!ui.panel);
    keymapBox.hidden = !ui.keymap;
    drawZoom();
    keymapBox.replaceChildren(el("h2", {}, "Keys"), el("dl", {}, ...KEYMAP.flatMap(([key, what]) =>
      [el("dt", {}, key), el("dd", {}, what)])));
    if (!view) { prompt.textContent = t.status === "waiting" ? "The game starts when every seat is ready." : "…"; return; }
    if (ui.lifted !== null && !cardOptions(ui.lifted).length) ui.lifted = null;
    if (ui.confirm && !pickable().includes(ui.confirm.town)) ui.confirm = null;
    drawMap(view); drawDials(view); drawCourts(view); drawRoad(view); drawPiles(view); drawLog();
    drawHand(view); drawPrompt(view);
    overlay.hidden = !view.over;
    if (view.over) {
      overlay.replaceChildren(el("div", { class: "result-card", role: "dialog", "aria-label": "the result" },
        el("h2", {}, t.text || "The game is over"),
        el("p", { "data-tip": REASON_TIP }, `Final points: ${view.bead > 0 ? `the Sun by ${view.bead}` : view.bead < 0 ? `the Moon by ${-view.bead}` : "level"}.`),
        t.seed ? el("p", {}, "The seed: ", el("code", {}, t.seed)) : null,
        el("p", {}, el("a", { class: "button", href: `/verify?table=${t.id}`, id: "verify-game" }, "Verify this game"),
          " ", el("a", { class: "button secondary", href: "/" }, "Back to the lobby"),
          " ", el("button", { class: "secondary", onclick: () => { overlay.hidden = true; } }, "Look at the board"))));
    }
  }

  function tick() {
    for (const c of prompt.querySelectorAll(".clock")) {
      const s = t.seats.find((y) => String(y.seat) === c.dataset.seat);
      const deadline = Number(c.dataset.deadline);
      c.textContent = c.textContent.replace(/\d+:\d\d$/, clockText(deadline, t.now()));
      void s;
    }
  }

  return { render, onKey, tick };
}
