package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.measure.Regime
import pssr.bench.results.ResultRow

/**
 * Many users on slow data: how many concurrent streams a route holds with its first content still quick. A level **holds**
 * when nothing failed, throughput reached [Regime.FLOOR_SHARE] of the floor (the regime's own "at the floor": users / page
 * time), and the side probe's first item p99 stayed within [FIRST_ITEM_SLACK_MS] of the source's own first item (one item
 * delay). In each server JVM (a repetition) a route's capacity is the highest level below which every level held; over
 * JVMs, their median with the lowest and highest as its interval (three JVMs: a 75% interval for the median, bounded by
 * the levels measured). Read only on long pages (50 ms or more: [ResultRow.leadSeconds] > 0 or users / floor >= 50 ms).
 */
data class StreamCapacity(
    val framework: String,
    val model: String,
    val route: String,
    val itemDelayMs: Long,
    /** Each JVM's capacity in users, 0 when its lowest level did not hold. */
    val perJvm: List<Int>,
    /** The highest level measured: a capacity there is "at least". */
    val topLevel: Int,
    /** The lowest level measured: a capacity of 0 is "fewer than" it. */
    val lowestLevel: Int,
    /**
     * Medians over JVMs at the median capacity (below the lowest level: at the lowest): KB per stream (live heap; RSS, an upper
     * bound), OS threads, first item p99.
     */
    val heapKbPerStream: Double,
    val rssKbPerStream: Double,
    val osThreads: Double,
    val firstItemP99Ms: Double,
    /** Why the level above the median capacity did not hold (its first JVM's reading); empty when none above was measured. */
    val limit: String,
) {
    val users: Int get() = medianOf(perJvm)
    val low: Int get() = perJvm.min()
    val high: Int get() = perJvm.max()
    val atLeast: Boolean get() = users >= topLevel

    /** The median capacity in words: "≥ 16,384" at the top level, "< 1,024" below the lowest, else the users. */
    val usersText: String get() = text(users)

    /** The JVMs' lowest and highest capacity in the same words. */
    val intervalText: String get() = "${text(low)}–${text(high)}"

    private fun text(v: Int) = when {
        v >= topLevel -> "≥ " + Fmt.grouped(v.toDouble())
        v == 0 -> "< " + Fmt.grouped(lowestLevel.toDouble())
        else -> Fmt.grouped(v.toDouble())
    }

    companion object {
        /** First content may come this much later than the source's first item and still count as quick (docs/HARNESS.md). */
        const val FIRST_ITEM_SLACK_MS = 1000.0

        /** A page this long (seconds) is a long page: its rows are the slow-data regime's. */
        private const val LONG_PAGE_SECONDS = 0.05

        /** The median of JVMs' capacities: of an even count, the lower middle one (a capacity is a level that was measured). */
        private fun medianOf(perJvm: List<Int>): Int = perJvm.sorted()[(perJvm.size - 1) / 2]

        fun isLongPage(r: ResultRow): Boolean =
            !r.open && r.workload == "pages" && (r.leadSeconds > 0 || (r.floorRps > 0 && r.users / r.floorRps >= LONG_PAGE_SECONDS))

        /** Why [r] does not hold; null when it does. */
        fun failure(r: ResultRow): String? = when {
            r.errors > 0 -> "${Fmt.grouped(r.errors.toDouble())} failed"
            !(r.floorShare >= Regime.FLOOR_SHARE) -> "${Fmt.fixed(r.floorShare * 100, 0)}% of the floor"
            !(r.firstItemP99Ms <= r.itemDelayMs + FIRST_ITEM_SLACK_MS) -> "first item p99 ${Fmt.grouped(r.firstItemP99Ms)} ms"
            else -> null
        }

        /** Every route's capacity among [rows]' long pages, per item delay, in the rows' order. */
        fun of(rows: List<ResultRow>): List<StreamCapacity> = rows.filter(::isLongPage)
            .groupBy { Triple(it.route, it.itemDelayMs, it.frameworkLabel to it.model) }
            .map { (key, rs) -> capacity(key.third.first, key.third.second, key.first, key.second, rs) }

        private fun capacity(framework: String, model: String, route: String, delay: Long, rows: List<ResultRow>): StreamCapacity {
            val byJvm = rows.groupBy { it.repetition }.mapValues { (_, rs) -> rs.sortedBy { it.users } }
            val perJvm = byJvm.values.map { levels -> levels.takeWhile { failure(it) == null }.lastOrNull()?.users ?: 0 }
            val median = medianOf(perJvm)
            // a route that held no level is described at the lowest, the level it failed
            val at = rows.filter { it.users == if (median == 0) rows.minOf { r -> r.users } else median }
            fun med(v: (ResultRow) -> Double) = at.map(v).filter { !it.isNaN() }.sorted().let {
                if (it.isEmpty()) {
                    Double.NaN
                } else {
                    it[
                        it.size /
                            2,
                    ]
                }
            }
            val above = byJvm.values.firstNotNullOfOrNull { levels -> levels.firstOrNull { it.users > median }?.let(::failure) }
            return StreamCapacity(
                framework, model, route.substringAfter('/').substringAfter('/'), delay, perJvm,
                rows.maxOf {
                    it.users
                },
                rows.minOf { it.users },
                med { it.heapKbPerStream }, med { it.rssKbPerStream },
                med {
                    it.osThreadsHeld.toDouble().takeIf { t -> t >= 0 }
                        ?: Double.NaN
                },
                med { it.firstItemP99Ms }, above.orEmpty(),
            )
        }

        /** The capacities as a table (answer.md, summary.md, the report). */
        fun table(cs: List<StreamCapacity>): Table = Table(
            listOf(
                "framework", "model", "route", "item delay ms", "capacity (users)", "interval over JVMs", "JVMs", "first item p99 ms",
                "heap KB/stream", "RSS KB/stream (at most)", "OS threads", "next level",
            ),
            cs.map { c ->
                listOf(
                    c.framework, c.model, c.route, c.itemDelayMs.toString(), c.usersText,
                    c.intervalText, c.perJvm.size.toString(),
                    Fmt.num(c.firstItemP99Ms, 0), Fmt.num(c.heapKbPerStream, 1), Fmt.num(c.rssKbPerStream, 0), Fmt.num(c.osThreads, 0),
                    c.limit.ifEmpty { if (c.atLeast) "not measured" else "–" },
                )
            },
        )

        /** The section's opening words: the rule, once. */
        const val RULE = "A level holds when nothing failed, throughput reached 80% of the floor (users / page time) and the side " +
            "probe's first item p99 came at most 1 s after the source's first item; a route's capacity in one server JVM is the " +
            "highest level below which every level held, over JVMs the median with the lowest and highest as its interval. Memory " +
            "per open stream: the live heap after a full GC with every stream open over the same once they closed (a virtual " +
            "thread's stack is in the heap, a platform thread's is not: read the OS threads beside it), and the RSS over the idle " +
            "server's (an upper bound), each divided by the streams in flight (docs/HARNESS.md). The figures are at the median " +
            "capacity (a route that held no level: at the lowest level, the one it failed)."

        /** The console's and summary.md's lines: one per route. */
        fun lines(cs: List<StreamCapacity>): List<String> {
            if (cs.isEmpty()) return emptyList()
            val out = ArrayList<String>()
            out += "Many users on slow data: concurrent streams held with first content quick (item p99 within 1 s of the " +
                "source's), 80% of the floor, no error; median over JVMs [lowest, highest]; memory per open stream"
            for (c in cs) {
                out += Fmt.line(
                    "  %-9s %-13s %-22s %5d ms  %7s users [%s]  heap %s KB/stream, RSS ≤ %s KB, %s OS threads%s",
                    c.framework, c.model, c.route, c.itemDelayMs, c.usersText,
                    c.intervalText.replace(
                        "–",
                        ", ",
                    ),
                    Fmt.num(c.heapKbPerStream, 1),
                    Fmt.num(c.rssKbPerStream, 0), Fmt.num(c.osThreads, 0),
                    c.limit.takeIf {
                        it.isNotEmpty()
                    }?.let { "; above: $it" }.orEmpty(),
                )
            }
            return out
        }
    }
}
