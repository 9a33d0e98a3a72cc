// The key map: the game's keys (declared by its module) and the frame's own, in one dialog that a
// button, "?" or Esc closes — on a phone it must never be stuck over the table.
import { el } from "../api.js";
import { text } from "./words.js";

export function createKeymap() {
  let gameKeys = [];
  const box = el("div", { class: "keymap", id: "keymap", hidden: true, role: "dialog", "aria-label": "key map" });

  function frameKeys() {
    return [["Esc", text("keys.undo")], ["M", text("keys.sound")], ["?", text("keys.map")]];
  }

  function draw() {
    const close = el("button", { class: "keymap-close secondary", id: "keymap-close", "aria-label": text("keys.close.label"),
      onclick: () => setOpen(false) }, `✕ ${text("keys.close")}`);
    box.replaceChildren(el("div", { class: "keymap-head" }, el("h2", {}, text("keys.title")), close),
      el("dl", {}, ...[...gameKeys, ...frameKeys()].flatMap(([key, what]) => [el("dt", {}, key), el("dd", {}, what)])));
  }

  // open, the dialog takes the focus (its close button, so Enter or Esc closes it); closed, the focus goes back
  // to where it was. Every button that opens it says whether it is open.
  let before = null;
  function setOpen(open) {
    if (open === !box.hidden) return;
    box.hidden = !open;
    for (const b of document.querySelectorAll('[aria-controls="keymap"]')) b.setAttribute("aria-expanded", String(open));
    if (open) {
      before = document.activeElement;
      draw();
      box.querySelector("#keymap-close").focus({ preventScroll: true });
    } else {
      const back = before;
      before = null;
      if (back && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
      else if (box.contains(document.activeElement)) document.activeElement.blur();
    }
  }

  return {
    box,
    /** The game's keys: [[key, what it does], ...], drawn before the frame's own. */
    declare(entries) { gameKeys = entries.slice(); if (!box.hidden) draw(); },
    isOpen: () => !box.hidden,
    toggle() { setOpen(box.hidden); },
    open: () => setOpen(true),
    close() { setOpen(false); },
    redraw() { if (!box.hidden) draw(); },
  };
}
