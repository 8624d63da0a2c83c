package pssr.bench.run

import pssr.bench.UsageError
import pssr.bench.api.ApiReport
import pssr.bench.report.Report
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.students.StudentsReport

/**
 * The workload axis: what a run loads. `pages` is the PSSR matrix (models x engines x approaches); the others
 * are APIs from the seed papers. A workload is a name, a line of description and its report section; adding
 * one adds an entry here and its own package, not a branch in every command.
 */
class Workload(val name: String, val description: String, val html: (RunDirectory, List<ResultRow>) -> String?, val markdown: (RunDirectory, List<ResultRow>) -> String?)

object Workloads {
    const val PAGES = "pages"
    const val STUDENTS = "students"
    const val PRODUCTS = "products"
    const val FORWARD = "forward"

    val all = listOf(
        // the pages' sections are the body of the report itself (Report.kt)
        Workload(PAGES, "PSSR pages: models x engines x approaches x frameworks, wrk by default", { _, _ -> null }, { _, _ -> null }),
        Workload(STUDENTS, "seed 003: GET /api/students from PostgreSQL, platform vs virtual threads, JDBC vs R2DBC, JMeter with ramp-up",
            StudentsReport::html, StudentsReport::markdown),
        Workload(PRODUCTS, "seed 004: GET /api/products, H2 + enrichment (compute-bound), Spring MVC (@Async executor, virtual threads) vs WebFlux (boundedElastic, event loop), JMeter",
            ApiReport.html(PRODUCTS), ApiReport.markdown(PRODUCTS)),
        Workload(FORWARD, "seed 004: GET /api/forward, POST to a downstream service (network-bound), RestClient (pooled) vs WebClient, JMeter",
            ApiReport.html(FORWARD), ApiReport.markdown(FORWARD)),
    )
    val names get() = all.map { it.name }

    /** `--workloads a,b`: known names, each once, in the order given; anything else is a [UsageError]. */
    fun parse(list: List<String>): List<Workload> {
        if (list.isEmpty()) throw UsageError("--workloads needs at least one of: ${names.joinToString(", ")}")
        return list.map { n -> all.firstOrNull { it.name == n } ?: throw UsageError("unknown workload '$n'; valid workloads: ${names.joinToString(", ")}") }.distinct()
    }

    private fun rowsOf(run: RunDirectory): Map<String, List<ResultRow>> = try { run.rows().groupBy { it.workload } } catch (e: Exception) { emptyMap() }

    fun sectionsHtml(run: RunDirectory): String { val rows = rowsOf(run); return all.mapNotNull { w -> rows[w.name]?.let { w.html(run, it) } }.joinToString("") }
    fun sectionsMarkdown(run: RunDirectory): String { val rows = rowsOf(run); return all.mapNotNull { w -> rows[w.name]?.let { w.markdown(run, it) } }.joinToString("") }
    fun tocLinks(run: RunDirectory): String = rowsOf(run).keys.filter { it != PAGES }.joinToString("") { "<a href=\"#workload-$it\">Workload: $it</a>" }
}
