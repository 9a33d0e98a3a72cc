// The Blue Moon deck builder: pick a leader (and an inquisitor or an emissary), add and take out cards, and read
// every deck rule the deck breaks, by its ID and in words — the engine's own checks, asked of the server at
// each change. Decks are saved as plain JSON: in this browser (the lobby and the table bring them to a match)
// and as a file to download; a file can be loaded back.
import { api, el } from "./api.js";
import { cardFace, cardTip, savedDecks } from "./games/bluemoon.js";

const FORMAT = "moontable-bluemoon-deck/1";
const DECKS_KEY = "moontable.bluemoon.decks";
const KIND = { character: "Characters", booster: "Boosters", support: "Supports", leadership: "Leadership cards",
  hyla: "Hyla cards", crystal: "Crystal cards" };

function storeDecks(list) { localStorage.setItem(DECKS_KEY, JSON.stringify(list)); }

export async function showDeckBuilder(app) {
  if (!document.getElementById("bm-css")) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/games/bluemoon.css", id: "bm-css" }));
  }
  const content = await (await fetch("/api/games/bluemoon/content")).json();
  const cards = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const peopleOf = Object.fromEntries(content.peoples.map((p) => [p.leader.id, p]));
  const inquisitors = Object.fromEntries(content.inquisitors.map((q) => [q.id, q]));
  const emissaries = Object.fromEntries(content.emissaries.map((q) => [q.id, q]));

  const deck = { format: FORMAT, name: "My deck", leader: content.peoples[0].leader.id, inquisitor: content.inquisitors[0].id,
    emissary: null, cards: [] };
  let mode = "build";
  let checkSeq = 0;

  const modeSel = el("select", { id: "db-mode", "aria-label": "mode" },
    el("option", { value: "build" }, "Deck building with an inquisitor"),
    el("option", { value: "base" }, "Base deck"), el("option", { value: "quick" }, "Quick start with an emissary"));
  const leaderSel = el("select", { id: "db-leader", "aria-label": "leader" },
    ...content.peoples.map((p) => el("option", { value: p.leader.id }, `${p.leader.name} — ${p.name}`)));
  const inqSel = el("select", { id: "db-inquisitor", "aria-label": "inquisitor" },
    el("option", { value: "" }, "(no inquisitor)"), ...content.inquisitors.map((q) => el("option", { value: q.id }, q.name)));
  const emSel = el("select", { id: "db-emissary", "aria-label": "emissary" },
    el("option", { value: "" }, "(no emissary)"), ...content.emissaries.map((q) => el("option", { value: q.id }, q.name)));
  const nameIn = el("input", { id: "db-name", value: deck.name, maxlength: "60", "aria-label": "the deck's name" });
  const sideNote = el("p", { class: "hint", id: "db-side" });
  const peopleFilter = el("select", { id: "db-filter-people", "aria-label": "show the cards of" },
    el("option", { value: "" }, "every people"), ...content.peoples.map((p) => el("option", { value: p.id }, p.name)),
    el("option", { value: "none" }, "the envoys' cards (no people)"));
  const kindFilter = el("select", { id: "db-filter-kind", "aria-label": "kind of card" },
    el("option", { value: "" }, "every kind"), ...Object.entries(KIND).map(([k, v]) => el("option", { value: k }, v)));
  const search = el("input", { id: "db-search", placeholder: "Find a card", "aria-label": "find a card by name or text" });
  const catalogue = el("div", { class: "db-catalogue", id: "db-catalogue", role: "list", "aria-label": "cards to add" });
  const deckList = el("div", { class: "db-deck", id: "db-deck", role: "list", "aria-label": "the cards in the deck" });
  const counts = el("p", { class: "db-counts", id: "db-counts" });
  const verdict = el("div", { class: "db-verdict", id: "db-verdict", role: "status", "aria-live": "polite" });
  const savedBox = el("div", { class: "db-saved", id: "db-saved" });
  const fileIn = el("input", { type: "file", accept: ".json,application/json", id: "db-file", "aria-label": "load a deck file" });
  const note = el("p", { class: "hint", id: "db-note", role: "status" });

  function size() {
    const p = peopleOf[deck.leader];
    if (mode === "quick") return 40;
    if (mode === "base") return p.leader.deck_size;
    return p.leader.deck_size + (inquisitors[deck.inquisitor] ? inquisitors[deck.inquisitor].deck_size : 0);
  }
  function allowance() {
    const p = peopleOf[deck.leader];
    if (mode === "quick") return null;
    return p.leader.moons + (mode === "build" && inquisitors[deck.inquisitor] ? inquisitors[deck.inquisitor].moons : 0);
  }
  const foreign = () => deck.cards.filter((c) => cards[c] && cards[c].people !== peopleOf[deck.leader].id)
    .reduce((n, c) => n + cards[c].moons, 0);

  function toggle(c) {
    const i = deck.cards.indexOf(c);
    if (i >= 0) deck.cards.splice(i, 1); else deck.cards.push(c);
    draw();
  }

  function tile(c, inDeck) {
    const card = cards[c];
    return el("button", { class: `bmcard db-card kind-${card.kind} people-${card.people || "none"}${inDeck ? " in-deck" : ""}`,
      "data-card": c, role: "listitem", "aria-pressed": String(inDeck), "data-tip": `${cardTip(card)}\n${inDeck ? "Click to take it out." : "Click to add it."}`,
      "aria-label": `${card.name} (${card.label})${inDeck ? ", in the deck: take it out" : ": add it"}`, onclick: () => toggle(c) },
    ...cardFace(card, content, { text: true }));
  }

  function drawCatalogue() {
    const q = search.value.trim().toLowerCase();
    const shown = content.cards.filter((c) => (!peopleFilter.value || (c.people || "none") === peopleFilter.value)
      && (!kindFilter.value || c.kind === kindFilter.value)
      && (!q || c.name.toLowerCase().includes(q) || (c.text || "").toLowerCase().includes(q)));
    catalogue.replaceChildren(...shown.map((c) => tile(c.id, deck.cards.includes(c.id))));
  }

  function drawDeck() {
    const sorted = deck.cards.slice().sort((a, b) => (cards[a] && cards[b] ? cards[a].label.localeCompare(cards[b].label) : 0));
    deckList.replaceChildren(...(sorted.length ? sorted.filter((c) => cards[c]).map((c) => tile(c, true))
      : [el("p", { class: "hint" }, "No cards yet: add them from the list, or start from the people's own deck.")]));
    const allow = allowance();
    counts.replaceChildren(el("strong", {}, `${deck.cards.length} / ${size()} cards`),
      allow === null ? " · no moons limit in the quick start" : ` · moons on cards not of ${peopleOf[deck.leader].name}: ${foreign()} / ${allow}`);
    const p = peopleOf[deck.leader];
    const side = [`${p.leader.name}: deck size ${p.leader.deck_size}, moons ${p.leader.moons}.`];
    if (mode === "build" && inquisitors[deck.inquisitor]) side.push(inquisitors[deck.inquisitor].text);
    if (mode === "quick" && emissaries[deck.emissary]) side.push(emissaries[deck.emissary].text);
    sideNote.textContent = side.join(" ");
  }

  async function check() {
    const seq = ++checkSeq;
    try {
      const r = await api("/api/bluemoon/decks/check", { deck: fileOf(), mode });
      if (seq !== checkSeq) return;
      verdict.className = `db-verdict ${r.ok ? "ok" : "bad"}`;
      verdict.replaceChildren(r.ok ? el("p", { id: "db-legal" }, `A legal deck: ${r.cards} cards.`)
        : el("div", {}, el("p", {}, `${r.problems.length} deck rule${r.problems.length > 1 ? "s" : ""} broken:`),
          el("ul", { id: "db-problems" }, ...r.problems.map((x) => el("li", { "data-rule": x.rule }, el("strong", {}, x.rule), ` — ${x.text}`)))));
    } catch (e) { verdict.textContent = `The check did not answer: ${e.message}`; }
  }

  function fileOf() {
    return { format: FORMAT, name: deck.name, leader: deck.leader, inquisitor: mode === "build" ? deck.inquisitor || null : null,
      emissary: mode === "quick" ? deck.emissary || null : null, cards: deck.cards.slice() };
  }

  function drawSaved() {
    const list = savedDecks();
    savedBox.replaceChildren(el("h2", {}, "Saved in this browser"), list.length
      ? el("ul", { class: "db-saved-list" }, ...list.map((d, k) => el("li", {}, `${d.name} (${d.cards.length} cards${d.inquisitor ? `, ${inquisitors[d.inquisitor] ? inquisitors[d.inquisitor].name : d.inquisitor}` : ""}) `,
        el("button", { class: "secondary", onclick: () => load(d) }, "Open"), " ",
        el("button", { class: "secondary", onclick: () => { const all = savedDecks(); all.splice(k, 1); storeDecks(all); drawSaved(); } }, "Delete"))))
      : el("p", { class: "hint" }, "None yet. Decks with an inquisitor saved here are the ones you bring to a deck-building match."));
  }

  function load(d) {
    if (!d || d.format !== FORMAT || !Array.isArray(d.cards)) { note.textContent = `Not a Blue Moon deck (its format must be ${FORMAT}).`; return; }
    deck.name = d.name || "A deck";
    deck.leader = peopleOf[d.leader] ? d.leader : deck.leader;
    deck.inquisitor = d.inquisitor || null;
    deck.emissary = d.emissary || null;
    deck.cards = d.cards.slice();
    mode = d.inquisitor ? "build" : d.emissary ? "quick" : "base";
    note.textContent = `Opened ${deck.name}.`;
    draw();
  }

  function save() {
    const all = savedDecks().filter((d) => d.name !== deck.name);
    all.push(fileOf());
    storeDecks(all);
    note.textContent = `Saved ${deck.name} in this browser.`;
    drawSaved();
  }

  function download() {
    const blob = new Blob([`${JSON.stringify(fileOf(), null, 2)}\n`], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `${deck.name.replace(/[^\w-]+/g, "-") || "deck"}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  function fromPeople() {
    const p = peopleOf[deck.leader];
    deck.cards = mode === "quick" && emissaries[deck.emissary]
      ? [...p.base, ...p.expansion, ...emissaries[deck.emissary].cards] : p.base.slice();
    draw();
  }

  function draw() {
    modeSel.value = mode;
    leaderSel.value = deck.leader;
    inqSel.value = deck.inquisitor || "";
    emSel.value = deck.emissary || "";
    nameIn.value = deck.name;
    inqRow.hidden = mode !== "build";
    emRow.hidden = mode !== "quick";
    drawCatalogue();
    drawDeck();
    check();
  }

  modeSel.addEventListener("change", () => { mode = modeSel.value; if (mode === "quick" && !deck.emissary) deck.emissary = content.emissaries[0].id; if (mode === "build" && !deck.inquisitor) deck.inquisitor = content.inquisitors[0].id; draw(); });
  leaderSel.addEventListener("change", () => { deck.leader = leaderSel.value; draw(); });
  inqSel.addEventListener("change", () => { deck.inquisitor = inqSel.value || null; draw(); });
  emSel.addEventListener("change", () => { deck.emissary = emSel.value || null; draw(); });
  nameIn.addEventListener("input", () => { deck.name = nameIn.value; check(); });
  for (const f of [peopleFilter, kindFilter]) f.addEventListener("change", drawCatalogue);
  search.addEventListener("input", drawCatalogue);
  fileIn.addEventListener("change", async () => {
    const f = fileIn.files[0];
    if (!f) return;
    try { load(JSON.parse(await f.text())); } catch (e) { note.textContent = `That file is not JSON: ${e.message}`; }
  });

  const inqRow = el("div", { class: "db-field" }, el("label", { for: "db-inquisitor" }, "Inquisitor"), inqSel);
  const emRow = el("div", { class: "db-field" }, el("label", { for: "db-emissary" }, "Emissary"), emSel);
  app.append(el("section", { class: "deckbuilder" },
    el("h1", {}, "Blue Moon deck builder"),
    el("p", { class: "hint" }, "Every deck rule is checked as you build; a broken one is named by its ID (as in the rules checklist) and in words. ",
      el("a", { href: "/rules/bluemoon" }, "Every card and the rules")),
    el("div", { class: "db-head card-panel" },
      el("div", { class: "db-field" }, el("label", { for: "db-mode" }, "Mode"), modeSel),
      el("div", { class: "db-field" }, el("label", { for: "db-leader" }, "Leader"), leaderSel), inqRow, emRow,
      el("div", { class: "db-field" }, el("label", { for: "db-name" }, "Name"), nameIn), sideNote,
      el("div", { class: "db-actions" },
        el("button", { class: "secondary", id: "db-from-people", onclick: fromPeople }, "Start from the people's own deck"),
        el("button", { class: "secondary", id: "db-clear", onclick: () => { deck.cards = []; draw(); } }, "Take every card out"),
        el("button", { id: "db-save", onclick: save }, "Save in this browser"),
        el("button", { class: "secondary", id: "db-download", onclick: download }, "Download the JSON file"),
        el("label", { class: "button secondary", for: "db-file" }, "Load a JSON file"), fileIn), note),
    el("div", { class: "db-body" },
      el("section", { class: "db-left", "aria-label": "the cards" }, el("h2", {}, "Cards"),
        el("div", { class: "db-filters" }, peopleFilter, kindFilter, search), catalogue),
      el("section", { class: "db-right", "aria-label": "your deck" }, el("h2", {}, "Your deck"), counts, verdict, deckList)),
    savedBox));
  draw();
  drawSaved();
}
