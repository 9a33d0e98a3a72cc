// Pieces every game's board draws the same way: the other side's last move, the desktop fit and the
// keyboard's focus after a choice (the log, the clocks and the key map are the frame's: ../frame/).

export { clockText } from "../frame/clock.js";  // a clock's text, for a board that wants it

/** The seat whose move turned view `prev` into `next`: the one deciding alone, else the one whose decision
 * went away or changed. null when it cannot be told (the start, a catch-up over several moves). */
export function mover(prev, next) {
  const open = prev.decisions || [];
  if (open.length === 1) return open[0].seat;
  const still = (d) => (next.decisions || []).some((x) => x.seat === d.seat && x.kind === d.kind && x.prompt === d.prompt);
  const gone = [...new Set(open.filter((d) => !still(d)).map((d) => d.seat))];
  return gone.length === 1 ? gone[0] : null;
}

/**
 * The other side's last move, kept until their next one: every change the other seats made since this seat
 * last moved, as the game's `diff(prev, next, by)` finds it and `merge(a, b)` adds it up. Until the frame passes
 * each update's mover and events, the mover is read off consecutive views (one small function, to move
 * to the frame later). `see(view, seat)` on every render; returns { by, marks } or null.
 */
export function lastMoveTracker(diff, merge) {
  let prev = null;
  let last = null;  // { by, marks }
  let ours = true;  // our own move came after `last`: their next move starts a fresh mark
  return {
    see(view, seat) {
      if (!view || view === prev) return last;
      const before = prev;
      prev = view;
      if (!before) return last;
      const by = mover(before, view);
      if (by === null) return last;
      if (seat !== null && by === seat) { ours = true; return last; }
      const marks = diff(before, view, by);
      if (!marks) return last;
      last = !ours && last && last.by === by ? { by, marks: merge(last.marks, marks) } : { by, marks };
      ours = false;
      return last;
    },
  };
}

/** Is this a phone-sized window (the layout's breakpoint)? */
export const isPhone = () => window.matchMedia("(max-width: 760px)").matches;

/**
 * A new question whose answers are buttons takes the keyboard's focus to the first of them (`selector`), so the
 * next choice is never more than one Tab away: unless the focus is already on one of them, or the player is
 * elsewhere on the page (a link, the seed box).
 */
export function keepFocus(board, selector) {
  const a = document.activeElement;
  if (a && a !== document.body && a.isConnected && (!board.contains(a) || a.matches(selector))) return;
  const first = board.querySelector(selector);
  if (first) first.focus({ preventScroll: true });
}

/** A thing the keyboard focuses in a row or column that scrolls is brought wholly into view, its ring too (the
 * rows' scroll-padding), not left half cut off at the edge as the browser would. */
export function revealFocus(board) {
  board.addEventListener("focusin", (e) => {
    if (e.target.scrollIntoView) e.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}

/** Tab and the arrows among `list` (what may be picked now): the next or previous one from the focused thing,
 * the first or the last from elsewhere; `within`, the arrows, keep to the focused thing's [data-group] (the
 * market, the hand, the buttons). False when there is nothing to pick. */
export function moveFocusAmong(list, step, within) {
  if (!list.length) return false;
  const cur = document.activeElement;
  const group = within && cur && cur.closest && cur.closest("[data-group]");
  if (group && list.includes(cur)) list = list.filter((x) => group.contains(x));
  const i = list.indexOf(cur);
  list[i < 0 ? (step > 0 ? 0 : list.length - 1) : (i + step + list.length) % list.length].focus();
  return true;
}
