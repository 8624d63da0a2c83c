package pssr.bench

/** Distribution figures of a set of times (ms): nearest-rank percentiles. */
data class Distribution(val mean: Double, val p50: Double, val p90: Double, val p99: Double, val max: Double) {
    companion object {
        val EMPTY = Distribution(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)

        fun of(values: List<Int>): Distribution {
            if (values.isEmpty()) return EMPTY
            val sorted = values.sorted()
            fun rank(p: Double) = sorted[(Math.ceil(p / 100.0 * sorted.size).toInt() - 1).coerceIn(0, sorted.size - 1)].toDouble()
            return Distribution(sorted.average(), rank(50.0), rank(90.0), rank(99.0), sorted.last().toDouble())
        }
    }
}

/**
 * One level's samples reduced to the figures of a results row.
 *
 * Each user's first request of a level is its warm-up and is not measured: JMeter starts a new thread with
 * a new connection per user and level, and at 128 users that start-up (thread, HTTP client, TCP connect on a
 * busy machine) put multi-second outliers into p99 and throughput that belong to the driver, not the server.
 * The measured window opens when every user has finished its first request. Errors count over all requests
 * (a failed first request is still an error); requests the level should have sent but did not (a level cut
 * by its timeout) are errors too; throughput counts successful measured requests per second of the window.
 */
data class LevelSummary(val requests: Int, val errors: Int, val throughput: Double, val latency: Distribution, val ttfb: Distribution,
                        val wallSeconds: Double, val startMillis: Long, val endMillis: Long) {
    companion object {
        fun of(samples: List<Sample>, level: LoadLevel): LevelSummary {
            val expected = level.users * level.requestsPerUser
            if (samples.isEmpty()) return LevelSummary(expected, expected, 0.0, Distribution.EMPTY, Distribution.EMPTY, 0.0, 0, 0)
            val sent = maxOf(expected, samples.size)
            val errors = sent - samples.count { it.success }
            val firsts = samples.groupBy { it.thread }.values.map { perUser -> perUser.minBy { it.startMillis } }.toSet()
            val measured = if (level.requestsPerUser > 1) samples - firsts else samples
            val start = if (level.requestsPerUser > 1) firsts.maxOf { it.startMillis + it.elapsedMs } else samples.minOf { it.startMillis }
            val window = measured.filter { it.startMillis + it.elapsedMs >= start }
            val end = (window.ifEmpty { samples }).maxOf { it.startMillis + it.elapsedMs }
            val wall = (end - start).coerceAtLeast(1) / 1000.0
            val ok = window.filter { it.success }
            return LevelSummary(sent, errors, ok.size / wall, Distribution.of(ok.map { it.elapsedMs }),
                Distribution.of(ok.map { it.latencyMs }), wall, start, end)
        }
    }
}
