package pssr.bench.claims

/**
 * Holds, refuted, inconclusive (the 95% interval straddles the tolerance), or not measured (rows missing); [FLOOR_BOUND]:
 * the rows a comparison reads were at their latency floor (the item delay set them, [pssr.bench.measure.Regime]), so they
 * say nothing about the stacks; the claim is judged only where no side is floor-bound (docs/CLAIMS.md); [POOL_BOUND]: the same for
 * a level a bounded thread pool held (its threads all busy, the cores not), on a claim that is not about that pool;
 * [DRIVER_BOUND]: the same for a level the load driver limited (its CPU, [pssr.bench.measure.Regime.DRIVER]): its pace, not the stack's.
 */
enum class Verdict(val word: String) {
    HOLDS("holds"),
    REFUTED("refuted"),
    INCONCLUSIVE("inconclusive"),
    FLOOR_BOUND("floor-bound"),
    POOL_BOUND("pool-bound"),
    DRIVER_BOUND("driver-bound"),
    NOT_MEASURED("not measured"),
}

/**
 * What a claim is about. Absolute figures from the seeds' machines (another CPU, other cores, JMeter) are never
 * compared as numbers: a SHAPE claim is about where scaling stops or which approach leads, a SIZE claim about a
 * ratio between two routes (or two modes) measured in the same run.
 */
enum class Kind(val word: String) { SHAPE("shape"), SIZE("size") }

/**
 * A verdict with the figure it rests on: ours (with its interval) and the paper's, and for a refuted claim the measured cause;
 * for an inconclusive one, what deciding it would take ([ToDecide]).
 */
data class Judgement(
    val verdict: Verdict,
    val ours: String,
    val ratio: String = "",
    val cause: String = "",
    val command: String = "",
    val toDecide: ToDecide.Need? = null,
    /** The figures its words read, with where each holds ([Readings]): what claims.html draws. */
    val readings: List<Reading> = emptyList(),
    /**
     * A scaling claim refuted by throughput still growing past the level it says scaling stops at ([Terms.Scaling.grewPast]):
     * a latency floor there does not set it aside ([Claim.judged]), since a stack that kept the floor's pace had room.
     */
    val grewPast: Boolean = false,
) {
    companion object {
        fun notMeasured(what: String, command: String) = Judgement(Verdict.NOT_MEASURED, "no rows for $what", command = command)
    }
}
