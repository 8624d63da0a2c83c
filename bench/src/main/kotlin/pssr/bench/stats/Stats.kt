package pssr.bench.stats

import org.apache.commons.math3.distribution.TDistribution
import pssr.bench.measure.Sample
import kotlin.math.abs
import kotlin.math.floor
import kotlin.math.sqrt

/**
 * The statistics the report and `compare` use. Everything here is over the repetitions of one route at
 * one load level (typically 1..5 values), so it is written for small n and exact, not streaming.
 *
 * Percentiles use **linear interpolation between closest ranks** (Hyndman & Fan type 7: R's default,
 * numpy's default, Excel's PERCENTILE.INC): for sorted x[0..n-1] and p in [0, 100], h = (n - 1) p / 100,
 * result = x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]). The median is the 50th percentile.
 *
 * The 95% confidence interval is of the **mean**, with Student's t (two-sided, n - 1 degrees of freedom):
 * mean ± t(0.975, n - 1) · s / sqrt(n), s the sample standard deviation. One value has no interval.
 * Student's t comes from commons-math3 (`TDistribution`), not from a table.
 *
 * `compare` tests two runs with [welch] (Welch's unequal-variance t-test) per route and level, and adjusts the
 * table's p-values together with [holm].
 */
object Stats {
    fun mean(xs: Collection<Double>): Double = if (xs.isEmpty()) Double.NaN else xs.sum() / xs.size

    fun median(xs: Collection<Double>): Double = percentile(xs, 50.0)

    /** Linear-interpolation percentile (type 7, see the class comment); NaN for no values. */
    fun percentile(xs: Collection<Double>, p: Double): Double {
        require(p in 0.0..100.0) { "percentile must be in 0..100, was $p" }
        if (xs.isEmpty()) return Double.NaN
        val s = xs.sorted()
        val h = (s.size - 1) * p / 100.0
        val lo = floor(h).toInt()
        val hi = minOf(lo + 1, s.size - 1)
        return s[lo] + (h - lo) * (s[hi] - s[lo])
    }

    /** Sample standard deviation (divides by n - 1); NaN for fewer than two values. */
    fun stdev(xs: Collection<Double>): Double {
        if (xs.size < 2) return Double.NaN
        val m = mean(xs)
        return sqrt(xs.sumOf { (it - m) * (it - m) } / (xs.size - 1))
    }

    /** Two-sided 95% critical value of Student's t with [df] degrees of freedom: t(0.975, df), from commons-math3. */
    fun t95(df: Int): Double {
        require(df >= 1) { "degrees of freedom must be >= 1, was $df" }
        return studentT(df.toDouble()).inverseCumulativeProbability(0.975)
    }

    /** The two-sided [confidence] quantile of Student t with [df] degrees of freedom (t(0.975, df) at 95%). */
    fun t(df: Int, confidence: Double): Double {
        if (confidence == 0.95) return t95(df)
        require(df >= 1) { "degrees of freedom must be >= 1, was $df" }
        return studentT(df.toDouble()).inverseCumulativeProbability(1 - (1 - confidence) / 2)
    }

    /** Student's t distribution; no random generator (we never sample, and building one costs more than the maths). */
    private fun studentT(df: Double) = TDistribution(null, df)

    /** 95% confidence interval of the mean; null for fewer than two values (no interval from one sample). */
    fun ci95(xs: Collection<Double>): Interval? = ci(xs, 0.95)

    /** Two-sided [confidence] interval of the mean (Student t); null for fewer than two values. */
    fun ci(xs: Collection<Double>, confidence: Double): Interval? {
        require(confidence > 0 && confidence < 1) { "confidence must be in (0, 1), was $confidence" }
        val finite = xs.filter { it.isFinite() }
        if (finite.size < 2) return null
        val m = mean(finite)
        val half = t(finite.size - 1, confidence) * stdev(finite) / sqrt(finite.size.toDouble())
        return Interval(m - half, m + half)
    }

    /**
     * Paired ratios on the log scale: the geometric mean of [ratios] and exp(mean ln r ± t(0.975, n - 1) · s(ln r) / √n).
     * Ratios of positive figures are multiplicative: on the log scale A/B and B/A get mirror-image intervals, and no
     * bound goes below zero (a symmetric interval around the arithmetic mean of ratios does, once the spread is wide).
     * Null interval for fewer than two finite positive ratios; NaN value for none.
     */
    fun logRatio(ratios: Collection<Double>, confidence: Double = 0.95): Pair<Double, Interval?> {
        val logs = ratios.filter { it.isFinite() && it > 0 }.map { kotlin.math.ln(it) }
        if (logs.isEmpty()) return Double.NaN to null
        val m = mean(logs)
        val ci = ci(logs, confidence)?.let { Interval(kotlin.math.exp(it.low), kotlin.math.exp(it.high)) }
        return kotlin.math.exp(m) to ci
    }

    data class Interval(val low: Double, val high: Double) {
        val halfWidth: Double get() = (high - low) / 2
        operator fun contains(x: Double) = x in low..high
    }

    /** Welch's t-test of two samples: statistic, Welch–Satterthwaite degrees of freedom, two-sided p-value. */
    data class Welch(val t: Double, val df: Double, val p: Double)

    /**
     * Welch's unequal-variance t-test of the means of [a] and [b] (two-sided), or null when either side has fewer
     * than two finite values (no variance to test against). t = (mean a − mean b) / √(s²a/na + s²b/nb),
     * df = (s²a/na + s²b/nb)² / ((s²a/na)²/(na−1) + (s²b/nb)²/(nb−1)), p = 2 · P(T_df ≤ −|t|).
     * Both sides without any spread (every repetition identical): p = 1 for equal means, 0 otherwise — there is
     * no noise for a difference to hide in (this happens with synthetic data, not with measurements).
     */
    fun welch(a: Collection<Double>, b: Collection<Double>): Welch? {
        val xa = a.filter { it.isFinite() }
        val xb = b.filter { it.isFinite() }
        if (xa.size < 2 || xb.size < 2) return null
        val ma = mean(xa)
        val mb = mean(xb)
        val qa = stdev(xa).let { it * it } / xa.size
        val qb = stdev(xb).let { it * it } / xb.size
        val se = sqrt(qa + qb)
        if (se == 0.0) {
            return when {
                ma == mb -> Welch(0.0, Double.NaN, 1.0)
                else -> Welch(if (ma > mb) Double.POSITIVE_INFINITY else Double.NEGATIVE_INFINITY, Double.NaN, 0.0)
            }
        }
        val t = (ma - mb) / se
        val df = (qa + qb) * (qa + qb) / (qa * qa / (xa.size - 1) + qb * qb / (xb.size - 1))
        return Welch(t, df, minOf(1.0, 2 * studentT(df).cumulativeProbability(-abs(t))))
    }

    /**
     * Holm's step-down adjustment of [ps] for testing them as one family (controls the chance of any false
     * positive at alpha): sort ascending, adjusted p(i) = max over j ≤ i of min(1, (m − j + 1) · p(j)), returned in
     * the input order. Same as R's `p.adjust(ps, "holm")`.
     */
    fun holm(ps: List<Double>): List<Double> {
        require(ps.all { it in 0.0..1.0 }) { "p-values must be in 0..1: $ps" }
        val m = ps.size
        val order = ps.indices.sortedBy { ps[it] }
        val adjusted = DoubleArray(m)
        var running = 0.0
        order.forEachIndexed { rank, i ->
            running = maxOf(running, minOf(1.0, (m - rank) * ps[i]))
            adjusted[i] = running
        }
        return adjusted.toList()
    }

    /** What the report shows for one metric over the repetitions of one route at one level. */
    data class Summary(val n: Int, val median: Double, val mean: Double, val min: Double, val max: Double, val ci: Interval?) {
        /** Half-width of the 95% CI relative to the mean (0.05 = ±5%), NaN without an interval. */
        val relativeHalfWidth: Double get() = if (ci == null || mean == 0.0) Double.NaN else ci.halfWidth / abs(mean)

        /**
         * The interval a table prints: none from fewer than [MIN_PRINTED] repetitions. From two values Student t's 95% interval
         * is ±12.7 standard errors (t(0.975, 1)); the quick run printed 3,134-13,415 req/s for one route that way, which a
         * reader can do nothing with. The claims still use it (it is honest, and wide enough to leave them inconclusive).
         */
        val printed: Interval? get() = ci?.takeIf { n >= MIN_PRINTED }
        val printedRelativeHalfWidth: Double get() = if (n >= MIN_PRINTED) relativeHalfWidth else Double.NaN
    }

    /** Repetitions from which a table prints an interval ([Summary.printed]). */
    const val MIN_PRINTED = 3

    fun summarize(values: Collection<Double>): Summary {
        val xs = values.filter { !it.isNaN() }
        return Summary(xs.size, median(xs), mean(xs), xs.minOrNull() ?: Double.NaN, xs.maxOrNull() ?: Double.NaN, ci95(xs))
    }

    /**
     * Efficiency against the latency floor: throughput / floor_rps, where floor_rps = users / (items x delay)
     * is the most a closed loop can complete (1.0 = tracks the line). NaN at zero delay (no floor).
     */
    fun efficiencyVsFloor(throughputRps: Double, floorRps: Double): Double =
        if (!floorRps.isFinite() || floorRps <= 0.0) Double.NaN else throughputRps / floorRps

    /** Efficiency against the framework's zero-template baseline route: throughput / baseline throughput. */
    fun efficiencyVsBaseline(throughputRps: Double, baselineRps: Double): Double =
        if (!baselineRps.isFinite() || baselineRps <= 0.0) Double.NaN else throughputRps / baselineRps
}

/** The baseline engine's name: the zero-template route every framework serves (views' `Baseline`). */
const val BASELINE = "baseline"
