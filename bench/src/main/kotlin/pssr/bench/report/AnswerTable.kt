package pssr.bench.report

import pssr.bench.measure.Regime
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.results.ShardMerge
import pssr.bench.stats.BASELINE
import pssr.bench.stats.JvmLevels
import pssr.bench.stats.RouteLevel
import pssr.bench.stats.Stats
import kotlin.math.exp
import kotlin.math.ln

/**
 * The answer to the user's question from one run, in ratios measured within it (absolute figures differ between
 * machines by 2x and more; docs/RESULTS.md, "answer.md").
 *
 * Per framework and model, the **ceiling** is the zero-template baseline with the highest capacity (a framework's routes
 * cannot beat writing the page's bytes directly). A route's **capacity** is its mean throughput at a level where the stack
 * set the figure ([CAPACITY]: CPU-bound, or held by a pool; not the item delay's floor, the knee nor the driver; of several,
 * the one measured most often, CPU-bound first, then the highest); it is divided by the ceiling's
 * at that level **in the same repetition** (the same server JVM and pass over the routes, a few minutes apart at most), and
 * the interval is over those paired ratios on the log scale, windows within JVMs and JVMs ([JvmLevels]: with one window per
 * JVM, over the JVMs). A route's **rank** is 1 + the routes whose whole interval lies above its own: routes whose intervals
 * overlap are not told apart, and a rank never orders them. A route whose every level sat on the floor (or the driver) is
 * listed with its peak, unranked, and so is one whose ratio has no interval.
 */
class AnswerPanel(val framework: String, val model: String, val ceiling: AnswerRoute?, val routes: List<AnswerRoute>) {
    val ranked: List<AnswerRoute> get() = routes.filter { it.rank != null }
    val unranked: List<AnswerRoute> get() = routes.filter { it.rank == null }

    /** Ranked routes whose interval reaches the ceiling's 1.0: not told apart from writing the page without an engine. */
    val atCeiling: List<AnswerRoute> get() = ranked.filter { it.high >= 1.0 }
}

data class AnswerRoute(
    val engine: String,
    val approach: String,
    /** The level the figures are from: the best CPU-bound one, else the route's peak. */
    val users: Int,
    val regime: Regime,
    val throughputRps: Double,
    /** Capacity over the ceiling's, the geometric mean of the paired ratios, and its 95% interval (null: fewer than two pairs). */
    val ratio: Double,
    val interval: Stats.Interval?,
    val pairs: Int,
    val jvms: Int,
    /** Server CPU microseconds per request, and over the ceiling's at the same level. */
    val serverCpuUs: Double,
    val cpuRatio: Double,
    /** The driver's CPU microseconds per request: a figure is the server's only where this is the smaller share. */
    val driverCpuUs: Double,
    /** The verification's verdict at 100 ms per item ("streams", "buffered", ...); "not verified" without one. */
    val streams: String,
    /** First-item time p99 under load (the side probe), median over repetitions, at [users]. */
    val firstItemP99Ms: Double,
    /** The server JVM's heap peak over the route's windows at [users] (a shared JVM's: every route's garbage). */
    val heapPeakMb: Double,
    val rank: Int?,
) {
    val route: String get() = "$engine/$approach"

    /** Ranked where the stack set its figure ([AnswerTable.CAPACITY]) and its ratio has an interval (one pair, or pairs across
     * shards, has none). */
    val rankable: Boolean get() = regime in AnswerTable.CAPACITY && interval != null

    /** Why a route is not ranked, in a few words; null when it is. */
    val notRanked: String? get() = when {
        regime !in AnswerTable.CAPACITY -> "${regime.id.ifEmpty { "regime unknown" }} at every level: the stack did not set the figure"
        interval == null -> "no interval: $pairs pair${if (pairs == 1) "" else "s"}"
        else -> null
    }
    val low: Double get() = interval?.low ?: ratio
    val high: Double get() = interval?.high ?: ratio
}

object AnswerTable {
    /**
     * The regimes where a level's figure is the stack's capacity: its CPU per request ([Regime.CPU]), its pool's threads
     * ([Regime.POOL]: WebFlux's 4 blocking dispatcher threads are the approach's real limit), or what holds it besides
     * ([Regime.OTHER]: a lock, a buffer). Not the floor's or the knee's (the item delay sets or caps it), the driver's, nor an
     * overloaded level's (past its peak).
     */
    val CAPACITY = setOf(Regime.CPU, Regime.POOL, Regime.OTHER)

    fun of(d: RunData): List<AnswerPanel> {
        val shardOf = ShardMerge.readMerged(d.run)?.first?.mapValues { it.value.first }.orEmpty()
        return d.panels.map { panel(it, d.rows, d.checks, shardOf) }
    }

    /**
     * [shardOf]: a merged folder's shard of each route (framework/model/engine/approach); a route and a ceiling measured in
     * different shards ran in different JVMs, on different machines perhaps: their repetitions are not pairs, so the ratio
     * is of their means, without an interval (ranked as a point).
     */
    fun panel(p: ReportPanel, rows: List<ResultRow>, checks: List<RouteCheck>, shardOf: Map<String, Int> = emptyMap()): AnswerPanel {
        // each route's rows at each level by repetition, read once (every route is paired with the ceiling's)
        val windows: Map<Triple<String, String, Int>, Map<Int, ResultRow>> =
            rows.filter { it.frameworkLabel == p.framework && it.model == p.model }
                .groupBy { Triple(it.engine, it.approach, it.users) }
                .mapValues { (_, rs) -> rs.groupBy { it.repetition }.mapValues { (_, g) -> g.first() } }

        fun level(route: Pair<String, String>): RouteLevel? {
            val ls = p.levels.filter { it.engine == route.first && it.approach == route.second && it.throughput.mean.isFinite() }
            // of the levels where the stack set the figure, the one measured most often (the one with an interval), CPU-bound
            // before held by something else (a pool), then the highest; where none, the route's peak
            return ls.filter { it.regime in CAPACITY }
                .maxWithOrNull(compareBy<RouteLevel>({ it.throughput.n }, { it.regime == Regime.CPU }, { it.throughput.mean }))
                ?: ls.maxByOrNull { it.throughput.mean }
        }

        fun capacity(route: Pair<String, String>) = level(route)?.throughput?.mean ?: Double.NEGATIVE_INFINITY
        val ceiling = p.routes.filter { it.first == BASELINE }.maxByOrNull(::capacity) ?: p.routes.maxByOrNull(::capacity)
        fun shard(r: Pair<String, String>?) = r?.let { shardOf["${p.framework}/${p.model}/${it.first}/${it.second}"] }
        val unranked = p.routes.mapNotNull { r ->
            level(r)?.let { route(r, it, ceiling, windows, p, checks, paired = shard(r) == shard(ceiling)) }
        }
        // the ceiling is the yardstick, 1.0 by definition wherever it was measured: ranked with the others
        val routes = unranked.map { r ->
            val yardstick = r.engine to r.approach == ceiling
            if (yardstick) r.copy(ratio = 1.0, interval = Stats.Interval(1.0, 1.0)) else r
        }
        fun ranks(a: AnswerRoute) = a.rankable || a.engine to a.approach == ceiling
        val ranked = routes.map { a ->
            if (!ranks(a)) a else a.copy(rank = 1 + routes.count { b -> b !== a && ranks(b) && b.low > a.high })
        }.sortedWith(compareBy<AnswerRoute>({ it.rank ?: Int.MAX_VALUE }, { -it.ratio }))
        return AnswerPanel(p.framework, p.model, ranked.firstOrNull { it.engine to it.approach == ceiling }, ranked)
    }

    private fun route(
        r: Pair<String, String>,
        l: RouteLevel,
        ceiling: Pair<String, String>?,
        windows: Map<Triple<String, String, Int>, Map<Int, ResultRow>>,
        p: ReportPanel,
        checks: List<RouteCheck>,
        paired: Boolean,
    ): AnswerRoute {
        fun byRepetition(route: Pair<String, String>?) = route?.let { windows[Triple(it.first, it.second, l.users)] }.orEmpty()
        val mine = byRepetition(r)
        val theirs = byRepetition(ceiling)
        val pairs = if (!paired) {
            emptyList()
        } else {
            mine.keys.intersect(theirs.keys).sorted().mapNotNull { rep ->
                val a = mine.getValue(rep)
                val b = theirs.getValue(rep)
                if (a.throughputRps > 0 && b.throughputRps > 0) Triple(rep, a.serverJvm, ln(a.throughputRps / b.throughputRps)) else null
            }
        }
        // a shared JVM's windows are grouped by that JVM; a JVM of the route's own (0) is a group of its own
        val byJvm = pairs.groupBy({ (rep, jvm, _) -> if (jvm == 0) "repetition $rep" else "jvm $jvm" }, { it.third })
        val levels = JvmLevels(byJvm.values.toList())
        val ceilingLevel = p.levels.firstOrNull { it.engine to it.approach == ceiling && it.users == l.users }
        val logMean = if (pairs.isEmpty()) ln(l.throughput.mean / (ceilingLevel?.throughput?.mean ?: Double.NaN)) else levels.center
        val ci = levels.interval()?.let { Stats.Interval(exp(it.low), exp(it.high)) }
        val check = checks.firstOrNull {
            (it.framework == p.framework || it.framework == p.framework.substringBefore("@")) && it.model == p.model &&
                it.engine == r.first && it.approach == r.second
        }
        return AnswerRoute(
            r.first, r.second, l.users, l.regime, l.throughput.mean, exp(logMean), ci, pairs.size, levels.jvms,
            l.serverCpuUs, l.serverCpuUs / (ceilingLevel?.serverCpuUs ?: Double.NaN), l.driverCpuUs, check?.verdict ?: "not verified",
            l.firstItemP99.median, l.heapPeak, null,
        )
    }
}
