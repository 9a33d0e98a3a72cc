// Moonflight cards in HTML. Every card carries both ends, like the printed cards: the end in force
// upright at the top, the other upside down below it. The Turn spins the card 180°, so the other end
// comes up: the page draws the new end upright and plays the spin (class "spinning") to get there.
import { el } from "../api.js";

export const SUIT_NAME = { starter: "starter", generic: "generic", clay: "Clay and Bones", words: "Words and Names",
  cot: "Cot and Hovel", bond: "Bond and Kind" };
export const SPIN_MS = 1400;

const stab = (x) => (x === null || x === undefined ? "–" : String(x));

export function endText(e) {
  return `cost ${e.cost}, score ${e.score}, Stability ${stab(e.stability)}. ${e.text}`;
}

/** The tooltip of a card: both ends, which one is up, and anything the place adds (`extra`). */
export function cardTip(c, turned, extra = "") {
  return `${c.name} (${SUIT_NAME[c.suit] || c.suit}) — its ${turned ? "white" : "black"} end is up.\n` +
    `Before the Turn (black): ${endText(c.black)}\nAfter the Turn (white): ${endText(c.white)}` +
    (extra ? `\n${extra}` : "");
}

export function jackTip(j, turned) {
  return `${j.name}, a character card — its ${turned ? "white" : "black"} end is up. Always in force; it cannot be ` +
    `targeted.\nBefore the Turn (black): ${j.black}\nAfter the Turn (white): ${j.white}\nStyle: ${j.style}`;
}

function face(e, name, end, where) {
  return el("span", { class: `face ${end} ${where}` },
    el("span", { class: "corner" },
      el("span", { class: "cost", "aria-hidden": "true" }, String(e.cost)),
      el("span", { class: "stab", "aria-hidden": "true" }, `⌂${stab(e.stability)}`),
      el("span", { class: "score", "aria-hidden": "true" }, `★${e.score}`)),
    el("span", { class: "cname" }, name),
    el("span", { class: "ctext" }, e.text));
}

function jackFace(text, name, end, where) {
  return el("span", { class: `face ${end} ${where}` }, el("span", { class: "cname" }, name),
    el("span", { class: "ctext" }, text));
}

function spinAttrs(spin) {
  return spin === null || spin === undefined ? {} : { style: `animation-delay:-${Math.round(spin)}ms` };
}

/**
 * One card. `o`: turned, tag ("button", "div" or "span"), cls (more classes), key (a key label), badge (a
 * corner note), focus (false: not focusable by itself), extra (more tooltip), label (the accessible
 * name's start), spin (ms into the Turn's spin, or null), attrs (more attributes, e.g. data-*), onclick.
 */
export function cardEl(c, o = {}) {
  const turned = !!o.turned;
  const now = turned ? c.white : c.black;
  const other = turned ? c.black : c.white;
  const cls = `mfcard suit-${c.suit} ${turned ? "white-up" : "black-up"}${o.spin !== null && o.spin !== undefined ? " spinning" : ""}` +
    `${o.cls ? ` ${o.cls}` : ""}`;
  const label = `${o.label ? `${o.label}: ` : ""}${c.name}, ${turned ? "white" : "black"} end: cost ${now.cost}, ` +
    `score ${now.score}, Stability ${stab(now.stability)}. ${now.text}${o.badge ? ` (${o.badge})` : ""}`;
  return el(o.tag || "div", { class: cls, "data-card": c.id, "data-tip": cardTip(c, turned, o.extra),
    "aria-label": label, onclick: o.onclick, ...(o.tag === "button" || o.focus === false ? {} : { tabindex: "0" }),
    ...spinAttrs(o.spin), ...(o.attrs || {}) },
  el("span", { class: "spin-box" },
    face(now, c.name, turned ? "white" : "black", "up"),
    face(other, c.name, turned ? "black" : "white", "down")),
  o.key ? el("span", { class: "key" }, o.key) : null,
  o.badge ? el("span", { class: "badge-count" }, o.badge) : null);
}

export function jackEl(j, o = {}) {
  const turned = !!o.turned;
  return el(o.tag || "div", { class: `mfcard jack suit-${j.id} ${turned ? "white-up" : "black-up"}` +
      `${o.spin !== null && o.spin !== undefined ? " spinning" : ""}${o.cls ? ` ${o.cls}` : ""}`,
  "data-jack": j.id, "data-tip": jackTip(j, turned), "aria-label": `${j.name}: ${turned ? j.white : j.black}`,
  onclick: o.onclick, ...(o.tag === "button" ? {} : { tabindex: "0" }), ...spinAttrs(o.spin), ...(o.attrs || {}) },
  el("span", { class: "spin-box" },
    jackFace(turned ? j.white : j.black, j.name, turned ? "white" : "black", "up"),
    jackFace(turned ? j.black : j.white, j.name, turned ? "black" : "white", "down")));
}

/** A face-down stack: a card back with its count. */
export function backEl(count, label, tip, attrs = {}) {
  return el("div", { class: `mfcard back${count ? "" : " empty"}`, tabindex: "0", "data-tip": tip,
    "aria-label": `${label}: ${count} card${count === 1 ? "" : "s"}`, ...attrs },
  el("span", { class: "back-label" }, label), el("span", { class: "back-count" }, String(count)));
}

/** An empty place for a face-up stack. */
export function emptyEl(label, tip, attrs = {}) {
  return el("div", { class: "mfcard empty", tabindex: "0", "data-tip": tip, "aria-label": `${label}: empty`, ...attrs },
    el("span", { class: "back-label" }, label));
}
