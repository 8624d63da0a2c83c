package pssr.bench.report

import pssr.bench.claims.Claim
import pssr.bench.claims.Evidence
import pssr.bench.claims.Judgement
import pssr.bench.claims.Verdict
import pssr.bench.console.Fmt
import pssr.bench.paper.PaperFigures
import pssr.bench.results.ResultColumns
import pssr.bench.results.ResultRow
import pssr.bench.stats.Stats
import pssr.probe.Jackson

/**
 * The one data file of report.html: the run's rows summarised per route and level (median, 95% interval, n of every
 * metric the charts switch between), the paper's figures, the charts each section draws, the claims with the routes
 * and levels each was judged on, results.csv's rows as they are, and [SeriesData]'s timelines, verification and latency
 * distributions. Written once into the page as
 * `<script type="application/json" id="pssr-data">`; explorer.js draws every chart from it.
 */
internal object ExplorerData {
    /** A metric a chart can show: its key in a level's JSON, its label, its unit, and how it reads each repetition's row. */
    class Metric(val key: String, val label: String, val log: Boolean, val of: (ResultRow) -> Double)

    val metrics = listOf(
        Metric("tput", "throughput (req/s)", false) { it.throughputRps },
        Metric("p50", "p50 latency (ms)", true) { it.latencyP50Ms },
        Metric("p99", "p99 latency (ms)", true) { it.latencyP99Ms },
        Metric("fi99", "first item under load, p99 (ms, side probe)", true) { it.firstItemP99Ms },
        Metric("srvCpu", "server CPU per request (µs)", false) { it.serverCpuUsPerRequest },
        Metric("drvCpu", "driver CPU per request (µs)", false) { it.driverCpuUsPerRequest },
        Metric("effFloor", "efficiency vs latency floor (%)", false) { r -> Stats.efficiencyVsFloor(r.throughputRps, r.floorRps) * 100 },
        Metric("err", "errors (% of requests)", false) { r -> if (r.requests == 0L) Double.NaN else r.errors * 100.0 / r.requests },
        Metric("cpu", "server CPU, mean during the level (% of one core)", false) { it.cpuPctMean },
        Metric("heap", "heap used, peak (MB)", false) { it.heapMbPeak },
    )

    /** One line of a chart: a route (framework, model, engine, approach) or, with [engine] null, the mean of an approach's engines. */
    data class Line(val framework: String, val model: String, val engine: String?, val approach: String, val style: String = "line") {
        fun json() = mapOf("fw" to framework, "model" to model, "engine" to engine, "approach" to approach, "style" to style)
    }

    /** A chart a section draws: its [id] (an anchor), title, metric, lines, and whether the floor and the paper's points go on it. */
    data class Chart(
        val id: String,
        val title: String,
        val metric: String,
        val lines: List<Line>,
        val floor: Boolean = false,
        val paper: Boolean = false,
    ) {
        fun json() = mapOf(
            "id" to id,
            "title" to title,
            "metric" to metric,
            "lines" to lines.map { it.json() },
            "floor" to floor,
            "paper" to paper,
        )
    }

    /** A claim as the report links it: its verdict and the routes and levels (engine null: an approach's mean) its judgement read. */
    class TracedClaim(val claim: Claim, val judgement: Judgement, val trace: Evidence.Trace) {
        val judged: Boolean get() = judgement.verdict != Verdict.NOT_MEASURED
    }

    fun json(
        d: RunData,
        charts: List<Chart>,
        claims: List<TracedClaim>,
        timelines: List<SeriesData.Timeline> = emptyList(),
        figures: List<Figure> = emptyList(),
    ): String {
        val rowsByLevel = d.rows.groupBy { listOf(it.frameworkLabel, it.model, it.engine, it.approach, it.users.toString()) }
        val levels = d.levels.map { l ->
            val rs = rowsByLevel[listOf(l.framework, l.model, l.engine, l.approach, l.users.toString())].orEmpty()
            val m = LinkedHashMap<String, Any?>()
            m["fw"] = l.framework
            m["model"] = l.model
            m["engine"] = l.engine
            m["approach"] = l.approach
            m["users"] = l.users
            for (metric in metrics) m[metric.key] = summary(rs.map(metric.of))
            m["requests"] = l.requests
            m["errors"] = l.errors
            m["driverBound"] = l.driverBound
            m["floor"] = Fmt.json(l.floorRps)
            m["delay"] = l.itemDelayMs
            m["vsBaseline"] = Fmt.json(d.vsBaseline[l] ?: Double.NaN)
            m
        }
        val data = mapOf(
            "run" to d.name,
            "metrics" to metrics.map { mapOf("key" to it.key, "label" to it.label, "log" to it.log) },
            "levels" to levels,
            "paperLabel" to PaperFigures.LABEL,
            "paper" to PaperFigures.all.map { f ->
                mapOf(
                    "fw" to f.framework,
                    "model" to f.model,
                    "engine" to f.engine,
                    "approach" to f.approach,
                    "series" to f.series,
                    "rps" to f.rps,
                    "users" to f.users,
                )
            },
            "charts" to charts.map { it.json() },
            "claims" to claims.filter { it.judged }.map { c ->
                mapOf(
                    "id" to c.claim.id,
                    "verdict" to c.judgement.verdict.word,
                    "text" to c.claim.text,
                    "ours" to c.judgement.ours,
                    "levels" to c.trace.routes.map { listOf(it.framework, it.model, it.engine, it.approach, it.users) },
                    "parts" to c.trace.parts.toList(),
                )
            },
            "results" to results(d.rows),
            "timelineColumns" to SeriesData.timelineColumns,
            "timelines" to timelines.map { it.json() },
            "verification" to SeriesData.verification(VerificationSection.sorted(d.checks)),
            "latencyAxis" to SeriesData.percentileAxis,
            "latency" to SeriesData.latency(d.rows, d.latency),
            "figures" to figures.map { it.json() },
        )
        // inside <script> only "</script" or "<!--" could end the element: no '<' is left in the JSON text ("\u003c" in strings)
        return Jackson.write(data).replace("<", "\\u003c")
    }

    /** [median, low, high, n] over the repetitions: low and high null without an interval (one repetition), all null without values. */
    private fun summary(values: List<Double>): List<Any?> {
        val s = Stats.summarize(values.filter { it.isFinite() })
        return listOf(Fmt.json(s.median), s.ci?.low?.let(Fmt::json), s.ci?.high?.let(Fmt::json), s.n)
    }

    /**
     * results.csv's rows as columns and values (numbers as numbers), so the page holds the rows it was drawn from: each value
     * the text results.csv holds ([ResultColumns]), not the file parsed again.
     */
    private fun results(rows: List<ResultRow>): Map<String, Any?> {
        val values = rows.map { row ->
            ResultColumns.ALL.map { c ->
                c.text(row).let { v -> if (v == Fmt.NAN) null else v.toDoubleOrNull()?.takeIf { it.isFinite() } ?: v }
            }
        }
        return mapOf("columns" to ResultRow.COLUMNS, "rows" to values)
    }
}
