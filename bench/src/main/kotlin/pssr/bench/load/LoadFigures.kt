package pssr.bench.load

import pssr.bench.report.Figure
import pssr.probe.Chunk

/** The charts of `./pssr load`'s report.html, per load model: drawn in the browser from the page's data (report/Figure.kt). */
internal object LoadFigures {
    fun of(s: LoadSummary, model: String, timelines: Map<String, List<Chunk>>): List<Figure> {
        val open = model == "open"
        val xName = if (open) "req/s offered" else "users"
        val xLabel = if (open) "requests per second offered (measured levels)" else "concurrent users (measured levels)"
        fun levels(metric: (PageLevel) -> Figure.Point) =
            s.pages.map { p -> Figure.Series("${p.label} ${p.url.path}", s.levelsOf(p.label, model).map(metric)) }
        fun note(l: PageLevel) = listOfNotNull(
            l.verdict?.let { "side probe: ${it.label}" },
            if (l.errors > 0) "${l.errors} failed of ${l.requests} requests" else null,
            if (l.driverBound) "driver-bound: the driver, not the server, limited this level" else null,
        ).joinToString("; ").ifEmpty { null }
        fun median(l: PageLevel, v: Double) = Figure.Point(l.level.toDouble(), v, n = l.rows.size, note = note(l))
        val id = "load-$model"
        val top = s.levelsOf("A", model).lastOrNull()?.level
        val chunks = s.pages.map { p -> "${p.label} unloaded" to p.unloaded.chunks.map { it.atMillis to it.bytes } } +
            s.pages.map { p -> "${p.label} at $top" to timelines["${p.label} $model $top"].orEmpty().map { it.atMillis to it.bytes } }
        return listOf(
            Figure(
                "$id-throughput",
                "Throughput (mean of the repetitions)",
                xName,
                xLabel,
                "correct responses per second",
                levels { l ->
                    Figure.Point(l.level.toDouble(), l.throughput.mean, l.throughput.ci?.low, l.throughput.ci?.high, l.rows.size, note(l))
                },
            ),
            Figure(
                "$id-p99",
                "Latency p99 (driver, every request; median of the repetitions)",
                xName,
                xLabel,
                "ms",
                levels { median(it, it.latencyP99Ms) },
                log = true,
            ),
            Figure(
                "$id-first-content",
                "First visible content p99 (side probe; median of the repetitions)",
                xName,
                xLabel,
                "ms",
                levels { median(it, it.firstContentP99Ms) },
                log = true,
            ),
            Figure(
                "$id-chunks",
                "Chunk timeline: unloaded and at the highest level (the side probe's median sample)",
                "ms",
                "ms after the request",
                "bytes received",
                chunks.filter { it.second.isNotEmpty() }.map { (name, cs) -> Figure.Series(name, cumulative(cs)) },
                continuous = true,
            ),
        ).filter { it.drawable }
    }

    /** Bytes received by each chunk's arrival, from zero at the request. */
    private fun cumulative(chunks: List<Pair<Double, Int>>): List<Figure.Point> {
        var total = 0L
        return listOf(Figure.Point(0.0, 0.0)) + chunks.sortedBy { it.first }.map { (t, b) ->
            total += b
            Figure.Point(t, total.toDouble())
        }
    }
}
