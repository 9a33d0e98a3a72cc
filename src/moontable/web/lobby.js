// The lobby: start a game against a bot or a friend, join an open table, watch one.
import { api, el } from "./api.js";

const LEVEL_TEXT = {
  random: "Random — picks any legal move",
  heuristic: "Heuristic — plays by rules of thumb",
  ismcts: "ISMCTS — searches thousands of possible games",
  "ai-card": "AI card — follows its Jack's AI card",
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
  const friendBox = el("div", { class: "friend-link", hidden: true });
  const openList = el("ul", { class: "tables", "aria-label": "open tables" });
  const liveList = el("ul", { class: "tables", "aria-label": "tables in play" });

  async function vsBot() {
    status.textContent = "Setting the table…";
    try {
      const t = await create({ game: gameSelect.value, seats: [
        { kind: "human", name: nameInput.value || null }, { kind: "bot", level: levelSelect.value }] });
      location.href = t.seats[0].link;
    } catch (e) { status.textContent = `Could not start: ${e.message}`; }
  }

  async function vsFriend() {
    status.textContent = "Setting the table…";
    try {
      const t = await create({ game: gameSelect.value, seats: [
        { kind: "human", name: nameInput.value || null }, { kind: "human", name: "Friend" }] });
      const friend = new URL(t.seats[1].link, location.href).href;
      friendBox.hidden = false;
      friendBox.replaceChildren(
        el("p", {}, "Send this link to your friend — it is their seat, keep it between you:"),
        el("input", { class: "copy", readonly: true, value: friend, "aria-label": "your friend's link",
          onfocus: (e) => e.target.select() }),
        el("p", {}, el("a", { class: "button", href: t.seats[0].link, id: "go-seat" }, "Go to my seat")));
      status.textContent = "";
    } catch (e) { status.textContent = `Could not start: ${e.message}`; }
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
        el("label", { for: "game" }, "Game"), gameSelect,
        el("h2", {}, "Against a bot"),
        el("label", { for: "level" }, "Bot level"), levelSelect,
        el("button", { id: "play-bot", onclick: vsBot }, "Play against a bot"),
        el("h2", {}, "Against a friend"),
        el("button", { id: "play-friend", onclick: vsFriend }, "Make a link for a friend"),
        friendBox),
      status,
      el("h2", {}, "Open tables"), openList,
      el("h2", {}, "Being played — watch one"), liveList));

  try {
    const g = await api("/api/games");
    for (const game of g.games) gameSelect.append(el("option", { value: game.id }, game.name));
    const levels = () => {  // the levels that play the chosen game; its strongest first chosen
      const game = g.games.find((x) => x.id === gameSelect.value);
      levelSelect.replaceChildren(...game.bot_levels.map((level) =>
        el("option", { value: level }, LEVEL_TEXT[level] || level)));
      levelSelect.value = game.default_level;
    };
    gameSelect.addEventListener("change", levels);
    levels();
  } catch (e) { status.textContent = `The lobby is not answering: ${e.message}`; }
  refresh();
  setInterval(refresh, 5000);
}
