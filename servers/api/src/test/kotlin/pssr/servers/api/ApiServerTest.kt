package pssr.servers.api

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import pssr.model.api.Orders
import pssr.model.api.Products
import pssr.servers.spring.SpringServer
import pssr.testkit.ChildProcesses
import java.net.InetAddress
import java.net.ServerSocket
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path

/**
 * Every variant over real HTTP: the same products JSON as one golden response, the same forward answer as another
 * (through a real downstream on loopback), and a downstream that is down, too slow or failing answered as an error
 * of its own status, never as a fast success.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiServerTest {
    private val http = HttpClient.newHttpClient()
    private val downstream = Downstream.start("127.0.0.1", 0, Downstream.Settings(latencyMs = 20, failStatus = 0, eventLoops = 1))
    private val downstreamUrl = "http://127.0.0.1:${downstream.port()}"

    @AfterAll
    fun stop() {
        downstream.disposeNow()
    }

    private fun golden(name: String): String = Files.readString(Path.of("src/test/resources/golden/$name")).trimEnd('\n')

    private fun start(variant: Variant, vararg extra: String): ConfigurableApplicationContext = SpringServer.application(
        ApiServer::class.java,
        SpringServer.Stack(variant.framework, virtualThreads = variant.threads == "virtual"),
    ).run(
        "--server.port=0",
        "--pssr.api.variant=${variant.id}",
        *extra,
        // a setting given twice on Spring's command line becomes "a,b": the default downstream only when none was given
        *(
            if (extra.none {
                    it.startsWith("--pssr.forward.downstream-url=")
                }
            ) {
                arrayOf("--pssr.forward.downstream-url=$downstreamUrl")
            } else {
                emptyArray()
            }
            ),
    )

    private fun get(ctx: ConfigurableApplicationContext, path: String): HttpResponse<String> {
        val port = (ctx as WebServerApplicationContext).webServer!!.port
        return http.send(HttpRequest.newBuilder(URI("http://127.0.0.1:$port$path")).build(), HttpResponse.BodyHandlers.ofString())
    }

    /** This server's own JVM, as the harness starts it, asked to listen on [port] with these extra arguments. */
    private fun launch(port: Int, vararg flags: String) = ProcessBuilder(
        listOf(Path.of(System.getProperty("java.home"), "bin", "java").toString()) +
            flags + listOf("-cp", System.getProperty("java.class.path"), "pssr.servers.api.ApiServerKt", "--server.port=$port"),
    )

    /**
     * A port another process holds: one line and exit code 2 for the api server (each framework) and the downstream, both when the
     * early check finds it and when the framework meets it itself (the check off), never Spring's "APPLICATION FAILED TO START".
     */
    @Test
    fun `a port already in use is one line and exit code 2, for the api server and the downstream`() {
        ServerSocket(0, 50, InetAddress.getByName("127.0.0.1")).use { taken ->
            for (role in listOf("--pssr.api.variant=mvc", "--pssr.api.variant=webflux", "--pssr.api.role=downstream")) {
                for (check in listOf("true", "false")) {
                    val builder = launch(taken.localPort, "-Dpssr.port-check=$check").apply { command().add(role) }
                    val (code, out) = ChildProcesses.runToExit(builder)
                    val lines = ChildProcesses.failureLines(out)
                    assertEquals(2, code, "$role, check $check: ${out.joinToString("\n")}")
                    assertEquals(1, lines.size, "$role, check $check: ${lines.joinToString("\n")}")
                    assertTrue(lines.single().contains("port ${taken.localPort} is already in use"), lines.single())
                }
            }
        }
    }

    @Test
    fun `the golden responses are what the model computes`() {
        assertEquals(golden("products-page0.json"), Products.expectedJson(Products.DEFAULT_ROWS, 0, Products.DEFAULT_PAGE_SIZE))
        assertEquals(golden("forward-answer.json"), Orders.answer(Orders.payload(Orders.DEFAULT_ITEMS)))
    }

    @Test
    fun `every variant answers the golden products page and the golden forward answer, and lists its settings`() {
        for (variant in Variant.entries) {
            start(variant).use { ctx ->
                val products = get(ctx, "/api/products?page=0")
                assertEquals(200, products.statusCode(), variant.id)
                assertEquals(golden("products-page0.json"), products.body(), "${variant.id}: /api/products")
                val forward = get(ctx, "/api/forward")
                assertEquals(200, forward.statusCode(), "${variant.id}: ${forward.body()}")
                assertEquals(golden("forward-answer.json"), forward.body(), "${variant.id}: /api/forward")
                val routes = get(ctx, "/routes").body()
                for (setting in if (variant.reactive) {
                    listOf("nettyEventLoops", "r2dbcPoolSize", "clientPoolSize", "gzip")
                } else {
                    listOf(
                        "tomcatMaxThreads",
                        "tomcatAcceptCount",
                        "hikariMaximumPoolSize",
                        "hikariMinimumIdle",
                        "executorCore",
                        "clientPoolSize",
                        "gzip",
                    )
                }) {
                    assertTrue(routes.contains("\"$setting\":"), "${variant.id}: /routes lacks $setting: $routes")
                }
                assertEquals(400, get(ctx, "/api/products?size=0").statusCode())
            }
        }
    }

    @Test
    fun `a downstream that is down, too slow or failing is an error of its own status, never a fast success`() {
        val slow = Downstream.start("127.0.0.1", 0, Downstream.Settings(latencyMs = 1500, failStatus = 0, eventLoops = 1))
        val failing = Downstream.start("127.0.0.1", 0, Downstream.Settings(latencyMs = 0, failStatus = 500, eventLoops = 1))
        // a port freed after the downstreams bound theirs: freed before, the OS once gave it to the failing one (502, not 503)
        val closedPort = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
        try {
            for (variant in listOf(Variant.MVC, Variant.MVC_VIRTUAL, Variant.WEBFLUX)) {
                for ((url, status) in listOf(
                    "http://127.0.0.1:$closedPort" to 503,
                    "http://127.0.0.1:${slow.port()}" to 504,
                    "http://127.0.0.1:${failing.port()}" to 502,
                )) {
                    start(variant, "--pssr.forward.downstream-url=$url", "--pssr.forward.response-timeout-ms=300").use { ctx ->
                        val t0 = System.nanoTime()
                        val r = get(ctx, "/api/forward")
                        val ms = (System.nanoTime() - t0) / 1_000_000
                        assertEquals(status, r.statusCode(), "${variant.id} against $url: ${r.body()}")
                        assertTrue(!r.body().contains("\"accepted\""), r.body())
                        if (status == 504) {
                            assertTrue(ms >= 300, "${variant.id}: a timeout answered after $ms ms, before the 300 ms timeout")
                        }
                    }
                }
            }
        } finally {
            slow.disposeNow()
            failing.disposeNow()
        }
    }
}
