package pssr.bench.measure

import org.HdrHistogram.Histogram
import pssr.probe.StreamProbe
import java.time.Duration
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.Semaphore

/** What the side probe saw during one window: time to first byte, to first item, to last byte (ms). */
data class ProbeFigures(
    val samples: Int,
    val failed: Int,
    val ttfb: LatencySummary,
    val firstItem: LatencySummary,
    val lastByte: LatencySummary,
) {
    companion object {
        val NONE = ProbeFigures(0, 0, LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY)
    }
}

/** A probe that runs beside the driver through the measured window; [finish] stops it and gives what it saw. */
interface WindowProbe<P> : AutoCloseable {
    fun finish(): P

    /** At the window's end: starts no more samples (those in flight end in [finish]). */
    fun stopStarting() {}
}

/**
 * The side probes' schedule: [sample] runs on its own thread, one request at a time, starting one every [interval] (if
 * a request takes longer than the interval, the next starts when it ends: a probe never adds more than one request to
 * the load), until [finish]. [sample] records what it saw; an exception is a failed sample, counted by the caller. A long
 * page ([ProbeSchedule.of]) would give one sample per page time so: there up to [inFlight] requests run at once, each on a
 * virtual thread of its own, one started every [interval].
 */
class ProbeLoop(
    private val interval: Duration,
    private val timeout: Duration,
    private val inFlight: Int = 1,
    private val sample: () -> Unit,
) : AutoCloseable {
    @Volatile private var running = true
    private val slots = Semaphore(inFlight)
    private val samplers = ConcurrentHashMap.newKeySet<Thread>()
    private val thread = Thread.ofPlatform().daemon().name("pssr-side-probe").start { loop() }

    private fun loop() {
        var next = System.nanoTime()
        while (running) {
            val wait = next - System.nanoTime()
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (wait % 1_000_000).toInt())
                } catch (e: InterruptedException) {
                    return
                }
            }
            if (!running) return
            next += interval.toNanos()
            if (inFlight == 1) {
                sample()
            } else {
                try {
                    slots.acquire()
                } catch (e: InterruptedException) {
                    return
                }
                if (!running) {
                    slots.release()
                    return
                }
                samplers += Thread.ofVirtual().name("pssr-side-probe-sample").start {
                    try {
                        sample()
                    } finally {
                        samplers -= Thread.currentThread()
                        slots.release()
                    }
                }
            }
            if (System.nanoTime() > next) next = System.nanoTime()
        }
    }

    /** Starts no more samples; those in flight go on to their end (what [finish] waits for). */
    fun stopStarting() {
        running = false
        thread.interrupt()
    }

    /** Stops now: no wait for the next slot, only for the requests in flight (bounded by the timeout; blocking socket reads ignore the
     * interrupt). */
    fun finish() {
        stopStarting()
        val until = System.currentTimeMillis() + timeout.toMillis() + 1000
        thread.join(timeout.toMillis() + 1000)
        for (t in samplers.toList()) t.join(Duration.ofMillis((until - System.currentTimeMillis()).coerceAtLeast(1)))
    }

    override fun close() = stopStarting()
}

/**
 * How a side probe samples a page of [pageSeconds] (at the source, unloaded): one request every 200 ms, one at a time,
 * within 10 s, for a page of pssr's own 1 ms cadence; a long page (a second per page or more: one request at a time would
 * sample it once per page) up to one request in flight per 200 ms of the page, within 3 page times and 30 s.
 */
data class ProbeSchedule(val interval: Duration, val timeout: Duration, val inFlight: Int) {
    companion object {
        private val INTERVAL = Duration.ofMillis(200)
        val SHORT = ProbeSchedule(INTERVAL, Duration.ofSeconds(10), 1)

        fun of(pageSeconds: Double): ProbeSchedule = if (pageSeconds < 1.0) {
            SHORT
        } else {
            ProbeSchedule(
                INTERVAL,
                Duration.ofMillis((pageSeconds * 3000).toLong() + 30_000),
                (pageSeconds * 1000 / INTERVAL.toMillis()).toInt().coerceIn(2, 100),
            )
        }
    }
}

/**
 * Streaming under load: while the driver loads a route, this probe requests the same route, one request at
 * a time on its own connection ([ProbeLoop]). The chunk-timing client timestamps the first byte, the first item (the
 * model's item marker) and the last byte, so each level shows whether the first item still arrives early when the
 * server is busy.
 */
class SideProbe(
    private val host: String,
    private val port: Int,
    private val pathAndQuery: String,
    private val itemMarker: String,
    schedule: ProbeSchedule = ProbeSchedule.SHORT,
) : WindowProbe<ProbeFigures> {
    private val timeout = schedule.timeout
    private val ttfb = Latency.histogram()
    private val firstItem = Latency.histogram()
    private val lastByte = Latency.histogram()
    private var samples = 0
    private var failed = 0
    private val loop = ProbeLoop(schedule.interval, schedule.timeout, schedule.inFlight) { sample() }

    private fun sample() {
        try {
            val r = StreamProbe.get(host, port, pathAndQuery, itemMarker, timeout)
            synchronized(this) {
                samples++
                if (r.status != 200 || !r.complete || r.firstItemMillis == null) {
                    failed++
                    return
                }
                record(ttfb, r.firstByteMillis)
                record(firstItem, r.firstItemMillis!!)
                record(lastByte, r.lastByteMillis)
            }
        } catch (e: Exception) {
            synchronized(this) {
                samples++
                failed++
            }
        }
    }

    /** Stops probing (waiting for a request in flight) and returns what was seen. */
    override fun finish(): ProbeFigures {
        loop.finish()
        return synchronized(this) {
            ProbeFigures(samples, failed, LatencySummary.of(ttfb), LatencySummary.of(firstItem), LatencySummary.of(lastByte))
        }
    }

    override fun stopStarting() = loop.stopStarting()

    override fun close() = loop.close()

    companion object {
        /** Milliseconds into a latency histogram (µs, at least 1). */
        fun record(h: Histogram, ms: Double) = h.recordValue((ms * 1000).toLong().coerceAtLeast(1))
    }
}
