package pssr.bench.stats

import pssr.bench.measure.Regime
import pssr.bench.results.ResultRow
import pssr.servers.RouteKey

/**
 * One route at one load level, summarised over its repetitions (the unit every chart point and table cell
 * shows). Throughput, latency and resources are each summarised separately.
 */
data class RouteLevel(
    val framework: String,
    val model: String,
    val engine: String,
    val approach: String,
    val users: Int,
    val throughput: Stats.Summary,
    val latencyP99: Stats.Summary,
    /** Side probe under load: time to first byte and to first item, p99 and p50. */
    val ttfbP99: Stats.Summary,
    val ttfbP50: Stats.Summary,
    val firstItemP99: Stats.Summary,
    val firstItemP50: Stats.Summary,
    /** Median over repetitions of CPU microseconds per request: the server's and the driver's. */
    val serverCpuUs: Double,
    val driverCpuUs: Double,
    val cpuMean: Double,
    val cpuPeak: Double,
    val heapPeak: Double,
    val rssPeak: Double,
    val threadsPeak: Double,
    val requests: Int,
    val errors: Int,
    /** Any repetition of this level was limited by the driver's CPU (see LevelRun.driverBound). */
    val driverBound: Boolean,
    val floorRps: Double,
    val itemDelayMs: Long,
    /** Pinned virtual threads (JFR): median events per request over repetitions, NaN when not recorded; the most frequent stack. */
    val pinnedPerRequest: Double = Double.NaN,
    val pinnedTopStack: String = "",
    /** The exact runtime version(s) of the rows. */
    val jdk: String = "",
    /** Every repetition measured at steady state (the JIT's compiler threads quiet, [pssr.bench.measure.Steadiness]). */
    val steady: Boolean = true,
    /** The JIT's share of the server's CPU in the measured windows (median over repetitions); NaN when not read. */
    val jitShare: Double = Double.NaN,
    /** The machine's cores busy (0..1) and the driver's share of that busy CPU, medians over repetitions; NaN when not read. */
    val coresBusy: Double = Double.NaN,
    val driverShare: Double = Double.NaN,
    /** The bounded pool the route's requests each hold a thread of, and its threads ([ResultRow.pool]); "" and 0 without. */
    val pool: String = "",
    val poolThreads: Int = 0,
    val poolFloorRps: Double = Double.NaN,
    /** The regime of the route's level below this one (fewer users) and its median throughput: what [Regime.overloaded] reads. */
    val below: Regime = Regime.UNKNOWN,
    val belowRps: Double = Double.NaN,
) {
    val route: String get() = RouteKey(framework, model, engine, approach).toString()
    val errorRate: Double get() = if (requests == 0) 0.0 else errors.toDouble() / requests
    val efficiencyVsFloor: Double get() = Stats.efficiencyVsFloor(throughput.median, floorRps)

    /** Median throughput over the pool's floor where the pool bounds the level ([Regime.poolShare]), else NaN. */
    val poolShare: Double get() = Regime.poolShare(throughput.median, poolFloorRps, users, poolThreads)

    /** What limited the level, from its medians ([Regime]): floor, cpu, knee, driver, pool, overloaded or other. */
    val regime: Regime get() =
        Regime.overloaded(Regime.of(efficiencyVsFloor, coresBusy, driverBound, poolShare), throughput.median, below, belowRps)

    companion object {
        /** The largest value that was measured (resource columns are NaN when sampling failed); NaN if none was. */
        private fun maxKnown(xs: List<Double>): Double = xs.filter { !it.isNaN() }.maxOrNull() ?: Double.NaN

        /** Group rows by route and users and summarise each group (sorted by route, then users). */
        fun of(rows: List<ResultRow>): List<RouteLevel> = rows
            .groupBy { it.frameworkLabel to it.model to it.engine to it.approach to it.users }
            .map { (_, rs) ->
                val r = rs.first()
                RouteLevel(
                    r.frameworkLabel, r.model, r.engine, r.approach, r.users,
                    Stats.summarize(rs.map { it.throughputRps }),
                    Stats.summarize(rs.map { it.latencyP99Ms }),
                    Stats.summarize(rs.map { it.ttfbP99Ms }),
                    Stats.summarize(rs.map { it.ttfbP50Ms }),
                    Stats.summarize(rs.map { it.firstItemP99Ms }),
                    Stats.summarize(rs.map { it.firstItemP50Ms }),
                    Stats.median(rs.map { it.serverCpuUsPerRequest }.filter { !it.isNaN() }),
                    Stats.median(rs.map { it.driverCpuUsPerRequest }.filter { !it.isNaN() }),
                    Stats.median(rs.map { it.cpuPctMean }.filter { !it.isNaN() }),
                    maxKnown(rs.map { it.cpuPctPeak }),
                    maxKnown(rs.map { it.heapMbPeak }),
                    maxKnown(rs.map { it.rssMbPeak }),
                    Stats.median(rs.filter { !it.cpuPctMean.isNaN() || it.threadsPeak > 0 }.map { it.threadsPeak.toDouble() }),
                    rs.sumOf { it.requests }.toInt(),
                    rs.sumOf { it.errors }.toInt(),
                    rs.any { it.driverBound },
                    r.floorRps,
                    r.itemDelayMs,
                    Stats.median(rs.map { it.pinnedPerRequest }.filter { !it.isNaN() }),
                    rs.filter {
                        it.pinnedTopStack.isNotEmpty()
                    }.groupingBy { it.pinnedTopStack }.eachCount().maxByOrNull { it.value }?.key.orEmpty(),
                    rs.map { it.jdk }.filter { it.isNotEmpty() }.distinct().joinToString(" "),
                    rs.all { it.steady },
                    Stats.median(rs.map { it.jitShare }.filter { !it.isNaN() }),
                    Stats.median(rs.map { it.coresBusy }.filter { !it.isNaN() }),
                    Stats.median(rs.map { it.driverShare }.filter { !it.isNaN() }),
                    r.pool,
                    r.poolThreads,
                    r.poolFloorRps,
                )
            }
            .sortedWith(compareBy<RouteLevel>({ it.framework }, { it.model }, { it.engine }, { it.approach }, { it.users }))
            .let(::withLevelsBelow)

        /** Each level with its route's level below (sorted by route, then users): what an overloaded level is read against. */
        private fun withLevelsBelow(levels: List<RouteLevel>): List<RouteLevel> {
            val out = ArrayList<RouteLevel>(levels.size)
            for ((i, l) in levels.withIndex()) {
                val prev = out.getOrNull(i - 1)?.takeIf { it.route == l.route }
                out += if (prev == null) l else l.copy(below = prev.regime, belowRps = prev.throughput.median)
            }
            return out
        }

        /**
         * Efficiency of each level against the baseline route of the same framework, model, approach and users
         * (median throughput / baseline median throughput). Levels without such a baseline get NaN; the
         * baseline's own levels get 1.0.
         */
        fun vsBaseline(levels: List<RouteLevel>): Map<RouteLevel, Double> {
            val base = levels.filter { it.engine == BASELINE }
                .associateBy { listOf(it.framework, it.model, it.approach, it.users.toString()) }
            return levels.associateWith { l ->
                val b = base[listOf(l.framework, l.model, l.approach, l.users.toString())]
                Stats.efficiencyVsBaseline(l.throughput.median, b?.throughput?.median ?: Double.NaN)
            }
        }
    }
}
