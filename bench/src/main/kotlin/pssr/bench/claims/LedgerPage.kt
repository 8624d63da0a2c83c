package pssr.bench.claims

import pssr.bench.markup.htmlEscape
import pssr.bench.markup.pageHead
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/**
 * The ledger drawn (docs/CLAIMS.md, "claims.json and claims.html"): claims.json holds every claim's verdict and the figures its
 * words read ([Reading]: our estimate and interval, the region where the word holds) under both setups; claims.html draws it
 * in the browser from that data, one row per claim grouped by paper and section, the holding region as a band and our
 * interval as a whisker on one log-ratio axis, the verdict as colour, each row linked to the report rows it rests on.
 * claims.js draws the rows as small SVG strips (a forest plot, which uPlot's series charts do not draw).
 */
object LedgerPage {
    /** claims.json: one object per claim, in the ledger's order. [evidence]: each claim's links to what it was judged on. */
    fun json(ledger: Ledger, evidence: Map<String, List<String>> = emptyMap()): String = Jackson.write(
        ledger.entries.map { (c, j) ->
            val s = ledger.setups[c.id]
            linkedMapOf(
                "id" to c.id, "seed" to c.seed, "section" to c.section, "kind" to c.kind.word, "claim" to c.text, "paper" to c.paper,
                "verdict" to j.verdict.word, "ours" to j.ours, "cause" to j.cause, "readings" to j.readings.map(::reading),
                "paperSetup" to s?.paper?.let { p ->
                    linkedMapOf("setup" to s.setup, "verdict" to p.verdict.word, "ours" to p.ours, "readings" to p.readings.map(::reading))
                },
                "evidence" to evidence[c.id].orEmpty(),
            )
        },
    ).replace("<", "\\u003c")

    private fun reading(r: Reading) = linkedMapOf(
        "label" to r.label,
        "value" to finite(r.value),
        "low" to finite(r.low),
        "high" to finite(r.high),
        "holdsFrom" to finite(r.holdsFrom),
        "holdsTo" to finite(r.holdsTo),
        "verdict" to r.verdict.word,
    )

    // JSON has no infinity: an open end of a region is null
    private fun finite(x: Double): Double? = x.takeIf { it.isFinite() }

    /** The drawing's element, data and script, for a page of its own or report.html's claims section. */
    fun fragment(ledger: Ledger, evidence: Map<String, List<String>> = emptyMap()): String = buildString {
        append("<div id=\"claims-ledger\" class=ledger></div>\n")
        append("<script type=\"application/json\" id=\"claims-data\">").append(json(ledger, evidence)).append("</script>\n")
        append("<style>").append(CSS).append("</style>\n<script>").append(CLAIMS_JS).append("</script>\n")
    }

    /** claims.html: the counts, the drawing, self-contained. */
    fun html(ledger: Ledger, evidence: Map<String, List<String>> = emptyMap()): String = buildString {
        append(pageHead("pssr-bench: the seeds' claims, judged"))
        append("<h1>The seeds' claims, judged</h1>\n<p class=meta>").append(htmlEscape(ledger.counts())).append(".")
        ledger.paperCounts().takeIf { it.isNotEmpty() }?.let { append(" ").append(htmlEscape(it)).append(".") }
        ledger.roundsNote.takeIf { it.isNotEmpty() }?.let { append(" ").append(htmlEscape(it)) }
        append("</p>\n<p class=note>").append(htmlEscape(LEGEND)).append("</p>\n")
        append(fragment(ledger, evidence))
        append("</body></html>\n")
    }

    /** Writes claims.json and claims.html into [dir], with each claim's evidence linked from [folders] ([evidenceLinks]). */
    fun write(dir: Path, ledger: Ledger, folders: List<Path>) {
        val links = evidenceLinks(dir, ledger, folders)
        Files.writeString(dir.resolve("claims.json"), json(ledger, links) + "\n")
        Files.writeString(dir.resolve("claims.html"), html(ledger, links))
    }

    /**
     * Each claim's evidence: the report.html of every folder that holds rows of the routes its judgement read ([Claim.traced]),
     * at the claim's row there (`#claim-ID`), relative to [dir]; a folder's report for claims read from its verification or
     * browser figures.
     */
    fun evidenceLinks(dir: Path, ledger: Ledger, folders: List<Path>): Map<String, List<String>> {
        val read = folders.map(JudgedFolder::read)
        val e = Evidence.of(read)
        return ledger.entries.associate { (c, j) ->
            if (j.verdict == Verdict.NOT_MEASURED) return@associate c.id to emptyList()
            val trace = c.traced(e).second
            val holding = read.filter { f ->
                f.rows.any { r ->
                    trace.routes.any {
                        it.framework == r.frameworkLabel && it.model == r.model && it.approach == r.approach && it.users == r.users &&
                            (it.engine == null || it.engine == r.engine)
                    }
                } || ("browser" in trace.parts && f.browser.isNotEmpty()) || (trace.routes.isEmpty() && f.checks.isNotEmpty())
            }
            c.id to holding.map { f ->
                val rel = runCatching { dir.toAbsolutePath().relativize(f.dir.toAbsolutePath().resolve("report.html")) }.getOrNull()
                "${rel ?: f.dir.resolve("report.html")}#claim-${c.id}"
            }
        }
    }

    const val LEGEND = "Each row is a claim: its band (green) is where the paper's words hold on the ratio axis (log scale; the words " +
        "are docs/CLAIMS.md's), the whisker our 95% interval, the dot our estimate; a hollow dot and dashed whisker, the same " +
        "figure under the paper's setup. Colour: holds green, refuted red, inconclusive amber, floor-, pool- or driver-bound grey. " +
        "A claim with several figures draws one strip for each. Its link opens the report rows it was judged on."

    private const val CSS = ".ledger h3{margin:22px 0 4px}.ledger .row{display:grid;grid-template-columns:110px minmax(0,1fr) 340px;" +
        "gap:8px;align-items:center;border-bottom:1px solid #eee;padding:3px 0;font-size:13px}.ledger .v{font-weight:bold;" +
        "padding:1px 6px;border-radius:3px;color:#fff;text-align:center}.ledger .holds{background:#2e7d32}.ledger .refuted{" +
        "background:#c62828}.ledger .inconclusive{background:#b26a00}.ledger .bound{background:#757575}.ledger .none{background:#bbb}" +
        ".ledger svg{display:block;max-width:100%}.ledger .txt{overflow-wrap:anywhere}.ledger .id{color:#666;font-size:11px}"

    val CLAIMS_JS: String by lazy {
        (
            LedgerPage::class.java.classLoader.getResourceAsStream(
                "pssr/bench/claims/claims.js",
            ) ?: error("claims.js is not on the classpath")
            )
            .use { String(it.readAllBytes(), Charsets.UTF_8) }
            .also { check(!it.contains("</script", ignoreCase = true)) { "claims.js would end its <script> element early" } }
    }
}
