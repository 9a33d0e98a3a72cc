// The lobby's Blue Moon choices: the mode, the match's length, keeping one deck or choosing before every game,
// and in deck building the decks you built (saved in this browser by the deck builder, /decks).
import { count, el } from "./api.js";

const DECKS_KEY = "moontable.bluemoon.decks";

function saved() {
  try { return JSON.parse(localStorage.getItem(DECKS_KEY) || "[]"); } catch { return []; }
}

export function bluemoonChoices() {
  const mode = el("select", { id: "bm-mode" },
    el("option", { value: "base" }, "Base decks — each people's own 30 cards"),
    el("option", { value: "quick" }, "Quick start — a people, its 3 new cards and an emissary's 7"),
    el("option", { value: "build" }, "Deck building — your own decks, each with an inquisitor"));
  const target = el("select", { id: "bm-target" },
    el("option", { value: "5", selected: true }, "A match: first to 5 crystals"),
    el("option", { value: "3" }, "A short match: first to 3 crystals"),
    el("option", { value: "1" }, "One game"));
  const keep = el("input", { type: "checkbox", id: "bm-keep" });
  const decksBox = el("div", { class: "bm-lobby-decks", id: "bm-decks" });
  function drawDecks() {
    const built = saved().filter((d) => d.inquisitor);
    decksBox.hidden = mode.value !== "build";
    decksBox.replaceChildren(built.length
      ? el("p", { class: "hint" }, `You bring your ${count(built.length, "built deck")} from the deck builder; you choose one in secret before each game.`)
      : el("p", { class: "hint" }, "You have built no decks yet: you will choose among the deck builder's own (one per people and inquisitor)."),
    el("p", { class: "hint" }, el("a", { href: "/decks", id: "open-deck-builder" }, "Open the deck builder")));
  }
  mode.addEventListener("change", drawDecks);
  drawDecks();
  const box = el("div", { class: "seat-choices bm-lobby" },
    el("label", { for: "bm-mode" }, "Mode (the same for both players)"), mode,
    el("label", { for: "bm-target" }, "Match length"), target,
    el("label", { class: "inline" }, keep, " Each player keeps the deck of the first game"),
    decksBox);
  return {
    box,
    options() {
      const built = saved().filter((d) => d.inquisitor);
      const out = { mode: mode.value };
      if (mode.value === "build" && built.length) out.decks = [built, null];  // yours in your seat; the bot's its own
      return out;
    },
    match: () => ({ target: Number(target.value), keep: keep.checked }),
  };
}
