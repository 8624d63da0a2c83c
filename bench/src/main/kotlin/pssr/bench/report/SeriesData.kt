package pssr.bench.report

import org.HdrHistogram.Histogram
import pssr.bench.console.Fmt
import pssr.bench.measure.TimelinePoint
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck

/**
 * The page's data behind its charts over time and over percentiles (series.js draws them): each route's server resources
 * over its measured windows (timeline.csv), each route's response at a slow source (verification.csv) and each route and
 * level's latency distribution (histograms.csv). Compact on purpose: a table's columns once, then rows of numbers.
 */
internal object SeriesData {
    /** The columns of a [Timeline]'s rows: seconds since its first window began, CPU % of one core, GC % of time, heap MB, threads. */
    val timelineColumns = listOf("s", "cpu", "gc", "heap", "threads")

    /** Where the latency curves are read: 1 / (1 - percentile), so 2 is p50, 10 is p90, 10000 is p99.99 (a log axis spreads the nines). */
    val percentileAxis = listOf(2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 2000, 3000, 5000, 10000)

    /** One route's resource readings (the element [id] draws them), its levels' windows back to back; [starts]: users to second. */
    class Timeline(val id: String, val title: String, val starts: List<Pair<Int, Double>>, val rows: List<List<Number>>) {
        fun json() = mapOf("id" to id, "title" to title, "levels" to starts.map { listOf(it.first, it.second) }, "rows" to rows)
    }

    /** [levels]' readings (users to points, first repetition) as one timeline, or null with no readings. */
    fun timeline(id: String, title: String, levels: List<Pair<Int, List<TimelinePoint>>>): Timeline? {
        val ordered = levels.filter { it.second.isNotEmpty() }.sortedBy { it.first }
        if (ordered.isEmpty()) return null
        val rows = ArrayList<List<Number>>()
        val starts = ArrayList<Pair<Int, Double>>()
        var offset = 0.0
        for ((users, points) in ordered) {
            starts += users to round(offset, 100)
            var before: TimelinePoint? = null
            for (p in points) {
                // GC time is cumulative over the window: its share of each interval, in % of wall time
                val dt = (p.seconds - (before?.seconds ?: 0.0)) * 1000
                val gcBefore = before?.gcMs ?: 0.0
                val gc = if (dt > 0 && p.gcMs.isFinite() && gcBefore.isFinite()) (p.gcMs - gcBefore) / dt * 100 else 0.0
                rows +=
                    listOf(
                        round(offset + p.seconds, 100),
                        round(p.cpuPct, 10),
                        round(gc.coerceAtLeast(0.0), 10),
                        round(p.heapMb, 10),
                        p.threads,
                    )
                before = p
            }
            offset += points.last().seconds
        }
        return Timeline(id, title, starts, rows)
    }

    /** verification.csv's routes in the section's order: route, verdict, first byte, first item, last byte (ms), chunks [ms, bytes]. */
    fun verification(checks: List<RouteCheck>) = checks.map { c ->
        mapOf(
            "fw" to c.framework,
            "route" to "${c.model}/${c.engine}/${c.approach}",
            "verdict" to c.verdict,
            "ttfb" to Fmt.json(c.ttfbMs),
            "firstItem" to Fmt.json(c.firstItemMs),
            "lastByte" to Fmt.json(c.lastByteMs),
            "chunks" to VerificationSection.chunks(c.timeline).map { listOf(it.first, it.second) },
        )
    }

    /**
     * Each route and level's latency distribution, its repetitions' histograms merged: ms at each of [percentileAxis].
     * Levels without a histogram are left out.
     */
    fun latency(rows: List<ResultRow>, histograms: Map<String, Histogram>): List<Map<String, Any?>> =
        rows.groupBy { listOf(it.frameworkLabel, it.model, it.engine, it.approach, it.users.toString()) }.mapNotNull { (k, rs) ->
            val hs = rs.mapNotNull { histograms[it.key] }
            if (hs.isEmpty()) return@mapNotNull null
            val merged = hs.first().copy().apply { setAutoResize(true) }
            hs.drop(1).forEach(merged::add)
            if (merged.totalCount == 0L) return@mapNotNull null
            mapOf(
                "fw" to k[0],
                "model" to k[1],
                "engine" to k[2],
                "approach" to k[3],
                "users" to k[4].toInt(),
                "n" to merged.totalCount,
                "ms" to percentileAxis.map { x -> Fmt.json(merged.getValueAtPercentile(100.0 - 100.0 / x) / 1000.0) },
            )
        }

    private fun round(v: Double, per: Int): Double = if (v.isFinite()) Math.round(v * per).toDouble() / per else 0.0
}
