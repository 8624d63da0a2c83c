package pssr.bench.report

import pssr.bench.csv.DamagedFolder
import pssr.bench.csv.WriteFailed
import pssr.bench.markup.Table
import pssr.bench.measure.TimelinePoint
import pssr.bench.paper.PaperFigures
import pssr.bench.project.Frameworks
import pssr.bench.project.Workloads
import pssr.bench.results.Environment
import pssr.bench.results.EnvironmentTable
import pssr.bench.results.Failure
import pssr.bench.results.FolderContents
import pssr.bench.results.ProfileRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RouteCheck
import pssr.bench.results.RunDirectory
import pssr.bench.stats.RouteLevel
import pssr.probe.Jackson
import java.nio.file.Files
import java.nio.file.Path

/** Seed 000's figures, the one table the claims read too; named here for the report's sections (a type needs the import). */

/**
 * Turns a run directory into `report.html` (self-contained: CSS, the run's data and the charting script inline, the charts
 * drawn by the browser; docs/REPORT.md) and
 * `summary.md` (the headline tables). Works from whatever is there: some levels, one repetition, only
 * verification, a framework that failed — less data gives a shorter report, never an exception.
 */
object Report {
    /** Writes report.html and summary.md into [run]'s directory; returns the report's path. */
    fun write(run: RunDirectory): Path = write(RunData.load(run))

    /**
     * Writes [data]'s report.html, summary.md and answer.md (where pages were loaded) into its run's directory, from the files
     * [RunData.load] read once.
     */
    fun write(data: RunData): Path {
        val run = data.run
        WriteFailed.guard(run.report) {
            Files.createDirectories(run.dir)
            Files.writeString(run.report, ReportHtml(data).render())
        }
        WriteFailed.guard(run.summary) {
            Files.writeString(run.summary, SummaryTables.markdown(data) + openModelMarkdown(data) + WorkloadSections.sectionsMarkdown(data))
        }
        if (data.panels.isNotEmpty()) WriteFailed.guard(run.answer) { Files.writeString(run.answer, AnswerMarkdown.of(data)) }
        return run.report
    }

    private fun openModelMarkdown(d: RunData): String {
        if (d.openRows.isEmpty()) return ""
        val limit = OpenModelSection.limitOf(d)
        val t = OpenModelSection.table(d.openRows, limit, d.rows)
        return "\n## Open model: highest rate held\n\n${OpenModelSection.note(limit)}\n\n" + Table(t.first, t.second).markdown()
    }
}

/** Everything read from a run directory, with the per-level summaries the report and summary share. */
class RunData(
    val run: RunDirectory,
    /** The closed-loop rows of the pages workload (every section but the open model's reads these). */
    allRows: List<ResultRow>,
    val checks: List<RouteCheck>,
    /** failures.csv: servers that did not start, routes whose server died (nothing else records them). */
    val failures: List<Failure>,
    /** environment.json flattened to key/values, or null when missing or unparsable (then [environmentRaw]). */
    val environment: List<Pair<String, String>>?,
    val environmentRaw: String?,
    /** Files that could not be read, one sentence each (shown at the top of the report). */
    val problems: List<String>,
    /** profiles.csv (`run --profile`): the top frames of each route's CPU and allocation profiles. */
    val profiles: List<ProfileRow> = emptyList(),
    /** timeline.csv: each level's resource readings over its measured window, by row key. */
    val timeline: Map<String, List<TimelinePoint>> = emptyMap(),
    /** results.csv as read, every workload's rows (the workloads' sections, their console lines and the claims read these). */
    val everyRow: List<ResultRow> = allRows,
    /** histograms.csv: each level's latency distribution, by row key (the explorer's percentile curves). */
    val latency: Map<String, org.HdrHistogram.Histogram> = emptyMap(),
) {
    val rows: List<ResultRow> = allRows.filter { !it.open }

    /** `run --rate`: the open-model rows ([OpenModelSection]). */
    val openRows: List<ResultRow> = allRows.filter { it.open }
    val name: String get() = run.dir.toAbsolutePath().normalize().fileName?.toString() ?: run.dir.toString()
    val levels: List<RouteLevel> = RouteLevel.of(rows)
    val vsBaseline: Map<RouteLevel, Double> = RouteLevel.vsBaseline(levels)
    val repetitions: Int = rows.maxOfOrNull { it.repetition } ?: 0
    val panels: List<ReportPanel> = levels.groupBy { it.framework to it.model }
        .map { (k, ls) -> ReportPanel(k.first, k.second, ls) }
        .sortedWith(compareBy({ orderOf(Frameworks.names, it.framework) }, { it.framework }, { orderOf(MODELS, it.model) }, { it.model }))
    val isEmpty: Boolean get() = rows.isEmpty() && openRows.isEmpty() && checks.isEmpty() && failures.isEmpty()

    /** The seeds' claims judged on this folder (report.html's section, the end-of-run count), once; null when nothing to judge. */
    internal val claims: List<ExplorerData.TracedClaim>? by lazy { ClaimsSection.traced(this) }

    /** The answer's panels (answer.md, the report's headline, the console's lines), once. */
    val answers: List<AnswerPanel> by lazy { AnswerTable.of(this) }

    /** Each panel's peaks and the regime of its levels (the report's folded headline, the ranking's regime lines), once. */
    val capacities: List<Capacity> by lazy { Capacity.of(this) }

    /** Many users on slow data: each long-page route's concurrent streams held and memory per stream ([StreamCapacity]). */
    val streamCapacities: List<StreamCapacity> by lazy { StreamCapacity.of(rows) }

    companion object {
        val MODELS = listOf("presentations", "stocks")

        /** [run]'s files, each read once; [checked]: what a [pssr.bench.results.FolderCheck] already read of them (not read again). */
        fun load(run: RunDirectory, checked: FolderContents? = null): RunData {
            val problems = ArrayList<String>()

            // a damaged file is named, never rendered around (DamagedFolder, exit 2); anything else is shown at the top
            fun <T> read(what: String, f: () -> List<T>): List<T> = try {
                f()
            } catch (e: DamagedFolder) {
                throw e
            } catch (e: Exception) {
                problems += "could not read $what: ${e.message ?: e.javaClass.simpleName}"
                emptyList()
            }
            // the page sections read the pages workload; every other workload renders its own section (Workloads)
            val everyRow = checked?.rows ?: read("results.csv") { run.rows() }
            val checks = checked?.checks ?: read("verification.csv") { run.checks() }
            val failures = checked?.failures ?: read("failures.csv") { run.failures() }
            var env: List<Pair<String, String>>? = null
            var raw: String? = null
            Environment.read(run.environment)?.let {
                raw = Files.readString(run.environment)
                env = EnvironmentTable.flatten(it)
            }
            val profiles = checked?.profiles ?: read("profiles.csv") { run.profiles() }
            val timeline = checked?.timeline ?: try {
                run.timeline()
            } catch (e: DamagedFolder) {
                throw e
            } catch (e: Exception) {
                problems += "could not read timeline.csv: ${e.message}"
                emptyMap()
            }
            val latency = checked?.histograms ?: read("histograms.csv") { run.histograms().toList() }.toMap()
            return RunData(
                run, everyRow.filter { it.workload == Workloads.PAGES }, checks, failures, env, raw, problems, profiles,
                timeline, everyRow, latency,
            )
        }
    }
}
