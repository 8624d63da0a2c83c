package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.Table
import pssr.bench.markup.htmlEscape
import pssr.bench.results.ResultRow

/**
 * `run --rate`: per route, the highest arrival rate it **held**: p99 latency (from the scheduled send time) at or
 * under the limit (`--p99-limit`), fewer than 1% errors, and at least 90% of the rate answered correctly. With
 * several repetitions a rate is held only if it was held in every one (the worst p99 is shown).
 */
internal class OpenModelSection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    val present: Boolean get() = d.openRows.isNotEmpty()

    fun write() {
        if (!present) return
        val limit = limitOf(d)
        sb.append("<h2 id=\"").append(ANCHOR).append("\">Open model: highest rate held</h2>\n")
        sb.append("<p class=note>").append(htmlEscape(note(limit))).append("</p>\n")
        val t = table(d.openRows, limit, d.rows)
        htmlTable(t.first, t.second)
    }

    companion object {
        const val ANCHOR = "open-model"
        const val DEFAULT_LIMIT_MS = 100.0

        /** The run's `--p99-limit` from environment.json's options, else the default. */
        fun limitOf(d: RunData): Double =
            d.environment?.firstOrNull { it.first.endsWith("p99LimitMs") }?.second?.toDoubleOrNull() ?: DEFAULT_LIMIT_MS

        fun note(limit: Double) = "Each level sent requests at its rate whether or not earlier ones had returned " +
            "(Hyperfoil's constant-rate phase, random arrivals around that mean); latency runs from each request's " +
            "scheduled send time, so a stall is charged to every request " +
            "that queued behind it. A closed loop (--users) hides such a stall: its users stop sending while they wait. " +
            "Held = p99 <= ${Fmt.ms(limit)} ms, under 1% errors, and at least 90% of the rate answered correctly."

        fun held(r: ResultRow, limit: Double): Boolean = r.latencyP99Ms <= limit && r.errorRate < 0.01 && r.throughputRps >= 0.9 * r.rateRps

        /**
         * Per route: each rate's worst p99 (✓ held, ✗ not), and the highest rate held. With closed-loop rows of the same
         * run ([closed]), also the closed loop's p99 at the users level whose throughput came nearest the highest rate
         * held (or tried), to set the two models side by side at about the same load.
         */
        fun table(rows: List<ResultRow>, limit: Double, closed: List<ResultRow> = emptyList()): Pair<List<String>, List<List<String>>> {
            val rates = rows.map { it.rateRps }.distinct().sorted()
            val closedByRoute = closed.groupBy { it.route }
            val header = listOf("route") + rates.map { "${Fmt.rps(it)}/s p99 ms" } + listOf("highest held (req/s)") +
                (if (closed.isEmpty()) emptyList() else listOf("closed loop at about that load: p99 ms (users, req/s)"))
            val body = rows.groupBy { it.route }.toSortedMap().map { (route, rs) ->
                val byRate = rs.groupBy { it.rateRps }
                val cells = rates.map { rate ->
                    val at = byRate[rate] ?: return@map "–"
                    val worst = at.maxOf { it.latencyP99Ms }
                    "${Fmt.ms(worst)} ${if (at.all { held(it, limit) }) "✓" else "✗"}"
                }
                val best = rates.filter { rate -> byRate[rate]?.all { held(it, limit) } == true }.maxOrNull()
                val near = (best ?: rates.max()).let { load -> closedByRoute[route]?.minByOrNull { Math.abs(it.throughputRps - load) } }
                listOf(route) + cells + listOf(best?.let { Fmt.rps(it) } ?: "none") +
                    (
                        if (closed.isEmpty()) {
                            emptyList()
                        } else {
                            listOf(near?.let { "${Fmt.ms(it.latencyP99Ms)} (${it.users}, ${Fmt.rps(it.throughputRps)})" } ?: "–")
                        }
                        )
            }
            return header to body
        }

        /** The console's lines after an open-model run. */
        fun lines(d: RunData, limit: Double): List<String> {
            if (d.openRows.isEmpty()) return emptyList()
            val t = table(d.openRows, limit, d.rows)
            return listOf(
                "open model: highest rate held per route (p99 <= ${Fmt.ms(limit)} ms from the scheduled send time, < 1% errors)",
            ) +
                Table(t.first, t.second).render().trimEnd().lines()
        }
    }
}
