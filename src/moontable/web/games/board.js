// Pieces every game's board draws the same way: the other side's last move, the desktop fit and the
// keyboard's focus after a choice (the log, the clocks and the key map are the frame's: ../frame/).

import { el } from "../api.js";
export { clockText } from "../frame/clock.js";  // a clock's text, for a board that wants it

/**
 * The other side's last move, kept until their next one: every change the other seats made since this seat
 * last moved, as the game's `diff(prev, next, by, events)` finds it and `merge(a, b)` adds it up. Who moved is
 * what the server said (the frame's `t.moves`: each update's mover and events, in order), never a guess from
 * the views: a spectator gets a moment's moves at once with the last one's view only, so the views jump over
 * several moves, by several players. Then the mark is the last mover's alone: `diff` is given the events of
 * their moves since the other player's, to keep to what those moves touched (`events` is null when every move
 * between the two views is the mover's, and the views' difference is all theirs).
 * `see(view, seat, moves)` on every render; returns { by, marks } or null.
 */
export function lastMoveTracker(diff, merge) {
  let prev = null;
  let last = null;  // { by, marks }
  let ours = true;  // our own move came after `last`: their next move starts a fresh mark
  let seen = 0;  // the seq of the last move taken into account
  return {
    see(view, seat, moves = []) {
      if (!view || view === prev) return last;
      const before = prev;
      prev = view;
      const fresh = moves.filter((m) => m.seq > seen);
      if (moves.length) seen = Math.max(seen, moves[moves.length - 1].seq);
      if (!before) return last;
      // a move taken back: the other side's takes its mark with it; a jump (a replay's slider) marks nothing
      const back = fresh.findLast((m) => m.undone || m.reset);
      if (back) {
        if (back.reset || back.by !== seat) { last = null; ours = true; }
        return last;
      }
      const made = fresh.filter((m) => m.by !== null && m.by !== undefined);
      if (!made.length) return last;
      const by = made[made.length - 1].by;
      if (seat !== null && by === seat) { ours = true; return last; }
      let from = made.length;
      while (from > 0 && made[from - 1].by === by) from -= 1;
      const mixed = from > 0;  // another player moved too between the two views
      const marks = diff(before, view, by, mixed ? made.slice(from).flatMap((m) => m.events || []) : null);
      if (!marks) return last;
      last = !mixed && !ours && last && last.by === by ? { by, marks: merge(last.marks, marks) } : { by, marks };
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

/**
 * The result card over a finished game's board: `parts()` (its heading, the scores, the seed), the frame's end
 * of the game (rating, Rematch, Replay, Verify) and the way back to the lobby or the board (`look`). Drawn
 * again only when `drawn` (what its words depend on) changes; the keyboard's focus goes to Verify the first
 * time, and again when it was in the card (none in a replay, which has no Verify there).
 */
export function drawResultCard(overlay, t, { drawn, parts, lobby, look, onLook }) {
  if (overlay.dataset.drawn === drawn) return;
  const first = !overlay.dataset.drawn;
  overlay.dataset.drawn = drawn;
  overlay.replaceChildren(el("div", { class: "result-card", role: "dialog", "aria-label": "the result" },
    ...parts(), t.frame.ending(),
    el("p", {}, el("a", { class: "button secondary", href: "/" }, lobby),
      " ", el("button", { class: "secondary", id: "look", "aria-keyshortcuts": "Escape", onclick: onLook }, look))));
  if (first || overlay.contains(document.activeElement) || document.activeElement === document.body) {
    overlay.querySelector("#verify-game")?.focus({ preventScroll: true });
  }
}
