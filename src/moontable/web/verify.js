// "Verify a game": paste or upload a record (or come from a finished table) and see every check.
import { api, el } from "./api.js";

const CHECK_TEXT = {
  format: "The record is well formed, for a known game, and holds its seed",
  commitment: "SHA-256 of the seed equals the fingerprint shown at the start",
  draws: "Every shuffle and die equals the fair stream from the seed",
  replay: "Replaying every move through the rules makes exactly these draws, every move legal",
  result: "The replayed game ends with the recorded result",
};

export async function showVerify(app) {
  const text = el("textarea", { id: "record-text", rows: "10", "aria-label": "the game record (JSON)",
    placeholder: '{"format": "moontable-record/1", ...}' });
  const file = el("input", { type: "file", id: "record-file", accept: ".json,application/json",
    "aria-label": "upload a record file" });
  const out = el("div", { id: "verify-result", role: "status", "aria-live": "polite" });
  const run = async () => {
    out.replaceChildren(el("p", { class: "spinner" }, "Checking…"));
    try {
      const report = await api("/api/verify", text.value);
      const items = report.checks.map((c) => el("li", { class: c.ok ? "pass" : "fail", "data-check": c.name },
        el("strong", {}, `${c.ok ? "✔" : "✘"} ${c.name}`), " — ", CHECK_TEXT[c.name] || "",
        c.message ? el("div", { class: "msg" }, c.message) : null));
      out.replaceChildren(el("p", { class: report.ok ? "verdict pass" : "verdict fail", id: "verdict" },
        report.ok ? "Verified: this game was played fairly from its seed." : "Not verified: a check failed."),
      el("ul", { class: "checks" }, ...items));
    } catch (e) {
      out.replaceChildren(el("p", { class: "verdict fail" }, `Could not check: ${e.message}`));
    }
  };
  file.addEventListener("change", async () => { if (file.files[0]) { text.value = await file.files[0].text(); run(); } });
  app.append(el("section", { class: "verify" },
    el("h1", {}, "Verify a game"),
    el("p", {}, "A game's record holds its seed, every move and every draw. Paste it here or upload the file: the ",
      "server checks the fingerprint, every shuffle and die against the stream, and replays every move through the rules. ",
      "You can run the same checks yourself with ", el("code", {}, "moontable verify game.json"), "."),
    text, el("div", { class: "row" }, file, el("button", { id: "verify-run", onclick: run }, "Verify")), out));
  const table = new URLSearchParams(location.search).get("table");
  if (table) {
    try {
      const rec = await api(`/api/tables/${encodeURIComponent(table)}/record`);
      text.value = JSON.stringify(rec, null, 1);
      run();
    } catch (e) { out.textContent = `Could not load that table's record: ${e.message}`; }
  }
}
