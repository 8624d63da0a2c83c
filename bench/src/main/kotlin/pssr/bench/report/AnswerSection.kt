package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape

/**
 * report.html's first section, answer.md drawn ([AnswerTable]): per framework and model its short answer in words, the
 * routes' capacity over the framework's ceiling as bars with their 95% intervals as whiskers (plot.js, uPlot), and a short
 * table of the same figures; the full table is answer.md's.
 */
internal class AnswerSection(private val d: RunData, sb: StringBuilder, private val figures: MutableList<Figure>) : HtmlSection(sb) {
    fun write(panels: List<AnswerPanel> = d.answers) {
        sb.append("<h3>Which stack? Capacity over each framework's ceiling, within this run</h3>\n<p class=note>")
            .append(
                htmlEscape(
                    "A bar is a route's throughput where the stack set it (the cores busy, or a pool) over its framework's zero-template " +
                        "baseline with the " +
                        "highest capacity (the ceiling, 1.0), paired repetition by repetition; the whisker its 95% interval across " +
                        "JVMs. Routes of one rank are not told apart. answer.md holds the full table.",
                ),
            ).append("</p>\n")
        for (p in panels) panel(p)
    }

    private fun panel(p: AnswerPanel) {
        val id = "answer-${p.framework}-${p.model}".replace(Regex("[^A-Za-z0-9_-]"), "_")
        sb.append("<h4>").append(htmlEscape("${p.framework} · ${p.model}")).append("</h4>\n<ul class=answer>")
        for (l in AnswerMarkdown.shortAnswer(p)) sb.append("<li>").append(htmlEscape(l)).append("</li>")
        sb.append("</ul>\n")
        val shown = p.routes.filter { it.ratio.isFinite() }
        val f = Figure(
            id,
            "${p.framework} · ${p.model}: capacity over the ceiling (${p.ceiling?.route ?: "none"})",
            "route",
            "",
            "capacity / ceiling",
            listOf(
                Figure.Series(
                    "capacity over the ceiling, 95% interval",
                    shown.mapIndexed { i, r ->
                        Figure.Point(
                            i.toDouble(),
                            r.ratio,
                            r.interval?.low,
                            r.interval?.high,
                            r.pairs,
                            "rank ${r.rank ?: "– (${r.notRanked})"} · ${r.streams} · ${r.users} users",
                        )
                    },
                    style = "bars",
                ),
            ),
            nOf = "pair",
            categories = shown.map { it.route },
        )
        if (f.drawable) {
            figures += f
            sb.append("<div class=chart id=\"").append(htmlEscape(id)).append("\"></div>\n")
        }
        htmlTable(
            listOf("rank", "route", "vs ceiling [95%]", "CPU/req vs ceiling", "streams", "first item p99"),
            p.routes.map { r ->
                listOf(
                    r.rank?.toString() ?: "–",
                    r.route,
                    Fmt.ratio(r.ratio) + (r.interval?.let { " [${Fmt.fixed(it.low, 2)}, ${Fmt.fixed(it.high, 2)}]" } ?: ""),
                    Fmt.ratio(r.cpuRatio),
                    r.streams,
                    Fmt.ms(r.firstItemP99Ms),
                )
            },
        )
    }
}
