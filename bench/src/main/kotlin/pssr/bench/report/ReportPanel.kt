package pssr.bench.report

import pssr.bench.paper.PaperFigures
import pssr.bench.stats.BASELINE
import pssr.bench.stats.RouteLevel
import pssr.views.Engines

internal fun orderOf(known: List<String>, name: String): Int = known.indexOf(name).let { if (it < 0) known.size else it }

/** Approaches in the order the report lists them (views' Approach enum order; unknown ones after). */
internal val APPROACHES = listOf("reactive", "suspending", "virtual", "blocking", "virtual-flush", "blocking-flush")
internal val ENGINES: List<String> by lazy {
    try {
        Engines.names
    } catch (e: Throwable) {
        emptyList()
    }
}

/**
 * A line on a chart: at each users level, the levels it stands for (one route, or every engine of an
 * approach for an aggregate). Its value at a level is the mean of their medians.
 */
class ChartLine(val label: String, val byUsers: Map<Int, List<RouteLevel>>) {
    fun points(metric: (RouteLevel) -> Double): List<Pair<Int, Double>> = byUsers.toSortedMap().mapNotNull { (u, ls) ->
        ls.map(metric).filter { it.isFinite() }
            .takeIf { it.isNotEmpty() }?.let { u to it.average() }
    }
    fun driverBound(): Set<Int> = byUsers.filterValues { ls -> ls.any { it.driverBound } }.keys
    fun withErrors(): Set<Int> = byUsers.filterValues { ls -> ls.any { it.errors > 0 } }.keys
}

/** One framework x model: its levels and the lines the charts draw. */
class ReportPanel(val framework: String, val model: String, val levels: List<RouteLevel>) {
    val id: String get() = "$framework-$model"
    val users: List<Int> = levels.map { it.users }.distinct().sorted()
    val approaches: List<String> = levels.map { it.approach }.distinct().sortedWith(compareBy({ orderOf(APPROACHES, it) }, { it }))
    val routes: List<Pair<String, String>> = levels.map { it.engine to it.approach }.distinct()
        .sortedWith(
            compareBy({ orderOf(APPROACHES, it.second) }, { it.second }, {
                if (it.first == BASELINE) {
                    -1
                } else {
                    orderOf(ENGINES, it.first)
                }
            }, { it.first }),
        )
    val repetitions: Int = levels.maxOfOrNull { it.throughput.n } ?: 0

    fun route(engine: String, approach: String): ChartLine? {
        val ls = levels.filter { it.engine == engine && it.approach == approach }
        return if (ls.isEmpty()) null else ChartLine("$engine/$approach", ls.associate { it.users to listOf(it) })
    }

    fun engines(approach: String): List<String> = routes.filter { it.second == approach && it.first != BASELINE }.map { it.first }

    /** Mean over the (non-baseline) engines of [approach], as the paper's Blocking and Virtual lines. */
    fun aggregate(approach: String): ChartLine? {
        val ls = levels.filter { it.approach == approach && it.engine != BASELINE }
        if (ls.isEmpty()) return null
        val engines = ls.map { it.engine }.distinct()
        val label = if (engines.size == 1) {
            "${engines[0]}/$approach"
        } else {
            "${approach.replaceFirstChar { it.uppercase() }} (mean of ${engines.size} engines)"
        }
        return ChartLine(label, ls.groupBy { it.users })
    }

    /** The paper's chart: its separated routes, the aggregates of the iterable approaches, and this framework's baselines. */
    fun headlineLines(): List<Pair<ChartLine, String>> {
        val out = ArrayList<Pair<ChartLine, String>>()
        for ((e, a) in PaperFigures.separatedRoutes) route(e, a)?.let { out += it to "$e/$a" }
        for (a in approaches.filter {
            it in PaperFigures.aggregatedApproaches ||
                it.endsWith("-flush")
        }) {
            aggregate(a)?.let { out += it to "agg:$a" }
        }
        return out.distinctBy { it.first.label }
    }

    fun baselines(): List<ChartLine> = approaches.mapNotNull { route(BASELINE, it) }

    /** users -> floor_rps (the latency floor of a closed loop), from the rows. */
    val floor: List<Pair<Int, Double>> = users.mapNotNull { u ->
        levels.firstOrNull {
            it.users == u &&
                it.floorRps.isFinite()
        }?.let { u to it.floorRps }
    }

    /**
     * The floor drawn as a curve: it is linear in users, so on the log2 axis it bends; extra points at every
     * power of two between the measured levels keep the drawn line on it (one item count and delay per panel).
     */
    val floorCurve: List<Pair<Int, Double>> get() {
        val perUser = floor.map { it.second / it.first }.distinct()
        if (floor.isEmpty() || perUser.size != 1) return floor
        val lo = users.first()
        val hi = users.last()
        val xs = (users + generateSequence(1) { it * 2 }.takeWhile { it <= hi }.filter { it >= lo }).distinct().sorted()
        return xs.map { it to it * perUser[0] }
    }
}

/** The series a figure of the paper belongs to, in [ReportPanel.headlineLines]' keys. */
