package pssr.servers.stockviews

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.boot.WebApplicationType
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.web.server.context.WebServerApplicationContext
import pssr.model.Model
import pssr.probe.ProbeResult
import pssr.probe.StreamProbe
import pssr.probe.Verdict
import pssr.views.Golden
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * JTE's own Spring views (`jte-spring-boot-starter-4`), each in a Boot application configured as the starter's README says
 * (precompiled templates: the registry's own, `views/src/main/jte`), serving the Presentations page from the same blocking
 * `Iterable` the registry's virtual and blocking routes render, at 100 ms per item, read by the probe `./pssr verify` uses.
 * What they do is measured, not assumed: servers/webflux/NOTES.md and servers/mvc/NOTES.md say why.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class JteStockViewsTest {
    private val model = Model.Presentations

    /** Starts [app] on a free loopback port, GETs its page, stops it. */
    private fun measure(app: Class<*>, type: WebApplicationType): ProbeResult {
        val context = SpringApplicationBuilder(app).web(type)
            .properties("server.address=127.0.0.1", "server.port=0", "gg.jte.usePrecompiledTemplates=true")
            .run()
        context.use {
            val port = (it as WebServerApplicationContext).webServer!!.port
            return StreamProbe.get("127.0.0.1", port, "/presentations", model.itemMarker, Duration.ofSeconds(30))
        }
    }

    private fun assertBuffered(page: ProbeResult, view: String) {
        val timeline =
            "first byte ${page.firstByteMillis} ms, first item ${page.firstItemMillis} ms, last byte ${page.lastByteMillis} ms, " +
                "${page.chunks.size} chunks"
        println("$view measured: $timeline") // what NOTES.md quotes
        assertEquals(200, page.status, page.body.take(300))
        assertTrue(Golden.matches(model, page.body), "the golden page")
        assertEquals(Verdict.BUFFERED, Verdict.of(page, model.items.size, DELAY_MS), timeline)
    }

    @Test
    fun `WebFlux's ReactiveJteView renders the whole page into one buffer before the first byte`() {
        val page = measure(ReactiveApp::class.java, WebApplicationType.REACTIVE)
        assertBuffered(page, "ReactiveJteView")
        // the first byte waited for the last item (the 10th arrives 1,000 ms after the request)
        assertTrue(page.firstByteMillis >= model.items.size * DELAY_MS, "first byte at ${page.firstByteMillis} ms")
    }

    @Test
    fun `MVC's JteView writes as it renders but never flushes, so Tomcat's buffer holds the page until it fills`() {
        val page = measure(ServletApp::class.java, WebApplicationType.SERVLET)
        assertBuffered(page, "JteView")
        // the 9.9 KB page fills Tomcat's 8 KB buffer late: nothing reaches the client before most items have arrived
        assertTrue(page.firstByteMillis >= 0.5 * model.items.size * DELAY_MS, "first byte at ${page.firstByteMillis} ms")
    }
}
