package pssr.bench.measure

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import pssr.bench.process.Children
import java.net.ServerSocket
import java.nio.file.Files
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * `--load-engines`: two real JMeter remote engines (`pssr load-engine`, each its own JVM on a loopback port) load a
 * local server whose every answer takes 50 ms, so the load a level offers is known: 4 users send at most 80 req/s.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteEnginesTest {
    private val server = PageServer(delayMs = 50)
    private val engines = ArrayList<Pair<Process, EngineAddress>>()
    private val window = Duration.ofSeconds(3)
    private val timeout = Duration.ofSeconds(5)
    private val jtl = Files.createTempDirectory("pssr-remote-test")

    @BeforeAll
    fun startEngines() {
        repeat(2) { engines += startEngine() }
        for ((p, a) in engines) {
            val deadline = System.currentTimeMillis() + 60_000
            while (!RemoteEngines.alive(a)) {
                check(p.isAlive) { "engine $a exited: ${Files.readString(jtl.resolve("engine-${a.port}.log")).takeLast(2000)}" }
                check(System.currentTimeMillis() < deadline) { "engine $a did not start within 60 s" }
                Thread.sleep(200)
            }
        }
    }

    @AfterAll
    fun stop() {
        engines.forEach { Children.stop(it.first) }
        server.close()
    }

    private fun startEngine(): Pair<Process, EngineAddress> {
        val port = ServerSocket(0).use { it.localPort }
        val java = "${System.getProperty("java.home")}/bin/java"
        val p = ProcessBuilder(
            java, "--sun-misc-unsafe-memory-access=allow", "-Xmx256m", "-cp", System.getProperty("java.class.path"),
            "pssr.bench.MainKt", "load-engine", "--port", "$port", "--rmi-port", "0",
        )
            .redirectErrorStream(true).redirectOutput(jtl.resolve("engine-$port.log").toFile()).start()
        Children.track(p, "the JMeter load engine", graceSeconds = 3)
        return p to EngineAddress("127.0.0.1", port)
    }

    @Test
    fun `a level run through two engines equals the same level on one engine, and each engine's share is recorded`() {
        val twoEngines = JmeterDriver(timeout, jtl, engines.map { it.second })
        val oneEngine = JmeterDriver(timeout, jtl, listOf(engines[0].second))
        // warm-up windows first, as every level has: the engines' JVMs are fresh
        twoEngines.run(server.target, 4, window)
        oneEngine.run(server.target, 4, window)
        val two = twoEngines.run(server.target, 4, window)
        val one = oneEngine.run(server.target, 4, window)
        assertEquals(Errors(), two.errors)
        assertEquals(Errors(), one.errors)
        // 4 users x (1 request per 50 ms and a little): just under 80 req/s either way
        assertEquals(
            one.throughput,
            two.throughput,
            one.throughput * 0.15,
            "two engines ${two.throughput} req/s, one engine ${one.throughput} req/s",
        )
        assertEquals(LatencySummary.of(one.latency).p50, LatencySummary.of(two.latency).p50, 5.0)
        assertEquals(listOf(2, 2), two.engines.map { it.users })
        assertTrue(two.engines.all { it.alive && it.completed > 0 && it.lost == 0L }, "${two.engines}")
        assertEquals(two.completed, two.engines.sumOf { it.completed })
        // the split is even: neither engine did most of the work
        assertTrue(two.engines.all { it.completed > two.completed * 0.35 }, "${two.engines}")
    }

    @Test
    fun `an engine that dies mid-level shows up as errors, never as a silent lower load`() {
        val extra = startEngine()
        try {
            val deadline = System.currentTimeMillis() + 60_000
            while (!RemoteEngines.alive(extra.second) && System.currentTimeMillis() < deadline) Thread.sleep(200)
            val killer = Thread.ofPlatform().start {
                Thread.sleep(2500) // JMeter has configured the engines and the window is under way
                extra.first.destroyForcibly().waitFor(10, TimeUnit.SECONDS)
            }
            val r = JmeterDriver(timeout, jtl, listOf(engines[0].second, extra.second)).run(server.target, 4, Duration.ofSeconds(4))
            killer.join()
            val dead = r.engines.single { it.engine == extra.second.toString() }
            assertFalse(dead.alive)
            assertTrue(dead.lost > 0, "the dead engine's unsent requests are counted: $dead")
            assertEquals(r.engines.sumOf { it.lost }, r.errors.engine)
            assertTrue(r.errors.total > 0)
        } finally {
            Children.stop(extra.first)
        }
    }
}
