package pssr.servers.contract

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import pssr.model.Model
import pssr.probe.ProbeResult
import pssr.probe.StreamProbe
import pssr.probe.Verdict
import pssr.servers.ListedRoute
import pssr.servers.RouteTable
import pssr.servers.RoutesDocument
import pssr.servers.ServerStartup
import pssr.testkit.ChildProcesses
import pssr.views.Golden
import pssr.views.HtmlNormalizer
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * The contract every pssr-bench server honours, as one test suite over real HTTP. A server's test class
 * starts the real server on a free loopback port and extends this with [port] and its [routeTable]; the
 * tests read `/routes` from the server itself, so every engine and approach is covered without listing them.
 */
abstract class ServerContract {
    protected abstract val port: Int

    /** The server's own route table, to check `/routes` against. */
    protected abstract val routeTable: RouteTable
    protected open val host: String = "127.0.0.1"

    /**
     * Busy threads of the server's platform render pool, where the test runs the server in-process and can
     * see the pool; `null` (the default) when it cannot, and then only the server's health after a hang-up is checked.
     */
    protected open fun busyRenderThreads(): Int? = null

    /**
     * Everything the server has logged so far (stdout and stderr), where the test can read it; `null` (the
     * default) skips the log checks.
     */
    protected open fun serverLog(): String? = null

    /** The server log's lines that name [path] (a failing assertion's context), or "none captured". */
    private fun logLines(path: String): String =
        serverLog()?.lines()?.filter { it.contains(path) }?.takeLast(5)?.joinToString(" | ")?.ifEmpty { null } ?: "none captured"

    /**
     * A new server process of this framework asked to listen on [port] (nothing else changed), for the start-up
     * failure checks; `null` (the default) skips them.
     */
    protected open fun launch(port: Int): ProcessBuilder? = null

    protected fun get(path: String, marker: String? = null): ProbeResult = StreamProbe.get(host, port, path, marker)

    /** Sends `GET path?itemDelayMs=100`, reads until the first item's marker has arrived, and closes the connection. */
    private fun hangUpAfterFirstItem(route: ListedRoute, beforeClosing: () -> Unit = {}) {
        Socket(host, port).use { socket ->
            socket.getOutputStream().write("GET ${route.path}?itemDelayMs=100 HTTP/1.1\r\nHost: $host\r\n\r\n".toByteArray())
            val seen = StringBuilder()
            val buf = ByteArray(8192)
            while (!seen.contains(route.model.itemMarker)) {
                val n = socket.getInputStream().read(buf)
                check(n > 0) { "${route.path}: connection closed before the first item" }
                seen.append(String(buf, 0, n))
            }
            beforeClosing()
        }
    }

    private val routes by lazy { RoutesDocument.parse(get("/routes").body) }

    @Test
    fun `routes lists exactly the route table, with streams claims and settings`() {
        val listed = get("/routes")
        assertEquals(200, listed.status)
        assertTrue(listed.header("content-type")!!.startsWith("application/json"), listed.header("content-type"))
        assertEquals(routeTable.routes.map { it.path to it.streams }.toSet(), routes.map { it.path to it.streams }.toSet())
        assertTrue(routes.all { it.settings.isNotEmpty() }, "every route carries the server's settings")
        assertEquals(routeTable.routes.associate { it.path to it.pool }, routes.associate { it.path to it.pool }, "each route's pool")
    }

    @TestFactory
    fun `every route answers 200 text-html chunked with the golden page`(): List<DynamicTest> = routes.map { route ->
        DynamicTest.dynamicTest(route.path) {
            val page = get(route.path)
            assertEquals(200, page.status, page.body.take(200))
            assertEquals("text/html;charset=utf-8", page.header("content-type")?.replace(" ", "")?.lowercase())
            assertTrue(page.chunked, "${route.path}: not chunked (${page.headers})")
            assertTrue(page.complete, "${route.path}: incomplete body: ${page.error}")
            assertEquals(Golden.of(route.model), HtmlNormalizer.normalize(page.body), route.path)
        }
    }

    /**
     * With 100 ms between items, a route that claims to stream delivers item 1's markup at least 700 ms
     * before the last byte of the 10-item presentations page; a route that claims not to stream does not.
     * Probes run in parallel so the suite stays short.
     */
    @TestFactory
    fun `every presentations route streams exactly when it claims to`(): List<DynamicTest> {
        val pages = routes.filter { it.model == Model.Presentations }
        val pool = Executors.newFixedThreadPool(8)
        val results = try {
            pages.map { r ->
                pool.submit(Callable { get("${r.path}?itemDelayMs=100", r.model.itemMarker) })
            }.map { it.get(60, TimeUnit.SECONDS) }
        } finally {
            pool.shutdownNow()
        }
        return pages.zip(results).map { (route, page) ->
            DynamicTest.dynamicTest(route.path) {
                val lead = page.lastByteMillis - (page.firstItemMillis ?: page.lastByteMillis)
                val verdict = Verdict.of(page, route.model.items.size, 100)
                val expected = if (route.streams) Verdict.STREAMS else Verdict.BUFFERED
                assertEquals(
                    expected,
                    verdict,
                    "${route.path} claims streams=${route.streams}: status ${page.status}, complete ${page.complete} " +
                        "(${page.error ?: "no read error"}), first item at ${page.firstItemMillis} ms, last byte at " +
                        "${page.lastByteMillis} ms (lead $lead ms), ${page.chunks.size} chunks, body ends " +
                        "'${page.body.takeLast(20).replace("\n", " ")}'; server log on it: ${logLines(route.path)}",
                )
                if (route.streams) assertTrue(lead >= 700, "${route.path}: item 1 only $lead ms before the last byte")
            }
        }
    }

    /** 64 concurrent requests to each approach's JStachio route (baseline where JStachio has none) all get the right page. */
    @TestFactory
    fun `64 concurrent requests per approach all return the correct page`(): List<DynamicTest> =
        routes.filter { it.model == Model.Presentations }.groupBy { it.approach }.map { (approach, rs) ->
            val route = rs.firstOrNull { it.engine == "jstachio" } ?: rs.first { it.engine == "baseline" }
            DynamicTest.dynamicTest("$approach: ${route.path}") {
                val pool = Executors.newFixedThreadPool(64)
                try {
                    val pages = (1..64).map { pool.submit(Callable { get(route.path) }) }.map { it.get(60, TimeUnit.SECONDS) }
                    val golden = Golden.of(route.model)
                    val bad = pages.count { it.status != 200 || !it.complete || HtmlNormalizer.normalize(it.body) != golden }
                    assertEquals(0, bad, "$bad of 64 responses were wrong on ${route.path}")
                } finally {
                    pool.shutdownNow()
                }
            }
        }

    @Test
    fun `unknown model, engine or approach is a 404 naming the valid values`() {
        val engine = get("/presentations/mustache/virtual")
        assertEquals(404, engine.status)
        assertTrue(engine.body.contains("valid engines:") && engine.body.contains("jstachio"), engine.body)
        assertFalse(engine.body.trim().contains("\n"), "one line: ${engine.body}")
        val model = get("/cars/jstachio/virtual")
        assertEquals(404, model.status)
        assertTrue(model.body.contains("valid models: presentations, stocks"), model.body)
        val approach = get("/presentations/jstachio/teleport")
        assertEquals(404, approach.status)
        assertTrue(approach.body.contains("valid approaches:"), approach.body)
    }

    @Test
    fun `paths outside the route shape are a one-line text 404`() {
        for (path in listOf("/", "/nope", "/presentations", "/presentations/jstachio", "/a/b/c/d")) {
            val page = get(path)
            assertEquals(404, page.status, path)
            assertTrue(page.header("content-type")!!.startsWith("text/plain"), "$path: ${page.header("content-type")}")
            assertEquals(1, page.body.trim().lines().size, page.body)
        }
        val badFail = get("${routes.first().path}?failAfterItems=x")
        assertEquals(400, badFail.status)
        assertTrue(badFail.body.contains("failAfterItems"), badFail.body)
    }

    /**
     * For each approach's streaming stocks route (2 s of items at 100 ms): a client that leaves after the first
     * item must end the render within 1 s — the next failed write stops it — rather than hold a render thread
     * for the rest of the page; and the server serves the next request as before.
     */
    @TestFactory
    fun `a client hanging up mid-page ends the render and the next request succeeds`(): List<DynamicTest> =
        routes.filter { it.model == Model.Stocks && it.streams }.groupBy { it.approach }.map { (approach, rs) ->
            val route = rs.firstOrNull { it.engine == "baseline" } ?: rs.first()
            DynamicTest.dynamicTest("$approach: ${route.path}") {
                hangUpAfterFirstItem(route) {
                    // blocking approaches render on the platform pool: the render under way holds one of its threads
                    if (approach.startsWith("blocking")) {
                        busyRenderThreads()?.let {
                            assertEquals(1, it, "${route.path}: renders under way")
                        }
                    }
                }
                val deadline = System.nanoTime() + 1_000_000_000L
                while ((busyRenderThreads() ?: 0) > 0 && System.nanoTime() < deadline) Thread.sleep(10)
                assertEquals(0, busyRenderThreads() ?: 0, "${route.path}: the render kept its thread after the client left")
                val next = get(route.path)
                assertEquals(200, next.status)
                assertEquals(Golden.of(route.model), HtmlNormalizer.normalize(next.body), route.path)
            }
        }

    /**
     * For each approach's streaming route of each engine that can render it async (Thymeleaf's data-driven mode
     * logged stack traces when wrk closed its connections) or else the baseline: a client leaving mid-page
     * leaves exactly one log line naming the page, and no stack trace.
     */
    @TestFactory
    fun `a client hanging up mid-page is one log line without a stack trace`(): List<DynamicTest> {
        serverLog() ?: return emptyList()
        return routes.filter { it.model == Model.Presentations && it.streams }.groupBy { it.approach }.map { (approach, rs) ->
            val route = rs.firstOrNull { it.engine == "thymeleaf" } ?: rs.first { it.engine == "baseline" }
            DynamicTest.dynamicTest("$approach: ${route.path}") {
                val before = serverLog()!!.length
                hangUpAfterFirstItem(route)
                val line = "client went away: ${route.path}?itemDelayMs=100"
                val deadline = System.nanoTime() + 3_000_000_000L
                while (!serverLog()!!.substring(before).contains(line) && System.nanoTime() < deadline) Thread.sleep(20)
                Thread.sleep(1200) // the rest of the page's items: anything the end of the render would log
                val logged = serverLog()!!.substring(before).lines().filter { it.isNotBlank() }
                assertEquals(1, logged.count { it.contains(line) }, "${route.path}: ${logged.joinToString("\n")}")
                val noise = logged.filter { it.trimStart().startsWith("at ") || (it.contains("Exception") && !it.contains(line)) }
                assertEquals(emptyList<String>(), noise, "${route.path}: stack trace lines")
            }
        }
    }

    @Test
    fun `a method other than GET on a page is a one-line 405`() {
        val path = routes.first().path
        for (method in listOf("POST", "PUT", "DELETE")) {
            val answer = request(method, path)
            assertTrue(answer.startsWith("HTTP/1.1 405"), "$method $path: ${answer.lineSequence().first()}")
            val body = answer.substringAfter("\r\n\r\n")
            assertTrue(body.contains("GET") && body.trim().lines().size == 1, "$method $path: one line naming GET: $body")
        }
    }

    /** A raw HTTP/1.1 request with `Connection: close`: the whole answer (status line, headers, body). */
    private fun request(method: String, path: String): String = Socket(host, port).use { socket ->
        socket.soTimeout = 10_000
        socket.getOutputStream().write(
            "$method $path HTTP/1.1\r\nHost: $host\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".toByteArray(),
        )
        String(socket.getInputStream().readAllBytes())
    }

    /** Starts [launch] on [port] with extra JVM [flags], waits at most 60 s for its exit: the code and the lines a failure report may
     * contain. */
    private fun failedStart(port: Int, vararg flags: String): Pair<Int, List<String>> {
        val builder = launch(port)!!
        val command = builder.command()
        builder.command(command.take(1) + flags + command.drop(1)) // after the java binary, before the main class or -jar
        val (code, out) = ChildProcesses.runToExit(builder)
        return code to ChildProcesses.failureLines(out)
    }

    /** A port out of range, and a port another process holds: the server prints one line saying why and exits with code 2. */
    @Test
    fun `a port out of range or already in use is one line and exit code 2`() {
        launch(70000) ?: return
        val (outOfRangeCode, outOfRange) = failedStart(70000)
        assertEquals(2, outOfRangeCode, outOfRange.joinToString("\n"))
        assertEquals(1, outOfRange.size, outOfRange.joinToString("\n"))
        assertTrue(outOfRange.single().contains("65535"), outOfRange.single())
        ServerSocket(0, 50, InetAddress.getByName(host)).use { taken ->
            val (inUseCode, inUse) = failedStart(taken.localPort)
            assertEquals(2, inUseCode, inUse.joinToString("\n"))
            assertEquals(1, inUse.size, inUse.joinToString("\n"))
            assertTrue(inUse.single().contains("port ${taken.localPort} is already in use"), inUse.single())
        }
    }

    /**
     * The port taken after the early check (here: the check switched off), so that the framework meets it itself while
     * it boots: still one line and exit code 2, whatever the framework does after its failure (Quarkus's stop can hang).
     */
    @Test
    fun `a port the framework itself finds taken is one line and exit code 2`() {
        launch(0) ?: return
        ServerSocket(0, 50, InetAddress.getByName(host)).use { taken ->
            val (code, lines) = failedStart(taken.localPort, "-D${ServerStartup.PORT_CHECK_PROPERTY}=false")
            assertEquals(2, code, lines.joinToString("\n"))
            assertEquals(1, lines.size, lines.joinToString("\n"))
            assertTrue(lines.single().contains("port ${taken.localPort} is already in use"), lines.single())
        }
    }

    @Test
    fun `item delay outside 0-1000 ms or not a number is a 400 with a reason`() {
        val path = routes.first().path
        for (bad in listOf("-1", "5000", "abc")) {
            val page = get("$path?itemDelayMs=$bad")
            assertEquals(400, page.status, "itemDelayMs=$bad")
            assertTrue(page.body.contains("itemDelayMs"), page.body)
            assertFalse(page.body.contains("Exception") || page.body.contains("\tat "), "no stack trace: ${page.body}")
        }
    }

    /** For each approach: a source that fails after 3 items aborts the response, and the next request is fine. */
    @TestFactory
    fun `a source failing mid-page aborts the response and the next request succeeds`(): List<DynamicTest> =
        routes.filter { it.model == Model.Presentations }.groupBy { it.approach }.map { (approach, rs) ->
            val route = rs.firstOrNull { it.engine == "htmlflow" } ?: rs.first()
            DynamicTest.dynamicTest("$approach: ${route.path}") {
                val broken = get("${route.path}?failAfterItems=3&itemDelayMs=5")
                assertFalse(
                    broken.complete && broken.body.contains("</html>"),
                    "${route.path}: a failed page looked complete (status ${broken.status})",
                )
                val next = get(route.path)
                assertEquals(200, next.status)
                assertTrue(next.complete)
                assertEquals(Golden.of(route.model), HtmlNormalizer.normalize(next.body))
            }
        }
}
