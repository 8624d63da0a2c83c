package pssr.bench.measure

import org.apache.jmeter.reporters.ResultCollector
import org.apache.jmeter.samplers.Remoteable
import org.apache.jmeter.samplers.SampleEvent
import org.apache.jmeter.samplers.SampleListener
import org.apache.jorphan.collections.HashTree
import us.abstracta.jmeter.javadsl.core.DslTestPlan
import us.abstracta.jmeter.javadsl.core.TestPlanStats
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine
import java.rmi.registry.LocateRegistry
import java.time.Duration
import java.util.concurrent.ConcurrentLinkedQueue

/** One JMeter remote engine (`./pssr load-engine`), as `--load-engines` names it: `HOST:PORT`. */
data class EngineAddress(val host: String, val port: Int) {
    override fun toString() = "$host:$port"

    companion object {
        /** `HOST:PORT[,HOST:PORT...]`; throws [IllegalArgumentException] naming the bad entry. */
        fun parseList(text: String): List<EngineAddress> {
            val list = text.split(',').map { it.trim() }.filter { it.isNotEmpty() }.map { entry ->
                val m = Regex("^([A-Za-z0-9.\\-]+):(\\d{1,5})$").find(entry) ?: throw IllegalArgumentException("'$entry' is not HOST:PORT")
                val port = m.groupValues[2].toInt()
                require(port in 1..65535) { "'$entry': port must be 1..65535" }
                EngineAddress(m.groupValues[1], port)
            }
            require(list.isNotEmpty()) { "no engine named" }
            require(list.toSet().size == list.size) { "an engine is named twice" }
            return list
        }
    }
}

/**
 * One remote engine's part of one window. [users] threads ran on it; [completed] answers and [errors] of the
 * measured window came from it. [alive]: the engine still answered on its RMI registry after the window. An engine
 * that stopped sending before the window ended (it died, or its host went away) has [lost] > 0: the requests it
 * did not send in the rest of the window, at the rate it had sent them before (the live engines' per-user rate if
 * it sent none). They are counted as `errors_engine`, so a dead engine is never a silent lower load.
 */
data class EngineShare(val engine: String, val users: Int, val completed: Long, val errors: Long, val lost: Long, val alive: Boolean)

/**
 * JMeter's distributed mode (remote engines over RMI) through jmeter-java-dsl's [DistributedJmeterEngine]: the same
 * test plan runs on every engine with the level's users split evenly between them (a level's users must be a
 * multiple of the engine count), and every sample comes back to this JVM, where [JmeterWindow] reduces them exactly
 * as for one embedded engine. RMI SSL is off on both sides ([RMI_SSL_OFF]); see docs/HARNESS.md.
 */
object RemoteEngines {
    /** JMeter's RMI name of an engine in its registry. */
    private const val RMI_NAME = "JMeterEngine"

    /** JMeter property that turns off RMI over SSL (pssr's engines and controller never use a keystore). */
    const val RMI_SSL_OFF = "server.rmi.ssl.disable"

    /** True when [a]'s RMI registry answers and lists a JMeter engine. */
    fun alive(a: EngineAddress): Boolean = try {
        RMI_NAME in LocateRegistry.getRegistry(a.host, a.port).list()
    } catch (e: Exception) {
        false
    }

    /**
     * Runs [plan] on [engines] and returns every sample they reported. The controller waits for the engines'
     * end at most [bound]; an engine that died never reports its end, so past the bound the wait is cut short
     * (the samples the engines sent before are kept).
     */
    fun run(engines: List<EngineAddress>, plan: DslTestPlan, bound: Duration): List<Sample> {
        // the callbacks the engines send samples to: on loopback engines, this JVM's loopback address
        if (engines.all { it.host == "127.0.0.1" || it.host == "localhost" } && System.getProperty("java.rmi.server.hostname") == null) {
            System.setProperty("java.rmi.server.hostname", "127.0.0.1")
        }
        val collector = Collector()
        val engine = object : DistributedJmeterEngine(*engines.map { it.toString() }.toTypedArray()) {
            override fun addStatsCollector(testPlanTree: HashTree, stats: TestPlanStats) {
                super.addStatsCollector(testPlanTree, stats)
                testPlanTree.add(collector)
            }
        }
        engine.prop(RMI_SSL_OFF, "true").prop("summariser.out", "false")
        var failure: Throwable? = null
        val runner = Thread.ofPlatform().name("pssr-jmeter-controller").start {
            try {
                plan.runIn(engine)
            } catch (e: Throwable) {
                failure = e
            }
        }
        runner.join(bound)
        if (runner.isAlive) {
            runner.interrupt()
            runner.join(Duration.ofSeconds(10))
        }
        endResultCollectors()
        failure?.let {
            if (collector.samples.isEmpty()) {
                throw IllegalStateException("the remote engines did not run the window: ${it.message ?: it.javaClass.simpleName}", it)
            }
        }
        return collector.samples.toList()
    }

    /**
     * JMeter's result collectors count the tests under way in one static counter and close their files when it is back at 0;
     * an engine that died never reports its end, so the count stayed above 0 and every later file of this JVM (an embedded
     * window's JTL, the students' profile) was never flushed. A distributed run that is over has no test under way.
     */
    private fun endResultCollectors() {
        val lock = ResultCollector::class.java.getDeclaredField("LOCK").apply { isAccessible = true }.get(null)
        synchronized(lock) { ResultCollector::class.java.getDeclaredField("instanceCount").apply { isAccessible = true }.setInt(null, 0) }
    }

    /** Which engine ran [thread]: JMeter names remote threads `HOST:PORT-<group> <n>-<m>`. */
    fun engineOf(thread: String, engines: List<EngineAddress>): EngineAddress? = engines.firstOrNull { thread.startsWith("$it-") }

    /**
     * One distributed window: [JmeterWindow] over the engines that were sending until the end, and for each engine that
     * stopped early (not [alive] after the window, or no sample at all) the requests it did not send as `errors_engine`.
     */
    fun window(
        samples: List<Sample>,
        engines: List<EngineAddress>,
        usersPerEngine: Int,
        alive: (EngineAddress) -> Boolean,
    ): Pair<JmeterWindow, List<EngineShare>> {
        val byEngine = engines.associateWith { e -> samples.filter { engineOf(it.thread, engines) == e } }
        val stopped = engines.filter { e -> byEngine.getValue(e).isEmpty() || !alive(e) }.toSet()
        val live = engines - stopped
        // the window is where every user of the live engines was sending; the stopped engines' samples in it still count
        val w = JmeterWindow.of(samples, windowFrom = { s -> engineOf(s.thread, engines) in live })
        val windowMs = (w.endMillis - w.startMillis).coerceAtLeast(1)
        val livePerUserRate = live.sumOf { e -> byEngine.getValue(e).count { it.endMillis > w.startMillis && it.endMillis <= w.endMillis } }
            .toDouble() / windowMs / (live.size * usersPerEngine).coerceAtLeast(1)
        var lostTotal = 0L
        val shares = engines.map { e ->
            val own = byEngine.getValue(e).filter { it.endMillis > w.startMillis && it.endMillis <= w.endMillis }
            val part = JmeterWindow.count(own)
            val lost = if (e !in stopped) {
                0L
            } else {
                val last = byEngine.getValue(e).maxOfOrNull { it.endMillis } ?: w.startMillis
                val from = last.coerceIn(w.startMillis, w.endMillis)
                val sentFor = from - w.startMillis
                val rate = if (own.isNotEmpty() && sentFor > 0) own.size.toDouble() / sentFor else livePerUserRate * usersPerEngine
                // at least one request per user: a user whose engine stopped lost at least the request it was sending
                if (from >= w.endMillis) 0L else maxOf(Math.round(rate * (w.endMillis - from)), usersPerEngine.toLong())
            }
            lostTotal += lost
            EngineShare(e.toString(), usersPerEngine, part.first, part.second.total, lost, e !in stopped)
        }
        return w.copy(errors = w.errors + Errors(engine = lostTotal)) to shares
    }

    /** Receives every sample in this JVM: a [Remoteable] listener, so in distributed mode the engines send their samples to it. */
    private class Collector :
        SampleListener,
        Remoteable {
        val samples = ConcurrentLinkedQueue<Sample>()
        override fun sampleOccurred(e: SampleEvent) {
            val r = e.result
            samples += Sample(r.sampleLabel, r.threadName, r.startTime, r.time.toInt(), r.latency.toInt(), r.isSuccessful, r.responseCode)
        }
        override fun sampleStarted(e: SampleEvent) {}
        override fun sampleStopped(e: SampleEvent) {}
    }
}
