// What the page knows of its table, kept from the server's messages: a pure function of them, no page
// (so node runs it in the tests, message by message, as the page does). A live update or undo brings the
// view whole or as a change (frame/change.js) from the view of the message of version `base`; a page whose
// view is not that one cannot apply it: `t.stale` says so, and the frame asks for a snapshot.
import { applyChange } from "./change.js";

/** The page's state before any message. */
export function initialState() {
  return { v: 0, viewV: 0, epoch: null, seat: null, status: "waiting", seats: [], game: null, commitment: null,
    seed: null, view: null, decision: null, clocks: [], result: null, text: null, undo: null, fillAt: null,
    stale: false, moves: [], moveSeq: 0 };
}

const MOVES_KEPT = 200;  // the moves a board may not have seen yet: far more than a moment's batch holds

/** Note a move (or one taken back) in `t.moves`, numbered in the order this page learnt of them (`seq`), with
 *  who made it and its events as the server said: a board tells the last move from these, never by guessing
 *  from its views (a spectator's batch brings several moves and only the last one's view). */
function noteMove(t, msg) {
  t.moveSeq += 1;
  const move = msg.type === "undone" ? { seq: t.moveSeq, by: msg.by, n: msg.n, undone: true }
    : { seq: t.moveSeq, by: msg.by ?? null, n: msg.n, events: msg.events || [], auto: !!msg.auto };
  t.moves = [...t.moves.slice(1 - MOVES_KEPT), move];
}

/** Take one message (not a batch: its messages one by one) into `t`. True if it was live: a move seen as it
 *  happened, with the clocks, the decision and the view (one sent again to catch up has none of them). */
export function track(t, msg) {
  if (msg.type === "snapshot") t.v = msg.v;  // a new life of the table (a restart) counts again from its own
  else if (msg.v !== undefined && msg.v !== null) t.v = Math.max(t.v, msg.v);
  switch (msg.type) {
    case "snapshot":
      Object.assign(t, { epoch: msg.epoch, seat: msg.seat, status: msg.status, seats: msg.seats, game: msg.game,
        commitment: msg.commitment, view: msg.view, decision: msg.decision, clocks: msg.clocks,
        result: msg.result, text: msg.text, seed: msg.seed, undo: msg.undo || null, fillAt: msg.fill_at || null,
        viewV: msg.view_v ?? msg.v, stale: false });
      return false;
    case "update": case "undone": noteMove(t, msg); return live(t, msg);
    case "started": t.commitment = msg.commitment; t.status = "playing"; t.fillAt = null; return false;
    case "seats": t.seats = msg.seats; if (msg.fill_at !== undefined) t.fillAt = msg.fill_at; return false;
    case "ended":
      Object.assign(t, { result: msg.result, text: msg.text, seed: msg.seed, status: "ended", decision: null,
        undo: null, clocks: [] });
      return false;
    default: return false;
  }
}

function live(t, msg) {
  if (msg.clocks === undefined || msg.clocks === null) return false;
  t.clocks = msg.clocks;
  t.decision = msg.decision;
  if (msg.view) {
    t.view = msg.view;
    t.viewV = msg.v;
  } else if (msg.change) {
    if (!t.stale && t.view && msg.base === t.viewV) {
      t.view = applyChange(t.view, msg.change);
      t.viewV = msg.v;
    } else t.stale = true;  // a change from a view this page does not have: it keeps its own until a snapshot
  }
  t.undo = msg.undo || null;
  return true;
}
