package pssr.bench.report

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.bench.browser.BrowserCase
import pssr.bench.browser.BrowserHtml
import pssr.bench.browser.BrowserSummary
import pssr.bench.browser.Lighthouse
import pssr.bench.browser.LighthouseRun
import pssr.bench.cli
import pssr.bench.load.StreamingPageServer
import pssr.probe.browser.BrowserPage
import pssr.probe.browser.Chromium
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.nio.file.Files
import java.nio.file.Path

/**
 * The pages of compare, merge, load and browser in a real headless Chromium, drawn by the same code as report.html
 * (plot.js, docs/REPORT.md): every chart placed in the page is drawn with one legend entry and one colour on the canvas per
 * series, its x axis has the measured levels only, hover tells a point, a legend entry hides its series, the page holds a
 * static table per chart, no PNG chart is left, and the console says nothing. Compare and merge read the folders of two
 * real shard runs (WebFlux, two routes, users 1 and 4, 1 s windows); load measures a real server on loopback; browser.html
 * is written from Lighthouse figures as a run gives them (Lighthouse itself is LighthouseTest's).
 *
 * Skipped where Chromium is not installed, failed instead under PSSR_REQUIRE_BROWSER (./pssr test sets it).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OtherReportsBrowserTest {
    private lateinit var tmp: Path
    private var chromium: Chromium? = null
    private val server = StreamingPageServer(itemMs = 40)

    @BeforeAll
    fun `two real shard runs, merged, and a browser`(@TempDir dir: Path) {
        tmp = dir
        val executable = Chromium.executable()
        BrowserTools.require(executable != null, "Chromium is not installed; install it with: ${Chromium.INSTALL_HINT}")
        System.setProperty("pssr.root", BrowserTools.root.toString())
        val slice = arrayOf(
            "--no-pin", "--allow-concurrent", "--frameworks", "webflux", "--models", "presentations",
            "--engines", "baseline,jstachio", "--approaches", "virtual", "--users", "1,4", "--repeat", "2",
            "--route-warmup", "0", "--steady-cap", "0", "--warmup", "0", "--duration", "1s",
        )
        for (shard in listOf(1, 2)) {
            val out = tmp.resolve("s$shard").toString()
            assertEquals(0, cli().execute("run", *slice, "--shard", "$shard/2", "--out", out), "shard $shard/2")
        }
        val merged = arrayOf(tmp.resolve("s1").toString(), tmp.resolve("s2").toString(), "--out", tmp.resolve("merged").toString())
        assertEquals(0, cli().execute("merge", *merged))
        chromium = Chromium.launch(executable!!)
    }

    @AfterAll
    fun `nothing left running`() {
        chromium?.close()
        server.close()
    }

    /** Opens [page] and checks every chart placed in it is drawn as the class says; then [more] on the tab. */
    private fun drawn(page: Path, minCharts: Int, more: (BrowserPage, List<Map<String, Any?>>) -> Unit = { _, _ -> }) {
        val html = Files.readString(page)
        assertFalse("data:image/png" in html && "<img class=chart" in html, "no PNG chart is left in $page")
        val expected = Regex("<div class=chart id=\"([^\"]+)\"></div>").findAll(html).map { it.groupValues[1] }.toList()
        assertTrue(expected.size >= minCharts, "$page places its charts: $expected")
        assertEquals(1, Regex("<script type=\"application/json\" id=\"pssr-data\">").findAll(html).count(), "the data is in the page once")
        BrowserTools.open(chromium!!, page) { tab, console ->
            val charts = BrowserTools.charts(tab)
            val ids = charts.map { it["id"].toString() }
            assertEquals(expected.sorted(), ids.filter { it in expected }.sorted(), "every chart placed is drawn")
            for (c in charts) {
                val series = (c["series"] as Double).toInt()
                assertTrue(series >= 1, "$c")
                assertEquals(series.toDouble(), c["legend"], "one legend entry per series: $c")
                assertEquals(emptyList<Any>(), c["missingColours"], "every series' colour is on the canvas: $c")
            }
            more(tab, charts)
            assertEquals(emptyList<String>(), console, "no console error")
        }
    }

    /** Hovers the first measured point of [figure]'s first series; the tip's text. */
    private fun hover(tab: BrowserPage, figure: String): String = tab.evaluate(
        """(function () { var u = pssrPlot.figures['$figure'];
        var i = u.data[1].findIndex(function (v) { return v != null; });
        u.setCursor({ left: u.valToPos(u.data[0][i], 'x'), top: u.valToPos(u.data[1][i], 'y') });
        var t = document.querySelector('#$figure .pssr-tip');
        return getComputedStyle(t).display === 'none' ? '' : t.textContent; })()""",
    ) as String

    @Test
    fun `compare's page draws B against A per route at the levels both runs measured`() {
        assertEquals(0, cli().execute("compare", tmp.resolve("s1").toString(), tmp.resolve("merged").toString(), "--allow-different-env"))
        val page = tmp.resolve("merged/compare-s1.html")
        assertTrue(Files.exists(tmp.resolve("merged/compare-s1.md")) && Files.exists(page), "the page beside the Markdown")
        drawn(page, 2) { tab, charts ->
            val thr = charts.first { it["id"] == "compare-throughput" }
            assertEquals(listOf("1", "4"), thr["levels"], "the x axis has the measured levels only")
            assertTrue((thr["names"] as List<*>).all { it.toString().startsWith("webflux/presentations/") }, "a series per route: $thr")
            val tip = hover(tab, "compare-throughput")
            for (part in listOf("B/A: ", "n = 2 repetitions", "A ", "req/s, B ")) assertTrue(part in tip, "hover shows '$part': $tip")
            val tables = tab.evaluate("document.querySelectorAll('details.figures table').length") as Double
            assertTrue(tables >= 2, "a static table per chart: $tables")
        }
    }

    @Test
    fun `merge's page is a run report, its sections' charts and the explorer drawn, and its shards named`() {
        val page = tmp.resolve("merged/report.html")
        assertTrue("Shards and machines" in Files.readString(page))
        drawn(page, 3) { _, charts -> assertTrue(charts.any { it["id"] == "explorer-chart" }, "the explorer: ${charts.map { it["id"] }}") }
    }

    @Test
    fun `load's page draws each chart from its data, hover tells a level and the legend hides a page`() {
        val out = tmp.resolve("load")
        assertEquals(
            0,
            cli().execute(
                "load", "${server.base}/streams", "${server.base}/buffered", "--allow-concurrent", "--users", "1,2",
                "--repeat", "2", "--warmup", "0", "--page-warmup", "0", "--steady-cap", "0", "--duration", "1", "--out", out.toString(),
            ),
        )
        drawn(out.resolve("report.html"), 4) { tab, charts ->
            val thr = charts.first { it["id"].toString().endsWith("-throughput") }
            assertEquals(listOf("1", "2"), thr["levels"], "the x axis has the measured levels only")
            assertEquals(2, (thr["names"] as List<*>).size, "a series per page: $thr")
            val id = thr["id"].toString()
            val tip = hover(tab, id)
            for (part in listOf("correct responses per second: ", "95% interval", "n = 2 repetitions")) {
                assertTrue(part in tip, "hover shows '$part': $tip")
            }
            tab.evaluate("document.querySelectorAll('#$id .u-legend tr.u-series')[1].querySelector('th').click()")
            assertEquals(false, tab.evaluate("pssrPlot.figures['$id'].series[1].show"), "a click on a legend entry hides its series")
        }
    }

    @Test
    fun `browser's page draws seed 002's Table 1 beside ours, a point per page`() {
        val dir = tmp.resolve("browser")
        Files.createDirectories(dir)
        // what a run of two pages, one rendering, PSSR off and on, two Lighthouse runs each gives (LighthouseTest reads them for real)
        val runs = listOf(DemoPage.Weather, DemoPage.Presentations).flatMap { p ->
            listOf(false, true).flatMap { on ->
                (1..2).map { n ->
                    val fcp = if (on) 190.0 + 10 * n else (if (p == DemoPage.Weather) 3200.0 else 2300.0) + 15 * n
                    LighthouseRun(
                        BrowserCase(p, DemoRendering.SUSPENDING, on), n, "simulate", dir.resolve("lighthouse/${p.id}-$on-$n.json"),
                        if (on) 99.0 else 70.0 + n, fcp, fcp + 40, fcp + 200, 12.0, fcp, emptyList(),
                    )
                }
            }
        }
        val page = dir.resolve("browser.html")
        BrowserHtml.write(page, BrowserSummary(runs, dir), emptyList(), Lighthouse(dir, dir, "12.8.2", "v20", "Chromium 131"))
        drawn(page, 4) { tab, charts ->
            val fcp = charts.first { it["id"] == "browser-fcp" }
            assertEquals(2, (fcp["levels"] as List<*>).size, "a point per page measured: $fcp")
            assertTrue((fcp["names"] as List<*>).containsAll(listOf("suspending, simulate, PSSR off", "seed 002 (paper), PSSR on")), "$fcp")
            val tip = hover(tab, "browser-fcp")
            for (part in listOf("weather", "n = 2 Lighthouse runs", "runs: ")) assertTrue(part in tip, "hover shows '$part': $tip")
        }
    }

    @Test
    fun `a time line that ends last is drawn inside the chart, not on its border`() {
        // a buffered page under load often has the run's last byte: its one step was on the right border, half clipped
        fun steps(vararg xy: Pair<Double, Double>) = listOf(Figure.Point(0.0, 0.0)) + xy.map { Figure.Point(it.first, it.second) }
        val chunks = Figure(
            "chunks",
            "Chunk timeline",
            "ms",
            "ms",
            "bytes",
            continuous = true,
            series = listOf(
                Figure.Series("A unloaded", steps(40.0 to 300.0, 80.0 to 600.0)),
                Figure.Series("B unloaded", steps(85.0 to 600.0)),
                Figure.Series("A at 2", steps(45.0 to 300.0, 90.0 to 600.0)),
                Figure.Series("B at 2", steps(120.0 to 600.0)),
            ),
        )
        val page = tmp.resolve("timeline.html")
        val sb = StringBuilder(pssr.bench.markup.pageHead("timeline")).append(chunks.html())
        Explorer.scripts(sb, Figure.json(listOf(chunks)))
        Files.writeString(page, sb.append("</body></html>\n").toString())
        drawn(page, 1)
    }
}
