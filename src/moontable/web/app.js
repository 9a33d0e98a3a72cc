// The page's router: the lobby, a table, the rules of a game, the verify page.
import { showLobby } from "./lobby.js";
import { showRules } from "./rules.js";
import { showTable } from "./table.js";
import { showVerify } from "./verify.js";
import { installTooltips } from "./tooltip.js";

function route() {
  const app = document.getElementById("app");
  app.replaceChildren();
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/t\/([A-Za-z0-9_-]+)$/))) return showTable(app, m[1], location.hash.slice(1) || null);
  if ((m = path.match(/^\/rules\/([a-z]+)$/))) return showRules(app, m[1]);
  if (path === "/verify") return showVerify(app);
  return showLobby(app);
}

installTooltips();
route();
