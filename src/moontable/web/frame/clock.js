// The clocks of the open decisions: who is deciding and the time they have left, a warning as yours
// nears its end (colour, and a sound when sound is on).
import { el } from "../api.js";
import { play } from "../sound.js";
import { text } from "./words.js";

export const WARN_SECONDS = 15;

// The time left until `deadline` (seconds, on the table's clock `now`) as m:ss; "" without a deadline.
export function clockText(deadline, now) {
  if (!deadline) return "";
  const left = Math.max(0, Math.round(deadline - now));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

export function createClocks(t, nameOf) {
  const box = el("div", { class: "clocks", role: "timer", "aria-live": "off" });
  const warned = new Set();  // deadlines already warned about: one sound for each

  function draw() {
    const seconds = t.decisionSeconds || 90;
    box.replaceChildren(...(t.clocks || []).map((c) => el("span", {
      class: `clock${c.seat === t.seat ? " mine" : ""}`, "data-seat": c.seat, "data-deadline": c.deadline,
      "data-tip": text("clock.tip", { seconds }) },
    el("span", { class: "clock-who" }, nameOf(c.seat)), " ", el("span", { class: "clock-left" }, ""))));
    tick();
  }

  function tick() {
    const now = t.now();
    for (const c of box.querySelectorAll(".clock")) {
      const deadline = Number(c.dataset.deadline);
      c.querySelector(".clock-left").textContent = clockText(deadline, now);
      const warn = deadline - now <= WARN_SECONDS;
      c.classList.toggle("warn", warn);
      if (warn && c.classList.contains("mine") && !warned.has(deadline)) {
        warned.add(deadline);
        play("warn");
        t.say(text("clock.warn", { left: clockText(deadline, now) }), "warn");
      }
    }
  }

  return { box, draw, tick };
}
