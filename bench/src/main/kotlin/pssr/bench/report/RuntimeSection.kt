package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.stats.RouteLevel

/**
 * Runtimes side by side (`--jdk`, `--jvm`) and pinned virtual threads (JFR `jdk.VirtualThreadPinned`,
 * recorded on every virtual-thread route): per route at the highest level, each runtime's throughput,
 * first-item p99 and pins per 1,000 requests; then the routes whose pinning differs between runtimes, each
 * with its most frequent stack, or one sentence saying that none pinned.
 */
internal class RuntimeSection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    private fun runtimeOf(l: RouteLevel) = l.framework.substringAfter('@', "")
    private fun baseRoute(l: RouteLevel) = "${l.framework.substringBefore('@')}/${l.model}/${l.engine}/${l.approach}"
    private val recorded = d.levels.filter { it.pinnedPerRequest.isFinite() }
    private val runtimes = d.levels.map(::runtimeOf).distinct().sorted()

    val present: Boolean get() = runtimes.size > 1 || recorded.isNotEmpty()

    fun write() {
        if (!present) return
        sb.append("<h2 id=\"").append(ANCHOR).append("\">Runtimes and pinned virtual threads</h2>\n")
        sb.append("<p class=note>Pinned: JFR <code>jdk.VirtualThreadPinned</code> events at threshold 0 (every time a virtual thread ")
            .append(
                "blocked while holding its carrier), recorded on virtual-thread routes during each level's warm-up window, so that the ",
            )
            .append("recording cannot slow the measured window; per 1,000 requests of that window. Recordings: <code>jfr/</code>. ")
            .append("JDK 21 pins a virtual thread that blocks inside <code>synchronized</code>; JDK 24+ (JEP 491) does not.</p>\n")
        val top = d.levels.maxOfOrNull { it.users } ?: return
        val atTop = d.levels.filter { it.users == top }
        if (runtimes.size > 1) {
            val byRoute = atTop.groupBy(::baseRoute).toSortedMap()
            val header =
                listOf("route ($top users)") + runtimes.flatMap { listOf("$it req/s", "$it first item p99 ms", "$it pins/1k req") } +
                    listOf("versions")
            htmlTable(
                header,
                byRoute.map { (route, ls) ->
                    listOf(route) + runtimes.flatMap { rt ->
                        val l = ls.firstOrNull { runtimeOf(it) == rt }
                        listOf(
                            l?.let { Fmt.rps(it.throughput.median) } ?: "–",
                            l?.let { Fmt.ms(it.firstItemP99.median) } ?: "–",
                            l?.let { pins(it.pinnedPerRequest) } ?: "–",
                        )
                    } + listOf(ls.map { it.jdk }.filter { it.isNotEmpty() }.distinct().joinToString(", "))
                },
            )
        }
        val differing = recorded.groupBy { baseRoute(it) to it.users }.filter { (_, ls) ->
            ls.map { it.pinnedPerRequest > 0 }.distinct().size > 1
        }
        val pinning = recorded.filter { it.pinnedPerRequest > 0 }
        when {
            pinning.isEmpty() -> sb.append("<p class=note>No virtual-thread route pinned its carrier on ")
                .append(
                    if (runtimes.size > 1) {
                        "any runtime"
                    } else {
                        "this runtime"
                    },
                ).append(" (").append(recorded.size).append(" levels recorded).</p>\n")

            else -> {
                sb.append("<h3>").append(
                    if (differing.isNotEmpty()) "Routes whose pinning differs between runtimes" else "Routes that pinned",
                ).append("</h3>\n")
                val shown = if (differing.isNotEmpty()) differing.values.flatten() else pinning
                htmlTable(
                    listOf("route", "runtime", "users", "pins/1k req", "most frequent stack (innermost first)"),
                    shown.sortedWith(compareBy({ baseRoute(it) }, { it.users }, { runtimeOf(it) }))
                        .map {
                            listOf(
                                baseRoute(it),
                                runtimeOf(it).ifEmpty {
                                    "–"
                                },
                                it.users.toString(),
                                pins(it.pinnedPerRequest),
                                it.pinnedTopStack.ifEmpty { "–" },
                            )
                        },
                )
            }
        }
    }

    private fun pins(perRequest: Double) = if (!perRequest.isFinite()) "–" else Fmt.num(perRequest * 1000, 2)

    companion object {
        const val ANCHOR = "runtimes"
    }
}
