// The lobby: start a game against a bot or a friend, join an open table, watch one.
import { api, el } from "./api.js";

const LEVEL_TEXT = {
  random: "Random — picks any legal move",
  heuristic: "Heuristic — plays by rules of thumb",
  ismcts: "ISMCTS — searches thousands of possible games",
  "ai-card": "AI card — follows its Jack's AI card (the rulebook's AI Mode)",
};

function seatName() {
  return (localStorage.getItem("moontable.name") || "").slice(0, 40) || null;
}

async function create(body) {
  return api("/api/tables", body);
}

export async function showLobby(app) {
  const status = el("p", { class: "status", role: "status", "aria-live": "polite" });
  const nameInput = el("input", { id: "name", value: seatName() || "", maxlength: "40", placeholder: "Your name",
    oninput: (e) => localStorage.setItem("moontable.name", e.target.value) });
  const gameSelect = el("select", { id: "game", "aria-label": "game" });
  const levelSelect = el("select", { id: "level", "aria-label": "bot level" });
  const seatsSelect = el("select", { id: "seats", "aria-label": "seats at the table" });
  const seatsRow = el("div", { class: "seats-row" }, el("label", { for: "seats" }, "Seats"), seatsSelect);
  const choicesBox = el("div", { class: "seat-choices" });  // what the game lets you pick for your seat
  const friendBox = el("div", { class: "friend-link", hidden: true });
  const openList = el("ul", { class: "tables", "aria-label": "open tables" });
  const liveList = el("ul", { class: "tables", "aria-label": "tables in play" });

  const seatCount = () => Number(seatsSelect.value) || 2;
  let games = [];
  let choices = [];  // [{option, select}] for the chosen game
  const chosenGame = () => games.find((x) => x.id === gameSelect.value);

  // the table's options: your picks in your seat's place (the other seats' left to the game), and the
  // rulebook's AI Mode when every other seat is an AI card bot
  function tableOptions(n, againstBots) {
    const options = {};
    for (const { option, select } of choices) {
      if (select.value) options[option] = [select.value, ...Array(n - 1).fill(null)];
    }
    const game = chosenGame();
    if (againstBots && n >= 2 && game && game.options.includes("ai") && levelSelect.value === "ai-card") options.ai = true;
    return options;
  }

  async function vsBot() {
    status.textContent = "Setting the table…";
    try {  // you, and bots in the other seats (none: a game alone, where the game has one)
      const bots = Array.from({ length: seatCount() - 1 }, () => ({ kind: "bot", level: levelSelect.value }));
      const t = await create({ game: gameSelect.value, options: tableOptions(seatCount(), true),
        seats: [{ kind: "human", name: nameInput.value || null }, ...bots] });
      location.href = t.seats[0].link;
    } catch (e) { status.textContent = `Could not start: ${e.message}`; }
  }

  async function vsFriend() {
    status.textContent = "Setting the table…";
    try {  // you and your friends: a link for each other seat
      const n = Math.max(2, seatCount());
      const friends = Array.from({ length: n - 1 }, (_, i) => ({ kind: "human", name: n > 2 ? `Friend ${i + 1}` : "Friend" }));
      const t = await create({ game: gameSelect.value, options: tableOptions(n, false),
        seats: [{ kind: "human", name: nameInput.value || null }, ...friends] });
      const links = t.seats.slice(1).map((s) => new URL(s.link, location.href).href);
      friendBox.hidden = false;
      friendBox.replaceChildren(
        el("p", {}, links.length > 1 ? "Send each friend one of these links — each is a seat, keep them between you:"
          : "Send this link to your friend — it is their seat, keep it between you:"),
        ...links.map((friend, i) => el("input", { class: "copy", readonly: true, value: friend,
          "aria-label": links.length > 1 ? `friend ${i + 1}'s link` : "your friend's link", onfocus: (e) => e.target.select() })),
        el("p", {}, el("a", { class: "button", href: t.seats[0].link, id: "go-seat" }, "Go to my seat")));
      status.textContent = "";
    } catch (e) { status.textContent = `Could not start: ${e.message}`; }
  }

  const playBot = el("button", { id: "play-bot", onclick: vsBot }, "Play against a bot");
  const playFriend = el("button", { id: "play-friend", onclick: vsFriend }, "Make a link for a friend");
  function syncButtons() {
    const n = seatCount();
    playBot.textContent = n === 1 ? "Play alone" : n === 2 ? "Play against a bot" : `Play against ${n - 1} bots`;
    playFriend.textContent = n > 2 ? `Make links for ${n - 1} friends` : "Make a link for a friend";
    playFriend.disabled = n === 1;
  }

  async function join(id) {
    try {
      const j = await api(`/api/tables/${id}/join`, { name: nameInput.value || null });
      location.href = j.link;
    } catch (e) { status.textContent = `Could not join: ${e.message}`; }
  }

  function tableItem(t, canJoin) {
    const seats = t.seats.map((s) => (s.kind === "open" && !s.taken ? "an open seat"
      : `${s.name}${s.bot ? " (bot)" : ""}`)).join(" vs ");
    return el("li", {},
      el("span", {}, `${t.game} — ${seats}`),
      canJoin ? el("button", { onclick: () => join(t.id) }, "Join") : null,
      el("a", { class: "button secondary", href: `/t/${t.id}` }, "Watch"));
  }

  async function refresh() {
    try {
      const [open, live] = await Promise.all([api("/api/tables"), api("/api/tables?status=playing")]);
      openList.replaceChildren(...(open.tables.length ? open.tables.map((t) => tableItem(t, true))
        : [el("li", { class: "empty" }, "No open tables right now.")]));
      liveList.replaceChildren(...(live.tables.length ? live.tables.slice(0, 30).map((t) => tableItem(t, false))
        : [el("li", { class: "empty" }, "No games in play right now.")]));
    } catch (e) { status.textContent = `The lobby is not answering: ${e.message}`; }
  }

  app.append(
    el("section", { class: "lobby" },
      el("h1", {}, "The table is set"),
      el("p", { class: "lead" }, "Four moon card games with shuffles and dice you can check after the game."),
      el("div", { class: "card-panel" },
        el("label", { for: "name" }, "Your name"), nameInput,
        el("label", { for: "game" }, "Game"), gameSelect, seatsRow, choicesBox,
        el("h2", {}, "Against a bot"),
        el("label", { for: "level" }, "Bot level"), levelSelect,
        playBot,
        el("h2", {}, "Against a friend"),
        playFriend,
        friendBox),
      status,
      el("h2", {}, "Open tables"), openList,
      el("h2", {}, "Being played — watch one"), liveList));

  try {
    const g = await api("/api/games");
    games = g.games;
    for (const game of games) gameSelect.append(el("option", { value: game.id }, game.name));
    const levels = () => {  // the levels that play the chosen game; its strongest first chosen
      const game = chosenGame();
      choices = (game.seat_choices || []).map((c) => ({ option: c.option, label: c.label,
        select: el("select", { id: `choice-${c.option}` }, ...c.values.map(([value, text]) =>
          el("option", { value: value ?? "" }, text))) }));
      choicesBox.replaceChildren(...choices.flatMap(({ option, label, select }) =>
        [el("label", { for: `choice-${option}` }, label), select]));
      levelSelect.replaceChildren(...game.bot_levels.map((level) =>
        el("option", { value: level }, LEVEL_TEXT[level] || level)));
      levelSelect.value = game.default_level;
      // how many seats: only where the game allows a choice (two by default)
      const counts = [];
      for (let n = game.min_seats; n <= game.max_seats; n++) counts.push(n);
      seatsSelect.replaceChildren(...counts.map((n) => el("option", { value: String(n) },
        n === 1 ? "1 — alone (Score Mode)" : `${n} seats`)));
      seatsSelect.value = String(Math.min(Math.max(2, game.min_seats), game.max_seats));
      seatsRow.hidden = counts.length < 2;
      syncButtons();
    };
    seatsSelect.addEventListener("change", syncButtons);
    gameSelect.addEventListener("change", levels);
    levels();
  } catch (e) { status.textContent = `The lobby is not answering: ${e.message}`; }
  refresh();
  setInterval(refresh, 5000);
}
