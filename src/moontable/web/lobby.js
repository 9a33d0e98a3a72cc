// The lobby: start a game against a bot or a friend, join an open table, watch one.
import { api, el } from "./api.js";
import { accountBox, signedIn, whoAmI } from "./account.js";
import { bluemoonChoices } from "./bluemoon_lobby.js";

// "Courts of Sun and Moon and Moonflight", "A, B and C": the games there are, in words
function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

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
  const levelMethod = el("p", { class: "hint", id: "level-method" });
  const lead = el("p", { class: "lead" }, "Moon card games with shuffles and dice you can check after the game.");
  const seatsSelect = el("select", { id: "seats", "aria-label": "seats at the table" });
  const seatsRow = el("div", { class: "seats-row" }, el("label", { for: "seats" }, "Seats"), seatsSelect);
  const choicesBox = el("div", { class: "seat-choices" });  // what the game lets you pick for your seat
  // at three seats or more: how many of the other seats are friends (links); bots at the level above take the rest
  const friendsSelect = el("select", { id: "friends", "aria-label": "friends at the table" });
  const friendsRow = el("div", { class: "seats-row", hidden: true }, el("label", { for: "friends" }, "Friends"), friendsSelect);
  const gameBox = el("div", { class: "game-choices" });  // a game's own choices (Blue Moon: mode, decks, match)
  let extras = null;  // { box, options(), match() } of the chosen game, if it has its own
  const friendBox = el("div", { class: "friend-link", hidden: true });
  // a rated game moves the players' ratings: signed-in players and bots only, so friends join from Open tables
  const ratedBox = el("input", { type: "checkbox", id: "rated" });
  const ratedHint = el("span", { class: "hint", id: "rated-hint" });
  const ratedRow = el("div", { class: "rated-row" }, ratedBox, el("label", { for: "rated" }, "Rated game"), ratedHint);
  const rated = () => ratedBox.checked && !ratedBox.disabled;
  function syncAccount() {
    const me = signedIn();
    nameInput.readOnly = !!me;
    if (me) nameInput.value = me.name;
    nameInput.setAttribute("data-tip", me ? "You play under the name you signed in as." : "");
    ratedBox.disabled = !me;
    ratedHint.textContent = me ? "moves your rating; friends join from Open tables, signed in" : "sign in to play rated";
    syncButtons();
  }
  const account = accountBox(syncAccount);
  const openList = el("ul", { class: "tables", "aria-label": "open tables" });
  const liveList = el("ul", { class: "tables", "aria-label": "tables in play" });

  const seatCount = () => Number(seatsSelect.value) || 2;
  let games = [];
  let levelWords = {};  // level -> {name, method}: "Strong", "thinks ahead by trying many possible games"
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
    return extras ? { ...options, ...extras.options() } : options;
  }
  const matchBody = () => (extras && extras.match ? { match: extras.match() } : {});

  async function vsBot() {
    status.textContent = "Setting the table…";
    try {  // you, and bots in the other seats (none: a game alone, where the game has one)
      const bots = Array.from({ length: seatCount() - 1 }, () => ({ kind: "bot", level: levelSelect.value }));
      const t = await create({ game: gameSelect.value, options: tableOptions(seatCount(), true), ...matchBody(),
        seats: [{ kind: "human", name: nameInput.value || null }, ...bots], rated: rated() });
      location.href = t.seats[0].link;
    } catch (e) { status.textContent = `Could not start: ${e.message}`; }
  }

  async function vsFriend() {
    status.textContent = "Setting the table…";
    try {  // you and your friends: a link for each other seat
      const n = Math.max(2, seatCount());
      const k = friendCount();
      // rated: open seats, that your friends take from the lobby signed in; else a link for each
      const friends = Array.from({ length: k }, (_, i) => (rated() ? { kind: "open" }
        : { kind: "human", name: k > 1 ? `Friend ${i + 1}` : "Friend" }));
      const bots = Array.from({ length: n - 1 - k }, () => ({ kind: "bot", level: levelSelect.value }));
      const t = await create({ game: gameSelect.value, options: tableOptions(n, false), ...matchBody(),
        seats: [{ kind: "human", name: nameInput.value || null }, ...friends, ...bots], rated: rated() });
      if (rated()) { location.href = t.seats[0].link; return; }  // they find the table under Open tables
      const links = t.seats.slice(1).filter((s) => s.link).map((s) => new URL(s.link, location.href).href);
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
  ratedBox.addEventListener("change", () => syncButtons());
  const friendCount = () => Math.min(Number(friendsSelect.value) || seatCount() - 1, seatCount() - 1);
  function syncFriends() {
    const n = seatCount();
    const counts = [];
    for (let k = n - 1; k >= 1; k--) counts.push(k);
    friendsSelect.replaceChildren(...counts.map((k) => el("option", { value: String(k) },
      k === n - 1 ? `${k} — every other seat` : `${k}, and ${n - 1 - k} bot${n - 1 - k === 1 ? "" : "s"}`)));
    friendsSelect.value = String(n - 1);  // by default friends in every other seat
    friendsRow.hidden = n < 3;
  }
  function syncButtons() {
    const n = seatCount();
    if (friendsSelect.options.length !== Math.max(0, n - 1)) syncFriends();
    const k = friendCount();
    const bots = n - 1 - k;
    playBot.textContent = n === 1 ? "Play alone" : n === 2 ? "Play against a bot" : `Play against ${n - 1} bots`;
    playFriend.textContent = (rated() ? (k > 1 ? `Open ${k} seats for friends` : "Open a seat for a friend")
      : k > 1 ? `Make links for ${k} friends` : "Make a link for a friend") +
      (bots ? ` (and ${bots} bot${bots === 1 ? "" : "s"})` : "");
    playFriend.disabled = n === 1;
    levelSelect.disabled = n === 1;  // alone: no bot to choose
  }

  async function join(id) {
    try {
      const j = await api(`/api/tables/${id}/join`, { name: nameInput.value || null });
      location.href = j.link;
    } catch (e) { status.textContent = `Could not join: ${e.message}`; }
  }

  function tableItem(t, canJoin) {
    const game = games.find((g) => g.id === t.game);
    const seats = t.seats.flatMap((s, i) => [i ? " vs " : "", s.kind === "open" && !s.taken ? "an open seat" : s.name,
      s.bot ? el("span", { class: "badge", "data-tip": "A bot plays this seat." }, "BOT") : null]);
    return el("li", {},
      el("span", { class: "table-line" }, el("strong", {}, game ? game.name : "A game"),
        t.rated ? el("span", { class: "badge", "data-tip": "A rated game: sign in to take its seat." }, "RATED") : null,
        " — ", ...seats),
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
      lead,
      el("div", { class: "card-panel" },
        account.box,
        el("label", { for: "name" }, "Your name"), nameInput,
        el("label", { for: "game" }, "Game"), gameSelect, seatsRow, choicesBox, gameBox,
        ratedRow,
        el("h2", {}, "Against a bot"),
        el("label", { for: "level" }, "Bot level"), levelSelect, levelMethod,
        playBot,
        el("h2", {}, "Against a friend"),
        friendsRow, playFriend,
        friendBox),
      status,
      el("h2", {}, "Open tables"), openList,
      el("h2", {}, "Being played — watch one"), liveList));

  try {
    const g = await api("/api/games");
    games = g.games;
    levelWords = g.levels || {};
    lead.textContent = `${listed(games.map((x) => x.name))}: moon card games with shuffles and dice you can ` +
      "check after the game.";
    for (const game of games) gameSelect.append(el("option", { value: game.id }, game.name));
    const method = () => {
      const w = levelWords[levelSelect.value];
      levelMethod.textContent = w ? `${w.name}: ${w.method}.` : "";
      levelSelect.setAttribute("data-tip", levelMethod.textContent);
    };
    const levels = () => {  // the levels that play the chosen game; its strongest first chosen
      const game = chosenGame();
      choices = (game.seat_choices || []).map((c) => ({ option: c.option, label: c.label,
        select: el("select", { id: `choice-${c.option}` }, ...c.values.map(([value, text]) =>
          el("option", { value: value ?? "" }, text))) }));
      choicesBox.replaceChildren(...choices.flatMap(({ option, label, select }) =>
        [el("label", { for: `choice-${option}` }, label), select]));
      extras = game.id === "bluemoon" ? bluemoonChoices() : null;
      gameBox.replaceChildren(...(extras ? [extras.box] : []));
      levelSelect.replaceChildren(...game.bot_levels.map((level) => {
        const w = levelWords[level];
        return el("option", { value: level, title: w ? w.method : null }, w ? w.name : level);
      }));
      levelSelect.value = game.default_level;
      method();
      // how many seats: only where the game allows a choice (two by default)
      const counts = [];
      for (let n = game.min_seats; n <= game.max_seats; n++) counts.push(n);
      seatsSelect.replaceChildren(...counts.map((n) => el("option", { value: String(n) },
        n === 1 ? "1 — alone (Score Mode)" : `${n} seats`)));
      seatsSelect.value = String(Math.min(Math.max(2, game.min_seats), game.max_seats));
      seatsRow.hidden = counts.length < 2;
      syncButtons();
    };
    seatsSelect.addEventListener("change", () => { syncFriends(); syncButtons(); });
    friendsSelect.addEventListener("change", syncButtons);
    levelSelect.addEventListener("change", method);
    gameSelect.addEventListener("change", levels);
    levels();
  } catch (e) { status.textContent = `The lobby is not answering: ${e.message}`; }
  await whoAmI();
  account.redraw();
  syncAccount();
  refresh();
  setInterval(refresh, 5000);
}
