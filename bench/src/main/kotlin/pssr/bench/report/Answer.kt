package pssr.bench.report

/**
 * The few lines a run ends with, answering the user's question from this run's results: per framework and model the
 * routes ranked where they are all CPU-bound, with their CPU per request and the regime of every level ([Capacity]),
 * which routes stream, and whether any number is suspect (driver-bound, not steady, engine above its baseline).
 */
object Answer {
    fun lines(d: RunData): List<String> {
        val out = ArrayList<String>()
        val checks = d.checks
        for (c in Capacity.of(d)) out += c.lines()
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
        if (cold > 0) {
            out +=
                "$cold level${if (cold == 1) "" else "s"} measured while the JIT still compiled (not steady; report: Time to steady state)."
        }
        val beats = SummaryTables.aboveBaseline(d)
        if (beats.isNotEmpty()) out += SummaryTables.aboveBaselineNote(beats)
        return out
    }
}
