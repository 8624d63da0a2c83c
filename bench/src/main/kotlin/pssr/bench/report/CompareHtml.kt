package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import pssr.bench.markup.pageHead
import java.nio.file.Path

/**
 * `./pssr compare`'s page, beside its Markdown: B/A of throughput and of p99 per route across the users levels both runs
 * measured, drawn in the browser from the page's data ([Figure], the same drawing as report.html), then the table.
 */
internal class CompareHtml(private val cmp: Compare, sb: StringBuilder = StringBuilder()) : HtmlSection(sb) {
    fun render(): String {
        sb.append(pageHead("Compare: ${cmp.b.name} / ${cmp.a.name}"))
        sb.append("<h1>Compare: ").append(htmlEscape(cmp.b.name)).append(" / ").append(htmlEscape(cmp.a.name)).append("</h1>\n")
        cmp.environment.warning?.let { sb.append("<p class=bad>").append(htmlEscape(it)).append("</p>\n") }
        sb.append("<ul><li>A = <code>").append(htmlEscape(cmp.a.run.dir.toString())).append("</code></li><li>B = <code>")
            .append(htmlEscape(cmp.b.run.dir.toString())).append("</code></li></ul>\n")
        cmp.environment.note?.let { sb.append("<p class=note>").append(htmlEscape(it)).append("</p>\n") }
        val figures = figures().filter { it.drawable }
        if (figures.isNotEmpty()) {
            sb.append("<h2>B against A</h2>\n<p class=note>One line per route, at the users levels both runs measured ")
                .append("(a level only one run has is a gap). ")
                .append("Above 1: B has more throughput, or a higher p99. Hover a point for both medians, the test and the verdict; ")
                .append("click a name in the legend to hide or show it.</p>\n")
            figures.forEach { sb.append(it.html()) }
        }
        sb.append("<h2>Every route and level</h2>\n<p class=note>").append(htmlEscape(cmp.rulesText())).append("</p>\n")
        if (cmp.rows.isEmpty()) {
            sb.append("<p>The two runs share no route and users level.</p>\n")
        } else {
            htmlTable(cmp.header(), cmp.tableRows())
        }
        sb.append("<p>").append(htmlEscape(cmp.counts())).append("</p>\n")
        if (cmp.onlyA.isNotEmpty()) sb.append("<p class=note>Only in A: ").append(htmlEscape(cmp.onlyA.joinToString(", "))).append("</p>\n")
        if (cmp.onlyB.isNotEmpty()) sb.append("<p class=note>Only in B: ").append(htmlEscape(cmp.onlyB.joinToString(", "))).append("</p>\n")
        if (figures.isNotEmpty()) Explorer.scripts(sb, Figure.json(figures))
        sb.append("</body></html>\n")
        return sb.toString()
    }

    private fun figures(): List<Figure> {
        val routes = cmp.rows.map { it.route }.distinct()
        fun figure(id: String, title: String, change: (Compare.Row) -> Compare.Change, unit: String, fmt: (Double) -> String) = Figure(
            id,
            title,
            "users",
            "concurrent users (levels both runs measured)",
            "B/A",
            routes.map { route ->
                Figure.Series(
                    route,
                    cmp.rows.filter { it.route == route }.map { r ->
                        val c = change(r)
                        val significant = if (c.significant) ", significant" else ""
                        Figure.Point(
                            r.users.toDouble(),
                            c.ratio,
                            n = minOf(c.a.n, c.b.n),
                            note = "A ${fmt(c.a.median)} $unit, B ${fmt(c.b.median)} $unit; ${c.evidence}$significant; ${r.verdict}",
                        )
                    },
                )
            },
        )
        return listOf(
            figure("compare-throughput", "Throughput, B/A of the medians", { it.throughput }, "req/s", Fmt::rps),
            figure("compare-p99", "p99 latency, B/A of the medians", { it.p99 }, "ms", Fmt::ms),
        )
    }

    companion object {
        /** The page beside [markdown] (compare-A.md: compare-A.html). */
        fun fileBeside(markdown: Path): Path = markdown.resolveSibling(markdown.fileName.toString().removeSuffix(".md") + ".html")
    }
}
