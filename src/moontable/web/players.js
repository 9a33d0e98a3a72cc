// A player's page (/players/<name>: their ratings and games) and a game's leaderboard (/leaderboard/<game>).
import { api, el } from "./api.js";

const when = (secs) => new Date(secs * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const RESULT = { win: "Won", loss: "Lost", draw: "Draw" };

function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0"; }

export async function showPlayer(app, name) {
  const section = el("section", { class: "players" }, el("h1", {}, "A player"));
  app.append(section);
  let p;
  try { p = await api(`/api/players/${encodeURIComponent(name)}`); } catch (e) {
    section.append(el("p", { class: "status" }, e.message));
    return;
  }
  document.title = `${p.name} — moontable`;
  section.replaceChildren(el("h1", {}, p.name),
    p.ratings.length
      ? el("ul", { class: "player-ratings", "aria-label": "ratings" }, ...p.ratings.map((r) => el("li", {},
        el("a", { href: `/leaderboard/${r.game}` }, r.game_name || r.game), `: ${r.rating}`,
        el("span", { class: "hint" }, ` (${r.games} rated game${r.games === 1 ? "" : "s"})`))))
      : el("p", { class: "hint" }, "No rated game yet."),
    el("h2", {}, "Games"),
    p.games.length ? el("div", { class: "games-scroll" }, el("table", { class: "games", id: "games" },
      el("thead", {}, el("tr", {}, ...["Game", "Against", "Result", "Date", "Rating", ""].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, ...p.games.map((g) => el("tr", { "data-table": g.table },
        el("td", {}, g.game_name),
        el("td", {}, ...g.opponents.flatMap((o, i) => [i ? ", " : "", o.page ? el("a", { href: o.page }, o.name) : o.name,
          o.bot ? el("span", { class: "badge" }, "BOT") : null])),
        el("td", { class: `result ${g.result}` }, RESULT[g.result] || g.result),
        el("td", {}, when(g.ended)),
        el("td", { class: "rating" }, g.rating ? `${g.rating.after} (${signed(g.rating.change)})` : g.rated ? "—" : "casual"),
        el("td", { class: "links" }, el("a", { href: g.replay, class: "replay" }, "Replay"), " · ",
          el("a", { href: g.record, download: `moontable-${g.table}.json`, class: "record" }, "Record")))))))
      : el("p", { class: "hint" }, "No finished game yet."));
}

export async function showLeaderboard(app, game) {
  const section = el("section", { class: "players" });
  app.append(section);
  let games = [];
  try { games = (await api("/api/games")).games; } catch { games = []; }
  const chosen = game || (games[0] && games[0].id) || "courts";
  const tabs = el("nav", { class: "board-tabs", "aria-label": "games" }, ...games.map((g) =>
    el("a", { href: `/leaderboard/${g.id}`, "aria-current": g.id === chosen ? "page" : null }, g.name)));
  let board;
  try { board = await api(`/api/leaderboard/${chosen}`); } catch (e) {
    section.replaceChildren(el("h1", {}, "Leaderboard"), tabs, el("p", { class: "status" }, e.message));
    return;
  }
  document.title = `${board.name}: leaderboard — moontable`;
  section.replaceChildren(el("h1", {}, `${board.name}: leaderboard`), tabs,
    el("p", { class: "hint" }, "Rated games only. A rating is the table's cautious guess, 1500 to begin with; "
      + "it rises as you win and as the table grows sure of you. Each bot level is rated as a player."),
    board.players.length ? el("table", { class: "games", id: "leaderboard" },
      el("thead", {}, el("tr", {}, ...["#", "Player", "Rating", "Games"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, ...board.players.map((r) => el("tr", {},
        el("td", {}, String(r.place)),
        el("td", {}, r.page ? el("a", { href: r.page }, r.name) : r.name, r.bot ? el("span", { class: "badge" }, "BOT") : null),
        el("td", { class: "rating" }, String(r.rating)),
        el("td", {}, String(r.games))))))
      : el("p", { class: "hint" }, "No rated game of this one yet."));
}
