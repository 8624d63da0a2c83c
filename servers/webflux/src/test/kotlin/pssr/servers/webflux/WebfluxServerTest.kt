package pssr.servers.webflux

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.springframework.boot.SpringApplication
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.env.MapPropertySource
import org.springframework.core.env.StandardEnvironment
import pssr.model.Model
import pssr.servers.RouteTable
import pssr.servers.RoutesDocument
import pssr.servers.contract.ConsoleCapture
import pssr.servers.contract.ServerContract
import java.nio.file.Files
import java.nio.file.Path

/**
 * The real server (Spring Boot, Reactor Netty) on a free loopback port, with its default settings,
 * against the shared [ServerContract]; plus what only this server has: port file, settings, pool reuse.
 */
class WebfluxServerTest : ServerContract() {
    override val port: Int get() = serverPort
    override val routeTable: RouteTable get() = handler.routeTable
    override fun busyRenderThreads() = handler.blockingPool.activeCount
    override fun serverLog() = ConsoleCapture.text()
    override fun launch(port: Int) = ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp",
        System.getProperty("java.class.path"),
        "pssr.servers.webflux.WebfluxServerKt",
        "--server.port=$port",
        "--pssr.warm-up=false",
    )

    @Test
    fun `the port file holds the bound port`() {
        assertEquals(serverPort.toString(), Files.readString(portFile))
    }

    @Test
    fun `routes report the default settings`() {
        val settings = RoutesDocument.parse(get("/routes").body).first().settings
        assertEquals("256", settings["blockingPoolSize"])
        assertEquals("1", settings["thymeleafDataDriverBufferSize"])
        assertEquals("1", settings["itemDelayMsDefault"])
        assertEquals("true", settings["warmUp"])
        assertTrue(settings["flushPolicy"]!!.startsWith("per-item"), settings.toString())
        assertEquals(Runtime.version().toString(), settings["jdk"])
        assertEquals(256, handler.blockingPool.maximumPoolSize)
    }

    @Test
    fun `properties are read and validated`() {
        fun settings(vararg props: Pair<String, Any>) = WebfluxSettings.from(
            StandardEnvironment().apply {
                propertySources.addFirst(MapPropertySource("test", mapOf(*props)))
            },
        )
        val s = settings(
            "pssr.blocking-pool-size" to "8",
            "pssr.thymeleaf-buffer" to "10",
            "pssr.item-delay-ms" to "5",
            "pssr.port-file" to "",
        )
        assertEquals(8, s.blockingPoolSize)
        assertEquals(10, s.engines.thymeleafDataDriverBufferSize)
        assertEquals(5, s.itemDelay.millis)
        assertEquals(null, s.portFile)
        assertTrue(s.warmUp)
        assertFalse(settings("pssr.warm-up" to "false").warmUp)
        assertThrows(IllegalArgumentException::class.java) { settings("pssr.blocking-pool-size" to "0") }
        assertThrows(IllegalArgumentException::class.java) { settings("pssr.item-delay-ms" to "5000") }
    }

    /**
     * The flushing policy on the wire: one HTTP chunk for the head, one per item, one for the tail — items
     * are neither split into per-`write()` chunks nor coalesced — whichever approach renders the page.
     */
    @Test
    fun `each approach sends one item-sized chunk per item`() {
        val items = Model.Presentations.items.size
        for (path in listOf(
            "/presentations/htmlflow/reactive",
            "/presentations/thymeleaf/reactive",
            "/presentations/htmlflow/suspending",
            "/presentations/jstachio/virtual",
            "/presentations/jstachio/blocking",
        )) {
            val page = get("$path?itemDelayMs=20", Model.Presentations.itemMarker)
            assertTrue(page.complete, path)
            assertEquals(items + 2, page.chunks.size, "$path: chunk sizes ${page.chunks.map { it.bytes }}")
            assertTrue(page.chunks.drop(1).dropLast(1).all { it.bytes > 500 }, "$path: chunk sizes ${page.chunks.map { it.bytes }}")
        }
    }

    companion object {
        private lateinit var context: ConfigurableApplicationContext
        private lateinit var handler: PageHandler
        private var serverPort = 0
        private val portFile: Path = Files.createTempDirectory("pssr-webflux").resolve("port")

        @JvmStatic
        @BeforeAll
        fun start() {
            ConsoleCapture.start()
            context = SpringApplication.run(WebfluxServer::class.java, "--server.port=0", "--pssr.port-file=$portFile")
            serverPort = (context as WebServerApplicationContext).webServer!!.port
            handler = context.getBean(PageHandler::class.java)
        }

        @JvmStatic
        @AfterAll
        fun stop() {
            context.close()
        }
    }
}
