// "Verify a game": paste or upload a record (or come from a finished table, /verify?table=<id>) and see every
// check. This browser checks the fingerprint and recomputes every draw of the fair stream itself (WebCrypto,
// fairstream.js), without asking the server; the replay of the rules is offered by the server as well, and by
// `moontable verify` on your own computer.
import { api, el } from "./api.js";
import { canCheck, checkRecord, parseExact } from "./fairstream.js";

const CHECK_TEXT = {
  format: "The record is well formed, for a known game, and holds its seed",
  commitment: "SHA-256 of the seed equals the fingerprint shown at the start",
  draws: "Every shuffle and die equals the fair stream from the seed",
  replay: "Replaying every move through the rules makes exactly these draws, every move legal",
  result: "The replayed game ends with the recorded result",
};

function checkList(checks, cls) {
  return el("ul", { class: cls }, ...checks.map((c) => el("li", { class: c.ok ? "pass" : "fail", "data-check": c.name },
    el("strong", {}, `${c.ok ? "✔" : "✘"} ${c.name}`), " — ", CHECK_TEXT[c.name] || "",
    c.message ? el("div", { class: "msg" }, c.message) : null)));
}

export async function showVerify(app) {
  const text = el("textarea", { id: "record-text", rows: "10", "aria-label": "the game record (JSON)",
    placeholder: '{"format": "moontable-record/1", ...}' });
  const file = el("input", { type: "file", id: "record-file", accept: ".json,application/json",
    "aria-label": "upload a record file" });
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
      mine.replaceChildren(el("p", { class: "verdict fail", id: "browser-verdict" }, `Not a record: the JSON does not read (${e.message}).`));
      return;
    }
    const progress = el("p", { class: "spinner", id: "browser-progress" }, "Checking in this browser…");
    mine.replaceChildren(progress);
    const checks = await checkRecord(rec, (done, total) => { progress.textContent = `Checking in this browser: draw ${done} of ${total}…`; });
    const ok = checks.length === 3 && checks.every((c) => c.ok);
    mine.replaceChildren(
      el("h2", {}, "Checked by this browser"),
      el("p", { class: ok ? "verdict pass" : "verdict fail", id: "browser-verdict" },
        ok ? "The fingerprint and every draw check out, computed here in your browser (WebCrypto SHA-256 and HMAC-SHA256). The server was not asked."
          : "Not verified by this browser: a check failed. The server was not asked."),
      checkList(checks, "checks-browser"),
      el("p", { class: "hint" }, "Which moves were legal and what they drew is the rules' part: the server's replay below, or ",
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
        checkList(report.checks, "checks"));
    } catch (e) {
      out.replaceChildren(el("p", { class: "verdict fail", id: "server-error" }, `The server could not check it: ${e.message}`));
    }
  }

  const run = () => Promise.all([inBrowser(), onServer()]);
  file.addEventListener("change", async () => { if (file.files[0]) { text.value = await file.files[0].text(); run(); } });
  app.append(el("section", { class: "verify" },
    el("h1", {}, "Verify a game"),
    el("p", {}, "A game's record holds its seed, every move and every draw. Paste it here or upload the file: ",
      el("strong", {}, "this browser"), " checks the fingerprint and recomputes every shuffle and die from the seed itself, ",
      "without asking the server; the server can also replay every move through the rules. ",
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
