// "Verify a game": paste or upload a record (or come from a finished table, /verify?table=<id>) and see every
// check. This browser checks the fingerprint and recomputes every draw of the fair stream itself (WebCrypto,
// fairstream.js), without asking the server; the replay of the rules is offered by the server as well, and by
// `moontable verify` on your own computer.
import { api, el } from "./api.js";
import { canCheck, checkRecord, parseExact } from "./fairstream.js";

// Each check in the players' words: what it is and what passing it means (the record's own names for them, "format",
// "commitment", "draws", stay in data-check for the tests and the curious)
const CHECKS = {
  format: ["The record", "it reads as a game played here, with the secret seed shown at the end"],
  commitment: ["The fingerprint", "the seed matches the fingerprint shown at the table before the first deal, so it was not changed during play"],
  draws: ["Every shuffle and die", "every random number the game used for its shuffles and dice comes from the seed and the players' own words (client seeds)"],
  replay: ["Every move", "replaying the game by the rules uses exactly those shuffles and dice, and every move was allowed"],
  result: ["The result", "the replayed game ends as the record says"],
};
let gameNames = {};  // game id -> the name players know it by, from /api/games

/** What a passed check found, in players' words; a failed one says what the check found wrong. */
function found(c, rec) {
  if (!c.ok) return c.message;
  const game = rec && (gameNames[rec.game] ? `a ${gameNames[rec.game]} game` : "a game");
  const moves = rec && Array.isArray(rec.moves) ? rec.moves.length : null;
  if (c.name === "format") return moves === null ? game : `${game} of ${moves} moves`;
  if (c.name === "draws" && rec && Array.isArray(rec.draws)) return `all ${rec.draws.length} random numbers match the seed`;
  if (c.name === "replay" && moves !== null) return `all ${moves} moves were allowed`;
  return null;
}

function checkList(checks, cls, rec) {
  return el("ul", { class: cls }, ...checks.map((c) => {
    const [label, means] = CHECKS[c.name] || [c.name, ""];
    const what = found(c, rec);
    return el("li", { class: c.ok ? "pass" : "fail", "data-check": c.name },
      el("strong", {}, `${c.ok ? "✔" : "✘"} ${label}`), means ? `: ${means}.` : "",
      what ? el("div", { class: "msg" }, what) : null);
  }));
}

function readable(words) {
  try { return JSON.parse(words); } catch { return null; }
}

export async function showVerify(app) {
  try { gameNames = Object.fromEntries((await api("/api/games")).games.map((g) => [g.id, g.name])); } catch { /* ids, then */ }
  const text = el("textarea", { id: "record-text", rows: "10", "aria-label": "the game's record",
    placeholder: "Paste a game's record here: the file from Download the record, on the game's replay page" });
  const file = el("input", { type: "file", id: "record-file", accept: ".json,application/json",
    "aria-label": "upload the game's record file" });
  const mine = el("div", { id: "browser-result", role: "status", "aria-live": "polite" });
  const out = el("div", { id: "verify-result", role: "status", "aria-live": "polite" });
  const serverBox = el("label", { class: "inline" },
    el("input", { type: "checkbox", id: "verify-server", checked: true }), " also replay the rules on the server");

  // in this browser: the fingerprint and every draw, nothing sent anywhere
  async function inBrowser() {
    if (!canCheck()) {
      mine.replaceChildren(el("p", { class: "verdict fail", id: "browser-verdict" },
        "This browser cannot compute the stream here: WebCrypto is only given to pages served over https (or from this computer)."));
      return;
    }
    let rec;
    try { rec = parseExact(text.value); } catch (e) {
      mine.replaceChildren(el("p", { class: "verdict fail", id: "browser-verdict" }, `This is not a game's record: it does not read (${e.message}).`));
      return;
    }
    const progress = el("p", { class: "spinner", id: "browser-progress" }, "Checking in this browser…");
    mine.replaceChildren(progress);
    const checks = await checkRecord(rec, (done, total) => { progress.textContent = `Checking in this browser: draw ${done} of ${total}…`; });
    const ok = checks.length === 3 && checks.every((c) => c.ok);
    mine.replaceChildren(
      el("h2", {}, "Checked by this browser"),
      el("p", { class: ok ? "verdict pass" : "verdict fail", id: "browser-verdict" },
        ok ? "The fingerprint and every shuffle and die check out, worked out here in your browser. The server was not asked."
          : "Not verified by this browser: a check failed. The server was not asked."),
      checkList(checks, "checks-browser", rec),
      el("p", { class: "hint" }, "Whether every move was allowed takes the rules, replaying the game: the server's replay below, or ",
        el("code", {}, "moontable verify game.json"), " on your own computer."));
  }

  // on the server: the same checks and the replay of every move through the rules
  async function onServer() {
    if (!serverBox.querySelector("input").checked) { out.replaceChildren(); return; }
    out.replaceChildren(el("p", { class: "spinner" }, "The server is replaying the rules…"));
    try {
      const report = await api("/api/verify", text.value);
      out.replaceChildren(el("h2", {}, "Replayed by the server"),
        el("p", { class: report.ok ? "verdict pass" : "verdict fail", id: "verdict" },
          report.ok ? "Verified: this game was played fairly from its seed." : "Not verified: a check failed."),
        checkList(report.checks, "checks", readable(text.value)));
    } catch (e) {
      out.replaceChildren(el("p", { class: "verdict fail", id: "server-error" }, `The server could not check it: ${e.message}`));
    }
  }

  const run = () => Promise.all([inBrowser(), onServer()]);
  file.addEventListener("change", async () => { if (file.files[0]) { text.value = await file.files[0].text(); run(); } });
  app.append(el("section", { class: "verify" },
    el("h1", {}, "Verify a game"),
    el("p", {}, "A game's record holds the players, every move, and the secret seed that decided every shuffle and die ",
      "(kept hidden until the game is over). Paste it here or upload the file: ",
      el("strong", {}, "this browser"), " checks the seed against the fingerprint shown at the table and works out every shuffle and die from it itself, ",
      "without asking the server; the server can also replay every move by the rules. ",
      "You can run every check yourself with ", el("code", {}, "moontable verify game.json"), "."),
    text, el("div", { class: "row" }, file, el("button", { id: "verify-run", onclick: run }, "Verify"), serverBox), mine, out));
  const table = new URLSearchParams(location.search).get("table");
  if (table) {
    try {
      const rec = await api(`/api/tables/${encodeURIComponent(table)}/record`);
      text.value = JSON.stringify(rec, null, 1);
      run();
    } catch (e) { out.textContent = `Could not load that table's record: ${e.message}`; }
  }
}
