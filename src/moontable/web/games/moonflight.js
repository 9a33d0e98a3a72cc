// Moonflight at the table: the market, every player's cards and stacks, the Turn's spin, and every way to
// play — mouse, finger and keyboard. Only what the engine offers can be chosen; any decision without a
// gesture of its own is answered with buttons that carry the engine's texts.
import { el } from "../api.js";
import { clockText, drawLogPanel } from "./board.js";
import { hideTooltip } from "../tooltip.js";
import { SPIN_MS, SUIT_NAME, backEl, cardEl, cardTip, emptyEl, jackEl } from "./mfcards.js";

// decisions whose ["card", id] options are cards in the deciding player's hand
const HAND_KINDS = new Set(["discard", "pay", "trash_hand", "trash_any", "redraw", "sell"]);
const DONE = new Set(["done", "rest"]);
const KEYMAP = [
  ["1–9", "play (or pick) that card of your hand"], ["S", "shop: go to the Market Stacks you can buy"],
  ["A", "go to the Spend abilities you can use"], ["B", "Build"], ["P", "Pass"],
  ["D", "Done (or: the rest in the order played)"],
  ["Tab, arrows", "move between what you may pick now (arrows stay in the market, hand or buttons)"],
  ["Enter", "pick it"], ["Esc", "back: put a lifted card down, close a panel"], ["H", "go to your hand"],
  ["O", "the other players"], ["L", "the log"], ["M", "sound off / on"], ["?", "this key map"],
];

function loadCss() {
  if (document.getElementById("mf-css")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/moonflight.css", id: "mf-css" }));
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function createBoard(root, t) {
  loadCss();
  const content = await (await fetch("/api/games/moonflight/content")).json();
  const cards = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const jacks = Object.fromEntries(content.jacks.map((j) => [j.id, j]));
  const ui = { lifted: null, menu: null, panel: null, keymap: false, sentFor: null, turnedSeen: null, spinAt: null };

  // -- the skeleton ------------------------------------------------------------------------------
  const status = el("div", { class: "mf-status", id: "mf-status" });
  const market = el("section", { class: "mf-market", id: "market", "aria-label": "the market", "data-group": "market" });
  const prompt = el("div", { class: "prompt mf-prompt", role: "status", "aria-live": "polite" });
  const mine = el("section", { class: "mf-mine", id: "mine", "aria-label": "your table" });
  const hand = el("div", { class: "mf-hand", id: "hand", role: "group", "aria-label": "your hand", "data-group": "hand" });
  const othersPanel = el("section", { class: "panel mf-others", id: "panel-players", tabindex: "-1",
    "aria-label": "the other players" });
  const logPanel = el("section", { class: "panel", id: "panel-log", tabindex: "-1", "aria-label": "the log" });
  const phoneBar = el("nav", { class: "phone-bar mf-phone-bar", "aria-label": "open the rest of the table" },
    el("button", { id: "open-players", onclick: () => openPanel("players") }, "Players"),
    el("button", { id: "open-log", onclick: () => openPanel("log") }, "Log"),
    el("button", { id: "open-keys", onclick: () => { ui.keymap = !ui.keymap; render(); } }, "Keys"));
  const overlay = el("div", { class: "overlay", hidden: true });
  const keymapBox = el("div", { class: "keymap", hidden: true, role: "dialog", "aria-label": "key map" });
  const board = el("div", { class: "mf" },
    el("div", { class: "mf-main" }, status, market, prompt, mine, hand),
    el("aside", { class: "mf-side" }, othersPanel, logPanel), phoneBar, overlay, keymapBox);
  root.replaceChildren(board);

  // -- the open decision and what answers it -----------------------------------------------------
  const decision = () => (ui.sentFor && ui.sentFor === t.decision ? null : t.decision);
  const options = () => (decision() ? decision().options : []);
  const seatName = (i) => { const s = t.seats.find((x) => x.seat === i); return s ? s.name : `seat ${i}`; };
  const isBot = (i) => { const s = t.seats.find((x) => x.seat === i); return !!(s && s.bot); };

  function textOf(o) {
    const vd = t.view && (t.view.decisions || []).find((d) => d.seat === t.seat && d.options);
    const i = vd ? vd.options.findIndex((x) => same(x, o)) : -1;
    return (i >= 0 && vd.texts && vd.texts[i]) || o.join(" ");
  }

  const handOptions = (id) => {
    const d = decision();
    if (!d) return [];
    return options().filter((o) => o[1] === id && (o[0] === "play" || o[0] === "keep" || o[0] === "set"
      || o[0] === "return" || (o[0] === "card" && HAND_KINDS.has(d.kind))));
  };
  const marketOptions = (m) => options().filter((o) => ((o[0] === "shop" || o[0] === "market") && o[1] === m)
    || (o[0] === "return" && o[1] === ui.lifted && o[2] === m));
  const playOptions = (uid, card) => options().filter((o) => (ui.lifted === null
    && (((o[0] === "spend" || o[0] === "play" || o[0] === "settled") && o[1] === uid) || (o[0] === "first" && o[1] === card)))
    || (o[0] === "set" && o[1] === ui.lifted && o[2] === uid));
  const jackOptions = () => (ui.lifted === null ? options().filter((o) => o[0] === "spend" && o[1] === -1) : []);
  const seatOptions = (i) => options().filter((o) => o[0] === "seat" && o[1] === i);

  function send(action) {
    ui.lifted = null;
    ui.menu = null;
    ui.sentFor = t.decision;  // until the table answers, this decision is spent
    hideTooltip();
    t.send(action);
    render();
  }

  /** Several options behind one gesture: one goes at once; more ask which, as buttons. */
  function choose(opts, what) {
    if (opts.length === 1) { send(opts[0]); return; }
    if (opts.length > 1) { ui.menu = { what, opts }; render(); focusFirst(".mf-prompt button.menu"); return; }
    if (decision()) t.say(`${what} cannot be used now.`);
  }

  function clickHand(id) {
    if (ui.lifted === id) { ui.lifted = null; render(); return; }
    const opts = handOptions(id);
    const targeted = opts.filter((o) => o[0] === "set" || o[0] === "return");
    if (targeted.length > 1) {  // Set onto which card, or onto which Market Stack: lift it, then pick
      ui.lifted = id;
      ui.menu = null;
      render();
      focusFirst(".mf .pick");
      return;
    }
    choose(opts, cards[id].name);
  }

  function openPanel(id) {
    const panel = { players: othersPanel, log: logPanel }[id];
    ui.panel = ui.panel === id ? null : id;
    render();
    if (ui.panel) { panel.scrollIntoView({ block: "nearest" }); panel.focus(); }
  }

  // -- drawing -----------------------------------------------------------------------------------
  function spin() {
    if (ui.spinAt === null) return null;
    const ms = performance.now() - ui.spinAt;
    return ms < SPIN_MS ? ms : null;
  }

  function pickAttrs(key, opts) {
    return opts.length ? { "data-pick": key } : {};
  }

  function phase(view) {
    if (view.over) return "The End";
    if (view.stack.some((f) => f[0] === "actions")) {
      return view.active === t.seat ? "Action: your Act" : `Action: ${seatName(view.active)}'s Act`;
    }
    const r = view.stack.find((f) => f[0] === "reset");
    return r ? `Reset, step ${r[1]}` : "Set-up";
  }

  function drawStatus(view) {
    const turned = view.turned;
    const tokens = view.tokens ? `Score Mode: ${view.tokens.turn} Turn, ${view.tokens.end} End token(s) left` : null;
    status.replaceChildren(...[
      el("span", { class: "round", "data-tip": "A round is an Action phase (Acts until every player passes in a row) and a Reset." },
        `Round ${view.round}`),
      el("span", { class: "phase", id: "phase" }, phase(view)),
      el("span", { class: `side-up ${turned ? "white" : "black"}`, id: "turn-state",
        "data-tip": "The Turn comes at Reset step 4 when a Supply Stack is empty: every card spins 180° and its white end counts (costs, scores, Stability, text)." },
      turned ? "After the Turn: white ends up" : "Before the Turn: black ends up"),
      el("span", { class: "bank", "data-tip": "Coin tokens left in the Supply (40 in all). Gains beyond it are lost." },
        `Supply: ${view.bank} coin tokens`),
      tokens ? el("span", { class: "tokens", id: "score-tokens" }, tokens) : null,
      view.ai_seats.length ? el("span", { class: "tokens", id: "ai-mode",
        "data-tip": "The rulebook's AI Mode: the other Jacks follow their AI cards, and the first seat wins only if its Jack wins." },
      "AI Mode") : null].filter(Boolean));
  }

  function drawMarket(view) {
    const turned = view.turned;
    const stacks = view.markets.map((mk, m) => {
      const top = mk.cards.length ? cards[mk.cards[mk.cards.length - 1]] : null;
      const opts = marketOptions(m);
      const list = mk.cards.slice().reverse().map((c) => cards[c].name).join(", ");
      const label = `Market Stack ${m} (${SUIT_NAME[mk.suit] || mk.suit}), ${mk.cards.length} card(s)`;
      const tip = top ? cardTip(top, turned, `${label}; top first: ${list}.`) : `${label}: empty.`;
      const inner = top ? cardEl(top, { turned, tag: "span", focus: false, badge: `×${mk.cards.length}`, spin: spin() })
        : emptyEl("empty", tip);
      return el("button", { class: `stack suit-${mk.suit}${opts.length ? " pick" : ""}`, "data-market": m,
        "data-tip": tip, "aria-label": `${label}${top ? `, top: ${top.name}` : ""}${opts.length ? ". You may pick it." : ""}`,
        ...pickAttrs(`market:${m}`, opts), onclick: () => choose(marketOptions(m), `Market Stack ${m}`) },
      el("span", { class: "stack-label" }, `${m} · ${SUIT_NAME[mk.suit] || mk.suit}`), inner);
    });
    const supplies = Object.entries(view.supply).map(([j, sup]) => backEl(sup.count, `${SUIT_NAME[j]} Supply`,
      `${jacks[j].name}'s Supply Stack: ${sup.count} card(s) face down. When one is empty at Reset step 4, the Turn comes.`,
      { "data-supply": j }));
    market.replaceChildren(el("h2", { class: "mf-h" }, "Market"), el("div", { class: "stacks" }, ...stacks, ...supplies));
  }

  function pileEl(ids, label, turned, tipWhat) {
    if (!ids.length) return emptyEl(label, `${tipWhat}: empty.`);
    const top = cards[ids[ids.length - 1]];
    const all = ids.slice().reverse().map((c) => cards[c].name).join(", ");
    return cardEl(top, { turned, cls: "pile small", badge: `${label} ${ids.length}`, spin: spin(),
      extra: `${tipWhat} (${ids.length}), top first: ${all}.`, label: `${label} (${ids.length})` });
  }

  function playerHead(i, pv, view) {
    const acting = (view.decisions || []).some((d) => d.seat === i);
    return el("h3", { class: "player-head" }, `${seatName(i)} — ${jacks[pv.jack].name.replace("Jack O' ", "")}`,
      isBot(i) ? el("span", { class: "badge" }, "BOT") : null,
      i === t.seat ? el("span", { class: "badge you" }, "you") : null,
      view.first === i ? el("span", { class: "first-marker", "data-tip": "The First Player Marker: this player Acts first this round. It passes to the left at Reset step 7." }, "☾ first") : null,
      acting ? el("span", { class: "acting" }, "deciding…") : null);
  }

  function statsEl(pv, showHand) {
    return el("p", { class: "stats" },
      el("span", { class: "coins", "data-tip": "Coin tokens this player holds. At Reset step 2 all but five go back to the Supply." }, `● ${pv.coins} coins`),
      showHand ? el("span", { class: "hand-count" }, `hand ${pv.hand_count}`) : null,
      el("span", { class: "limits", "data-tip": "Hand limit: Reset step 3 draws up to it. Retain limit: how many cards may stay in hand at Reset step 2." },
        `hand limit ${pv.hand_limit} · retain limit ${pv.retain_limit}`),
      pv.built ? el("span", { class: "built", "data-tip": "Built this round (once per round)." }, "built") : null);
  }

  function playArea(i, pv, view, clickable) {
    const turned = view.turned;
    const items = pv.play.map((pc) => {
      const c = cards[pc.card];
      const opts = clickable ? playOptions(pc.uid, pc.card) : [];
      const settled = pc.settled_count
        ? `${pc.settled_count} Settled card(s) on it${pc.settled ? `, topmost last: ${pc.settled.map((x) => cards[x].name).join(", ")}` : ""}.`
        : "";
      return cardEl(c, { turned, tag: clickable ? "button" : "div", spin: spin(),
        cls: `in-play${opts.length ? " pick" : ""}${pc.settled_count ? " has-settled" : ""}`,
        badge: pc.settled_count ? `${pc.settled_count} Settled` : null, extra: `In play (#${pc.uid}). ${settled}`,
        attrs: { "data-uid": pc.uid, ...pickAttrs(`play:${pc.uid}`, opts) },
        onclick: clickable ? () => choose(playOptions(pc.uid, pc.card), c.name) : undefined });
    });
    return el("div", { class: "play-area", "data-group": `play-${i}`, "aria-label": "cards in play" },
      items.length ? items : [el("p", { class: "none" }, "No cards in play.")]);
  }

  function stacksRow(pv, turned, jackOpts) {
    const j = jacks[pv.jack];
    const jack = jackEl(j, { turned, tag: jackOpts.length ? "button" : "div", spin: spin(),
      cls: jackOpts.length ? "pick small" : "small", attrs: pickAttrs("jack", jackOpts),
      onclick: jackOpts.length ? () => choose(jackOptions(), j.name) : undefined });
    return el("div", { class: "stacks-row" }, jack,
      backEl(pv.deck_count, "Draw Deck", "The Draw Deck, face down. Drawing from an empty one shuffles the Discard Stack into a new one.", { "data-deck": "" }),
      pileEl(pv.discard, "Discard", turned, "Discard Stack"), pileEl(pv.trash, "Trash", turned, "Trash Stack"));
  }

  function drawOthers(view) {
    const rows = view.players.map((pv, i) => {
      if (i === t.seat) return null;
      const opts = seatOptions(i);
      return el("div", { class: `player${opts.length ? " pick-player" : ""}`, "data-seat": i },
        playerHead(i, pv, view), statsEl(pv, true), stacksRow(pv, view.turned, []),
        el("h4", {}, "In play"), playArea(i, pv, view, false),
        opts.length ? el("button", { class: "pick", "data-pick": `seat:${i}`, onclick: () => send(opts[0]) },
          `Target ${seatName(i)}`) : null);
    }).filter(Boolean);
    othersPanel.replaceChildren(el("h2", {}, "Players"),
      ...(rows.length ? rows : [el("p", {}, "No other players: you play alone.")]));
    othersPanel.classList.toggle("open", ui.panel === "players");
  }

  function drawMine(view) {
    if (t.seat === null) { mine.replaceChildren(); return; }
    const pv = view.players[t.seat];
    mine.replaceChildren(playerHead(t.seat, pv, view), statsEl(pv, false),
      stacksRow(pv, view.turned, jackOptions()), el("h4", {}, "In play"), playArea(t.seat, pv, view, true));
  }

  function drawHand(view) {
    if (t.seat === null) { hand.replaceChildren(); return; }
    const pv = view.players[t.seat];
    const items = (pv.hand || []).map((id, i) => {
      const opts = ui.lifted === null ? handOptions(id) : [];
      return cardEl(cards[id], { turned: view.turned, tag: "button", key: i < 9 ? String(i + 1) : "", spin: spin(),
        cls: `in-hand${opts.length ? " pick playable" : ""}${ui.lifted === id ? " lifted" : ""}`, label: String(i + 1),
        attrs: { ...pickAttrs(`hand:${i}`, opts), "aria-pressed": String(ui.lifted === id) },
        onclick: () => clickHand(id) });
    });
    const kept = (pv.kept || []).map((id) => cardEl(cards[id], { turned: view.turned, cls: "in-hand kept", badge: "kept",
      spin: spin(), extra: "Retained: it stays in your hand through this Reset." }));
    hand.replaceChildren(el("h2", { class: "mf-h" }, `Your hand (${pv.hand_count + pv.kept_count})`),
      el("div", { class: "cards" }, ...items, ...kept));
  }

  function drawLog() {
    drawLogPanel(logPanel, t.log, ui.panel === "log");
  }

  // -- the prompt: what is asked, the clocks, the buttons ----------------------------------------

  function button(o, cls, label) {
    return el("button", { class: `choice ${cls}`, "data-pick": `opt:${o.join(",")}`, "data-action": o[0],
      onclick: () => send(o) }, label);
  }

  function askText(d) {
    if (ui.lifted !== null) {
      return `${cards[ui.lifted].name} is lifted: pick where it goes (a ringed card or Market Stack, or a button). Esc puts it back.`;
    }
    if (d.kind === "act") {
      return "Your Act: play a card from your hand (1–9), shop at a ringed Market Stack (S), use a Spend ability (A), Build (B) or Pass (P).";
    }
    return `${d.prompt[0].toUpperCase()}${d.prompt.slice(1)}.`;
  }

  function drawPrompt(view) {
    const d = decision();
    const parts = [];
    if (view.over) {
      parts.push(el("p", { class: "result", id: "result" }, t.text || "The game is over."));
    } else if (!d && ui.sentFor && ui.sentFor === t.decision) {
      parts.push(el("p", { class: "sending" }, "Sending…"));
    } else if (!d) {
      const waiting = (view.decisions || []).map((x) => `${seatName(x.seat)}${isBot(x.seat) ? " (bot)" : ""}`).join(", ");
      parts.push(el("p", {}, t.seat === null ? `Watching. ${waiting} to decide.` : `Waiting for ${waiting || "the table"}…`));
    } else {
      parts.push(el("p", { class: "ask" }, askText(d)));
      const row = el("div", { class: "choices", "data-group": "buttons" });
      if (ui.menu) {
        row.append(el("span", { class: "hint" }, `${ui.menu.what}: which?`),
          ...ui.menu.opts.map((o) => button(o, "menu", textOf(o))));
      } else if (ui.lifted !== null) {
        row.append(...options().filter((o) => (o[0] === "set" || o[0] === "return") && o[1] === ui.lifted)
          .map((o) => button(o, "target", textOf(o))));
      } else {
        for (const o of options()) {
          if (d.kind === "act" && (o[0] === "play" || o[0] === "shop")) continue;  // the hand and the market
          if (o[0] === "spend") row.append(button(o, "spend", `${textOf(o)} (A)`));
          else if (o[0] === "build") row.append(button(o, "build", "Build (B)"));
          else if (o[0] === "pass") row.append(button(o, "pass", "Pass (P)"));
          else if (DONE.has(o[0])) row.append(button(o, "done", `${textOf(o)} (D)`));
          else row.append(button(o, "other", textOf(o)));
        }
      }
      parts.push(row);
    }
    const clocks = (t.clocks || []).map((c) => el("span", { class: `clock${c.seat === t.seat ? " mine" : ""}`,
      "data-deadline": c.deadline, "data-tip": "Each decision has 90 seconds. When it runs out, the table makes a safe move." },
    `${seatName(c.seat)}${isBot(c.seat) ? " (bot)" : ""} ${clockText(c.deadline, t.now())}`));
    prompt.replaceChildren(el("div", { class: "clocks" }, ...clocks), ...parts);
  }

  function drawResult(view) {
    overlay.hidden = !view.over;
    if (!view.over) return;
    const rows = view.players.map((pv, i) => el("li", {},
      `${seatName(i)} (${jacks[pv.jack].name}): score ${view.scores ? view.scores[i] : "?"}, ${pv.coins} coins` +
      `${i === view.winner ? " — wins" : ""}`));
    overlay.replaceChildren(el("div", { class: "result-card", role: "dialog", "aria-label": "the result" },
      el("h2", {}, t.text || "The game is over"),
      el("ol", { class: "scores", start: "0" }, ...rows),
      view.title ? el("p", {}, `Title: ${view.title}`) : null,
      t.seed ? el("p", {}, "The seed: ", el("code", {}, t.seed)) : null,
      el("p", {}, el("a", { class: "button", href: `/verify?table=${t.id}`, id: "verify-game" }, "Verify this game"),
        " ", el("a", { class: "button secondary", href: "/" }, "Back to the lobby"),
        " ", el("button", { class: "secondary", onclick: () => { overlay.hidden = true; } }, "Look at the table"))));
  }

  // -- the whole board ---------------------------------------------------------------------------
  function render() {
    const view = t.view;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.pick : undefined;
    board.classList.toggle("panel-open", !!ui.panel);
    keymapBox.hidden = !ui.keymap;
    keymapBox.replaceChildren(el("h2", {}, "Keys"), el("dl", {}, ...KEYMAP.flatMap(([key, what]) =>
      [el("dt", {}, key), el("dd", {}, what)])));
    if (!view) { prompt.textContent = t.status === "waiting" ? "The game starts when every seat is ready." : "…"; return; }
    if (ui.turnedSeen === null) ui.turnedSeen = view.turned;  // a page opened after the Turn does not spin
    else if (view.turned && !ui.turnedSeen) { ui.turnedSeen = true; ui.spinAt = performance.now(); }
    board.classList.toggle("turned", view.turned);
    if (ui.lifted !== null && !handOptions(ui.lifted).length) ui.lifted = null;
    if (ui.menu && !ui.menu.opts.every((o) => options().some((x) => same(x, o)))) ui.menu = null;
    drawStatus(view); drawMarket(view); drawOthers(view); drawMine(view); drawHand(view); drawLog();
    drawPrompt(view); drawResult(view);
    if (focused) {
      const again = board.querySelector(`[data-pick="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  // -- the keyboard ------------------------------------------------------------------------------
  function picks() {
    return [...board.querySelectorAll("[data-pick]")].filter((x) => x.offsetParent !== null || x === document.activeElement);
  }

  function focusFirst(selector) {
    const x = board.querySelector(selector);
    if (x) x.focus();
    return !!x;
  }

  function moveFocus(step, within) {
    let list = picks();
    if (!list.length) return false;
    const cur = document.activeElement;
    const group = within && cur && cur.closest && cur.closest("[data-group]");
    if (group && list.includes(cur)) list = list.filter((x) => group.contains(x));
    const i = list.indexOf(cur);
    list[i < 0 ? (step > 0 ? 0 : list.length - 1) : (i + step + list.length) % list.length].focus();
    return true;
  }

  function act(kind) {
    const o = options().find((x) => (kind === "done" ? DONE.has(x[0]) : x[0] === kind));
    if (o) send(o);
    else if (decision()) t.say(`${kind === "done" ? "Done" : kind[0].toUpperCase() + kind.slice(1)} is not possible now.`);
    return true;
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (k === "?") { ui.keymap = !ui.keymap; render(); return true; }
    if (k === "Escape") {
      if (ui.menu) ui.menu = null; else if (ui.lifted !== null) ui.lifted = null;
      else if (ui.keymap) ui.keymap = false; else ui.panel = null;
      render(); return true;
    }
    if (k === "Enter" || k === " ") return false;  // the focused button answers
    if (/^[1-9]$/.test(k)) {
      const ids = (t.view && t.seat !== null && t.view.players[t.seat].hand) || [];
      const id = ids[Number(k) - 1];
      if (id !== undefined) clickHand(id);
      return true;
    }
    if (k === "s") {
      if (!focusFirst("#market .pick")) t.say("No Market Stack can be picked now.");
      return true;
    }
    if (k === "a") {
      if (!focusFirst(".mf-prompt button.spend")) t.say("No Spend ability can be used now.");
      return true;
    }
    if (k === "b") return act("build");
    if (k === "p") return act("pass");
    if (k === "d") return act("done");
    if (k === "Tab") return moveFocus(e.shiftKey ? -1 : 1, false);
    if (k.startsWith("Arrow")) return moveFocus(k === "ArrowLeft" || k === "ArrowUp" ? -1 : 1, true);
    if (k === "h") {
      if (!focusFirst("#hand button")) t.say("Your hand is empty.");
      return true;
    }
    if (k === "o") { openPanel("players"); return true; }
    if (k === "l") { openPanel("log"); return true; }
    return false;
  }

  function tick() {
    for (const c of prompt.querySelectorAll(".clock")) {
      c.textContent = c.textContent.replace(/\d+:\d\d$/, clockText(Number(c.dataset.deadline), t.now()));
    }
    if (ui.spinAt !== null && spin() === null) {  // the spin is over
      ui.spinAt = null;
      for (const x of board.querySelectorAll(".spinning")) x.classList.remove("spinning");
    }
  }

  return { render, onKey, tick };
}
