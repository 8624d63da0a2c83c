// The lines report.html's charts draw, from the page's one data file (report/ExplorerData.kt): a line is a route or an
// approach's mean over its engines (engine null); its points are the levels it measured, each with its interval, n and CPU.
var pssrLines = (function () {
  'use strict';
  var D = pssrPlot.data, uniq = pssrPlot.uniq;
  var BASELINE = 'baseline';

  function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
  function lineKey(l) { return [l.fw, l.model, l.engine == null ? '*' : l.engine, l.approach].join('/'); }

  // ---- the levels a line stands for, and its value per users level (an approach's mean: mean of its engines' medians)
  function levelsOf(l) {
    return D.levels.filter(function (x) {
      return x.fw === l.fw && x.model === l.model && x.approach === l.approach &&
          (l.engine == null ? x.engine !== BASELINE : x.engine === l.engine);
    });
  }
  function mean(xs) {
    var f = xs.filter(function (x) { return x != null && isFinite(x); });
    return f.length ? f.reduce(function (a, b) { return a + b; }, 0) / f.length : null;
  }
  function pointsOf(l, metric) {
    var by = {};
    levelsOf(l).forEach(function (x) { (by[x.users] = by[x.users] || []).push(x); });
    var out = {};
    Object.keys(by).forEach(function (u) {
      var ls = by[u];
      var m = mean(ls.map(function (x) { return x[metric][0]; }));
      if (m == null) return;
      var withCi = ls.every(function (x) { return x[metric][1] != null; });
      out[u] = {
        m: m, lo: withCi ? mean(ls.map(function (x) { return x[metric][1]; })) : null,
            hi: withCi ? mean(ls.map(function (x) { return x[metric][2]; })) : null,
        n: Math.min.apply(null, ls.map(function (x) { return x[metric][3]; })), engines: ls.length,
        srv: mean(ls.map(function (x) { return x.srvCpu[0]; })), drv: mean(ls.map(function (x) { return x.drvCpu[0]; })),
        errors: ls.reduce(function (a, x) { return a + x.errors; }, 0), requests: ls.reduce(function (a, x) { return a + x.requests; }, 0),
        driverBound: ls.some(function (x) { return x.driverBound; }), levels: ls
      };
    });
    return out;
  }
  function label(l, short) {
    var engines = l.engine == null ? uniq(levelsOf(l).map(function (x) { return x.engine; })) : [];
    var name = l.engine != null ? l.engine + '/' + l.approach
      : cap(l.approach) + ' (mean of ' + (engines.length === 1 ? '1 engine: ' + engines[0] : engines.length + ' engines') + ')';
    return short ? name : l.fw + ' · ' + l.model + ' · ' + name;
  }

  return { cap: cap, lineKey: lineKey, levelsOf: levelsOf, pointsOf: pointsOf, label: label };
})();
