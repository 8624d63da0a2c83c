package pssr.bench.measure

import io.hyperfoil.api.config.BenchmarkData
import io.hyperfoil.api.statistics.StatisticsSnapshot
import io.hyperfoil.core.impl.LocalSimulationRunner
import io.hyperfoil.core.impl.statistics.StatisticsCollector
import io.hyperfoil.core.parser.BenchmarkParser
import io.hyperfoil.http.statistics.HttpStats
import java.net.URI
import java.time.Duration
import java.util.Properties

/**
 * `--rate`: the open model. Requests arrive at a mean rate whether or not earlier ones have returned, and each
 * one's latency runs from the moment it was scheduled to be sent, so a server that stalls is charged for every
 * request that queued behind the stall (no coordinated omission). This is Hyperfoil's `constantRate` phase, run
 * in this JVM ([LocalSimulationRunner]); pssr schedules nothing itself. Arrivals are random (`variance: true`,
 * Hyperfoil's default, written out): exponential gaps, so a window of R req/s for t s holds R·t ± √(R·t)
 * arrivals, as independent users would send them; a metronome would hide the bursts a real arrival stream
 * brings. A level's number is its rate in requests per second. Hyperfoil starts one session per arrival (at
 * most [maxSessions] at a time) on a pool of [connections] keep-alive connections; an arrival that finds no
 * free session or connection still counts from its scheduled time (Hyperfoil's "blocked" time is inside the
 * latency).
 *
 * Every answer is checked for status 200 (other statuses are `errors_status`); the body is not compared under
 * load here (the page was verified before any load, and the closed-loop drivers compare every body).
 * Hyperfoil runs in this JVM, so its CPU is this JVM's CPU over the window, as for JMeter.
 */
class OpenModelDriver(private val timeout: Duration) : LoadDriver {
    override val name = "hyperfoil"
    override val model = LoadDriver.OPEN
    override val coresUsable: Double get() = 1.0 // one Hyperfoil event-loop thread
    override val description get() = "Hyperfoil ${version()} in the harness JVM, constantRate phase (open model, latency from the " +
        "scheduled send time), 1 event-loop thread, HTTP/1.1 keep-alive, response timeout ${timeout.seconds}s, status checked"

    /** Connections for a rate: enough for about 50 ms of arrivals in flight, at least 8, at most 512. */
    fun connections(rate: Int): Int = (rate / 20).coerceIn(8, 512)

    /**
     * Sessions (requests in flight, queued ones included) for a rate: the arrivals of the idle timeout plus one second,
     * at least 64, at most [MAX_SESSIONS] (Hyperfoil allocates them all before the window). Requests time out after the
     * idle timeout, so at the rate they cannot pile up beyond this; what Hyperfoil does if they ever did is not tested.
     */
    fun maxSessions(rate: Int): Int = (rate.toLong() * (timeout.seconds + 1)).coerceIn(64, MAX_SESSIONS.toLong()).toInt()

    /** Runs [rate] requests per second for [window]; the result's [DriverResult.completed] counts answers (right or wrong). */
    override fun run(target: LoadTarget, level: Int, window: Duration): DriverResult {
        val rate = level
        val uri = URI(target.url)
        val yaml = """
            name: pssr-open
            threads: 1
            http:
              host: ${uri.scheme}://${uri.host}:${uri.port}
              sharedConnections: ${connections(rate)}
              requestTimeout: ${timeout.seconds}s
            phases:
            - measured:
                constantRate:
                  usersPerSec: $rate
                  variance: true
                  maxSessions: ${maxSessions(rate)}
                  duration: ${window.toMillis()}ms
                  scenario:
                  - request:
                    - httpRequest:
                        GET: ${uri.rawPath}${uri.rawQuery?.let { "?$it" } ?: ""}
                        timeout: ${timeout.seconds}s
        """.trimIndent()
        val benchmark = BenchmarkParser.instance().buildBenchmark(yaml.byteInputStream(), BenchmarkData.EMPTY, emptyMap())
        val total = StatisticsSnapshot()
        val consumer = StatisticsCollector.StatisticsConsumer {
                phase,
                _,
                _,
                snapshot,
                _,
            ->
            if (phase.name() == "measured") synchronized(total) { total.add(snapshot) }
        }
        val cpu = CpuTrace.start()
        val start = System.currentTimeMillis()
        try {
            LocalSimulationRunner(benchmark, consumer, null, null).run()
        } finally {
            cpu.stop()
        }
        val end = System.currentTimeMillis()
        return result(total, window, start, end, cpu.secondsBetween(start, end))
    }

    companion object {
        const val MAX_SESSIONS = 50_000

        /** Hyperfoil's histogram is in ns; pssr's in µs ([Latency]). */
        fun result(s: StatisticsSnapshot, window: Duration, start: Long, end: Long, cpuSeconds: Double): DriverResult {
            val latency = Latency.histogram()
            for (v in s.histogram.recordedValues()) {
                latency.recordValueWithCount((v.valueIteratedTo / 1000).coerceAtLeast(1), v.countAtValueIteratedTo)
            }
            val http = HttpStats.get(s)
            val ok = http.status_2xx.toLong()
            val errors = Errors(
                status = s.responseCount - ok,
                connect = s.connectionErrors.toLong(),
                timeout = s.requestTimeouts.toLong(),
                read = s.internalErrors.toLong(),
            )
            return DriverResult(s.responseCount.toLong(), window.toMillis() / 1000.0, errors, latency, cpuSeconds, start, end)
        }

        fun version(): String = try {
            OpenModelDriver::class.java.getResourceAsStream("/META-INF/maven/io.hyperfoil/hyperfoil-core/pom.properties")
                ?.use { Properties().apply { load(it) }.getProperty("version") } ?: "unknown"
        } catch (e: Exception) {
            "unknown"
        }
    }
}
