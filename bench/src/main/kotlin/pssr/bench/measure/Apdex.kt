package pssr.bench.measure

import org.HdrHistogram.Histogram
import pssr.bench.console.Fmt

/**
 * The Application Performance Index as JMeter's dashboard computes it: a sample is *satisfied* when it took at most
 * [tMs], *tolerating* when at most [fMs], *frustrated* otherwise, and every failed sample is frustrated whatever its
 * time; `apdex = (satisfied + tolerating / 2) / samples`. Defaults are JMeter's (T = 500 ms, F = 1,500 ms), the
 * thresholds seed 004's figures show.
 */
data class Apdex(val score: Double, val satisfied: Long, val tolerating: Long, val frustrated: Long, val tMs: Long, val fMs: Long) {
    override fun toString(): String = if (score.isNaN()) "-" else "${Fmt.fixed(score, 3)} (T $tMs ms, F $fMs ms)"

    companion object {
        const val T_MS = 500L
        const val F_MS = 1500L

        /**
         * From [ok], the histogram of correct samples (µs, as [Latency]), and [samples], all samples including failures.
         * Latencies are whole milliseconds (JMeter's); the histogram's buckets are at most 256 µs wide below 1,048 ms, so
         * there a sample of exactly T is satisfied and one of T + 1 ms is not. Above it buckets are 1,024 µs wide: exact for
         * F = 1,500 ms (tested), while a threshold such as 1,536 ms shares its bucket with the next millisecond.
         */
        fun of(ok: Histogram, samples: Long, tMs: Long = T_MS, fMs: Long = F_MS): Apdex {
            require(tMs in 1..fMs) { "Apdex needs 0 < T <= F, were $tMs, $fMs" }
            if (samples == 0L) return Apdex(Double.NaN, 0, 0, 0, tMs, fMs)
            val satisfied = ok.getCountBetweenValues(0, tMs * 1000)
            val tolerating = ok.getCountBetweenValues(0, fMs * 1000) - satisfied
            val frustrated = samples - satisfied - tolerating
            return Apdex((satisfied + tolerating / 2.0) / samples, satisfied, tolerating, frustrated, tMs, fMs)
        }
    }
}
