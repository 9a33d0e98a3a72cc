// The frame's words, looked up by key: English is the default, and a game drawn in another language
// (Moons: English and Portuguese) adds its own table with addTexts and switches with setLanguage.
// A key with no text in the chosen language falls back to English, then to the key itself.
import { PT } from "./words_pt.js";

const TEXTS = {
  pt: PT,
  en: {
    "seat.player": "Player {n}",
    "seat.open": "open seat",
    "seat.you": "you",
    "seat.bot": "BOT",
    "seat.bot.tip": "A bot plays this seat: {level}.",
    "seat.author.tip": "A bot written by {author} plays this seat.",
    "seat.takeover.tip": "{name} is away: a bot ({level}) plays for them until they come back.",
    "seat.invited": "invited",
    "seat.invited.tip": "They have the link to this seat and have not opened it yet.",
    "seat.ready": "ready",
    "seat.ready.tip": "Ready to start.",
    "seat.away": "away",
    "seat.away.tip": "Not connected right now.",
    "seat.here.tip": "Connected.",
    "seat.open.tip": "Anyone may take this seat from the lobby.",
    "role.watching": "You are watching.",
    "fair.fingerprint": "Fingerprint",
    "fair.fingerprint.tip": "The fingerprint of this game's secret seed, which decides every shuffle and die. It is fixed before the first deal; the seed is shown when the game ends, and then anyone can check that the two match, so nothing was changed during play (Verify this game).",
    "fair.seed": "Seed",
    "fair.seed.tip": "This game's secret seed, shown now that the game is over. Verify this game checks that it matches the fingerprint shown during play and that every shuffle and die came from it.",
    "fair.verify": "Verify this game",
    "end.points": "Points",
    "end.crystals": "Crystals",
    "end.chart.label": "The points bead over {turns} turns",
    "end.chart.ahead": "{name} ahead",
    "end.chart.caption": "The points bead turn by turn: above the line the Sun leads, below it the Moon.",
    "end.casual": "A casual game: no rating moves.",
    "end.pending": "Working out the ratings…",
    "end.ratings": "the players in their places, and their rating changes",
    "end.rematch": "Rematch",
    "end.rematch.tip": "A new game with the same players, sides swapped, and a new seed.",
    "end.rematch.setting": "Setting the rematch…",
    "end.rematch.failed": "No rematch",
    "end.rematch.watch": "Watch the rematch",
    "end.rematch.set": "A rematch is set, sides swapped:",
    "end.rematch.go": "go to your seat",
    "end.rematch.stay": "Stay here",
    "end.replay": "Replay",
    "sound.on": "Sound on",
    "sound.off": "Sound off",
    "sound.label": "sound (M)",
    "ready.intro": "Your browser picked these letters and digits at random: they are mixed into every shuffle and die, so the server alone cannot choose them. Change them to any words you like before you say ready.",
    "ready.name": "Your name",
    "ready.seed": "any words (empty: none)",
    "ready.words": "Your words for the shuffle",
    "ready.button": "Ready",
    "wait.others": "Waiting for {names}…",
    "wait.open": "someone to take the open seat",
    "wait.opens": "someone to take each of the {n} open seats",
    "and": "and",
    "wait.fill": "If no one comes, bots take the empty seats in {time}.",
    "wait.start": "Start now with a bot",
    "wait.start.tip": "Bots take the seats of the players who have not said ready, and the game starts.",
    "wait.table": "Waiting for {names}…",
    "wait.watching": "Watching. {names} to decide.",
    "wait.nobody": "the table",
    "clock.tip": "Each decision has {seconds} seconds. When it runs out, the table makes a safe move.",
    "clock.warn": "Your time is nearly up: {left} left.",
    "timeout.you": "Your time ran out: the table made a safe move for you — {move}.",
    "timeout.other": "{name}'s time ran out: the table made a safe move for them.",
    "undo.button": "Undo",
    "undo.key": "Esc",
    "undo.tip": "Take back your last move: {move}. You can take back your moves until one draws a card, rolls a die, shows something hidden, or another player moves.",
    "undo.none.tip": "Nothing to take back: your moves stand once one draws a card, rolls a die, shows something hidden, or another player moves.",
    "undo.done": "Taken back: {move}.",
    "undo.other": "{name} took back a move.",
    "undo.nothing": "Nothing to take back now.",
    "log.title": "Log",
    "log.empty": "Nothing has happened yet.",
    "keys.title": "Keys",
    "keys.button": "Keys",
    "keys.button.tip": "Every key of this table (?)",
    "keys.close": "Close",
    "keys.close.label": "close the key map",
    "keys.sound": "sound off / on",
    "keys.map": "this key map",
    "keys.undo": "take back your last move, when nothing else is to be put back",
    "lang.label": "language",
    "net.lost": "Connection lost: reconnecting…",
    "net.notsent": "Not connected: the move was not sent. Reconnecting…",
    "net.badlink": "This seat link is not valid for this table.",
    "net.notable": "There is no such table.",
    "net.closed": "The table has closed.",
    "net.elsewhere": "This seat is open in another window. Reload to play here.",
    "net.toomany": "Too many connections: try again later.",
    "table.abandoned": "No one said ready in time, so this table closed unplayed. Start a new one from the lobby.",
    "table.abandoned_match": "It was a game of a match, so the match ends here, unfinished: no one wins it.",
    "table.cannot": "This page cannot show {game} yet.",
    "result.over": "The game is over.",
  },
};

let lang = "en";
const listeners = new Set();

export function text(key, vars = {}) {
  const s = (TEXTS[lang] && TEXTS[lang][key]) ?? TEXTS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (whole, k) => (vars[k] === undefined ? whole : String(vars[k])));
}

export function addTexts(code, table) {
  TEXTS[code] = { ...(TEXTS[code] || {}), ...table };
}

export function language() { return lang; }

/** The English keys a language has no text for (it reads them in English). */
export function missing(code) {
  return Object.keys(TEXTS.en).filter((k) => !(TEXTS[code] && k in TEXTS[code]));
}

export function setLanguage(code) {
  if (code === lang) return;
  lang = code;
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function onLanguage(fn) { listeners.add(fn); }
