// The page's state (web/frame/state.js) after each message a client received, as the page keeps it.
// In: {"frame": path to frame/state.js, "clients": {name: [text, ...]}} on stdin. Out: {name: [{n, live,
// state}, ...]} on stdout, one entry a message (a batch's messages one by one).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const input = JSON.parse(readFileSync(0, "utf8"));
const { initialState, track } = await import(pathToFileURL(input.frame).href);
const KEPT = ["v", "status", "seat", "seats", "view", "decision", "clocks", "undo", "result", "text", "seed", "stale"];
const out = {};
for (const [name, texts] of Object.entries(input.clients)) {
  const t = initialState();
  const states = [];
  for (const text of texts) {
    const msg = JSON.parse(text);
    for (const m of msg.type === "batch" ? msg.messages : [msg]) {
      const live = track(t, m);
      states.push({ type: m.type, n: m.n ?? null, live, state: Object.fromEntries(KEPT.map((k) => [k, t[k]])) });
    }
  }
  out[name] = states;
}
process.stdout.write(JSON.stringify(out));
