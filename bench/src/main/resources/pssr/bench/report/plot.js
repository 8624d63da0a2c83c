// Every pssr report's charts, drawn with uPlot from the page's one data file (<script id="pssr-data">, report/Explorer.kt):
// the drawing every chart shares (x axis at the measured levels only, whiskers for 95% intervals, hover, legend toggles) and
// the page's figures (D.figures: charts whose points the page's Kotlin computed, as compare, merge, load and browser
// write them). report.html's own charts and explorer (explorer.js) build on window.pssrPlot.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('pssr-data').textContent);
  var PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#393b79', '#637939',
    '#843c39'];

  function uniq(xs) { var s = []; xs.forEach(function (x) { if (s.indexOf(x) < 0) s.push(x); }); return s; }
  function fmt(v) {
    if (v == null || !isFinite(v)) return '–';
    if (v === 0) return '0';
    var a = Math.abs(v);
    if (a >= 100) return Math.round(v).toLocaleString('en-US');
    if (a >= 10) return v.toFixed(1);
    return v.toFixed(2);
  }
  function esc(s) { return String(s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }

  // ---- one chart. P = {title, xs (sorted x values), xName, xLabel, continuous (x is a quantity, not levels), yLabel, log, yTop,
  // series: [{label, stroke, width, dash, size, show, noPoints, paths, pts (x -> {m, lo, hi, n, errors, driverBound, levels}) or ys
  // (one value per x), key, line}], mark, onToggle, tip(p, label, x) -> html}. A series with pts is a measured line (whiskers,
  // hover); one with ys is drawn as given (a floor, the paper's points). Returns the uPlot, or null when nothing was measured.
  function plot(el, P) {
    el.innerHTML = '';
    var xs = P.xs, cont = !!P.continuous, log = !!P.log;
    var series = P.series.filter(function (s) { return s.ys || Object.keys(s.pts).length > 0; });
    if (!series.some(function (s) { return s.pts; }) || !xs.length) {
      el.innerHTML = '<p class=note>' + esc(P.title) + ': nothing measured for this view.</p>';
      el.setAttribute('data-series', '0');
      return null;
    }
    function val(v) { return v == null || (log && v <= 0) ? null : v; }
    var xText = P.xText || String;
    var us = [{ label: P.xName, value: function (u, v) { return v == null ? '–' : cont ? fmt(v) : xText(xs[Math.round(v)]); } }];
    var data = [cont ? xs.slice() : xs.map(function (_, i) { return i; })];
    var meta = [null];
    var measuredMax = 0;
    series.forEach(function (s) {
      var ys = s.ys ? s.ys.map(val) : xs.map(function (x) { var p = s.pts[x]; return p ? val(p.m) : null; });
      if (s.pts) ys.forEach(function (y) { if (y != null) measuredMax = Math.max(measuredMax, y); });
      us.push({ label: s.label, stroke: s.stroke, fill: s.barFill, width: s.width == null ? 2 : s.width, dash: s.dash, spanGaps: cont,
        show: s.show !== false,
        points: s.pointWidth ? { show: !s.noPoints, size: s.size || 6, fill: s.fill || s.stroke, width: s.pointWidth }
          : { show: !s.noPoints, size: s.size || 6, fill: s.fill || s.stroke }, paths: s.paths,
        value: function (u, v) { return fmt(v); } });
      data.push(ys);
      meta.push(s.pts ? { kind: 'line', key: s.key, line: s.line, pts: s.pts, label: s.label } : { kind: 'extra' });
    });
    var top = Math.max(measuredMax, P.yTop || 0);
    var width = Math.max(320, Math.min(el.clientWidth || 900, 1100));
    var opts = {
      title: P.title, width: width, height: P.height || 340,
      scales: {
        // a continuous chart ends a little after its last x: a step at the last byte would sit on the border, half clipped
        x: cont ? { time: false, range: function (u, min, max) { return [min, max + ((max - min) * 0.04 || 1)]; } }
          : { time: false, range: function () { return [-0.3, xs.length - 0.7]; } },
        y: log ? { distr: 3 }
          : { range: function (u, min, max) { return [0, P.yTop && top > 0 ? top * 1.12 : (max > 0 ? max * 1.1 : 1)]; } }
      },
      axes: [
        cont ? { label: P.xLabel } : { label: P.xLabel, splits: function () { return xs.map(function (_, i) { return i; }); },
          values: function (u, splits) { return splits.map(function (i) { return xs[i] == null ? '' : xText(xs[i]); }); },
          // many category names (the answer's routes) slant so that each keeps its own width
          rotate: P.rotate || 0, size: P.rotate ? P.xAxisSize || 150 : undefined },
        { label: P.yLabel + (log ? ', log scale' : ''), size: 70, values: function (u, splits) { return splits.map(fmt); } }
      ],
      series: us,
      legend: { live: true },
      cursor: { points: { show: false }, drag: { x: false, y: false } },
      hooks: {
        draw: [function (u) { whiskersAndFlags(u, meta, P); }],
        setCursor: [function (u) { tip(u, meta, P, el); }],
        setSeries: [function (u, i, o) {
          if (i != null && o && 'show' in o && meta[i] && meta[i].key && P.onToggle) P.onToggle(meta[i].key, o.show);
        }]
      }
    };
    var plot = new uPlot(opts, data, el);
    var t = document.createElement('div');
    t.className = 'pssr-tip';
    el.appendChild(t);
    el.setAttribute('data-series', String(us.length - 1));
    el.setAttribute('data-levels', cont ? '' : xs.map(xText).join(','));
    return plot;
  }
  function xPos(u, P, j) { return u.valToPos(P.continuous ? P.xs[j] : j, 'x', true); }

  // the 95% interval of each point as a whisker, a red cross at a level with errors, a blue square where the driver was the limit,
  // a ring around the levels P.mark names
  function whiskersAndFlags(u, meta, P) {
    var ctx = u.ctx, log = !!P.log;
    var dpr = window.devicePixelRatio || 1;
    ctx.save();
    for (var i = 1; i < meta.length; i++) {
      if (!meta[i] || meta[i].kind !== 'line' || !u.series[i].show) continue;
      P.xs.forEach(function (x0, j) {
        var p = meta[i].pts[x0];
        if (!p) return;
        var x = xPos(u, P, j);
        if (p.lo != null && p.hi != null && p.hi > p.lo && (!log || p.lo > 0)) {
          var y0 = u.valToPos(p.lo, 'y', true), y1 = u.valToPos(p.hi, 'y', true);
          ctx.strokeStyle = u.series[i].stroke(); ctx.lineWidth = 1.2 * dpr;
          ctx.beginPath(); ctx.moveTo(x, y0); ctx.lineTo(x, y1); ctx.moveTo(x - 4 * dpr, y0); ctx.lineTo(x + 4 * dpr, y0);
          ctx.moveTo(x - 4 * dpr, y1); ctx.lineTo(x + 4 * dpr, y1); ctx.stroke();
        }
        if (p.m == null || (log && p.m <= 0)) return;
        var y = u.valToPos(p.m, 'y', true), r = 5 * dpr;
        if (p.errors > 0) {
          ctx.strokeStyle = '#d00000'; ctx.lineWidth = 2 * dpr;
          ctx.beginPath(); ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r);
          ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r); ctx.stroke();
        }
        if (p.driverBound) { ctx.strokeStyle = '#2030a0'; ctx.lineWidth = 2 * dpr; ctx.strokeRect(x - r, y - r, 2 * r, 2 * r); }
        var line = meta[i].line;
        var ringed = P.mark && p.levels && p.levels.some(function (l) { return P.mark.some(function (k) { return k.matches(l, line); }); });
        if (ringed) {
          ctx.strokeStyle = '#ff7f00'; ctx.lineWidth = 3 * dpr;
          ctx.beginPath(); ctx.arc(x, y, 9 * dpr, 0, 2 * Math.PI); ctx.stroke();
        }
      });
    }
    ctx.restore();
  }

  // hover: the nearest shown line at the cursor's x, told by P.tip
  function tip(u, meta, P, el) {
    var t = el.querySelector('.pssr-tip');
    if (!t) return;
    var idx = u.cursor.idx, top = u.cursor.top;
    if (idx == null || top == null || top < 0) { t.style.display = 'none'; return; }
    var best = null, bestD = 40;
    for (var i = 1; i < meta.length; i++) {
      if (!meta[i] || meta[i].kind !== 'line' || !u.series[i].show) continue;
      var p = meta[i].pts[P.xs[idx]];
      if (!p || p.m == null || (P.log && p.m <= 0)) continue;
      var d = Math.abs(u.valToPos(p.m, 'y') - top);
      if (d < bestD) { bestD = d; best = { i: i, p: p }; }
    }
    if (!best) { t.style.display = 'none'; return; }
    t.innerHTML = P.tip(best.p, u.series[best.i].label, P.xs[idx]);
    t.style.display = 'block';
    var left = u.cursor.left + u.over.offsetLeft + 14;
    t.style.left = Math.min(left, el.clientWidth - 260) + 'px';
    t.style.top = (top + u.over.offsetTop + 10) + 'px';
  }

  // ---- the page's figures: each series' points [x, value, low, high, n, note] as the page's Kotlin wrote them
  function interval(p) {
    return p.lo != null ? ' (95% interval ' + fmt(p.lo) + '–' + fmt(p.hi) + ')' : p.n != null ? ' (no interval)' : '';
  }
  function figure(el, f) {
    var xs = uniq([].concat.apply([], f.series.map(function (s) { return s.points.map(function (p) { return p[0]; }); })))
      .sort(function (a, b) { return a - b; });
    var colour = 0, refs = 0;
    var series = f.series.map(function (s, i) {
      var pts = {};
      s.points.forEach(function (p) { if (p[1] != null) pts[p[0]] = { m: p[1], lo: p[2], hi: p[3], n: p[4], note: p[5] }; });
      var ref = s.style.indexOf('reference') === 0, points = /points$/.test(s.style), bars = s.style === 'bars';
      var stroke = ref ? ['#7f7f7f', '#222222'][refs++ % 2] : PALETTE[colour++ % PALETTE.length];
      return { label: s.name, key: String(i), stroke: stroke, width: f.continuous ? 1.6 : 2, dash: ref ? [6, 4] : undefined,
        noPoints: !!f.continuous || bars, pts: pts, size: points ? 9 : 6, fill: ref ? '#fff' : undefined,
        barFill: bars ? stroke + '66' : undefined,
        pointWidth: ref ? 2 : undefined,
        // a time line steps: the bytes received stay level until the next chunk arrives; a ratio per category is a bar
        paths: points ? function () { return null; } : f.continuous ? uPlot.paths.stepped({ align: 1 })
          : bars ? uPlot.paths.bars({ size: [0.6, 48] }) : undefined };
    });
    function xText(x) { return f.categories ? f.categories[x] : x === Math.round(x) ? x.toLocaleString('en-US') : fmt(x); }
    var slant = f.categories && f.categories.length > 6 ? -50 : 0;
    // bars: the whiskers fit (up to 1.5x the highest bar, where one reaches further it leaves the chart at its top)
    var bars = f.series.some(function (s) { return s.style === 'bars'; }), yTop = 0, top = 0;
    f.series.forEach(function (s) {
      s.points.forEach(function (p) { top = Math.max(top, p[1] || 0); yTop = Math.max(yTop, p[3] || 0); });
    });
    return plot(el, { title: f.title, xs: xs, xText: xText, xName: f.xName, xLabel: f.xLabel, continuous: f.continuous, rotate: slant,
      yTop: bars ? Math.min(yTop, 1.5 * top) : undefined,
      yLabel: f.yLabel, log: f.log,
      series: series, tip: function (p, label, x) {
        return '<b>' + esc(label) + '</b> at ' + esc(xText(x)) + (f.categories ? '' : ' ' + esc(f.xName)) + '<br>' + esc(f.yLabel) +
          ': <b>' + fmt(p.m) + '</b>' + interval(p) +
          (p.n != null ? '<br>n = ' + p.n + ' ' + esc(f.nOf || 'repetition') + (p.n === 1 ? '' : 's') : '') +
          (p.note ? '<br>' + esc(p.note) : '');
      } });
  }
  var figurePlots = {};
  (D.figures || []).forEach(function (f) {
    var el = document.getElementById(f.id);
    if (el) figurePlots[f.id] = figure(el, f);
  });

  window.pssrPlot = { data: D, plot: plot, fmt: fmt, esc: esc, uniq: uniq, PALETTE: PALETTE, figures: figurePlots };
})();
