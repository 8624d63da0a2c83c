package pssr.servers.quarkus

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.MethodOrderer
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestMethodOrder
import pssr.model.Model
import pssr.probe.ProbeResult
import pssr.probe.StreamProbe
import pssr.probe.Verdict
import pssr.servers.RouteTable
import pssr.servers.RoutesDocument
import pssr.servers.contract.ServerContract
import pssr.views.Golden
import pssr.views.HtmlNormalizer

/**
 * The shared HTTP contract against the built Quarkus application (quarkus-run.jar, prod profile, started
 * as the harness starts it), plus what is specific to Quarkus: the prod profile and port file, settings,
 * the threads of each approach, chunking through the 512-byte output buffer, and — checked last — that no
 * Vert.x event loop was blocked while all of the above ran.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation::class)
class QuarkusServerIT : ServerContract() {
    override val port: Int get() = app.port

    // the jar's default pool (application.properties: pssr.blocking-pool-size=256)
    override val routeTable = RouteTable(Pages.FRAMEWORK, Pages.APPROACHES, emptyMap(), pool = Pages.workerPool(256))
    override fun serverLog() = app.logText()
    override fun launch(port: Int) = QuarkusApp.command(QuarkusApp.DEFAULT_JAR, "quarkus.http.port=$port", "pssr.warmup-renders=0")

    companion object {
        private lateinit var app: QuarkusApp

        @BeforeAll @JvmStatic
        fun start() {
            app = QuarkusApp.start("contract", "pssr.warmup-renders=1")
        }

        @AfterAll @JvmStatic
        fun stop() {
            if (::app.isInitialized) app.close()
        }

        fun describe(page: ProbeResult) = "first item at %.0f ms, last byte at %.0f ms, %d chunks %s"
            .format(page.firstItemMillis ?: -1.0, page.lastByteMillis, page.chunks.size, page.chunks.map { it.bytes })
    }

    @Test
    fun `the built application runs in the prod profile and announces its port`() {
        val log = app.logText()
        assertTrue(log.contains("Profile prod activated"), log)
        assertTrue(log.contains("pssr-server-quarkus: profile prod"), log)
        assertTrue(log.contains("pssr-server listening: quarkus http://127.0.0.1:${app.port}"), log)
    }

    @Test
    fun `settings report the output buffer, worker pool, flushing, threads and versions`() {
        val settings = RoutesDocument.parse(get("/routes").body).first().settings
        assertEquals("512", settings["outputBufferBytes"])
        assertEquals("true", settings["flushPerItem"])
        assertEquals("256", settings["workerPoolSize"])
        assertEquals("3.37.0", settings["quarkus"])
        assertEquals("prod", settings["profile"])
        assertEquals(Runtime.version().toString(), settings["jdk"])
        assertEquals("1", settings["itemDelayMsDefault"])
        for (key in listOf("vertx", "blockingThreads", "virtualThreads", "reactiveThreads", "flushPolicy", "eventLoops")) {
            assertNotNull(settings[key], key)
        }
    }

    /** The abort log line names the thread that rendered: worker pool, virtual thread, RxJava timer — never the event loop. */
    @Test
    fun `each approach renders on its own kind of thread`() {
        val expected = mapOf(
            "blocking" to "(executor-thread-",
            "virtual" to "(quarkus-virtual-thread-",
            "reactive" to "(RxComputationThreadPool-",
        )
        for ((approach, thread) in expected) {
            val path = "/stocks/baseline/$approach"
            get("$path?failAfterItems=2&itemDelayMs=1")
            val deadline = System.nanoTime() + 5_000_000_000
            var line: String? = null
            while (line == null && System.nanoTime() < deadline) {
                line = app.logText().lines().lastOrNull { it.contains("page aborted: $path?") }
                if (line == null) Thread.sleep(50)
            }
            assertNotNull(line, "no abort line for $path")
            assertTrue(line!!.contains(thread), "$approach rendered on another thread: $line")
            assertFalse(line.contains("eventloop"), line)
        }
    }

    /**
     * With per-item flushing every item leaves as soon as it is rendered. Blocking and virtual pages go
     * through Quarkus REST's 512-byte output buffer, which sends a longer item as several chunks of at
     * most 512 bytes; the reactive Multi writes each item as one chunk.
     */
    @Test
    fun `items are flushed one by one, through the 512-byte buffer for StreamingOutput`() {
        for (model in Model.all) {
            val items = model.items.size
            for (approach in listOf("blocking", "virtual")) {
                val page = get("/${model.id}/jstachio/$approach?itemDelayMs=20", model.itemMarker)
                assertTrue(page.complete, page.error)
                assertTrue(page.chunks.all { it.bytes <= 512 }, "$approach/${model.id}: ${describe(page)}")
                assertTrue(page.chunks.size >= items + 1, "$approach/${model.id}: ${describe(page)}")
            }
            val reactive = get("/${model.id}/htmlflow/reactive?itemDelayMs=20", model.itemMarker)
            assertTrue(reactive.complete, reactive.error)
            // head (the first markupReady), one chunk per item, the tail
            assertTrue(reactive.chunks.size in items + 1..items + 2, "reactive/${model.id}: ${describe(reactive)}")
        }
    }

    /** Runs last: everything above (including 64 concurrent requests per approach) ran without blocking an event loop. */
    @Test
    @Order(Int.MAX_VALUE)
    fun `no Vert_x event loop was blocked and nothing was logged as an error`() {
        assertEquals(emptyList<String>(), app.eventLoopComplaints())
        val errors = app.logText().lines().filter { it.contains(" ERROR ") || it.contains("\tat ") }
        assertEquals(emptyList<String>(), errors)
    }
}
