package pssr.bench.claims

import pssr.bench.console.Fmt
import pssr.bench.stats.Stats
import java.math.BigDecimal
import java.math.MathContext

/**
 * A measured quantity and its 95% interval: Student t over the repetitions ([pssr.bench.stats.Stats]); with one
 * repetition, or a figure measured once (a streaming verdict, a Lighthouse median), the interval is the point.
 * [label] names what the interval is when printed: "95%" (the default) or "min-max" for a range of the measured figures.
 */
data class Estimate(
    val value: Double,
    val low: Double,
    val high: Double,
    val n: Int,
    val label: String = "95%",
    /** The interval's degrees of freedom: n - 1 over n measurements; fewer where it counts JVMs' means ([pssr.bench.stats.JvmLevels]). */
    val df: Int = n - 1,
) {
    val hasInterval: Boolean get() = n >= 2 && high > low

    /**
     * The ratio of two independent estimates, on the log scale: ln(A/B) = ln A - ln B, the half-widths of ln A and ln B
     * added in quadrature (independent errors), then exponentiated: r x exp(-+ sqrt(a^2 + b^2)). Never below zero, and
     * A/B and B/A mirror each other. Adding the half-widths linearly would assume both errors at their extremes at once.
     */
    operator fun div(other: Estimate): Estimate {
        val r = value / other.value
        val h = kotlin.math.sqrt(logHalf() * logHalf() + other.logHalf() * other.logHalf())
        val m = minOf(n, other.n)
        // over windows on both sides, the smaller count's; where either counts JVMs, the fewer degrees of freedom
        val dof = if (df == n - 1 && other.df == other.n - 1) m - 1 else minOf(df, other.df)
        return Estimate(r, r * kotlin.math.exp(-h), r * kotlin.math.exp(h), m, label, dof)
    }

    /** This estimate over an exact constant (the seed's 300 ms of I/O): the interval scales with it, its n stays. */
    fun over(constant: Double): Estimate = Estimate(value / constant, low / constant, high / constant, n, label, df)

    /**
     * Half the interval's width on the log scale: ln(high / low) / 2; where the low bound is not positive (a wide
     * interval of a small n) the first-order value, half-width / value, since ln of it is undefined.
     */
    internal fun logHalf(): Double = when {
        value == 0.0 || high <= low -> 0.0
        low > 0 -> kotlin.math.ln(high / low) / 2
        else -> (high - low) / 2 / kotlin.math.abs(value)
    }

    /**
     * The figure and its interval as a ledger prints them: [digits] decimals, more where a bound (or a point) would print on
     * the other side of an edge it is judged against ([Edges]): the verdict follows from the printed figures.
     */
    fun text(unit: String = "", digits: Int = 2): String {
        val d = Fmt.digitsFor(if (hasInterval) listOf(value, low, high) else listOf(value), digits, Edges.current())
        val v = Fmt.figure(value, d)
        return if (hasInterval) {
            "$v$unit ($label ${Fmt.figure(low, d)}-${Fmt.figure(high, d)})"
        } else {
            "$v$unit${if (n <= 1) " (one measurement, no interval)" else ""}"
        }
    }

    companion object {
        fun point(v: Double, n: Int = 1) = Estimate(v, v, v, n)

        /**
         * A figure measured once with its batches' standard error [se] over [batches] batches (a JMeter profile's batch means,
         * docs/CLAIMS.md): Student t with batches - 1 degrees of freedom at [confidence]; the point where it has no batches.
         */
        fun batched(value: Double, se: Double, batches: Int, confidence: Double): Estimate {
            if (batches < 2 || !se.isFinite() || !value.isFinite()) return point(value)
            val half = Stats.t(batches - 1, confidence) * se
            return Estimate(value, value - half, value + half, batches, label(confidence))
        }

        /** The mean of [values] with their min-max range (printed as "min-max", not as a 95% interval). */
        fun range(values: List<Double>) = Estimate(values.average(), values.min(), values.max(), values.size, MIN_MAX)
        const val MIN_MAX = "min-max"

        /** How an interval at [confidence] is printed: "95%", "97.5%". */
        fun label(confidence: Double): String =
            BigDecimal(confidence * 100).round(MathContext(6)).stripTrailingZeros().toPlainString() + "%"
    }
}
