
package pssr.bench.report

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.bench.SyntheticRun
import pssr.bench.cli
import pssr.bench.results.RunDirectory
import pssr.probe.browser.BrowserPage
import pssr.probe.browser.Chromium
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * report.html in a real headless Chromium (docs/REPORT.md): the report of a small real run (WebFlux, two routes, two
 * levels, two repetitions of 1 s windows) draws every chart with no console error, a filter changes what the explorer
 * draws and the address keeps it, and the printed page holds every table; a synthetic run with judged claims shows each
 * claim's link opening the chart with the levels it was judged on ringed and their rows listed.
 *
 * Skipped where Chromium is not installed, failed instead under PSSR_REQUIRE_BROWSER (./pssr test sets it). About a minute,
 * most of it the run. Every wait is bounded (a DevTools call 30 s, a load 30 s, JUnit's 5 min per test).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportBrowserTest {
    private lateinit var tmp: Path
    private var chromium: Chromium? = null
    private lateinit var real: RunDirectory

    @BeforeAll
    fun `a small real run and a browser`(@TempDir dir: Path) {
        tmp = dir
        val executable = Chromium.executable()
        BrowserTools.require(executable != null, "Chromium is not installed; install it with: ${Chromium.INSTALL_HINT}")
        System.setProperty("pssr.root", BrowserTools.root.toString())
        val out = tmp.resolve("real")
        // its figures are not what this test reads, so another measurement on the machine (another suite) may run beside it
        val code = cli().execute(
            "run", "--quick", "--no-pin", "--allow-concurrent", "--frameworks", "webflux", "--models", "presentations", "--engines",
            "baseline,jstachio",
            "--approaches", "virtual", "--users", "1,4", "--repeat", "2", "--route-warmup", "1s", "--steady-cap", "0", "--warmup", "1s",
            "--duration", "1s", "--out", out.toString(),
        )
        assertEquals(0, code, "the small run failed; see ${out.resolve("logs")}")
        real = RunDirectory(out)
        chromium = Chromium.launch(executable!!)
    }

    @AfterAll
    fun `nothing left running`() {
        chromium?.close()
    }

    private fun <T> open(report: Path, hash: String = "", width: Int = 1400, check: (BrowserPage, List<String>) -> T): T =
        BrowserTools.open(chromium!!, report, hash, width, check)

    /** Polls [expression] until it is true, for at most 5 s (a hash change is handled in a later task). */
    private fun waitFor(tab: BrowserPage, expression: String) {
        val deadline = System.nanoTime() + 5_000_000_000L
        while (tab.evaluate(expression) != true && System.nanoTime() < deadline) Thread.sleep(50)
    }

    private fun BrowserPage.charts(): List<Map<String, Any?>> = BrowserTools.charts(this)

    @Test
    fun `every chart of a real run's report is drawn, one legend entry and one colour on the canvas per series, hover tells the point, no console error`() {
        val report = real.report
        val html = Files.readString(report)
        val expected = Regex("<div class=(?:chart|\"chart timeline\") id=\"([^\"]+)\">").findAll(html).map { it.groupValues[1] }.toList()
        assertTrue(expected.size >= 6, "a section's charts: $expected")
        open(report) { tab, console ->
            val charts = tab.charts()
            assertEquals(
                (expected + "explorer-chart" + "explorer-latency").sorted(),
                charts.map {
                    it["id"].toString()
                }.sorted(),
                "every chart placed in the page is drawn",
            )
            for (c in charts) {
                val series = (c["series"] as Double).toInt()
                assertTrue(series >= 1, "$c")
                assertEquals(series.toDouble(), c["legend"], "one legend entry per series: $c")
                assertEquals(emptyList<Any>(), c["missingColours"], "every series' colour is on the canvas: $c")
            }
            assertEquals(
                listOf("1", "4"),
                charts.first {
                    it["id"] == "webflux-presentations-throughput"
                }["levels"],
                "the x axis has the measured levels only",
            )
            // hover the first point of the explorer's first line
            val tip = tab.evaluate(
                """(function () { var u = pssrExplorer.plot(), i = u.data[1].findIndex(function (v) { return v != null; });
                u.setCursor({ left: u.valToPos(i, 'x'), top: u.valToPos(u.data[1][i], 'y') });
                var t = document.querySelector('#explorer-chart .pssr-tip'); return getComputedStyle(t).display === 'none' ? '' : t.textContent; })()""",
            ) as String
            for (part in listOf("throughput (req/s): ", "95% interval", "n = 2 repetitions", "CPU per request: server ")) {
                assertTrue(part in tip, "hover shows '$part': $tip")
            }
            assertEquals(emptyList<String>(), console, "no console error")
        }
    }

    @Test
    fun `at 1280 px the headline's answer is drawn first, as bars with whiskers, and nothing is wider than the page`() {
        open(real.report, width = 1280) { tab, console ->
            val answer = tab.charts().first { it["id"] == "answer-webflux-presentations" }
            val routes = (answer["levels"] as List<*>).map { it.toString() }.sorted()
            assertEquals(listOf("baseline/virtual", "jstachio/virtual"), routes, "a bar per route")
            assertEquals(emptyList<Any>(), answer["missingColours"], "the bars are on the canvas: $answer")
            assertEquals(
                "answer-webflux-presentations",
                tab.evaluate("document.querySelector('div.chart').id"),
                "the answer's chart is the page's first",
            )
            val wide = tab.evaluate(
                """Array.from(document.querySelectorAll('body *')).filter(function (e) {
                  // inside a box that scrolls sideways (a wide table) an element does not widen the page
                  for (var a = e.parentElement; a && a !== document.body; a = a.parentElement) {
                    if (getComputedStyle(a).overflowX !== 'visible') return false;
                  }
                  var r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 1 || r.left < -1);
                }).slice(0, 5).map(function (e) {
                  return e.tagName + (e.id ? '#' + e.id : '') + ' ' + Math.round(e.getBoundingClientRect().right);
                })""",
            )
            assertEquals(emptyList<Any>(), wide, "every element within the 1280 px viewport")
            assertEquals(true, tab.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page does not scroll sideways")
            assertEquals(false, tab.evaluate("document.getElementById('how').open"), "How to read this is folded away")
            assertEquals(emptyList<String>(), console)
        }
    }

    @Test
    fun `each route's resource timeline and the verification's routes are drawn, one series per resource and one per route`() {
        val html = Files.readString(real.report)
        val linked = Regex("<a href=\"#([^\"]+-timeline)\"").findAll(html).map { it.groupValues[1] }.toList()
        val verified = VerificationSection.sorted(real.checks()).filter { it.chunks > 0 }
        assertEquals(2, verified.size, "both routes verified: $verified")
        open(real.report) { tab, console ->
            val charts = tab.charts().associateBy { it["id"].toString() }
            assertEquals(
                listOf("webflux-presentations-baseline-virtual-timeline", "webflux-presentations-jstachio-virtual-timeline"),
                linked,
            )
            for (id in linked) {
                assertEquals(
                    listOf("CPU %", "GC % of time", "heap MB", "threads"),
                    charts.getValue(id)["names"],
                    "the route's table links here",
                )
            }
            val routes = charts.getValue("verification-webflux")["names"] as List<*>
            assertEquals(verified.map { "${it.model}/${it.engine}/${it.approach} (${it.verdict})" }, routes, "a row per verified route")
            assertEquals(emptyList<String>(), console)
        }
    }

    @Test
    fun `the explorer draws the latency distribution of the routes and levels it shows, and a filter changes it`() {
        open(real.report) { tab, console ->
            fun curves() = tab.charts().first { it["id"] == "explorer-latency" }["names"] as List<*>
            assertEquals(
                listOf("baseline/virtual @1", "jstachio/virtual @1", "baseline/virtual @4", "jstachio/virtual @4").sorted(),
                curves().map { it.toString() }.sorted(),
                "a curve per route and level",
            )
            tab.evaluate("document.querySelector('#explorer-controls input[data-k=users][value=\"1\"]').click()")
            assertEquals(listOf("baseline/virtual @4", "jstachio/virtual @4"), curves().map { it.toString() }.sorted(), "users 1 unticked")
            assertEquals(emptyList<String>(), console)
        }
    }

    @Test
    fun `a filter changes what the explorer draws, and the address keeps the view`() {
        val report = real.report
        val hash = open(report) { tab, console ->
            val before = tab.charts().first { it["id"] == "explorer-chart" }
            assertTrue((before["names"] as List<*>).any { "jstachio/virtual" in it.toString() }, "$before")
            tab.evaluate("document.querySelector('#explorer-controls input[data-k=engine][value=jstachio]').click()")
            val after = tab.charts().first { it["id"] == "explorer-chart" }
            assertEquals((before["series"] as Double) - 1, after["series"], "one line fewer: $before -> $after")
            assertTrue((after["names"] as List<*>).none { "jstachio" in it.toString() }, "$after")
            tab.evaluate(
                "var s = document.querySelector('#explorer-controls select'); s.value = 'p99'; s.dispatchEvent(new Event('change'))",
            )
            val hash = tab.evaluate("location.hash") as String
            assertTrue(hash.startsWith("#explore?metric=p99") && "engine=baseline&" in hash, hash)
            assertEquals(emptyList<String>(), console)
            hash
        }
        open(report, hash) { tab, console ->
            assertEquals("p99", tab.evaluate("pssrExplorer.view().metric"), "the shared address opens the same view")
            assertEquals(false, tab.evaluate("document.querySelector('#explorer-controls input[data-k=engine][value=jstachio]').checked"))
            assertEquals(emptyList<String>(), console)
        }
    }

    @Test
    fun `the printed page holds every table, folded ones included`() {
        open(real.report) { tab, _ ->
            val tables = (tab.evaluate("document.querySelectorAll('table').length") as Double).toInt()
            assertTrue(tables >= 10, "$tables tables")
            tab.send("Emulation.setEmulatedMedia", mapOf("media" to "print"))
            assertEquals(
                tables.toDouble(),
                tab.evaluate("Array.from(document.querySelectorAll('table')).filter(t => t.getClientRects().length > 0).length"),
                "every table is laid out in print, without opening a fold by script",
            )
            val pdf = tab.send("Page.printToPDF", mapOf("printBackground" to true), Duration.ofSeconds(60))["data"] as String
            assertTrue(pdf.length > 10_000, "a PDF was printed")
        }
    }

    @Test
    fun `each claim links to the chart and the rows it was judged on`() {
        val run = SyntheticRun.write(
            tmp.resolve("claims"),
            users = listOf(1, 2, 4, 8, 16, 32, 64, 128),
            repetitions = 2,
            engines = listOf("baseline", "htmlflow", "thymeleaf", "jstachio", "pebble"),
        )
        val html = Files.readString(Report.write(run))
        val links = Regex("<a class=evidence href=\"(#explore\\?claim=[^\"]+)\">").findAll(html).map { it.groupValues[1] }.toList()
        assertTrue(links.isNotEmpty(), "judged claims link to the explorer")
        assertTrue(html.contains("<a href=\"#claims\">Claims</a>"), "the claims are in the navigation bar")
        open(run.report) { tab, console ->
            for (link in links.take(4)) {
                val id = link.substringAfter("claim=")
                tab.evaluate("location.hash = '$link'")
                waitFor(tab, "document.getElementById('explorer-claim').textContent.indexOf('$id') >= 0")
                val state = tab.evaluate(
                    """({claim: document.getElementById('explorer-claim').textContent, judged: document.querySelectorAll('#explorer-rows tr.judged').length,
                    series: Number(document.getElementById('explorer-chart').getAttribute('data-series'))})""",
                ) as Map<*, *>
                assertTrue(state["claim"].toString().contains(id), "$link opens its claim: $state")
                assertTrue(
                    (state["judged"] as Double) >= 1 && (state["series"] as Double) >= 1,
                    "$link draws the chart and lists the rows it was judged on: $state",
                )
            }
            assertEquals(emptyList<String>(), console)
        }
    }
}
