package pssr.bench.measure

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.project.Frameworks
import pssr.probe.StreamProbe
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** Apache Bench as the seeds ran it (HTTP/1.0, a connection per request), against a real WebFlux server. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AbDriverTest {
    private lateinit var server: ServerProcess
    private val path = "/presentations/jstachio/virtual?itemDelayMs=1"
    private val ab by lazy { AbDriver(AbDriver.locate() ?: error(AbDriver.INSTALL_HINT), Duration.ofSeconds(5)) }

    @BeforeAll
    fun start() {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        server =
            ServerProcess.start(
                Frameworks.byName("webflux"),
                ServerLaunch(heapMax = "512m"),
                Files.createTempDirectory("pssr-ab-test"),
                "ab",
            )
    }

    @AfterAll
    fun stop() = server.close()

    @Test
    fun `a window of ab counts complete answers, their latency and ab's own CPU`() {
        val url = "http://127.0.0.1:${server.port}$path"
        val r = ab.run(LoadTarget(url, StreamProbe.get("127.0.0.1", server.port, path).body), 4, Duration.ofSeconds(1))
        assertTrue(r.completed > 20, "completed ${r.completed}")
        assertEquals(Errors(), r.errors)
        assertEquals(r.completed, r.latency.totalCount, "every answer in the latency histogram")
        val median = r.latency.getValueAtPercentile(50.0)
        assertTrue(median >= 10_000, "10 items 1 ms apart take 10 ms at least, median $median µs")
        assertTrue(r.driverCpuSeconds > 0 && r.driverCpuSeconds < 2, "ab's CPU ${r.driverCpuSeconds} s")
    }

    @Test
    fun `answers that are not 200 or change length are errors`() {
        val text = """
            Complete requests:      500
            Failed requests:        7
               (Connect: 1, Receive: 2, Length: 3, Exceptions: 1)
            Non-2xx responses:      4
            Time taken for tests:   2.000 seconds
            1234 (sh) S 1 2 3 4 5 6 7 8 9 10 11 12 30 20 0 0
        """.trimIndent()
        val r = AbDriver.parse(text, listOf("Percentage served,Time in ms", "0,1.0", "50,12.0", "100,40.0"), 0, 2000)
        assertEquals(Errors(status = 4, content = 3, connect = 1, read = 3), r.errors)
        assertEquals((500 - 7.0) / 2.0, r.throughput, 0.001)
        assertEquals(50.0 / ProcessCpu.CLOCK_TICKS, r.driverCpuSeconds, 1e-9)
    }

    @Test
    fun `fewer than 100 answers are each recorded once in the latency`() {
        val table = listOf("Percentage served,Time in ms", "0,1.0") + (1..100).map { "$it,$it.0" }
        val r = AbDriver.parse("Complete requests:      50\nTime taken for tests:   1.000 seconds\n", table, 0, 1000)
        assertEquals(50, r.latency.totalCount)
        assertEquals(50.0, r.latency.getValueAtPercentile(50.0) / 1000.0, 1.0)
    }
}
