package pssr.bench

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import pssr.bench.browser.BrowserCase
import pssr.bench.browser.BrowserHtml
import pssr.bench.browser.BrowserSummary
import pssr.bench.browser.Lighthouse
import pssr.bench.browser.LighthouseRun
import pssr.bench.claims.Ledger
import pssr.bench.project.Workloads
import pssr.bench.report.Report
import pssr.bench.results.RunDirectory
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.nio.file.Files
import java.nio.file.Path
import java.util.Locale

/**
 * The files `claims`, `report` and `browser` write are the same bytes whatever the machine's locale: written under
 * Locale.ROOT and again under a comma locale (German: 1.166,5 where the root locale writes 1,166.5), they are compared
 * whole, only the "generated at" timestamps masked.
 */
class CommaLocaleTest {
    @TempDir lateinit var tmp: Path

    /** A pages run with a browser folder inside (the report's browser section), seed 003's and 004's rows, a browser run. */
    private fun fixtures(): List<Path> {
        val pages = tmp.resolve("pages")
        SyntheticRun.write(pages, users = listOf(1, 4, 32, 128), repetitions = 2, engines = listOf("baseline", "htmlflow", "thymeleaf"))
        val browser = tmp.resolve("pages/browser")
        browserSummary(browser).writeCsv()
        val workloads = RunDirectory(tmp.resolve("workloads"))
        Files.createDirectories(workloads.dir)
        Files.writeString(workloads.environment, """{"resultsFormat": 1, "cores": 2, "options": {}}""")
        for ((approach, ms) in listOf("platform" to 1166.25, "virtual" to 319.5)) {
            workloads.append(
                resultRow("mvc", "students-app", "jdbc", approach, 2000, latencyMs = ms, throughput = 1234.5, errors = 17, rssMb = 1234.5)
                    .copy(workload = Workloads.STUDENTS, config = "tomcatMaxThreads=200", batches = 10, latencyMeanSeMs = 12.5),
            )
        }
        for ((engine, fw) in listOf("mvc" to "mvc", "webflux" to "webflux")) {
            workloads.append(
                resultRow(fw, "products", engine, "virtual", 1000, throughput = 2345.5, latencyMs = 1234.5, serverCpuUs = 1500.5)
                    .copy(workload = Workloads.PRODUCTS, config = "rows=1000"),
            )
            workloads.append(
                resultRow(fw, "forward", engine, "virtual", 1000, throughput = 1345.5, latencyMs = 2345.5, itemDelayMs = 100)
                    .copy(workload = Workloads.FORWARD, config = "clientPool=5"),
            )
        }
        return listOf(pages, workloads.dir, browser)
    }

    private fun browserSummary(dir: Path): BrowserSummary {
        Files.createDirectories(dir)
        val runs = DemoPage.all.flatMap { page ->
            listOf(false, true).flatMap { on ->
                (1..3).map { run ->
                    val ms = if (on) 1234.5 + 10 * run else 3456.5 + 10 * run
                    LighthouseRun(
                        BrowserCase(
                            page,
                            DemoRendering.entries.first(),
                            on,
                        ),
                        run, "simulate", dir.resolve("lighthouse/${page.id}-$on-$run.json"),
                        88.5, ms, ms + 100, ms * 1.25, 12.5, ms, emptyList(),
                    )
                }
            }
        }
        return BrowserSummary(runs, dir)
    }

    /** Every file the three commands write, by name, written now in the default locale. */
    private fun written(folders: List<Path>): Map<String, String> {
        val (pages, workloads, browser) = folders
        Ledger.write(folders, tmp.resolve("claims"))
        Report.write(RunDirectory(pages))
        Report.write(RunDirectory(workloads))
        val summary = browserSummary(browser)
        summary.writeCsv()
        Files.writeString(browser.resolve("table.txt"), summary.table())
        BrowserHtml.write(browser.resolve("browser.html"), summary, emptyList(), Lighthouse(tmp, tmp, "12.8.2", "v22.1.0", "Chromium 140"))
        val files = listOf("claims/claims.md", "claims/claims.csv", "pages/report.html", "pages/summary.md", "workloads/report.html") +
            listOf("workloads/summary.md", "pages/browser/runs.csv", "pages/browser/summary.csv", "pages/browser/table.txt") +
            "pages/browser/browser.html"
        return files.associateWith { masked(Files.readString(tmp.resolve(it))) }
    }

    private fun masked(text: String) = text
        .replace(Regex("""Generated \d{4}-\d\d-\d\dT[0-9:.+\-Z]+"""), "Generated <now>")
        .replace(Regex("""Judged \d{4}-\d\d-\d\d \d\d:\d\d"""), "Judged <now>")

    private fun <T> inLocale(locale: Locale, block: () -> T): T {
        val old = Locale.getDefault()
        Locale.setDefault(locale)
        try {
            return block()
        } finally {
            Locale.setDefault(old)
        }
    }

    @Test
    fun `claims, report and browser write the same bytes under a comma locale as under the root locale`() {
        val folders = fixtures()
        val root = inLocale(Locale.ROOT) { written(folders) }
        val comma = inLocale(Locale.GERMANY) {
            assertEquals("1.166,5", "%,.1f".format(1166.5), "the JVM formats in German here")
            written(folders)
        }
        // each file's first differing line, so a failure names every writer that follows the locale
        val differing = root.mapNotNull { (file, text) ->
            val other = comma.getValue(file)
            val line = text.lines().zip(other.lines()).indexOfFirst { (a, b) -> a != b }
            if (line >= 0) "$file:${line + 1}: ${text.lines()[line]}\n  became: ${other.lines()[line]}" else null
        }
        assertEquals(emptyList<String>(), differing)
        assertEquals(root, comma)
    }
}
