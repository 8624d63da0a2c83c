
package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.paper.PaperFigures
import pssr.bench.stats.BASELINE
import pssr.bench.stats.RouteLevel
import pssr.bench.stats.Stats

/** summary.md, and the headline table the report repeats at its top. */
object SummaryTables {
    /** The headline levels: 1, 32 and 128 users where present, else the lowest, a middle and the highest level. */
    fun headlineUsers(present: List<Int>): List<Int> {
        val p = present.distinct().sorted()
        if (p.isEmpty()) return emptyList()
        val wanted = listOf(1, 32, 128).filter { it in p }
        return (if (wanted.isNotEmpty()) wanted + p.last() else listOf(p.first(), p[p.size / 2], p.last())).distinct().sorted()
    }

    fun headlineHeader(d: RunData): List<String> =
        listOf("framework", "model", "series") + headlineUsers(d.levels.map { it.users }).map { "$it users" } + listOf("peak")

    /** Per framework x model: every approach's mean over engines, the paper's separated routes, and the baselines. */
    fun headlineRows(d: RunData): List<List<String>> {
        val users = headlineUsers(d.levels.map { it.users })
        val out = ArrayList<List<String>>()
        for (p in d.panels) {
            val lines = p.approaches.mapNotNull { p.aggregate(it) } +
                PaperFigures.separatedRoutes.mapNotNull { (e, a) -> p.route(e, a) } +
                p.baselines()
            for (l in lines.distinctBy { it.label }) {
                val pts = l.points { it.throughput.median }.toMap()
                val err = l.withErrors()
                val drv = l.driverBound()
                val cells = users.map { u ->
                    val v = pts[u] ?: return@map "–"
                    Fmt.rps(v) + (if (u in err) " ⚠" else "") + (if (u in drv) " ᴰ" else "")
                }
                val peak = pts.maxByOrNull { it.value }?.let { "${Fmt.rps(it.value)} @${it.key}" } ?: "–"
                out += listOf(p.framework, p.model, l.label) + cells + peak
            }
        }
        return out
    }

    fun flushCostHeader(d: RunData): List<String> = listOf(
        "framework",
        "model",
        "approach",
        "engines",
    ) + headlineUsers(d.levels.map { it.users }).map { "$it users" }

    /**
     * What flushing after each item costs: for every approach A served both as A and as A-flush, the
     * throughput of A-flush over A at each headline level, as the mean of the per-engine ratios over the
     * engines measured both ways (baseline excluded). Below 1.00× = flushing costs throughput.
     */
    fun flushCostRows(d: RunData): List<List<String>> {
        val users = headlineUsers(d.levels.map { it.users })
        val out = ArrayList<List<String>>()
        for (p in d.panels) {
            for (a in p.approaches.filter { "$it-flush" in p.approaches }) {
                val engines = p.engines(a).filter { it in p.engines("$a-flush") }
                if (engines.isEmpty()) continue
                val cells = users.map { u ->
                    val ratios = engines.mapNotNull { e ->
                        val plain = p.levels.firstOrNull { it.engine == e && it.approach == a && it.users == u }?.throughput?.median
                        val flushed = p.levels.firstOrNull {
                            it.engine == e && it.approach == "$a-flush" && it.users == u
                        }?.throughput?.median
                        if (plain == null || flushed == null || plain <= 0.0 || !flushed.isFinite()) null else flushed / plain
                    }
                    if (ratios.isEmpty()) "–" else Fmt.ratio(ratios.average())
                }
                out += listOf(p.framework, p.model, "$a-flush ÷ $a", engines.size.toString()) + cells
            }
        }
        return out
    }

    /**
     * Engine levels that beat their framework's baseline (same model, approach and users) by more than 10%:
     * the baseline renders no template at the same cadence, so this is noise or a cold baseline, not a result.
     */

    /** An engine level above its baseline by more than 10%, with both 95% intervals over the repetitions (null with one repetition). */
    data class AboveBaseline(val level: RouteLevel, val baseline: RouteLevel, val ratio: Double) {
        /** The difference is noise when the two printed intervals overlap, or when fewer than three repetitions print none to tell. */
        val noise: Boolean get() {
            val a = level.throughput.printed ?: return true
            val b = baseline.throughput.printed ?: return true
            return a.low <= b.high && b.low <= a.high
        }
    }

    fun aboveBaseline(d: RunData): List<AboveBaseline> {
        val base = d.levels.filter { it.engine == BASELINE }.associateBy {
            listOf(it.framework, it.model, it.approach, it.users.toString())
        }
        return d.levels.filter { it.engine != BASELINE }.mapNotNull { l ->
            val b = base[listOf(l.framework, l.model, l.approach, l.users.toString())] ?: return@mapNotNull null
            d.vsBaseline[l]?.takeIf { it.isFinite() && it > 1.10 }?.let { AboveBaseline(l, b, it) }
        }
    }

    /**
     * An engine cannot really beat the zero-template route of its own framework: a level above it by more than 10% is either
     * noise (the intervals overlap; shown) or a measurement problem (they do not; order or drift), and says so.
     */
    fun aboveBaselineNote(beats: List<AboveBaseline>): String {
        val (noise, real) = beats.partition { it.noise }
        fun interval(l: RouteLevel) = l.throughput.printed?.let { "${Fmt.rps(it.low)}-${Fmt.rps(it.high)}" }
            ?: "${l.throughput.n} repetition${if (l.throughput.n == 1) "" else "s"}, no interval printed"
        fun example(b: AboveBaseline) = "`${b.level.route}`@${b.level.users} ${Fmt.ratio(b.ratio)} (${interval(b.level)} vs " +
            "baseline ${interval(b.baseline)} req/s)"
        val parts = ArrayList<String>()
        // an interval the tables print (three repetitions or more) can overlap; fewer give none to compare
        val (overlap, untold) = noise.partition { it.level.throughput.printed != null && it.baseline.throughput.printed != null }
        fun levels(n: Int) = "$n engine level${if (n == 1) "" else "s"} above their framework's zero-template baseline by more than 10%"
        if (overlap.isNotEmpty()) {
            parts += "${levels(overlap.size)} within the noise: their 95% intervals overlap the baseline's " +
                "(largest: ${example(
                    overlap.maxBy {
                        it.ratio
                    },
                )}); repeat (--repeat) or lengthen the windows (--duration) to separate them."
        }
        if (untold.isNotEmpty()) {
            parts += "${levels(untold.size)}, which this run cannot tell from noise: fewer than ${Stats.MIN_PRINTED} repetitions give " +
                "no interval (largest: ${untold.maxBy {
                    it.ratio
                }.let { "`${it.level.route}`@${it.level.users} ${Fmt.ratio(it.ratio)}" }}, " +
                "${untold.minOf { it.level.throughput.n }} repetition(s)); --repeat 3 or more prints one."
        }
        if (real.isNotEmpty()) {
            parts += "${real.size} engine level${if (real.size == 1) "" else "s"} above their baseline by more than 10% beyond the " +
                "noise (largest: ${example(real.maxBy { it.ratio })}): an engine cannot be faster than no engine, so the measurement is " +
                "suspect (order, drift or a driver limit); do not read engine-vs-baseline ratios from it."
        }
        return parts.joinToString(" ")
    }

    const val FLUSH_COST_NOTE = "Throughput with a flush after each item divided by the same route without it (mean of the per-engine " +
        "ratios, baseline excluded): below 1.00×, flushing costs throughput; what it buys is in the verification (streams vs buffered)."

    fun markdown(d: RunData): String = buildString {
        appendLine("# pssr-bench summary: ${d.name}")
        appendLine()
        if (d.isEmpty) {
            appendLine("No results and no verification in this run.")
            return@buildString
        }
        appendLine(
            "Throughput in req/s, median over ${d.repetitions} repetition${if (d.repetitions == 1) "" else "s"} " +
                "(aggregates: mean over the engines of that approach, baseline excluded). ⚠ = errors at that level, ᴰ = driver-bound. " +
                "Charts, confidence intervals, latency and resources: `report.html`.",
        )
        appendLine()
        if (d.panels.isNotEmpty()) {
            appendLine("## Which stack? Capacity over each framework's ceiling, with 95% intervals")
            appendLine()
            appendLine("The ranking of `answer.md` (every column there, docs/RESULTS.md), as the run's console printed it.")
            appendLine()
            appendLine("```")
            Answer.ranking(d).forEach(::appendLine)
            appendLine("```")
            appendLine()
            appendLine("## Throughput")
            appendLine()
            append(Table(headlineHeader(d), headlineRows(d)).markdown())
            appendLine()
            if (d.streamCapacities.isNotEmpty()) {
                appendLine(AnswerMarkdown.STREAMS_HEADING)
                appendLine()
                append(StreamCapacity.table(d.streamCapacities).markdown())
                appendLine()
            }
            val flushCost = flushCostRows(d)
            if (flushCost.isNotEmpty()) {
                appendLine("## What flushing costs")
                appendLine()
                appendLine(FLUSH_COST_NOTE)
                appendLine()
                append(Table(flushCostHeader(d), flushCost).markdown())
                appendLine()
            }
        } else {
            appendLine("No load results (verification only).\n")
        }
        if (d.checks.isNotEmpty()) {
            appendLine("## Verification")
            appendLine()
            val rows = d.checks.groupBy { it.framework }.map { (fw, cs) ->
                listOf(
                    fw,
                    cs.size.toString(),
                    cs.count { it.passed }.toString(),
                    cs.count { it.verdict == "streams" }.toString(),
                    cs.count { it.verdict == "buffered" }.toString(),
                    cs.count { it.verdict == "malformed" }.toString(),
                    cs.count { it.contradicts }.toString(),
                    cs.count { !it.passed }.toString(),
                )
            }
            append(
                Table(
                    listOf("framework", "routes", "passed", "streams", "buffered", "malformed", "claim contradicted", "failed"),
                    rows,
                ).markdown(),
            )
            appendLine()
            val bad = d.checks.filter { !it.passed || it.contradicts }
            for (c in bad) {
                val what = if (!c.passed) "FAILED" else "contradicts its claim"
                val claims = if (c.claimsStreaming) "streams" else "buffered"
                val error = if (c.error.isNotBlank()) ": ${c.error}" else ""
                appendLine("- $what: `${c.route}` (claims $claims, measured ${c.verdict})$error")
            }
            if (bad.isNotEmpty()) appendLine()
        }
        if (d.failures.isNotEmpty()) {
            appendLine("## Failures")
            appendLine()
            for (f in d.failures) appendLine("- FAILED `${f.what}` (${f.stage}): ${f.reason}")
            appendLine()
        }
        val errs = d.levels.filter { it.errors > 0 }
        val drv = d.levels.filter { it.driverBound }
        val beats = aboveBaseline(d)
        if (beats.isNotEmpty()) {
            appendLine("## Engines above their baseline")
            appendLine()
            appendLine(aboveBaselineNote(beats))
            appendLine()
        }
        if (errs.isNotEmpty() || drv.isNotEmpty()) {
            appendLine("## Flags")
            appendLine()
            if (errs.isNotEmpty()) {
                appendLine("${errs.size} level${if (errs.size == 1) "" else "s"} with errors:")
                for (l in errs.take(30)) {
                    appendLine("- `${l.route}` at ${l.users} users: ${l.errors} of ${l.requests} (${Fmt.pct(l.errorRate, 2)})")
                }
                if (errs.size > 30) appendLine("- ... and ${errs.size - 30} more (report.html)")
            }
            if (drv.isNotEmpty()) {
                appendLine(
                    "${drv.size} level${if (drv.size == 1) "" else "s"} driver-bound (the driver's CPU, not the server, limited them): " +
                        drv.take(12).joinToString(", ") { "`${it.route}`@${it.users}" } + if (drv.size > 12) ", ..." else "",
                )
            }
            appendLine()
        }
    }
}
