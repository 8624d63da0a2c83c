package pssr.bench.measure

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.assertThrows
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.project.Frameworks
import pssr.probe.StreamProbe
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** wrk against the real WebFlux server: the response check, CPU per request, and a server killed mid-level. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WrkDriverTest {
    private lateinit var server: ServerProcess
    private val path = "/presentations/jstachio/virtual?itemDelayMs=1"
    private val wrk by lazy { WrkDriver(WrkDriver.locate(null) ?: error(WrkDriver.INSTALL_HINT), 1, Duration.ofSeconds(5)) }
    private val url get() = "http://127.0.0.1:${server.port}$path"
    private val page by lazy { StreamProbe.get("127.0.0.1", server.port, path).body }

    @BeforeAll
    fun start() {
        System.setProperty("pssr.root", Path.of("..").toAbsolutePath().normalize().toString())
        server =
            ServerProcess.start(
                Frameworks.byName("webflux"),
                ServerLaunch(heapMax = "512m"),
                Files.createTempDirectory("pssr-wrk-test"),
                "wrk",
            )
    }

    @AfterAll
    fun stop() = server.close()

    @Test
    fun `every response of the right page passes the check, and both CPUs per request are measured`() {
        val r = wrk.run(LoadTarget(url, page), 8, Duration.ofSeconds(1))
        assertTrue(r.completed > 100, "completed ${r.completed}")
        assertEquals(Errors(), r.errors)
        // every response is in the histogram (a few at the window's end can miss the request counter), and wrk adds its own
        // synthetic values for responses slower than a connection's mean interval (stats_correct, docs/HARNESS.md): on a
        // busy machine the histogram holds more values than responses (measured: 284 for 264), never many fewer
        assertTrue(r.latency.totalCount >= r.completed * 0.95, "histogram ${r.latency.totalCount} values for ${r.completed} responses")
        assertTrue(r.driverCpuSeconds > 0, "wrk read its own CPU: ${r.driverCpuSeconds}")
    }

    @Test
    fun `a wrong page under load counts every response as failed`() {
        val r = wrk.run(LoadTarget(url, page.replace("</body>", "<p>not the page</p></body>")), 8, Duration.ofSeconds(1))
        assertTrue(r.completed > 100)
        assertEquals(r.completed, r.errors.content, "every response failed the content check")
        assertEquals(0.0, r.throughput)
    }

    @Test
    fun `a missing page counts as status failures`() {
        val missing = "http://127.0.0.1:${server.port}/presentations/nosuchengine/virtual"
        val r = wrk.run(LoadTarget(missing, page), 4, Duration.ofSeconds(1))
        assertEquals(r.completed, r.errors.status)
    }

    @Test
    fun `a server killed during a level is named with its signal and the level`() {
        val victim = ServerProcess.start(
            Frameworks.byName("webflux"),
            ServerLaunch(heapMax = "512m"),
            Files.createTempDirectory("pssr-kill-test"),
            "victim",
        )
        victim.use { v ->
            val target = LoadTarget("http://127.0.0.1:${v.port}$path", page)
            val killer = Thread.ofPlatform().start {
                Thread.sleep(1500)
                ProcessBuilder("kill", "-9", v.pid.toString()).start().waitFor()
            }
            val e = assertThrows<ServerDied> {
                LevelRun(wrk, Windows(Duration.ofSeconds(1), Duration.ofSeconds(2)))
                    .measure(Server("127.0.0.1", v.port, v.pid, null) { v.ended() }, target, path, "<div class=\"card mb-3", 4)
            }
            killer.join()
            assertTrue(e.message!!.contains("was killed by signal 9 (SIGKILL) during the 4-user level"), e.message)
        }
    }
}
