// The table's log: every line numbered by its place in the game, from the server (so a reload or a
// restart brings it back), each tagged with the move that made it (so an undone move takes its lines).
// A game written in several languages (Moons) gets each line in each of them (`log_lang` beside `log`):
// the log shows the one the page is read in, and switches with it.
import { el } from "../api.js";
import { language, onLanguage, text } from "./words.js";

const SHOWN = 200;  // lines drawn; the server keeps the whole game
const OWN = "";  // the lines in the table's own language (the server's `log`)

export function createLog() {
  let books = { [OWN]: { lines: [], first: 1 } };  // by language: [{n: the move that made it, text}] and the number of lines[0]
  const listeners = new Set();
  const panel = el("section", { class: "panel log-panel", id: "panel-log", tabindex: "-1", "aria-label": "the log" });

  const shownLang = () => (books[language()] ? language() : OWN);

  function draw() {
    const { lines, first } = books[shownLang()];
    const shown = lines.slice(-SHOWN);
    const start = first + lines.length - shown.length;
    const list = shown.length
      ? el("ol", { class: "log", start: String(start), id: "log", lang: shownLang() || null }, ...shown.map((l) => el("li", { "data-n": l.n }, l.text)))
      : el("p", { class: "log-empty" }, text("log.empty"));
    panel.replaceChildren(el("h2", {}, text("log.title")), list);
    scrollNewest();
  }
  onLanguage(() => draw());

  // the newest line in view; read once the panel is laid out (a phone shows it only when opened)
  function scrollNewest() {
    const list = panel.querySelector(".log");
    if (list) list.scrollTop = list.scrollHeight;
  }

  return {
    panel,
    /** Every line the server keeps for this seat: [[n, text], ...] (from a snapshot); `byLang` the same in the
     * game's other languages ({lang: {log, from}}). */
    reset(entries, firstNumber = 1, byLang = null) {
      books = { [OWN]: { lines: entries.map(([n, t]) => ({ n, text: t })), first: firstNumber } };
      for (const [lang, b] of Object.entries(byLang || {})) {
        books[lang] = { lines: b.log.map(([n, t]) => ({ n, text: t })), first: b.from };
      }
      draw();
    },
    /** New lines made by move `n` (`byLang`: the same lines in the game's other languages). */
    add(n, texts, byLang = null) {
      for (const [lang, more] of Object.entries(byLang || {})) {
        if (!books[lang]) books[lang] = { lines: [], first: 1 };
        books[lang].lines.push(...more.map((t) => ({ n, text: t })));
      }
      books[OWN].lines.push(...texts.map((t) => ({ n, text: t })));
      const added = ((byLang && shownLang() !== OWN) ? byLang[shownLang()] : texts).map((t) => ({ n, text: t }));
      if (!texts.length && !added.length) return;
      draw();
      if (added.length) for (const fn of listeners) fn(added);
    },
    /** Moves after `n` were taken back: so are their lines. */
    dropAfter(n) {
      let changed = false;
      for (const b of Object.values(books)) {
        const before = b.lines.length;
        b.lines = b.lines.filter((l) => l.n <= n);
        changed = changed || b.lines.length !== before;
      }
      if (changed) draw();
    },
    lines: () => books[shownLang()].lines.map((l) => l.text),
    onLines(fn) { listeners.add(fn); },
    show(open) {
      const was = panel.classList.contains("open");
      panel.classList.toggle("open", open);
      if (open && !was) scrollNewest();
    },
    redraw: draw,
  };
}
