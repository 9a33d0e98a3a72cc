// The rules page of Moonflight: the rules in our words, the four Jacks and every card with both ends.
import { el } from "./api.js";

const SUIT = { starter: "Starter", generic: "Generic", clay: "Clay and Bones", words: "Words and Names",
  cot: "Cot and Hovel", bond: "Bond and Kind" };

const RULES = [
  ["The aim", "Moonflight is a deck builder that turns, halfway, into a deck unbuilder. The game ends at a Reset when a player has no cards left in both their Draw Deck and their Discard Stack. Then each player adds up the scores of the cards in their hand, on the end that is up; the highest wins. Ties go to the most coin tokens, then to the fewest cards in Draw Deck and Discard Stack, then to the first player."],
  ["Setting up", "Each player has a Jack (a character card, always in force, never a target). Each Jack's 24 cards are shuffled into its Supply Stack, and three Market Stacks of its suit get one card each. Five generic Market Stacks hold Power, Fealty and Wealth (two per player) and Riches and Opulence (one per player); they never refill. Everyone shuffles a starter deck of 7 Money and 3 Waste, draws 5 and gains 5 coin tokens. At this table the seed picks the first player (and the Jacks)."],
  ["Acts", "From the first player, each player in turn makes one Act, until every player has Passed in a row. Play: put a card from your hand into play and follow it; it stays in play. Spend: pay the coin tokens or cards a Spend ability of a card in play (or your Jack) asks, and follow it; as often as you can pay. Shop: spend X coin tokens to Purchase the top card of a Market Stack that costs X, or several top cards of your own suit's stacks that cost X together; your first Shop of a round may not take a card of another player's suit. Purchased cards go to your Discard Stack. Build, once a round: Set cards from your hand face down onto your cards in play, up to each card's Stability. Pass: do nothing."],
  ["Reset", "Everyone resets together, in order from the first player. 1: cards in play with nothing Settled on them go to the Discard Stack, in the order you choose. 2: keep up to your retain limit (1 to start) of the cards in your hand, the rest go to the Discard Stack; keep at most 5 coin tokens. 3: draw up to your hand limit (5 to start). 4: if any Market Stack is empty, each player deals three cards from their Supply Stack, one onto each Market Stack of their suit; 4.1: then you may cover each of those stacks with a card of its suit from your hand. 5: the End check. 6: the topmost Settled card on each card in play goes to the Discard Stack. 7: the First Player Marker passes to the left."],
  ["The Turn", "When a Supply Stack is or becomes empty at Reset step 4, the Turn comes: every card, wherever it is, spins 180° and from then on its white end counts (cost, score, Stability and text). Cards in play are not followed again. A card whose white Stability is – sheds the cards Settled on it. Before the Turn cards make coin tokens and draw; after it they trash and filter, and scoring cards are what matters."],
  ["Words on the cards", "Draw, Discard, Trash, Purchase, Set and Deal are Moves with a name: an ability that says \"when you Discard\" fires only for a Discard, never for a plain Move (the Reset's moves are plain). Effects touch your own stacks and cards unless they say Target; \"target card\" lets you search the named place. Drawing from an empty Draw Deck shuffles your Discard Stack into a new one; with nothing to shuffle, the draw is lost (and that does not end the game). What a card cannot do is skipped; a card that would be trashed against its own text goes back where it was."],
  ["Alone", "Score Mode: two stacks of eight tokens, Turn and End. At the start of each Reset step 4, before the Turn, remove one Turn token or two End tokens; after it, one of either. An empty Turn stack brings the Turn; an empty End stack ends the game. Your score earns a title (below)."],
  ["At this table", "Click (or tap) a card in your hand to play it, a ringed Market Stack to shop, a ringed card in play to use its Spend ability; buttons answer every other question with the engine's own words. Point at or hold any card to read both of its ends. Keys: 1–9 a card of your hand, S the market, A Spend abilities, B Build, P Pass, D Done, Tab and the arrows move between what you may pick, Enter picks, Esc goes back, H your hand, O the other players, L the log, M the sound, ? the key map."],
];

const stab = (x) => (x === null || x === undefined ? "–" : String(x));

function endCells(e) {
  return [el("td", { class: "num" }, String(e.cost)), el("td", { class: "num" }, String(e.score)),
    el("td", { class: "num" }, stab(e.stability)), el("td", {}, e.text)];
}

export async function showMoonflightRules(app) {
  if (!document.getElementById("mf-css")) {  // the suits' colours
    document.head.append(el("link", { rel: "stylesheet", href: "/static/games/moonflight.css", id: "mf-css" }));
  }
  const content = await (await fetch("/api/games/moonflight/content")).json();
  const head = el("tr", {}, el("th", { rowspan: "2" }, "Card"), el("th", { rowspan: "2" }, "Suit"),
    el("th", { rowspan: "2" }, "Copies"), el("th", { colspan: "4" }, "Black end (before the Turn)"),
    el("th", { colspan: "4" }, "White end (after the Turn)"));
  const sub = el("tr", {}, ...["Cost", "Score", "Stab.", "Text", "Cost", "Score", "Stab.", "Text"].map((h) => el("th", {}, h)));
  const rows = content.cards.map((c) => el("tr", { class: `suit-${c.suit}`, "data-card": c.id },
    el("td", {}, el("strong", {}, c.name)), el("td", {}, SUIT[c.suit] || c.suit),
    el("td", { class: "num" }, c.suit === "generic" || c.suit === "starter" ? `${c.copies} a player` : String(c.copies)),
    ...endCells(c.black), ...endCells(c.white)));
  const jacks = content.jacks.map((j) => el("tr", { "data-jack": j.id }, el("td", {}, el("strong", {}, j.name)),
    el("td", {}, j.style), el("td", {}, j.black), el("td", {}, j.white)));
  app.append(el("section", { class: "rules" },
    el("h1", {}, "Moonflight"),
    ...RULES.flatMap(([h, p]) => [el("h2", {}, h), el("p", {}, p)]),
    el("h2", {}, "Score Mode titles"),
    el("table", {}, el("tr", {}, el("th", {}, "Score"), el("th", {}, "Title"), el("th", {}, "")),
      ...content.titles.map(([low, name, line]) => el("tr", {}, el("td", {}, low > -999 ? `${low}+` : "less"),
        el("td", {}, name), el("td", {}, line)))),
    el("h2", {}, "The four Jacks"),
    el("table", { class: "jacks" }, el("tr", {}, ...["Jack", "Plays for", "Before the Turn", "After the Turn"]
      .map((h) => el("th", {}, h))), ...jacks),
    el("h2", {}, `Every card, both ends (${content.cards.length})`),
    el("p", {}, "Each Jack's Supply Stack holds 24 cards of 8 kinds, scoring 2 in all on the black ends and 13 on the white ends."),
    el("div", { class: "table-scroll" }, el("table", { class: "cards mf-cards" }, head, sub, ...rows))));
}
