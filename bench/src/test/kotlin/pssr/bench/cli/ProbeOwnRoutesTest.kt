package pssr.bench.cli

import com.fasterxml.jackson.databind.ObjectMapper
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.io.TempDir
import pssr.bench.BrowserTools
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.project.Frameworks
import pssr.bench.run.Verifier
import pssr.probe.browser.Chromium
import pssr.probe.page.BrowserLook
import pssr.probe.page.PageProbe
import java.net.URI
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * `./pssr probe` on this project's own servers, built and started as the harness starts them: a WebFlux
 * route that flushes per item, a Spring MVC route held by Tomcat's 8 KB buffer, seed 002's naive async
 * pages, and every route of the three servers, where probe — which knows nothing of items or delays — must
 * reach the verdict `./pssr verify` reaches with them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProbeOwnRoutesTest {
    private val logs = Files.createTempDirectory("pssr-probe-test")
    private val webflux = ServerProcess.start(Frameworks.byName("webflux")!!, ServerLaunch(heapMax = "512m"), logs, "probe-test")
    private val mvc = ServerProcess.start(Frameworks.byName("mvc")!!, ServerLaunch(heapMax = "512m"), logs, "probe-test")

    @AfterAll
    fun stop() {
        webflux.close()
        mvc.close()
    }

    private fun json(run: ProbeRun) = ObjectMapper().readTree(run.out)

    @Test
    fun `a WebFlux route that flushes per item streams, in the JSON too`() {
        val run = ProbeRun.of("probe", "--json", "${webflux.baseUrl}/presentations/htmlflow/suspending?itemDelayMs=100")
        assertEquals(0, run.code, run.err)
        val page = json(run)[0]
        assertEquals("streams", page["verdict"].asText(), run.out)
        val probe = page["probes"][0]
        assertEquals(12, probe["chunks"].size(), "head, 10 items, tail")
        assertEquals("chunked", probe["transfer"].asText())
        assertTrue(probe["firstVisibleMs"].asDouble() < 200 && probe["lastByteMs"].asDouble() >= 1000, run.out)
        assertEquals(0, probe["advice"].size())
        assertEquals(0, probe["warnings"].size())
    }

    @Test
    fun `a Spring MVC route without a flush is held by Tomcat's 8 KB buffer, and the advice says to flush per item`() {
        val run = ProbeRun.of("probe", "${mvc.baseUrl}/presentations/jstachio/blocking?itemDelayMs=100")
        assertEquals(0, run.code, run.err)
        val verdict = run.out.lines().single { it.trimStart().startsWith("verdict") }
        assertTrue(verdict.contains("buffered: first body byte arrived") && verdict.endsWith("the whole page was buffered"), run.out)
        val advice = run.out.lines().filter { it.trimStart().startsWith("advice") }
        assertTrue(
            advice[0].contains(
                "Tomcat / Spring MVC without a flush (first chunk exactly 8192 bytes, Tomcat's response buffer): flush the response " +
                    "OutputStream after each item",
            ),
            run.out,
        )
    }

    @Test
    fun `the same MVC page flushed per item streams`() {
        val run = ProbeRun.of("probe", "--json", "${mvc.baseUrl}/presentations/jstachio/blocking-flush?itemDelayMs=100")
        assertEquals("streams", json(run)[0]["verdict"].asText(), run.out)
    }

    @Test
    fun `seed 002's naive async pages stream but are malformed, their items after the closing html tag`() {
        for (page in listOf("presentations", "weather")) {
            val run = ProbeRun.of("probe", "--json", "${webflux.baseUrl}/demo/$page/naive?itemDelayMs=100")
            assertEquals(0, run.code, run.err)
            val probe = json(run)[0]["probes"][0]
            val warnings = probe["warnings"].map { it.asText() }
            assertTrue(
                warnings.any {
                    Regex("\\d+ characters after </html> \\(starting '<").containsMatchIn(it) &&
                        it.contains("naive async template")
                },
                "$page: $warnings",
            )
        }
    }

    @Test
    fun `--repeat probes each page N times and reports medians`() {
        val run = ProbeRun.of("probe", "--json", "--repeat", "3", "${webflux.baseUrl}/stocks/jstachio/virtual?itemDelayMs=20")
        val page = json(run)[0]
        assertEquals(3, page["runs"].asInt())
        assertEquals(3, page["probes"].size())
        val last = page["probes"].map { it["lastByteMs"].asDouble() }.sorted()
        assertEquals(last[1], page["median"]["lastByteMs"].asDouble())
        val text = ProbeRun.of("probe", "--repeat", "3", "${webflux.baseUrl}/stocks/jstachio/virtual?itemDelayMs=20").out
        assertTrue(text.contains("(median of 3 runs)") && text.contains("of 3]"), text)
    }

    @Test
    fun `with Spring Boot's gzip on, a flushing MVC page still streams, and a buffered one is blamed on Tomcat's buffer, not on gzip`() {
        ServerProcess.start(
            Frameworks.byName("mvc")!!,
            ServerLaunch(heapMin = "256m", heapMax = "384m", extraJvmFlags = listOf("-Dserver.compression.enabled=true")),
            logs,
            "probe-gzip",
        ).use { gz ->
            val flushing = json(ProbeRun.of("probe", "--json", "${gz.baseUrl}/presentations/jstachio/virtual-flush?itemDelayMs=100"))[0]
            assertEquals("gzip", flushing["probes"][0]["compression"].asText())
            assertEquals("streams", flushing["verdict"].asText(), flushing.toString())
            val held = json(ProbeRun.of("probe", "--json", "${gz.baseUrl}/presentations/jstachio/virtual?itemDelayMs=100"))[0]
            assertEquals("buffered", held["verdict"].asText())
            val advice = held["probes"][0]["advice"].map { it["cause"].asText() + " | " + it["evidence"].asText() }
            assertTrue(
                advice[0].startsWith("Tomcat / Spring MVC without a flush | without compression: first chunk exactly 8192 bytes"),
                advice.toString(),
            )
            assertTrue(
                advice.last().contains("without compression it is buffered too, so compression is not the only cause"),
                advice.toString(),
            )
        }
    }

    @Test
    fun `--browser adds Chromium's first contentful paint and a filmstrip, and leaves no Chromium running`(@TempDir dir: Path) {
        BrowserTools.require(Chromium.executable() != null, "Chromium is not installed; install it: ${Chromium.INSTALL_HINT}")
        val run = ProbeRun.of(
            "probe",
            "--json",
            "--browser",
            "--out",
            dir.toString(),
            "${webflux.baseUrl}/presentations/htmlflow/suspending?itemDelayMs=200",
        )
        assertEquals(0, run.code, run.err)
        val browser = json(run)[0]["browser"]
        val paint = browser["firstContentfulPaintMs"].asDouble()
        assertTrue(paint > 0 && paint < browser["loadEventMs"].asDouble() / 2, "the heading paints before half the items came: $browser")
        assertEquals(BrowserLook.FRAMES, browser["filmstrip"].size())
        browser["filmstrip"].forEach { assertTrue(Files.size(Path.of(it["file"].asText())) > 0, it.toString()) }
        assertEquals(emptyList<String>(), BrowserTools.liveChildren().filter { it.contains("chromium", ignoreCase = true) })
    }

    @Test
    fun `probe agrees with verify on every WebFlux route`() = agreesWithVerify(webflux)

    @Test
    fun `probe agrees with verify on every Spring MVC route`() = agreesWithVerify(mvc)

    @Test
    fun `probe agrees with verify on every Quarkus route`() =
        ServerProcess.start(Frameworks.byName("quarkus"), ServerLaunch(heapMax = "512m"), logs, "probe-test").use { agreesWithVerify(it) }

    private fun agreesWithVerify(server: ServerProcess) {
        val routes = server.routes()
        val checks = Verifier(100).verify(server.framework.name, server.host, server.port, routes).associateBy { it.path }
        val pool = Executors.newFixedThreadPool(16)
        val probed = try {
            routes.map { r ->
                r.path to
                    pool.submit(Callable { PageProbe.probe(URI("${server.baseUrl}${r.path}?itemDelayMs=100"), Duration.ofSeconds(60)) })
            }
                .map { (path, f) -> path to f.get(2, TimeUnit.MINUTES) }
        } finally {
            pool.shutdownNow()
        }
        val disagree = probed.filter { (path, report) -> report.verdict.label != checks.getValue(path).verdict }
            .map { (path, report) -> "$path: verify ${checks.getValue(path).verdict}, probe ${report.verdict} (${report.reason})" }
        assertEquals(emptyList<String>(), disagree)
        assertTrue(
            probed.any { it.second.verdict.label == "streams" } &&
                (server.framework.name != "mvc" || probed.any { it.second.verdict.label == "buffered" }),
            "both verdicts occur: ${probed.groupingBy { it.second.verdict }.eachCount()}",
        )
    }
}
