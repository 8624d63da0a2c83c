package pssr.bench.claims

import pssr.bench.console.Fmt
import kotlin.math.pow

/**
 * `reproduce`'s rounds (docs/CLAIMS.md, "Rounds"): after the first pass over every claim, what is left of the budget
 * goes to the claims still inconclusive, round by round, until each is decided, the budget ends or it had [maxLooks]
 * looks; the claims with the fewest looks are offered first, and among them those the fewest measurements from a decision
 * ([ToDecide]). A claim decided in a round keeps that verdict and is not looked at again.
 *
 * Looking more than once at data that grows would raise the chance of a false decision; each claim spends [alpha] over
 * its own looks (Bonferroni, alpha spending): its look k judges at confidence 1 - alpha / 2^k, so its looks' alphas add
 * up to less than [alpha] (2.5% + 1.25% + 0.625% + ... < 5%) and its false-decision rate stays under [alpha] however many
 * rounds it took. The price: the first look is at 97.5%, not 95%. A round that did not measure a claim's rows again is
 * no look at it.
 */
class Rounds(val alpha: Double = 0.05, val maxLooks: Int = MAX_LOOKS) {
    init {
        require(alpha > 0 && alpha < 1 && maxLooks >= 1)
    }

    /** The confidence of look [look] (1-based) at a claim. */
    fun confidence(look: Int): Double = 1 - alpha / 2.0.pow(look)

    /**
     * Each claim's final judgement, the round it was decided in (the last round that looked at it when it never was), how many
     * looks it took, and how many rounds were taken in all.
     */
    data class Outcome(
        val judgements: Map<String, Judgement>,
        val roundOf: Map<String, Int>,
        val looks: Map<String, Int>,
        val rounds: Int,
    ) {
        /** The claims a round after the first pass decided. */
        val decidedInRounds: List<String> get() =
            roundOf.filter { (id, r) -> r > 1 && judgements[id]?.verdict != Verdict.INCONCLUSIVE }.keys.sorted()

        /** How many claims a round measured again. */
        val measuredAgain: Int get() = looks.count { it.value > 1 }

        /**
         * The ledger's header line: "Rounds: 2 after the first pass, 18 of 147 min measured (12%); they decided 2 claims (a, b); 3
         * measured again stay open." [roundsSeconds] of [totalSeconds] measured.
         */
        fun line(roundsSeconds: Long, totalSeconds: Long): String {
            if (rounds <= 1) return "Rounds: none (the budget left no room after the first pass and the one-factor runs)."
            val share = if (totalSeconds > 0) " (${Fmt.pct(roundsSeconds.toDouble() / totalSeconds)})" else ""
            val decided = decidedInRounds
            return "Rounds: ${rounds - 1} after the first pass, ${roundsSeconds / 60} of ${totalSeconds / 60} min measured$share; " +
                "they decided ${decided.size} claims${if (decided.isEmpty()) "" else " (${decided.joinToString(", ")})"}; " +
                "${measuredAgain - decided.size} measured again stay open."
        }
    }

    /**
     * [judge] (round, confidence) judges every claim on what is measured so far; [measure] (round, the ids still open, those
     * looked at least first) measures rows again for that round and returns the ids whose rows it measured (none when the
     * budget has no room). A claim's look is taken only in a round that measured its rows again: one whose rows did not grow
     * keeps its judgement and the confidence of its last look, and spends no alpha.
     */
    fun run(judge: (Int, Double) -> Map<String, Judgement>, measure: (Int, List<String>) -> Set<String>): Outcome {
        val current = LinkedHashMap(judge(1, confidence(1)))
        val looks = current.keys.associateWithTo(HashMap()) { 1 }
        val roundOf = current.keys.associateWithTo(HashMap()) { 1 }
        val decided = current.filterValues { it.verdict != Verdict.INCONCLUSIVE }.keys.toMutableSet()
        var round = 1
        while (true) {
            // fewest looks first, and among them the fewest more measurements from a decision ([ToDecide]): a budget that ends
            // mid-round decides the most
            val open = current.keys.filter { it !in decided && looks.getValue(it) < maxLooks }.sortedWith(
                compareBy({ looks.getValue(it) }, { current.getValue(it).toDecide?.let { n -> n.needed - n.now } ?: Int.MAX_VALUE }),
            )
            if (open.isEmpty()) break
            val measured = measure(round + 1, open).filter { it in open }
            if (measured.isEmpty()) break
            round++
            for (id in measured) looks[id] = looks.getValue(id) + 1
            for ((look, ids) in measured.groupBy { looks.getValue(it) }) {
                val js = judge(round, confidence(look))
                for (id in ids) {
                    current[id] = js.getValue(id)
                    roundOf[id] = round
                    if (js.getValue(id).verdict != Verdict.INCONCLUSIVE) decided += id
                }
            }
        }
        return Outcome(current, roundOf, looks, round)
    }

    companion object {
        /** A round run's folder name starts so (`round-2-webflux-1`): a folder measured again for an open claim. */
        const val FOLDER_PREFIX = "round-"

        /** Looks per claim at most: the first and three rounds. */
        const val MAX_LOOKS = 4
    }
}
