package pssr.bench.measure

import org.HdrHistogram.Histogram

/**
 * The measured part of one JMeter window, from its samples.
 *
 * JMeter starts a thread and a connection per user, and at 128 users on two busy cores that start-up put
 * multi-second outliers into p99 that belong to JMeter, not the server. So each user's first request is its
 * own warm-up and is not measured, and the window covers only the time when every user was sending:
 * it opens when the last user's first request ended, counting only first requests that succeeded (a user
 * whose first request failed or timed out is left out of that maximum, so one timed-out request cannot
 * shrink a 128-user level to the few requests after it) and closes when the first user finished its last request (after that fewer users
 * were sending). Requests that ended inside the window are measured: every one of them goes into the
 * latency histogram, failed ones included; throughput counts the correct ones per second of the window.
 */
data class JmeterWindow(val completed: Long, val errors: Errors, val latency: Histogram, val startMillis: Long, val endMillis: Long) {
    val seconds: Double get() = (endMillis - startMillis).coerceAtLeast(1) / 1000.0

    companion object {
        /**
         * [windowFrom] picks the users whose sending bounds the window (all of them on one engine; with remote engines,
         * those of the engines that kept sending to the end, see [RemoteEngines.window]).
         */
        fun of(samples: List<Sample>, windowFrom: (Sample) -> Boolean = { true }): JmeterWindow {
            if (samples.isEmpty()) return JmeterWindow(0, Errors(), Latency.histogram(), 0, 0)
            val byUser = samples.groupBy { it.thread }.values.map { it.sortedBy { s -> s.startMillis } }
            val firsts = byUser.map { it.first() }.toSet()
            val bounding = byUser.filter { windowFrom(it.first()) }.ifEmpty { byUser }
            val steady = bounding.map { it.first() }.filter { it.success }
            var start = if (steady.isEmpty()) samples.minOf { it.startMillis } else steady.maxOf { it.endMillis }
            var end = bounding.minOf { it.last().endMillis }
            if (end <= start) { // too few requests per user to have a window where all were sending
                start = samples.minOf { it.startMillis }
                end = samples.maxOf { it.endMillis }
            }
            val measured = samples.filter { it !in firsts && it.endMillis > start && it.endMillis <= end }
            val latency = Latency.histogram().also { h -> measured.forEach { h.recordValue((it.elapsedMs * 1000L).coerceAtLeast(1)) } }
            val (answered, e) = count(measured)
            return JmeterWindow(answered, e, latency, start, end)
        }

        /** Answers (right or wrong) among [samples], and their errors by kind. */
        fun count(samples: List<Sample>): Pair<Long, Errors> {
            var e = Errors()
            var answered = 0L
            for (s in samples) {
                val code = s.code.toIntOrNull()
                if (code != null) answered++
                e += when {
                    code != null && code != 200 -> Errors(status = 1)
                    code != null && !s.success -> Errors(content = 1)
                    code != null -> Errors()
                    s.code.contains("Timeout", ignoreCase = true) -> Errors(timeout = 1)
                    s.code.contains("Connect", ignoreCase = true) -> Errors(connect = 1)
                    else -> Errors(read = 1)
                }
            }
            return answered to e
        }
    }
}
