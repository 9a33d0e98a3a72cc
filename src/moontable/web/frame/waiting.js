// Before the start: your name and your client seed (random by default, yours to change), then who the table still waits for, the
// countdown to the bots that fill the empty seats, and a button to start now with a bot.
import { el } from "../api.js";
import { clockText } from "./clock.js";
import { seatName } from "./seats.js";
import { text } from "./words.js";

const DEFAULT_NAME = /^(Friend( \d+)?|player \d+)$/;  // the names a host's lobby gives the seats it invites

/** A client seed made by this browser: 16 random bytes in hex, so that no game's randomness is the server's alone. */
export function randomSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function storedName() {
  return (localStorage.getItem("moontable.name") || "").trim().slice(0, 40);
}

/** The ready box of a seat that has not said ready, or the waiting box of one that has. */
export function waitingBox(t) {
  const mine = t.seats.find((s) => s.seat === t.seat);
  if (!mine) return null;
  if (!mine.ready) {
    const name = DEFAULT_NAME.test(mine.name) && storedName() ? storedName() : mine.name;
    const nameInput = el("input", { id: "seat-name", maxlength: "40", value: name, "aria-label": text("ready.name"),
      autocomplete: "nickname" });
    if (t.clientSeed === undefined) t.clientSeed = randomSeed();  // made once, kept while the box is redrawn
    const seedInput = el("input", { id: "client-seed", maxlength: "200", value: t.clientSeed, placeholder: text("ready.seed"),
      "aria-label": text("ready.words"), "data-tip": text("ready.intro"), spellcheck: "false", autocomplete: "off",
      oninput: (e) => { t.clientSeed = e.target.value; } });
    return el("div", { class: "ready-box" },
      el("label", { for: "seat-name" }, text("ready.name")), nameInput,
      el("label", { for: "client-seed", "data-tip": text("ready.intro") }, text("ready.words")), seedInput,
      el("button", { id: "ready", onclick: () => {
        const chosen = nameInput.value.trim().slice(0, 40);
        if (chosen) localStorage.setItem("moontable.name", chosen);
        t.sendReady(seedInput.value, chosen && chosen !== mine.name ? chosen : null);
      } }, text("ready.button")));
  }
  const missing = t.seats.filter((s) => s.kind !== "bot" && !s.ready);
  if (!missing.length) return null;
  const names = missing.filter((s) => s.kind !== "open" || s.taken).map((s) => seatName(t.seats, s.seat));
  const open = missing.length - names.length;
  if (open) names.push(text(open === 1 ? "wait.open" : "wait.opens", { n: open }));
  return el("div", { class: "waiting-box" },
    el("p", { class: "waiting" }, text("wait.others", { names: listed(names) })),
    t.fillAt ? el("p", { class: "fill", id: "fill-countdown", "data-fill": t.fillAt },
      text("wait.fill", { time: clockText(t.fillAt, t.now()) })) : null,
    el("button", { id: "start-now", "data-tip": text("wait.start.tip"), onclick: () => t.sendStart() },
      text("wait.start")));
}

function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} ${text("and")} ${names[names.length - 1]}`;
}

/** Keep the countdown running between messages. */
export function tickWaiting(root, t) {
  const c = root.querySelector("#fill-countdown");
  if (c) c.textContent = text("wait.fill", { time: clockText(Number(c.dataset.fill), t.now()) });
}
