package pssr.bench.calibrate

import pssr.bench.claims.Estimate
import pssr.bench.claims.Terms
import pssr.bench.claims.Verdict
import pssr.bench.console.Fmt
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

    /** Fewer pairs than [DECIDING_PAIRS] only show that the words are safe; they cannot say "comparable" reliably. */
    val smokeCheck: Boolean get() = pairs < DECIDING_PAIRS

    companion object {
        /** The design that met both calibration figures on 2 cores (docs/CLAIMS.md, "With 12 pairs": 38 min). */
        const val DECIDING_PAIRS = 12
    }
}

/**
 * One judged comparison: the paired log-ratio estimate of A / B over its window pairs, and what the ledger's words
 * make of it: "comparable" ([Terms.comparable]) and "different" ([Terms.higher] or [Terms.lower] holds: the interval
 * entirely past the comparable band, docs/CLAIMS.md "The words"); and whether the interval misses 1 ([missesOne]), which
 * an A/A comparison's 95% interval should do about 5% of the time: far more often, and the intervals are too narrow.
 */
data class Comparison(
    val kind: String,
    val index: Int,
    val ratio: Estimate,
    /** Each window's throughput in measuring order (A B B A ...): where in the order a bias sits, if one does. */
    val windows: List<Double> = emptyList(),
) {
    val comparable: Boolean get() = Terms.comparable(ratio) == Verdict.HOLDS
    val different: Boolean get() = Terms.higher(ratio) == Verdict.HOLDS || Terms.lower(ratio) == Verdict.HOLDS
    val missesOne: Boolean get() = ratio.hasInterval && (ratio.low > 1.0 || ratio.high < 1.0)

    fun csv(): String = CsvFile.line(
        listOf(
            kind, index,
            Fmt.fixed(
                ratio.value,
                4,
                Fmt.NAN,
            ),
            Fmt.fixed(ratio.low, 4, Fmt.NAN), Fmt.fixed(ratio.high, 4, Fmt.NAN), ratio.n, comparable, different, missesOne,
            windows.joinToString(";") { Fmt.fixed(it, 0, Fmt.NAN) },
        ),
    )

    companion object {
        const val HEADER = "kind,comparison,ratio,low,high,pairs,comparable,different,misses_1,windows_rps"
    }
}

/**
 * Calibrates the ledger's verdicts on this machine (docs/CLAIMS.md, "Calibration"): A/A comparisons (the same route as A
 * and as B) must come out "comparable" and almost never "different"; comparisons of a known ratio (the same slow page at
 * two user levels where the floor binds, [CalibrationPlan]) must come out "different". Each comparison is
 * [CalibrationPlan.pairs] pairs of short windows on one warm JVM, judged by the same paired log-ratio interval
 * ([Stats.logRatio]) the claims use. A comparison's pairs are spread over the whole run, as a claim's repetitions are
 * (minutes apart): round j measures pair j of every comparison. Pairs measured back to back were tried first (10 pairs:
 * A/A intervals missed 1 in 7 of 30): windows a second apart share the JVM's state, so their spread understates a pair's
 * variance and the interval is too narrow for pairs that are not.
 */
class Calibration(private val driver: LoadDriver, private val plan: CalibrationPlan, private val out: Path) {
    private class Open(val kind: String, val index: Int, val target: LoadTarget, val a: Int, val b: Int) {
        val ratios = ArrayList<Double>()
        val windows = ArrayList<Double>()

        fun comparison(): Comparison {
            val (value, ci) = Stats.logRatio(ratios)
            val e = if (ci == null) Estimate.point(value, ratios.size) else Estimate(value, ci.low, ci.high, ratios.size)
            return Comparison(kind, index, e, windows.toList())
        }
    }

    fun run(base: String, page: (Long) -> String, pid: Long?): List<Comparison> {
        val file = out.resolve("calibration.csv")
        val aa = LoadTarget("$base?itemDelayMs=1", page(1))
        val known = LoadTarget("$base?itemDelayMs=${plan.knownDelayMs}", page(plan.knownDelayMs))
        System.err.println("== warming the server until steady at ${plan.users} users")
        SteadyWarmup(driver, Duration.ofSeconds(10), Duration.ofSeconds(60)).run(aa, plan.users, pid)
        val knownKind = "known ${Fmt.fixed(plan.knownRatio, 2, Fmt.NAN)}x"
        // the two kinds alternate comparison by comparison, so drift over the run touches both alike
        val open = (1..plan.comparisons).flatMap { i ->
            listOf(Open("A/A", i, aa, plan.users, plan.users), Open(knownKind, i, known, plan.moreUsers, plan.fewerUsers))
        }
        val progress = Progress(open.size * plan.pairs, "calibrate")
        for (j in 0 until plan.pairs) {
            for (c in open) {
                Stopping.check()
                pair(c, j)
                progress.advance(1, "pair ${j + 1} of ${c.kind} #${c.index}")
            }
            // after every round: every comparison with the pairs it has so far, so a stopped calibration keeps them
            Files.writeString(file, (listOf(Comparison.HEADER) + open.map { it.comparison().csv() }).joinToString("\n", postfix = "\n"))
        }
        return open.map { it.comparison() }
    }

    /**
     * Pair [j] of [c]: a settling window at A's level, discarded (the first window after the other kind's load, another page
     * and level, ran slow), then A B (even [j]) or B A (odd), so that A B B A runs over consecutive rounds.
     */
    private fun pair(c: Open, j: Int) {
        driver.run(c.target, c.a, plan.window)
        val (first, second) = if (j % 2 == 0) c.a to c.b else c.b to c.a
        val x = driver.run(c.target, first, plan.window).throughput
        val y = driver.run(c.target, second, plan.window).throughput
        c.windows += x
        c.windows += y
        c.ratios += if (j % 2 == 0) x / y else y / x
    }

    companion object {
        /** The lines the command prints and docs/CLAIMS.md quotes: how often each word came out right. */
        fun summary(results: List<Comparison>, plan: CalibrationPlan): List<String> {
            fun pct(n: Int, of: Int) = if (of == 0) "-" else Fmt.percent(100.0 * n / of, 0, Fmt.NAN + "%")
            val aa = results.filter { it.kind == "A/A" }
            val known = results.filter { it.kind != "A/A" }
            val ratios = known.map { it.ratio.value }
            fun halfWidth(cs: List<Comparison>): String {
                val h = cs.map { (kotlin.math.ln(it.ratio.high) - kotlin.math.ln(it.ratio.low)) / 2 }.filter { it.isFinite() }
                return if (h.isEmpty()) "-" else "±" + Fmt.percent(100 * (kotlin.math.exp(Stats.median(h)) - 1), 1, Fmt.NAN + "%")
            }
            return listOf(
                "design: ${plan.pairs} pairs of ${plan.window.toMillis() / 1000.0} s windows per comparison (A B B A), one pair " +
                    "per round over the run, paired log-ratio, Student t 95%",
                "A/A at ${plan.users} users: comparable in ${aa.count {
                    it.comparable
                }} of ${aa.size} (${pct(aa.count { it.comparable }, aa.size)}); " +
                    "its interval misses 1 in ${aa.count { it.missesOne }} (${pct(aa.count { it.missesOne }, aa.size)}; " +
                    "a 95% interval should about 5% of the time, more is too narrow); called different (past 0.90-1.10) in " +
                    "${aa.count { it.different }}",
                "known ${Fmt.fixed(plan.knownRatio, 2, Fmt.NAN)}x (${plan.moreUsers} vs ${plan.fewerUsers} users at " +
                    "${plan.knownDelayMs} ms per item): " +
                    "different in ${known.count { it.different }} of ${known.size} (${pct(known.count { it.different }, known.size)}); " +
                    "measured ratio median ${Fmt.fixed(Stats.median(ratios), 3, Fmt.NAN)}x",
                "median 95% half-width: A/A ${halfWidth(aa)}, known ${halfWidth(known)}",
            ) + listOfNotNull(
                (
                    "a smoke check: ${plan.pairs} pairs cannot decide \"comparable\" reliably (docs/CLAIMS.md, Calibration); " +
                        "./pssr calibrate --pairs ${CalibrationPlan.DECIDING_PAIRS} decides"
                    ).takeIf { plan.smokeCheck },
            )
        }
    }
}
