// Point at a thing, or hold a finger on it, to read what it does (T1): any element with data-tip.
let timer = null;
let touching = false;  // a finger is down: the browser's made-up mouse events must not hide its tip
let read = false;  // the held finger has shown a tip: lifting it reads, it does not also click
let noClickUntil = 0;

function show(target, x, y) {
  const tip = document.getElementById("tooltip");
  const text = target.getAttribute("data-tip");
  if (!text) return;
  tip.textContent = text;
  tip.hidden = false;
  const w = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${w}px`;
  const left = Math.max(8, Math.min(x + 12, window.innerWidth - w - 8));
  const top = Math.max(8, Math.min(y + 16, window.innerHeight - tip.offsetHeight - 8));
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

export function hideTooltip() {
  const tip = document.getElementById("tooltip");
  if (tip) tip.hidden = true;
  clearTimeout(timer);
}

export function installTooltips() {
  document.addEventListener("mouseover", (e) => {
    if (touching) return;
    const t = e.target.closest && e.target.closest("[data-tip]");
    if (t) show(t, e.clientX, e.clientY); else hideTooltip();
  });
  document.addEventListener("focusin", (e) => {
    const t = e.target.closest && e.target.closest("[data-tip]");
    if (t) { const r = t.getBoundingClientRect(); show(t, r.left, r.bottom); }
  });
  document.addEventListener("focusout", hideTooltip);
  // a finger held on a thing for half a second shows its tip
  document.addEventListener("touchstart", (e) => {
    const t = e.target.closest && e.target.closest("[data-tip]");
    clearTimeout(timer);
    touching = true;
    if (!t) { hideTooltip(); return; }
    const touch = e.touches[0];
    read = false;
    timer = setTimeout(() => { show(t, touch.clientX, touch.clientY); read = true; }, 450);
  }, { passive: true });
  const lift = () => {
    touching = false;
    clearTimeout(timer);
    if (read) noClickUntil = Date.now() + 700;
    read = false;
  };
  document.addEventListener("touchend", lift, { passive: true });
  document.addEventListener("touchcancel", lift, { passive: true });
  document.addEventListener("click", (e) => {
    if (Date.now() < noClickUntil) { e.preventDefault(); e.stopPropagation(); noClickUntil = 0; }
  }, true);
}
