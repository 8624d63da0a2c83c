package pssr.bench.claims

import kotlin.math.pow

/**
 * `reproduce`'s rounds (docs/CLAIMS.md, "Rounds"): after the first pass over every claim, what is left of the budget
 * goes to the claims still inconclusive, round by round, until each is decided, the budget ends or [maxRounds] looks
 * were taken. A claim decided in a round keeps that round's verdict and is not looked at again.
 *
 * Looking more than once at data that grows would raise the chance of a false decision; the rounds spend
 * [alpha] over the looks (Bonferroni, alpha spending): look r judges at confidence 1 - alpha / 2^r, so the looks'
 * alphas add up to less than [alpha] (2.5% + 1.25% + 0.625% + ... < 5%) and a claim's false-decision rate stays
 * under [alpha] however many rounds it took. The price: the first look is at 97.5%, not 95%.
 */
class Rounds(val alpha: Double = 0.05, val maxRounds: Int = 4) {
    init {
        require(alpha > 0 && alpha < 1 && maxRounds >= 1)
    }

    /** The confidence of look [round] (1-based). */
    fun confidence(round: Int): Double = 1 - alpha / 2.0.pow(round)

    /** Each claim's final judgement and the round it was decided in (the last round taken when it never was). */
    data class Outcome(val judgements: Map<String, Judgement>, val roundOf: Map<String, Int>, val rounds: Int)

    /**
     * [judge] (round, its confidence) judges every claim on what is measured so far; [measure] (round, the ids still open)
     * measures their rows again for that round and returns false when the budget has no room for it (nothing measured).
     */
    fun run(judge: (Int, Double) -> Map<String, Judgement>, measure: (Int, Set<String>) -> Boolean): Outcome {
        val decided = LinkedHashMap<String, Judgement>()
        val roundOf = HashMap<String, Int>()
        var round = 1
        var current = judge(round, confidence(round))
        fun settle() {
            for ((id, j) in current) {
                if (id !in decided && j.verdict != Verdict.INCONCLUSIVE) {
                    decided[id] = j
                    roundOf[id] = round
                }
            }
        }
        settle()
        while (round < maxRounds) {
            val open = current.filter { (id, j) -> id !in decided && j.verdict == Verdict.INCONCLUSIVE }.keys
            if (open.isEmpty() || !measure(round + 1, open)) break
            round++
            current = judge(round, confidence(round))
            settle()
        }
        val all = current.mapValues { (id, j) -> decided[id] ?: j }
        return Outcome(all, all.keys.associateWith { roundOf[it] ?: round }, round)
    }
}
