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
 * One level's samples reduced to the figures of a results row. Requests the level should have sent but
 * did not (a level stopped by its timeout) count as errors; throughput counts successful requests only.
 */
data class LevelSummary(val requests: Int, val errors: Int, val throughput: Double, val latency: Distribution, val ttfb: Distribution,
                        val wallSeconds: Double, val startMillis: Long, val endMillis: Long) {
    companion object {
        fun of(samples: List<Sample>, level: LoadLevel): LevelSummary {
            val expected = level.users * level.requestsPerUser
            if (samples.isEmpty()) return LevelSummary(expected, expected, 0.0, Distribution.EMPTY, Distribution.EMPTY, 0.0, 0, 0)
            val ok = samples.filter { it.success }
            val start = samples.minOf { it.startMillis }
            val end = samples.maxOf { it.startMillis + it.elapsedMs }
            val wall = (end - start).coerceAtLeast(1) / 1000.0
            val sent = maxOf(expected, samples.size)
            return LevelSummary(sent, sent - ok.size, ok.size / wall, Distribution.of(ok.map { it.elapsedMs }),
                Distribution.of(ok.map { it.latencyMs }), wall, start, end)
        }
    }
}
