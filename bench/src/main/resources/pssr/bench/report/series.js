// report.html's charts over time and over percentiles, drawn with uPlot from the page's one data file (report/SeriesData.kt):
// each route's server resources over its measured windows (D.timelines, into the element that holds its static table), each
// route's response at a slow source (D.verification, a chart per framework) and the latency distribution of the routes and
// levels the explorer shows (D.latency; explorer.js calls distribution on every view).
var pssrSeries = (function () {
  'use strict';
  var D = pssrPlot.data, fmt = pssrPlot.fmt, esc = pssrPlot.esc, uniq = pssrPlot.uniq, PALETTE = pssrPlot.PALETTE;

  function widthOf(el, max) { return Math.max(320, Math.min(el.clientWidth || max, max)); }
  function upFrom0(u, min, max) { return [0, max > 0 ? max * 1.1 : 1]; }
  // a drawn chart tells its series count (the browser test reads it) and is kept with the page's other uPlots
  function drawn(el, u, n) { el.setAttribute('data-series', String(n)); pssrPlot.figures[el.id] = u; return u; }
  function nothing(el, what) {
    el.innerHTML = '<p class=note>' + esc(what) + ': nothing measured for this view.</p>';
    el.setAttribute('data-series', '0');
  }

  // ---- a route's CPU and GC (% of one core, left axis), heap MB and threads (right axis) over its levels' windows back to back
  function timeline(el, t) {
    var data = D.timelineColumns.map(function (_, c) { return t.rows.map(function (r) { return r[c]; }); });
    var names = ['CPU %', 'GC % of time', 'heap MB', 'threads'], strokes = [PALETTE[0], '#d00000', PALETTE[3], PALETTE[2]];
    el.innerHTML = '';
    var u = new uPlot({
      title: t.title, width: widthOf(el, 560), height: 250,
      scales: { x: { time: false }, pct: { range: upFrom0 }, n: { range: upFrom0 } },
      axes: [{ label: 's, measured windows of ' + t.levels.map(function (l) { return l[0]; }).join(', ') + ' users' },
        { scale: 'pct', label: 'CPU %, GC %', size: 56, values: function (u, s) { return s.map(fmt); } },
        { scale: 'n', side: 1, label: 'heap MB, threads', size: 56, grid: { show: false },
          values: function (u, s) { return s.map(fmt); } }],
      series: [{ label: 's', value: function (u, v) { return fmt(v); } }].concat(names.map(function (n, i) {
        return { label: n, stroke: strokes[i], width: 1.6, scale: i < 2 ? 'pct' : 'n', points: { show: false },
          value: function (u, v) { return fmt(v); } };
      })),
      cursor: { drag: { x: false, y: false } },
      // where each level's window begins: a dashed line and its users
      hooks: { draw: [function (u) {
        var ctx = u.ctx, dpr = window.devicePixelRatio || 1;
        ctx.save(); ctx.strokeStyle = '#999'; ctx.fillStyle = '#555'; ctx.setLineDash([4 * dpr, 4 * dpr]); ctx.lineWidth = dpr;
        ctx.font = (11 * dpr) + 'px sans-serif';
        t.levels.forEach(function (l) {
          var x = u.valToPos(l[1], 'x', true);
          ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
          ctx.fillText(l[0] + ' users', x + 3 * dpr, u.bbox.top + 12 * dpr);
        });
        ctx.restore();
      }] }
    }, data, el);
    return drawn(el, u, names.length);
  }

  // ---- one framework's routes at a slow source: a row per route from its first byte to its last, a tick per chunk, a green
  // ring at the first item; blue streams, grey buffered, red malformed (the table below gives each figure)
  var VERDICT = { streams: '#1f77b4', buffered: '#7f7f7f', malformed: '#d62728' };
  function verification(el, checks) {
    checks = checks.filter(function (c) { return c.chunks.length > 0; });
    if (!checks.length) { nothing(el, 'chunk timelines'); return null; }
    var n = checks.length;
    function ends(c) {
      return [c.ttfb, c.chunks[0][0], c.chunks[c.chunks.length - 1][0], c.lastByte].filter(function (v) { return v != null; });
    }
    function first(c) { return Math.min.apply(null, ends(c)); }
    function last(c) { return Math.max.apply(null, ends(c)); }
    var xs = uniq([].concat.apply([], checks.map(function (c) { return [first(c), last(c)]; }))).sort(function (a, b) { return a - b; });
    var data = [xs].concat(checks.map(function (c, i) {
      var a = first(c), b = last(c);
      return xs.map(function (x) { return x === a || x === b ? n - i : null; });
    }));
    var labelWidth = 8 + 7 * Math.max.apply(null, checks.map(function (c) { return c.route.length; }));
    el.innerHTML = '';
    var u = new uPlot({
      title: checks[0].fw + ': each route from first byte to last byte, a tick per chunk, the first item ringed',
      width: widthOf(el, 1000), height: 90 + 26 * n,
      scales: { x: { time: false, range: function (u, min, max) { return [0, max * 1.04 || 1]; } },
        y: { range: [0.4, n + 0.6] } },
      axes: [{ label: 'ms since the request (item delay 100 ms)' },
        { size: labelWidth, splits: function () { return checks.map(function (_, i) { return n - i; }); },
          values: function (u, s) { return s.map(function (v) { var c = checks[n - v]; return c ? c.route : ''; }); } }],
      series: [{ label: 'ms', value: function (u, v) { return fmt(v); } }].concat(checks.map(function (c) {
        return { label: c.route + ' (' + c.verdict + ')', stroke: VERDICT[c.verdict] || '#333', width: 3, spanGaps: true,
          points: { show: false }, value: function () { return c.chunks.length + ' chunks'; } };
      })),
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      hooks: { draw: [function (u) {
        var ctx = u.ctx, dpr = window.devicePixelRatio || 1;
        ctx.save(); ctx.lineWidth = 1.5 * dpr;
        checks.forEach(function (c, i) {
          if (!u.series[i + 1].show) return;
          var y = u.valToPos(n - i, 'y', true);
          ctx.strokeStyle = VERDICT[c.verdict] || '#333';
          c.chunks.forEach(function (k) {
            var x = u.valToPos(k[0], 'x', true);
            ctx.beginPath(); ctx.moveTo(x, y - 7 * dpr); ctx.lineTo(x, y + 7 * dpr); ctx.stroke();
          });
          if (c.firstItem != null && c.firstItem > 0) {
            ctx.strokeStyle = '#2ca02c'; ctx.lineWidth = 2 * dpr;
            ctx.beginPath(); ctx.arc(u.valToPos(c.firstItem, 'x', true), y, 6 * dpr, 0, 2 * Math.PI); ctx.stroke();
            ctx.lineWidth = 1.5 * dpr;
          }
        });
        ctx.restore();
      }] }
    }, data, el);
    return drawn(el, u, n);
  }

  // ---- latency against percentile for [lines] (routes; an approach's mean has no distribution) at [users]: a curve per
  // route and level, x = 1 / (1 - percentile) on a log axis, so p50, p90, p99, p99.9 and p99.99 are evenly spaced
  var MAX_CURVES = 16, TICKS = [2, 10, 100, 1000, 10000];
  function distribution(el, lines, users, hidden) {
    var keyOf = function (l) { return [l.fw, l.model, l.engine, l.approach].join('/'); };
    var shown = {};
    lines.forEach(function (l) { if (l.engine != null && hidden.indexOf(keyOf(l)) < 0) shown[keyOf(l)] = true; });
    var picked = (D.latency || []).filter(function (h) { return shown[keyOf(h)] && users.indexOf(h.users) >= 0; });
    var note = '';
    if (picked.length > MAX_CURVES) {
      // too many curves to read: each route's highest level only
      var top = {};
      picked.forEach(function (h) { top[keyOf(h)] = Math.max(top[keyOf(h)] || 0, h.users); });
      picked = picked.filter(function (h) { return h.users === top[keyOf(h)]; }).slice(0, MAX_CURVES);
      note = ' (each route at its highest level)';
    }
    if (!picked.length) { nothing(el, 'latency distribution'); return null; }
    var short = uniq(picked.map(function (h) { return h.fw + ' ' + h.model; })).length <= 1;
    var axis = D.latencyAxis;
    function pct(x) { return x >= 1 ? Number((100 - 100 / x).toFixed(2)) + '%' : ''; }
    el.innerHTML = '';
    var u = new uPlot({
      title: 'latency distribution, all requests of the repetitions' + note, width: widthOf(el, 1100), height: 340,
      scales: { x: { time: false, distr: 3, range: [axis[0], axis[axis.length - 1]] }, y: { range: upFrom0 } },
      // the ticks by position: a log scale may hand its splits back rounded (2 as 0)
      axes: [{ label: 'percentile (log scale of 1 / (1 − p))', splits: function () { return TICKS; },
        values: function (u, s) { return s.map(function (v, i) { return s.length === TICKS.length ? pct(TICKS[i]) : pct(v); }); } },
        { label: 'latency (ms)', size: 70, values: function (u, s) { return s.map(fmt); } }],
      series: [{ label: 'percentile', value: function (u, v) { return v == null ? '–' : pct(v); } }].concat(picked.map(function (h, i) {
        var name = (short ? '' : h.fw + ' · ' + h.model + ' · ') + h.engine + '/' + h.approach + ' @' + h.users;
        return { label: name, stroke: PALETTE[i % PALETTE.length], width: 1.8, points: { size: 4 },
          value: function (u, v) { return fmt(v) + ' ms'; } };
      })),
      cursor: { drag: { x: false, y: false } }
    }, [axis.slice()].concat(picked.map(function (h) { return h.ms; })), el);
    return drawn(el, u, picked.length);
  }

  (D.timelines || []).forEach(function (t) { var el = document.getElementById(t.id); if (el) timeline(el, t); });
  uniq((D.verification || []).map(function (c) { return c.fw; })).forEach(function (fw) {
    var el = document.getElementById('verification-' + fw);
    if (el) verification(el, D.verification.filter(function (c) { return c.fw === fw; }));
  });

  return { distribution: distribution };
})();
