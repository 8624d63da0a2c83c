package pssr.bench.claims

/**
 * The edges the words compare a figure against, for printing it with the digits its verdict needs ([Estimate.text]): the
 * fixed ones of [Terms] (the comparable band, [Terms.SCALES], [Terms.SLIGHTLY]) always, and every other one a judgement
 * compares against (an "about k" band, "under 0.05"), recorded while [judging] runs it; a judgement that compared against
 * such an edge is run again, so its figures printed before the comparison get their digits too.
 */
object Edges {
    val FIXED: Set<Double> = setOf(Terms.COMPARABLE.start, Terms.COMPARABLE.endInclusive, Terms.SCALES, Terms.SLIGHTLY)
    private val recorded = ThreadLocal<MutableSet<Double>?>()
    private val known = ThreadLocal<Set<Double>?>()

    /** What a figure printed now is checked against: [FIXED], the edges of the judgement's first run and those so far. */
    fun current(): Set<Double> = FIXED + known.get().orEmpty() + recorded.get().orEmpty()

    /** A word compared a figure against [xs]. */
    internal fun record(vararg xs: Double) {
        recorded.get()?.let { r -> xs.filter { it.isFinite() }.forEach { r += it } }
    }

    /** [block] (a judgement) with the edges it compares against recorded, run a second time when they were not all known. */
    fun <T> judging(block: () -> T): T {
        val outer = recorded.get()
        val outerKnown = known.get()
        val edges = HashSet<Double>()
        recorded.set(edges)
        try {
            val first = block()
            if ((edges - FIXED - outerKnown.orEmpty()).isEmpty()) return first
            known.set(outerKnown.orEmpty() + edges)
            return block()
        } finally {
            recorded.set(outer)
            known.set(outerKnown)
            outer?.addAll(edges)
        }
    }
}
