package pssr.bench.cli

import com.sun.net.httpserver.HttpServer
import com.sun.net.httpserver.HttpsConfigurator
import com.sun.net.httpserver.HttpsServer
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.testkit.ChildProcesses
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.nio.file.Files
import java.nio.file.Path
import java.security.KeyStore
import java.util.concurrent.Executors
import javax.net.ssl.KeyManagerFactory
import javax.net.ssl.SSLContext

/**
 * `./pssr probe` on input it cannot judge: each case is one line on stderr, exit code 2, no stack trace,
 * and it returns within its bound (a page that never ends is cut by --timeout). Loopback only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProbeBadInputTest {
    private val server = HttpServer.create(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0).apply {
        executor = Executors.newVirtualThreadPerTaskExecutor()
        createContext("/loop-a") {
            it.responseHeaders.add("Location", "/loop-b")
            it.sendResponseHeaders(302, -1)
            it.close()
        }
        createContext("/loop-b") {
            it.responseHeaders.add("Location", "/loop-a")
            it.sendResponseHeaders(302, -1)
            it.close()
        }
        createContext("/json") { ex ->
            ex.responseHeaders.add("Content-Type", "application/json")
            ex.sendResponseHeaders(200, 0)
            ex.responseBody.use { it.write("{}".toByteArray()) }
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
                body.write("<!DOCTYPE html><html><body>".toByteArray())
                body.flush()
                while (true) {
                    Thread.sleep(100)
                    body.write("<p>more</p>".toByteArray())
                    body.flush()
                } // until the client hangs up
            }
        }
        start()
    }
    private val base = "http://127.0.0.1:${server.address.port}"

    @AfterAll
    fun stop() = server.stop(0)

    private fun assertOneLine(run: ProbeRun, expected: String, withinMillis: Long = 10_000) {
        assertEquals(2, run.code, run.err)
        assertEquals(1, run.err.trim().lines().size, run.err)
        assertTrue(run.err.startsWith("pssr: $expected"), "expected 'pssr: $expected...', got: ${run.err}")
        assertTrue(run.millis < withinMillis, "took ${run.millis} ms")
    }

    @Test
    fun `not a URL`() {
        assertOneLine(ProbeRun.of("probe", "localhost:8080/page"), "not an http(s) URL: 'localhost:8080/page'")
        assertOneLine(ProbeRun.of("probe", "http://exa mple.com/"), "not a URL: 'http://exa mple.com/'")
    }

    @Test
    fun `connection refused`() {
        val port = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
        assertOneLine(ProbeRun.of("probe", "http://127.0.0.1:$port/"), "cannot connect to 127.0.0.1:$port: connection refused")
    }

    @Test
    fun `TLS failure`(@TempDir dir: Path) {
        // an HTTPS server whose certificate nobody signed: what a probe of a test or internal server meets
        val keystore = dir.resolve("self-signed.p12")
        val keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString()
        val made = ProcessBuilder(
            keytool, "-genkeypair", "-alias", "probe", "-keyalg", "EC", "-validity", "2", "-dname", "CN=localhost",
            "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit",
        )
        val (madeCode, madeOutput) = ChildProcesses.runToExit(made) // bounded: its output goes through a file
        assertEquals(0, madeCode, madeOutput.joinToString("\n"))
        val keys = KeyStore.getInstance("PKCS12").apply { Files.newInputStream(keystore).use { load(it, "changeit".toCharArray()) } }
        val context = SSLContext.getInstance("TLS").apply {
            init(KeyManagerFactory.getInstance("PKIX").apply { init(keys, "changeit".toCharArray()) }.keyManagers, null, null)
        }
        val https = HttpsServer.create(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0).apply {
            httpsConfigurator = HttpsConfigurator(context)
            createContext("/") { ex ->
                ex.sendResponseHeaders(200, -1)
                ex.close()
            }
            start()
        }
        try {
            val port = https.address.port
            assertOneLine(ProbeRun.of("probe", "https://127.0.0.1:$port/"), "TLS handshake with 127.0.0.1:$port failed: ")
        } finally {
            https.stop(0)
        }
    }

    @Test
    fun `redirect loop`() {
        assertOneLine(ProbeRun.of("probe", "$base/loop-a"), "redirect loop: $base/loop-a -> $base/loop-b -> $base/loop-a")
    }

    @Test
    fun `non-HTML answer`() {
        assertOneLine(ProbeRun.of("probe", "$base/json"), "$base/json is not an HTML page: it answered application/json")
    }

    @Test
    fun `error status`() {
        assertOneLine(ProbeRun.of("probe", "$base/missing"), "$base/missing answered 404: probe a page that answers 200")
    }

    @Test
    fun `a page that never ends is cut by the timeout`() {
        assertOneLine(
            ProbeRun.of("probe", "--timeout", "2", "$base/forever"),
            "$base/forever did not end within 2 s (--timeout): ",
            withinMillis = 4_000,
        )
    }

    @Test
    fun `several URLs give one line per URL that failed and exit code 2`() {
        val run = ProbeRun.of("probe", "$base/json", "$base/loop-a")
        assertEquals(2, run.code)
        assertEquals(
            listOf(
                "pssr: $base/json is not an HTML page: it answered application/json",
                "pssr: redirect loop: $base/loop-a -> $base/loop-b -> $base/loop-a",
            ),
            run.err.trim().lines(),
        )
    }

    @Test
    fun `bad options`() {
        assertOneLine(ProbeRun.of("probe", "--repeat", "0", base), "--repeat must be between 1 and 100, was 0")
        assertOneLine(
            ProbeRun.of("probe", "--timeout", "0", base),
            "--timeout must be a duration from 1 s to 10 min (3, 3s, 2m or 1h), was '0'",
        )
    }
}
