package pssr.bench.load

import com.sun.net.httpserver.HttpServer
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.bench.cli.ProbeRun
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Executors

/** `./pssr load` on a URL it cannot load: one line, exit code 2, before any load (no load.csv), within the --timeout bound. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoadBadInputTest {
    private val server = HttpServer.create(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0).apply {
        executor = Executors.newVirtualThreadPerTaskExecutor()
        createContext("/page") { ex ->
            ex.responseHeaders.add("Content-Type", "text/html")
            ex.sendResponseHeaders(200, 0)
            ex.responseBody.use { it.write("<html><p>page</p></html>".toByteArray()) }
        }
        createContext("/moved") {
            it.responseHeaders.add("Location", "/page")
            it.sendResponseHeaders(302, -1)
            it.close()
        }
        createContext("/missing") { ex ->
            ex.responseHeaders.add("Content-Type", "text/html")
            ex.sendResponseHeaders(404, 0)
            ex.responseBody.use { it.write("<p>no</p>".toByteArray()) }
        }
        createContext("/forever") { ex ->
            ex.responseHeaders.add("Content-Type", "text/html")
            ex.sendResponseHeaders(200, 0)
            ex.responseBody.use { body ->
                while (true) {
                    Thread.sleep(100)
                    body.write("<p>more</p>".toByteArray())
                    body.flush()
                }
            }
        }
        start()
    }
    private val base = "http://127.0.0.1:${server.address.port}"

    @TempDir lateinit var dir: Path

    @AfterAll
    fun stop() = server.stop(0)

    private fun assertRefused(expected: String, vararg url: String) {
        val out = dir.resolve("out")
        val run = ProbeRun.of("load", *url, "--timeout", "2", "--out", out.toString())
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(run.err.startsWith("pssr: ") && expected in run.err, "expected '$expected' in: ${run.err}")
        assertFalse(Files.exists(out.resolve("load.csv")), "no load may start")
        assertTrue(run.millis < 15_000, "took ${run.millis} ms")
    }

    @Test fun `not a URL`() = assertRefused("not an http(s) URL: 'localhost:8080/page'", "localhost:8080/page")

    @Test fun `a refused connection`() {
        val free = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
        assertRefused("cannot connect to 127.0.0.1:$free", "http://127.0.0.1:$free/page")
    }

    @Test fun `a status other than 2xx`() = assertRefused("answered 404", "$base/missing")

    @Test fun `a page that never ends`() = assertRefused("did not end within 2 s", "$base/forever")

    @Test fun `another machine without --allow-remote-target`() = assertRefused("must be a loopback address", "http://192.0.2.1/page")

    @Test fun `a URL that redirects`() = assertRefused("redirects to $base/page; load the page it ends at", "$base/moved")

    @Test fun `options out of range`() {
        assertRefused("--users must be numbers from 1 to 65536", "$base/missing", "--users", "0")
        assertRefused("--repeat must be 1 to 100", "$base/missing", "--repeat", "0")
    }
}
