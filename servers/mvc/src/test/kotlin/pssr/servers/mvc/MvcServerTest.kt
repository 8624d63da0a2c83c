package pssr.servers.mvc

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.springframework.boot.SpringApplication
import org.springframework.boot.web.server.servlet.context.ServletWebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor
import pssr.model.Model
import pssr.servers.RouteTable
import pssr.servers.RoutesDocument
import pssr.servers.contract.ConsoleCapture
import pssr.servers.contract.ServerContract
import pssr.views.Golden
import pssr.views.HtmlNormalizer
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** The shared HTTP contract against the real MVC application on a free port, plus what is specific to MVC. */
class MvcServerTest : ServerContract() {
    override val port: Int get() = serverPort
    override val routeTable: RouteTable get() = context.getBean(RouteTable::class.java)

    companion object {
        private lateinit var context: ConfigurableApplicationContext
        private var serverPort = 0
        private val portFile: Path = Files.createTempDirectory("pssr-mvc").resolve("port")

        @BeforeAll @JvmStatic
        fun start() {
            ConsoleCapture.start()
            context = SpringApplication.run(MvcServer::class.java, "--server.port=0", "--pssr.port-file=$portFile")
            serverPort = (context as ServletWebServerApplicationContext).webServer!!.port
        }

        @AfterAll @JvmStatic
        fun stop() {
            context.close()
            Files.deleteIfExists(portFile)
        }
    }

    private val pool get() = context.getBean("platformRenderPool", ThreadPoolTaskExecutor::class.java)
    override fun busyRenderThreads() = pool.activeCount
    override fun serverLog() = ConsoleCapture.text()
    override fun launch(port: Int) = ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp",
        System.getProperty("java.class.path"),
        "pssr.servers.mvc.MvcServerKt",
        "--server.port=$port",
        "--pssr.warmup-renders=0",
    )

    @Test
    fun `port 0 is announced in the port file`() {
        assertEquals(serverPort.toString(), Files.readString(portFile))
    }

    @Test
    fun `settings report the executors, Tomcat limits, buffer and flushing`() {
        val settings = RoutesDocument.parse(get("/routes").body).first().settings
        assertEquals("256", settings["blockingPoolSize"])
        assertEquals("8192", settings["responseBufferBytes"])
        assertEquals("200", settings["tomcatMaxThreads"])
        assertEquals("256", settings["tomcatAcceptCount"])
        assertEquals("-1", settings["tomcatMaxKeepAliveRequests"])
        assertEquals("1", settings["itemDelayMsDefault"])
        assertEquals(Runtime.version().toString(), settings["jdk"])
        for (key in listOf("blockingExecutor", "virtualExecutor", "flushPerItem", "tomcatMaxConnections")) assertNotNull(settings[key], key)
        assertEquals(256, pool.corePoolSize)
        assertEquals(256, pool.maxPoolSize)
    }

    @Test
    fun `flush routes send one chunk for the head and one per item`() {
        for (approach in listOf("blocking-flush", "virtual-flush")) {
            for (model in Model.all) {
                val page = get("/${model.id}/jstachio/$approach?itemDelayMs=20", model.itemMarker)
                assertTrue(page.complete, page.error)
                val items = model.items.size
                // head, one chunk per item, and the page's tail after the last item
                assertTrue(page.chunks.size in items + 1..items + 2, "$approach/${model.id}: ${page.chunks.size} chunks for $items items")
            }
        }
    }

    @Test
    fun `non-flush routes hold the page in Tomcat's 8 KB buffer`() {
        for (approach in listOf("blocking", "virtual")) {
            // presentations: about 9 KB, so one full buffer leaves near the end, then the rest
            val presentations = get("/presentations/jstachio/$approach?itemDelayMs=50", Model.Presentations.itemMarker)
            assertTrue(presentations.complete, presentations.error)
            assertEquals(8192, presentations.chunks.first().bytes, "$approach: ${presentations.chunks}")
            assertEquals(2, presentations.chunks.size, "$approach: ${presentations.chunks}")
            assertTrue(presentations.firstByteMillis > 7 * 50, "$approach: first byte at ${presentations.firstByteMillis} ms")
            // stocks: about 6 KB, all of it in one chunk once the page is done
            val stocks = get("/stocks/jstachio/$approach?itemDelayMs=10", Model.Stocks.itemMarker)
            assertTrue(stocks.complete, stocks.error)
            assertEquals(1, stocks.chunks.size, "$approach: ${stocks.chunks}")
            assertTrue(stocks.firstByteMillis > 19 * 10, "$approach: first byte at ${stocks.firstByteMillis} ms")
        }
    }

    @Test
    fun `blocking routes render on the platform pool, virtual routes do not`() {
        val busy = Executors.newSingleThreadExecutor()
        try {
            for ((approach, expected) in listOf("blocking" to 1, "blocking-flush" to 1, "virtual" to 0, "virtual-flush" to 0)) {
                val page = busy.submit(Callable { get("/stocks/baseline/$approach?itemDelayMs=20") })
                Thread.sleep(200) // mid-page: 20 items take 400 ms
                assertEquals(expected, pool.activeCount, "$approach: active platform render threads mid-page")
                assertEquals(200, page.get(10, TimeUnit.SECONDS).status)
            }
        } finally {
            busy.shutdownNow()
        }
    }

    @Test
    fun `more blocking renders than pool threads wait for a thread and all complete`() {
        val threads = pool.maxPoolSize
        val clients = Executors.newFixedThreadPool(threads + 16)
        try {
            val pages = (1..threads + 16).map { clients.submit(Callable { get("/stocks/baseline/blocking-flush?itemDelayMs=5") }) }
                .map { it.get(30, TimeUnit.SECONDS) }
            assertEquals(0, pages.count { it.status != 200 || HtmlNormalizer.normalize(it.body) != Golden.of(Model.Stocks) })
            assertTrue(pool.threadPoolExecutor.largestPoolSize <= threads, "pool grew to ${pool.threadPoolExecutor.largestPoolSize}")
        } finally {
            clients.shutdownNow()
        }
    }

    @Test
    fun `a failure before the buffer filled is a one-line 500, after the response started an abort`() {
        for (approach in listOf("blocking", "virtual")) {
            val early = get("/presentations/jstachio/$approach?failAfterItems=3&itemDelayMs=5")
            assertEquals(500, early.status, "$approach: ${early.body}")
            assertTrue(early.header("content-type")!!.startsWith("text/plain"), early.header("content-type"))
            assertTrue(early.complete)
            assertEquals(1, early.body.trim().lines().size, early.body)
            assertFalse(early.body.contains("Exception") || early.body.contains("\tat "), early.body)
        }
        for (approach in listOf("blocking-flush", "virtual-flush")) {
            val late = get("/presentations/jstachio/$approach?failAfterItems=3&itemDelayMs=5", Model.Presentations.itemMarker)
            assertEquals(200, late.status)
            assertFalse(late.complete, "$approach: a failed page ended with the terminating chunk")
            assertNotNull(late.firstItemMillis, "$approach: items before the failure were sent")
            assertFalse(late.body.contains("</html>"))
        }
        // non-flush, but past the 8 KB buffer when the source fails: committed, so aborted too
        val overflowed = get("/presentations/jstachio/blocking?failAfterItems=9&itemDelayMs=5")
        assertEquals(200, overflowed.status)
        assertFalse(overflowed.complete, "a failed page ended with the terminating chunk")
        assertTrue(overflowed.body.length >= 8192, "what was rendered is sent before the abort: ${overflowed.body.length} bytes")
    }
}
