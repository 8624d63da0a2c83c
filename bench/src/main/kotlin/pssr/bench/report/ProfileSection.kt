package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape

/**
 * `run --profile`: per route, its CPU and allocation flame graphs and the frames that hold most of each,
 * charged to the innermost non-JDK frame (the server's, an engine's or a library's code), so the reason one
 * engine is slower shows without opening anything.
 */
internal class ProfileSection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    val present: Boolean get() = d.profiles.isNotEmpty()

    fun write() {
        if (!present) return
        sb.append("<h2 id=\"").append(ANCHOR).append("\">Profiles</h2>\n")
        val tools = d.profiles.map { it.profiler }.distinct().sorted().joinToString(" and ")
        sb.append(
            "<p class=note>",
        ).append(htmlEscape(tools)).append(", one measured window each for CPU and for allocation, after the route's levels ")
            .append("(so the profiler's cost is in no measured figure). Each sample is charged to its innermost frame outside the JDK; ")
            .append("self-time rankings (often the JDK's own string and I/O code) and all frames are in <code>profiles.csv</code> and ")
            .append("the flame graphs.</p>\n")
        val own = d.profiles.filter { it.basis == "own" }
        val rows = own.groupBy { it.route to it.users }.toSortedMap(compareBy({ it.first }, { it.second })).map { (key, ps) ->
            fun column(kind: String) = ps.filter { it.kind == kind }.sortedBy { it.rank }.take(TOP)
                .joinToString("\n") { "${it.frame} (${Fmt.pct(it.share)})" }.ifEmpty { "–" }
            listOf(key.first, key.second.toString(), column("cpu"), column("alloc"))
        }
        htmlTable(listOf("route", "users", "CPU: top frames", "allocation: top frames"), rows)
        sb.append("<p class=note>Flame graphs: ")
        own.map { it.route to it.flameGraph }.distinct().sortedBy { it.first }.forEach { (route, file) ->
            sb.append("<a href=\"").append(
                htmlEscape(file),
            ).append("\">").append(htmlEscape("$route ${if (file.endsWith("-alloc.html")) "alloc" else "cpu"}")).append("</a> ")
        }
        sb.append("</p>\n")
    }

    companion object {
        const val ANCHOR = "profiles"
        const val TOP = 5
    }
}
