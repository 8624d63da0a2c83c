// claims.html's drawing (LedgerPage.kt): every claim of #claims-data as a row, grouped by paper and section, each figure
// its words read as a strip: the region where the word holds as a band, our interval as a whisker, on one log-ratio axis.
(function () {
  const root = document.getElementById('claims-ledger');
  const data = JSON.parse(document.getElementById('claims-data').textContent);
  const W = 340, H = 16, LO = Math.log(0.25), HI = Math.log(4);
  const NS = 'http://www.w3.org/2000/svg';
  const TICKS = [0.25, 0.5, 0.75, 1, 1.5, 2, 4];
  const x = v => v == null ? null : Math.max(0, Math.min(W, (Math.log(Math.max(v, 1e-9)) - LO) / (HI - LO) * W));
  const CLASSES = {
    holds: 'holds', refuted: 'refuted', inconclusive: 'inconclusive',
    'floor-bound': 'bound', 'pool-bound': 'bound', 'driver-bound': 'bound'
  };
  const cls = v => CLASSES[v] || 'none';
  const colour = { holds: '#2e7d32', refuted: '#c62828', inconclusive: '#b26a00', bound: '#757575', none: '#999' };
  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function axis(svg, y) {
    for (const t of TICKS) {
      el('line', { x1: x(t), x2: x(t), y1: y, y2: y + H, stroke: t === 1 ? '#999' : '#eee' }, svg);
    }
  }
  // one figure: the band where its word holds, then the interval and the estimate; dashed and hollow for the paper's setup
  function strip(svg, y, r, paper) {
    const from = r.holdsFrom == null ? 0 : x(r.holdsFrom), to = r.holdsTo == null ? W : x(r.holdsTo);
    if (!paper) el('rect', { x: from, y: y + 2, width: Math.max(1, to - from), height: H - 4, fill: '#c8e6c9', class: 'band' }, svg);
    const c = colour[cls(r.verdict)];
    const cy = y + (paper ? H - 3 : H / 2);
    if (r.low != null && r.high != null && r.high > r.low) {
      const dash = paper ? '3,2' : '';
      const attrs = { x1: x(r.low), x2: x(r.high), y1: cy, y2: cy, stroke: c, 'stroke-width': 2, 'stroke-dasharray': dash };
      el('line', Object.assign(attrs, { class: 'interval' }), svg);
    }
    el('circle', { cx: x(r.value), cy: cy, r: 3.5, fill: paper ? '#fff' : c, stroke: c, class: 'estimate' }, svg);
    const t = el('title', {}, svg);
    const f = v => v == null ? '∞' : (+v).toPrecision(3);
    const region = (r.holdsFrom == null ? '(0' : '[' + f(r.holdsFrom)) + ', ' + (r.holdsTo == null ? '∞)' : f(r.holdsTo) + ']');
    t.textContent = (paper ? 'paper\'s setup: ' : '') + (r.label ? r.label + ': ' : '') + f(r.value) + 'x [' + f(r.low) + ', ' +
      f(r.high) + '], holds in ' + region + ': ' + r.verdict;
  }
  let group = null;
  for (const c of data) {
    const key = 'Seed ' + c.seed + ' · ' + c.section;
    if (key !== group) {
      group = key;
      const h = document.createElement('h3');
      h.textContent = key;
      root.appendChild(h);
      // the axis's labels above each group's strips (a ratio beyond 0.25x or 4x is drawn at the edge)
      const head = document.createElement('div');
      head.className = 'row axis';
      const svg = el('svg', { width: W, height: 14, viewBox: '0 0 ' + W + ' 14' });
      for (const t of TICKS) {
        const l = el('text', { x: Math.min(W - 12, Math.max(2, x(t) - 8)), y: 11, 'font-size': 10, fill: '#666' }, svg);
        l.textContent = t + 'x';
      }
      head.append(document.createElement('div'), document.createElement('div'), svg);
      root.appendChild(head);
    }
    const row = document.createElement('div');
    row.className = 'row claim';
    row.id = 'ledger-' + c.id;
    row.dataset.verdict = c.verdict;
    const v = document.createElement('div');
    v.className = 'v ' + cls(c.verdict);
    v.textContent = c.verdict;
    const txt = document.createElement('div');
    txt.className = 'txt';
    txt.textContent = c.claim + ' ';
    const id = document.createElement('span');
    id.className = 'id';
    id.textContent = c.id + (c.paperSetup ? ' · under ' + c.paperSetup.setup + ': ' + c.paperSetup.verdict : '');
    txt.appendChild(id);
    for (const link of c.evidence || []) {
      const a = document.createElement('a');
      a.href = link;
      a.className = 'evidence';
      a.textContent = ' evidence';
      txt.appendChild(a);
    }
    const paper = c.paperSetup ? c.paperSetup.readings : [];
    const n = Math.max(1, c.readings.length);
    const svg = el('svg', { width: W, height: n * H, viewBox: '0 0 ' + W + ' ' + n * H, class: 'strips' });
    c.readings.forEach((r, i) => {
      axis(svg, i * H);
      strip(svg, i * H, r, false);
      if (paper[i]) strip(svg, i * H, paper[i], true);
    });
    if (c.readings.length === 0) {
      const t = el('text', { x: 4, y: 12, 'font-size': 11, fill: '#666' }, svg);
      t.textContent = c.verdict === 'not measured' ? 'not measured' : 'no ratio: ' + c.ours.slice(0, 60);
    }
    row.title = c.ours;
    row.append(v, txt, svg);
    root.appendChild(row);
  }
})();
