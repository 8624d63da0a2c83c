package pssr.bench.report

import pssr.bench.console.Fmt

/**
 * The few lines a run ends with, answering the user's question from this run's results: per framework and model the
 * routes ranked against the framework's ceiling with their intervals ([AnswerTable]; a shared rank: not told apart), their
 * CPU per request, the regime of every level ([Capacity]), which routes stream, and whether any number is suspect
 * (driver-bound, not steady, engine above its baseline).
 */
object Answer {
    fun lines(d: RunData): List<String> {
        val out = ArrayList(ranking(d))
        out += StreamCapacity.lines(d.streamCapacities)
        val checks = d.checks
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

    /** Per framework and model, [panelLines] and the regime of every level ([Capacity]): the console's and summary.md's ranking. */
    fun ranking(d: RunData): List<String> {
        val out = ArrayList<String>()
        val capacities = d.capacities.associateBy { it.panel.id }
        for ((panel, answer) in d.panels.zip(d.answers)) {
            out += panelLines(answer)
            capacities[panel.id]?.let { out += "  regime: " + it.regimeLine() }
        }
        return out
    }

    /** One framework and model: the routes by rank, each its ratio to the ceiling with the interval, CPU per request, streaming. */
    fun panelLines(p: AnswerPanel): List<String> {
        val c = p.ceiling ?: return listOf("${p.framework} · ${p.model}: no route measured")
        val out = ArrayList<String>()
        out += "${p.framework} · ${p.model}: capacity over the ceiling (${c.route}, ${Fmt.rps(c.throughputRps)} req/s at ${c.users} " +
            "users) with its 95% interval over paired windows; CPU µs per request server/driver; a shared rank: not told apart"
        for (r in p.routes) {
            out += Fmt.line(
                "  %-2s %-24s %6s %-14s %4s/%-3s µs  %s%s",
                r.rank?.toString() ?: "–",
                r.route,
                Fmt.ratio(r.ratio),
                r.interval?.let { "[${Fmt.fixed(it.low, 2)}, ${Fmt.fixed(it.high, 2)}]" } ?: if (r === c) "" else "(no interval)",
                Fmt.num(r.serverCpuUs, 0),
                Fmt.num(r.driverCpuUs, 0),
                r.streams,
                r.notRanked?.let { "  (not ranked: $it; at ${r.users} users)" }.orEmpty(),
            )
        }
        return out
    }
}
