package pssr.bench.claims

import pssr.bench.console.Fmt

/** The words for a Lighthouse score (seed 002 Table 1): capped at [Terms.SCORE_CAP], measured once (docs/CLAIMS.md). */
object Scores {
    /**
     * "by about k points" ([a] against [b]; Table 1's +36, +8, +25): the gain a - b within k / [Terms.ABOUT] .. k x [Terms.ABOUT]
     * holds; farther than [tolerance] (one run's noise) outside it refutes; within [tolerance] outside it is inconclusive, as is
     * both at the cap. Drawn as the ratio a / b, its band mapped onto it (a - b >= x is a / b >= (b + x) / b).
     */
    fun aboutPoints(a: Double, b: Double, k: Double, cap: Double = Terms.SCORE_CAP, tolerance: Double = Terms.SCORE_TOLERANCE): Verdict {
        require(k > 0) { "about $k points: a size is a gain" }
        val (lo, hi) = k / Terms.ABOUT to k * Terms.ABOUT
        Edges.record(lo, hi)
        val d = a - b
        val v = when {
            a.isNaN() || b.isNaN() -> Verdict.NOT_MEASURED
            a >= cap && b >= cap -> Terms.unforecast()
            d in lo..hi -> Verdict.HOLDS
            d < lo - tolerance || d > hi + tolerance -> Verdict.REFUTED
            else -> Terms.unforecast()
        }
        if (b <= 0) return v
        val drawn = Estimate(a / b, (a - tolerance) / b, (a + tolerance) / b, 1)
        return Readings.record(drawn, (b + lo) / b, (b + hi) / b, v)
    }

    /** "about +36 points [28.8, 45.0]": the paper's gain in points and the band a verdict reads. */
    fun aboutPointsText(k: Double) = "about +${Fmt.fixed(k, 0)} points [${Fmt.fixed(k / Terms.ABOUT, 1)}, ${Fmt.fixed(k * Terms.ABOUT, 1)}]"
}
