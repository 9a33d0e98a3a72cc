// Moons at the table: every seat's tableau (face down until all are in), the trick with its led suit, the hand
// with what may be played highlighted, small Asteroids, the supply and each player's tokens in the sets they
// score as, the markers; in English or Portuguese. Only what the engine offers can be chosen: a card of the hand or
// a tableau, a small Asteroid, or a button carrying the option's own words.
import { el } from "../api.js";
import { drawResultCard, isPhone, keepFocus, moveFocusAmong, revealFocus } from "./board.js";
import { hideTooltip } from "../tooltip.js";
import { MOON_CARDS, PLANETS, cardTip, referenceCard, smallTip, wordsFor } from "./moons_words.js";

const LANGS = ["en", "pt"];
const SET_POINTS = [0, 1, 3, 6, 10];

function loadCss() {
  if (document.getElementById("mo-css")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/moons.css", id: "mo-css" }));
}

// what is there to be read takes the keyboard's focus on a desktop; on a phone a finger holds it (no tab stop,
// so nothing small stands between the fingers and what they may pick)
const tab = () => (isPhone() ? null : "0");
const planetOf = (c) => (c < MOON_CARDS ? Math.floor(c / 14) : -1);
const rankOf = (c) => (c < MOON_CARDS ? (c % 14) + 1 : 0);
// a hand in order: by planet, then rank; large Asteroids last
const byPlanet = (a, b) => (planetOf(a) < 0) - (planetOf(b) < 0) || planetOf(a) - planetOf(b) || rankOf(a) - rankOf(b);

export async function createBoard(root, t) {
  loadCss();
  const content = await (await fetch("/api/games/moons/content")).json();
  const ui = { sentFor: null, panel: null, overlayClosed: false, seenDecision: null, lang: null, lastBy: null };
  let w = wordsFor(content, t.frame.language());
  t.frame.languages(LANGS);
  t.frame.onMove((m) => { ui.lastBy = m.undone ? null : m.by; });

  // -- the skeleton ------------------------------------------------------------------------------------
  const status = el("section", { class: "mo-status", id: "mo-status", "aria-label": "the round" });
  const others = el("section", { class: "mo-others", id: "mo-others", "aria-label": "the other players" });
  const trick = el("section", { class: "mo-trick", id: "mo-trick", "aria-label": "the trick", "aria-live": "polite" });
  const prompt = el("div", { class: "prompt mo-prompt", role: "status", "aria-live": "polite" });
  const mine = el("section", { class: "mo-mine", id: "mo-mine", "aria-label": "your tableau, tokens and small Asteroids" });
  const hand = el("section", { class: "mo-hand", id: "mo-hand", "aria-label": "your hand", "data-group": "hand" });
  const refPanel = el("section", { class: "panel mo-ref-panel", id: "panel-ref", tabindex: "-1", "aria-label": "the reference card" });
  const logPanel = t.frame.logPanel;
  const phoneBar = el("nav", { class: "phone-bar mo-phone-bar", "aria-label": "open the rest of the table" });
  const overlay = el("div", { class: "overlay", hidden: true });
  const board = el("div", { class: "mo" },
    el("div", { class: "mo-main" }, status, others, el("div", { class: "mo-center" }, trick, prompt), mine, hand),
    el("aside", { class: "mo-side" }, logPanel, refPanel), phoneBar, overlay);
  root.replaceChildren(board);
  revealFocus(board);

  // -- the open decision ---------------------------------------------------------------------------------
  const decision = () => (ui.sentFor && ui.sentFor === t.decision ? null : t.decision);
  const options = () => (decision() ? decision().options : []);
  const name = (i) => t.frame.name(i);

  function send(action) {
    ui.sentFor = t.decision;  // until the table answers, this decision is spent
    hideTooltip();
    t.send(action);
    render();
  }

  // the options each thing on the board answers
  const handOpts = (c) => options().filter((o) => o[1] === c && (o[0] === "card" || o[0] === "hand"
    || (o[0] === "tableau" && decision().kind === "tableau")));
  const myTableauOpts = (c) => options().filter((o) => o[0] === "tableau" && decision().kind !== "tableau" && o[1] === c);
  const theirOpts = (seat, c) => options().filter((o) => o[0] === "their" && o[1] === seat && o[2] === c);
  const smallOpts = (kind) => options().filter((o) => o[0] === "small" && o[1] === kind);
  const buttonOpts = () => options().filter((o) => !["card", "hand", "tableau", "their", "small"].includes(o[0]));

  function optionText(o) {
    const v = t.view;
    switch (o[0]) {
      case "tableau": return w.ui(v.revealed ? "act_tableau_card" : "act_tableau", { card: w.card(o[1]) });
      case "card": return w.ui("act_card", { card: w.card(o[1]) });
      case "small": return w.ui("act_asteroid", { asteroid: w.asteroid(o[1]), text: w.t.asteroids[o[1]].text });
      case "block": return w.ui("act_block", { planet: w.planet(o[1]) });
      case "take": return decision() && decision().kind === "capture" ? w.ui("act_capture", { planet: w.planet(o[1]) })
        : w.ui("act_take", { planet: w.planet(o[1]) });
      case "decline": return w.ui("act_decline");
      case "token": return w.ui("act_token", { planet: w.planet(o[2]), seat: name(o[1]) });
      case "give": return w.ui("act_give", { planet: w.planet(o[1]) });
      case "hand": return w.ui("act_hand_card", { card: w.card(o[1]) });
      case "their": return w.ui("act_their_card", { card: w.card(o[2]), seat: name(o[1]) });
      default: return o.join(" ");
    }
  }

  function promptText(d) {
    const v = t.view;
    let s;
    if (d.kind === "tableau") s = w.ui("prompt_tableau", { k: (v.players[t.seat].tableau || []).length + 1 });
    else if (d.kind === "play") s = w.ui(v.trick.length ? "prompt_follow" : "prompt_lead");
    else if (d.kind === "take") s = w.ui(d.options.some((o) => o[0] === "decline") ? "prompt_take_optional" : "prompt_take");
    else s = w.ui(`prompt_${d.kind}`);
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  }

  // -- pieces ----------------------------------------------------------------------------------------------
  function cardEl(c, o = {}) {
    const p = planetOf(c);
    const cls = `mocard ${p >= 0 ? `planet-${PLANETS[p]}` : "large"}${o.cls ? ` ${o.cls}` : ""}`;
    const pick = o.opts && o.opts.length;
    const attrs = { class: `${cls}${pick ? " pick" : ""}`, "data-card": c, "data-tip": cardTip(content, w, c) + (o.extra || ""),
      "aria-label": `${w.card(c)}${o.extra ? ` ${o.extra.trim()}` : ""}${pick ? " ✓" : ""}`, ...(o.attrs || {}) };
    if (pick) {
      attrs["data-pick"] = o.pickKey;
      attrs.onclick = () => send(o.opts[0]);
    } else if (o.tag !== "span") attrs.tabindex = tab();
    return el(pick ? "button" : (o.tag || "div"), attrs,
      el("span", { class: "rank", "aria-hidden": "true" }, p >= 0 ? String(rankOf(c)) : "☄"),
      el("span", { class: "moon-name", "aria-hidden": "true" }, w.moon(c)),
      el("span", { class: "planet-name", "aria-hidden": "true" }, p >= 0 ? w.planet(p) : ""),
      o.key ? el("span", { class: "key" }, o.key) : null);
  }

  function backEl(cls = "") {
    return el("span", { class: `mocard back ${cls}`, "aria-hidden": "true" });
  }

  function tokenChip(p, n, tip) {
    return el("span", { class: `mo-token planet-${PLANETS[p]}${n ? "" : " none"}`, tabindex: tab(),
      "data-tip": tip || w("token_tip", { planet: w.planet(p), n }), "aria-label": `${w.planet(p)} ${n}` },
    el("span", { class: "mo-dot", "aria-hidden": "true" }), el("span", { class: "n" }, String(n)));
  }

  // a player's tokens as the sets they score as: a column per set (one dot per planet), Stardust filling in
  function setsEl(i, pv) {
    const cols = pv.sets.map((size, j) => {
      const real = PLANETS.map((p, k) => k).filter((k) => pv.tokens[k] > j);
      const dots = real.map((k) => el("span", { class: `mo-dot planet-${PLANETS[k]}` }));
      for (let x = real.length; x < size; x++) dots.push(el("span", { class: "mo-dot stardust" }));
      return el("span", { class: "mo-set", "data-size": size }, ...dots);
    });
    const words = pv.sets.map((s) => `${s}→${SET_POINTS[s]}`).join(" + ");
    const tip = pv.sets.length ? w("sets_tip", { name: name(i), sets: words, points: w.count("n_points", pv.points) }) : w("sets_none", { name: name(i) });
    return el("span", { class: "mo-sets", tabindex: tab(), "data-tip": tip, "aria-label": tip, "data-seat-sets": i },
      ...cols, el("strong", { class: "mo-points" }, w("points", { n: pv.points })));
  }

  function marks(i, v) {
    const out = [];
    if (v.earth >= 0 && v.first === i) out.push(el("span", { class: "mo-mark first", "data-tip": w("first_tip"), tabindex: tab() }, w("first")));
    if (v.earth === i) out.push(el("span", { class: "mo-mark earth", "data-tip": w("earth_tip"), tabindex: tab() }, w("earth")));
    if (v.block === i) out.push(el("span", { class: "mo-mark block", "data-tip": w.t.block.text, tabindex: tab() }, w("block_mark")));
    return out;
  }

  function headEl(i, v, pv) {
    const acting = (v.decisions || []).some((d) => d.seat === i) && !v.over;
    return el("div", { class: "mo-head" },
      el("strong", { class: "mo-name" }, name(i)),
      t.frame.isYou(i) ? el("span", { class: "badge you" }, t.frame.text("seat.you")) : null,
      t.frame.isBot(i) ? el("span", { class: "badge" }, "BOT") : null,
      ...marks(i, v),
      el("span", { class: "mo-tricks", "data-tip": w("tricks_tip"), tabindex: tab() }, w.count("tricks", pv.tricks)),
      acting ? el("span", { class: "acting" }, w("deciding")) : null);
  }

  function tableauEl(i, v, pv, picking) {
    const cards = pv.tableau;
    let items;
    if (cards === null) {
      items = [...Array(pv.tableau_count)].map(() => backEl("mini"));
    } else {
      items = cards.map((c) => {
        const opts = i === t.seat ? myTableauOpts(c) : theirOpts(i, c);
        return cardEl(c, { cls: `mini${!v.revealed ? " hidden-mine" : ""}`, opts, pickKey: i === t.seat ? `tab:${c}` : `their:${i}:${c}`,
          extra: !v.revealed ? ` (${w("tableau_mine_hidden")})` : "" });
      });
    }
    while (items.length < 3) items.push(el("span", { class: "mocard mini empty", "aria-hidden": "true" }));
    const tip = `${w("tableau")}: ${w("tableau_tip")}${cards === null ? ` (${w("tableau_hidden")})` : ""}`;
    return el("div", { class: `mo-tableau${picking ? " picking" : ""}`, "data-tip": tip, "data-group": `tableau-${i}`,
      "aria-label": `${name(i)}: ${w("tableau")}` }, ...items);
  }

  // -- drawing -----------------------------------------------------------------------------------------------
  function drawStatus(v) {
    const total = v.supply.reduce((a, b) => a + b, 0);
    status.replaceChildren(
      el("span", { class: "mo-round", id: "mo-round" }, w("round", { round: v.round, rounds: v.rounds })),
      el("span", { class: "mo-trick-no" }, w("trick", { k: Math.min(v.trick_no + 1, v.tricks_per_round), n: v.tricks_per_round })),
      el("span", { class: "mo-supply", id: "mo-supply", "data-tip": w("supply_tip", { n: total }), tabindex: tab() },
        `${w("supply")} ${total}: `, ...v.supply.map((n, p) => tokenChip(p, n))),
      el("span", { class: "mo-pile", "data-tip": w("pile_tip"), tabindex: tab() },
        w("pile", { pile: v.small_pile, discard: v.small_discard.length })),
      el("span", { class: "mo-block", id: "mo-block", "data-tip": w.t.block.text, tabindex: tab() },
        v.block >= 0 ? w("block_held", { name: name(v.block) }) : w("block_common")),
      el("button", { class: "secondary mo-ref-button", id: "open-ref-top", "aria-keyshortcuts": "R",
        onclick: () => openPanel("ref") }, `${w("ref")} (R)`));
  }

  function drawOthers(v) {
    const n = v.seats;
    const order = [];
    for (let k = 1; k < n; k++) order.push(((t.seat === null ? -1 : t.seat) + k + n) % n);
    if (t.seat === null) order.push((n - 1) % n);  // a spectator sees every seat here
    const seen = [...new Set(order)];
    others.style.setProperty("--seats", String(seen.length));
    others.replaceChildren(...seen.map((i) => {
      const pv = v.players[i];
      const acting = (v.decisions || []).some((d) => d.seat === i) && !v.over;
      return el("div", { class: `mo-player${acting ? " acting" : ""}`, "data-seat": i },
        headEl(i, v, pv),
        el("div", { class: "mo-player-row" }, tableauEl(i, v, pv, false),
          el("div", { class: "mo-counts" },
            el("span", { "data-tip": w("hand_count", { n: pv.hand_count }) }, `🂠 ${pv.hand_count}`),
            el("span", { "data-tip": w.count("smalls_count", pv.small_count) }, `☄ ${pv.small_count}`),
            // in the narrow column of counts, as the others: the sign and the number (the words in its tip)
            pv.stardust ? el("span", { class: "mo-stardust", "data-tip": w("stardust_tip"),
              "aria-label": w("stardust", { n: pv.stardust }) }, `✦ ${pv.stardust}`) : null)),
        el("div", { class: "mo-player-tokens" }, ...pv.tokens.map((x, p) => tokenChip(p, x)), setsEl(i, pv)));
    }));
  }

  function drawTrick(v) {
    const n = v.seats;
    const slots = [];
    const current = v.trick.length > 0 || !v.last_trick.cards.length;
    const cards = current ? v.trick : v.last_trick.cards;
    const leader = current ? v.leader : v.last_trick.leader;
    const winner = current ? null : v.last_trick.winner;
    for (let k = 0; k < n; k++) {
      const seat = (leader + k) % n;
      const c = cards[k];
      const isLast = current && k === v.trick.length - 1 && ui.lastBy !== null && ui.lastBy === seat && seat !== t.seat;
      slots.push(el("div", { class: `mo-slot${seat === winner ? " won" : ""}`, "data-seat": seat },
        c === undefined ? el("span", { class: "mocard trick empty", "aria-hidden": "true" })
          : cardEl(c, { cls: `trick${isLast ? " last-move" : ""}`, extra: ` — ${name(seat)}` }),
        el("span", { class: "mo-slot-name" }, name(seat))));
    }
    const flags = [];
    if (current && v.led >= 0) flags.push(el("span", { class: `mo-led planet-${PLANETS[v.led]}`, id: "mo-led" }, w("led", { planet: w.planet(v.led) })));
    if (current && v.retro) flags.push(el("span", { class: "mo-flag" }, w("retro")));
    if (current && v.blocked >= 0) flags.push(el("span", { class: "mo-flag" }, w("blocked", { planet: w.planet(v.blocked) })));
    if (current && v.wind) flags.push(el("span", { class: "mo-flag" }, w("wind")));
    if (!current) flags.push(el("span", { class: "mo-flag last" }, winner === null || winner < 0 ? w("last_trick_none")
      : w("last_trick", { name: name(winner) })));
    trick.classList.toggle("is-last", !current);
    trick.replaceChildren(el("div", { class: "mo-trick-head" }, ...flags), el("div", { class: "mo-slots" }, ...slots));
  }

  function drawMine(v) {
    if (t.seat === null) { mine.replaceChildren(); mine.hidden = true; return; }
    const pv = v.players[t.seat];
    const smalls = (pv.smalls || []).map((kind, i) => {
      const opts = smallOpts(kind);
      const a = w.t.asteroids[kind];
      return el(opts.length ? "button" : "div", { class: `mo-small${opts.length ? " pick" : ""}`, "data-small": kind,
        tabindex: opts.length ? null : tab(), "data-tip": smallTip(w, kind), "aria-label": `${a.name}: ${a.text}`,
        ...(opts.length ? { "data-pick": `small:${kind}:${i}`, onclick: () => send(opts[0]) } : {}) },
      el("strong", {}, a.name), el("span", { class: "mo-small-text" }, a.text));
    });
    mine.hidden = false;
    mine.replaceChildren(
      el("div", { class: "mo-mine-left" }, headEl(t.seat, v, pv),
        el("div", { class: "mo-player-tokens" }, ...pv.tokens.map((x, p) => tokenChip(p, x)), setsEl(t.seat, pv),
          pv.stardust ? el("span", { class: "mo-stardust", "data-tip": w("stardust_tip") }, w("stardust", { n: pv.stardust })) : null)),
      el("div", { class: "mo-mine-tableau" }, el("span", { class: "mo-label" }, w("tableau")),
        tableauEl(t.seat, v, pv, options().some((o) => o[0] === "tableau" && decision().kind !== "tableau"))),
      el("div", { class: "mo-smalls", "data-group": "smalls" }, el("span", { class: "mo-label" }, w("your_smalls")),
        ...(smalls.length ? smalls : [el("span", { class: "mo-none" }, w("no_smalls"))])));
  }

  function drawHand(v) {
    if (t.seat === null) { hand.replaceChildren(); hand.hidden = true; return; }
    hand.hidden = false;
    const pv = v.players[t.seat];
    let key = 0;
    const items = (pv.hand || []).slice().sort(byPlanet).map((c) => {
      const opts = handOpts(c);
      const k = opts.length && key < 9 ? String(++key) : "";
      return cardEl(c, { cls: `in-hand${opts.length ? " playable" : ""}`, opts, pickKey: `hand:${c}`, key: k,
        attrs: k ? { "aria-keyshortcuts": k } : {} });
    });
    hand.classList.toggle("many", items.length > 12);
    hand.replaceChildren(el("h2", { class: "mo-label" }, `${w("your_hand")} (${pv.hand_count})`),
      el("div", { class: "cards" }, ...items));
  }

  function drawPrompt(v) {
    const d = decision();
    const parts = [];
    if (v.over) {
      parts.push(el("p", { class: "result", id: "result" }, resultHead(v)));
    } else if (!d && ui.sentFor && ui.sentFor === t.decision) {
      parts.push(el("p", { class: "sending" }, w("sending")));
    } else if (!d) {
      parts.push(el("p", {}, t.frame.waiting(v.decisions)));
    } else {
      parts.push(el("p", { class: "ask" }, promptText(d)));
      const row = el("div", { class: "choices", "data-group": "buttons" });
      const has = (k) => d.options.some((o) => o[0] === k);
      if (d.kind === "play") row.append(el("span", { class: "hint" }, w("play_hint")));
      else if (d.kind === "tableau" || has("hand")) row.append(el("span", { class: "hint" }, w(has("hand") ? "pick_hand" : "pick_card")));
      else if (has("tableau")) row.append(el("span", { class: "hint" }, w("pick_tableau")));
      else if (has("their")) row.append(el("span", { class: "hint" }, w("pick_their")));
      const buttons = buttonOpts();
      if (buttons.some((o) => o[0] === "block")) {
        row.append(el("span", { class: "hint", "data-tip": w("block_tip") }, w("block_use")));
      }
      for (const o of buttons) {
        const planet = o[0] === "token" ? o[2] : o[0] === "decline" ? -1 : o[1];
        row.append(el("button", { class: `choice ${o[0]}${planet >= 0 ? ` planet-${PLANETS[planet]}` : ""}`,
          "data-pick": `opt:${o.join(",")}`, "data-action": o[0], onclick: () => send(o) },
        planet >= 0 ? el("span", { class: "mo-dot", "aria-hidden": "true" }) : null,
        o[0] === "block" ? `⊘ ${w.planet(o[1])}` : optionText(o)));
      }
      parts.push(row);
    }
    prompt.replaceChildren(t.frame.clocks(), ...parts);
  }

  function resultHead(v) {
    if (t.seat === null) return w("over");
    const winners = v.winners || (v.winner !== null && v.winner !== undefined ? [v.winner] : []);
    if (!winners.includes(t.seat)) return w("you_lose");
    return winners.length > 1 ? w("shared") : w("you_win");
  }

  function drawResult(v) {
    overlay.hidden = !v.over || ui.overlayClosed;
    if (!v.over) return;
    const winners = v.winners || [];
    const rows = () => v.players.map((pv, i) => el("li", { class: winners.includes(i) ? "winner" : "" },
      w("score_line", { name: name(i), points: w.count("n_points", v.scores ? v.scores[i] : pv.points),
        tokens: w.count("n_tokens", pv.tokens.reduce((a, b) => a + b, 0)), stardust: pv.stardust ? `, ${w("stardust", { n: pv.stardust })}` : "" }),
      winners.includes(i) ? w("wins") : ""));
    const why = v.reason ? w.ui(`why_${v.reason}`) : "";
    drawResultCard(overlay, t, {
      drawn: `${t.seed}|${w.lang}`,
      parts: () => [el("h2", {}, `${resultHead(v)}${why ? ` (${why})` : ""}`), el("ol", { class: "scores" }, ...rows()),
        t.seed ? el("p", {}, `${w("seed")} `, el("code", {}, t.seed)) : null],
      lobby: w("lobby"), look: w("look"),
      onLook: () => { ui.overlayClosed = true; render(); },
    });
  }

  function drawSide() {
    if (refPanel.dataset.lang !== w.lang) {  // the same card until the language changes
      refPanel.dataset.lang = w.lang;
      refPanel.replaceChildren(referenceCard(content, w));
    }
    refPanel.classList.toggle("open", ui.panel === "ref");
    t.frame.showLog(ui.panel === "log");
    phoneBar.replaceChildren(
      el("button", { id: "open-log", "aria-keyshortcuts": "L", onclick: () => openPanel("log") }, w("log")),
      el("button", { id: "open-ref", "aria-keyshortcuts": "R", onclick: () => openPanel("ref") }, w("ref")),
      el("button", { id: "open-keys", "aria-keyshortcuts": "?", onclick: () => t.frame.toggleKeys() }, w("keys")));
  }

  function openPanel(id) {
    ui.panel = ui.panel === id ? null : id;
    render();
    const panel = { ref: refPanel, log: logPanel }[ui.panel];
    if (panel) { panel.scrollIntoView({ block: "nearest" }); panel.focus({ preventScroll: !isPhone() }); }
  }

  function declareKeys() {
    t.frame.keys([["1–9", w("k_pick")], ["Tab, ←→↑↓", w("k_move")], ["Enter", w("k_enter")], ["A", w("k_small")],
      ["B", w("k_block")], ["T", w("k_take")], ["H", w("k_hand")], ["R", w("k_ref")], ["L", w("k_log")],
      ["Esc", w("k_back")]]);
  }

  // -- the whole board -------------------------------------------------------------------------------------
  function render() {
    if (ui.lang !== t.frame.language()) {
      ui.lang = t.frame.language();
      w = wordsFor(content, ui.lang);
      declareKeys();
    }
    const v = t.view;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pick : undefined;
    board.classList.toggle("panel-open", !!ui.panel);
    board.classList.toggle("spectator", t.seat === null);
    board.classList.toggle("picking-their", options().some((o) => o[0] === "their"));
    drawSide();
    if (!v) { prompt.textContent = t.status === "waiting" ? w("waiting_start") : "…"; return; }
    board.dataset.seats = String(v.seats);
    drawStatus(v); drawOthers(v); drawTrick(v); drawMine(v); drawHand(v); drawPrompt(v); drawResult(v);
    if (focused) {
      const again = board.querySelector(`[data-pick="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
    if (decision() !== ui.seenDecision) {  // a new question: the first thing that answers it gets the focus
      ui.seenDecision = decision();
      if (decision()) keepFocus(board, ".mo [data-pick]");
    }
  }

  // -- the keyboard ----------------------------------------------------------------------------------------
  const picks = () => [...board.querySelectorAll("[data-pick]")].filter((x) => x.offsetParent !== null);

  function focusFirst(selector, none) {
    const x = [...board.querySelectorAll(selector)].find((y) => y.offsetParent !== null);
    if (x) x.focus(); else if (none) t.say(none);
    return true;
  }

  const moveFocus = (step, within) => moveFocusAmong(picks(), step, within);

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (k === "Escape") {
      if (!overlay.hidden) ui.overlayClosed = true; else if (ui.panel) ui.panel = null; else return false;
      render(); return true;
    }
    if (k === "Enter" || k === " ") return false;  // the focused button answers
    if (/^[1-9]$/.test(k)) {
      const card = hand.querySelector(`[data-pick][aria-keyshortcuts="${k}"]`);
      if (card) card.click();
      else {
        const any = picks().filter((x) => x.classList.contains("mocard"))[Number(k) - 1];
        if (any) any.click();
      }
      return true;
    }
    if (k === "a") return focusFirst(".mo-small.pick", w("no_smalls"));
    if (k === "b") return focusFirst(".mo-prompt button.block");
    if (k === "t") return focusFirst(".mo-prompt button.choice");
    if (k === "h") return focusFirst("#mo-hand .pick, #mo-hand .mocard");
    if (k === "r") { openPanel("ref"); return true; }
    if (k === "l") { openPanel("log"); return true; }
    if (k === "Tab") return moveFocus(e.shiftKey ? -1 : 1, false);
    if (k.startsWith("Arrow")) return moveFocus(k === "ArrowLeft" || k === "ArrowUp" ? -1 : 1, true);
    return false;
  }

  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(render, 150); });
  render();
  return { render, onKey };
}

