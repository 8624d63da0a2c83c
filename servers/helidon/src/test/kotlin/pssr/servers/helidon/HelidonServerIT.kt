package pssr.servers.helidon

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.MethodOrderer
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestMethodOrder
import pssr.model.Model
import pssr.probe.ProbeResult
import pssr.servers.RouteTable
import pssr.servers.RoutesDocument
import pssr.servers.contract.ServerContract
import pssr.views.Approach

/**
 * The shared HTTP contract against the built jar (started as the harness starts it, [HelidonApp]), plus what is
 * specific to Helidon: the port line, the settings, one chunk per item with the flush, and nothing logged as an error.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation::class)
class HelidonServerIT : ServerContract() {
    override val port: Int get() = app.port
    override val routeTable = RouteTable(PageHandler.FRAMEWORK, PageHandler.APPROACHES, emptyMap()) { it == Approach.VIRTUAL_FLUSH }
    override fun serverLog() = app.logText()
    override fun launch(port: Int) = HelidonApp.command("${HelidonSettings.PORT}=$port", "pssr.warmup-renders=0")

    companion object {
        private lateinit var app: HelidonApp

        @BeforeAll @JvmStatic
        fun start() {
            app = HelidonApp.start("contract", "pssr.warmup-renders=1")
        }

        @AfterAll @JvmStatic
        fun stop() {
            if (::app.isInitialized) app.close()
        }

        fun describe(page: ProbeResult) = "first item at %.0f ms, last byte at %.0f ms, %d chunks %s"
            .format(page.firstItemMillis ?: -1.0, page.lastByteMillis, page.chunks.size, page.chunks.map { it.bytes })
    }

    @Test
    fun `the jar announces its port`() {
        assertTrue(app.logText().contains("pssr-server listening: helidon http://127.0.0.1:${app.port}"), app.logText())
    }

    @Test
    fun `settings report the version, write buffer, flushing, threads`() {
        val settings = RoutesDocument.parse(get("/routes").body).first().settings
        assertEquals("4.5.0", settings["helidon"])
        assertEquals("4096", settings["writeBufferBytes"])
        assertEquals(Runtime.version().toString(), settings["jdk"])
        assertEquals("1", settings["itemDelayMsDefault"])
        for (key in listOf("server", "threads", "flushPolicy", "firstWriteHeld")) assertNotNull(settings[key], key)
    }

    /** With the flush, the head and every item leave as their own chunk (plus the tail); without it, the page waits in the buffer. */
    @Test
    fun `virtual-flush sends one chunk per item, virtual holds the page in the write buffer`() {
        for (model in Model.all) {
            val items = model.items.size
            val flushed = get("/${model.id}/jstachio/virtual-flush?itemDelayMs=20", model.itemMarker)
            assertTrue(flushed.complete, flushed.error)
            assertTrue(flushed.chunks.size in items + 1..items + 2, "virtual-flush/${model.id}: ${describe(flushed)}")
            val held = get("/${model.id}/jstachio/virtual?itemDelayMs=20", model.itemMarker)
            assertTrue(held.complete, held.error)
            assertTrue(held.chunks.size <= 3, "virtual/${model.id}: ${describe(held)}")
        }
    }

    /** Runs last: everything above (64 concurrent requests per approach, hang-ups, failures) logged no error or stack trace. */
    @Test
    @Order(Int.MAX_VALUE)
    fun `nothing was logged as an error or with a stack trace`() {
        val errors = app.logText().lines().filter { it.contains(" SEVERE ") || it.contains("\tat ") || it.trimStart().startsWith("at ") }
        assertEquals(emptyList<String>(), errors)
    }
}
