package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape

/**
 * The headline's second panel, "many users on slow data" ([StreamCapacity]): per item delay, each route's capacity in
 * concurrent streams as a bar with the lowest and highest JVM as its whisker (plot.js), then the table with memory per stream.
 */
internal class StreamSection(private val d: RunData, sb: StringBuilder, private val figures: MutableList<Figure>) : HtmlSection(sb) {
    fun write() {
        val cs = d.streamCapacities
        if (cs.isEmpty()) return
        sb.append("<h3 id=\"slow-data\">Many users on slow data: concurrent streams held with first content quick</h3>\n<p class=note>")
            .append(htmlEscape(StreamCapacity.RULE)).append("</p>\n")
        for ((delay, group) in cs.groupBy { it.itemDelayMs }) {
            val id = "streams-$delay"
            val f = Figure(
                id,
                "Items $delay ms apart: concurrent streams held (median over JVMs; whisker: lowest and highest JVM)",
                "route",
                "",
                "users",
                listOf(
                    Figure.Series(
                        "streams held",
                        group.mapIndexed { i, c ->
                            Figure.Point(
                                i.toDouble(),
                                c.users.toDouble(),
                                c.low.toDouble(),
                                c.high.toDouble(),
                                c.perJvm.size,
                                (if (c.atLeast) "at least (the highest level measured) · " else "") +
                                    "heap ${Fmt.num(c.heapKbPerStream, 1)} KB/stream",
                            )
                        },
                        style = "bars",
                    ),
                ),
                nOf = "JVM",
                categories = group.map { "${it.framework} ${it.model} ${it.route}" },
            )
            if (f.drawable) {
                figures += f
                sb.append("<div class=chart id=\"").append(htmlEscape(id)).append("\"></div>\n")
            }
        }
        val t = StreamCapacity.table(cs)
        htmlTable(t.header, t.rows)
    }
}
