// Moonflight at the table: the market, every player's cards and stacks, the Turn's spin, and every way to
// play — mouse, finger and keyboard. Only what the engine offers can be chosen; any decision without a
// gesture of its own is answered with buttons that carry the engine's texts.
import { count, el } from "../api.js";
import { drawResultCard, keepFocus, lastMoveTracker, moveFocusAmong, revealFocus } from "./board.js";
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
  ["O", "the other players"], ["L", "the log"],
];

function loadCss() {
  if (document.getElementById("mf-css")) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/moonflight.css", id: "mf-css" }));
}

const coins = (n) => `${n} coin${n === 1 ? "" : "s"}`;
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function createBoard(root, t) {
  loadCss();
  const content = await (await fetch("/api/games/moonflight/content")).json();
  const cards = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const jacks = Object.fromEntries(content.jacks.map((j) => [j.id, j]));
  const ui = { lifted: null, menu: null, panel: null, sentFor: null, turnedSeen: null, spinAt: null,
    seenDecision: null, last: null };
  const lastMove = lastMoveTracker(playedAndBought, mergeMarks);
  t.frame.keys(KEYMAP);

  // -- the skeleton ------------------------------------------------------------------------------
  const status = el("div", { class: "mf-status", id: "mf-status" });
  const lastLine = el("p", { class: "last-line", id: "last-move", "aria-live": "polite", hidden: true });
  const market = el("section", { class: "mf-market", id: "market", "aria-label": "the market", "data-group": "market" });
  const prompt = el("div", { class: "prompt mf-prompt", role: "status", "aria-live": "polite" });
  const mine = el("section", { class: "mf-mine", id: "mine", "aria-label": "your table" });
  const hand = el("div", { class: "mf-hand", id: "hand", role: "group", "aria-label": "your hand", "data-group": "hand" });
  const othersPanel = el("section", { class: "panel mf-others", id: "panel-players", tabindex: "-1",
    "aria-label": "the other players" });
  const logPanel = t.frame.logPanel;
  const phoneBar = el("nav", { class: "phone-bar mf-phone-bar", "aria-label": "open the rest of the table" },
    el("button", { id: "open-players", "aria-keyshortcuts": "O", onclick: () => openPanel("players") }, "Players"),
    el("button", { id: "open-log", "aria-keyshortcuts": "L", onclick: () => openPanel("log") }, "Log"),
    el("button", { id: "open-keys", "aria-keyshortcuts": "?", "aria-controls": "keymap", onclick: () => t.frame.toggleKeys() }, "Keys"));
  const overlay = el("div", { class: "overlay", hidden: true });
  const board = el("div", { class: "mf" },
    el("div", { class: "mf-main" }, market, prompt, mine, hand),
    el("aside", { class: "mf-side" }, othersPanel, logPanel), phoneBar, overlay);
  root.replaceChildren(board);
  revealFocus(board);

  // -- the open decision and what answers it -----------------------------------------------------
  const decision = () => (ui.sentFor && ui.sentFor === t.decision ? null : t.decision);
  const options = () => (decision() ? decision().options : []);
  const seatName = (i) => t.frame.name(i);
  const isBot = (i) => t.frame.isBot(i);

  function textOf(o) {
    const vd = t.view && (t.view.decisions || []).find((d) => d.seat === t.seat && d.options);
    const i = vd ? vd.options.findIndex((x) => same(x, o)) : -1;
    return t.frame.named((i >= 0 && vd.texts && vd.texts[i]) || o.join(" "));
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

  // -- the other side's last move: the cards they played, the Market Stacks they bought from ---------
  // `events`: when the two views are also apart by another player's moves, the events of the mover's own, and
  // only the cards they played and the stacks they bought from are theirs
  function playedAndBought(prev, next, by, events = null) {
    const of = (type, key) => new Set((events || []).filter((e) => e.type === type).map((e) => e[key]));
    const uids = of("play", "uid"), stacks = of("purchase", "market");
    const played = [];
    next.players.forEach((pv, i) => {
      const had = new Set(prev.players[i].play.map((pc) => pc.uid));
      for (const pc of pv.play) {
        if (!had.has(pc.uid) && (events === null || uids.has(pc.uid))) played.push({ seat: i, uid: pc.uid, card: pc.card });
      }
    });
    const bought = [];
    next.markets.forEach((mk, m) => {
      const was = prev.markets[m].cards;
      if (mk.cards.length < was.length && (events === null || stacks.has(m))) bought.push({ m, card: was[was.length - 1] });
    });
    return played.length || bought.length ? { played, bought } : null;
  }

  function mergeMarks(a, b) {
    return { played: [...a.played, ...b.played], bought: [...a.bought.filter((x) => !b.bought.some((y) => y.m === x.m)), ...b.bought] };
  }

  function drawLastLine() {
    const last = ui.last;
    lastLine.hidden = !last;
    if (!last) return;
    const parts = [];
    const mine = last.marks.played.filter((x) => x.seat === last.by).map((x) => cards[x.card].name);
    if (mine.length) parts.push(`played ${mine.join(", ")}`);
    if (last.marks.bought.length) {
      parts.push(`bought ${last.marks.bought.map((b) => `${cards[b.card].name} (Market Stack ${b.m})`).join(", ")}`);
    }
    lastLine.replaceChildren(el("strong", {}, `${seatName(last.by)}: `), parts.join("; ") || "moved",
      el("span", { class: "legend" }, " — glowing"));
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
    const tokens = view.tokens ? `Score Mode: ${view.tokens.turn} Turn, ${count(view.tokens.end, "End token")} left` : null;
    status.replaceChildren(...[
      el("span", { class: "round", "data-tip": "A round is an Action phase (Acts until every player passes in a row) and a Reset." },
        `Round ${view.round}`),
      el("span", { class: "phase", id: "phase" }, phase(view)),
      el("span", { class: `side-up ${turned ? "white" : "black"}`, id: "turn-state",
        "data-tip": "The Turn comes at Reset step 4 when a Supply Stack is empty: every card spins 180° and its white end counts (costs, scores, Stability, text)." },
      turned ? "After the Turn: white ends up" : "Before the Turn: black ends up"),
      el("span", { class: "bank", "data-tip": "Coin tokens left in the Supply (40 in all). Gains beyond it are lost." },
        `● ${coins(view.bank)} in the Supply`),
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
      const label = `Market Stack ${m} (${SUIT_NAME[mk.suit] || mk.suit}), ${count(mk.cards.length, "card")}`;
      const tip = top ? cardTip(top, turned, `${label}; top first: ${list}.`) : `${label}: empty.`;
      const bought = ui.last && ui.last.marks.bought.find((b) => b.m === m);
      const lastTip = bought ? `\n${seatName(ui.last.by)} bought ${cards[bought.card].name} here last.` : "";
      const inner = top ? cardEl(top, { turned, tag: "span", focus: false, badge: `×${mk.cards.length}`, spin: spin() })
        : emptyEl("empty", tip);
      // a stack that cannot be picked now is no button: it is there to be read (pointed at, focused)
      return el(opts.length ? "button" : "div", { class: `stack suit-${mk.suit}${opts.length ? " pick" : ""}${bought ? " last-move" : ""}`,
        "data-market": m, tabindex: opts.length ? null : "0",
        "data-tip": tip + lastTip, "aria-label": `${label}${top ? `, top: ${top.name}` : ""}${bought ? `; ${seatName(ui.last.by)} bought ${cards[bought.card].name} here last` : ""}${opts.length ? ". You may pick it." : ""}`,
        ...pickAttrs(`market:${m}`, opts), "aria-keyshortcuts": opts.length ? "S" : null,
        onclick: () => choose(marketOptions(m), `Market Stack ${m}`) },
      inner, el("span", { class: "stack-no", "aria-hidden": "true" }, String(m)));
    });
    // the Supply Stacks, face down, as small counts in the market's head: the market's cards keep one row
    const supplies = Object.entries(view.supply).map(([j, sup]) => el("span", { class: `supply suit-${j}`, tabindex: "0",
      "data-supply": j, "aria-label": `${SUIT_NAME[j]} Supply: ${sup.count} card${sup.count === 1 ? "" : "s"}`,
      "data-tip": `${jacks[j].name}'s Supply Stack (${SUIT_NAME[j]}): ${count(sup.count, "card")} face down. When one is empty at Reset step 4, the Turn comes.` },
    el("span", { class: "supply-name" }, `${SUIT_NAME[j].split(" ")[0]} `), el("strong", {}, String(sup.count))));
    market.replaceChildren(el("div", { class: "mf-market-head" }, el("h2", { class: "mf-h" }, "Market"), status, ...supplies,
      lastLine), el("div", { class: "stacks" }, ...stacks));
    market.classList.toggle("many", stacks.length > 13);  // three or four Jacks: two rows of smaller cards
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
      t.frame.isYou(i) ? el("span", { class: "badge you" }, "you") : null,
      view.first === i ? el("span", { class: "first-marker", "data-tip": "The First Player Marker: this player Acts first this round. It passes to the left at Reset step 7." }, "☾ first") : null,
      acting ? el("span", { class: "acting" }, "deciding…") : null);
  }

  function statsEl(pv, showHand) {
    return el("p", { class: "stats" },
      el("span", { class: "coins", "data-tip": "Coin tokens this player holds. At Reset step 2 all but five go back to the Supply." }, `● ${coins(pv.coins)}`),
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
        ? `${count(pc.settled_count, "Settled card")} on it${pc.settled ? `, topmost last: ${pc.settled.map((x) => cards[x].name).join(", ")}` : ""}.`
        : "";
      const last = ui.last && ui.last.by === i && ui.last.marks.played.some((x) => x.uid === pc.uid);
      return cardEl(c, { turned, tag: opts.length ? "button" : "div", spin: spin(),
        cls: `in-play${opts.length ? " pick" : ""}${pc.settled_count ? " has-settled" : ""}${last ? " last-move" : ""}`,
        badge: pc.settled_count ? `${pc.settled_count} Settled` : null,
        extra: `In play. ${settled}${last ? ` ${seatName(i)} played it last.` : ""}`,
        attrs: { "data-uid": pc.uid, ...pickAttrs(`play:${pc.uid}`, opts),
          "aria-keyshortcuts": opts.some((o) => o[0] === "spend") ? "A" : null },
        onclick: opts.length ? () => choose(playOptions(pc.uid, pc.card), c.name) : undefined });
    });
    return el("div", { class: "play-area", "data-group": `play-${i}`, "aria-label": "cards in play" },
      items.length ? items : [el("p", { class: "none" }, "No cards in play.")]);
  }

  function stacksRow(pv, turned, jackOpts) {
    const j = jacks[pv.jack];
    const jack = jackEl(j, { turned, tag: jackOpts.length ? "button" : "div", spin: spin(),
      cls: jackOpts.length ? "pick small" : "small",
      attrs: { ...pickAttrs("jack", jackOpts), "aria-keyshortcuts": jackOpts.length ? "A" : null },
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
    mine.replaceChildren(el("div", { class: "mine-head" }, playerHead(t.seat, pv, view), statsEl(pv, true)),
      el("div", { class: "mine-row" }, stacksRow(pv, view.turned, jackOptions()),
        el("div", { class: "in-play-box" }, el("h4", { class: "side-label" }, "In play"), playArea(t.seat, pv, view, true))));
    fitMine();
  }

  // Many cards in play must not push your own table out of its box (four players leave it little height):
  // smaller cards first, then one row that scrolls sideways. The phone scrolls the page instead.
  const CROWDED = ["tight", "tighter", "one-row"];
  function fitMine() {
    mine.classList.remove(...CROWDED);
    if (window.matchMedia("(max-width: 760px)").matches) return;
    for (const level of CROWDED) {
      if (mine.scrollHeight - mine.clientHeight <= 1) return;
      mine.classList.add(level);
    }
  }
  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(fitMine, 100); });

  function drawHand(view) {
    if (t.seat === null) { hand.replaceChildren(); return; }
    const pv = view.players[t.seat];
    const items = (pv.hand || []).map((id, i) => {
      const opts = ui.lifted === null ? handOptions(id) : [];
      return cardEl(cards[id], { turned: view.turned, tag: "button", key: i < 9 ? String(i + 1) : "", spin: spin(),
        cls: `in-hand${opts.length ? " pick playable" : ""}${ui.lifted === id ? " lifted" : ""}`, label: String(i + 1),
        attrs: { ...pickAttrs(`hand:${i}`, opts), "aria-pressed": String(ui.lifted === id),
          "aria-keyshortcuts": i < 9 ? String(i + 1) : null },
        onclick: () => clickHand(id) });
    });
    const kept = (pv.kept || []).map((id) => cardEl(cards[id], { turned: view.turned, cls: "in-hand kept", badge: "kept",
      spin: spin(), extra: "Retained: it stays in your hand through this Reset." }));
    hand.replaceChildren(el("h2", { class: "mf-h" }, `Your hand (${pv.hand_count + pv.kept_count})`),
      el("div", { class: "cards" }, ...items, ...kept));
  }

  function drawLog() {
    t.frame.showLog(ui.panel === "log");
  }

  // -- the prompt: what is asked, the clocks, the buttons ----------------------------------------

  const BUTTON_KEY = { spend: "A", build: "B", pass: "P", done: "D" };
  function button(o, cls, label) {
    return el("button", { class: `choice ${cls}`, "data-pick": `opt:${o.join(",")}`, "data-action": o[0],
      "aria-keyshortcuts": BUTTON_KEY[cls] || null, onclick: () => send(o) }, label);
  }

  function askText(d) {
    if (ui.lifted !== null) {
      return `${cards[ui.lifted].name} is lifted: pick where it goes (a ringed card or Market Stack, or a button). Esc puts it back.`;
    }
    if (d.kind === "act") {
      return "Your Act: play a card from your hand (1–9), shop at a ringed Market Stack (S), Spend (A), Build (B) or Pass (P).";
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
      parts.push(el("p", {}, t.frame.waiting(view.decisions)));
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
    prompt.replaceChildren(t.frame.clocks(), ...parts);
  }

  function drawResult(view) {
    overlay.hidden = !view.over || !!ui.overlayClosed;
    if (!view.over) return;
    const rows = () => view.players.map((pv, i) => el("li", {},
      `${seatName(i)} (${jacks[pv.jack].name}): score ${view.scores ? view.scores[i] : "?"}, ${coins(pv.coins)}` +
      `${i === view.winner ? " — wins" : ""}`));
    drawResultCard(overlay, t, {
      drawn: `${t.text}|${t.seed}`,  // the result's words and the seed come just after the last move
      parts: () => [el("h2", {}, t.text || "The game is over"), el("ol", { class: "scores" }, ...rows()),
        view.title ? el("p", {}, `Title: ${view.title}`) : null,
        t.seed ? el("p", {}, "The seed: ", el("code", {}, t.seed)) : null],
      lobby: "Back to the lobby", look: "Look at the table (Esc)",
      onLook: () => { ui.overlayClosed = true; render(); },
    });
  }

  // -- the whole board ---------------------------------------------------------------------------
  function render() {
    const view = t.view;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.pick : undefined;
    board.classList.toggle("panel-open", !!ui.panel);
    if (!view) { prompt.textContent = t.status === "waiting" ? "The game starts when every seat is ready." : "…"; return; }
    if (ui.turnedSeen === null) ui.turnedSeen = view.turned;  // a page opened after the Turn does not spin
    else if (view.turned && !ui.turnedSeen) { ui.turnedSeen = true; ui.spinAt = performance.now(); }
    board.classList.toggle("turned", view.turned);
    if (ui.lifted !== null && !handOptions(ui.lifted).length) ui.lifted = null;
    if (ui.menu && !ui.menu.opts.every((o) => options().some((x) => same(x, o)))) ui.menu = null;
    ui.last = lastMove.see(view, t.seat, t.moves || []);
    drawStatus(view); drawLastLine(); drawMarket(view); drawOthers(view); drawMine(view); drawHand(view); drawLog();
    drawPrompt(view); drawResult(view);
    if (focused) {
      const again = board.querySelector(`[data-pick="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
    if (decision() !== ui.seenDecision) {  // a new question: its own buttons are the next thing to press
      ui.seenDecision = decision();
      if (decision() && decision().kind !== "act") keepFocus(board, ".mf-prompt button.choice:not(.done):not(.pass), .mf .pick");
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

  const moveFocus = (step, within) => moveFocusAmong(picks(), step, within);

  function act(kind) {
    const o = options().find((x) => (kind === "done" ? DONE.has(x[0]) : x[0] === kind));
    if (o) send(o);
    else if (decision()) t.say(`${kind === "done" ? "Done" : kind[0].toUpperCase() + kind.slice(1)} is not possible now.`);
    return true;
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (k === "Escape") {  // nothing to put back: the frame takes back the last move, if it may
      if (ui.menu) ui.menu = null; else if (ui.lifted !== null) ui.lifted = null;
      else if (!overlay.hidden) ui.overlayClosed = true; else if (ui.panel) ui.panel = null; else return false;
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
    if (ui.spinAt !== null && spin() === null) {  // the spin is over
      ui.spinAt = null;
      for (const x of board.querySelectorAll(".spinning")) x.classList.remove("spinning");
    }
  }

  return { render, onKey, tick };
}
