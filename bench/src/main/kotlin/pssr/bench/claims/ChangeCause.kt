package pssr.bench.claims

/**
 * Why one claim's verdict moved between two ledgers, read from their rows alone (`claims --diff`): so that each line of
 * a diff says whether the test changed or the measurement did. In this order, the first that applies:
 * - [FLOOR]: one side is floor-, pool- or driver-bound, or read at another level because the claim's own level was at
 *   that bound, and the other is not (the rule came in, or the regime moved);
 * - [RESTATED]: the claim's sentence differs (its statement or its test was rewritten);
 * - [TEST]: the sentence is the same but the reading's wording is not (another edge, another aggregate, other rows);
 * - [FIGURES]: the same claim read the same way; only the measured figures moved.
 * Older ledgers without the sentence or the reading give [UNKNOWN].
 */
enum class ChangeCause(val words: String, val meaning: String) {
    ONE_SIDE("judged in one ledger only", "the other run did not judge it under this setup, or lacked its rows"),
    FLOOR(
        "the floor, pool or driver rule",
        "one side floor-, pool- or driver-bound, or read at another level because its own was on the floor, held by a pool or " +
            "limited by the driver",
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

        private val BOUNDS = setOf(Verdict.FLOOR_BOUND.word, Verdict.POOL_BOUND.word, Verdict.DRIVER_BOUND.word)

        private fun floorRead(reading: String) = (BOUNDS + listOf(READ_ABOVE_FLOOR, READ_OFF_POOL, READ_OFF_DRIVER))
            .any { reading.startsWith(it) }

        /** The reading with its figures and verdict words taken out: what was compared, against which edge's shape. */
        private fun wording(reading: String) = VERDICTS.replace(NUMBER.replace(INTERVAL.replace(reading, "#"), "#"), "").trim()

        fun of(before: String, after: String, claimA: String?, claimB: String?, readA: String?, readB: String?): ChangeCause = when {
            listOf(before, after).any { it.isEmpty() || it == Verdict.NOT_MEASURED.word } -> ONE_SIDE

            claimA == null || claimB == null || readA == null || readB == null -> UNKNOWN

            BOUNDS.any { it in setOf(before, after) } ||
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
