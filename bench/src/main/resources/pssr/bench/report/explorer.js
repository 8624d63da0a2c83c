// report.html's charts, drawn by plot.js's uPlot core from the page's one data file (<script id="pssr-data">, report/ExplorerData.kt).
// Each section's charts are fixed views of that data; the explorer is a view the reader sets (metric, filters, shown
// series) and the URL's hash keeps (#explore?metric=p99&fw=webflux...). The x axis has one tick per level a drawn line
// measured, evenly spaced: a line joins only levels that were measured, and a level a line did not measure is a gap.
(function () {
  'use strict';
  var D = pssrPlot.data;
  if (!D.levels) return;
  var METRIC = {};
  D.metrics.forEach(function (m) { METRIC[m.key] = m; });
  var PALETTE = pssrPlot.PALETTE, uniq = pssrPlot.uniq, fmt = pssrPlot.fmt, esc = pssrPlot.esc;
  var BASELINE = 'baseline';
  var LOG_METRICS_FLOOR = { tput: true, p50: true, p99: true };

  var cap = pssrLines.cap, lineKey = pssrLines.lineKey, levelsOf = pssrLines.levelsOf, pointsOf = pssrLines.pointsOf;
  var label = pssrLines.label;

  // ---- one chart: spec = {title, metric, lines, floor, paper, mark (levels to ring), hidden (keys), users (allowed levels), onToggle}
  function draw(el, spec) {
    var metric = METRIC[spec.metric];
    var short = uniq(spec.lines.map(function (l) { return l.fw + ' ' + l.model; })).length <= 1;
    var lines = spec.lines.map(function (l) { return { line: l, key: lineKey(l), pts: pointsOf(l, spec.metric) }; })
      .filter(function (s) { return Object.keys(s.pts).length > 0; });
    var xs = uniq([].concat.apply([], lines.map(function (s) { return Object.keys(s.pts).map(Number); })))
      .filter(function (u) { return !spec.users || spec.users.indexOf(u) >= 0; }).sort(function (a, b) { return a - b; });
    var colour = 0, measuredMax = 0;
    var series = lines.map(function (s) {
      var base = s.line.engine === BASELINE, agg = s.line.engine == null;
      var stroke = base ? '#7f7f7f' : PALETTE[colour++ % PALETTE.length];
      xs.forEach(function (u) { var p = s.pts[u]; if (p && p.m != null) measuredMax = Math.max(measuredMax, p.m); });
      return { label: label(s.line, short), stroke: stroke, width: agg ? 3 : base ? 1.5 : 2, dash: base ? [6, 4] : undefined,
          size: agg ? 8 : 6,
        show: !(spec.hidden && spec.hidden.indexOf(s.key) >= 0), key: s.key, line: s.line, pts: s.pts };
    });
    // the latency floor: users / (items x delay) req/s, or items x delay ms for a latency; one per model drawn
    if (spec.floor && LOG_METRICS_FLOOR[spec.metric]) {
      uniq(lines.map(function (s) { return s.line.model; })).forEach(function (model) {
        var ys = xs.map(function (u) {
          var l = D.levels.filter(function (x) { return x.model === model && x.users === u && x.floor != null; })[0];
          if (!l) return null;
          return spec.metric === 'tput' ? l.floor : u / l.floor * 1000;
        });
        if (ys.every(function (y) { return y == null; })) return;
        series.push({ label: 'latency floor' + (short ? '' : ' · ' + model) + (spec.metric === 'tput' ? ': users/(items × delay)' :
            ': items × delay'),
          stroke: '#222', width: 1.5, dash: [2, 4], noPoints: true, ys: ys });
      });
    }
    // the paper's figures of the lines drawn: a point at the level it names (when measured here), a dotted peak otherwise
    var paperMax = 0;
    if (spec.paper && spec.metric === 'tput') {
      D.paper.forEach(function (f) {
        var owner = series.filter(function (s) {
          return s.line && s.line.fw === f.fw && s.line.model === f.model && s.line.approach === f.approach &&
            (s.line.engine == null ? f.engine == null : s.line.engine === f.engine);
        })[0];
        if (!owner || (measuredMax > 0 && f.rps > 3 * measuredMax)) return;
        var at = f.users == null ? -1 : xs.indexOf(f.users);
        if (f.users != null && at < 0) return;
        paperMax = Math.max(paperMax, f.rps);
        series.push({ label: f.series + (f.users != null ? ' @' + f.users : ' peak (level not stated)') + ': ' + D.paperLabel,
            stroke: owner.stroke,
          width: f.users != null ? 0 : 1.5, dash: [1, 5], noPoints: f.users == null, size: 11, fill: '#fff', pointWidth: 2,
          paths: f.users != null ? function () { return null; } : undefined, ys: xs.map(function (_, i) { return f.users == null ||
              i === at ? f.rps : null; }) });
      });
    }
    var plot = pssrPlot.plot(el, { title: spec.title, xs: xs, xName: 'users', xLabel: 'concurrent users (measured levels)',
        yLabel: metric.label,
      log: metric.log, yTop: spec.metric === 'tput' ? Math.max(measuredMax, paperMax) : 0, series: series, mark: spec.mark,
          onToggle: spec.onToggle,
      tip: function (p, name, users) {
        return '<b>' + esc(name) + '</b> at ' + users + ' users<br>' + esc(metric.label) + ': <b>' + fmt(p.m) + '</b>' +
          (p.lo != null ? ' (95% interval ' + fmt(p.lo) + '–' + fmt(p.hi) + ')' : ' (no interval)') + '<br>n = ' + p.n + ' repetition' +
              (p.n === 1 ? '' : 's') +
          (p.engines > 1 ? ', mean of ' + p.engines + ' engines' : '') + '<br>CPU per request: server ' + fmt(p.srv) + ' µs, driver ' +
              fmt(p.drv) + ' µs' +
          (p.errors > 0 ? '<br><span class=bad>' + p.errors + ' errors of ' + p.requests + ' requests</span>' : '') +
              (p.driverBound ? '<br>driver-bound' : '');
      } });
    return plot;
  }

  // ---- the charts of each section: fixed views
  var sectionPlots = [];
  D.charts.forEach(function (c) {
    var el = document.getElementById(c.id);
    if (el) sectionPlots.push(draw(el, { title: c.title, metric: c.metric, lines: c.lines.map(function (l) { return { fw: l.fw,
        model: l.model, engine: l.engine, approach: l.approach }; }),
      floor: c.floor, paper: c.paper }));
  });

  // ---- the explorer: a view the reader sets, kept in the hash
  var ex = document.getElementById('explorer-chart');
  if (!ex) return;
  // frameworks and models in the order of the page's sections
  var inCharts = [].concat.apply([], D.charts.map(function (c) { return c.lines; }));
  var ALL = {
    fw: uniq(inCharts.map(function (l) { return l.fw; }).concat(D.levels.map(function (l) { return l.fw; }))),
    model: uniq(inCharts.map(function (l) { return l.model; }).concat(D.levels.map(function (l) { return l.model; }))),
    engine: uniq(D.levels.map(function (l) { return l.engine; })), approach: uniq(D.levels.map(function (l) { return l.approach; })),
    users: uniq(D.levels.map(function (l) { return l.users; })).sort(function (a, b) { return a - b; })
  };
  var FILTERS = ['fw', 'model', 'engine', 'approach', 'users'];
  var view, explorerPlot = null;

  function defaults() {
    return { metric: 'tput', fw: ALL.fw.slice(0, 1), model: ALL.model.slice(0, 1), engine: ALL.engine.slice(),
        approach: ALL.approach.slice(), users: ALL.users.slice(),
      agg: false, paper: true, floor: true, hide: [], claim: null };
  }
  function parse(hash) {
    var v = defaults();
    var q = hash.replace(/^#explore\??/, '');
    q.split('&').forEach(function (kv) {
      if (!kv) return;
      var i = kv.indexOf('='), k = decodeURIComponent(i < 0 ? kv : kv.slice(0, i)), s = i < 0 ? '' : decodeURIComponent(kv.slice(i + 1));
      if (k === 'metric' && METRIC[s]) v.metric = s;
      else if (FILTERS.indexOf(k) >= 0) v[k] = s === '' ? [] : s.split(',').map(function (x) { return k === 'users' ? Number(x) : x; });
      else if (k === 'agg' || k === 'paper' || k === 'floor') v[k] = s === '1';
      else if (k === 'hide') v.hide = s === '' ? [] : s.split(',');
      else if (k === 'claim') v.claim = s;
    });
    return v;
  }
  function hashOf(v) {
    var parts = ['metric=' + v.metric];
    FILTERS.forEach(function (k) { parts.push(k + '=' + encodeURIComponent(v[k].join(','))); });
    parts.push('agg=' + (v.agg ? 1 : 0), 'paper=' + (v.paper ? 1 : 0), 'floor=' + (v.floor ? 1 : 0));
    if (v.hide.length) parts.push('hide=' + encodeURIComponent(v.hide.join(',')));
    if (v.claim) parts.push('claim=' + encodeURIComponent(v.claim));
    return '#explore?' + parts.join('&');
  }
  // the address keeps the view once the reader has set one (a link or a control), not while they read another section
  var engaged = false;
  function keep() { if (engaged) history.replaceState(null, '', hashOf(view)); }

  function linesOf(v) {
    var routes = D.levels.filter(function (l) {
      return v.fw.indexOf(l.fw) >= 0 && v.model.indexOf(l.model) >= 0 && v.engine.indexOf(l.engine) >= 0 &&
          v.approach.indexOf(l.approach) >= 0;
    });
    var out = [], seen = {};
    routes.forEach(function (l) {
      var line = { fw: l.fw, model: l.model, engine: l.engine, approach: l.approach }, k = lineKey(line);
      if (!seen[k]) { seen[k] = true; out.push(line); }
      if (v.agg && l.engine !== BASELINE) {
        var a = { fw: l.fw, model: l.model, engine: null, approach: l.approach }, ka = lineKey(a);
        if (!seen[ka]) { seen[ka] = true; out.push(a); }
      }
    });
    return out;
  }

  // a claim's levels: [fw, model, engine (null: the approach's mean), approach, users]
  function claimMarks(c) {
    return c.levels.map(function (k) {
      return { fw: k[0], model: k[1], engine: k[2], approach: k[3], users: k[4], matches: function (l, line) {
        return l.fw === k[0] && l.model === k[1] && l.approach === k[3] && l.users === k[4] && (k[2] == null ? line.engine == null ||
            l.engine !== BASELINE : l.engine === k[2]);
      } };
    });
  }
  function claimById(id) { return D.claims.filter(function (c) { return c.id === id; })[0]; }

  function controls() {
    var box = document.getElementById('explorer-controls');
    var h = '<label>metric <select data-k=metric>' + D.metrics.map(function (m) {
      return '<option value="' + m.key + '"' + (m.key === view.metric ? ' selected' : '') + '>' + esc(m.label) + '</option>';
    }).join('') + '</select></label>';
    var names = { fw: 'framework', model: 'model', engine: 'engine', approach: 'approach', users: 'users' };
    FILTERS.forEach(function (k) {
      h += '<fieldset><legend>' + names[k] + '</legend>' + ALL[k].map(function (x) {
        return '<label><input type=checkbox data-k="' + k + '" value="' + esc(x) + '"' + (view[k].indexOf(x) >= 0 ? ' checked' : '') + '>' +
            esc(x) + '</label>';
      }).join('') + '</fieldset>';
    });
    h += '<fieldset><legend>draw</legend>' + [['agg', 'approach means'], ['paper', "paper's points"], ['floor',
        'latency floor']].map(function (o) {
      return '<label><input type=checkbox data-o="' + o[0] + '"' + (view[o[0]] ? ' checked' : '') + '>' + o[1] + '</label>';
    }).join('') + '</fieldset>';
    box.innerHTML = h;
    box.addEventListener('change', function () { engaged = true; }, true);
    box.querySelector('select').onchange = function (e) { view.metric = e.target.value; render(); };
    Array.prototype.forEach.call(box.querySelectorAll('input[data-k]'), function (i) {
      i.onchange = function () {
        var k = i.getAttribute('data-k'), x = k === 'users' ? Number(i.value) : i.value;
        view[k] = i.checked ? uniq(view[k].concat([x])) : view[k].filter(function (y) { return y !== x; });
        render();
      };
    });
    Array.prototype.forEach.call(box.querySelectorAll('input[data-o]'), function (i) {
      i.onchange = function () { view[i.getAttribute('data-o')] = i.checked; render(); };
    });
  }

  function render() {
    keep();
    var claim = view.claim ? claimById(view.claim) : null;
    var marks = claim ? claimMarks(claim) : null;
    var lines = linesOf(view);
    explorerPlot = draw(ex, { title: METRIC[view.metric].label, metric: view.metric, lines: lines, floor: view.floor, paper: view.paper,
        mark: marks,
      hidden: view.hide, users: view.users, onToggle: function (key, show) {
        engaged = true;
        view.hide = show ? view.hide.filter(function (k) { return k !== key; }) : uniq(view.hide.concat([key]));
        keep();
        var dist = document.getElementById('explorer-latency');
        if (dist) pssrSeries.distribution(dist, lines, view.users, view.hide);
      } });
    var dist = document.getElementById('explorer-latency');
    if (dist) pssrSeries.distribution(dist, lines, view.users, view.hide);
    var note = document.getElementById('explorer-claim');
    note.innerHTML = claim ? '<b>Claim ' + esc(claim.id) + ': ' + esc(claim.verdict) + '.</b> ' + esc(claim.text) + '<br>Ours: ' +
        esc(claim.ours) +
      '<br>Judged on the ' + claim.levels.length + ' route levels ringed on the chart and listed below' +
      (claim.parts.length ? ', and on: ' + claim.parts.map(esc).join(', ') : '') + '. <a href="#claim-' + esc(claim.id) +
          '">Back to the claim</a>' : '';
    rows(lines, marks);
  }

  // the rows behind the drawn view (a claim's: the levels it was judged on), with a link to each section's static tables
  function rows(lines, marks) {
    var out = [];
    lines.forEach(function (l) {
      var pts = pointsOf(l, view.metric);
      Object.keys(pts).map(Number).sort(function (a, b) { return a - b; }).forEach(function (u) {
        if (view.users.indexOf(u) < 0) return;
        var p = pts[u];
        var judged = marks && p.levels.some(function (x) { return marks.some(function (k) { return k.matches(x, l); }); });
        if (marks && !judged) return;
        var target = l.engine == null ? l.fw + '-' + l.model : 'rows-' + l.fw + '-' + l.model + '-' + l.engine + '-' + l.approach;
        out.push('<tr' + (judged ? ' class=judged' : '') + '><td><a href="#' + esc(target) + '">' + esc(label(l,
            false)) + '</a></td><td class=n>' + u +
          '</td><td class=n>' + fmt(p.m) + '</td><td class=n>' + (p.lo != null ? fmt(p.lo) + '–' + fmt(p.hi) : '–') + '</td><td class=n>' +
              p.n +
          '</td><td class=n>' + fmt(p.srv) + ' / ' + fmt(p.drv) + '</td><td class=n>' + (p.errors ? p.errors + ' of ' + p.requests : '0') +
              '</td></tr>');
      });
    });
    document.getElementById('explorer-rows').innerHTML = out.length ? '<table><tr><th>route (links to its section)</th><th>users</th><th>' +
      esc(METRIC[view.metric].label) +
          '</th><th>95% interval</th><th>n</th><th>CPU µs per request, server / driver</th><th>errors</th></tr>' +
      out.join('') + '</table>' : '<p class=note>No rows in this view.</p>';
  }

  function fromHash() {
    if (location.hash.indexOf('#explore') !== 0) return false;
    view = parse(location.hash);
    engaged = true;
    var c = view.claim && claimById(view.claim);
    // a claim's link names only the claim: its view is the routes and levels it was judged on
    if (c && location.hash.indexOf('fw=') < 0) {
      var marks = claimMarks(c);
      view.fw = uniq(marks.map(function (k) { return k.fw; }));
      view.model = uniq(marks.map(function (k) { return k.model; }));
      view.approach = uniq(marks.map(function (k) { return k.approach; }));
      var named = marks.filter(function (k) { return k.engine != null; }).map(function (k) { return k.engine; });
      var anyMean = marks.some(function (k) { return k.engine == null; });
      view.engine = anyMean ? ALL.engine.filter(function (e) { return e !== BASELINE || named.indexOf(e) >= 0; }) : uniq(named);
      view.agg = anyMean;
    }
    controls();
    render();
    document.getElementById('explorer').scrollIntoView();
    return true;
  }
  window.addEventListener('hashchange', fromHash);
  if (!fromHash()) { view = defaults(); controls(); render(); }
  // for the browser test and the console: the data, the view, and the explorer's uPlot instance
  window.pssrExplorer = { data: D, view: function () { return view; }, plot: function () { return explorerPlot; } };
})();
