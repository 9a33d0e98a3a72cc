// The page's router: the lobby, a table, the rules of a game, the verify page, a finished game's replay.
import { showLobby } from "./lobby.js";
import { showRules } from "./rules.js";
import { showTable } from "./table.js";
import { showVerify } from "./verify.js";
import { showReplay } from "./replay.js";
import { showDeckBuilder } from "./deckbuilder.js";
import { installTooltips } from "./tooltip.js";
import { showLeaderboard, showPlayer } from "./players.js";

function route() {
  const app = document.getElementById("app");
  app.replaceChildren();
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/t\/([A-Za-z0-9_-]+)$/))) return showTable(app, m[1], location.hash.slice(1) || null);
  if ((m = path.match(/^\/rules\/([a-z]+)$/))) return showRules(app, m[1]);
  if (path === "/verify") return showVerify(app);
  if ((m = path.match(/^\/replay\/([A-Za-z0-9_-]+)$/))) return showReplay(app, m[1]);
  if (path === "/decks") return showDeckBuilder(app);
  if ((m = path.match(/^\/players\/([^/]+)$/))) return showPlayer(app, decodeURIComponent(m[1]));
  if ((m = path.match(/^\/leaderboard(?:\/([a-z]+))?$/))) return showLeaderboard(app, m[1] || null);
  return showLobby(app);
}

installTooltips();
route();
