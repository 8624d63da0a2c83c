package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.measure.Regime

/**
 * answer.md ([AnswerTable] written out; its schema in docs/RESULTS.md): what the run measured, how to read it, then per
 * framework and model the short answer (at the ceiling, what the others cost, what does not stream) above its table.
 */
object AnswerMarkdown {
    const val TITLE = "# Which engine, framework and concurrency model: the answer of run "

    fun of(d: RunData, panels: List<AnswerPanel> = d.answers): String = buildString {
        appendLine("$TITLE${d.name}")
        appendLine()
        appendLine(provenance(d))
        appendLine()
        appendLine(
            "Every figure is a ratio measured within this run (absolute figures differ between machines by 2x and more): a route's " +
                "capacity (its mean throughput at a level where the stack set the figure: the cores busy, `cpu`, or a pool, `other`) " +
                "over its framework's " +
                "**ceiling**, the zero-template baseline with the highest capacity, paired repetition by repetition (the same " +
                "server JVM, minutes apart). The interval is 95% over those pairs, across JVMs. **Rank** = 1 + the routes whose " +
                "whole interval lies above this one's: routes that share a rank are not told apart. \"Streams\" is the " +
                "verification's measured verdict at 100 ms per item.",
        )
        for (p in panels) {
            appendLine()
            append(section(p))
        }
        val streams = d.streamCapacities
        if (streams.isNotEmpty()) {
            appendLine()
            appendLine(STREAMS_HEADING)
            appendLine()
            appendLine(StreamCapacity.RULE)
            appendLine()
            append(StreamCapacity.table(streams).markdown())
        }
    }

    const val STREAMS_HEADING = "## Many users on slow data: concurrent streams held with first content quick"

    private fun provenance(d: RunData): String {
        fun env(k: String) = d.environment?.firstOrNull { it.first == k }?.second
        val commit = env("gitCommit")?.take(7) ?: "unknown commit"
        val started = env("startedAt")?.take(10) ?: "unknown date"
        val machine = listOfNotNull(env("cpuModel"), env("cores")?.let { "$it cores" }).joinToString(", ")
            .ifEmpty { "machine not recorded" }
        val args = env("args")?.let { a -> "`./pssr run ${a.removePrefix("[").removeSuffix("]").replace(", ", " ")}`" }
        return "Measured $started on $machine, commit $commit" + (args?.let { "; reproduce with $it" } ?: "") + "."
    }

    /** The short answer of one framework and model, in words: the README's first screen is these lines. */
    fun shortAnswer(p: AnswerPanel): List<String> {
        val out = ArrayList<String>()
        val ceiling = p.ceiling ?: return listOf("no route measured")
        out += "ceiling: ${ceiling.route} ${Fmt.rps(ceiling.throughputRps)} req/s at ${ceiling.users} users"
        val at = p.atCeiling.filter { it !== ceiling }
        if (at.isNotEmpty()) out += "at the ceiling (not told apart from it): " + at.joinToString(", ") { it.route }
        val below = p.ranked.filter { it.high < 1.0 }.sortedByDescending { it.ratio }
        if (below.isNotEmpty()) {
            out += "below it: " + below.joinToString(", ") { "${it.route} ${Fmt.ratio(it.ratio)}" }
        }
        if (p.unranked.isNotEmpty()) {
            for ((why, rs) in p.unranked.groupBy { it.notRanked }) out += "not ranked ($why): " + rs.joinToString(", ") { it.route }
        }
        val buffered = p.routes.filter { it.streams != "streams" }
        if (buffered.isNotEmpty()) out += "does not stream: " + buffered.joinToString(", ") { "${it.route} (${it.streams})" }
        return out
    }

    private fun section(p: AnswerPanel): String = buildString {
        appendLine("## ${p.framework} · ${p.model}")
        appendLine()
        for (l in shortAnswer(p)) appendLine("- $l")
        appendLine()
        append(table(p).markdown())
    }

    fun table(p: AnswerPanel): Table = Table(
        listOf(
            "rank", "route", "capacity vs ceiling", "95% interval", "pairs (JVMs)", "req/s", "server CPU µs/req", "CPU vs ceiling",
            "streams", "first item p99 ms", "heap peak MB", "users", "regime",
        ),
        p.routes.map { r ->
            listOf(
                r.rank?.toString() ?: "–", r.route, Fmt.ratio(r.ratio),
                r.interval?.let { "${Fmt.fixed(it.low, 2)}–${Fmt.fixed(it.high, 2)}" } ?: "–", "${r.pairs} (${r.jvms})",
                Fmt.rps(r.throughputRps), Fmt.num(r.serverCpuUs, 0), Fmt.ratio(r.cpuRatio), r.streams,
                Fmt.num(r.firstItemP99Ms, 1), Fmt.num(r.heapPeakMb, 0), r.users.toString(),
                r.regime.id.ifEmpty { "unknown" } + if (r.regime !in AnswerTable.CAPACITY) " (peak)" else "",
            )
        },
    )
}
