package pssr.bench.measure

import org.HdrHistogram.Histogram
import pssr.probe.StreamProbe
import java.time.Duration

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
}

/**
 * The side probes' schedule: [sample] runs on its own thread, one request at a time, starting one every [interval] (if
 * a request takes longer than the interval, the next starts when it ends: a probe never adds more than one request to
 * the load), until [finish]. [sample] records what it saw; an exception is a failed sample, counted by the caller.
 */
class ProbeLoop(private val interval: Duration, private val timeout: Duration, private val sample: () -> Unit) : AutoCloseable {
    @Volatile private var running = true
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
            sample()
            if (System.nanoTime() > next) next = System.nanoTime()
        }
    }

    /** Stops now: no wait for the next slot, only for the request in flight (bounded by the timeout; blocking socket reads ignore the
     * interrupt). */
    fun finish() {
        running = false
        thread.interrupt()
        thread.join(timeout.toMillis() + 1000)
    }

    override fun close() {
        running = false
        thread.interrupt()
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
    interval: Duration = Duration.ofMillis(200),
    private val timeout: Duration = Duration.ofSeconds(10),
) : WindowProbe<ProbeFigures> {
    private val ttfb = Latency.histogram()
    private val firstItem = Latency.histogram()
    private val lastByte = Latency.histogram()
    private var samples = 0
    private var failed = 0
    private val loop = ProbeLoop(interval, timeout) { sample() }

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

    override fun close() = loop.close()

    companion object {
        /** Milliseconds into a latency histogram (µs, at least 1). */
        fun record(h: Histogram, ms: Double) = h.recordValue((ms * 1000).toLong().coerceAtLeast(1))
    }
}
