package pssr.bench.measure

import java.lang.management.GarbageCollectorMXBean
import java.lang.management.ManagementFactory
import java.lang.management.MemoryMXBean
import java.lang.management.ThreadMXBean
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CopyOnWriteArrayList
import javax.management.MBeanServerConnection
import javax.management.remote.JMXConnector

/** One reading of the server process. */
data class ResourceSample(val atMillis: Long, val cpuTicks: Long, val rssKb: Long, val heapUsed: Long, val gcMillis: Long, val threads: Int)

/** The server's live heap after a full GC and its RSS (MB), and its OS threads, at one moment ([ResourceSampler.memoryNow]). */
data class MemoryReading(val liveHeapMb: Double, val rssMb: Double, val osThreads: Int) {
    companion object {
        val NONE = MemoryReading(Double.NaN, Double.NaN, -1)
    }
}

/** One point of a level's resource timeline (timeline.csv). */
data class TimelinePoint(val seconds: Double, val cpuPct: Double, val heapMb: Double, val gcMs: Double, val threads: Int)

/** Resource figures of one time window (a load level). */
data class ResourceUse(
    val cpuPctMean: Double,
    val cpuPctPeak: Double,
    val rssMbPeak: Double,
    val heapMbMean: Double,
    val heapMbPeak: Double,
    val gcMs: Double,
    val threadsMean: Double,
    val threadsPeak: Int,
) {
    companion object {
        val NONE = ResourceUse(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0)
    }
}

/**
 * Samples a server JVM every [periodMillis] (100 ms) for as long as it runs: CPU time and RSS from
 * `/proc/<pid>`, heap used, GC time and live platform threads from the JVM itself (JMX, reached through the
 * attach API's local management agent — no port to open). Each sample is stamped before it is read, so a
 * slow JMX round trip cannot shift it later than what it measured. The thread count includes the few
 * threads the JMX connection itself keeps in the server (RMI and JMX workers, 3-5): it is an observer's
 * count, stated as such in docs/RESULTS.md. Nothing is estimated; if the JVM cannot be attached, the JVM
 * columns are NaN and the /proc columns still count.
 */
class ResourceSampler(private val pid: Long, private val periodMillis: Long = 100) : AutoCloseable {
    private val samples = CopyOnWriteArrayList<ResourceSample>()
    private val connector: JMXConnector? = Jmx.connect(pid)
    private val connection: MBeanServerConnection? = connector?.mBeanServerConnection
    private val memory = connection?.let {
        ManagementFactory.newPlatformMXBeanProxy(it, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean::class.java)
    }
    private val threads = connection?.let {
        ManagementFactory.newPlatformMXBeanProxy(it, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean::class.java)
    }
    private val gcs = connection?.let { ManagementFactory.getPlatformMXBeans(it, GarbageCollectorMXBean::class.java) } ?: emptyList()

    @Volatile private var running = true
    private val thread = Thread({
        while (running) {
            sample()
            Thread.sleep(periodMillis)
        }
    }, "pssr-resource-sampler").apply {
        isDaemon =
            true
        start()
    }

    val jvmAttached get() = connection != null

    /** Records pinned virtual threads over this same JMX connection (null when the JVM could not be attached). */
    fun pinningRecorder(dir: Path): PinningRecorder? = connection?.let { PinningRecorder(it, dir) }

    private fun sample() {
        try {
            val at = System.currentTimeMillis()
            val ticks = ProcessCpu.ticks(pid).also { if (it < 0) throw IllegalStateException("process gone") }
            val rss = Files.readAllLines(Path.of("/proc/$pid/status")).firstOrNull { it.startsWith("VmRSS:") }
                ?.split(Regex("\\s+"))?.getOrNull(1)?.toLong() ?: 0
            val heap = try {
                memory?.heapMemoryUsage?.used ?: -1
            } catch (e: Exception) {
                -1
            }
            val gc = try {
                gcs.sumOf { it.collectionTime.coerceAtLeast(0) }
            } catch (e: Exception) {
                -1
            }
            val live = try {
                threads?.threadCount ?: -1
            } catch (e: Exception) {
                -1
            }
            samples += ResourceSample(at, ticks, rss, heap, gc, live)
        } catch (e: Exception) {
            running = false // process gone: stop sampling quietly
        }
    }

    /**
     * The readings of the window [fromMillis, toMillis] as a time series: seconds since the window began, CPU %
     * of one core over the interval up to each reading, heap used, GC time since the window began, live threads.
     */
    fun timeline(fromMillis: Long, toMillis: Long): List<TimelinePoint> {
        val points = listOfNotNull(samples.lastOrNull { it.atMillis < fromMillis }) + samples.filter { it.atMillis in fromMillis..toMillis }
        if (points.size < 2) return emptyList()
        val gc0 = points.first().gcMillis
        return points.zipWithNext { a, b ->
            TimelinePoint(
                (b.atMillis - fromMillis) / 1000.0,
                (b.cpuTicks - a.cpuTicks) * 1000.0 / ProcessCpu.CLOCK_TICKS / (b.atMillis - a.atMillis).coerceAtLeast(1) * 100,
                if (b.heapUsed < 0) Double.NaN else b.heapUsed / 1048576.0,
                if (b.gcMillis < 0 || gc0 < 0) Double.NaN else (b.gcMillis - gc0).toDouble(),
                b.threads,
            )
        }
    }

    /** Figures for the window [fromMillis, toMillis] (epoch ms). */
    fun use(fromMillis: Long, toMillis: Long): ResourceUse {
        val window = samples.filter { it.atMillis in fromMillis..toMillis }
        // the readings just outside the window bound it, so even a level shorter than the period gets a rate
        val points = listOfNotNull(samples.lastOrNull { it.atMillis < fromMillis }) + window +
            listOfNotNull(samples.firstOrNull { it.atMillis > toMillis })
        if (points.size < 2) return ResourceUse.NONE
        val cpu = points.zipWithNext { a, b ->
            (b.cpuTicks - a.cpuTicks) * 1000.0 / ProcessCpu.CLOCK_TICKS / (b.atMillis - a.atMillis)
                .coerceAtLeast(1) * 100
        }
        val inside = window.ifEmpty { points }
        val gc = if (points.first().gcMillis >= 0 && points.last().gcMillis >= 0) {
            (points.last().gcMillis - points.first().gcMillis)
                .toDouble()
        } else {
            Double.NaN
        }

        // means weighted by time: each sample stands for the interval up to the next one
        fun timeWeighted(value: (ResourceSample) -> Double): Double {
            val known = points.filter { value(it) >= 0 }
            if (known.size < 2) return known.firstOrNull()?.let(value) ?: Double.NaN
            val spans = known.zipWithNext { a, b -> value(a) * (b.atMillis - a.atMillis) to (b.atMillis - a.atMillis) }
            val total = spans.sumOf { it.second }
            return if (total <= 0) value(known.first()) else spans.sumOf { it.first } / total
        }
        val heaps = inside.map { it.heapUsed }.filter { it >= 0 }.map { it / 1048576.0 }
        val cpuMean = (points.last().cpuTicks - points.first().cpuTicks) * 1000.0 / ProcessCpu.CLOCK_TICKS /
            (points.last().atMillis - points.first().atMillis).coerceAtLeast(1) * 100
        return ResourceUse(
            cpuMean,
            cpu.max(),
            inside.maxOfOrNull { it.rssKb / 1024.0 } ?: Double.NaN,
            timeWeighted { if (it.heapUsed < 0) -1.0 else it.heapUsed / 1048576.0 },
            heaps.maxOrNull() ?: Double.NaN,
            gc,
            timeWeighted { it.threads.toDouble() },
            inside.maxOfOrNull { it.threads } ?: 0,
        )
    }

    /**
     * The server's memory and OS threads now: its live heap right after a full collection it is asked for (JMX's
     * `MemoryMXBean.gc()`, i.e. `System.gc()`: what the heap holds, not the garbage the collector has not reached yet),
     * its RSS and its OS threads (`/proc/<pid>/status`, virtual threads' carriers and the JVM's own included). NaN where
     * unreadable.
     */
    fun memoryNow(): MemoryReading {
        val heap = try {
            memory?.let {
                it.gc()
                it.heapMemoryUsage.used / 1048576.0
            } ?: Double.NaN
        } catch (e: Exception) {
            Double.NaN
        }
        val status = try {
            Files.readAllLines(Path.of("/proc/$pid/status"))
        } catch (e: Exception) {
            emptyList()
        }
        fun field(name: String) = status.firstOrNull { it.startsWith("$name:") }?.split(Regex("\\s+"))?.getOrNull(1)?.toDoubleOrNull()
        return MemoryReading(heap, field("VmRSS")?.div(1024) ?: Double.NaN, field("Threads")?.toInt() ?: -1)
    }

    /** The server's RSS before any load: the first reading, taken when it was started (MB; NaN without one). */
    val idleRssMb: Double get() = samples.firstOrNull()?.let { it.rssKb / 1024.0 } ?: Double.NaN

    override fun close() {
        running = false
        thread.join(2 * periodMillis)
        try {
            connector?.close()
        } catch (_: Exception) {}
    }
}
