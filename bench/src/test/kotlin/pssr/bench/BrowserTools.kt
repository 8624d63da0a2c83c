package pssr.bench

import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Assumptions.assumeTrue
import pssr.bench.browser.Lighthouse
import pssr.probe.browser.BrowserPage
import pssr.probe.browser.Chromium
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit

/**
 * What the browser tests need (Debian's Chromium, Node, Lighthouse in browser/node_modules). Where it is
 * missing they are skipped with the install command, unless PSSR_REQUIRE_BROWSER is set (./pssr test sets it,
 * after installing everything): then they fail, so CI cannot go green without running them.
 */
object BrowserTools {
    val root: Path = Path.of("..").toAbsolutePath().normalize()

    fun require(present: Boolean, missing: String) {
        if (present) return
        if (System.getenv("PSSR_REQUIRE_BROWSER") != null) {
            fail<Unit>("$missing (PSSR_REQUIRE_BROWSER is set, so browser tests may not be skipped)")
        }
        assumeTrue(false, "$missing; browser test skipped")
    }

    fun node(): Boolean = try {
        // output discarded, not read: a read to the end would outlast the bounded wait if node never exited
        val p = ProcessBuilder("node", "--version").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
        val exited = p.waitFor(30, TimeUnit.SECONDS)
        if (!exited) p.destroyForcibly()
        exited && p.exitValue() == 0
    } catch (e: Exception) {
        false
    }

    /** Live processes started by this JVM (a server, a Lighthouse, a Chromium), for "nothing left behind". */
    fun liveChildren(): List<String> = ProcessHandle.current().descendants().filter { it.isAlive }
        .map { "${it.pid()} ${it.info().commandLine().orElse("?")}" }.toList()

    /** A tab on [page] (a report file) with what its console said (errors, warnings, uncaught exceptions), closed after [check]. */
    fun <T> open(browser: Chromium, page: Path, hash: String = "", width: Int = 1400, check: (BrowserPage, List<String>) -> T): T {
        val tab = browser.newPage(width, 1000)
        val console = CopyOnWriteArrayList<String>()
        browser.onEvent { method, session, params ->
            if (session != tab.sessionId) return@onEvent
            when (method) {
                "Runtime.consoleAPICalled" -> if (params["type"] in listOf("error", "warning", "assert")) {
                    console += "console.${params["type"]}: ${params["args"]}"
                }

                "Runtime.exceptionThrown" -> console += "exception: ${params["exceptionDetails"]}"

                "Log.entryAdded" -> (params["entry"] as? Map<*, *>)?.let {
                    if (it["level"] == "error") {
                        console += "log: ${it["text"]} ${it["url"] ?: ""}"
                    }
                }
            }
        }.use {
            tab.use {
                tab.send("Runtime.enable")
                tab.send("Log.enable")
                tab.load(page.toUri().toString() + hash, Duration.ofSeconds(30))
                return check(tab, console)
            }
        }
    }

    /** Per chart of the page in [tab]: what [CHARTS_JS] reads. */
    @Suppress("UNCHECKED_CAST")
    fun charts(tab: BrowserPage): List<Map<String, Any?>> = tab.evaluate(CHARTS_JS) as List<Map<String, Any?>>

    /** Per chart: its id, series (data-series), legend entries, names, the levels on its x axis, the series colours not found on
     * its canvas, and (when one is missing) its scale and data, to tell why. */
    const val CHARTS_JS = """Array.from(document.querySelectorAll('div.chart')).map(function (el) {
        var rows = Array.from(el.querySelectorAll('.u-legend tr.u-series')).slice(1);
        var canvas = el.querySelector('canvas');
        var px = canvas ? canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data : [];
        var colours = rows.map(function (r) { return getComputedStyle(r.querySelector('.u-marker')).borderLeftColor; });
        // a series drawn under a later one through the same pixels (two pages measured alike) cannot show its colour; compared
        // as drawn points, since two timelines a few microseconds apart sit at different x indexes of the shared data
        var u = window.pssrPlot && pssrPlot.figures && pssrPlot.figures[el.id];
        function drawnPoints(j) {
            var s = u.series[j], pts = [];
            u.data[j].forEach(function (v, k) { if (v != null) pts.push([u.valToPos(u.data[0][k], 'x'), u.valToPos(v, s.scale || 'y')]); });
            return pts;
        }
        function covered(i) {
            if (!u) return false;
            var a = drawnPoints(i + 1);
            for (var j = i + 2; j < u.data.length; j++) {
                var b = drawnPoints(j);
                if (a.length === b.length && a.every(function (p, k) { return Math.abs(p[0] - b[k][0]) <= 1.5 && Math.abs(p[1] - b[k][1]) <= 1.5; })) return true;
            }
            return false;
        }
        // a line's colour: 3 pixels of it at least 40% opaque (a 1.6 px line half clipped by the plot's border is ~80% opaque)
        var missing = colours.filter(function (c, i) {
            if (covered(i)) return false;
            var m = c.match(/\d+/g).map(Number), n = 0;
            for (var i = 0; i < px.length && n < 3; i += 4) if (Math.abs(px[i] - m[0]) < 8 && Math.abs(px[i + 1] - m[1]) < 8 && Math.abs(px[i + 2] - m[2]) < 8 && px[i + 3] > 100) n++;
            return n < 3;
        });
        return { id: el.id, series: Number(el.getAttribute('data-series')), legend: rows.length, missingColours: missing,
            data: missing.length && u ? JSON.stringify({ x: u.scales.x.min + '..' + u.scales.x.max, data: u.data }) : null,
            names: rows.map(function (r) { return r.querySelector('.u-label').textContent; }),
            levels: (el.getAttribute('data-levels') || '').split(',') };
    })"""
}
