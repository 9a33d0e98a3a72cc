// Every control one can focus in the board: focused as by the keyboard, is its ring clearly visible — an outline
// of 2 px or more (a town: its ring, 4 px or more) with 3:1 contrast against what is around it, not cut off by a
// scrolling box? Returns the failures as [what, why].
(() => {
  const parse = (c) => { const m = c && c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = (c) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const around = (e) => { for (let x = e.parentElement; x; x = x.parentElement) {
      const c = parse(getComputedStyle(x).backgroundColor); if (c && c[3] > 0.5) return c; } return [16, 20, 42, 1]; };
  const root = document.querySelector('.board-root');
  const all = [...root.querySelectorAll('button, a[href], [tabindex]')].filter((e) => {
    const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !e.closest('[hidden]') && !e.disabled; });
  const fails = [];
  for (const e of all) {
    e.focus();
    if (document.activeElement !== e) continue;
    const name = (e.getAttribute('aria-label') || e.textContent || e.className.baseVal || e.className).trim().slice(0, 40);
    if (e.classList.contains('town')) {
      const ring = getComputedStyle(e.querySelector('.ring-mark'));
      const c = parse(ring.stroke);
      if (!c || !c[3] || parseFloat(ring.strokeWidth) < 4) { fails.push([name, `town ring ${ring.stroke} ${ring.strokeWidth}`]); continue; }
      if (ring.strokeDasharray !== 'none') fails.push([name, 'a focused town has a solid ring, not the dashes of a pick']);
      if (ratio(c, [11, 15, 34, 1]) < 3) fails.push([name, `ring contrast ${ratio(c, [11, 15, 34, 1]).toFixed(2)}`]);
      continue;
    }
    const s = getComputedStyle(e);
    const width = parseFloat(s.outlineWidth);
    const c = parse(s.outlineColor);
    if (s.outlineStyle === 'none' || width < 2 || !c || !c[3]) { fails.push([name, `outline ${s.outlineStyle} ${s.outlineWidth}`]); continue; }
    if (ratio(c, around(e)) < 3) fails.push([name, `outline contrast ${ratio(c, around(e)).toFixed(2)}`]);
    // the ring must not be cut off by a box that clips its content
    const out = Math.max(0, parseFloat(s.outlineOffset) + width);
    const r = e.getBoundingClientRect();
    const ring = [r.left - out, r.top - out, r.right + out, r.bottom + out];
    for (let x = e.parentElement; x && x !== document.body; x = x.parentElement) {
      const xs = getComputedStyle(x);
      if (xs.overflowX === 'visible' && xs.overflowY === 'visible') continue;
      const b = x.getBoundingClientRect();
      // (a thing taller or wider than the box's view, a long panel in a scrolling column, cannot show its whole
      // ring that way at once: the part of it in view is what counts there)
      const fitsX = ring[2] - ring[0] <= x.clientWidth + 1, fitsY = ring[3] - ring[1] <= x.clientHeight + 1;
      const cut = (xs.overflowX !== 'visible' && fitsX && (ring[0] < b.left - 0.5 + x.clientLeft || ring[2] > b.left + x.clientLeft + x.clientWidth + 0.5))
        || (xs.overflowY !== 'visible' && fitsY && (ring[1] < b.top - 0.5 + x.clientTop || ring[3] > b.top + x.clientTop + x.clientHeight + 0.5));
      // a box that clips cuts only what is in its view: something scrolled away is not shown at all
      const inView = r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
      if (cut && inView) { fails.push([name, `ring cut off by ${x.className || x.tagName}`]); break; }
    }
  }
  return fails;
})
