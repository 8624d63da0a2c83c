package pssr.bench.calibrate

import pssr.bench.claims.Estimate
import pssr.bench.claims.Terms
import pssr.bench.claims.Verdict
import pssr.bench.console.Progress
import pssr.bench.csv.CsvFile
import pssr.bench.measure.LoadDriver
import pssr.bench.measure.LoadTarget
import pssr.bench.measure.SteadyWarmup
import pssr.bench.process.Stopping
import pssr.bench.stats.Stats
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.Locale

/** How a calibration runs: [comparisons] of each kind, each of [pairs] window pairs of [window], in A B B A order. */
data class CalibrationPlan(
    val comparisons: Int,
    val pairs: Int,
    val window: Duration,
    val users: Int,
    /**
     * The known difference: the same page with [knownDelayMs] per item at [moreUsers] against [fewerUsers]. Where the
     * floor binds (the server nearly idle, every page as long as its items' delays) throughput is users / (items x
     * delay), so the ratio is [moreUsers] / [fewerUsers]; both sides wait the same page time, so the whole pages a
     * short window holds are counted alike (two item delays would not be: 5 pages against 4 in a second).
     */
    val knownDelayMs: Long,
    val moreUsers: Int,
    val fewerUsers: Int,
) {
    val knownRatio: Double get() = moreUsers.toDouble() / fewerUsers
}

/**
 * One judged comparison: the paired log-ratio estimate of A / B over its window pairs, and what the ledger's words
 * make of it: "comparable" ([Terms.comparable]) and "different" (the interval excludes 1: [Terms.higher] or
 * [Terms.lower] holds).
 */
data class Comparison(val kind: String, val index: Int, val ratio: Estimate) {
    val comparable: Boolean get() = Terms.comparable(ratio) == Verdict.HOLDS
    val different: Boolean get() = Terms.higher(ratio) == Verdict.HOLDS || Terms.lower(ratio) == Verdict.HOLDS

    fun csv(): String = CsvFile.line(listOf(kind, index, f(ratio.value), f(ratio.low), f(ratio.high), ratio.n, comparable, different))

    companion object {
        const val HEADER = "kind,comparison,ratio,low,high,pairs,comparable,different"
        private fun f(v: Double) = pssr.bench.markup.Fmt.fixed(v, 4, missing = "NaN")
    }
}

/**
 * Calibrates the ledger's verdicts on this machine (docs/CLAIMS.md, "Calibration"): A/A comparisons (the same route as A
 * and as B) must come out "comparable" and almost never "different"; comparisons of a known ratio (the same slow page at
 * two user levels where the floor binds, [CalibrationPlan]) must come out "different". Each
 * comparison is [CalibrationPlan.pairs] pairs of short windows on one warm JVM, alternated A B B A, judged by the same
 * paired log-ratio interval ([Stats.logRatio]) the claims use.
 */
class Calibration(private val driver: LoadDriver, private val plan: CalibrationPlan, private val out: Path) {
    fun run(base: String, page: (Long) -> String, pid: Long?): List<Comparison> {
        val results = ArrayList<Comparison>()
        val file = out.resolve("calibration.csv")
        Files.writeString(file, Comparison.HEADER + "\n")
        val aa = LoadTarget("$base?itemDelayMs=1", page(1))
        val known = LoadTarget("$base?itemDelayMs=${plan.knownDelayMs}", page(plan.knownDelayMs))
        System.err.println("== warming the server until steady at ${plan.users} users")
        SteadyWarmup(driver, Duration.ofSeconds(10), Duration.ofSeconds(60)).run(aa, plan.users, pid)
        val progress = Progress(2 * plan.comparisons, "calibrate")
        // the two kinds alternate comparison by comparison, so drift over the run touches both alike
        for (i in 1..plan.comparisons) {
            for ((kind, target, users) in listOf(
                Triple("A/A", aa, plan.users to plan.users),
                Triple("known ${"%.2f".format(Locale.ROOT, plan.knownRatio)}x", known, plan.moreUsers to plan.fewerUsers),
            )) {
                Stopping.check()
                val c = Comparison(kind, i, compare(target, users.first, users.second))
                results += c
                Files.writeString(file, c.csv() + "\n", java.nio.file.StandardOpenOption.APPEND)
                progress.advance(1, "$kind #$i ${c.ratio.text("x")}")
            }
        }
        return results
    }

    /** [plan].pairs pairs of windows of [target] at [a] users and at [b], in A B B A order; the estimate of A / B from the pairs' log
     * ratios. */
    private fun compare(target: LoadTarget, a: Int, b: Int): Estimate {
        // one window at A's level first, discarded: the first window after the other kind's load (another page, another
        // level) ran slow, and A B B A gave it to A every time (A/A 0.96x on average, "different" in 2 of 6 with 10 pairs)
        driver.run(target, a, plan.window)
        val ratios = (0 until plan.pairs).map { j ->
            val (first, second) = if (j % 2 == 0) a to b else b to a
            val x = driver.run(target, first, plan.window).throughput
            val y = driver.run(target, second, plan.window).throughput
            if (j % 2 == 0) x / y else y / x
        }
        val (value, ci) = Stats.logRatio(ratios)
        return if (ci == null) Estimate.point(value, ratios.size) else Estimate(value, ci.low, ci.high, ratios.size)
    }

    companion object {
        /** The lines the command prints and docs/CLAIMS.md quotes: how often each word came out right. */
        fun summary(results: List<Comparison>, plan: CalibrationPlan): List<String> {
            fun pct(n: Int, of: Int) = if (of == 0) "-" else "%.0f%%".format(Locale.ROOT, 100.0 * n / of)
            val aa = results.filter { it.kind == "A/A" }
            val known = results.filter { it.kind != "A/A" }
            val ratios = known.map { it.ratio.value }
            fun halfWidth(cs: List<Comparison>): String {
                val h = cs.map { (kotlin.math.ln(it.ratio.high) - kotlin.math.ln(it.ratio.low)) / 2 }.filter { it.isFinite() }
                return if (h.isEmpty()) "-" else "±%.1f%%".format(Locale.ROOT, 100 * (kotlin.math.exp(Stats.median(h)) - 1))
            }
            return listOf(
                "design: ${plan.pairs} pairs of ${plan.window.toMillis() / 1000.0} s windows per comparison (A B B A), paired log-ratio, " +
                    "Student t 95%",
                "A/A at ${plan.users} users: comparable in ${aa.count {
                    it.comparable
                }} of ${aa.size} (${pct(aa.count { it.comparable }, aa.size)}); " +
                    "called different in ${aa.count {
                        it.different
                    }} (${pct(aa.count { it.different }, aa.size)}; a 95% interval should miss 1 about 5% of the time)",
                "known ${"%.2f".format(
                    Locale.ROOT,
                    plan.knownRatio,
                )}x (${plan.moreUsers} vs ${plan.fewerUsers} users at ${plan.knownDelayMs} ms per item): " +
                    "different in ${known.count { it.different }} of ${known.size} (${pct(known.count { it.different }, known.size)}); " +
                    "measured ratio median ${"%.3f".format(Locale.ROOT, Stats.median(ratios))}x",
                "median 95% half-width: A/A ${halfWidth(aa)}, known ${halfWidth(known)}",
            )
        }
    }
}
