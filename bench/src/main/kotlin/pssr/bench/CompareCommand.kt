package pssr.bench

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import java.nio.file.Files
import java.nio.file.Path
import kotlin.math.abs

@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = [
        "Compare two runs route by route and level by level: ratio B/A of throughput and p99 latency,",
        "marking a change as significant only when it exceeds the runs' own noise.",
        "Prints the table and writes it to DIR_B/compare-<name of DIR_A>.md (or --out).",
    ],
)
class CompareCommand : Runnable {
    @Parameters(index = "0", paramLabel = "DIR_A", description = ["the reference run"])
    lateinit var a: Path

    @Parameters(index = "1", paramLabel = "DIR_B", description = ["the run compared with it"])
    lateinit var b: Path

    @Option(names = ["--out"], paramLabel = "FILE", description = ["where to write the Markdown table (default: DIR_B/compare-<A>.md)"])
    var out: Path? = null

    @Option(names = ["--threshold"], paramLabel = "PCT", description = ["change that counts as significant when a run has a single repetition (default: \${DEFAULT-VALUE}%%)"])
    var thresholdPct: Double = 10.0

    override fun run() {
        if (thresholdPct <= 0 || thresholdPct >= 1000) throw UsageError("--threshold must be a percentage between 0 and 1000, was $thresholdPct")
        val ra = openRun(a)
        val rb = openRun(b)
        val da = RunData.load(ra)
        val db = RunData.load(rb)
        if (da.rows.isEmpty()) throw UsageError("$a has no load results (results.csv is missing or empty): nothing to compare")
        if (db.rows.isEmpty()) throw UsageError("$b has no load results (results.csv is missing or empty): nothing to compare")
        val cmp = Compare.of(da, db, thresholdPct / 100)
        print(cmp.text())
        val target = out ?: rb.dir.resolve("compare-${da.name}.md")
        target.toAbsolutePath().parent?.let { Files.createDirectories(it) }
        Files.writeString(target, cmp.markdown())
        println()
        println("written: ${target.toAbsolutePath().normalize()}")
    }
}

/**
 * Run B against run A: for every route and users level both hold, B/A of the median throughput and of the
 * median p99 latency, and whether the change is beyond noise:
 *  - both runs have 2+ repetitions there: **CI rule** — significant when each run's mean lies outside the
 *    other run's 95% confidence interval of the mean (Student t);
 *  - otherwise (a single repetition on either side): **threshold rule** — significant when |B/A - 1| exceeds
 *    [threshold] (default 10%: repetitions of one level on one machine usually agree within a few percent,
 *    so 10% is a conservative bar without a measured spread).
 */
class Compare(val a: RunData, val b: RunData, val threshold: Double, val rows: List<Row>, val onlyA: List<String>, val onlyB: List<String>) {

    enum class Rule(val label: String) { CI("CI"), THRESHOLD("thr") }

    data class Change(val a: Stats.Summary, val b: Stats.Summary, val ratio: Double, val significant: Boolean, val rule: Rule)

    data class Row(val route: String, val users: Int, val throughput: Change, val p99: Change, val errorsA: Int, val errorsB: Int) {
        /** What a reader should take from the row, in words. */
        val verdict: String get() = listOfNotNull(
            if (throughput.significant) (if (throughput.ratio > 1) "faster" else "slower") else null,
            if (p99.significant) (if (p99.ratio < 1) "p99 better" else "p99 worse") else null,
            if (errorsA > 0 || errorsB > 0) "errors A=$errorsA B=$errorsB" else null,
        ).joinToString(", ").ifEmpty { "within noise" }
    }

    companion object {
        fun of(a: RunData, b: RunData, threshold: Double = 0.10): Compare {
            val la = a.levels.associateBy { it.route to it.users }
            val lb = b.levels.associateBy { it.route to it.users }
            val keys = (la.keys intersect lb.keys).sortedWith(compareBy({ it.first }, { it.second }))
            val rows = keys.map { k ->
                val x = la.getValue(k); val y = lb.getValue(k)
                Row(k.first, k.second, change(x.throughput, y.throughput, threshold), change(x.latencyP99, y.latencyP99, threshold), x.errors, y.errors)
            }
            val onlyA = (la.keys - lb.keys).map { "${it.first}@${it.second}" }.sorted()
            val onlyB = (lb.keys - la.keys).map { "${it.first}@${it.second}" }.sorted()
            return Compare(a, b, threshold, rows, onlyA, onlyB)
        }

        /** B against A for one metric, with the rule that applies (see the class comment). */
        fun change(a: Stats.Summary, b: Stats.Summary, threshold: Double): Change {
            val ratio = if (a.median == 0.0 || !a.median.isFinite()) Double.NaN else b.median / a.median
            val ca = a.ci; val cb = b.ci
            return if (ca != null && cb != null) Change(a, b, ratio, a.mean !in cb && b.mean !in ca, Rule.CI)
            else Change(a, b, ratio, ratio.isFinite() && abs(ratio - 1) > threshold, Rule.THRESHOLD)
        }
    }

    private fun rules(): String =
        "Significance: **CI** = both runs have 2+ repetitions at that level, and each run's mean lies outside the other's 95% " +
            "confidence interval; **thr** = a single repetition on one side, so the change must exceed ±${Fmt.pct(threshold)} " +
            "(--threshold). `*` marks a significant change. Throughput B/A > 1 is faster; p99 B/A < 1 is better."

    private fun header() = listOf("route", "users", "A req/s", "B req/s", "B/A", "p99 A ms", "p99 B ms", "p99 B/A", "rule", "verdict")

    private fun tableRows() = rows.map { r ->
        listOf(r.route, r.users.toString(), Fmt.rps(r.throughput.a.median), Fmt.rps(r.throughput.b.median),
            Fmt.ratio(r.throughput.ratio) + if (r.throughput.significant) " *" else "",
            Fmt.ms(r.p99.a.median), Fmt.ms(r.p99.b.median), Fmt.ratio(r.p99.ratio) + if (r.p99.significant) " *" else "",
            if (r.throughput.rule == r.p99.rule) r.throughput.rule.label else "${r.throughput.rule.label}/${r.p99.rule.label}",
            r.verdict)
    }

    private fun counts(): String {
        val faster = rows.count { it.throughput.significant && it.throughput.ratio > 1 }
        val slower = rows.count { it.throughput.significant && it.throughput.ratio < 1 }
        return "${rows.size} route-levels in both runs: $faster significantly faster, $slower significantly slower, ${rows.size - faster - slower} within noise (throughput)."
    }

    private fun verdictChanges(): List<String> {
        val va = a.checks.associateBy { it.route }
        return b.checks.mapNotNull { c -> va[c.route]?.takeIf { it.verdict != c.verdict || it.passed != c.passed }?.let { "${c.route}: ${it.verdict} -> ${c.verdict}" } }
    }

    fun text(): String = buildString {
        appendLine("A = ${a.run.dir}  (${a.repetitions} repetition${if (a.repetitions == 1) "" else "s"})")
        appendLine("B = ${b.run.dir}  (${b.repetitions} repetition${if (b.repetitions == 1) "" else "s"})")
        appendLine(rules().replace("**", "").replace("`", ""))
        appendLine()
        if (rows.isEmpty()) appendLine("The two runs share no route and users level.") else append(Table(header(), tableRows()).render())
        appendLine()
        appendLine(counts())
        if (onlyA.isNotEmpty()) appendLine("Only in A (${onlyA.size}): ${onlyA.take(10).joinToString(", ")}${if (onlyA.size > 10) ", ..." else ""}")
        if (onlyB.isNotEmpty()) appendLine("Only in B (${onlyB.size}): ${onlyB.take(10).joinToString(", ")}${if (onlyB.size > 10) ", ..." else ""}")
        val vc = verdictChanges()
        if (vc.isNotEmpty()) { appendLine("Verification verdicts that changed:"); vc.forEach { appendLine("  $it") } }
    }

    fun markdown(): String = buildString {
        appendLine("# Compare: ${b.name} / ${a.name}")
        appendLine()
        appendLine("- A = `${a.run.dir}` (${a.repetitions} repetition${if (a.repetitions == 1) "" else "s"})")
        appendLine("- B = `${b.run.dir}` (${b.repetitions} repetition${if (b.repetitions == 1) "" else "s"})")
        appendLine()
        appendLine("Medians over repetitions. ${rules()}")
        appendLine()
        if (rows.isEmpty()) appendLine("The two runs share no route and users level.") else append(Table(header(), tableRows()).markdown())
        appendLine()
        appendLine(counts())
        if (onlyA.isNotEmpty()) { appendLine(); appendLine("Only in A: ${onlyA.joinToString(", ") { "`$it`" }}") }
        if (onlyB.isNotEmpty()) { appendLine(); appendLine("Only in B: ${onlyB.joinToString(", ") { "`$it`" }}") }
        val vc = verdictChanges()
        if (vc.isNotEmpty()) { appendLine(); appendLine("## Verification verdicts that changed"); appendLine(); vc.forEach { appendLine("- `$it`") } }
    }
}
