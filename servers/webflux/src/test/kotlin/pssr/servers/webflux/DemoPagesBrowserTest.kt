package pssr.servers.webflux

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.springframework.boot.SpringApplication
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import pssr.model.Model
import pssr.model.demo.WeatherData
import pssr.probe.StreamProbe
import pssr.probe.browser.Chromium
import pssr.probe.browser.PageLoad
import pssr.views.HtmlNormalizer
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.time.Duration

/**
 * The demo pages (docs/BROWSER.md) in a real headless Chromium, with their default delays: with PSSR on the
 * first contentful paint comes before the last data arrives and at least 1 s before PSSR off; both modes end
 * in the same DOM; the naive page's rows land outside its table. Plus the raw responses: the naive pages
 * write items after `</html>`, the suspending and virtual ones do not.
 *
 * Chromium tests are skipped, with the install command, where Chromium is not installed, except where
 * PSSR_REQUIRE_BROWSER is set (./pssr test installs Chromium, sets it): there they fail. About 30 s: one load per page x rendering x mode.
 */
class DemoPagesBrowserTest {
    private val streaming = listOf(DemoRendering.SUSPENDING, DemoRendering.VIRTUAL)

    private fun browser(): Chromium {
        // ./pssr test installs Chromium and sets PSSR_REQUIRE_BROWSER: there a missing Chromium fails instead of skipping.
        if (chromium == null && System.getenv("PSSR_REQUIRE_BROWSER") != null) {
            fail<Unit>("Chromium is not installed (PSSR_REQUIRE_BROWSER is set); install it with: ${Chromium.INSTALL_HINT}")
        }
        assumeTrue(chromium != null, "Chromium is not installed, browser test skipped; install it with: ${Chromium.INSTALL_HINT}")
        return chromium!!
    }

    private fun load(page: DemoPage, rendering: DemoRendering, pssr: Boolean): PageLoad = loads.getOrPut(Triple(page, rendering, pssr)) {
        browser().newPage().use { tab -> tab.load(url("/demo/${page.id}/${rendering.id}?pssr=${if (pssr) "on" else "off"}")) }
    }

    @Test
    fun `with PSSR on the first paint comes before the last item and at least 1 s before PSSR off`() {
        for (page in listOf(DemoPage.Weather, DemoPage.Presentations)) {
            for (rendering in streaming) {
                val last = page.lastDataAtMillis(page.defaultDelay)
                val on = load(page, rendering, true).firstContentfulPaintMs
                val off = load(page, rendering, false).firstContentfulPaintMs
                val what = "$page $rendering: FCP pssr=on $on ms, pssr=off $off ms, last item at $last ms"
                println(what)
                assertTrue(on != null && off != null, what)
                assertTrue(on!! < last, what)
                assertTrue(off!! - on >= 1000, what)
                assertTrue(off >= last, what)
            }
        }
    }

    @Test
    fun `the final DOM is the same with PSSR on and off`() {
        for (page in DemoPage.all) {
            for (rendering in streaming) {
                val on = HtmlNormalizer.normalize(load(page, rendering, true).dom)
                val off = HtmlNormalizer.normalize(load(page, rendering, false).dom)
                assertEquals(off, on, "$page $rendering")
            }
        }
    }

    @Test
    fun `the naive weather page shows its rows outside the table, as seed 002 Figure 5`() {
        val tab = browser().newPage()
        tab.use {
            it.load(url("/demo/weather/naive?itemDelayMs=100"))
            assertEquals(1.0, it.evaluate("document.querySelectorAll('table tr').length"), "only the header row is in the table")
            val body = it.evaluate("document.body.innerText") as String
            for (c in WeatherData.cities) assertTrue(body.contains(c.city), body)
            assertEquals(0.0, it.evaluate("document.querySelectorAll('td').length"), "the stray <td> tags are dropped by the parser")
        }
    }

    @Test
    fun `the naive pages write their items after the closing html tag, the streaming ones do not`() {
        fun afterEnd(path: String): String {
            val response = StreamProbe.get("127.0.0.1", port, path, timeout = Duration.ofSeconds(20))
            assertEquals(200, response.status, path)
            assertTrue(response.complete, path)
            val end = response.body.indexOf("</html>")
            assertTrue(end > 0, path)
            return response.body.substring(end + "</html>".length)
        }
        for (page in listOf(DemoPage.Weather, DemoPage.Presentations)) {
            val marker = if (page == DemoPage.Weather) "<tr><td>" else Model.Presentations.itemMarker
            val items = if (page == DemoPage.Weather) WeatherData.cities.size else Model.Presentations.items.size
            val stray = afterEnd("/demo/${page.id}/naive?itemDelayMs=20")
            assertEquals(items, stray.split(marker).size - 1, "naive $page: every item after </html>: $stray")
            for (rendering in streaming) {
                for (pssr in listOf("on", "off")) {
                    assertEquals(
                        "",
                        afterEnd("/demo/${page.id}/${rendering.id}?pssr=$pssr&itemDelayMs=20").trim(),
                        "$page $rendering pssr=$pssr",
                    )
                }
            }
        }
    }

    @Test
    fun `bad demo requests are refused with one line`() {
        assertEquals(404, StreamProbe.get("127.0.0.1", port, "/demo/nope/virtual").status)
        assertEquals(404, StreamProbe.get("127.0.0.1", port, "/demo/artist/naive").status)
        assertEquals(400, StreamProbe.get("127.0.0.1", port, "/demo/weather/virtual?pssr=maybe").status)
        assertEquals(400, StreamProbe.get("127.0.0.1", port, "/demo/weather/naive?pssr=off").status)
        assertEquals(400, StreamProbe.get("127.0.0.1", port, "/demo/weather/virtual?itemDelayMs=5000").status)
        assertEquals(200, StreamProbe.get("127.0.0.1", port, "/demo").status)
    }

    companion object {
        private lateinit var context: ConfigurableApplicationContext
        private var port = 0
        private var chromium: Chromium? = null
        private val loads = HashMap<Triple<DemoPage, DemoRendering, Boolean>, PageLoad>()

        fun url(path: String) = "http://127.0.0.1:$port$path"

        @JvmStatic
        @BeforeAll
        fun start() {
            // No start-up warm-up of the 50 benchmark routes: only the demo pages are warmed, below.
            context = SpringApplication.run(WebfluxServer::class.java, "--server.port=0", "--pssr.warm-up=false")
            port = (context as WebServerApplicationContext).webServer!!.port
            for (page in DemoPage.all) {
                for (rendering in DemoRendering.entries.filter { page.supports(it) }) {
                    for (pssr in if (rendering == DemoRendering.NAIVE) listOf("on") else listOf("on", "off")) {
                        StreamProbe.get("127.0.0.1", port, "/demo/${page.id}/${rendering.id}?pssr=$pssr&itemDelayMs=0")
                    }
                }
            }
            chromium = Chromium.executable()?.let { Chromium.launch(it) }
        }

        @JvmStatic
        @AfterAll
        fun stop() {
            chromium?.close()
            context.close()
        }
    }
}
