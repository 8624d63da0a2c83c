package pssr.bench.measure

import org.HdrHistogram.Histogram
import java.nio.ByteBuffer
import java.util.Base64

/**
 * Latency distributions, in microseconds, as HdrHistogram (3 significant digits). This is the tool's one
 * percentile definition for latencies: [Histogram.getValueAtPercentile] (the smallest recorded value such
 * that p% of all recorded values are at or below it, to the histogram's precision). Histograms of
 * several repetitions merge exactly ([merge]), so a p99.9 over five repetitions is the p99.9 of all
 * their requests, not an average of five p99.9s.
 */
object Latency {
    /** Highest trackable value: 10 minutes in µs (responses time out long before). */
    const val HIGHEST_US = 600_000_000L

    fun histogram(): Histogram = Histogram(1, HIGHEST_US, 3)

    /** One histogram from `value:count` pairs in µs (wrk's whole latency record, see check.lua). */
    fun fromPairs(text: String): Histogram = histogram().also { h ->
        for (pair in text.split(' ')) {
            if (pair.isBlank()) continue
            val (v, c) = pair.split(':').map { it.toLong() }
            h.recordValueWithCount(v.coerceIn(1, HIGHEST_US), c)
        }
    }

    fun merge(hs: Collection<Histogram>): Histogram = histogram().also { m -> hs.forEach { m.add(it) } }

    /** Compressed and base64-encoded, for one CSV field. */
    fun encode(h: Histogram): String {
        val buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity())
        val n = h.encodeIntoCompressedByteBuffer(buf)
        return Base64.getEncoder().encodeToString(buf.array().copyOf(n))
    }

    fun decode(text: String): Histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0)
}

/** The figures of one latency distribution, in milliseconds; NaN when nothing was recorded. */
data class LatencySummary(
    val count: Long,
    val mean: Double,
    val p50: Double,
    val p90: Double,
    val p99: Double,
    val p999: Double,
    val max: Double,
) {
    companion object {
        val EMPTY = LatencySummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)

        fun of(h: Histogram): LatencySummary {
            if (h.totalCount == 0L) return EMPTY
            fun ms(us: Long) = us / 1000.0
            return LatencySummary(
                h.totalCount,
                h.mean / 1000.0,
                ms(h.getValueAtPercentile(50.0)),
                ms(h.getValueAtPercentile(90.0)),
                ms(h.getValueAtPercentile(99.0)),
                ms(h.getValueAtPercentile(99.9)),
                ms(h.maxValue),
            )
        }
    }
}
