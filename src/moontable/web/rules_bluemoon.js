// The rules page of Blue Moon: the rules in our words, the dragons, icons and peoples' keywords, the
// inquisitors and emissaries, and every card.
import { el } from "./api.js";

const RULES = [
  ["The aim", "Two players duel with people decks over a series of fights. Win a fight and you attract dragons; hold dragons when the game ends and you score crystals (your dragons + 1, from 2 to 4). A match is games in a row: the first to 5 crystals wins it."],
  ["Setting up", "Each player has a leader beside the board (with deck building also an inquisitor; with the quick start an emissary whose seven cards joined the deck) and shuffles the deck as a draw pile. The three dragons start in the middle. The seed picks who starts the first fight; both draw 6. Before each game of a match both players choose a deck in secret; both choices are revealed together."],
  ["A turn", "1. Leadership: play at most one leadership-phase card (a leadership card, a Hyla card or a crystal card), or use REPLACE instead. 2. During a fight you may retreat; before a fight the starting player may decline instead, discarding 1 to 3 cards. 3. Play one character: it covers your previous one and its boosters. 4. Play at most one booster or one support (none in the fight's opening turn). 5. Power check: your power in the fight's element must equal or exceed the opponent's, unless an active shield of that element protects you. 6. Refill to 6."],
  ["Power", "The starting player names the fight's element, Fire or Earth, with its first character. Your power is the sum of that element's values on your active cards: the uncovered character (two with PAIR), the boosters on it and your supports. Covered characters count for nothing."],
  ["Retreat and dragons", "When you retreat the opponent wins the fight and attracts one dragon, two if they have 6 or more cards in combat and support (covered ones included). A dragon comes back from the loser's side first; only then does one come from the middle. Whoever already has all three and attracts another wins at once. Then all combat and support cards are discarded, both refill (the winner first) and the retreating player starts the next fight."],
  ["The end", "The game ends when a player has no cards left after a refill, or at the immediate win. The player with dragons wins and scores dragons + 1 crystals (4 for the immediate win); with no dragons anywhere, the player who ran out later scores 1."],
  ["Crystal cards", "Played in the leadership phase, only while the dragon they name is on your side, then displayed. Only one player may display crystal cards: playing one while the opponent displays some discards one of each. At the end the winner scores one more crystal for each of their displayed crystal cards; each one the loser displays cancels one of the winner's dragons (the winner still scores at least 1)."],
  ["REPLACE, Chosen Ones, \"I must\"", "REPLACE: instead of a leadership-phase card, discard a card showing REPLACE without effect and draw one if you wish. Chosen Ones are leadership cards for both players: the opponent carries out the effect first. A text reading \"I must ...\" overrides every other instruction."],
  ["Modes and decks", "Base decks: a leader and its people's 30 cards. Quick start: a people deck, its 3 new cards and an emissary's 7 (40 cards). Deck building: a leader and an inquisitor; the deck holds exactly the cards their numbers give, one copy of each, any number of the leader's people, and foreign cards (crystal cards included) up to the moons allowance. The deck builder (/decks) names every broken rule by its ID."],
  ["At this table", "Ringed cards and dragons can be picked; every other answer is a button with the engine's words. Retreat and decline say what they cost. Point at or hold any card or icon to read it. Keys: 1–9 and 0 your hand, F and E the fight's element, R retreat or decline, P pass or done, D the dragons, C the choices, ← → move, Enter picks, Esc back, L the log, O the piles, M the sound, ? the key map."],
];
const KIND = { character: "Character", booster: "Booster", support: "Support", leadership: "Leadership", hyla: "Hyla", crystal: "Crystal" };
const ICON = { fire_shield: "Fire shield", earth_shield: "Earth shield", stop: "STOP", free: "FREE", pair: "PAIR",
  retrieve: "RETRIEVE", protected: "PROTECTED", replace: "REPLACE" };
const VALUED = new Set(["character", "booster", "support"]);

function cardRow(c) {
  const icons = (c.icons || []).map((i) => (i === "pair" && c.pair ? `PAIR (${c.pair})` : ICON[i] || i));
  if (c.keyword) icons.push(c.keyword.toUpperCase());
  return el("tr", { class: `people-${c.people || "none"}`, "data-card": c.id },
    el("td", {}, c.label), el("td", {}, el("strong", {}, c.name)), el("td", {}, c.chosen ? "Chosen One" : KIND[c.kind] || c.kind),
    el("td", { class: "num" }, VALUED.has(c.kind) ? String(c.fire) : "–"), el("td", { class: "num" }, VALUED.has(c.kind) ? String(c.earth) : "–"),
    el("td", { class: "num" }, String(c.moons)), el("td", {}, icons.join(", ")), el("td", {}, c.text || ""));
}

function cardTable(list) {
  return el("div", { class: "table-scroll" }, el("table", { class: "cards bm-cards" },
    el("tr", {}, ...["Card", "Name", "Kind", "Fire", "Earth", "Moons", "Icons", "Text"].map((h) => el("th", {}, h))),
    ...list.map(cardRow)));
}

export async function showBluemoonRules(app) {
  if (!document.getElementById("bm-css")) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/games/bluemoon.css", id: "bm-css" }));
  }
  const content = await (await fetch("/api/games/bluemoon/content")).json();
  const byId = Object.fromEntries(content.cards.map((c) => [c.id, c]));
  const peoples = content.peoples.flatMap((p) => [
    el("h3", { id: `people-${p.id}` }, `${p.name} — leader ${p.leader.name} (deck size ${p.leader.deck_size}, moons ${p.leader.moons})`),
    el("p", {}, p.style), el("p", {}, p.keyword_text),
    el("p", {}, `Expansion cards: ${p.expansion.map((c) => byId[c].name).join(", ")}.`),
    cardTable([...p.base, ...p.expansion].map((c) => byId[c]))]);
  const envoy = content.cards.filter((c) => !c.people);
  app.append(el("section", { class: "rules bm-rules" },
    el("h1", {}, "Blue Moon"),
    ...RULES.flatMap(([h, p]) => [el("h2", {}, h), el("p", {}, p)]),
    el("h2", {}, "The dragons"), el("ul", {}, ...content.dragons.map((d) => el("li", {}, el("strong", {}, d.name), `: ${d.text}`))),
    el("h2", {}, "Icons"), el("ul", {}, ...Object.entries(content.icons).map(([k, v]) => el("li", { "data-icon": k }, v))),
    el("h2", {}, "The peoples' keywords"), el("ul", {}, ...Object.values(content.keywords).map((v) => el("li", {}, v))),
    el("h2", {}, "Inquisitors (deck building)"), el("ul", {}, ...content.inquisitors.map((q) => el("li", {}, el("strong", {}, q.name), `: ${q.text}`))),
    el("h2", {}, "Emissaries (quick start)"), el("ul", {}, ...content.emissaries.map((e) => el("li", {}, el("strong", {}, e.name), `: ${e.text} Cards: ${e.cards.map((c) => byId[c].name).join(", ")}.`))),
    el("h2", {}, `Every card (${content.cards.length})`), ...peoples,
    el("h3", {}, "The envoys' cards (no people)"), cardTable(envoy)));
}
