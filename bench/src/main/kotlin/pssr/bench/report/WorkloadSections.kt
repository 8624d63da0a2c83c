package pssr.bench.report

import pssr.bench.api.ApiReport
import pssr.bench.project.Workloads
import pssr.bench.project.Workloads.FORWARD
import pssr.bench.project.Workloads.PAGES
import pssr.bench.project.Workloads.PRODUCTS
import pssr.bench.project.Workloads.STUDENTS
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.students.StudentsReport

/**
 * Each workload's section of report.html and summary.md, in the order of [Workloads.all]; the pages' sections are
 * the body of the report itself (Report.kt). Here, not in [Workloads], so that the workload axis (names, used
 * by every layer) does not depend on the report, which depends on everything below it.
 */
internal object WorkloadSections {
    private class Section(val html: (RunDirectory, List<ResultRow>) -> String?, val markdown: (RunDirectory, List<ResultRow>) -> String?)

    private val sections: Map<String, Section> = mapOf(
        PAGES to Section({ _, _ -> null }, { _, _ -> null }),
        STUDENTS to Section(StudentsReport::html, StudentsReport::markdown),
        PRODUCTS to Section(ApiReport.html(PRODUCTS), ApiReport.markdown(PRODUCTS)),
        FORWARD to Section(ApiReport.html(FORWARD), ApiReport.markdown(FORWARD)),
    )

    /** [d]'s rows by workload, as [RunData.load] read them (an unreadable results.csv: none, named at the report's top). */
    private fun rowsOf(d: RunData): Map<String, List<ResultRow>> = d.everyRow.groupBy { it.workload }

    fun sectionsHtml(d: RunData): String = rowsOf(d).let { rows ->
        Workloads.all.mapNotNull { w -> rows[w.name]?.let { sections.getValue(w.name).html(d.run, it) } }.joinToString("")
    }

    fun sectionsMarkdown(d: RunData): String = rowsOf(d).let { rows ->
        Workloads.all.mapNotNull { w -> rows[w.name]?.let { sections.getValue(w.name).markdown(d.run, it) } }.joinToString("")
    }

    fun tocLinks(d: RunData): String = rowsOf(d).keys.filter {
        it != PAGES
    }.joinToString("") { "<a href=\"#workload-$it\">Workload: $it</a>" }
}
