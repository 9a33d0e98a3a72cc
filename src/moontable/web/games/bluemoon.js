// Blue Moon at the table: the three dragons and where each is, the fight's element, both combat rows (covered
// characters peeking out, boosters on their character), supports, each player's power against what they must
// reach, shields, leadership stacks, displayed crystal cards, the hand, the piles and the match's crystals.
// Only what the engine offers can be chosen: a card with a play is ringed; every other answer is a button that
// carries the engine's own words. Between games of a match it leads on to the next table.
import { api, count, el } from "../api.js";
import { keepFocus, revealFocus } from "./board.js";
import { hideTooltip } from "../tooltip.js";

const KEYMAP = [
  ["1–9, 0", "your hand's cards, left to right (0: the tenth): play it, or open its choices"],
  ["F / E", "with a character's choices open: start the fight in Fire / in Earth"],
  ["R", "retreat (during a fight) or decline (before one)"], ["P", "pass, done, or don't draw"],
  ["D", "go to the dragons you may pick"], ["C", "go to the choices (the buttons of the question)"],
  ["Tab, ← →", "move between what you may pick now"], ["Enter", "pick it"], ["Esc", "back: close a card's choices"],
  ["L", "the log"], ["O", "the opponent's piles and stacks"],
];
const ICON_GLYPH = { fire_shield: "F", earth_shield: "E", stop: "STOP", free: "FREE", pair: "PAIR",
  retrieve: "RET", protected: "PROT", replace: "REPL" };
const ELEMENT = { fire: "Fire", earth: "Earth" };
const KIND_WORD = { character: "Character", booster: "Booster", support: "Support", leadership: "Leadership",
  hyla: "Hyla", crystal: "Crystal" };
const CARD_GESTURE = new Set(["lead", "replace", "character", "booster", "support"]);
const HAND_CARD_KINDS = new Set(["decline", "discard", "redraw"]);  // ["card", id] options naming a card in hand
const DECKS_KEY = "moontable.bluemoon.decks";

function loadCss() {
  if (document.getElementById("bm-css")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/bluemoon.css", id: "bm-css" }));
}

export function savedDecks() {
  try { return JSON.parse(localStorage.getItem(DECKS_KEY) || "[]"); } catch { return []; }
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A card drawn the same way everywhere: name, Fire and Earth values, icons (each explained when pointed at). */
export function cardFace(c, content, opts = {}) {
  const icons = (c.icons || []).map((i) => el("span", { class: `icon icon-${i}`, "data-tip": content.icons[i] || i }, ICON_GLYPH[i] || i));
  if (c.keyword) icons.push(el("span", { class: "icon keyword", "data-tip": content.keywords[c.keyword] || c.keyword }, c.keyword.toUpperCase()));
  const values = ["character", "booster", "support"].includes(c.kind)
    ? el("span", { class: "values" }, el("span", { class: "v fire", "aria-label": `Fire ${c.fire}` }, String(c.fire)),
      el("span", { class: "v earth", "aria-label": `Earth ${c.earth}` }, String(c.earth)))
    : el("span", { class: "values kind-word" }, c.chosen ? "Chosen One" : KIND_WORD[c.kind] || c.kind);
  return [el("span", { class: "top" }, values, c.moons ? el("span", { class: "moons", "data-tip": `${count(c.moons, "moon")}: counted against the moons allowance when the card is not of the leader's people.` }, "☾".repeat(Math.min(c.moons, 3))) : null),
    el("span", { class: "cname" }, c.name), icons.length ? el("span", { class: "icons" }, ...icons) : null,
    opts.text === false || !c.text || (c.keyword && c.text === c.keyword.toUpperCase()) ? null : el("span", { class: "ctext" }, c.text)];
}

export function cardTip(c) {
  const vals = ["character", "booster", "support"].includes(c.kind) ? ` — Fire ${c.fire}, Earth ${c.earth}` : "";
  const kind = c.chosen ? "Chosen One (a leadership card for both players: the opponent first)" : KIND_WORD[c.kind] || c.kind;
  return `${c.name} (${c.label}): ${kind}${vals}${c.moons ? `, ${count(c.moons, "moon")}` : ""}.${c.text ? `\n${c.text}` : ""}`;
}

export async function createBoard(root, t) {
  loadCss();
  const content = await (await fetch("/api/games/bluemoon/content")).json();
  const cards = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const peoples = Object.fromEntries(content.peoples.map((p) => [p.id, p]));
  const dragons = content.dragons;
  const inquisitors = Object.fromEntries(content.inquisitors.map((q) => [q.id, q]));
  const emissaries = Object.fromEntries(content.emissaries.map((q) => [q.id, q]));
  const ui = { menu: null, sentFor: null, panel: null, info: null, infoAt: 0, goAt: null, marks: new Set(), decksSent: false };
  t.frame.keys(KEYMAP);
  t.frame.onMove((m) => {  // the other side's cards just played glow until this seat moves again
    if (m.undone) return;
    if (m.by === t.seat) { ui.marks = new Set(); return; }
    for (const e of m.events || []) {
      if (e.seat !== t.seat && e.card && ["character", "booster", "support", "lead", "crystal"].includes(e.type)) ui.marks.add(e.card);
    }
  });

  const status = el("div", { class: "bm-status", id: "bm-status" });
  const opp = el("section", { class: "bm-player opp", id: "opp", "aria-label": "the opponent" });
  const middle = el("section", { class: "bm-middle", id: "dragons", "aria-label": "the dragons and the fight" });
  const mine = el("section", { class: "bm-player mine", id: "mine", "aria-label": "your side" });
  const prompt = el("div", { class: "prompt bm-prompt", id: "prompt", role: "status", "aria-live": "polite" });
  const hand = el("div", { class: "bm-hand", id: "hand", role: "group", "aria-label": "your hand" });
  const matchPanel = el("section", { class: "panel bm-match", id: "panel-match", tabindex: "-1", "aria-label": "the match" });
  const pilesPanel = el("section", { class: "panel bm-piles", id: "panel-piles", tabindex: "-1", "aria-label": "piles and stacks" });
  const logPanel = t.frame.logPanel;
  const phoneBar = el("nav", { class: "phone-bar bm-phone-bar", "aria-label": "open the rest of the table" },
    el("button", { id: "open-piles", "aria-keyshortcuts": "O", onclick: () => openPanel("piles") }, "Piles"),
    el("button", { id: "open-log", "aria-keyshortcuts": "L", onclick: () => openPanel("log") }, "Log"),
    el("button", { id: "open-keys", "aria-keyshortcuts": "?", onclick: () => t.frame.toggleKeys() }, "Keys"));
  const overlay = el("div", { class: "overlay", hidden: true, id: "bm-overlay" });
  // the question, the hand and (on a phone) the bar of panels: on a phone they stay at the bottom of the screen
  // while the board scrolls above them, so that what to do and what to do it with are always in sight
  const dock = el("div", { class: "bm-dock", id: "dock" }, prompt, hand, phoneBar);
  const board = el("div", { class: "bm" },
    el("div", { class: "bm-main" }, status, opp, middle, mine, dock),
    el("aside", { class: "bm-side" }, matchPanel, pilesPanel, logPanel), overlay);
  root.replaceChildren(board);
  revealFocus(board);

  // -- the open decision and what answers it ----------------------------------------------------------
  const decision = () => (ui.sentFor && ui.sentFor === t.decision ? null : t.decision);
  const options = () => (decision() ? decision().options : []);
  const me = () => (t.seat === null ? 0 : t.seat);
  const other = () => 1 - me();
  const name = (i) => t.frame.name(i);
  const you = (i) => (i === t.seat ? "You" : name(i));

  function textOf(o) {
    const vd = t.view && (t.view.decisions || []).find((d) => d.seat === t.seat && d.options);
    const i = vd ? vd.options.findIndex((x) => same(x, o)) : -1;
    return t.frame.named((i >= 0 && vd.texts && vd.texts[i]) || o.join(" "));
  }

  const handOptions = (c) => {
    const d = decision();
    if (!d) return [];
    return options().filter((o) => (CARD_GESTURE.has(o[0]) && o[1] === c) || (o[0] === "card" && o[1] === c && HAND_CARD_KINDS.has(d.kind)));
  };
  const inHand = (c) => t.view && t.seat !== null && (t.view.players[t.seat].hand || []).includes(c);

  function send(action) {
    ui.menu = null;
    ui.sentFor = t.decision;  // until the table answers, this decision is spent
    hideTooltip();
    t.send(action);
    render();
  }

  function pickCard(c) {
    const opts = handOptions(c);
    if (!opts.length) { if (decision()) t.say(`${cards[c].name} cannot be played now.`); return; }
    if (opts.length === 1) { send(opts[0]); return; }
    ui.menu = { card: c, opts };
    render();
    focusFirst(".bm-prompt button.menu");
  }

  function focusFirst(selector) {
    const b = board.querySelector(selector);
    if (b) b.focus({ preventScroll: false });
  }

  function openPanel(id) {
    ui.panel = ui.panel === id ? null : id;
    render();
    const panel = { piles: pilesPanel, log: logPanel }[ui.panel];
    if (panel) { panel.scrollIntoView({ block: "nearest" }); panel.focus(); }
  }

  // -- cards ---------------------------------------------------------------------------------------------
  function cardEl(c, { cls = "", opts = [], onPick = null, key = null, label = null, text = true } = {}) {
    const card = cards[c];
    const pick = opts.length > 0;
    const marked = ui.marks.has(c);
    const attrs = { class: `bmcard kind-${card.kind} people-${card.people || "none"}${pick ? " pick" : ""}${marked ? " last-move" : ""} ${cls}`,
      "data-card": c, "data-tip": cardTip(card) + (marked ? `\n${name(other())} played it just now.` : ""),
      "aria-label": `${label ? `${label}: ` : ""}${card.name}${pick ? ". You may play it." : ""}` };
    if (pick) {
      return el("button", { ...attrs, "data-pick": "1", "aria-keyshortcuts": key, onclick: () => (onPick ? onPick(c) : pickCard(c)) },
        key ? el("span", { class: "key", "aria-hidden": "true" }, key) : null, ...cardFace(card, content, { text }));
    }
    return el("div", { ...attrs, tabindex: "0" }, ...cardFace(card, content, { text }));
  }

  const retrieveOpts = (c) => options().filter((o) => o[0] === "retrieve" && o[1] === c);

  /** The combat row: covered layers peeking out to the left, the uncovered character (two with PAIR) with their boosters. */
  function combatRow(pv, i) {
    if (!pv.combat.length) return el("div", { class: "combat empty", "aria-label": `${you(i)}: no character in play` }, el("span", { class: "none" }, "no character in play"));
    const layers = pv.combat.map((layer, depth) => {
      const covered = depth < pv.combat.length - 1;
      const chars = layer.filter((c) => cards[c].kind === "character");
      const boosters = layer.filter((c) => cards[c].kind !== "character");
      return el("div", { class: `layer${covered ? " covered" : " uncovered"}`, "data-tip": covered ? "Covered: this character and its boosters count for nothing now." : null },
        ...chars.map((c) => el("div", { class: "char-stack" },
          cardEl(c, { cls: covered ? "covered-card" : "", opts: covered ? [] : retrieveOpts(c), onPick: (x) => send(retrieveOpts(x)[0]), label: covered ? "covered" : "uncovered", text: !covered }),
          ...(covered ? [] : boosters.map((b) => cardEl(b, { cls: "booster-on", opts: retrieveOpts(b), onPick: (x) => send(retrieveOpts(x)[0]), label: `booster on ${cards[c].name}`, text: false })))),
        ...(covered ? [] : (chars.length ? [] : boosters.map((b) => cardEl(b, { cls: "booster-on" }))))));
    });
    return el("div", { class: "combat", "aria-label": `${you(i)}'s combat row: ${count(pv.combat.length, "character")}, ${pv.combat.length - 1} covered` }, ...layers);
  }

  function powerBox(pv, i, view) {
    if (!view.element) return null;
    const el_ = ELEMENT[view.element];
    const state = pv.shielded ? "shield" : pv.power >= pv.need ? "meets" : "short";
    const word = { shield: `${el_} shield: exempt from the power check`, meets: "reaches it", short: "short of it" }[state];
    return el("div", { class: `power ${view.element} ${state}`, id: `power-${i}`,
      "data-tip": `${you(i)}: power in ${el_} is the sum of the ${el_} values of the uncovered character (two with PAIR), their boosters and the supports. At the end of their turn it must equal or exceed the opponent's (${pv.need}), unless a ${el_} shield is active.` },
    el("span", { class: "pw-label" }, `${el_} power`), el("strong", { class: "pw" }, String(pv.power)),
    el("span", { class: "pw-need" }, `must reach ${pv.need}`), el("span", { class: `pw-state ${state}` }, word));
  }

  function pileCount(label, n, tip, id) {
    return el("span", { class: "chip count", id, "data-tip": tip, tabindex: "0" }, `${label} `, el("strong", {}, String(n)));
  }

  function whoLine(pv, i) {
    if (!pv.leader) return el("span", { class: "deck-state" }, pv.chosen ? "has chosen a deck (secret until both have)" : "choosing a deck…");
    const people = peoples[pv.people];
    const parts = [el("strong", { "data-tip": `${people.name}: ${people.style}\n${people.keyword_text}` }, `${people.name}`),
      ` — ${people.leader.name}`];
    if (pv.inquisitor) parts.push(el("span", { class: "chip", "data-tip": inquisitors[pv.inquisitor].text }, inquisitors[pv.inquisitor].name));
    if (pv.emissary) parts.push(el("span", { class: "chip", "data-tip": emissaries[pv.emissary].text }, emissaries[pv.emissary].name));
    return el("span", { class: "who" }, ...parts);
  }

  function playerArea(i, view) {
    const pv = view.players[i];
    const acting = (view.decisions || []).some((d) => d.seat === i);
    const head = el("h3", { class: "player-head" }, el("span", { class: "pname" }, you(i) !== "You" ? name(i) : name(i) === "You" ? "You" : `You (${name(i)})`),
      t.frame.isBot(i) ? el("span", { class: "badge" }, "BOT") : null,
      view.element === null && view.starter === i && !view.over ? el("span", { class: "chip starter", "data-tip": "This player starts the next fight (or declines)." }, "starts") : null,
      acting ? el("span", { class: "acting" }, "deciding…") : null, whoLine(pv, i));
    const counts = el("div", { class: "counts" },
      pileCount("hand", pv.hand_count, "Cards in hand (hidden from the opponent). Each turn ends with a refill to 6.", `hand-count-${i}`),
      pileCount("draw", pv.deck_count, "The draw pile, face down. A discard pile is never shuffled back.", `draw-count-${i}`),
      pileCount("discard", pv.discard.length, pv.discard.length ? `The discard pile, face up; top first: ${pv.discard.slice().reverse().map((c) => cards[c].name).join(", ")}` : "The discard pile: empty.", `discard-count-${i}`),
      pileCount("leadership", pv.lead.length, pv.lead.length ? `The leadership stack beside the leader (played leadership cards, without effect now): ${pv.lead.map((c) => cards[c].name).join(", ")}` : "The leadership stack: empty.", `lead-count-${i}`),
      view.element ? pileCount("in combat", pv.in_combat, "Cards in the combat and support areas, covered ones included: 6 or more when the opponent retreats attract two dragons.", `in-combat-${i}`) : null);
    const supports = pv.supports.length ? el("div", { class: "supports", "aria-label": "supports" }, el("span", { class: "zone-label" }, "supports"),
      ...pv.supports.map((c) => cardEl(c, { cls: "support-card", opts: retrieveOpts(c), onPick: (x) => send(retrieveOpts(x)[0]), text: false }))) : null;
    const crystals = pv.crystals.length ? el("div", { class: "crystals", "aria-label": "displayed crystal cards", id: `crystals-${i}` },
      el("span", { class: "zone-label", "data-tip": "Displayed crystal cards: at the game's end each adds a crystal to its owner if they win, or cancels one of the winner's dragons if they lose." }, "crystals"),
      ...pv.crystals.map((c) => cardEl(c, { cls: "crystal-card", text: false }))) : null;
    const leadTop = pv.lead.length ? el("div", { class: "lead-stack", "aria-label": "leadership stack" }, el("span", { class: "zone-label" }, "leadership"),
      cardEl(pv.lead[pv.lead.length - 1], { cls: "lead-card", text: false })) : null;
    head.append(counts);
    return [head, el("div", { class: "row" }, combatRow(pv, i), powerBox(pv, i, view), supports, crystals, leadTop)];
  }

  // -- the dragons and the fight -------------------------------------------------------------------------
  function drawMiddle(view) {
    const dragonOpts = (d) => options().filter((o) => o[0] === "dragon" && o[1] === d);
    const rows = [[other(), "their side"], [-1, "the middle"], [me(), t.seat === null ? `${name(me())}'s side` : "your side"]];
    const grid = el("div", { class: "dragon-grid", role: "grid", "aria-label": "where each dragon is" },
      ...rows.map(([side, label]) => el("div", { class: "dragon-row", role: "row" },
        el("span", { class: "side-label", role: "rowheader" }, side === -1 ? label : side === t.seat ? "your side" : `${name(side)}'s side`),
        ...dragons.map((d) => {
          const here = view.dragons[d.id] === side;
          const opts = here ? dragonOpts(d.id) : [];
          if (!here) return el("span", { class: "dragon-slot", role: "gridcell" });
          const where = side === -1 ? "in the middle" : side === t.seat ? "on your side" : `on ${name(side)}'s side`;
          const attrs = { class: `dragon dragon-${d.id}${opts.length ? " pick" : ""}`, "data-dragon": d.id, role: "gridcell",
            "data-tip": `${d.name}: ${d.text} Now ${where}.${opts.length ? `\n${textOf(opts[0])}.` : ""}`,
            "aria-label": `${d.name}, ${where}${opts.length ? `. ${textOf(opts[0])}` : ""}` };
          return opts.length
            ? el("button", { ...attrs, "data-pick": "1", "aria-keyshortcuts": "D", onclick: () => send(opts[0]) }, el("span", { class: "dglyph", "aria-hidden": "true" }, "✦"), d.name)
            : el("span", { ...attrs, tabindex: "0" }, el("span", { class: "dglyph", "aria-hidden": "true" }, "✦"), d.name);
        }))));
    let fight;
    if (view.over) fight = el("p", { class: "fight over" }, "The game is over.");
    else if (!view.players[0].leader) fight = el("p", { class: "fight" }, "Both players choose a deck in secret; both are revealed together.");
    else if (view.element) {
      fight = el("p", { class: `fight ${view.element}`, id: "element", "data-tip": `The fight's element, named by its starting player with the first character: every power is counted in ${ELEMENT[view.element]}.` },
        el("strong", {}, `${ELEMENT[view.element]} fight`), ` — started by ${you(view.starter) === "You" ? "you" : name(view.starter)}${view.opening ? " (its opening turn: no booster or support)" : ""}`);
    } else {
      fight = el("p", { class: "fight none", id: "element" }, `No fight running: ${view.starter === t.seat ? "you start the next one (Fire or Earth) or decline" : `${name(view.starter)} starts the next one (Fire or Earth) or declines`}.`);
    }
    middle.replaceChildren(grid, fight);
  }

  // -- the status line and the match panel ------------------------------------------------------------------
  function matchLine(view) {
    const m = view.match;
    if (!m) return null;
    const cr = m.crystals;
    return el("span", { class: "match-line", id: "match-line", "data-tip": `A match: games follow one another and crystals add up; the first to ${m.target} crystals wins.` },
      `Game ${m.game} · crystals: ${you(me()) === "You" ? "you" : name(me())} ${cr[me()]} — ${cr[other()]} ${name(other())} · first to ${m.target}`);
  }

  function drawStatus(view) {
    status.replaceChildren(...[matchLine(view),
      el("span", { class: "mode chip", "data-tip": "The match's mode, the same for both players." }, { base: "Base decks", quick: "Quick start with emissaries", build: "Deck building with inquisitors" }[view.mode] || view.mode),
      el("span", { class: "fights" }, `fights ${view.fights}`)].filter(Boolean));
  }

  function drawMatchPanel(view) {
    const m = view && view.match;
    const info = ui.info && ui.info.match;
    const target = (m && m.target) || (info && info.target) || 5;
    const before = (m && m.crystals) || [0, 0];
    const won = view && view.crystals ? view.crystals : [0, 0];
    const rows = [0, 1].map((i) => {
      const total = before[i] + won[i];
      return el("li", { class: `crystal-row${i === t.seat ? " me" : ""}`, id: `match-crystals-${i}` },
        el("span", { class: "pname" }, you(i) === "You" ? "You" : name(i)),
        el("span", { class: "gems", "aria-hidden": "true" }, ...Array.from({ length: Math.max(target, total) }, (_, k) => el("span", { class: `gem${k < total ? " won" : ""}` }))),
        el("strong", {}, `${total}`), won[i] ? el("span", { class: "gained" }, ` (+${won[i]} this game)`) : null);
    });
    matchPanel.replaceChildren(el("h2", {}, m ? `Match — game ${m.game}, first to ${target}` : "This game"),
      el("ul", { class: "crystal-list" }, ...rows),
      el("p", { class: "hint" }, "Crystals: dragons on your side at the end + 1 (2 to 4); with no dragons, 1 to the player who ran out later. Displayed crystal cards add or cancel."));
  }

  function drawPiles(view) {
    const list = (ids) => (ids.length ? ids.slice().reverse().map((c) => cards[c].name).join(", ") : "empty");
    pilesPanel.replaceChildren(el("h2", {}, "Piles and stacks"), ...[other(), me()].flatMap((i) => {
      const pv = view.players[i];
      return [el("h3", {}, you(i) === "You" ? "Yours" : name(i)),
        el("p", {}, el("strong", {}, "Discard pile: "), list(pv.discard)),
        el("p", {}, el("strong", {}, "Leadership stack: "), list(pv.lead)),
        i !== t.seat && pv.shown.length ? el("p", {}, el("strong", {}, "Known in hand: "), pv.shown.map((c) => cards[c].name).join(", ")) : null];
    }).filter(Boolean));
  }

  // -- the question ------------------------------------------------------------------------------------------
  function costOf(o, view) {  // what retreat and decline cost, in words
    if (o[0] === "retreat") {
      const them = view.players[other()];
      const n = them.in_combat >= 6 ? 2 : 1;
      return `Retreat — ${name(other())} wins the fight and attracts ${n} dragon${n > 1 ? "s" : ""} (${n > 1 ? "6 or more cards in combat" : "fewer than 6 cards in combat"}); all combat cards are discarded and you start the next fight`;
    }
    if (o[0] === "decline") return `Decline — discard 1 to 3 cards from your hand and refill; ${name(other())} must then start a fight or decline`;
    return null;
  }

  function drawPrompt(view) {
    const d = decision();
    const clocks = t.frame.clocks();
    if (!d) {
      const others = (view.decisions || []).filter((x) => x.seat !== t.seat);
      let words = t.status === "ended" || view.over ? t.text || "The game is over." : t.frame.waiting(others);
      if (ui.sentFor && ui.sentFor === t.decision) words = "Sent…";
      const single = t.status === "ended" && !(ui.info && ui.info.match);  // a match's end has its own card
      prompt.replaceChildren(el("p", { class: "ask" }, words), clocks, single ? t.frame.ending() : null);
      return;
    }
    const opts = d.options;
    const buttons = [];
    if (ui.menu) {
      const c = cards[ui.menu.card];
      buttons.push(...ui.menu.opts.map((o, k) => {
        const key = o[0] === "character" && o[2] ? o[2][0].toUpperCase() : String(k + 1);
        return el("button", { class: "menu", "aria-keyshortcuts": key, "data-key": key, onclick: () => send(o) },
          o[0] === "character" && o[2] ? `Start a ${ELEMENT[o[2]]} fight with ${c.name}` : textOf(o), el("span", { class: "key-hint" }, ` (${key})`));
      }), el("button", { class: "secondary menu-cancel", onclick: () => { ui.menu = null; render(); } }, "Cancel (Esc)"));
      prompt.replaceChildren(el("p", { class: "ask" }, `${c.name}: how?`), clocks, el("div", { class: "choices" }, ...buttons));
      return;
    }
    const handled = (o) => (CARD_GESTURE.has(o[0]) && inHand(o[1])) || (o[0] === "card" && HAND_CARD_KINDS.has(d.kind) && inHand(o[1]));
    for (const o of opts) {
      if (handled(o)) continue;
      const cost = costOf(o, view);
      const key = o[0] === "retreat" || o[0] === "decline" ? "R" : ["pass", "done", "no_draw"].includes(o[0]) ? "P" : o[0] === "dragon" ? "D" : null;
      const label = o[0] === "deck" ? deckLabel(o[1]) : cost || textOf(o);
      buttons.push(el("button", { class: `choice choice-${o[0]}${cost ? " costly" : ""}`, "data-action": o.join(" "), "aria-keyshortcuts": key,
        "data-tip": o[0] === "card" && cards[o[1]] ? cardTip(cards[o[1]]) : null, onclick: () => send(o) },
      label, key ? el("span", { class: "key-hint" }, ` (${key})`) : null));
    }
    const inHandCount = opts.filter(handled).length;
    const ask = t.frame.named(d.prompt) + (inHandCount ? " — the ringed cards of your hand can be played" : "");
    prompt.replaceChildren(el("p", { class: "ask" }, ask), clocks, buttons.length ? el("div", { class: "choices" }, ...buttons) : null);
  }

  function deckLabel(k) {
    const dv = t.view.players[t.seat].decks[k];
    if (!dv) return `Deck ${k + 1}`;
    return `${!dv.public && dv.name ? `${dv.name}: ` : ""}${dv.label} (${dv.cards.length} cards)`;
  }

  function drawHand(view) {
    if (t.seat === null) { hand.replaceChildren(el("p", { class: "face-down" }, "Watching: the hands are hidden.")); return; }
    const ids = view.players[t.seat].hand || [];
    if (!ids.length) { hand.replaceChildren(el("p", { class: "face-down" }, view.players[t.seat].leader ? "Your hand is empty." : "Your hand comes once both decks are chosen.")); return; }
    hand.replaceChildren(...ids.map((c, k) => {
      const key = k < 9 ? String(k + 1) : k === 9 ? "0" : null;
      return cardEl(c, { opts: handOptions(c), key, cls: ui.menu && ui.menu.card === c ? "lifted" : "" });
    }));
  }

  // -- before the start: a seat's own decks (deck building) ---------------------------------------------------
  async function matchInfo(force) {
    if (!force && ui.info && Date.now() - ui.infoAt < 1500) return ui.info;
    ui.infoAt = Date.now();
    try { ui.info = await api(`/api/tables/${t.id}`); } catch { /* the next try */ }
    return ui.info;
  }

  function drawWaiting() {
    const info = ui.info;
    const m = info && info.match;
    const rows = [el("h2", {}, m ? `A match to ${m.target} crystals` : "Blue Moon")];
    if (m) rows.push(el("p", {}, `${{ base: "Base decks", quick: "Quick start with emissaries", build: "Deck building with inquisitors" }[m.mode]}; ${m.keep ? "each player keeps the deck of the first game" : "a deck is chosen in secret before every game"}.`));
    if (m && m.mode === "build" && t.seat !== null) {
      const decks = savedDecks().filter((d) => d.inquisitor);
      const boxes = decks.map((d, k) => el("label", { class: "deck-pick" }, el("input", { type: "checkbox", value: String(k), checked: true }), ` ${d.name || "a deck"} (${d.cards.length} cards)`));
      const out = el("p", { class: "hint", id: "decks-status", role: "status" }, ui.decksSent ? "Your decks are saved for this match." : "");
      const bring = el("button", { id: "bring-decks", disabled: !decks.length, onclick: async () => {
        const chosen = boxes.map((b, k) => (b.querySelector("input").checked ? decks[k] : null)).filter(Boolean);
        try {
          const r = await api(`/api/tables/${t.id}/decks`, { token: t.token, decks: chosen });
          ui.decksSent = true;
          out.textContent = `Saved: ${count(r.decks, "deck")}, from game ${r.from_game}.`;
        } catch (e) { out.textContent = `Not saved: ${e.message}`; }
      } }, "Bring these decks");
      rows.push(el("p", {}, decks.length ? "Your decks from the deck builder (they stay your secret):" : "You have no built decks yet: you will choose among the deck builder's own (one per people and inquisitor)."),
        ...boxes, el("p", {}, bring, " ", el("a", { href: "/decks", target: "_blank" }, "Open the deck builder")), out);
    }
    prompt.replaceChildren(el("div", { class: "bm-waiting" }, ...rows));
  }

  // -- the end of a game: on to the next one ------------------------------------------------------------------
  function drawEnd(view) {
    const info = ui.info;
    const m = info && info.match;
    if (!m) { overlay.hidden = true; return; }
    const won = view.crystals || [0, 0];
    const total = m.crystals;
    const lines = [el("h2", {}, t.text || "The game is over."),
      el("p", {}, `This game: ${you(me()) === "You" ? "you" : name(me())} ${count(won[me()], "crystal")}, ${name(other())} ${count(won[other()], "crystal")}.`),
      el("p", { id: "match-total" }, el("strong", {}, `Match: ${you(me()) === "You" ? "you" : name(me())} ${total[me()]} — ${total[other()]} ${name(other())}`), ` (first to ${m.target})`)];
    if (m.status === "abandoned") {
      lines.push(el("p", { class: "match-over", id: "match-over" }, `The match ends here, unfinished: game ${m.games} closed unplayed (no one said ready in time). No one wins it.`),
        el("p", {}, el("a", { href: `/api/matches/${m.id}`, id: "match-record" }, "The match record"), " · ",
          el("a", { href: `/verify?table=${t.id}` }, "Verify this game"), " · ", el("a", { href: "/" }, "Back to the lobby")));
    } else if (m.over) {
      const w = m.winner;
      lines.push(el("p", { class: "match-over", id: "match-over" }, w === t.seat ? "You win the match!" : t.seat === null ? `${name(w)} wins the match.` : `${name(w)} wins the match.`),
        el("p", {}, el("a", { href: `/api/matches/${m.id}`, id: "match-record" }, "The match record"), " · ",
          el("a", { href: `/verify?table=${t.id}` }, "Verify this game"), " · ", el("button", { class: "secondary", onclick: () => { overlay.hidden = true; ui.dismissed = true; } }, "Look at the board")));
    } else if (m.next) {
      const href = `/t/${m.next}${t.token ? `#${t.token}` : ""}`;
      if (ui.goAt === null) ui.goAt = Date.now() + 8000;
      const left = Math.max(0, Math.ceil((ui.goAt - Date.now()) / 1000));
      lines.push(el("p", {}, el("a", { class: "button", href: href, id: "next-game" }, `On to game ${m.game + 1}`), ` — in ${left} s`,
        " · ", el("a", { href: `/verify?table=${t.id}` }, "Verify this game")));
      if (left <= 0 && !ui.going) { ui.going = true; location.href = href; if (location.pathname === `/t/${m.next}`) location.reload(); }
    } else {
      lines.push(el("p", {}, "The next game is being set…"));
    }
    if (ui.dismissed) { overlay.hidden = true; return; }
    overlay.replaceChildren(el("div", { class: "result-card bm-result", role: "dialog", "aria-label": "the game's end" }, ...lines));
    overlay.hidden = false;
  }

  // -- drawing -------------------------------------------------------------------------------------------------
  function render() {
    const view = t.view;
    board.classList.toggle("panel-open", ui.panel !== null);
    for (const [id, panel] of [["piles", pilesPanel], ["log", logPanel]]) panel.classList.toggle("open", ui.panel === id);
    if (ui.sentFor && ui.sentFor !== t.decision) ui.sentFor = null;
    if (ui.menu && !handOptions(ui.menu.card).length) ui.menu = null;
    if (!view) {
      status.replaceChildren(el("span", {}, "Waiting for the players…"));
      opp.replaceChildren(); middle.replaceChildren(); mine.replaceChildren(); hand.replaceChildren();
      drawMatchPanel(null);
      if (!ui.info) matchInfo(true).then(() => { if (!t.view) render(); });
      drawWaiting();
      return;
    }
    drawStatus(view);
    opp.replaceChildren(...playerArea(other(), view));
    drawMiddle(view);
    mine.replaceChildren(...playerArea(me(), view));
    drawPrompt(view);
    drawHand(view);
    drawMatchPanel(view);
    drawPiles(view);
    if (t.status === "ended" || view.over) {
      if (!ui.info || !ui.info.match || (!ui.info.match.next && !ui.info.match.over) || ui.info.status !== "ended") {
        matchInfo(false).then(() => drawEnd(view));
      }
      drawEnd(view);
    } else overlay.hidden = true;
    if (decision()) keepFocus(board, ui.menu ? ".bm-prompt button.menu" : "[data-pick], .bm-prompt .choices button");
  }

  function tick() {
    if (t.view && (t.status === "ended" || t.view.over)) render();
  }

  // -- keys -----------------------------------------------------------------------------------------------------
  function moveFocus(step) {
    const picks = [...board.querySelectorAll("[data-pick], .bm-prompt .choices button")];
    if (!picks.length) return false;
    const i = picks.indexOf(document.activeElement);
    const next = picks[(i + step + picks.length) % picks.length];
    next.focus();
    return true;
  }

  function onKey(e) {
    const k = e.key;
    if (ui.menu) {
      if (k === "Escape") { ui.menu = null; render(); return true; }
      const b = [...board.querySelectorAll(".bm-prompt button.menu")].find((x) => x.dataset.key && x.dataset.key.toLowerCase() === k.toLowerCase());
      if (b) { b.click(); return true; }
    }
    if (/^[0-9]$/.test(k) && t.view && t.seat !== null) {
      const ids = t.view.players[t.seat].hand || [];
      const c = ids[k === "0" ? 9 : Number(k) - 1];
      if (c) { pickCard(c); return true; }
      return false;
    }
    const clickFirst = (sel) => { const b = board.querySelector(sel); if (b) { b.click(); return true; } return false; };
    switch (k.toLowerCase()) {
      case "r": return clickFirst(".choice-retreat, .choice-decline");
      case "p": return clickFirst(".choice-pass, .choice-done, .choice-no_draw");
      case "d": { const b = board.querySelector(".dragon.pick"); if (b) { b.focus(); return true; } return false; }
      case "c": { const b = board.querySelector(".bm-prompt .choices button"); if (b) { b.focus(); return true; } return false; }
      case "l": openPanel("log"); return true;
      case "o": openPanel("piles"); return true;
      case "arrowright": return moveFocus(1);
      case "arrowleft": return moveFocus(-1);
      case "escape": if (ui.panel) { ui.panel = null; render(); return true; } return false;
      default: return false;
    }
  }

  return { render, onKey, tick };
}
