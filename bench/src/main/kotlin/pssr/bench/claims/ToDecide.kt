package pssr.bench.claims

import pssr.bench.stats.Stats
import kotlin.math.abs
import kotlin.math.ln
import kotlin.math.sqrt

/**
 * What an inconclusive verdict would take to be decided: how many measurements per figure (repetitions, or a profile's
 * batches) would narrow its interval, at today's estimate and spread, past the nearest edge its word compares against
 * (docs/CLAIMS.md, "A verdict is"). An interval narrows as t(n - 1) / sqrt(n): a figure whose estimate lies a tenth of its
 * half-width from its edge needs about a hundred times the measurements, one whose estimate lies past half of it a few
 * more. It tells a claim that more repetitions would decide (a budget question) from one that sits on its edge (run I:
 * 16 of the tool's 40 inconclusive claims needed more than four times their measurements). The estimate can move as
 * measurements come in: this is a forecast at the look's confidence, not a promise.
 */
object ToDecide {
    /** Beyond this many measurements per figure the claim "sits on its edge": no budget of this tool decides it. */
    const val MOST = 200

    /** [now] measurements per figure today; [needed] would decide every figure the verdict read ([MOST] + 1: more than [MOST]). */
    data class Need(val now: Int, val needed: Int) {
        val onTheEdge: Boolean get() = needed > MOST

        /** "about 14 measurements per figure would decide it at this estimate (6 now)". */
        fun text(): String = if (onTheEdge) {
            "it sits on its edge: more than $MOST measurements per figure would not decide it at this estimate ($now now)"
        } else {
            "about $needed measurements per figure would decide it at this estimate ($now now)"
        }

        /** The claims.csv cell: the number, or ">200". */
        fun cell(): String = if (onTheEdge) ">$MOST" else needed.toString()
    }

    private val recorded = ThreadLocal<MutableList<Need>?>()

    /** A word left [e] inconclusive against [edges]: what deciding it takes is recorded for the judgement being run. */
    internal fun record(e: Estimate, vararg edges: Double) {
        val list = recorded.get() ?: return
        need(e, *edges)?.let { list += it }
    }

    /** [block] (a judgement) and, when it is inconclusive, the most any of its inconclusive figures needs. */
    fun judging(block: () -> Judgement): Judgement {
        val outer = recorded.get()
        val needs = ArrayList<Need>()
        recorded.set(needs)
        try {
            val j = block()
            if (j.verdict != Verdict.INCONCLUSIVE || needs.isEmpty()) return j
            return j.copy(toDecide = needs.maxBy { it.needed })
        } finally {
            recorded.set(outer)
        }
    }

    /**
     * The measurements [e] needs for its interval to clear the nearest of [edges] (log scale, as [Estimate] divides), at its own
     * confidence; null where that cannot be read: a single measurement, a min-max range, a figure not above zero.
     */
    fun need(e: Estimate, vararg edges: Double): Need? {
        val confidence = e.label.removeSuffix("%").toDoubleOrNull()?.div(100) ?: return null
        if (!e.hasInterval || e.n < 2 || e.value <= 0 || confidence <= 0 || confidence >= 1) return null
        val distance = edges.filter { it > 0 && it.isFinite() }.minOfOrNull { abs(ln(e.value / it)) } ?: return null
        // the spread of one measurement on the log scale, from today's half-width
        val spread = e.logHalf() * sqrt(e.n.toDouble()) / Stats.t(e.n - 1, confidence)
        fun decides(m: Int) = Stats.t(m - 1, confidence) * spread / sqrt(m.toDouble()) < distance
        if (!decides(MOST)) return Need(e.n, MOST + 1)
        // the half-width shrinks as m grows: the fewest m that decides, by bisection
        var (lo, hi) = e.n to MOST
        while (lo < hi) {
            val mid = (lo + hi) / 2
            if (decides(mid)) hi = mid else lo = mid + 1
        }
        // an interval that is not symmetric on the log scale may straddle with room to spare: at least one more
        return Need(e.n, maxOf(lo, e.n + 1))
    }

    /** The ledger's line on a paper's inconclusive claims: "of 40 inconclusive, 11 within twice their measurements, 16 on the edge". */
    fun summary(needs: List<Need?>): String {
        val known = needs.filterNotNull()
        if (known.isEmpty()) return ""
        val twice = known.count { it.needed <= 2 * it.now }
        val edge = known.count { it.onTheEdge }
        return "of ${needs.size} inconclusive, $twice would be decided by at most twice their measurements at their " +
            "estimates, ${known.size - twice - edge} by more, $edge sit on their edge (more than $MOST per figure)" +
            if (known.size < needs.size) ", ${needs.size - known.size} have no interval to read it from" else ""
    }
}
