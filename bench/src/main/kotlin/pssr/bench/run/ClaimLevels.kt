package pssr.bench.run

import pssr.bench.claims.Claim
import pssr.bench.claims.ClaimKit
import pssr.bench.claims.Claims
import pssr.bench.claims.Evidence
import pssr.bench.claims.Route
import pssr.bench.results.ResultRow
import pssr.bench.setup.Setup
import pssr.bench.setup.Setups
import pssr.bench.stats.RouteLevel
import pssr.servers.RouteKey

/**
 * The pages routes and levels the seeds' claims read (`run --claims-only`, reproduce's pages phases and `reproduce --plan`):
 * every claim is judged once with the [Evidence.Trace] on, on placeholder rows for every route of [universe] at every level
 * of [levels]. Only which routes and levels a judgement looks up counts; the placeholder figures and the verdicts are
 * thrown away. An aggregate line (engine null: the mean over an approach's engines) reads each of its engines. A comparison
 * also reads the next level above each of its routes', where it is judged if its own is on the latency floor.
 */
internal class ClaimLevels(universe: List<RouteKey>, levels: List<Int>, claims: List<Claim> = Claims.all) {
    /** Each claim's reads, by id: the routes (aggregates expanded) at the levels its judgement looked up. */
    val byClaim: Map<String, List<Pair<RouteKey, Int>>>

    /** Each route's levels that some claim reads; a route no claim reads is absent. */
    val byRoute: Map<RouteKey, Set<Int>>

    init {
        val rows = universe.flatMap { k -> levels.flatMap { u -> (1..REPETITIONS).map { rep -> placeholder(k, u, rep) } } }
        val evidence = Evidence(RouteLevel.of(rows), emptyList(), rows, emptyList())
        byClaim = claims.associate { c ->
            // a comparison is judged one level up where its routes sit at their latency floor (Claim.offFloor): measure that too
            val up = if (c.offFloor) {
                runCatching { c.compared(evidence) }.getOrDefault(emptyList()).mapNotNull { r ->
                    levels.firstOrNull { it > r.users }?.let { r.copy(users = it) }
                }
            } else {
                emptyList()
            }
            c.id to (c.traced(evidence).second.routes + up).flatMap { r -> expand(r, universe) }.distinct()
        }
        byRoute = byClaim.values.flatten().groupBy({ it.first }, { it.second }).mapValues { it.value.toSortedSet() }
    }

    /**
     * For `reproduce --plan`: each claim with the pages routes and levels that judge it, one line per claim (route by route,
     * its levels), then how many read no pages route (the students, API and browser workloads, verification).
     */
    fun describe(): List<String> = buildList {
        add("levels that judge each claim (the pages phases measure these, run --claims-only):")
        for ((id, reads) in byClaim.filterValues { it.isNotEmpty() }) {
            val routes = reads.groupBy({ it.first }, { it.second }).entries.joinToString("; ") { (k, us) ->
                "$k ${us.distinct().sorted().joinToString(",")}"
            }
            add("  $id: $routes")
        }
        val others = byClaim.count { it.value.isEmpty() }
        if (others > 0) add("  and $others claims that read no pages route (students, products/forward, browser, verification)")
    }

    /** [r] as the routes of [universe] it reads: itself, or with engine null its approach's aggregated engines. */
    private fun expand(r: Route, universe: List<RouteKey>): List<Pair<RouteKey, Int>> = universe.filter {
        it.framework == r.framework && it.model == r.model && it.approach == r.approach &&
            (if (r.engine == null) ClaimKit.aggregated(r.framework)?.contains(it.engine) ?: true else it.engine == r.engine)
    }.map { it to r.users }

    companion object {
        /**
         * The claims whose judgement reads the rows of a run under [setup]: every claim for the tool's setup (null), else only
         * the claims of the seeds the setup's rows judge ([Setups.seedsJudgedBy]). So a paper-001 phase measures its WebFlux
         * blocking routes at the levels seed 001's claims read (8, 16, 32, 128), not at every level seed 000's read them at.
         */
        fun judgedUnder(setup: Setup?): List<Claim> =
            if (setup == null) Claims.all else Setups.seedsJudgedBy(setup).let { seeds -> Claims.all.filter { it.seed in seeds } }

        /** Enough repetitions for a paired ratio to be taken, so a judgement goes as far as it would on measured rows. */
        private const val REPETITIONS = 3

        /** A row that only answers lookups: throughput rising with the users, at every level below the floor and the CPU. */
        private fun placeholder(k: RouteKey, users: Int, repetition: Int): ResultRow {
            val rps = minOf(users * 50.0, 5_000.0) * (1 + repetition * 0.01)
            return ResultRow(
                framework = k.framework, model = k.model, engine = k.engine, approach = k.approach, users = users,
                repetition = repetition, driver = "wrk", itemDelayMs = 1, windowSeconds = 1.0, requests = rps.toLong(),
                errorsStatus = 0, errorsContent = 0, errorsConnect = 0, errorsRead = 0, errorsTimeout = 0, throughputRps = rps,
                floorRps = users / 0.01, latencyMeanMs = 10.0, latencyP50Ms = 10.0, latencyP90Ms = 10.0, latencyP99Ms = 10.0,
                latencyP999Ms = 10.0, latencyMaxMs = 10.0, probeSamples = 10, probeFailed = 0, ttfbP50Ms = 1.0, ttfbP99Ms = 1.0,
                firstItemP50Ms = 1.0, firstItemP99Ms = 1.0, lastByteP50Ms = 10.0, lastByteP99Ms = 10.0,
                serverCpuUsPerRequest = 100.0, driverCpuUsPerRequest = 30.0, cpuPctMean = 100.0, cpuPctPeak = 100.0,
                driverCpuPct = 10.0, rssMbPeak = 300.0, heapMbMean = 100.0, heapMbPeak = 100.0, gcMs = 1.0, threadsMean = 30.0,
                threadsPeak = 30, driverBound = false, machineCpuPct = 110.0, coresBusy = 0.55,
            )
        }
    }
}
