package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.markup.htmlEscape
import pssr.bench.results.RunDirectory
import java.nio.file.Files
import java.nio.file.Path

/**
 * `./pssr browser --out results/<run>/browser` puts the browser results inside a benchmark run: the run's
 * report.html then has a section "What the user sees" (the FCP/LCP/score medians, PSSR off beside on, and a
 * link to browser/browser.html with the filmstrips), so a user has one page to read.
 */
object BrowserSection {
    const val FOLDER = "browser"
    const val ANCHOR = "browser"

    /** The table of contents' link to the section, or "" when the run has no browser results. */
    fun tocLink(runDir: Path): String =
        if (Files.isRegularFile(runDir.resolve(FOLDER).resolve("summary.csv"))) "<a href=\"#$ANCHOR\">What the user sees</a>" else ""

    /** The section for the run in [runDir], or null when it has no browser results (browser/summary.csv). */
    fun html(runDir: Path): String? {
        val dir = runDir.resolve(FOLDER)
        val csv = dir.resolve("summary.csv")
        if (!Files.isRegularFile(csv)) return null
        val rows = try {
            CsvFile.read(csv)
        } catch (e: Exception) {
            return null
        }
        if (rows.isEmpty()) return null
        fun esc(s: String) = htmlEscape(s)
        fun sec(ms: String?) = ms?.toDoubleOrNull()?.let { Fmt.fixed(it / 1000, 2, Fmt.NAN) + " s" } ?: "-"
        return buildString {
            append("<h2 id=\"$ANCHOR\">What the user sees (<code>./pssr browser</code>)</h2>\n")
            append("<p class=note>Lighthouse in headless Chromium on seed 002's demo pages, PSSR off beside on; medians of ")
            append(
                esc(
                    rows.mapNotNull {
                        it["runs"]
                    }.distinct().joinToString("/"),
                ),
            ).append(" run(s). provided = no throttling (what was observed); ")
            append("simulate = Lighthouse's default simulated slow-4G phone. Every run, the filmstrips and seed 002's Table 1: ")
            append("<a href=\"$FOLDER/browser.html\">$FOLDER/browser.html</a> (raw JSON in <code>$FOLDER/lighthouse/</code>).</p>\n")
            append(
                "<table><tr><th>page</th><th>rendering</th><th>throttling</th><th>FCP off</th><th>FCP on</th><th>LCP off</th><th>LCP " +
                    "on</th><th>score off</th><th>score on</th></tr>\n",
            )
            val byKey = rows.associateBy { listOf(it["page"], it["rendering"], it["throttling"], it["pssr"]) }
            for (k in rows.map { listOf(it["page"], it["rendering"], it["throttling"]) }.distinct()) {
                val off = byKey[k + "off"]
                val on = byKey[k + "on"]
                append("<tr>").append(k.joinToString("") { "<td>${esc(it ?: "")}</td>" })
                for (cell in listOf(
                    sec(off?.get("fcp_ms")),
                    sec(on?.get("fcp_ms")),
                    sec(off?.get("lcp_ms")),
                    sec(on?.get("lcp_ms")),
                    off?.get("score") ?: "-",
                    on?.get("score") ?: "-",
                )) {
                    append("<td class=n>").append(esc(cell)).append("</td>")
                }
                append("</tr>\n")
            }
            append("</table>\n")
        }
    }

    /** After `./pssr browser --out <run>/browser`: re-renders that run's report.html with the section; null if [browserDir] is not in a
     * run. */
    fun rerenderRunReport(browserDir: Path): Path? {
        val runDir = browserDir.parent ?: return null
        if (browserDir.fileName?.toString() != FOLDER) return null
        val run = RunDirectory(runDir)
        if (!Files.exists(run.results) && !Files.exists(run.verification) && !Files.exists(run.failuresFile)) return null
        return try {
            Report.write(run)
        } catch (e: Exception) {
            System.err.println("pssr browser: could not re-render ${run.report}: ${e.message}")
            null
        }
    }
}
