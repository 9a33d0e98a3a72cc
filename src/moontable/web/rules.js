// The rules page of a game: the rules in our words, the map, every card.
import { el } from "./api.js";
import { showMoonflightRules } from "./rules_moonflight.js";
import { showMoonsRules } from "./rules_moons.js";
import { showBluemoonRules } from "./rules_bluemoon.js";

const RULE_PAGES = [["courts", "Courts of Sun and Moon"], ["moonflight", "Moonflight"], ["moons", "Moons"],
  ["bluemoon", "Blue Moon"]];

const COURTS_RULES = [
  ["The aim", "You lead the Sun Court or the Moon Court over ten turns. Win at once by reaching 20 points, by holding the Highwold when any Fair is scored, or when the other court breaks the Truce or keeps a Fair at a turn end. Otherwise every reach is scored after turn 10, the Moot Bell's holder gains 1, and the court ahead on points wins."],
  ["Setting up", "The seed decides who leads the Moon. Each court has six sway on the map; then the Moon sets six more in the Saltmarsh and the Sun seven in the Farrow Isles, at most two in a town. The Moon starts with the Moot Bell and moves first."],
  ["A turn", "Hands fill to 8 cards (9 from turn 4). Both courts herald a card face down; the heralds are played for their events, the stronger first (the Sun's on a tie). Then each court makes six moves (seven from turn 4), the Moon first, taking turns."],
  ["A move", "Play a card for its event (your court's or either court's) or for its strength. A card of the other court played for strength gives them its event: you choose whether it happens before or after your use. A starred card whose event happens leaves the game."],
  ["Placing", "One sway per point, in towns that had your sway, were next to your sway or next to your gate when the move began. A town the other court holds costs 2; once your placement breaks their hold, the next costs 1."],
  ["Holding", "You hold a town when your sway there is at least its steadiness plus the other court's sway."],
  ["Upsets", "Pick a town with the other court's sway and roll a die: die + strength − 2 × steadiness. Each point above zero removes one of their sway; points left over become your sway. The strength fills your vigil; an upset in a keystone snuffs a candle of the Truce."],
  ["Persuading", "One try per point of strength. Each court rolls a die and adds 1 for every town it holds next to the target, 1 for more sway there and 1 if the target is next to its gate. The higher total removes the difference from the other court's sway; a tie does nothing."],
  ["The Truce and the vigil", "Five candles. At 4 no upset or persuade in the Highwold, at 3 nor the Glasswater, at 2 nor the Emberdale. The court on move when it reaches 1 loses. Each turn end lights one. At the turn end a court whose vigil is below the Truce gives the other a point per step short."],
  ["Fairs", "A Fair scores its reach at once, and must be played in the turn you hold it. Foothold: a town there. Sway: more towns and more keystones than the other court, and a town that is not a keystone. Hold: more towns and every keystone. Each keystone held and each town held next to the other court's gate adds 1; the higher sum gains the difference."],
  ["The Moot Bell", "Strength 4, 5 when all of it goes into the Glasswater. Played for strength only; it then passes face down and turns up next turn."],
  ["The Star Road", "One try a turn: discard a card of at least the step's strength and roll at or under its number. The first court to a step gets its first reward, the other its second. Gifts last until the other court reaches the same step."],
];

export async function showRules(app, game) {
  app.append(el("nav", { class: "rules rules-games", "aria-label": "rules of each game" },
    ...RULE_PAGES.map(([id, name]) => (id === game ? el("strong", {}, name) : el("a", { href: `/rules/${id}` }, name)))));
  if (game === "moonflight") return showMoonflightRules(app);
  if (game === "moons") return showMoonsRules(app);
  if (game === "bluemoon") return showBluemoonRules(app);
  if (game !== "courts") { app.append(el("p", {}, `No rules page for ${game} yet.`)); return; }
  const content = await (await fetch("/api/games/courts/content")).json();
  const reachName = Object.fromEntries(content.reaches.map((r) => [r.id, r.name]));
  const towns = content.reaches.map((r) => el("section", {}, el("h3", {}, r.name),
    el("ul", {}, ...content.towns.filter((x) => x.reach === r.id).map((x) =>
      el("li", {}, `${x.name}${x.keystone ? " (keystone)" : ""}, steadiness ${x.steadiness}; next to ${x.neighbours.map((n) => content.towns.find((y) => y.id === n).name).join(", ")}`)))));
  const rows = content.cards.map((c) => el("tr", { class: c.court },
    el("td", {}, String(c.id)), el("td", {}, c.name + (c.starred ? " ★" : "")), el("td", {}, c.era),
    el("td", {}, c.court), el("td", {}, String(c.strength)), el("td", {}, c.fair ? `Fair: ${reachName[c.fair]}` : c.text)));
  app.append(el("section", { class: "rules" },
    el("h1", {}, "Courts of Sun and Moon"),
    ...COURTS_RULES.flatMap(([h, p]) => [el("h2", {}, h), el("p", {}, p)]),
    el("h2", {}, "What a Fair is worth"),
    el("table", {}, el("tr", {}, el("th", {}, "Reach"), el("th", {}, "Foothold"), el("th", {}, "Sway"), el("th", {}, "Hold")),
      ...[["The Highwold", 3, 6, "wins"], ["The Glasswater", 2, 5, 8], ["The Emberdale", 2, 4, 7], ["The Saltmarsh", 1, 3, 6],
        ["The Farrow Isles", 1, 3, 6]].map((r) => el("tr", {}, ...r.map((x) => el("td", {}, String(x)))))),
    el("h2", {}, "The Star Road"),
    el("ol", {}, ...content.road.map((s) => el("li", {}, `${s.name}: card ${s.strength}+, roll ${s.roll} or less; reward ${s.first}${s.second !== null ? ` / ${s.second}` : ""}`))),
    el("h2", {}, "The realm: 36 towns in five reaches"), ...towns,
    el("h2", {}, `The cards (${content.cards.length})`),
    el("div", { class: "table-scroll" }, el("table", { class: "cards" },
      el("tr", {}, ...["#", "Name", "Era", "Court", "Strength", "Event"].map((h) => el("th", {}, h))), ...rows))));
}
