package pssr.bench.report

import java.nio.file.Files
import pssr.bench.claims.Evidence
import pssr.bench.claims.Ledger
import pssr.bench.claims.Verdict

/**
 * "The seeds' claims": every claim this run's rows (and its `browser/` folder, if any) can judge, with its verdict, the
 * paper's figure and ours; the rest are counted as not measured, with the command that judges folders together.
 */
internal class ClaimsSection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    fun write() {
        val ledger = ledger(d) ?: return
        sb.append("<h2 id=\"claims\">The seeds' claims</h2>\n<p class=note>").append(htmlEscape(ledger.counts()))
            .append(" from this run's rows (definitions: docs/CLAIMS.md). <code>./pssr claims DIR...</code> judges several runs together; ")
            .append("<code>./pssr reproduce</code> measures every claim.</p>\n")
        val judged = ledger.entries.filter { it.second.verdict != Verdict.NOT_MEASURED }
        if (judged.isEmpty()) return
        htmlTable(listOf("verdict", "claim", "seed", "kind", "paper", "ours", "measured cause"),
            judged.map { (c, j) -> listOf(j.verdict.word, c.text, "${c.seed} ${c.section}", c.kind.word, c.paper, j.ours + (if (j.ratio.isNotEmpty()) "; ${j.ratio}" else ""), j.cause) })
    }

    companion object {
        /** The ledger of [d]'s folder (with its browser/ subfolder), or null when the run has no rows to judge. */
        fun ledger(d: RunData): Ledger? {
            // Evidence.load reads <run>/browser/summary.csv too (./pssr browser --out <run>/browser)
            if (!Files.isRegularFile(d.run.results) && !Files.isRegularFile(d.run.dir.resolve("browser").resolve("summary.csv"))) return null
            return Ledger.judge(Evidence.load(listOf(d.run.dir)))
        }
    }
}
