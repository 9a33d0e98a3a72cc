// The seats: who sits where, by name (never a seat number), what plays each (a person, a bot and its
// level), and where a seat stands before the start (invited, ready). Up to six seats, on a phone too.
import { el } from "../api.js";
import { text } from "./words.js";

/** The player's name in `seat` of `seats`; a seat without one is "Player n", counted from 1. */
export function seatName(seats, seat) {
  const s = seats.find((x) => x.seat === seat);
  return (s && s.name) || text("seat.player", { n: seat + 1 });
}

/** The seat's name, marked "(bot)" when a bot plays it, unless the name says so already ("Easy bot"). */
export function seatLabel(seats, seat) {
  const s = seats.find((x) => x.seat === seat);
  const name = seatName(seats, seat);
  return s && s.bot && !/\bbot\b/i.test(name) ? `${name} (bot)` : name;
}

/** A bot level in people's words ("Strong"), with its method for a tooltip; `levels` from /api/games. */
export function levelWords(levels, level) {
  const w = (levels || {})[level];
  return w ? `${w.name} — ${w.method}` : (level || "");
}

/** Where a seat stands now: [badge text, tooltip, class] for each badge it wears. */
function badges(s, status, me, levels) {
  const out = [];
  if (s.seat === me) out.push([text("seat.you"), null, "you"]);
  if (s.bot) {
    const level = levelWords(levels, s.level);
    const tip = s.kind === "bot" ? text("seat.bot.tip", { level })
      : s.level ? text("seat.takeover.tip", { name: s.name, level })
        : text("seat.author.tip", { author: s.author });  // a program from outside (moontable.client)
    out.push([text("seat.bot"), tip, "bot"]);
    return out;
  }
  if (s.kind === "open" && !s.taken) return out;
  if (status === "waiting") {
    if (s.ready) out.push([text("seat.ready"), text("seat.ready.tip"), "ready"]);
    else if (!s.connected) out.push([text("seat.invited"), text("seat.invited.tip"), "invited"]);
  } else if (!s.connected && status === "playing") {
    out.push([text("seat.away"), text("seat.away.tip"), "off"]);
  }
  return out;
}

/** The list of seats for the table's head. */
export function seatList(seats, { status, me, levels }) {
  return el("ul", { class: "seats", "aria-label": "seats" }, seats.map((s) => {
    const open = s.kind === "open" && !s.taken;
    const marks = badges(s, status, me, levels);
    const tip = open ? text("seat.open.tip") : (marks.find((b) => b[1]) || [])[1]
      || (s.connected ? text("seat.here.tip") : null);
    return el("li", { class: `seat${s.seat === me ? " me" : ""}${s.bot ? " bot" : ""}${open ? " open" : ""}`,
      "data-seat": s.seat, "data-tip": tip },
    el("span", { class: "seat-name" }, open ? text("seat.open") : seatName(seats, s.seat)),
    ...marks.map(([label, , cls]) => el("span", { class: `badge ${cls}` }, label)));
  }));
}
