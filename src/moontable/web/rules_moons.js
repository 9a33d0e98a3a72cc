// The rules page of Moons, in English or Portuguese (the choice the table remembers): the rules in our words, the
// reference card, the 56 Moon cards by planet, the large and small Asteroids and the Block token.
import { el } from "./api.js";
import { PLANETS, referenceCard, wordsFor } from "./games/moons_words.js";
import { language, setLanguage } from "./frame/words.js";

const HEAD = {
  en: { hands: "Hand sizes", players: "players", dealt: "dealt", tableau: "tableau", tricks: "in hand = tricks a round",
    cards: "The Moon cards", moon: "moon", km: "km", fact: "fact", smalls: "Small Asteroids (38)", kind: "kind",
    copies: "copies", effect: "effect", targets: "targets", none: "with no legal target", play: "At this table",
    play_text: "Click (or tap) a highlighted card of your hand to lay it in your tableau or play it; click a small Asteroid to play it first; buttons answer the other questions (tokens, planets, the Block token). Point at or hold any card or token to read it. Keys: 1–9 the highlighted cards, Tab and the arrows move between what you may pick, Enter picks, A your small Asteroids, B the Block token, T the answer buttons, H your hand, R the reference card, L the log, Esc back (or undo), M the sound, ? the key map." },
  pt: { hands: "Cartas por jogador", players: "jogadores", dealt: "recebidas", tableau: "tableau",
    tricks: "na mão = vazas por rodada", cards: "As cartas de Lua", moon: "lua", km: "km", fact: "curiosidade",
    smalls: "Asteroides pequenos (38)", kind: "tipo", copies: "cópias", effect: "efeito", targets: "alvos",
    none: "sem alvo permitido", play: "Nesta mesa",
    play_text: "Clique (ou toque) numa carta destacada da sua mão para baixá-la no tableau ou jogá-la; clique num Asteroide pequeno para jogá-lo antes; botões respondem às outras perguntas (tokens, planetas, o token de bloqueio). Aponte ou segure qualquer carta ou token para lê-lo. Teclas: 1–9 as cartas destacadas, Tab e as setas andam entre o que você pode escolher, Enter escolhe, A seus Asteroides pequenos, B o token de bloqueio, T os botões de resposta, H sua mão, R a carta de referência, L o registro, Esc volta (ou desfaz), M o som, ? o mapa de teclas." },
};

export async function showMoonsRules(app) {
  if (!document.getElementById("mo-css")) {  // the planets' colours
    document.head.append(el("link", { rel: "stylesheet", href: "/static/games/moons.css", id: "mo-css" }));
  }
  const saved = localStorage.getItem("moontable.lang");
  if (saved) setLanguage(saved);
  const content = await (await fetch("/api/games/moons/content")).json();
  const box = el("section", { class: "rules mo-rules" });
  app.append(box);

  function draw() {
    const lang = content.texts[language()] ? language() : "en";
    const w = wordsFor(content, lang);
    const h = HEAD[lang];
    const t = w.t;
    const pick = el("select", { id: "rules-language", "aria-label": lang === "pt" ? "idioma" : "language",
      onchange: (e) => { localStorage.setItem("moontable.lang", e.target.value); setLanguage(e.target.value); draw(); } },
    ...Object.keys(content.texts).map((code) => el("option", { value: code, selected: code === lang }, content.texts[code].language)));
    const hands = el("table", {}, el("tr", {}, ...[h.players, h.dealt, h.tableau, h.tricks].map((x) => el("th", {}, x))),
      ...Object.entries(content.hand_sizes).map(([n, s]) => el("tr", {}, el("td", {}, n), el("td", {}, String(s.dealt)),
        el("td", {}, "3"), el("td", {}, String(s.tricks)))));
    const planets = PLANETS.map((p, i) => el("section", { class: `mo-planet planet-${p}` },
      el("h3", {}, w.planet(i)),
      el("div", { class: "table-scroll" }, el("table", { class: "mo-moons" },
        el("tr", {}, ...["#", h.moon, h.km, h.fact].map((x) => el("th", {}, x))),
        ...content.cards.filter((c) => c.planet === p).map((c) => el("tr", { "data-card": c.id },
          el("td", {}, String(c.rank)), el("td", {}, el("strong", {}, t.moons[c.moon][0])), el("td", {}, String(c.diameter_km)),
          el("td", {}, t.moons[c.moon][1])))))));
    const smalls = el("div", { class: "table-scroll" }, el("table", { class: "mo-smalls-table" },
      el("tr", {}, ...[h.kind, h.copies, h.effect, h.targets, h.none].map((x) => el("th", {}, x))),
      ...content.small_asteroids.map((k) => {
        const a = t.asteroids[k.id];
        return el("tr", { "data-small": k.id }, el("td", {}, el("strong", {}, a.name)), el("td", {}, String(k.copies)),
          el("td", {}, a.text), el("td", {}, a.targets), el("td", {}, a.no_target));
      })));
    document.documentElement.lang = lang;
    box.replaceChildren(
      el("div", { class: "mo-lang" }, el("label", { for: "rules-language" }, `${lang === "pt" ? "Idioma" : "Language"}: `), pick),
      el("h1", {}, t.game),
      ...t.rules.map((p) => el("p", {}, p)),
      el("h2", {}, h.play), el("p", { id: "rules-play" }, h.play_text),
      referenceCard(content, w),
      el("h2", {}, h.hands), hands,
      el("h2", {}, h.cards), el("p", {}, t.rank_order), ...planets,
      el("h2", {}, `${t.large_asteroid.name} (4)`), el("p", {}, t.large_asteroid.text),
      el("h2", {}, h.smalls), smalls,
      el("h2", {}, t.block.name), el("p", {}, t.block.text));
  }
  draw();
}
