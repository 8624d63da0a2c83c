package pssr.bench.stats

import org.apache.commons.math3.distribution.FDistribution
import org.apache.commons.math3.distribution.TDistribution
import pssr.bench.console.Fmt
import kotlin.math.ceil
import kotlin.math.sqrt

/**
 * Variance at two levels (Kalibera and Jones, "Rigorous Benchmarking in Reasonable Time", ISMM 2013): windows within
 * one server JVM, and JVMs (each start is its own JIT outcome, heap layout and thread placement). [groups] are the
 * figures of one route and level (or one paired log ratio) per JVM, each list the windows measured in that JVM.
 *
 * - [within]: the pooled variance of windows around their JVM's mean (T1 in Kalibera and Jones).
 * - [between]: the variance the JVMs add on top (T2 = S² of the JVM means - T1 / windows per JVM, at least 0).
 *
 * The interval of the mean follows Bancroft's "sometimes pool" rule: where the JVMs' means differ no more than their
 * windows' scatter explains (the one-way analysis of variance's F test of a JVM effect has p > [POOL_P], the level
 * statisticians recommend for pooling), every window counts (Student t with n - 1 degrees of freedom); otherwise only
 * the JVMs' means do (t with JVMs - 1 degrees of freedom), because then the windows of one JVM are not independent
 * samples of the route. With one JVM the JVM effect cannot be seen, and the interval is over its windows ([pooled]).
 */
class JvmLevels(groups: List<List<Double>>) {
    private val gs = groups.map { g -> g.filter { it.isFinite() } }.filter { it.isNotEmpty() }
    val jvms: Int = gs.size
    val windows: Int = gs.sumOf { it.size }
    private val means = gs.map { Stats.mean(it) }
    private val dfWithin = windows - jvms
    private val mean = Stats.mean(gs.flatten())

    /** The pooled within-JVM variance (NaN where no JVM measured two windows). */
    val within: Double =
        if (dfWithin < 1) Double.NaN else gs.indices.sumOf { i -> gs[i].sumOf { (it - means[i]) * (it - means[i]) } } / dfWithin

    /** Windows per JVM, the harmonic mean where they differ. */
    private val perJvm: Double = if (jvms == 0) Double.NaN else jvms / gs.sumOf { 1.0 / it.size }

    /** The variance the JVM level adds (NaN with fewer than two JVMs or no within-JVM variance). */
    val between: Double = if (jvms < 2 || within.isNaN()) Double.NaN else maxOf(0.0, Stats.stdev(means).let { it * it } - within / perJvm)

    /** p of the F test of "the JVMs' means differ more than their windows explain"; NaN where it cannot be tested. */
    val jvmEffectP: Double = if (jvms < 2 || dfWithin < 1) {
        Double.NaN
    } else {
        val msBetween = gs.indices.sumOf { i -> gs[i].size * (means[i] - mean) * (means[i] - mean) } / (jvms - 1)
        when {
            within == 0.0 -> if (msBetween == 0.0) 1.0 else 0.0
            else -> 1 - FDistribution(null, (jvms - 1).toDouble(), dfWithin.toDouble()).cumulativeProbability(msBetween / within)
        }
    }

    /** True when the interval counts every window (one JVM, or no evidence of a JVM effect at [POOL_P]). */
    val pooled: Boolean get() = jvms < 2 || jvmEffectP.isNaN() || jvmEffectP > POOL_P

    /** The interval's degrees of freedom: windows - 1 where [pooled], else JVMs - 1. */
    val degreesOfFreedom: Int get() = if (pooled) windows - 1 else jvms - 1

    /** The mean the interval is around: over every window where [pooled], else over the JVMs' means (the same when balanced). */
    val center: Double get() = if (pooled) mean else Stats.mean(means)

    /** The two-sided [confidence] interval of the mean by the rule in the class comment; null without two values at the level used. */
    fun interval(confidence: Double = 0.95): Stats.Interval? {
        val xs = if (pooled) gs.flatten() else means
        if (xs.size < 2) return null
        val m = center
        val t = TDistribution(null, (xs.size - 1).toDouble()).inverseCumulativeProbability(1 - (1 - confidence) / 2)
        val half = t * Stats.stdev(xs) / sqrt(xs.size.toDouble())
        return Stats.Interval(m - half, m + half)
    }

    /** How the interval was taken, for a ledger or a report: "6 windows in 2 JVMs, pooled (JVM effect p = 0.61)". */
    fun method(): String = when {
        jvms < 2 -> "$windows windows in one JVM (no JVM effect measurable)"
        pooled -> "$windows windows in $jvms JVMs, pooled (JVM effect p = ${Fmt.fixed(jvmEffectP, 2, Fmt.NAN)})"
        else -> "the means of $jvms JVMs (JVM effect p = ${Fmt.fixed(jvmEffectP, 2, Fmt.NAN)})"
    }

    /**
     * Kalibera and Jones' (and Cochran's two-stage sampling) optimum of windows per JVM for the least variance of the mean
     * at a given cost: sqrt((cost of a JVM / cost of a window) x within / between), at least 1; where the JVMs add no
     * variance, as many windows per JVM as [most]; null where the levels were not both measured.
     */
    fun optimalWindowsPerJvm(jvmCostSeconds: Double, windowCostSeconds: Double, most: Int = 50): Int? =
        optimalWindows(jvmCostSeconds, windowCostSeconds, within, between, most)

    companion object {
        /** [optimalWindowsPerJvm] from given variances (e.g. medians over route levels); null where either is unknown. */
        fun optimalWindows(jvmCostSeconds: Double, windowCostSeconds: Double, within: Double, between: Double, most: Int = 50): Int? =
            when {
                between.isNaN() || within.isNaN() -> null
                between == 0.0 -> most
                else -> ceil(sqrt(jvmCostSeconds / windowCostSeconds * within / between)).toInt().coerceIn(1, most)
            }

        /** Bancroft's pooling level for a preliminary test of a random effect (p above it: pool). */
        const val POOL_P = 0.25
    }
}
