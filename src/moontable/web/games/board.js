// Pieces every game's board draws the same way: the log panel and a clock's text.
import { el } from "../api.js";

// The last 200 lines of the table's log into `panel`, scrolled to the newest; open when `open`.
export function drawLogPanel(panel, log, open) {
  const list = el("ol", { class: "log" }, ...log.slice(-200).map((line) => el("li", {}, line)));
  panel.replaceChildren(el("h2", {}, "Log"), list);
  list.scrollTop = list.scrollHeight;
  panel.classList.toggle("open", open);
}

// The time left until `deadline` (seconds, on the table's clock `now`) as m:ss; "" without a deadline.
export function clockText(deadline, now) {
  if (!deadline) return "";
  const left = Math.max(0, Math.round(deadline - now));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
