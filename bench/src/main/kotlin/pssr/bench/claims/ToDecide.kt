package pssr.bench.claims

import pssr.bench.stats.Stats
import kotlin.math.abs
import kotlin.math.ln
import kotlin.math.sqrt

/**
 * What an inconclusive verdict would take to be decided: how many measurements per figure (repetitions, or a profile's
 * batches) would narrow its interval, at today's estimate and spread, past the nearest edge its word compares against
 * (docs/CLAIMS.md, "A verdict is"). An interval narrows as t(n - 1) / sqrt(n): a figure whose estimate lies a tenth of its
 * half-width from its edge needs about a hundred times the measurements. It tells a claim that more repetitions would
 * decide (a budget question) from one that sits on its edge (run I: 17 of the tool's 40 inconclusive claims needed more
 * than four times their measurements). The estimate can move as measurements come in: a forecast at the look's
 * confidence, not a promise. None where it cannot be read: a part with no interval, an interval over JVMs' means (more
 * windows alone do not narrow it), a comparison that more measurements would only show to be at its latency floor.
 */
object ToDecide {
    /** Beyond this many measurements per figure the claim "sits on its edge": no budget of this tool decides it. */
    const val MOST = 200

    /** [now] measurements per figure today; [needed] would decide it (past [MOST], and past [now], it sits on its edge). */
    data class Need(val now: Int, val needed: Int) {
        val onTheEdge: Boolean get() = needed > maxOf(MOST, now + 1)

        /** "about 14 measurements per figure would decide it at this estimate (6 now)". */
        fun text(): String = if (onTheEdge) {
            "it sits on its edge: ${needed - 1} measurements per figure would not decide it at this estimate ($now now)"
        } else {
            "about $needed measurements per figure would decide it at this estimate ($now now)"
        }

        /** The claims.csv cell: the number, or ">200". */
        fun cell(): String = if (onTheEdge) ">${needed - 1}" else needed.toString()
    }

    /** One open figure of a judgement: what deciding it takes (null: cannot be read), and whether its estimate lies where it holds. */
    private class Part(val need: Need?, val holdsSide: Boolean)

    private val recorded = ThreadLocal<MutableList<Part>?>()

    /**
     * A word left [e] inconclusive against [edges]; [holdsSide]: its estimate alone (no width) would hold it. Recorded for the
     * judgement being run.
     */
    internal fun record(e: Estimate, holdsSide: Boolean, vararg edges: Double) {
        recorded.get()?.add(Part(need(e, *edges), holdsSide))
    }

    /** A word left a figure inconclusive that has no interval to forecast from (one measurement, a capped score). */
    internal fun unreadable() {
        recorded.get()?.add(Part(null, true))
    }

    /** [block] with the sides of the parts it records turned around: a word that is another turned around ("not higher"). */
    internal fun <T> turned(block: () -> T): T {
        val list = recorded.get() ?: return block()
        val from = list.size
        val result = block()
        for (i in from until list.size) list[i] = Part(list[i].need, !list[i].holdsSide)
        return result
    }

    /**
     * [block] (a judgement) and, when it is inconclusive, what deciding it takes. Its parts combine as [Terms.all] does: one
     * part whose estimate lies where it refutes decides the claim on its own (the fewest of those), else every part must hold
     * (the most of them); none where a part that must be decided cannot be read.
     */
    fun judging(block: () -> Judgement): Judgement {
        val outer = recorded.get()
        val parts = ArrayList<Part>()
        recorded.set(parts)
        try {
            val j = block()
            if (j.verdict != Verdict.INCONCLUSIVE || parts.isEmpty()) return j
            val refuting = parts.filter { !it.holdsSide }.mapNotNull { it.need }
            val need = when {
                refuting.isNotEmpty() -> refuting.minBy { it.needed }
                parts.any { it.need == null } -> null
                else -> parts.mapNotNull { it.need }.maxBy { it.needed }
            }
            return j.copy(toDecide = need)
        } finally {
            recorded.set(outer)
        }
    }

    /**
     * The measurements [e] needs for its interval to clear the nearest of [edges] (log scale, as [Estimate] divides), at its own
     * confidence; null where that cannot be read: a single measurement, a min-max range, a figure not above zero, an interval
     * over JVMs' means ([Estimate.df] other than n - 1).
     */
    fun need(e: Estimate, vararg edges: Double): Need? {
        val confidence = e.label.removeSuffix("%").toDoubleOrNull()?.div(100) ?: return null
        if (!e.hasInterval || e.n < 2 || e.df != e.n - 1 || e.value <= 0 || confidence <= 0 || confidence >= 1) return null
        val distance = edges.filter { it > 0 && it.isFinite() }.minOfOrNull { abs(ln(e.value / it)) } ?: return null
        // the spread of one measurement on the log scale, from today's half-width
        val spread = e.logHalf() * sqrt(e.n.toDouble()) / Stats.t(e.n - 1, confidence)
        fun decides(m: Int) = Stats.t(m - 1, confidence) * spread / sqrt(m.toDouble()) < distance
        val cap = maxOf(MOST, e.n + 1)
        if (!decides(cap)) return Need(e.n, cap + 1)
        // the half-width shrinks as m grows: the fewest m that decides, by bisection
        var (lo, hi) = e.n to cap
        while (lo < hi) {
            val mid = (lo + hi) / 2
            if (decides(mid)) hi = mid else lo = mid + 1
        }
        // an interval that is not symmetric on the log scale may straddle with room to spare: at least one more
        return Need(e.n, maxOf(lo, e.n + 1))
    }

    /** The ledger's line on one column's open verdicts: "of 40 inconclusive, 13 would be decided by at most twice ...". */
    fun summary(needs: List<Need?>): String {
        val known = needs.filterNotNull()
        if (known.isEmpty()) return ""
        val edge = known.count { it.onTheEdge }
        val twice = known.count { !it.onTheEdge && it.needed <= 2 * it.now }
        return "of ${needs.size} inconclusive, $twice would be decided by at most twice their measurements at their " +
            "estimates, ${known.size - twice - edge} by more, $edge sit on their edge (more than $MOST per figure)" +
            if (known.size < needs.size) ", ${needs.size - known.size} cannot be forecast" else ""
    }
}
