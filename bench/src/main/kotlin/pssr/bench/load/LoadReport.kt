
package pssr.bench.load

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import pssr.bench.markup.pageHead
import pssr.bench.report.Explorer
import pssr.bench.report.Figure
import pssr.probe.Chunk
import java.nio.file.Files
import java.nio.file.Path

/** The outputs of `./pssr load`: the answer lines, summary.md, report.html and the JSON document (docs/RESULTS.md, "load"). */
object LoadReport {
    /** What the console ends with: per page, the verdict and its change, then the figures at the highest level; with two pages, B against
     * A. */
    fun answer(s: LoadSummary): List<String> = buildList {
        for (p in s.pages) {
            for (model in s.models) {
                val ls = s.levelsOf(p.label, model)
                val top = ls.lastOrNull() ?: continue
                add("${p.label} ${p.url}: ${s.change(p, model).text(ls)}")
                add(
                    "  at ${top.level} ${top.unit}: ${Fmt.rps(top.throughput.mean)} req/s, p99 ${Fmt.ms(top.latencyP99Ms)} ms, " +
                        "first content " +
                        "p99 ${Fmt.ms(top.firstContentP99Ms)} ms " +
                        "(unloaded ${Fmt.ms(p.unloaded.firstVisibleMillis ?: p.unloaded.lastByteMillis)} ms), last byte " +
                        "p99 ${Fmt.ms(top.lastByteP99Ms)} ms, " +
                        "${top.errors} failed of ${top.requests}; CPU per request: server ${cpu(top.serverCpuUsPerReq)}, " +
                        "driver ${cpu(top.driverCpuUsPerReq)}" +
                        if (top.driverBound) " (DRIVER-BOUND: the driver, not the server, limited this level)" else "",
                )
            }
        }
        for (c in s.comparisons.filter { it.level == s.levelsOf("A", it.loadModel).lastOrNull()?.level }) {
            val within = c.significant(c.throughputP) && !c.throughputMatters
            val significance = if (within) {
                " (significant but within ${Fmt.pct(PageComparison.THRESHOLD)}: no difference that matters)"
            } else {
                p(c.throughputP)
            }
            add(
                "B/A at ${c.level} ${c.a.unit}: throughput ${ratio(c)}$significance; " +
                    "first content p99 ${Fmt.ms(c.firstContentDiffMs)} ms B minus A${p(c.firstContentP)}",
            )
        }
    }

    private fun cpu(us: Double) = if (us.isNaN()) "not measured" else "${Fmt.num(us, 0)} µs"
    fun ratio(c: PageComparison) = Fmt.ratio(c.ratio) + (c.ratioCi?.let { " [${Fmt.fixed(it.low, 2)}, ${Fmt.fixed(it.high, 2)}]" } ?: "")
    private fun p(p: Double?) = when {
        p == null -> " (no test: fewer than 2 repetitions)"
        p < PageComparison.ALPHA -> " (significant, Holm p=${Fmt.significant(p, 2)})"
        else -> " (not significant, Holm p=${Fmt.significant(p, 2)})"
    }

    private fun levelTable(s: LoadSummary): Pair<List<String>, List<List<String>>> = listOf(
        "page", "load", "level", "req/s (mean)", "95% CI", "p50 ms", "p99 ms", "TTFB p99", "first content p50", "first content p99",
        "half visible p99", "last byte p99", "verdict", "samples streams/buffered/too fast", "failed/requests",
        "server µs/req",
        "driver µs/req",
    ) to
        s.levels.map { l ->
            listOf(
                l.page, l.loadModel, "${l.level} ${l.unit}", Fmt.rps(l.throughput.mean),
                l.throughput.ci?.let { "${Fmt.rps(it.low)}–${Fmt.rps(it.high)}" } ?: "–",
                Fmt.ms(l.latencyP50Ms), Fmt.ms(l.latencyP99Ms), Fmt.ms(l.ttfbP99Ms), Fmt.ms(l.firstContentP50Ms),
                Fmt.ms(l.firstContentP99Ms),
                Fmt.ms(l.halfVisibleP99Ms), Fmt.ms(l.lastByteP99Ms),
                (l.verdict?.label ?: "no sample") + if (l.driverBound) {
                    " (driver-bound)"
                } else {
                    ""
                },
                l.verdicts.values.joinToString("/"), "${l.errors}/${l.requests}", Fmt.num(l.serverCpuUsPerReq, 0),
                Fmt.num(l.driverCpuUsPerReq, 0),
            )
        }

    private fun compareTable(s: LoadSummary): Pair<List<String>, List<List<String>>> = listOf(
        "load", "level", "req/s A", "req/s B", "B/A [95% CI]", "Holm p", "first content p99 A", "first content p99 B",
        "B − A ms",
        "Holm p",
    ) to
        s.comparisons.map { c ->
            listOf(
                c.loadModel, "${c.level} ${c.a.unit}", Fmt.rps(c.a.throughput.mean), Fmt.rps(c.b.throughput.mean), ratio(c),
                pText(c.throughputP),
                Fmt.ms(c.a.firstContentP99Ms), Fmt.ms(c.b.firstContentP99Ms), Fmt.ms(c.firstContentDiffMs), pText(c.firstContentP),
            )
        }

    private fun pText(p: Double?) = if (p == null) {
        "–"
    } else {
        Fmt.significant(p, 2) + if (p < PageComparison.ALPHA) {
            " *"
        } else {
            ""
        }
    }

    private fun pageLines(s: LoadSummary) = s.pages.map { p ->
        val u = p.unloaded
        "${p.label} ${p.url}: status ${u.status}, ${u.contentType.ifEmpty { "no Content-Type" }}, " +
            "${u.compression ?: "not compressed"}, ${u.transfer}, ${p.bytes} bytes uncompressed; unloaded: ${u.verdict} (${u.reason})"
    }

    fun markdown(s: LoadSummary, method: String): String = buildString {
        append("# pssr load\n\n")
        pageLines(s).forEach { append("- ").append(it).append('\n') }
        append("\n## Answer\n\n")
        answer(s).forEach { append(if (it.startsWith("  ")) "  - ${it.trim()}\n" else "- $it\n") }
        append("\n## By level\n\n")
        table(this, levelTable(s))
        if (s.comparisons.isNotEmpty()) {
            append("\n## A against B\n\n")
            table(this, compareTable(s))
        }
        append("\n## Method\n\n").append(method).append('\n')
    }

    private fun table(sb: StringBuilder, t: Pair<List<String>, List<List<String>>>) {
        sb.append("| ").append(t.first.joinToString(" | ")).append(" |\n|").append(t.first.joinToString("|") { "---" }).append("|\n")
        for (r in t.second) sb.append("| ").append(r.joinToString(" | ")).append(" |\n")
    }

    fun json(s: LoadSummary, dir: Path): Map<String, Any?> = linkedMapOf(
        "results" to dir.resolve("load.csv").toString(),
        "report" to dir.resolve("report.html").toString(),
        "pages" to s.pages.map { p ->
            linkedMapOf(
                "page" to p.label, "url" to p.url.toString(), "status" to p.unloaded.status,
                "html" to p.html,
                "compression" to p.unloaded.compression, "transfer" to p.unloaded.transfer, "bytes" to p.bytes,
                "unloadedVerdict" to p.unloaded.verdict.label, "unloadedReason" to p.unloaded.reason,
                "verdictUnderLoad" to s.models.associateWith { m ->
                    s.change(p, m).let { ch ->
                        linkedMapOf(
                            "changedAt" to ch.from?.level,
                            "to" to ch.from?.verdict?.label,
                            "text" to ch.text(s.levelsOf(p.label, m)),
                        )
                    }
                },
            )
        },
        "levels" to s.levels.map { l ->
            linkedMapOf(
                "page" to l.page, "loadModel" to l.loadModel, "level" to l.level,
                "repetitions" to l.rows.size,
                "throughputRps" to l.throughput.mean, "throughputCi95" to l.throughput.ci?.let { listOf(it.low, it.high) },
                "latencyP50Ms" to l.latencyP50Ms,
                "latencyP99Ms" to l.latencyP99Ms, "ttfbP99Ms" to l.ttfbP99Ms, "firstContentP50Ms" to l.firstContentP50Ms,
                "firstContentP99Ms" to l.firstContentP99Ms,
                "halfVisibleP99Ms" to l.halfVisibleP99Ms, "lastByteP99Ms" to l.lastByteP99Ms, "verdict" to l.verdict?.label,
                "samples" to l.verdicts.mapKeys { it.key.label }, "errors" to l.errors, "requests" to l.requests,
                "serverCpuUsPerReq" to l.serverCpuUsPerReq, "driverCpuUsPerReq" to l.driverCpuUsPerReq, "driverBound" to l.driverBound,
            )
        },
        "comparisons" to s.comparisons.map { c ->
            linkedMapOf(
                "loadModel" to c.loadModel, "level" to c.level,
                "throughputRatioBA" to c.ratio,
                "throughputRatioCi95" to c.ratioCi?.let { listOf(it.low, it.high) }, "throughputHolmP" to c.throughputP,
                "firstContentP99DiffMs" to c.firstContentDiffMs, "firstContentHolmP" to c.firstContentP,
                "firstContentSignificant" to c.significant(c.firstContentP), "throughputSignificant" to c.significant(c.throughputP),
                "throughputBeyondThreshold" to c.throughputMatters,
            )
        },
    )

    fun html(s: LoadSummary, timelines: Map<String, List<Chunk>>, method: String): String = Page(
        StringBuilder(),
        s,
        timelines,
        method,
    ).render()

    fun write(dir: Path, s: LoadSummary, timelines: Map<String, List<Chunk>>, method: String) {
        Files.writeString(dir.resolve("summary.md"), markdown(s, method))
        Files.writeString(dir.resolve("report.html"), html(s, timelines, method))
    }

    private class Page(sb: StringBuilder, val s: LoadSummary, val timelines: Map<String, List<Chunk>>, val method: String) :
        HtmlSection(sb) {
        fun render(): String {
            sb.append(pageHead("pssr load"))
            sb.append("<h1>pssr load</h1>\n<ul>")
            pageLines(s).forEach { sb.append("<li>").append(htmlEscape(it)).append("</li>") }
            sb.append("</ul>\n<h2>Answer</h2>\n<ul>")
            answer(s).forEach { sb.append("<li>").append(htmlEscape(it.trim())).append("</li>") }
            sb.append("</ul>\n")
            val figures = ArrayList<Figure>()
            for (model in s.models) {
                sb.append("<h2>").append(if (model == "open") "Open model" else "Closed loop").append("</h2>\n")
                sb.append(
                    "<p class=note>Hover a point for its value, 95% interval and repetitions; click a name in the legend to hide " +
                        "or show it. ",
                )
                    .append("The x axis has the levels measured; a page not measured at a level has a gap there.</p>\n")
                LoadFigures.of(s, model, timelines).forEach {
                    sb.append(it.html())
                    figures += it
                }
            }
            sb.append("<h2>By level</h2>\n")
            levelTable(s).let { htmlTable(it.first, it.second) }
            if (s.comparisons.isNotEmpty()) {
                sb.append(
                    "<h2>A against B</h2>\n<p class=note>Welch's t-test over the repetitions, Holm-adjusted over every test of " +
                        "this run; * marks p &lt; 0.05. ",
                )
                    .append("B/A throughput is paired by repetition (A and B alternate within each).</p>\n")
                compareTable(s).let { htmlTable(it.first, it.second) }
            }
            sb.append("<h2>Method</h2>\n<p class=note>").append(htmlEscape(method)).append("</p>\n")
            if (figures.isNotEmpty()) Explorer.scripts(sb, Figure.json(figures))
            sb.append("</body></html>\n")
            return sb.toString()
        }
    }
}
