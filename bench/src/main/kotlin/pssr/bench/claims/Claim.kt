package pssr.bench.claims

import pssr.bench.measure.Regime

/** How the reading of a comparison judged above its floor level starts ([LedgerDiff] reads it back to tell the floor rule). */
internal const val READ_ABOVE_FLOOR = "read at "

/** How the reading of a comparison judged below its pool-bound level starts ([LedgerDiff] reads it back to tell the pool rule). */
internal const val READ_OFF_POOL = "read off the pool at "

/**
 * One finding of a seed paper, in one sentence of our own, with the paper's figure, what it is about (shape or size),
 * the rows it needs (as the command that measures them) and the predicate that judges it from [Evidence].
 */
class Claim(
    val id: String,
    /** The seed file (`000`...`004`) and section. */
    val seed: String,
    val section: String,
    val text: String,
    val paper: String,
    val kind: Kind,
    /** The `./pssr` command that measures the rows this claim needs (shown when they are missing). */
    val needs: String,
    /**
     * The route levels whose throughput the verdict compares (each side of a comparison, a scaling claim's top level): where
     * one of them is floor-bound the verdict is [Verdict.FLOOR_BOUND], not a verdict on the stacks. Empty for claims that do
     * not compare throughput (streaming, memory, the API workloads).
     */
    val compared: (Evidence) -> List<Route> = { emptyList() },
    /**
     * A comparison of routes at a level (not a scaling claim, whose statement is about that level): where its routes sit at
     * their latency floor it is judged instead at the lowest measured level above where none does ([Evidence.readingAt]).
     */
    val offFloor: Boolean = false,
    /**
     * The claim is about the bounded pool a side runs on (the seeds' dispatcher against virtual threads, where its scaling stops):
     * a level that pool holds is its finding, not a reason to set it aside ([onThePool]).
     */
    val aboutPool: Boolean = false,
    val judge: (Evidence) -> Judgement,
) {
    /** This claim, about the pool its sides run on ([aboutPool]). */
    fun aboutThePool() = Claim(id, seed, section, text, paper, kind, needs, compared, offFloor, aboutPool = true, judge)

    /** [judge] on [e], its figures printed with the digits their verdict needs ([Edges]); [MissingRows]: not measured. */
    fun judged(e: Evidence): Judgement = try {
        onTheFloor(e, recorded(e))
    } catch (x: MissingRows) {
        Judgement.notMeasured(x.what, needs)
    }

    /** [judge] on [e] with what its words record: the edges its figures print against, what deciding it would take. */
    private fun recorded(e: Evidence): Judgement = ToDecide.judging { Edges.judging { Readings.judging { judge(e) } } }

    /** [judged] on [e] with every route and part it read ([Evidence.trace]): what the verdict rests on. */
    fun traced(e: Evidence): Pair<Judgement, Evidence.Trace> = synchronized(e) {
        val trace = Evidence.Trace()
        e.trace = trace
        try {
            judged(e) to trace
        } finally {
            e.trace = null
        }
    }

    /**
     * [j] as it is, unless it decided something from levels at their latency floor: then a comparison ([offFloor]) is judged
     * at the lowest measured level above where no compared route is at its floor, and says so; anything else, or a comparison
     * no measured level lifts off the floor, is [Verdict.FLOOR_BOUND] with its figures.
     */
    private fun onTheFloor(e: Evidence, j: Judgement): Judgement {
        val decided = j.verdict == Verdict.HOLDS || j.verdict == Verdict.REFUTED
        // an open comparison at the floor is moved too: more repetitions there would only measure the item delay better
        if (!decided && !(offFloor && j.verdict == Verdict.INCONCLUSIVE)) {
            return if (j.toDecide != null && (onFloor(e) || onPool(e))) j.notDecidable() else j
        }
        val compared = compared(e)
        val floor = compared.filter { e.regime(it) == Regime.FLOOR }.distinct()
        if (floor.isEmpty()) return onThePool(e, j, decided)
        val levels = floor.map { it.users }.distinct().sorted()
        val routes = floor.joinToString(", ") { "${it.framework}/${it.engine ?: "*"}/${it.approach}" }
        val at = "floor-bound at ${levels.joinToString(
            ", ",
        )} users ($routes at their latency floor: the item delay sets them, not the stack)"
        val above = if (offFloor && levels.size == 1) e.levelsAbove(levels.single(), compared) else emptyList()
        for (to in above) {
            val up = e.readingAt(levels.single(), to)
            if (compared(up).any { up.regime(it) == Regime.FLOOR }) continue
            val k = try {
                recorded(up)
            } catch (x: MissingRows) {
                continue
            }
            return k.copy(ours = "$READ_ABOVE_FLOOR$to users, the lowest measured level off the floor ($at): ${k.ours}")
        }
        if (!decided) return j.notDecidable()
        val none = if (offFloor && above.isNotEmpty()) "; no measured level above is off it" else ""
        return Judgement(Verdict.FLOOR_BOUND, "$at$none; it would have read ${j.verdict.word}: ${j.ours}", j.ratio, readings = j.readings)
    }

    /** Whether a route level the claim compares is at its latency floor. */
    private fun onFloor(e: Evidence) = compared(e).any { e.regime(it) == Regime.FLOOR }

    /** Whether a route level the claim compares is held by its pool, on a claim that is not about that pool. */
    private fun onPool(e: Evidence) = !aboutPool && compared(e).any { e.regime(it) == Regime.POOL }

    /**
     * [onTheFloor]'s rule for a pool ([Regime.POOL]; not on a claim [aboutPool]): a comparison ([offFloor]) with a side whose
     * level its pool holds is judged at the highest measured level below where no compared route is pool- or floor-bound, and
     * says so; anything else is [Verdict.POOL_BOUND] with its figures: the pool's size set them, not the stacks.
     */
    private fun onThePool(e: Evidence, j: Judgement, decided: Boolean): Judgement {
        if (aboutPool) return j
        val compared = compared(e)
        val pooled = compared.filter { e.regime(it) == Regime.POOL }.distinct()
        if (pooled.isEmpty()) return j
        val levels = pooled.map { it.users }.distinct().sorted()
        val routes = pooled.joinToString(", ") { "${it.framework}/${it.engine ?: "*"}/${it.approach} on ${e.pool(it)}" }
        val at =
            "pool-bound at ${levels.joinToString(", ")} users ($routes: every thread busy, the cores not; the pool's size sets them, " +
                "not the stack)"
        val below = if (offFloor && levels.size == 1) e.levelsBelow(levels.single(), compared) else emptyList()
        for (to in below) {
            val down = e.readingAt(levels.single(), to)
            if (compared(down).any { down.regime(it) == Regime.POOL || down.regime(it) == Regime.FLOOR }) continue
            val k = try {
                recorded(down)
            } catch (x: MissingRows) {
                continue
            }
            return k.copy(ours = "$READ_OFF_POOL$to users, the highest measured level off the pool ($at): ${k.ours}")
        }
        if (!decided) return j.notDecidable()
        val none = if (offFloor && below.isNotEmpty()) "; no measured level below is off it" else ""
        return Judgement(Verdict.POOL_BOUND, "$at$none; it would have read ${j.verdict.word}: ${j.ours}", j.ratio, readings = j.readings)
    }

    /** An open verdict that more measurements would only show to be floor-bound: nothing decides it ([ToDecide]). */
    private fun Judgement.notDecidable() = copy(toDecide = null)
}

/** A route at a level, or with [engine] null the paper's aggregate line of its approach (the mean over the engines). */
data class Route(val framework: String, val model: String, val engine: String?, val approach: String, val users: Int) {
    fun estimate(e: Evidence): Estimate = if (engine == null) {
        e.aggregate(framework, model, approach, users)
    } else {
        e.throughput(framework, model, engine, approach, users)
    }
    fun level(e: Evidence) = engine?.let { e.level(framework, model, it, approach, users) }
    override fun toString() = "$framework/$model/${engine ?: "*"}/$approach at $users users"
}

/** Thrown by [Evidence]'s lookups when a row a claim needs is not in the folders judged. */
class MissingRows(val what: String) : RuntimeException(what)
