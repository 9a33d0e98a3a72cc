// Moons' board words in English and Portuguese, and the lookups both the table and the rules page make on the
// game's own texts (content.texts: card faces, Asteroids, the reference card, the engine's prompts and options).
import { el } from "../api.js";

export const PLANETS = ["saturn", "jupiter", "neptune", "uranus"];
export const MOON_CARDS = 56;

const BOARD = {
  en: {
    round: "Round {round} of at most {rounds}",
    trick: "Trick {k} of {n}",
    led: "{planet} led",
    retro: "Retrograde: the lowest card of the led suit wins",
    blocked: "Blocked: no {planet} token this trick",
    wind: "Solar Wind: any planet may be played",
    no_trick: "No card in the trick yet.",
    last_trick: "Last trick: {name} won",
    last_trick_none: "Last trick: no one won",
    supply: "Supply",
    supply_tip: "The planet tokens still in the common supply ({n} of 68). The game ends at once when it is empty.",
    pile: "Small Asteroids: {pile} to draw, {discard} discarded",
    pile_tip: "The small Asteroid draw pile (face down) and the discard pile (face up). An empty draw pile is refilled by shuffling the discard pile.",
    block_common: "⊘ Block token: in the common area",
    block_held: "⊘ Block token: {name}",
    first: "☾ first",
    first_tip: "The Earth's Moon token: this player is the round's first player and deals. It passes to the left after each round.",
    earth: "⊕ Earth",
    earth_tip: "The Earth token: it never moves. It marks the seat that dealt first; the game ends at the latest after the round dealt by the seat before it.",
    block_mark: "⊘ Block",
    tricks: "{n} tricks",
    tricks_one: "{n} trick",
    tricks_tip: "Tricks won this round. After the last trick: most tricks takes a token of any planet, no tricks may take a tableau planet, fewest tricks takes the Block token.",
    hand_count: "{n} in hand",
    smalls_count: "{n} small Asteroids",
    smalls_count_one: "{n} small Asteroid",
    tableau: "Tableau",
    tableau_hidden: "face down until every tableau is in",
    tableau_mine_hidden: "face down: the others see it when every tableau is in",
    tableau_tip: "A tableau card is out of the hand for the round. A trick won takes a token of a planet in your tableau.",
    points: "{n} pts",
    sets_tip: "{name}'s tokens sorted into sets (one token of each planet a set, by layers): {sets} = {points}.",
    sets_none: "{name} holds no token yet.",
    stardust: "✦ {n} Stardust",
    stardust_tip: "Stardust: at the end it counts as one token of the planet that scores best.",
    deciding: "deciding…",
    your_hand: "Your hand",
    your_smalls: "Your small Asteroids",
    no_smalls: "none",
    you: "You",
    ref: "Reference card",
    ref_key: "R",
    players: "Players",
    log: "Log",
    keys: "Keys",
    sending: "Sending…",
    waiting_start: "The game starts when every seat is ready.",
    pick_card: "Pick a highlighted card.",
    pick_tableau: "Pick a highlighted tableau card.",
    pick_hand: "Pick a highlighted card of your hand.",
    pick_their: "Pick a highlighted card of another player's tableau.",
    play_hint: "Highlighted cards may be played (1–9). A small Asteroid first? Click it (A).",
    block_use: "Spend the Block token (B):",
    block_tip: "Bar one planet's tokens from this trick's rewards. The Block token then goes back to the common area.",
    you_win: "You win",
    you_lose: "You lose",
    shared: "You share the win",
    over: "The game is over",
    score_line: "{name}: {points} ({tokens}{stardust})",
    n_points: "{n} points",
    n_points_one: "{n} point",
    n_tokens: "{n} tokens",
    n_tokens_one: "{n} token",
    wins: " — wins",
    seed: "The seed:",
    verify: "Verify this game",
    lobby: "Back to the lobby",
    look: "Look at the table (Esc)",
    large_tip: "Large Asteroid",
    small_tip: "Small Asteroid: {name}. {text}\nTargets: {targets}\nWith no legal target: {none}",
    rank_tip: "{card}, rank {rank} of 14 ({km} km across). {fact}",
    token_tip: "{planet} tokens: {n}.",
    key_label: "key {key}",
    k_pick: "play (or pick) the n-th highlighted card",
    k_move: "move between what you may pick now",
    k_enter: "pick it",
    k_small: "go to your small Asteroids",
    k_block: "go to the Block token's choices",
    k_take: "go to the answer buttons (tokens, planets)",
    k_hand: "go to your hand",
    k_ref: "the reference card",
    k_log: "the log",
    k_players: "the other players (phone)",
    k_back: "close a panel or the result",
    lang_switch: "Language",
  },
  pt: {
    round: "Rodada {round} de no máximo {rounds}",
    trick: "Vaza {k} de {n}",
    led: "naipe puxado: {planet}",
    retro: "Retrógrado: vence a carta mais baixa do naipe puxado",
    blocked: "Bloqueado: esta vaza não dá token de {planet}",
    wind: "Vento Solar: pode-se jogar qualquer planeta",
    no_trick: "Nenhuma carta na vaza ainda.",
    last_trick: "Última vaza: {name} venceu",
    last_trick_none: "Última vaza: ninguém venceu",
    supply: "Reserva",
    supply_tip: "Os tokens de planeta ainda na reserva comum ({n} de 68). O jogo acaba na hora quando ela se esvazia.",
    pile: "Asteroides pequenos: {pile} para comprar, {discard} descartados",
    pile_tip: "O monte de compra dos Asteroides pequenos (virado para baixo) e o descarte (virado para cima). Um monte de compra vazio é refeito embaralhando o descarte.",
    block_common: "⊘ Token de bloqueio: na área comum",
    block_held: "⊘ Token de bloqueio: {name}",
    first: "☾ primeiro",
    first_tip: "O token da Lua da Terra: esta pessoa é a primeira da rodada e distribui. Passa para a esquerda depois de cada rodada.",
    earth: "⊕ Terra",
    earth_tip: "O token da Terra: nunca se move. Marca quem distribuiu primeiro; o jogo acaba no máximo depois da rodada distribuída pelo lugar anterior a ele.",
    block_mark: "⊘ Bloqueio",
    tricks: "{n} vazas",
    tricks_one: "{n} vaza",
    tricks_tip: "Vazas ganhas nesta rodada. Depois da última: quem tiver mais vazas pega um token de qualquer planeta, quem não tiver nenhuma pode pegar um planeta do tableau, quem tiver menos pega o token de bloqueio.",
    hand_count: "{n} na mão",
    smalls_count: "{n} Asteroides pequenos",
    smalls_count_one: "{n} Asteroide pequeno",
    tableau: "Tableau",
    tableau_hidden: "virado para baixo até todos os tableaux estarem prontos",
    tableau_mine_hidden: "virado para baixo: os outros o veem quando todos os tableaux estiverem prontos",
    tableau_tip: "Uma carta do tableau sai da mão durante a rodada. Quem vence uma vaza pega um token de um planeta do seu tableau.",
    points: "{n} pts",
    sets_tip: "Os tokens de {name} em conjuntos (um token de cada planeta por conjunto, em camadas): {sets} = {points}.",
    sets_none: "{name} ainda não tem tokens.",
    stardust: "✦ {n} Poeira Estelar",
    stardust_tip: "Poeira Estelar: no fim conta como um token do planeta que pontuar melhor.",
    deciding: "decidindo…",
    your_hand: "Sua mão",
    your_smalls: "Seus Asteroides pequenos",
    no_smalls: "nenhum",
    you: "Você",
    ref: "Carta de referência",
    ref_key: "R",
    players: "Jogadores",
    log: "Registro",
    keys: "Teclas",
    sending: "Enviando…",
    waiting_start: "O jogo começa quando todos os lugares estiverem prontos.",
    pick_card: "Escolha uma carta destacada.",
    pick_tableau: "Escolha uma carta destacada do tableau.",
    pick_hand: "Escolha uma carta destacada da sua mão.",
    pick_their: "Escolha uma carta destacada do tableau de outro jogador.",
    play_hint: "As cartas destacadas podem ser jogadas (1–9). Um Asteroide pequeno antes? Clique nele (A).",
    block_use: "Gastar o token de bloqueio (B):",
    block_tip: "Impede que esta vaza dê tokens de um planeta. Depois o token de bloqueio volta para a área comum.",
    you_win: "Você vence",
    you_lose: "Você perde",
    shared: "Você divide a vitória",
    over: "O jogo acabou",
    score_line: "{name}: {points} ({tokens}{stardust})",
    n_points: "{n} pontos",
    n_points_one: "{n} ponto",
    n_tokens: "{n} tokens",
    n_tokens_one: "{n} token",
    wins: " — vence",
    seed: "A semente:",
    verify: "Verificar este jogo",
    lobby: "Voltar ao saguão",
    look: "Ver a mesa (Esc)",
    large_tip: "Asteroide grande",
    small_tip: "Asteroide pequeno: {name}. {text}\nAlvos: {targets}\nSem alvo permitido: {none}",
    rank_tip: "{card}, posição {rank} de 14 ({km} km de diâmetro). {fact}",
    token_tip: "Tokens de {planet}: {n}.",
    key_label: "tecla {key}",
    k_pick: "jogar (ou escolher) a n-ésima carta destacada",
    k_move: "andar entre o que você pode escolher agora",
    k_enter: "escolher",
    k_small: "ir para seus Asteroides pequenos",
    k_block: "ir para as escolhas do token de bloqueio",
    k_take: "ir para os botões de resposta (tokens, planetas)",
    k_hand: "ir para sua mão",
    k_ref: "a carta de referência",
    k_log: "o registro",
    k_players: "os outros jogadores (celular)",
    k_back: "fechar um painel ou o resultado",
    lang_switch: "Idioma",
  },
};

/** The words of one language: the board's own (`w(key, vars)`) and the game's (`w.t`, content.texts[lang]). */
export function wordsFor(content, lang) {
  const code = content.texts[lang] ? lang : "en";
  const board = BOARD[code] || BOARD.en;
  const t = content.texts[code];
  const fill = (s, vars) => String(s).replace(/\{(\w+)\}/g, (all, k) => (vars[k] === undefined ? all : String(vars[k])));
  const w = (key, vars = {}) => fill(board[key] ?? BOARD.en[key] ?? key, vars);
  // a number's words: `key_one` for exactly one ("1 trick"), `key` for any other ("0 tricks"; so in Portuguese)
  w.count = (key, n, vars = {}) => {
    const one = `${key}_one`;
    return w((n === 1 && (board[one] ?? BOARD.en[one]) !== undefined) ? one : key, { ...vars, n });
  };
  w.lang = code;
  w.t = t;
  w.ui = (key, vars = {}) => fill(t.ui[key] ?? key, vars);
  w.planet = (p) => t.planets[PLANETS[p]];
  w.card = (c) => {
    if (c >= MOON_CARDS) return t.large_asteroid.name;
    const card = content.cards[c];
    return fill(t.card, { moon: t.moons[card.moon][0], planet: w.planet(Math.floor(c / 14)), rank: card.rank });
  };
  w.moon = (c) => (c >= MOON_CARDS ? t.large_asteroid.name : t.moons[content.cards[c].moon][0]);
  w.asteroid = (kind) => t.asteroids[kind].name;
  w.fill = fill;
  return w;
}

/** A card's tooltip: its moon, rank, size and fact; a large Asteroid's rule. */
export function cardTip(content, w, c) {
  if (c >= MOON_CARDS) return `${w.t.large_asteroid.name}. ${w.t.large_asteroid.text}`;
  const card = content.cards[c];
  return w("rank_tip", { card: w.card(c), rank: card.rank, km: card.diameter_km, fact: w.t.moons[card.moon][1] });
}

export function smallTip(w, kind) {
  const a = w.t.asteroids[kind];
  return w("small_tip", { name: a.name, text: a.text, targets: a.targets, none: a.no_target });
}

/** The scoring table and its worked examples, as the reference card and the rules page show them (MO6, MO52). */
export function scoringBlock(content, w) {
  const sc = w.t.scoring;
  return el("section", { class: "mo-scoring" },
    el("h3", {}, sc.title),
    el("p", {}, sc.rule),
    el("table", { class: "mo-set-points" }, ...[1, 2, 3, 4].map((k) => el("tr", {},
      el("td", {}, el("span", { class: "mo-set-dots", "aria-hidden": "true" },
        ...PLANETS.slice(0, k).map((p) => el("span", { class: `mo-dot planet-${p}` })))),
      el("td", {}, sc.sizes[String(k)])))),
    el("p", {}, el("strong", {}, `${sc.examples_note}:`)),
    el("ul", {}, ...content.scoring_examples.map((ex) => el("li", {}, w.fill(sc.example, {
      tokens: PLANETS.map((p, i) => `${w.planet(i)} ${ex.tokens[p]}`).join(", "), stardust: ex.stardust, points: ex.points }))))
  );
}

/** The reference card (MO6): the turn summary and the scoring table, the same on the table and the rules page. */
export function referenceCard(content, w) {
  const r = w.t.reference;
  return el("div", { class: "mo-reference", id: "mo-reference" },
    el("h2", {}, r.title),
    el("ol", { class: "mo-turn" }, ...r.turn.map((line) => el("li", {}, line))),
    scoringBlock(content, w));
}
