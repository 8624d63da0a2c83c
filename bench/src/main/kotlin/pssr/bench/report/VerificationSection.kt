package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import pssr.bench.project.Frameworks
import pssr.bench.results.RouteCheck

/** Verification: every route's verdict at a slow source, with its chunk timeline drawn inline. */
/** [drawn]: the page carries its data and scripts, so each framework gets a chart above its table. */
internal class VerificationSection(private val d: RunData, sb: StringBuilder, private val drawn: Boolean) : HtmlSection(sb) {
    fun write() {
        sb.append("<h2 id=\"verification\">Verification</h2>\n")
        if (d.checks.isEmpty()) {
            sb.append("<p class=note>No verification.csv in this run.</p>\n")
            return
        }
        val contra = d.checks.count { it.contradicts }
        val failed = d.checks.count { !it.passed }
        sb.append("<p class=note>").append(d.checks.size).append(" routes; ").append(
            d.checks.count {
                it.verdict == "streams"
            },
        ).append(" stream, ")
            .append(
                d.checks.count {
                    it.verdict == "buffered"
                },
            ).append(" buffered, ").append(d.checks.count { it.verdict == "malformed" }).append(" malformed; ")
        sb.append(
            if (contra > 0) {
                "<span class=bad>$contra contradict their claim</span>"
            } else {
                "no verdict contradicts its claim"
            },
        ).append("; ")
        sb.append(
            if (failed > 0) {
                "<span class=bad>$failed failed</span>"
            } else {
                "none failed"
            },
        ).append(". Measured at itemDelayMs=100; timeline: cumulative bytes against time, one dot per chunk.</p>\n")
        val sorted = sorted(d.checks)
        for ((fw, cs) in sorted.groupBy { it.framework }) {
            sb.append("<h3>").append(htmlEscape(fw)).append("</h3>\n")
            // series.js draws each route from first byte to last, a tick per chunk, its first item marked (the page's data)
            if (drawn &&
                cs.any { chunks(it.timeline).isNotEmpty() }
            ) {
                sb.append("<div class=chart id=\"").append(htmlEscape(chartId(fw))).append("\"></div>\n")
            }
            sb.append("<table><tr><th>route</th><th>claims</th><th>verdict</th><th>body</th><th>TTFB ms</th>")
                .append(
                    "<th>first item ms</th><th>last byte ms</th><th>chunks</th><th>bytes</th><th>chunk timeline</th><th>status</th></tr>\n",
                )
            // one time scale per model, so the strips of one model line up
            val spans = cs.groupBy { it.model }.mapValues { (_, m) ->
                m.maxOfOrNull { c ->
                    maxOf(c.lastByteMs.takeIf { it.isFinite() } ?: 0.0, chunks(c.timeline).maxOfOrNull { it.first } ?: 0.0)
                }?.takeIf { it > 0 }
                    ?: 1.0
            }
            for (c in cs) {
                val span = spans.getValue(c.model)
                val cls = when {
                    !c.passed -> " class=failed"
                    c.contradicts -> " class=contra"
                    else -> ""
                }
                val status = when {
                    !c.passed -> "<span class=bad>FAILED</span>" + if (c.error.isNotBlank()) ": " + htmlEscape(c.error) else ""
                    c.contradicts -> "<span class=bad>claim contradicted</span>"
                    else -> "ok"
                }
                sb.append("<tr").append(cls).append("><td>").append(htmlEscape("${c.model}/${c.engine}/${c.approach}")).append("</td><td>")
                    .append(
                        if (c.claimsStreaming) "streams" else "buffered",
                    ).append("</td><td class=\"verdict-").append(htmlEscape(c.verdict)).append("\">").append(htmlEscape(c.verdict))
                    .append(
                        "</td><td>",
                    ).append(if (c.bodyOk) "ok" else "<span class=bad>wrong</span>").append("</td><td class=n>").append(Fmt.ms(c.ttfbMs))
                    .append("</td><td class=n>").append(Fmt.ms(c.firstItemMs)).append("</td><td class=n>").append(Fmt.ms(c.lastByteMs))
                    .append("</td><td class=n>").append(c.chunks).append("</td><td class=n>").append(c.bytes).append("</td><td>")
                    .append(timelineSvg(c, span)).append("</td><td>").append(status).append("</td></tr>\n")
            }
            sb.append("</table>\n")
        }
    }

    companion object {
        /** The element of [framework]'s verification chart. */
        fun chartId(framework: String) = "verification-$framework"

        /** The section's order: frameworks, models, approaches and engines as the project lists them. */
        fun sorted(checks: List<RouteCheck>): List<RouteCheck> = checks.sortedWith(
            compareBy(
                { orderOf(Frameworks.names, it.framework) },
                { it.framework },
                { orderOf(RunData.MODELS, it.model) },
                { it.model },
                { orderOf(APPROACHES, it.approach) },
                { it.approach },
                { orderOf(ENGINES, it.engine) },
                { it.engine },
            ),
        )

        /** A check's chunk timeline (`t_ms:bytes;...`) as (ms, bytes) pairs. */
        fun chunks(s: String): List<Pair<Double, Int>> = s.split(';').mapNotNull { part ->
            val i = part.indexOf(':')
            if (i <= 0) return@mapNotNull null
            part.substring(0, i).trim().toDoubleOrNull()?.let { t -> part.substring(i + 1).trim().toIntOrNull()?.let { t to it } }
        }
    }

    /** A small inline SVG: cumulative bytes (step line) over [span] ms, a dot per chunk, the first item as a green tick. */
    private fun timelineSvg(c: RouteCheck, span: Double): String {
        val chunks = chunks(c.timeline).sortedBy { it.first }
        val w = 220.0
        val h = 28.0
        if (chunks.isEmpty()) return "<span class=note>no timeline</span>"
        val total = chunks.sumOf { it.second }.coerceAtLeast(1)
        fun x(t: Double) = 2 + (t / span).coerceIn(0.0, 1.0) * (w - 4)
        fun y(b: Int) = h - 2 - b.toDouble() / total * (h - 4)
        val path = StringBuilder("M${Fmt.fixed(x(0.0), 1, Fmt.NAN)},${Fmt.fixed(y(0), 1, Fmt.NAN)}")
        var cum = 0
        val dots = StringBuilder()
        for ((t, b) in chunks) {
            path.append(" L${Fmt.fixed(x(t), 1, Fmt.NAN)},${Fmt.fixed(y(cum), 1, Fmt.NAN)}")
            cum += b
            path.append(" L${Fmt.fixed(x(t), 1, Fmt.NAN)},${Fmt.fixed(y(cum), 1, Fmt.NAN)}")
            dots.append(
                "<circle cx=\"${Fmt.fixed(x(t), 1, Fmt.NAN)}\" cy=\"${Fmt.fixed(y(cum), 1, Fmt.NAN)}\" r=\"1.6\" fill=\"#1f77b4\"/>",
            )
        }
        val first = if (c.firstItemMs.isFinite() && c.firstItemMs > 0) {
            "<line x1=\"${Fmt.fixed(x(c.firstItemMs), 1, Fmt.NAN)}\" x2=\"${Fmt.fixed(x(c.firstItemMs), 1, Fmt.NAN)}\" y1=\"0\" " +
                "y2=\"$h\" stroke=\"#2ca02c\" stroke-width=\"1\"/>"
        } else {
            ""
        }
        return "<svg width=\"${w.toInt()}\" height=\"${h.toInt()}\" viewBox=\"0 0 $w $h\" " +
            "role=\"img\"><title>${htmlEscape(c.route)}: ${chunks.size} chunks, last byte ${Fmt.ms(c.lastByteMs)} ms</title>" +
            "<rect x=\"0\" y=\"0\" width=\"$w\" height=\"$h\" fill=\"#fafafa\" stroke=\"#ddd\"/>$first<path d=\"$path\" fill=\"none\" " +
            "stroke=\"#1f77b4\" stroke-width=\"1.2\"/>$dots</svg>"
    }
}
