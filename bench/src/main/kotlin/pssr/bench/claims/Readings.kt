package pssr.bench.claims

/**
 * One figure a word of [Terms] read: what it is ([label], may be empty), the estimate and its interval, the region of the axis
 * where the word holds ([holdsFrom] .. [holdsTo], infinite where open), and the word's verdict on it. claims.json carries them
 * and claims.html draws them: the paper's band and our interval on one log-ratio axis (docs/CLAIMS.md, "claims.json").
 */
data class Reading(
    val label: String,
    val value: Double,
    val low: Double,
    val high: Double,
    val holdsFrom: Double,
    val holdsTo: Double,
    val verdict: Verdict,
)

/** The figures a judgement's words read, recorded while [judging] runs it (as [Edges] records their edges). */
object Readings {
    private val recorded = ThreadLocal<MutableList<Reading>?>()
    private val label = ThreadLocal<String?>()

    /** A word judged [e] as [v] against the region where it holds. */
    internal fun record(e: Estimate, holdsFrom: Double, holdsTo: Double, v: Verdict): Verdict {
        if (!e.value.isFinite()) return v
        recorded.get()?.add(Reading(label.get().orEmpty(), e.value, e.low, e.high, holdsFrom, holdsTo, v))
        return v
    }

    /** [block] with the figures its words read named [what] ("HtmlFlow / JStachio virtual at 128"). */
    fun <T> labelled(what: String, block: () -> T): T {
        val outer = label.get()
        label.set(what)
        try {
            return block()
        } finally {
            label.set(outer)
        }
    }

    /** [block] with the readings it records turned around: a word that is another turned around ("not higher"). */
    internal fun <T> turned(block: () -> T): T {
        val list = recorded.get() ?: return block()
        val from = list.size
        val result = block()
        for (i in from until list.size) {
            val r = list[i]
            // the other side of a half-line: (1.10, inf) becomes (-inf, 1.10]
            val (f, t) = if (r.holdsTo.isInfinite()) Double.NEGATIVE_INFINITY to r.holdsFrom else r.holdsTo to Double.POSITIVE_INFINITY
            val v = when (r.verdict) {
                Verdict.HOLDS -> Verdict.REFUTED
                Verdict.REFUTED -> Verdict.HOLDS
                else -> r.verdict
            }
            list[i] = r.copy(holdsFrom = f, holdsTo = t, verdict = v)
        }
        return result
    }

    /** [block] (one run of a judgement) with the readings of its words on the judgement it returns. */
    fun judging(block: () -> Judgement): Judgement {
        val outer = recorded.get()
        val list = ArrayList<Reading>()
        recorded.set(list)
        try {
            val j = block()
            return if (j.readings.isEmpty()) j.copy(readings = list.toList()) else j
        } finally {
            recorded.set(outer)
        }
    }
}
