package pssr.bench.claims

import pssr.bench.console.Fmt

/**
 * The recurring words of the seeds, defined once (docs/CLAIMS.md). Every predicate of every claim is built from these,
 * and each takes the 95% interval of what was measured: the claim holds when the whole interval satisfies the
 * tolerance, is refuted when none of it does, and is inconclusive when it straddles the boundary.
 */
object Terms {
    /** "scales": doubling the users multiplies throughput by at least this (a closed loop that is not limited gives 2.0). */
    const val SCALES = 1.15

    /** "comparable", "similar", "no gain": the ratio of the two is within this range. */
    val COMPARABLE = 0.90..1.10

    /** "about k x": the ratio is within k / 1.25 .. k x 1.25. */
    const val ABOUT = 1.25

    /**
     * "slightly higher": higher (past [COMPARABLE]) and at most this. The seeds' "slightly higher" is 1.12x (seed 000,
     * 5.2: 2,797 vs 2,498 req/s); 1.25 is [ABOUT]'s tolerance: a lead past 25% is "about 1.5x", no longer slight.
     */
    const val SLIGHTLY = 1.25

    /** Lighthouse's performance score is capped at 100. */
    const val SCORE_CAP = 100.0

    /** One Lighthouse run's score moves by a couple of points run to run: a difference within this is not told from none. */
    const val SCORE_TOLERANCE = 2.0

    /** The interval entirely inside [range]: holds; entirely outside: refuted; else inconclusive. */
    fun within(e: Estimate, range: ClosedFloatingPointRange<Double>): Verdict {
        Edges.record(range.start, range.endInclusive)
        return Readings.record(
            e,
            range.start,
            range.endInclusive,
            within0(e, range).open(e, e.value in range, range.start, range.endInclusive),
        )
    }

    private fun within0(e: Estimate, range: ClosedFloatingPointRange<Double>): Verdict = when {
        e.value.isNaN() -> Verdict.NOT_MEASURED
        e.low >= range.start && e.high <= range.endInclusive -> Verdict.HOLDS
        e.high < range.start || e.low > range.endInclusive -> Verdict.REFUTED
        else -> Verdict.INCONCLUSIVE
    }

    /** "at least x" (e.g. a scaling gain): the whole interval at or above x holds, wholly below refutes. */
    fun atLeast(e: Estimate, x: Double): Verdict =
        Edges.record(x).let { Readings.record(e, x, Double.POSITIVE_INFINITY, atLeast0(e, x).open(e, e.value >= x, x)) }

    private fun atLeast0(e: Estimate, x: Double): Verdict = when {
        e.value.isNaN() -> Verdict.NOT_MEASURED
        e.low >= x -> Verdict.HOLDS
        e.high < x -> Verdict.REFUTED
        else -> Verdict.INCONCLUSIVE
    }

    /** "below x": the whole interval under x holds, wholly at or above refutes. */
    fun below(e: Estimate, x: Double): Verdict =
        Edges.record(x).let { Readings.record(e, Double.NEGATIVE_INFINITY, x, below0(e, x).open(e, e.value < x, x)) }

    private fun below0(e: Estimate, x: Double): Verdict = when {
        e.value.isNaN() -> Verdict.NOT_MEASURED
        e.high < x -> Verdict.HOLDS
        e.low >= x -> Verdict.REFUTED
        else -> Verdict.INCONCLUSIVE
    }

    /** "comparable" / "similar": the ratio's interval within [COMPARABLE]. */
    fun comparable(ratio: Estimate) = within(ratio, COMPARABLE)

    /**
     * "higher" / "leads": the ratio A/B entirely above the [COMPARABLE] band (past 1.10); refuted when entirely at or
     * under its top (inside the band, or lower). The words partition the ratio axis: under 0.90 is lower, 0.90-1.10
     * comparable, past 1.10 higher, so one pair is never both "comparable" and "higher" (docs/CLAIMS.md, "The words").
     * A ratio measured once (no interval) inside the band is inconclusive: one measurement cannot tell a difference under
     * 10% from none (seed 003's 606 vs 604 req/s).
     */
    fun higher(ratio: Estimate): Verdict = Readings.record(
        ratio,
        COMPARABLE.endInclusive,
        Double.POSITIVE_INFINITY,
        when {
            ratio.value.isNaN() -> Verdict.NOT_MEASURED
            onePointWithinComparable(ratio) -> unforecast()
            ratio.low > COMPARABLE.endInclusive -> Verdict.HOLDS
            ratio.high <= COMPARABLE.endInclusive -> Verdict.REFUTED
            else -> Verdict.INCONCLUSIVE.open(ratio, ratio.value > COMPARABLE.endInclusive, COMPARABLE.endInclusive)
        },
    )

    /** "without increasing" / "no more than": [higher] turned around, holding where it is refuted and refuted where it holds. */
    fun notHigher(ratio: Estimate): Verdict = when (val v = Readings.turned { ToDecide.turned { higher(ratio) } }) {
        Verdict.HOLDS -> Verdict.REFUTED
        Verdict.REFUTED -> Verdict.HOLDS
        else -> v
    }

    /**
     * "lower" / "below": the ratio A/B entirely under the [COMPARABLE] band (under 0.90); refuted when entirely at or
     * above its bottom; a single measurement inside the band is inconclusive, as for [higher].
     */
    fun lower(ratio: Estimate): Verdict = if (onePointWithinComparable(ratio)) {
        Readings.record(ratio, Double.NEGATIVE_INFINITY, COMPARABLE.start, unforecast())
    } else {
        below(ratio, COMPARABLE.start)
    }

    /**
     * "slightly higher": [higher], by at most [SLIGHTLY]: the ratio entirely within (1.10, [SLIGHTLY]]; refuted when
     * entirely at or under 1.10 (comparable, or lower) or entirely above [SLIGHTLY] (a large lead is not a slight one);
     * a single measurement inside [COMPARABLE] is inconclusive.
     */
    fun slightlyHigher(ratio: Estimate): Verdict = Readings.record(ratio, COMPARABLE.endInclusive, SLIGHTLY, slightlyHigher0(ratio))

    private fun slightlyHigher0(ratio: Estimate): Verdict = when {
        ratio.value.isNaN() -> Verdict.NOT_MEASURED

        onePointWithinComparable(ratio) -> unforecast()

        ratio.low > COMPARABLE.endInclusive && ratio.high <= SLIGHTLY -> Verdict.HOLDS

        ratio.high <= COMPARABLE.endInclusive || ratio.low > SLIGHTLY -> Verdict.REFUTED

        else -> Verdict.INCONCLUSIVE.open(
            ratio,
            ratio.value > COMPARABLE.endInclusive && ratio.value <= SLIGHTLY,
            COMPARABLE.endInclusive,
            SLIGHTLY,
        )
    }

    /**
     * "slightly lower": [slightlyHigher] mirrored, the ratio entirely within [1 / [SLIGHTLY], 0.90): refuted when entirely at or
     * above 0.90 (comparable, or higher) or entirely under 1 / [SLIGHTLY] (a large drop is not a slight one); a single measurement
     * inside [COMPARABLE] is inconclusive.
     */
    fun slightlyLower(ratio: Estimate): Verdict = Readings.record(ratio, 1 / SLIGHTLY, COMPARABLE.start, slightlyLower0(ratio))

    private fun slightlyLower0(ratio: Estimate): Verdict = when {
        ratio.value.isNaN() -> Verdict.NOT_MEASURED

        onePointWithinComparable(ratio) -> unforecast()

        ratio.low >= 1 / SLIGHTLY && ratio.high < COMPARABLE.start -> Verdict.HOLDS

        ratio.low >= COMPARABLE.start || ratio.high < 1 / SLIGHTLY -> Verdict.REFUTED

        else -> Verdict.INCONCLUSIVE.open(
            ratio,
            ratio.value >= 1 / SLIGHTLY && ratio.value < COMPARABLE.start,
            1 / SLIGHTLY,
            COMPARABLE.start,
        )
    }

    /** Inconclusive on a figure with no interval (one measurement, a capped score): [ToDecide] cannot forecast it. */
    internal fun unforecast(): Verdict = Verdict.INCONCLUSIVE.also { ToDecide.unreadable() }

    private fun onePointWithinComparable(ratio: Estimate) = !ratio.hasInterval && ratio.value in COMPARABLE

    /**
     * This verdict; when it is inconclusive, what deciding [e] against [edges] would take is recorded ([ToDecide]), with
     * [holdsSide]: the estimate alone (no width) would hold it.
     */
    private fun Verdict.open(e: Estimate, holdsSide: Boolean, vararg edges: Double): Verdict = also {
        if (it == Verdict.INCONCLUSIVE) ToDecide.record(e, holdsSide, *edges)
    }

    /**
     * The band of "about k x", the one rule for every size a paper gives (docs/CLAIMS.md, "Sizes"): k / [ABOUT] .. k x [ABOUT],
     * clipped so that it never reaches into [COMPARABLE]: a size above the band starts past 1.10 (open there, as [higher]), a size
     * below it ends before 0.90 (open there, as [lower]). A size inside [COMPARABLE] is no size: "comparable" judges it.
     */
    data class Band(val low: Double, val high: Double, val lowOpen: Boolean = false, val highOpen: Boolean = false) {
        fun admitsLow(x: Double) = if (lowOpen) x > low else x >= low
        fun admitsHigh(x: Double) = if (highOpen) x < high else x <= high

        /** "[0.69, 0.90)": the band with its ends, open where clipped at the comparable band. */
        override fun toString() = "${if (lowOpen) "(" else "["}${Fmt.fixed(low, 3)}, ${Fmt.fixed(high, 3)}${if (highOpen) ")" else "]"}"
    }

    /** [about]'s band for the paper's size [k] (see [Band]); [k] inside [COMPARABLE] is a bug of the claim (say "comparable"). */
    fun aboutBand(k: Double): Band {
        require(k.isFinite() && k > 0 && k !in COMPARABLE) { "about ${k}x: a size inside $COMPARABLE is 'comparable', not a size" }
        return if (k > 1) {
            if (k / ABOUT <= COMPARABLE.endInclusive) {
                Band(COMPARABLE.endInclusive, k * ABOUT, lowOpen = true)
            } else {
                Band(k / ABOUT, k * ABOUT)
            }
        } else {
            if (k * ABOUT >= COMPARABLE.start) Band(k / ABOUT, COMPARABLE.start, highOpen = true) else Band(k / ABOUT, k * ABOUT)
        }
    }

    /** "about 0.62x [0.496, 0.775]": the paper's size and the band a verdict reads, for a claim's figure. */
    fun aboutText(k: Double) = "about ${Fmt.fixed(k, if (k < 0.1) 3 else 2)}x ${aboutBand(k)}"

    /**
     * "about k x" (the paper gives a size: "319 vs 1,166 ms", "four times", "doubles"): two-sided. Holds when the whole interval
     * lies inside [aboutBand]; refuted when it lies wholly outside it (past either end, which includes the comparable band and
     * the wrong side of 1); inconclusive when it straddles an end; a single measurement inside [COMPARABLE] is inconclusive, as
     * for [higher] and [lower].
     */
    fun about(ratio: Estimate, k: Double): Verdict {
        val band = aboutBand(k)
        Edges.record(band.low, band.high)
        return Readings.record(ratio, band.low, band.high, about0(ratio, band))
    }

    private fun about0(ratio: Estimate, band: Band): Verdict = when {
        ratio.value.isNaN() -> Verdict.NOT_MEASURED
        onePointWithinComparable(ratio) -> unforecast()
        band.admitsLow(ratio.low) && band.admitsHigh(ratio.high) -> Verdict.HOLDS
        !band.admitsHigh(ratio.low) || !band.admitsLow(ratio.high) -> Verdict.REFUTED
        else -> Verdict.INCONCLUSIVE.open(ratio, band.admitsLow(ratio.value) && band.admitsHigh(ratio.value), band.low, band.high)
    }

    /** "about the reference" for a figure over an exact reference (300 MB of heap): the ratio within 1 / [ABOUT] .. [ABOUT]. */
    fun near(ratio: Estimate) = within(ratio, 1 / ABOUT..ABOUT)

    /** Several conditions that must all hold: refuted if any is, holds if all do, else inconclusive (not measured wins). */
    fun all(vararg verdicts: Verdict): Verdict = when {
        verdicts.any { it == Verdict.NOT_MEASURED } -> Verdict.NOT_MEASURED
        verdicts.any { it == Verdict.REFUTED } -> Verdict.REFUTED
        verdicts.all { it == Verdict.HOLDS } -> Verdict.HOLDS
        else -> Verdict.INCONCLUSIVE
    }

    /**
     * "Scales up to N users": throughput by users [series] (levels measured, ascending). The step into N scales (T(N) over
     * T at the level below, normalised to a doubling, at least [SCALES]) and, when a level above N was measured, the step
     * past N does not (under [SCALES]). "Consistently" over levels is [all] over them.
     */
    fun scalesUpTo(series: Map<Int, Estimate>, n: Int): Scaling =
        scalesUpTo(series.keys, n) { lo, hi -> gain(series.getValue(lo), series.getValue(hi), lo, hi) }

    /**
     * [scalesUpTo]'s verdict, the steps it read ("T(64)/T(32) 1.95 (95% ...)"), and whether the step past N refuted it
     * ([grewPast]: throughput still growing past the level the claim says scaling stops at).
     */
    data class Scaling(val verdict: Verdict, val parts: List<String>, val grewPast: Boolean = false)

    /** [scalesUpTo] with the gain between two measured [levels] given by [gainOf] (e.g. paired by repetition). */
    fun scalesUpTo(levels: Collection<Int>, n: Int, gainOf: (Int, Int) -> Estimate): Scaling {
        val sorted = levels.sorted()
        if (n !in sorted) return Scaling(Verdict.NOT_MEASURED, listOf("no level at $n users"))
        // without the level below N nothing shows the step into it: not a vacuous "holds" (run F's Stocks Thymeleaf at 128 alone)
        val below = sorted.lastOrNull { it < n } ?: return Scaling(Verdict.NOT_MEASURED, listOf("no level below $n users"))
        val above = sorted.firstOrNull { it > n }
        val parts = ArrayList<String>()
        val into = gainOf(below, n).also { parts += "T($n)/T($below) ${it.text(digits = 2)}" }
        val past = above?.let { a -> gainOf(n, a).also { parts += "T($a)/T($n) ${it.text(digits = 2)}" } }
        val intoVerdict = Readings.labelled("T($n)/T($below) per doubling") { atLeast(into, SCALES) }
        val pastVerdict = past?.let { p -> Readings.labelled("T($above)/T($n) per doubling") { below(p, SCALES) } }
        return Scaling(all(intoVerdict, pastVerdict ?: Verdict.HOLDS), parts, grewPast = pastVerdict == Verdict.REFUTED)
    }

    /** The throughput gain from [lo] to [hi] users, per doubling of the users (levels need not be doublings). */
    fun gain(at: Estimate, next: Estimate, lo: Int, hi: Int): Estimate = perDoubling(next / at, lo, hi)

    /** A throughput ratio from [lo] to [hi] users expressed per doubling of the users. */
    fun perDoubling(r: Estimate, lo: Int, hi: Int): Estimate {
        val doublings = kotlin.math.ln(hi.toDouble() / lo) / kotlin.math.ln(2.0)
        if (doublings == 1.0) return r
        fun perDoubling(x: Double) = Math.pow(x, 1.0 / doublings)
        return Estimate(perDoubling(r.value), perDoubling(r.low), perDoubling(r.high), r.n, r.label, r.df)
    }

    /** Where scaling stops in [series]: the first level whose next step gains less than [SCALES] (point estimates), else the top level. */
    fun scalingLimit(series: Map<Int, Estimate>): Int? {
        val levels = series.keys.sorted()
        if (levels.isEmpty()) return null
        for ((lo, hi) in levels.zipWithNext()) if (gain(series.getValue(lo), series.getValue(hi), lo, hi).value < SCALES) return lo
        return levels.last()
    }
}
