package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.htmlEscape
import pssr.probe.Jackson

/**
 * A chart of any pssr report whose points the report computed (compare, merge's shards, load, browser): written into the
 * page's data once and drawn by plot.js (the same uPlot core as report.html's charts), with a static table of the same
 * points beside it for print and for a reader without JavaScript. A series' missing level is a gap, never a zero.
 */
class Figure(
    /** The chart's element id, unique in its page. */
    val id: String,
    val title: String,
    /** What one x value is, in the hover ("users", "requests per second", "ms"). */
    val xName: String,
    val xLabel: String,
    val yLabel: String,
    val series: List<Series>,
    val log: Boolean = false,
    /** x is a quantity (time), not levels: the axis is continuous and lines join every point. */
    val continuous: Boolean = false,
    /** What n counts in the hover ("repetition", "Lighthouse run"). */
    val nOf: String = "repetition",
    /** Names for x = 0, 1, 2 ..: the x values are categories (pages), not a scale. */
    val categories: List<String>? = null,
) {
    /** [style]: "line", "points" (no line joins them: the x values are not a scale), or "reference" (grey, dashed). */
    class Series(val name: String, val points: List<Point>, val style: String = "line")

    /** [value] NaN: not measured (a gap); [low]/[high]: its 95% interval; [n]: the measurements it summarises; [note]: for the hover. */
    class Point(
        val x: Double,
        val value: Double,
        val low: Double? = null,
        val high: Double? = null,
        val n: Int? = null,
        val note: String? = null,
    )

    /** Whether any point can be drawn (a chart with nothing in it is left out of the page, as the PNG charts were). */
    val drawable: Boolean get() = series.any { s -> s.points.any { it.value.isFinite() && (!log || it.value > 0) } }

    fun json(): Map<String, Any?> = mapOf(
        "id" to id, "title" to title, "xName" to xName, "xLabel" to xLabel, "yLabel" to yLabel, "log" to log, "continuous" to continuous,
        "nOf" to nOf, "categories" to categories,
        "series" to series.map { s ->
            mapOf(
                "name" to s.name,
                "style" to s.style,
                "points" to
                    s.points.map { p ->
                        listOf(Fmt.json(p.x), Fmt.json(p.value), p.low?.let(Fmt::json), p.high?.let(Fmt::json), p.n, p.note)
                    },
            )
        },
    )

    /** The chart's place and its static table: a row per x, a column per series, the value with its interval. */
    fun html(): String = buildString {
        append("<div class=chart id=\"").append(htmlEscape(id)).append("\"></div>\n")
        if (continuous) return@buildString // a time line's thousands of points are its CSV's, not a table's
        val xs = series.flatMap { s -> s.points.map { it.x } }.distinct().sorted()
        append("<details class=figures><summary>").append(htmlEscape(title)).append(": the figures drawn</summary><table><tr><th>")
            .append(htmlEscape(xName)).append("</th>")
        series.forEach { append("<th>").append(htmlEscape(it.name)).append("</th>") }
        append("</tr>\n")
        for (x in xs) {
            append("<tr><td class=n>").append(htmlEscape(xText(x))).append("</td>")
            for (s in series) {
                val p = s.points.firstOrNull { it.x == x }
                append("<td class=n>").append(if (p == null || !p.value.isFinite()) "–" else htmlEscape(cell(p))).append("</td>")
            }
            append("</tr>\n")
        }
        append("</table></details>\n")
    }

    private fun xText(x: Double): String = categories?.getOrNull(x.toInt()) ?: if (x == Math.floor(x)) Fmt.num(x, 0) else Fmt.compact(x)

    private fun cell(p: Point): String = Fmt.num(p.value, decimals(p.value)) +
        (if (p.low != null && p.high != null) " [${Fmt.num(p.low, decimals(p.low))}–${Fmt.num(p.high, decimals(p.high))}]" else "") +
        (p.n?.let { " n=$it" } ?: "")

    private fun decimals(v: Double) = if (kotlin.math.abs(v) >= 100) {
        0
    } else if (kotlin.math.abs(v) >= 10) {
        1
    } else {
        2
    }

    companion object {
        /** The data of a page drawn only from figures: `{"figures": [...]}`, with no '<' left to end its script element. */
        fun json(figures: List<Figure>, extra: Map<String, Any?> = emptyMap()): String =
            Jackson.write(extra + mapOf("figures" to figures.map { it.json() })).replace("<", "\\u003c")
    }
}
