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
 * 1-2 levels per claim.
 */
internal object RoundRuns {
    /** Fresh server JVMs per claim and round. */
    const val JVMS = 2

    /** Windows per JVM and route level: three, as in the first pass (a JVM costs far more than a window here). */
    const val WINDOWS_PER_JVM = 3

    /** Repetition numbers a run may use: run k of round r starts at r x 1000 + k x 10 + 1, never mixed with another's. */
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
                    rs.map { it.users }.distinct().sorted(),
                )
                selections.getOrPut(s) { ArrayList() }.add(id)
            }
        }
        return selections.entries.mapIndexed { i, (s, ids) ->
            val routes = s.models.size * s.engines.size * s.approaches.size
            // a few routes reach steady in as much load as many do (the JIT's work is the JVM's): cap per route accordingly
            val capPerRoute = maxOf(ReproducePlan.STEADY_CAP_SECONDS, ceil(1.5 * ReproducePlan.JVM_STEADY_SECONDS / routes).toInt())
            val args = listOf(
                "run", "--quick", "--frameworks", s.framework, "--models", s.models.joinToString(","),
                "--engines", s.engines.joinToString(","), "--approaches", s.approaches.joinToString(","),
                "--users", s.users.joinToString(","), "--repeat", (JVMS * WINDOWS_PER_JVM).toString(), "--jvms", JVMS.toString(),
                "--first-repetition", (round * 1000 + i * REPETITIONS_PER_RUN + 1).toString(),
            ) + ReproducePlan.windowArgs(measured, capPerRoute)
            val jvm = ReproducePlan.SERVER_SECONDS + ReproducePlan.warmupSeconds(routes)
            val windows = routes * s.users.size * JVMS * WINDOWS_PER_JVM *
                ReproducePlan.windowSeconds(measured)
            RoundRun(i + 1, s.framework, ids, args, (JVMS * jvm + windows).toLong())
        }
    }

    /** The runs that fit in [seconds], in order ([fitting]). */
    fun within(runs: List<RoundRun>, seconds: Long): List<RoundRun> = fitting(runs, seconds) { it.seconds }

    private data class Selection(
        val framework: String,
        val models: List<String>,
        val engines: List<String>,
        val approaches: List<String>,
        val users: List<Int>,
    )

    private fun List<String>.sortedDistinct() = distinct().sorted()
}

/**
 * Of [items], in order, those whose [cost] in seconds fits what [seconds] has left: an item too long for what is left is
 * skipped and the next one tried (the budget's one rule for optional phases, one-factor runs and round runs).
 */
internal fun <T> fitting(items: List<T>, seconds: Long, cost: (T) -> Long): List<T> {
    var left = seconds
    return items.filter { (cost(it) <= left).also { fits -> if (fits) left -= cost(it) } }
}
