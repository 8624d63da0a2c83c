package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.stats.BASELINE

/**
 * The few lines a run ends with, answering the user's question from this run's results: the best route
 * per framework at the highest level (with its baseline and first-item p99), which routes stream, and
 * whether any number is suspect (driver-bound, engine above its baseline).
 */
object Answer {
    fun lines(d: RunData, topUsers: Int): List<String> {
        val out = ArrayList<String>()
        val checks = d.checks
        val top = d.levels.filter { it.users == topUsers }
        if (top.isNotEmpty()) {
            out += "At $topUsers users (median req/s; first item p99 from the side probe; CPU µs per request server/driver):"
            for ((key, ls) in top.groupBy { it.framework to it.model }) {
                val best = ls.filter { it.engine != BASELINE }.maxByOrNull { it.throughput.median } ?: ls.maxBy { it.throughput.median }
                val base = ls.firstOrNull { it.engine == BASELINE && it.approach == best.approach }
                out += Fmt.line(
                    "  %-8s %-13s best %-22s %6s req/s%s, first item p99 %s ms, CPU %s/%s µs%s",
                    key.first, key.second,
                    "${best.engine}/${best.approach}", Fmt.rps(best.throughput.median),
                    base?.let { " (baseline ${Fmt.rps(it.throughput.median)})" } ?: "", Fmt.ms(best.firstItemP99.median),
                    Fmt.num(best.serverCpuUs, 0), Fmt.num(best.driverCpuUs, 0),
                    (if (best.driverBound) " DRIVER-BOUND" else "") +
                        if (!best.steady) " NOT STEADY (JIT ${Fmt.pct(best.jitShare)} of server CPU)" else "",
                )
            }
        }
        if (checks.isNotEmpty()) {
            val streams = checks.filter { it.verdict == "streams" }
            out += "Streams (verified with 100 ms per item): ${streams.size} of ${checks.size} routes" +
                checks.filter { it.verdict != "streams" }.takeIf { it.isNotEmpty() }?.let { b ->
                    "; not: " +
                        b.joinToString(", ") { "${it.route} (${it.verdict})" }
                }.orEmpty()
        }
        val drv = d.levels.count { it.driverBound }
        if (drv > 0) out += "$drv level${if (drv == 1) "" else "s"} driver-bound: read those as 'at least'."
        val cold = d.levels.count { !it.steady }
        if (cold >
            0
        ) {
            out +=
                "$cold level${if (cold == 1) "" else "s"} measured while the JIT still compiled (not steady; report: Time to steady state)."
        }
        val beats = SummaryTables.aboveBaseline(d)
        if (beats.isNotEmpty()) out += SummaryTables.aboveBaselineNote(beats)
        return out
    }
}
