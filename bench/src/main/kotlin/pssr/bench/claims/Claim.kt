package pssr.bench.claims

import pssr.bench.measure.Regime

/** How the reading of a comparison judged above its floor level starts ([LedgerDiff] reads it back to tell the floor rule). */
internal const val READ_ABOVE_FLOOR = "read at "

/** How the reading of a comparison judged below its pool-bound level starts ([LedgerDiff] reads it back to tell the pool rule). */
internal const val READ_OFF_POOL = "read off the pool at "

/** How the reading of a comparison judged below its driver-bound level starts ([LedgerDiff] reads it back to tell the rule). */
internal const val READ_OFF_DRIVER = "read off the driver at "

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
     * [j] as it is, unless it decided something from levels at a bound the stack does not set ([Bound]): their latency floor,
     * (not on a claim [aboutPool]) a pool, or the load driver's CPU. Then a comparison ([offFloor]) is judged at the nearest
     * measured level where no compared route is at it, and says so; anything else, or a comparison no measured level moves off
     * it, is the bound's verdict ([Verdict.FLOOR_BOUND], [Verdict.POOL_BOUND], [Verdict.DRIVER_BOUND]) with its figures. A
     * scaling claim refuted by growth past its level ([Judgement.grewPast]) is not set aside for the floor.
     */
    private fun onTheFloor(e: Evidence, j: Judgement): Judgement {
        val decided = j.verdict == Verdict.HOLDS || j.verdict == Verdict.REFUTED
        // an open comparison at the floor is moved too: more repetitions there would only measure the item delay better
        if (!decided && !(offFloor && j.verdict == Verdict.INCONCLUSIVE)) {
            return if (j.toDecide != null && (onFloor(e) || onPool(e) || onDriver(e))) j.notDecidable() else j
        }
        // refuted by growth past the level scaling is said to stop at: a floor there shows the stack had room, not its limit
        val k = if (j.grewPast) grownAtFloor(e, j) else j
        val floor = if (j.grewPast) null else setAside(e, j, decided, Bound.FLOOR)
        return floor ?: (if (aboutPool) null else setAside(e, k, decided, Bound.POOL)) ?: setAside(e, k, decided, Bound.DRIVER) ?: k
    }

    /** [j] ([Judgement.grewPast]) saying where a compared route sat at its latency floor, and why that does not set it aside. */
    private fun grownAtFloor(e: Evidence, j: Judgement): Judgement {
        val at = compared(e).filter { e.regime(it) == Regime.FLOOR }.map { it.users }.distinct().sorted()
        if (at.isEmpty()) return j
        val users = at.joinToString(", ")
        return j.copy(ours = "${j.ours}; at its latency floor at $users users and growing past it: the stack had room there")
    }

    /** Whether a route level the claim compares is at its latency floor. */
    private fun onFloor(e: Evidence) = compared(e).any { e.regime(it) == Regime.FLOOR }

    /** Whether a route level the claim compares was limited by the load driver: its pace, whatever the claim is about. */
    private fun onDriver(e: Evidence) = compared(e).any { e.regime(it) == Regime.DRIVER }

    /** Whether a route level the claim compares is held by its pool, on a claim that is not about that pool. */
    private fun onPool(e: Evidence) = !aboutPool && compared(e).any { e.regime(it) == Regime.POOL }

    /**
     * A bound the stack does not set, where a compared route level sits: [regime]; the measured levels a comparison may be read
     * at instead ([candidates], nearest first) unless a compared route is in one of [blocks] there; the words it prints.
     */
    private enum class Bound(
        val regime: Regime,
        val verdict: Verdict,
        val blocks: Set<Regime>,
        /** "the lowest measured level off the floor" after the level it was read at. */
        val movedWords: String,
        val moved: String,
        val none: String,
    ) {
        FLOOR(
            Regime.FLOOR,
            Verdict.FLOOR_BOUND,
            setOf(Regime.FLOOR, Regime.DRIVER),
            READ_ABOVE_FLOOR,
            "the lowest measured level off the floor",
            "above",
        ),
        POOL(
            Regime.POOL,
            Verdict.POOL_BOUND,
            setOf(Regime.POOL, Regime.FLOOR),
            READ_OFF_POOL,
            "the highest measured level off the pool",
            "below",
        ),
        DRIVER(
            Regime.DRIVER,
            Verdict.DRIVER_BOUND,
            setOf(Regime.DRIVER, Regime.POOL, Regime.FLOOR),
            READ_OFF_DRIVER,
            "the highest measured level the driver did not limit",
            "below",
        ),
        ;

        fun candidates(e: Evidence, users: Int, compared: List<Route>) =
            if (this == FLOOR) e.levelsAbove(users, compared) else e.levelsBelow(users, compared)

        /** "floor-bound at 32 users (webflux/htmlflow/virtual at their latency floor: ...)". */
        fun at(e: Evidence, routes: List<Route>, levels: List<Int>): String {
            val users = levels.joinToString(", ")
            val names = routes.joinToString(", ") { it.named() }
            return when (this) {
                FLOOR -> "floor-bound at $users users ($names at their latency floor: the item delay sets them, not the stack)"

                POOL ->
                    "pool-bound at $users users (" +
                        routes.joinToString(", ") { "${it.named()} on ${e.pool(it)}" } +
                        ": every thread busy, the cores not; the pool's size sets them, not the stack)"

                DRIVER ->
                    "driver-bound at $users users ($names under a load driver that took most of the CPU: the " +
                        "driver's pace sets them, not the stack)"
            }
        }
    }

    /** [onTheFloor]'s rule for one [bound]; null where no compared route level sits at it. */
    private fun setAside(e: Evidence, j: Judgement, decided: Boolean, bound: Bound): Judgement? {
        val compared = compared(e)
        val at = compared.filter { e.regime(it) == bound.regime }.distinct()
        if (at.isEmpty()) return null
        val levels = at.map { it.users }.distinct().sorted()
        val text = bound.at(e, at, levels)
        val others = if (offFloor && levels.size == 1) bound.candidates(e, levels.single(), compared) else emptyList()
        // what held the nearest level it was not moved to, named when none is left
        var held = ""
        for (to in others) {
            val moved = e.readingAt(levels.single(), to)
            val blocked = compared(moved).firstOrNull { moved.regime(it) in bound.blocks }
            // nor is a level where a side's pool holds it (unless the claim is about that pool), read on its own rows: the
            // moved ones are relabelled with fewer users, which no pool bounds
            val pooled = compared.firstOrNull { !aboutPool && it.users == levels.single() && e.regime(it.copy(users = to)) == Regime.POOL }
            val by = blocked?.let { it to moved.regime(it) } ?: pooled?.let { it to Regime.POOL }
            if (by != null) {
                if (held.isEmpty()) held = " (at $to users ${by.first.named()} ${by.second.id}-bound)"
                continue
            }
            val k = try {
                recorded(moved)
            } catch (x: MissingRows) {
                continue
            }
            return k.copy(ours = "${bound.movedWords}$to users, ${bound.moved} ($text): ${k.ours}")
        }
        if (!decided) return j.notDecidable()
        val none = if (offFloor && others.isNotEmpty()) "; no measured level ${bound.none} is off it$held" else ""
        return Judgement(bound.verdict, "$text$none; it would have read ${j.verdict.word}: ${j.ours}", j.ratio, readings = j.readings)
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

    /** "mvc/htmlflow/virtual", with "*" for an aggregate's engine: how a bound's words name it. */
    fun named() = "$framework/${engine ?: "*"}/$approach"
    override fun toString() = "$framework/$model/${engine ?: "*"}/$approach at $users users"
}

/** Thrown by [Evidence]'s lookups when a row a claim needs is not in the folders judged. */
class MissingRows(val what: String) : RuntimeException(what)
