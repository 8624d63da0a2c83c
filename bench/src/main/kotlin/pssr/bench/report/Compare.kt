package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.results.ResultRow
import pssr.bench.stats.Stats
import kotlin.math.abs

/**
 * Run B against run A: for every route and users level both hold, B/A of the median throughput and of the
 * median p99 latency, and whether the change is beyond noise:
 *  - both runs have 2+ repetitions there: **Welch rule** — Welch's unequal-variance t-test of the two means
 *    ([Stats.welch]); the p-values of every test the table makes (throughput and p99, every row) form one family
 *    and are Holm-adjusted together ([Stats.holm]); significant when the adjusted p < [alpha];
 *  - otherwise (a single repetition on either side): **threshold rule**, which is not a test — significant when
 *    |B/A - 1| exceeds [threshold] (default 10%: repetitions of one level on one machine usually agree within a
 *    few percent, so 10% is a conservative bar without a measured spread).
 * Only [ResultRow.route], users, repetition, throughputRps, latencyP99Ms and errors are read.
 */
class Compare(
    val a: RunData,
    val b: RunData,
    val threshold: Double,
    val alpha: Double,
    val rows: List<Row>,
    val onlyA: List<String>,
    val onlyB: List<String>,
    val environment: EnvironmentCheck,
) {
    enum class Rule(val label: String) { WELCH("Welch"), THRESHOLD("thr") }

    /**
     * B against A for one metric. [p] is Welch's two-sided p-value and [pAdjusted] its Holm adjustment across the
     * table; both null under the threshold rule (no test was made).
     */
    data class Change(
        val a: Stats.Summary,
        val b: Stats.Summary,
        val ratio: Double,
        val significant: Boolean,
        val rule: Rule,
        val p: Double? = null,
        val pAdjusted: Double? = null,
    ) {
        /** Why the change counts, in words: the adjusted p, or the rule that is not a test. */
        val evidence: String get() =
            if (pAdjusted != null) {
                "Welch, Holm-adjusted p ${Compare.p(pAdjusted).let { if (it.startsWith("<")) "< ${it.drop(1)}" else "= $it" }}"
            } else {
                "threshold rule, single repetition: not a test"
            }
    }

    data class Row(
        val route: String,
        val users: Int,
        val throughput: Change,
        val p99: Change,
        val errorsA: Int,
        val errorsB: Int,
        /** Two merged runs (`./pssr merge`) whose shards measured this route on different machines: "A's / B's"; null otherwise.
         * */
        val machines: String? = null,
    ) {
        /** What a reader should take from the row, in words. */
        val verdict: String get() = listOfNotNull(
            if (throughput.significant) (if (throughput.ratio > 1) "faster" else "slower") else null,
            if (p99.significant) (if (p99.ratio < 1) "p99 better" else "p99 worse") else null,
            if (errorsA > 0 || errorsB > 0) "errors A=$errorsA B=$errorsB" else null,
        ).joinToString(", ").ifEmpty { "within noise" } + (machines?.let { " (measured on different machines: $it)" } ?: "")
    }

    /** How many Welch tests the table made: the family the Holm adjustment covers. */
    val tests: Int get() = rows.sumOf { r -> listOf(r.throughput, r.p99).count { it.rule == Rule.WELCH } }

    companion object {
        fun of(
            a: RunData,
            b: RunData,
            threshold: Double = 0.10,
            alpha: Double = 0.05,
            environment: EnvironmentCheck =
                EnvironmentCheck.of(a, b),
        ): Compare {
            // Two runs on one runtime each (say --jdk 21, then --jdk 25) compare route by route, whatever their labels.
            val single = a.rows.map { it.runtime }.distinct().size == 1 && b.rows.map { it.runtime }.distinct().size == 1
            fun key(r: ResultRow) = (if (single) "${r.framework}/${r.model}/${r.engine}/${r.approach}" else r.route) to r.users
            val ga = a.rows.groupBy(::key)
            val gb = b.rows.groupBy(::key)
            val keys = (ga.keys intersect gb.keys).sortedWith(compareBy({ it.first }, { it.second }))
            class Level(val x: List<ResultRow>, val y: List<ResultRow>) {
                val thr = Stats.welch(x.map { it.throughputRps }, y.map { it.throughputRps })
                val p99 = Stats.welch(x.map { it.latencyP99Ms }, y.map { it.latencyP99Ms })
            }
            val levels = keys.map { Level(ga.getValue(it), gb.getValue(it)) }
            // merged runs: each route's machine, so that a comparison across machines is named as one
            val machinesA = ShardNormalisation.read(a.run)?.first?.mapValues { it.value.second }
            val machinesB = ShardNormalisation.read(b.run)?.first?.mapValues { it.value.second }
            // The family: every test the table makes, in row order, throughput then p99.
            val adjusted = Stats.holm(levels.flatMap { listOfNotNull(it.thr?.p, it.p99?.p) }).iterator()
            val rows = keys.zip(levels).map { (k, l) ->
                val thr = change(
                    l.x.map { it.throughputRps },
                    l.y.map { it.throughputRps },
                    l.thr,
                    l.thr?.let { adjusted.next() },
                    threshold,
                    alpha,
                )
                val p99 = change(
                    l.x.map { it.latencyP99Ms },
                    l.y.map { it.latencyP99Ms },
                    l.p99,
                    l.p99?.let { adjusted.next() },
                    threshold,
                    alpha,
                )
                val base = l.x.first().let { "${it.framework}/${it.model}/${it.engine}/${it.approach}" }
                val (xa, xb) = machinesA?.get(base) to machinesB?.get(base)
                Row(
                    k.first,
                    k.second,
                    thr,
                    p99,
                    l.x.sumOf { it.errors }.toInt(),
                    l.y.sumOf { it.errors }.toInt(),
                    if (xa != null && xb != null && xa != xb) "$xa / $xb" else null,
                )
            }
            val onlyA = (ga.keys - gb.keys).map { "${it.first}@${it.second}" }.sorted()
            val onlyB = (gb.keys - ga.keys).map { "${it.first}@${it.second}" }.sorted()
            return Compare(a, b, threshold, alpha, rows, onlyA, onlyB, environment)
        }

        /** B against A for one metric: Welch when [test] was made (then [pAdjusted] is its Holm p), else the threshold rule. */
        fun change(a: List<Double>, b: List<Double>, test: Stats.Welch?, pAdjusted: Double?, threshold: Double, alpha: Double): Change {
            val sa = Stats.summarize(a)
            val sb = Stats.summarize(b)
            val ratio = if (sa.median == 0.0 || !sa.median.isFinite()) Double.NaN else sb.median / sa.median
            return if (test != null && pAdjusted != null) {
                Change(sa, sb, ratio, pAdjusted < alpha, Rule.WELCH, test.p, pAdjusted)
            } else {
                Change(sa, sb, ratio, ratio.isFinite() && abs(ratio - 1) > threshold, Rule.THRESHOLD)
            }
        }

        fun p(v: Double?): String = when {
            v == null || v.isNaN() -> "–"
            v < 0.001 -> "<0.001"
            else -> Fmt.fixed(v, 3)
        }
    }

    /**
     * What `--fail-on-regression` fails on, one line each: a significant change (by the row's rule) whose
     * throughput B/A is below 1 - [fraction], or whose p99 B/A is above 1 + [fraction].
     */
    fun regressions(fraction: Double): List<String> = rows.flatMap { r ->
        listOfNotNull(
            r.throughput.takeIf { it.significant && it.ratio < 1 - fraction }
                ?.let { "${r.route} @ ${r.users} users: throughput B/A ${Fmt.ratio(it.ratio)} (${it.evidence})" },
            r.p99.takeIf { it.significant && it.ratio > 1 + fraction }
                ?.let { "${r.route} @ ${r.users} users: p99 B/A ${Fmt.ratio(it.ratio)} (${it.evidence})" },
        )
    }

    private fun rules(): String =
        "Significance: **Welch** = both runs have 2+ repetitions at that level: Welch's t-test of the means, with the p-values " +
            "of ${if (tests == 0) "all tests in the table (none here)" else "all $tests tests in this table (throughput and p99)"} " +
            "Holm-adjusted together; significant when the adjusted p < " +
            "${alphaText()} (--alpha). **thr** = a single repetition on one side: not a test, the change counts when it exceeds " +
            "±${Fmt.pct(threshold)} (--threshold). `*` marks a significant change; p columns are Holm-adjusted. " +
            "Throughput B/A > 1 is faster; p99 B/A < 1 is better."

    /** The rules in plain text (the console's and the page's). */
    internal fun rulesText(): String = rules().replace("**", "").replace("`", "")

    /** compare-A.html: the same comparison drawn, then tabled ([CompareHtml]). */
    fun html(): String = CompareHtml(this).render()

    private fun alphaText() = Fmt.significant(alpha, 4, trim = true)

    internal fun header() = listOf(
        "route", "users", "A req/s", "B req/s", "B/A", "p", "p99 A ms", "p99 B ms", "p99 B/A",
        "p99 p",
        "rule", "verdict",
    )

    internal fun tableRows() = rows.map { r ->
        listOf(
            r.route, r.users.toString(), Fmt.rps(r.throughput.a.median), Fmt.rps(r.throughput.b.median),
            Fmt.ratio(r.throughput.ratio) + if (r.throughput.significant) " *" else "", p(r.throughput.pAdjusted),
            Fmt.ms(r.p99.a.median), Fmt.ms(r.p99.b.median),
            Fmt.ratio(r.p99.ratio) + if (r.p99.significant) {
                " *"
            } else {
                ""
            },
            p(r.p99.pAdjusted),
            if (r.throughput.rule == r.p99.rule) r.throughput.rule.label else "${r.throughput.rule.label}/${r.p99.rule.label}",
            r.verdict,
        )
    }

    internal fun counts(): String {
        val faster = rows.count { it.throughput.significant && it.throughput.ratio > 1 }
        val slower = rows.count { it.throughput.significant && it.throughput.ratio < 1 }
        return "${rows.size} route-levels in both runs: $faster significantly faster, $slower significantly " +
            "slower, ${rows.size - faster - slower} within noise (throughput)."
    }

    private fun verdictChanges(): List<String> {
        val va = a.checks.associateBy { it.route }
        return b.checks.mapNotNull { c ->
            va[c.route]?.takeIf {
                it.verdict != c.verdict ||
                    it.passed != c.passed
            }?.let { "${c.route}: ${it.verdict} -> ${c.verdict}" }
        }
    }

    fun text(): String = buildString {
        environment.warning?.let {
            appendLine(it)
            appendLine()
        }
        appendLine("A = ${a.run.dir}  (${a.repetitions} repetition${if (a.repetitions == 1) "" else "s"})")
        appendLine("B = ${b.run.dir}  (${b.repetitions} repetition${if (b.repetitions == 1) "" else "s"})")
        environment.note?.let { appendLine(it) }
        appendLine(rulesText())
        appendLine()
        if (rows.isEmpty()) appendLine("The two runs share no route and users level.") else append(Table(header(), tableRows()).render())
        appendLine()
        appendLine(counts())
        if (onlyA.isNotEmpty()) {
            appendLine("Only in A (${onlyA.size}): ${onlyA.take(10).joinToString(", ")}${if (onlyA.size > 10) ", ..." else ""}")
        }
        if (onlyB.isNotEmpty()) {
            appendLine("Only in B (${onlyB.size}): ${onlyB.take(10).joinToString(", ")}${if (onlyB.size > 10) ", ..." else ""}")
        }
        val vc = verdictChanges()
        if (vc.isNotEmpty()) {
            appendLine("Verification verdicts that changed:")
            vc.forEach { appendLine("  $it") }
        }
    }

    fun markdown(): String = buildString {
        appendLine("# Compare: ${b.name} / ${a.name}")
        appendLine()
        environment.warning?.let {
            appendLine("> **${it.substringBefore(": ")}:** ${it.substringAfter(": ")}")
            appendLine()
        }
        appendLine("- A = `${a.run.dir}` (${a.repetitions} repetition${if (a.repetitions == 1) "" else "s"})")
        appendLine("- B = `${b.run.dir}` (${b.repetitions} repetition${if (b.repetitions == 1) "" else "s"})")
        environment.note?.let { appendLine("- $it") }
        appendLine()
        appendLine("Medians over repetitions. ${rules()}")
        appendLine()
        if (rows.isEmpty()) appendLine("The two runs share no route and users level.") else append(Table(header(), tableRows()).markdown())
        appendLine()
        appendLine(counts())
        if (onlyA.isNotEmpty()) {
            appendLine()
            appendLine("Only in A: ${onlyA.joinToString(", ") { "`$it`" }}")
        }
        if (onlyB.isNotEmpty()) {
            appendLine()
            appendLine("Only in B: ${onlyB.joinToString(", ") { "`$it`" }}")
        }
        val vc = verdictChanges()
        if (vc.isNotEmpty()) {
            appendLine()
            appendLine("## Verification verdicts that changed")
            appendLine()
            vc.forEach { appendLine("- `$it`") }
        }
    }
}
