// WCAG contrast of every piece of text on the page against what is painted behind it: ancestors' backgrounds
// (every stop of a gradient, the worst one counts) and their opacity; SVG text against its halo or the shape
// under it. Returns the failures as [text, ratio, colour, backdrop].
((minimum) => {
  const parse = (c) => { const m = c && c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const mix = (a, b, o) => [0, 1, 2].map((i) => a[i] * o + b[i] * (1 - o)).concat(1);
  const lum = (c) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const layers = (e) => {  // the colours an element paints behind its content
    const s = getComputedStyle(e);
    const img = s.backgroundImage && s.backgroundImage !== 'none'
      ? [...s.backgroundImage.matchAll(/rgba?\([^)]+\)/g)].map((m) => parse(m[0])) : [];
    const bg = parse(s.backgroundColor);
    return img.length ? img.map((c) => (bg && bg[3] ? over(c, over(bg, [0, 0, 0, 1])) : c)) : bg && bg[3] ? [bg] : [];
  };
  const page = [255, 255, 255, 1];
  // backdrops of HTML element e (the screen colours behind its text), and the opacity group it sits in
  function backdrops(e) {
    const chain = [];
    for (let x = e; x && x.nodeType === 1; x = x.parentElement) chain.unshift(x);
    let outer = [page]; let inner = null; let o = 1;
    for (const x of chain) {
      const op = Number(getComputedStyle(x).opacity);
      if (op < 1 && inner === null) inner = outer.slice();
      let cur = inner === null ? outer : inner;
      const ls = layers(x);
      if (ls.length) cur = cur.flatMap((b) => ls.map((l) => over(l, b))).slice(0, 12);
      if (inner === null) outer = cur; else inner = cur;
      o *= op;
    }
    return { outer, inner: inner || outer, o };
  }
  const fails = [];
  const seen = new Set();
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('[hidden]'); };
  for (const e of document.querySelectorAll('body *')) {
    if (!visible(e) || ['SCRIPT', 'STYLE', 'OPTION'].includes(e.tagName)) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const text = e.textContent.trim().slice(0, 40);
    const svgText = e instanceof SVGElement;
    let worst = null;
    if (svgText) {
      const s = getComputedStyle(e);
      const fill = parse(s.fill);
      if (!fill) continue;
      let behind = null;
      if (s.paintOrder.startsWith('stroke') && parseFloat(s.strokeWidth) >= 3 && parse(s.stroke)) behind = [parse(s.stroke)];
      else {
        const r = e.getBoundingClientRect();
        const box = e.ownerSVGElement.getBoundingClientRect();  // a map seen up close: what it cuts off is not shown
        const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        if (cx < box.left || cx > box.right || cy < box.top || cy > box.bottom) continue;
        const stack = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        for (const x of stack.slice(stack.indexOf(e) + 1)) {
          if (x instanceof SVGElement && !(x instanceof SVGSVGElement) && x.tagName !== 'g' && x.tagName !== 'text') {
            const f = parse(getComputedStyle(x).fill);
            if (f && f[3] && Number(getComputedStyle(x).fillOpacity) > 0.99) { behind = [f]; break; }
          } else if (!(x instanceof SVGElement) || x instanceof SVGSVGElement) {
            const b = backdrops(x); behind = b.inner.map((c) => (b.o < 1 ? mix(c, b.outer[0], b.o) : c)); break;
          }
        }
      }
      for (const b of behind || []) { const r = ratio(over(fill, b), b); if (!worst || r < worst[0]) worst = [r, s.fill, b]; }
    } else {
      const fg = parse(getComputedStyle(e).color);
      const b = backdrops(e);
      for (const inner of b.inner) {
        for (const outer of b.outer) {
          const text = mix(over(fg, inner), outer, b.o); const back = mix(inner, outer, b.o);
          const r = ratio(text, back);
          if (!worst || r < worst[0]) worst = [r, getComputedStyle(e).color, back];
        }
      }
    }
    const key = `${text}|${worst && worst[0].toFixed(2)}`;
    if (worst && worst[0] < minimum && !seen.has(key)) {
      seen.add(key);
      fails.push([text, Math.round(worst[0] * 100) / 100, worst[1], worst[2].slice(0, 3).map(Math.round).join(',')]);
    }
  }
  return fails;
})
