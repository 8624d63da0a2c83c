package pssr.bench.report

import pssr.bench.claims.Claims
import pssr.bench.claims.Evidence
import pssr.bench.claims.JudgedFolder
import pssr.bench.claims.Ledger
import pssr.bench.claims.LedgerPage
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import java.nio.file.Files

/**
 * "The seeds' claims": every claim this run's rows (and its `browser/` folder, if any) can judge, with its verdict, the
 * paper's figure and ours, and a link to its evidence: the explorer's chart of the routes and levels its judgement read
 * (ringed, with their rows), their sections, or the verification, browser or workload section it rests on. The rest are
 * counted as not measured, with the command that judges folders together.
 */
internal class ClaimsSection(private val d: RunData, sb: StringBuilder, private val claims: List<ExplorerData.TracedClaim>?) :
    HtmlSection(sb) {
    fun write() {
        val claims = claims ?: return
        val ledger = Ledger(claims.map { it.claim to it.judgement })
        sb.append("<h2 id=\"$ANCHOR\">The seeds' claims</h2>\n<p class=note>").append(htmlEscape(ledger.counts()))
            .append(" from this run's rows (definitions: docs/CLAIMS.md). <code>./pssr claims DIR...</code> judges several runs together; ")
            .append(
                "<code>./pssr reproduce</code> measures every claim. Each claim's evidence link opens the chart and the rows it was " +
                    "judged on.</p>\n",
            )
        val judged = claims.filter { it.judged }
        if (judged.isEmpty()) return
        // the ledger drawn (LedgerPage): each judged claim's band and interval, linked to its row below
        val drawn = Ledger(judged.map { it.claim to it.judgement })
        sb.append("<p class=note>").append(htmlEscape(LedgerPage.LEGEND)).append("</p>\n")
        sb.append(LedgerPage.fragment(drawn, judged.associate { it.claim.id to listOf("#claim-${it.claim.id}") }))
        sb.append("<table><tr>")
        for (h in listOf("verdict", "claim", "seed", "kind", "paper", "ours", "measured cause", "evidence")) {
            sb.append("<th>").append(h).append("</th>")
        }
        sb.append("</tr>\n")
        for (t in judged) {
            val (c, j) = t.claim to t.judgement
            sb.append("<tr id=\"claim-").append(htmlEscape(c.id)).append("\">")
            for (v in listOf(
                j.verdict.word,
                c.text,
                "${c.seed} ${c.section}",
                c.kind.word,
                c.paper,
                j.ours + (if (j.ratio.isNotEmpty()) "; ${j.ratio}" else ""),
                j.cause,
            )) {
                sb.append("<td>").append(htmlEscape(v)).append("</td>")
            }
            sb.append("<td>").append(evidence(t)).append("</td></tr>\n")
        }
        sb.append("</table>\n")
    }

    /** Links to what [t] was judged on: the explorer's view of its routes and levels and their sections, and any other section it read. */
    private fun evidence(t: ExplorerData.TracedClaim): String {
        val panels = d.panels.map { it.id }.toSet()
        val measured = t.trace.routes.filter { "${it.framework}-${it.model}" in panels }
        val links = ArrayList<String>()
        if (measured.isNotEmpty()) {
            links += "<a class=evidence href=\"#explore?claim=${htmlEscape(t.claim.id)}\">chart and rows</a>"
            for (id in measured.map { "${it.framework}-${it.model}" }.distinct()) {
                links +=
                    "<a href=\"#${htmlEscape(id)}\">${htmlEscape(id.replace("-", " · "))}</a>"
            }
        }
        for (part in t.trace.parts) {
            links += when (part) {
                "verification" -> "<a href=\"#verification\">verification</a>"
                "browser" -> "<a href=\"#${BrowserSection.ANCHOR}\">browser</a>"
                else -> "<a href=\"#workload-${htmlEscape(part)}\">workload: ${htmlEscape(part)}</a>"
            }
        }
        return links.joinToString(" · ")
    }

    companion object {
        const val ANCHOR = "claims"

        /** The ledger of [d]'s folder (with its browser/ subfolder), or null when the run has no rows to judge. */
        fun ledger(d: RunData): Ledger? = d.claims?.let { ts -> Ledger(ts.map { it.claim to it.judgement }) }

        /** Every claim judged on [d]'s folder (its rows as read), with what its judgement read; null when the run has no rows to judge. */
        internal fun traced(d: RunData): List<ExplorerData.TracedClaim>? {
            // the folder's evidence reads <run>/browser/summary.csv too (./pssr browser --out <run>/browser)
            if (!Files.isRegularFile(d.run.results) && !Files.isRegularFile(d.run.dir.resolve("browser").resolve("summary.csv"))) {
                return null
            }
            val evidence = Evidence.of(listOf(JudgedFolder.read(d.run.dir, d.everyRow)))
            return Claims.all.map { c -> c.traced(evidence).let { (j, trace) -> ExplorerData.TracedClaim(c, j, trace) } }
        }
    }
}
