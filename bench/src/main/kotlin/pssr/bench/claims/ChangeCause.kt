package pssr.bench.claims

/**
 * Why one claim's verdict moved between two ledgers, read from their rows alone (`claims --diff`): so that each line of
 * a diff says whether the test changed or the measurement did. In this order, the first that applies:
 * - [FLOOR]: one side is floor-bound, or read at a higher level because the claim's own level was on the floor, and
 *   the other is not (the floor rule came in, or the regime moved);
 * - [RESTATED]: the claim's sentence differs (its statement or its test was rewritten);
 * - [TEST]: the sentence is the same but the reading's wording is not (another edge, another aggregate, other rows);
 * - [FIGURES]: the same claim read the same way; only the measured figures moved.
 * Older ledgers without the sentence or the reading give [UNKNOWN].
 */
enum class ChangeCause(val words: String, val meaning: String) {
    ONE_SIDE("judged in one ledger only", "the other run did not judge it under this setup, or lacked its rows"),
    FLOOR(
        "the floor or pool rule",
        "one side floor- or pool-bound, or read at another level because its own was on the floor or held by a pool",
    ),
    RESTATED("claim restated", "the claim's sentence differs"),
    TEST("test changed", "the same sentence read with other wording (edges, rows)"),
    FIGURES("figures moved", "the same claim read the same way (the two runs' settings and repetitions are not in the ledgers)"),
    UNKNOWN("not in the ledgers", "an older ledger without the claims' sentences and readings"),
    ;

    companion object {
        private val INTERVAL = Regex("""(?:T\(\d+\)/T\(\d+\) )?-?[\d.,]+x? \(\d+(?:\.\d+)?% [^)]*\)""")
        private val NUMBER = Regex("""\d[\d.,]*""")
        private val VERDICTS = Regex(Verdict.entries.joinToString("|") { Regex.escape(it.word) })

        private fun floorRead(reading: String) = listOf(Verdict.FLOOR_BOUND.word, Verdict.POOL_BOUND.word, READ_ABOVE_FLOOR, READ_OFF_POOL)
            .any { reading.startsWith(it) }

        /** The reading with its figures and verdict words taken out: what was compared, against which edge's shape. */
        private fun wording(reading: String) = VERDICTS.replace(NUMBER.replace(INTERVAL.replace(reading, "#"), "#"), "").trim()

        fun of(before: String, after: String, claimA: String?, claimB: String?, readA: String?, readB: String?): ChangeCause = when {
            listOf(before, after).any { it.isEmpty() || it == Verdict.NOT_MEASURED.word } -> ONE_SIDE

            claimA == null || claimB == null || readA == null || readB == null -> UNKNOWN

            setOf(Verdict.FLOOR_BOUND.word, Verdict.POOL_BOUND.word).any { it in setOf(before, after) } ||
                floorRead(readA) != floorRead(readB) -> FLOOR

            claimA.trim() != claimB.trim() -> RESTATED

            wording(readA) != wording(readB) -> TEST

            else -> FIGURES
        }

        /** The measured figures of a reading (its intervals, at most [n]), or its start where it prints none. */
        fun figures(reading: String, n: Int = 2): String {
            val found = INTERVAL.findAll(reading).map { it.value }.toList()
            return if (found.isEmpty()) reading.take(60).trim() else found.take(n).joinToString("; ") + if (found.size > n) "; ..." else ""
        }
    }
}
