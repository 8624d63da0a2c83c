package pssr.bench.run

import pssr.bench.claims.Rounds
import pssr.bench.claims.Route
import kotlin.math.ceil

/**
 * What one of `reproduce`'s rounds measures (docs/CLAIMS.md, "Rounds"): for each claim still open, the pages routes and
 * levels its judgement read, in [JVMS] fresh shared JVMs of their own with [WINDOWS_PER_JVM] windows each. Claims that
 * read the same routes and levels share one run.
 *
 * Why per claim and several JVMs: where two JVMs differ more than their windows explain, an interval counts JVMs, not
 * windows (stats/JvmLevels), so a round that adds one JVM leaves such a claim at 1 or 2 degrees of freedom however many
 * windows it measures (Student t 12.7 or 4.3); a JVM's start and warm-up cost more than its windows, so a JVM that
 * measures only what the open claims read is the cheapest unit that narrows them. The first rounds re-measured every
 * route of a framework at the union of the levels (378 levels of WebFlux in one round); this measures 1-4 routes at
 * 1-2 levels per claim, and joins claims of one framework where one run of their union costs less than two.
 */
internal object RoundRuns {
    /** Fresh server JVMs per claim and round. */
    const val JVMS = 2

    /** Windows per JVM and route level: three, as in the first pass (a JVM costs far more than a window here). */
    const val WINDOWS_PER_JVM = 3

    /** Repetition numbers a run may use ([firstRepetition]), never mixed with another run's. */
    private const val REPETITIONS_PER_RUN = 10

    init {
        require(JVMS * WINDOWS_PER_JVM <= REPETITIONS_PER_RUN)
    }

    /** One `./pssr run` of a round: its command line (without `--out`), the claims it serves, its estimated seconds. */
    data class RoundRun(val index: Int, val framework: String, val claims: List<String>, val args: List<String>, val seconds: Long) {
        fun folder(round: Int) = "${Rounds.FOLDER_PREFIX}$round-$framework-$index"
    }

    /** Round [round]'s runs for [routesByClaim] (each open claim's traced routes), with [measured] s windows, in claim order. */
    fun plan(round: Int, routesByClaim: Map<String, Collection<Route>>, measured: Int): List<RoundRun> {
        val selections = LinkedHashMap<Selection, MutableList<String>>()
        for ((id, routes) in routesByClaim) {
            for ((fw, rs) in routes.groupBy { it.framework }) {
                val phase = ReproducePlan.PAGES.firstOrNull { it.framework == fw } ?: continue
                // an aggregate (engine null) reads every engine of its approach
                val engines = rs.mapNotNull { it.engine } + if (rs.any { it.engine == null }) phase.engines else emptyList()
                val s = Selection(
                    fw,
                    rs.map { it.model }.sortedDistinct(),
                    engines.sortedDistinct(),
                    rs.map { it.approach }.sortedDistinct(),
                    rs.map { it.users }.sortedDistinct(),
                )
                selections.getOrPut(s) { ArrayList() }.add(id)
            }
        }
        return merged(selections, measured).mapIndexed { i, (s, ids) ->
            val args = listOf(
                "run", "--quick", "--frameworks", s.framework, "--models", s.models.joinToString(","),
                "--engines", s.engines.joinToString(","), "--approaches", s.approaches.joinToString(","),
                "--users", s.users.joinToString(","), "--repeat", (JVMS * WINDOWS_PER_JVM).toString(), "--jvms", JVMS.toString(),
                FIRST_REPETITION, firstRepetition(round, i + 1).toString(),
            ) + ReproducePlan.windowArgs(measured, capPerRoute(s.routes))
            RoundRun(i + 1, s.framework, ids, args, seconds(s, measured))
        }
    }

    /**
     * The claims' selections with those of one framework joined wherever one run of the union costs less than the two runs
     * (a JVM's start and warm-up cost more than a few more windows): each claim still gets its [JVMS] fresh JVMs and its
     * windows, in fewer JVMs in all. Joined into the cheapest such partner, in the order of the claims.
     */
    private fun merged(selections: Map<Selection, List<String>>, measured: Int): List<Pair<Selection, List<String>>> {
        val groups = ArrayList<Pair<Selection, List<String>>>()
        for ((s, ids) in selections) {
            // seconds the union saves against the two runs (negative when it is cheaper)
            fun saving(i: Int) = groups[i].first.let { g -> seconds(g.union(s), measured) - seconds(g, measured) - seconds(s, measured) }
            val best = groups.indices.filter { groups[it].first.framework == s.framework && saving(it) < 0 }.minByOrNull(::saving)
            if (best == null) groups.add(s to ids) else groups[best] = groups[best].first.union(s) to groups[best].second + ids
        }
        return groups
    }

    /** A few routes reach steady in as much load as many do (the JIT's work is the JVM's): the cap per route accordingly. */
    private fun capPerRoute(routes: Int) =
        maxOf(ReproducePlan.STEADY_CAP_SECONDS, ceil(1.5 * ReproducePlan.JVM_STEADY_SECONDS / routes).toInt())

    /** A run's estimate: [JVMS] JVMs, each started and warmed, with [WINDOWS_PER_JVM] windows per route and level. */
    private fun seconds(s: Selection, measured: Int): Long {
        val jvm = ReproducePlan.SERVER_SECONDS + ReproducePlan.warmupSeconds(s.routes)
        val windows = s.routes * s.users.size * JVMS * WINDOWS_PER_JVM * ReproducePlan.windowSeconds(measured)
        return (JVMS * jvm + windows).toLong()
    }

    /** The runs that fit in [seconds], in order ([fitting]). */
    fun within(runs: List<RoundRun>, seconds: Long): List<RoundRun> = fitting(runs, seconds) { it.seconds }

    /** A folder of a round begun before an interruption: its index (`round-2-mvc-3` is 3) and the options it started with. */
    data class Begun(val index: Int, val args: List<String>?)

    /** A round run on a resume: [before] when its folder was begun before the interruption (kept if complete, else resumed). */
    data class Resumed(val run: RoundRun, val before: Boolean)

    /**
     * Round [round]'s [runs] on a resume that finds some of its folders [begun]: each begun folder is the planned run of
     * the same selection (its options, the repetition numbers aside), whatever that run's place in the plan now (the
     * order of the open claims follows their forecasts, which a newer pssr may compute differently), and is measured
     * first; the other runs take the indices after the begun ones and fit [seconds] as in a first attempt. Null when a
     * begun folder's selection is in no planned run: the round was planned differently then, and measuring another plan
     * beside it would give claims looks the rounds do not count. A folder begun without options (stopped before its
     * environment.json) holds its index and nothing else.
     */
    fun resumed(round: Int, runs: List<RoundRun>, begun: List<Begun>, seconds: Long): List<Resumed>? {
        val left = runs.toMutableList()
        val before = ArrayList<Resumed>()
        for (b in begun.filter { it.args != null }.sortedBy { it.index }) {
            val same = left.firstOrNull { selection(it.args.drop(1)) == selection(b.args!!) } ?: return null
            left -= same
            before += Resumed(same.renumbered(round, b.index), true)
        }
        val next = (begun.maxOfOrNull { it.index } ?: 0) + 1
        val fresh = left.mapIndexed { i, r -> r.renumbered(round, next + i) }
        return before + within(fresh, seconds).map { Resumed(it, false) }
    }

    /** A run's options without its repetition numbers: what it measures. */
    private fun selection(args: List<String>): List<String> {
        val at = args.indexOf(FIRST_REPETITION)
        return if (at < 0) args else args.subList(0, at) + args.drop(at + 2)
    }

    /** Run [index] of round [round]: its repetitions start at round x 1000 + (index - 1) x 10 + 1 (never another run's). */
    private fun firstRepetition(round: Int, index: Int) = round * 1000 + (index - 1) * REPETITIONS_PER_RUN + 1

    private fun RoundRun.renumbered(round: Int, to: Int): RoundRun {
        val at = args.indexOf(FIRST_REPETITION)
        return copy(index = to, args = args.toMutableList().also { it[at + 1] = firstRepetition(round, to).toString() })
    }

    private const val FIRST_REPETITION = "--first-repetition"

    private data class Selection(
        val framework: String,
        val models: List<String>,
        val engines: List<String>,
        val approaches: List<String>,
        val users: List<Int>,
    ) {
        val routes: Int get() = models.size * engines.size * approaches.size

        fun union(o: Selection) = Selection(
            framework,
            (models + o.models).sortedDistinct(),
            (engines + o.engines).sortedDistinct(),
            (approaches + o.approaches).sortedDistinct(),
            (users + o.users).sortedDistinct(),
        )
    }

    private fun <T : Comparable<T>> List<T>.sortedDistinct() = distinct().sorted()
}

/**
 * Of [items], in order, those whose [cost] in seconds fits what [seconds] has left: an item too long for what is left is
 * skipped and the next one tried (the budget's one rule for optional phases, one-factor runs and round runs).
 */
internal fun <T> fitting(items: List<T>, seconds: Long, cost: (T) -> Long): List<T> {
    var left = seconds
    return items.filter { (cost(it) <= left).also { fits -> if (fits) left -= cost(it) } }
}
