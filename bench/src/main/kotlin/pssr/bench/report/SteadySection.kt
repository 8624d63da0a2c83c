package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.stats.Stats

/**
 * Time to steady state per route (docs/HARNESS.md, "Steady state"): how many seconds and requests of load each route's
 * server JVM needed before its JIT compiler threads went quiet and throughput stopped rising, and the throughput of the
 * warm-up's first window against its steady one; then the levels measured while the JIT still compiled. What users of
 * autoscaling and serverless deployments ask: which stack reaches full speed soonest.
 */
internal class SteadySection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    private val warmed = d.rows.filter { it.warmupFirstRps.isFinite() }
    private val notSteady = d.levels.filter { !it.steady }

    val present: Boolean get() = warmed.isNotEmpty() || notSteady.isNotEmpty()

    fun write() {
        if (!present) return
        sb.append("<h2 id=\"").append(ANCHOR).append("\">Time to steady state</h2>\n")
        sb.append("<p class=note>Each route's warm-up ran 2 s windows at the highest level until two in a row had the server JVM's JIT ")
            .append(
                "compiler threads at most 5% of its CPU and throughput within 5% of the window before (at least " +
                    "<code>--route-warmup</code>, ",
            )
            .append(
                "at most <code>--steady-cap</code>). Per route, the median over its server sessions (repetitions, or the shared " +
                    "JVM).</p>\n",
            )
        if (warmed.isNotEmpty()) {
            val byRoute = warmed.groupBy { it.route }.toSortedMap()
            htmlTable(
                listOf(
                    "route",
                    "sessions",
                    "steady after s",
                    "requests until steady",
                    "first window req/s",
                    "steady req/s",
                    "first / steady",
                ),
                byRoute.map { (route, rs) ->
                    val sessions = rs.distinctBy { it.repetition }
                    val reached = sessions.filter { it.warmupToSteadySeconds.isFinite() }
                    val first = Stats.median(sessions.map { it.warmupFirstRps })
                    val steady = Stats.median(sessions.map { it.warmupSteadyRps })
                    listOf(
                        route,
                        sessions.size.toString(),
                        if (reached.isEmpty()) {
                            "not reached"
                        } else {
                            Fmt.num(Stats.median(reached.map { it.warmupToSteadySeconds })) +
                                if (reached.size < sessions.size) " (${sessions.size - reached.size} not reached)" else ""
                        },
                        if (reached.isEmpty()) "–" else Fmt.rps(Stats.median(reached.map { it.warmupRequests.toDouble() })),
                        Fmt.rps(first),
                        Fmt.rps(steady),
                        Fmt.pct(first / steady),
                    )
                },
            )
        }
        if (notSteady.isEmpty()) {
            sb.append("<p class=note>Every level was measured at steady state (JIT quiet in its measured window).</p>\n")
        } else {
            sb.append(
                "<p class=bad>",
            ).append(notSteady.size).append(" level(s) measured while the JIT still compiled (not steady; <code>claims</code> ")
                .append("uses their steady repetitions where there are any):</p>\n")
            htmlTable(
                listOf("route", "users", "JIT share of server CPU", "req/s"),
                notSteady.map {
                    listOf(it.route, it.users.toString(), Fmt.pct(it.jitShare), Fmt.rps(it.throughput.median))
                },
            )
        }
    }

    companion object {
        const val ANCHOR = "steady"
    }
}
