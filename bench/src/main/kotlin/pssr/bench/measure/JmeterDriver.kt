
package pssr.bench.measure

import pssr.bench.csv.CsvFile
import us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults
import us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler
import us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter
import us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion
import us.abstracta.jmeter.javadsl.JmeterDsl.testPlan
import us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.Properties
import java.util.concurrent.CopyOnWriteArrayList

/** One request as JMeter recorded it. Times in ms; [startMillis] is epoch time. */
data class Sample(
    val label: String,
    val thread: String,
    val startMillis: Long,
    val elapsedMs: Int,
    val latencyMs: Int,
    val success: Boolean,
    val code: String,
) {
    val endMillis: Long get() = startMillis + elapsedMs
}

/**
 * `--driver jmeter`: the seeds' load tool, driven in this JVM through jmeter-java-dsl. One test plan per
 * window: [users] threads, each looping on a keep-alive connection until the window ends (or, in the seeds' profile, for its
 * number of requests: [runRequests]). Every response
 * must equal the page verified before load (a string equality; a regex halved JMeter's throughput). Per
 * sample results go to a JTL file ([jtlDir]) and are reduced by [JmeterWindow]. JMeter runs in this JVM,
 * so its CPU is this JVM's CPU over the window (the side probe's few requests included).
 */
class JmeterDriver(
    private val timeout: Duration,
    private val jtlDir: Path,
    /** `--load-engines`: remote engines that run the plan instead of this JVM ([RemoteEngines]); empty = embedded. */
    private val engines: List<EngineAddress> = emptyList(),
) : LoadDriver {
    override val name = "jmeter"
    override val coresUsable: Double get() = ProcessCpu.onlineCpus.size.toDouble()
    override val description get() = (
        if (engines.isEmpty()) {
            "JMeter via jmeter-java-dsl ${dslVersion()} in the harness JVM, USERS threads, "
        } else {
            "JMeter via jmeter-java-dsl ${dslVersion()} on ${engines.size} remote engines (${engines.joinToString(",")}, RMI without " +
                "SSL), USERS threads split evenly, "
        }
        ) +
        "response timeout ${timeout.seconds}s, closed loop, HTTP/1.1 keep-alive, equality assertion on the page"
    private var windows = 0

    override val countsRequests = true

    override fun run(target: LoadTarget, users: Int, window: Duration): DriverResult = load(target, users, Hold.For(window))

    /** [perUser] loops of every thread: the seeds' bench-plan.jmx (256 per user at each level); the window as [JmeterWindow] reads it. */
    override fun runRequests(target: LoadTarget, users: Int, perUser: Int): DriverResult =
        load(target, users, Hold.Loops(perUser, LoadDriver.boundOf(users, perUser)))

    /** How long each thread sends: for a time, or a number of requests. */
    private sealed interface Hold {
        /** A bound on the sending: the loops stop there (a level that slow is no measurement of the profile, but ends). */
        val bound: Duration

        data class For(val window: Duration) : Hold {
            override val bound: Duration get() = window
        }

        data class Loops(val perUser: Int, override val bound: Duration) : Hold
    }

    private fun load(target: LoadTarget, users: Int, hold: Hold): DriverResult =
        if (engines.isEmpty()) embedded(target, users, hold) else distributed(target, users, hold)

    private fun group(users: Int, threads: Int, target: LoadTarget, hold: Hold) = threadGroup("u$users").rampTo(threads, Duration.ZERO)
        .let { g ->
            when (hold) {
                is Hold.For -> g.holdFor(hold.window)
                is Hold.Loops -> g.holdIterating(hold.perUser).upTo(hold.bound)
            }
        }
        .children(httpSampler("u$users", target.url).children(responseAssertion().equalsToStrings(target.page)))

    /**
     * The same plan on every remote engine, [users] / engines threads each. The CPU figure is this JVM's (the
     * controller's): the engines' CPU is theirs, on their machines, and is not in the row.
     */
    private fun distributed(target: LoadTarget, users: Int, hold: Hold): DriverResult {
        require(users % engines.size == 0) { "$users users cannot be split evenly over ${engines.size} engines" }
        val perEngine = users / engines.size
        val cpu = CpuTrace.start()
        val samples = try {
            RemoteEngines.run(
                engines,
                testPlan(
                    httpDefaults().connectionTimeout(Duration.ofSeconds(5)).responseTimeout(timeout),
                    group(users, perEngine, target, hold),
                ),
                hold.bound + timeout + Duration.ofSeconds(20),
            )
        } finally {
            cpu.stop()
        }
        val (w, shares) = RemoteEngines.window(samples, engines, perEngine, RemoteEngines::alive)
        return DriverResult(
            w.completed,
            w.seconds,
            w.errors,
            w.latency,
            cpu.secondsBetween(w.startMillis, w.endMillis),
            w.startMillis,
            w.endMillis,
            shares,
        )
    }

    private fun embedded(target: LoadTarget, users: Int, hold: Hold): DriverResult {
        Files.createDirectories(jtlDir)
        val jtl = jtlDir.resolve("window-${++windows}-u$users.jtl")
        Files.deleteIfExists(jtl)
        val cpu = CpuTrace.start()
        try {
            testPlan(
                httpDefaults().connectionTimeout(Duration.ofSeconds(5)).responseTimeout(timeout),
                group(users, users, target, hold),
                jtlWriter(jtl.parent.toString(), jtl.fileName.toString()).withAllFields(false)
                    .withTimeStamp(true).withElapsedTime(true).withLabel(true).withResponseCode(true).withSuccess(true)
                    .withLatency(true).withAssertionFailureMessage(true).withThreadName(true).withFieldNames(true),
            ).runIn(EmbeddedJmeterEngine().prop("summariser.out", "false")) // its summariser would print every few seconds
        } finally {
            cpu.stop()
        }
        val w = JmeterWindow.of(readJtl(jtl))
        return DriverResult(
            w.completed,
            w.seconds,
            w.errors,
            w.latency,
            cpu.secondsBetween(w.startMillis, w.endMillis),
            w.startMillis,
            w.endMillis,
        )
    }

    companion object {
        /** The jmeter-java-dsl version, read from its jar's Maven metadata (not typed in). */
        fun dslVersion(): String = try {
            JmeterDriver::class.java.getResourceAsStream("/META-INF/maven/us.abstracta.jmeter/jmeter-java-dsl/pom.properties")
                ?.use { Properties().apply { load(it) }.getProperty("version") } ?: "unknown"
        } catch (e: Exception) {
            "unknown"
        }

        fun readJtl(jtl: Path): List<Sample> {
            if (!Files.exists(jtl)) return emptyList()
            // JMeter quotes fields that hold commas or line breaks (an assertion's failure message quotes the
            // response it got), so records are read with quote-aware parsing, not line by line.
            return CsvFile.read(jtl).map { c ->
                fun s(name: String) = c[name] ?: throw IllegalArgumentException("JTL has no $name column: ${c.keys}")
                Sample(
                    s("label"),
                    s("threadName"),
                    s("timeStamp").toLong(),
                    s("elapsed").toInt(),
                    s("Latency").toInt(),
                    s("success").toBoolean(),
                    s("responseCode"),
                )
            }
        }
    }
}

/**
 * This JVM's CPU time sampled every 50 ms while a window runs, so the CPU of the measured part of a window
 * (without JMeter's engine start and stop) can be read off by time.
 */
class CpuTrace private constructor() {
    private val points = CopyOnWriteArrayList<Pair<Long, Double>>()

    @Volatile private var running = true
    private val thread = Thread.ofPlatform().daemon().name("pssr-cpu-trace").start {
        while (running) {
            points += System.currentTimeMillis() to ProcessCpu.selfSeconds()
            Thread.sleep(50)
        }
    }

    fun stop() {
        running = false
        thread.join(500)
        points += System.currentTimeMillis() to ProcessCpu.selfSeconds()
    }

    /** CPU seconds used between two epoch-ms instants (linear between samples); NaN when not covered. */
    fun secondsBetween(from: Long, to: Long): Double {
        if (points.size < 2 || to <= from) return Double.NaN
        fun at(t: Long): Double {
            val after = points.indexOfFirst { it.first >= t }.let { if (it < 0) points.size - 1 else maxOf(it, 1) }
            val (t1, c1) = points[after - 1]
            val (t2, c2) = points[after]
            return if (t2 == t1) c2 else c1 + (c2 - c1) * ((t - t1).toDouble() / (t2 - t1)).coerceIn(0.0, 1.0)
        }
        return at(to) - at(from)
    }

    companion object {
        fun start() = CpuTrace()
    }
}
