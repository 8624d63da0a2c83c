package pssr.bench

import org.knowm.xchart.style.markers.SeriesMarkers
import java.awt.Color
import java.nio.file.Files
import java.nio.file.Path
import java.time.ZonedDateTime
import java.time.format.DateTimeFormatter

/**
 * Turns a run directory into `report.html` (self-contained: CSS inline, charts as PNG data URIs) and
 * `summary.md` (the headline tables). Works from whatever is there: some levels, one repetition, only
 * verification, a framework that failed — less data gives a shorter report, never an exception.
 */
object Report {
    /** Writes report.html and summary.md into [run]'s directory; returns the report's path. */
    fun write(run: RunDirectory): Path {
        val data = RunData.load(run)
        Files.createDirectories(run.dir)
        Files.writeString(run.report, ReportHtml(data).render())
        Files.writeString(run.summary, SummaryTables.markdown(data) + Workloads.sectionsMarkdown(run))
        return run.report
    }
}

/** Everything read from a run directory, with the per-level summaries the report and summary share. */
class RunData(
    val run: RunDirectory,
    val rows: List<ResultRow>,
    val checks: List<RouteCheck>,
    /** failures.csv: servers that did not start, routes whose server died (nothing else records them). */
    val failures: List<Failure>,
    /** environment.json flattened to key/values, or null when missing or unparsable (then [environmentRaw]). */
    val environment: List<Pair<String, String>>?,
    val environmentRaw: String?,
    /** Files that could not be read, one sentence each (shown at the top of the report). */
    val problems: List<String>,
) {
    val name: String get() = run.dir.toAbsolutePath().normalize().fileName?.toString() ?: run.dir.toString()
    val levels: List<RouteLevel> = RouteLevel.of(rows)
    val vsBaseline: Map<RouteLevel, Double> = RouteLevel.vsBaseline(levels)
    val repetitions: Int = rows.maxOfOrNull { it.repetition } ?: 0
    val panels: List<ReportPanel> = levels.groupBy { it.framework to it.model }
        .map { (k, ls) -> ReportPanel(k.first, k.second, ls) }
        .sortedWith(compareBy({ orderOf(Frameworks.names, it.framework) }, { it.framework }, { orderOf(MODELS, it.model) }, { it.model }))
    val isEmpty: Boolean get() = rows.isEmpty() && checks.isEmpty() && failures.isEmpty()

    companion object {
        val MODELS = listOf("presentations", "stocks")

        fun load(run: RunDirectory): RunData {
            val problems = ArrayList<String>()
            fun <T> read(what: String, f: () -> List<T>): List<T> = try { f() } catch (e: Exception) {
                problems += "could not read $what: ${e.message ?: e.javaClass.simpleName}"; emptyList()
            }
            // the page sections read the pages workload; every other workload renders its own section (Workloads)
            val rows = read("results.csv") { run.rows() }.filter { it.workload == Workloads.PAGES }
            val checks = read("verification.csv") { run.checks() }
            val failures = read("failures.csv") { run.failures() }
            var env: List<Pair<String, String>>? = null
            var raw: String? = null
            if (Files.exists(run.environment)) {
                raw = Files.readString(run.environment)
                env = try { MiniJson.flatten(MiniJson.parse(raw)) } catch (e: Exception) {
                    problems += "environment.json is not valid JSON (${e.message}); shown verbatim"; null
                }
            }
            return RunData(run, rows, checks, failures, env, raw, problems)
        }
    }
}

internal fun orderOf(known: List<String>, name: String): Int = known.indexOf(name).let { if (it < 0) known.size else it }

/** Approaches in the order the report lists them (views' Approach enum order; unknown ones after). */
internal val APPROACHES = listOf("reactive", "suspending", "virtual", "blocking", "virtual-flush", "blocking-flush")
internal val ENGINES: List<String> by lazy { try { pssr.views.Engines.names } catch (e: Throwable) { emptyList() } }

/**
 * A line on a chart: at each users level, the levels it stands for (one route, or every engine of an
 * approach for an aggregate). Its value at a level is the mean of their medians.
 */
class ChartLine(val label: String, val byUsers: Map<Int, List<RouteLevel>>) {
    fun points(metric: (RouteLevel) -> Double): List<Pair<Int, Double>> =
        byUsers.toSortedMap().mapNotNull { (u, ls) -> ls.map(metric).filter { it.isFinite() }.takeIf { it.isNotEmpty() }?.let { u to it.average() } }
    fun driverBound(): Set<Int> = byUsers.filterValues { ls -> ls.any { it.driverBound } }.keys
    fun withErrors(): Set<Int> = byUsers.filterValues { ls -> ls.any { it.errors > 0 } }.keys
}

/** One framework x model: its levels and the lines the charts draw. */
class ReportPanel(val framework: String, val model: String, val levels: List<RouteLevel>) {
    val id: String get() = "$framework-$model"
    val users: List<Int> = levels.map { it.users }.distinct().sorted()
    val approaches: List<String> = levels.map { it.approach }.distinct().sortedWith(compareBy({ orderOf(APPROACHES, it) }, { it }))
    val routes: List<Pair<String, String>> = levels.map { it.engine to it.approach }.distinct()
        .sortedWith(compareBy({ orderOf(APPROACHES, it.second) }, { it.second }, { if (it.first == BASELINE) -1 else orderOf(ENGINES, it.first) }, { it.first }))
    val repetitions: Int = levels.maxOfOrNull { it.throughput.n } ?: 0

    fun route(engine: String, approach: String): ChartLine? {
        val ls = levels.filter { it.engine == engine && it.approach == approach }
        return if (ls.isEmpty()) null else ChartLine("$engine/$approach", ls.associate { it.users to listOf(it) })
    }

    fun engines(approach: String): List<String> =
        routes.filter { it.second == approach && it.first != BASELINE }.map { it.first }

    /** Mean over the (non-baseline) engines of [approach], as the paper's Blocking and Virtual lines. */
    fun aggregate(approach: String): ChartLine? {
        val ls = levels.filter { it.approach == approach && it.engine != BASELINE }
        if (ls.isEmpty()) return null
        val engines = ls.map { it.engine }.distinct()
        val label = if (engines.size == 1) "${engines[0]}/$approach" else "${approach.replaceFirstChar { it.uppercase() }} (mean of ${engines.size} engines)"
        return ChartLine(label, ls.groupBy { it.users })
    }

    /** The paper's chart: its separated routes, the aggregates of the iterable approaches, and this framework's baselines. */
    fun headlineLines(): List<Pair<ChartLine, String>> {
        val out = ArrayList<Pair<ChartLine, String>>()
        for ((e, a) in PaperFigures.separatedRoutes) route(e, a)?.let { out += it to "$e/$a" }
        for (a in approaches.filter { it in PaperFigures.aggregatedApproaches || it.endsWith("-flush") }) aggregate(a)?.let { out += it to "agg:$a" }
        return out.distinctBy { it.first.label }
    }

    fun baselines(): List<ChartLine> = approaches.mapNotNull { route(BASELINE, it) }

    /** users -> floor_rps (the latency floor of a closed loop), from the rows. */
    val floor: List<Pair<Int, Double>> = users.mapNotNull { u -> levels.firstOrNull { it.users == u && it.floorRps.isFinite() }?.let { u to it.floorRps } }

    /**
     * The floor drawn as a curve: it is linear in users, so on the log2 axis it bends; extra points at every
     * power of two between the measured levels keep the drawn line on it (one item count and delay per panel).
     */
    val floorCurve: List<Pair<Int, Double>> get() {
        val perUser = floor.map { it.second / it.first }.distinct()
        if (floor.isEmpty() || perUser.size != 1) return floor
        val lo = users.first(); val hi = users.last()
        val xs = (users + generateSequence(1) { it * 2 }.takeWhile { it <= hi }.filter { it >= lo }).distinct().sorted()
        return xs.map { it to it * perUser[0] }
    }
}

/** The series a figure of the paper belongs to, in [ReportPanel.headlineLines]' keys. */
private fun PaperFigures.Figure.key() = if (engine == null) "agg:$approach" else "$engine/$approach"

private class ReportHtml(val d: RunData) {
    private val sb = StringBuilder()

    fun render(): String {
        head()
        sb.append("<h1>pssr-bench report <small>").append(htmlEscape(d.name)).append("</small></h1>\n")
        sb.append("<p class=meta>Generated ").append(htmlEscape(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)))
            .append(" from <code>").append(htmlEscape(d.run.dir.toAbsolutePath().normalize().toString())).append("</code>: ")
            .append(d.rows.size).append(" result rows, ").append(d.checks.size).append(" verified routes, ")
            .append(d.repetitions).append(if (d.repetitions == 1) " repetition" else " repetitions").append(".</p>\n")
        for (p in d.problems) sb.append("<p class=bad>").append(htmlEscape(p)).append("</p>\n")
        toc()
        howToRead()
        headline()
        for (p in d.panels) panel(p)
        verification()
        BrowserSection.html(d.run.dir)?.let { sb.append(it) }   // ./pssr browser --out <run>/browser
        Workloads.sectionsHtml(d.run).let { sb.append(it) }       // students, ... (a section per workload)
        environment()
        sb.append("</body></html>\n")
        return sb.toString()
    }

    private fun head() {
        sb.append("""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>pssr-bench report ${htmlEscape(d.name)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:24px auto;max-width:1400px;padding:0 16px;color:#222;line-height:1.4}
h1 small{font-weight:normal;color:#666;font-size:60%}
h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:48px}
h3{margin-top:28px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}
th,td{border:1px solid #ddd;padding:3px 7px;vertical-align:middle}
th{background:#f4f4f4;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.contra td{background:#ffe3e3;color:#a00000}
tr.failed td{background:#fff1d6}
td.err{background:#ffd6d6;color:#a00000;font-weight:bold}
td.drv{background:#eef0ff}
.bad{color:#b00000;font-weight:bold}
.meta,.note{color:#555;font-size:14px}
.ci{color:#888;font-size:11px}
.flag{font-size:11px;color:#a00000}
.dflag{font-size:11px;color:#2030a0}
img.chart{max-width:100%;border:1px solid #eee;margin:6px 0}
details{margin:8px 0}
summary{cursor:pointer;font-weight:bold}
code{background:#f4f4f4;padding:0 3px}
nav a{margin-right:12px}
.verdict-streams{color:#006400;font-weight:bold}.verdict-buffered{color:#8a5a00;font-weight:bold}.verdict-malformed{color:#b00000;font-weight:bold}
</style></head><body>
""")
    }

    private fun toc() {
        sb.append("<nav>").append("<a href=\"#how\">How to read this</a><a href=\"#headline\">Headline</a>")
        for (p in d.panels) sb.append("<a href=\"#").append(p.id).append("\">").append(htmlEscape("${p.framework} · ${p.model}")).append("</a>")
        sb.append("<a href=\"#verification\">Verification</a>").append(BrowserSection.tocLink(d.run.dir)).append(Workloads.tocLinks(d.run)).append("<a href=\"#environment\">Environment</a></nav>\n")
    }

    private fun howToRead() {
        sb.append("""<h2 id="how">How to read this</h2>
<ul class=note>
<li><b>Throughput</b> (req/s) is correct responses (status 200, exactly the verified page) divided by the measured
window of a level; wrong answers, timeouts and connection errors are never throughput, they are the <b>error rate</b>.
Each level is a closed loop: <i>users</i> connections of the driver (wrk by default), each sending its next request as
soon as its answer arrived, over keep-alive; a warm-up window at the same users precedes the measured one.</li>
<li>Every number is the <b>median over the repetitions</b> of that route and level; <span class=ci>±x%</span> is the
half-width of the 95% confidence interval of the mean (Student t), relative to the mean. With one repetition there is
no interval: treat differences under ~10% as noise.</li>
<li><b>Blocking / Virtual (mean of n engines)</b> are the paper's aggregates: the mean over the template engines run
with that approach (the baseline excluded). The three routes drawn separately are the paper's.</li>
<li>The <b>latency floor</b> (dotted black) is users / (items × item delay): a page whose n items arrive 1 ms apart
cannot complete in under n ms, so a closed loop of c users cannot exceed that rate. <b>Efficiency vs floor</b> is
throughput / floor (100% = tracks the line). The p99 chart's floor is items × delay.</li>
<li>The <b>baseline</b> route renders precomputed fragments with the same item cadence and no template engine:
<b>efficiency vs baseline</b> = route / baseline of the same framework, model, approach and users is the share of the
framework's own ceiling an engine keeps.</li>
<li><b>CPU per request</b>: the server's and the driver's CPU time over the measured window (from /proc), divided
by the responses completed in it. A figure is the server's only when the driver's share is small: a level is
<b>driver-bound</b> (blue cell, square marker) when the driver used at least 90% of the cores it can use, or the
machine was at least 90% busy and the driver took at least a third of that CPU.
A level with <b>errors</b> has a red cell and a red cross on the charts.</li>
<li><b>First item</b> and <b>TTFB</b> under load come from the <b>side probe</b>: while the driver loads a route, one
more client requests it every 200 ms on its own connection and timestamps the first byte, the first item and the
last byte. For a streaming route the first item stays early as load grows; for a buffered one it arrives with the last byte.</li>
<li>Resources: server CPU in % of one core (200% = two cores), heap used peak, from /proc and JMX while the level ran.</li>
<li>Figures marked <b>${htmlEscape(PaperFigures.LABEL)}</b> come from the seed paper (JDK 21, GitHub Actions runner,
AMD EPYC 7763). They are not comparable in absolute terms with this machine: compare shapes and ratios between
routes <i>within one run</i>, and use <code>./pssr compare</code> to compare two runs on the same machine.</li>
<li>Verification ran before any load with a slow source (<code>itemDelayMs=100</code>): a route <i>streams</i> when its
first item arrives well before its last byte. A verdict that contradicts the route's own claim is red; a route that
failed verification was not load-tested and is listed as failed.</li>
</ul>
""")
    }

    private fun headline() {
        sb.append("<h2 id=\"headline\">Headline</h2>\n")
        if (d.panels.isEmpty()) {
            sb.append("<p class=note>No load results in this run")
            if (d.checks.isNotEmpty()) sb.append(" (verification only; see <a href=\"#verification\">Verification</a>)")
            sb.append(".</p>\n")
        } else {
            sb.append("<p class=note>Throughput in req/s, median over repetitions; ⚠ = a level with errors, ᴰ = driver-bound.</p>\n")
            htmlTable(SummaryTables.headlineHeader(d), SummaryTables.headlineRows(d))
            val flushCost = SummaryTables.flushCostRows(d)
            if (flushCost.isNotEmpty()) {
                sb.append("<h3>What flushing costs</h3><p class=note>").append(htmlEscape(SummaryTables.FLUSH_COST_NOTE)).append("</p>\n")
                htmlTable(SummaryTables.flushCostHeader(d), flushCost)
            }
        }
        val beats = SummaryTables.aboveBaseline(d)
        if (beats.isNotEmpty()) sb.append("<p class=bad>").append(htmlEscape(SummaryTables.aboveBaselineNote(beats))).append("</p>\n")
        if (d.failures.isNotEmpty()) {
            sb.append("<h3 class=bad>Failures (").append(d.failures.size).append(")</h3><p class=note>Parts of the matrix that could not be measured (failures.csv); see <code>logs/</code>.</p>\n")
            htmlTable(listOf("what", "stage", "reason"), d.failures.map { listOf(it.what, it.stage, it.reason) }, cellClass = { _, c -> if (c == 0) "err" else null })
        }
        val notLoaded = notLoadTested()
        if (notLoaded.isNotEmpty()) {
            sb.append("<h3 class=bad>Not load-tested</h3><p class=note>Verified routes with no load results (failed verification, a failed server, or not selected):</p>\n")
            htmlTable(listOf("route", "verdict", "body", "error"), notLoaded.map { listOf(it.route, it.verdict, if (it.bodyOk) "ok" else "WRONG", it.error) })
        }
    }

    private fun notLoadTested(): List<RouteCheck> {
        if (d.rows.isEmpty()) return d.checks.filter { !it.passed }
        val loaded = d.levels.map { it.route }.toSet()
        return d.checks.filter { it.route !in loaded }
    }

    private fun panel(p: ReportPanel) {
        sb.append("<h2 id=\"").append(p.id).append("\">").append(htmlEscape("${p.framework} · ${p.model}")).append("</h2>\n")
        val delays = p.levels.map { it.itemDelayMs }.distinct()
        sb.append("<p class=note>Levels: ").append(p.users.joinToString(", ")).append(" users; ").append(p.repetitions)
            .append(if (p.repetitions == 1) " repetition" else " repetitions (max)").append("; item delay ").append(delays.joinToString(", ")).append(" ms")
        sb.append(".</p>\n")

        // Throughput, the paper's layout
        val headline = p.headlineLines()
        val baselines = p.baselines()
        val paper = PaperFigures.of(p.framework, p.model)
        img(throughputChart("${p.framework} · ${p.model}: throughput", p, headline, baselines, paper))
        paperTable(p, paper)

        // Latency
        val latencyLines = headline.map { it.first } + baselines
        val floorLatency = p.floor.map { (u, f) -> u to u / f * 1000.0 }
        img(Charts.usersChart("${p.framework} · ${p.model}: p99 latency", "p99 latency (ms, log scale)",
            lineSeries(latencyLines, baselines.toSet()) { it.latencyP99.median } +
                listOfNotNull(floorLatency.takeIf { it.isNotEmpty() }?.let { Charts.Series("floor: items × delay", it, Charts.black, Charts.Kind.DOTTED, SeriesMarkers.NONE) }) +
                flagSeries(latencyLines) { it.latencyP99.median }, logY = true))
        img(Charts.usersChart("${p.framework} · ${p.model}: first item under load, p99 (side probe)", "first item p99 (ms, log scale)",
            lineSeries(latencyLines, baselines.toSet()) { it.firstItemP99.median } + flagSeries(latencyLines) { it.firstItemP99.median }, logY = true))

        // Per-engine detail, one chart per approach
        sb.append("<h3>Per engine, by approach</h3>\n")
        for (a in p.approaches) {
            val lines = p.engines(a).mapNotNull { p.route(it, a) }.map { it to "${it.label}" }.toMutableList()
            p.aggregate(a)?.takeIf { p.engines(a).size > 1 }?.let { lines += it to "agg:$a" }
            img(throughputChart("${p.framework} · ${p.model}: $a, per engine", p, lines, listOfNotNull(p.route(BASELINE, a)), paper))
        }

        // Resources
        sb.append("<h3>Server resources</h3>\n")
        val perApproach = p.approaches.mapNotNull { a -> (p.aggregate(a) ?: p.route(BASELINE, a)) }
        img(Charts.usersChart("${p.framework} · ${p.model}: server CPU (mean during the level)", "CPU % of one core",
            lineSeries(perApproach, emptySet()) { it.cpuMean }, width = 820, height = 360))
        img(Charts.usersChart("${p.framework} · ${p.model}: heap used, peak", "heap MB",
            lineSeries(perApproach, emptySet()) { it.heapPeak }, width = 820, height = 360))
        resourceTable(p, perApproach)

        // Tables
        errorsTable(p)
        routeTables(p)
    }

    /** Throughput chart: [lines] in colour, [baselines] grey dashed, floor, paper figures of those lines, flags. */
    private fun throughputChart(title: String, p: ReportPanel, lines: List<Pair<ChartLine, String>>, baselines: List<ChartLine>, paper: List<PaperFigures.Figure>): String? {
        val series = ArrayList<Charts.Series>()
        val colorOf = HashMap<String, Color>()
        lines.forEachIndexed { i, (l, key) ->
            val c = Charts.palette[i % Charts.palette.size]
            colorOf[key] = c
            series += Charts.Series(l.label, l.points { it.throughput.median }, c, if (key.startsWith("agg:")) Charts.Kind.LINE else Charts.Kind.LINE,
                if (key.startsWith("agg:")) SeriesMarkers.SQUARE else SeriesMarkers.CIRCLE, if (key.startsWith("agg:")) 3f else 2f)
        }
        baselines.forEachIndexed { i, l ->
            series += Charts.Series(l.label, l.points { it.throughput.median }, if (i % 2 == 0) Charts.grey else Charts.lightGrey, Charts.Kind.DASHED, SeriesMarkers.TRIANGLE_UP, 1.5f)
        }
        val measuredMax = (lines.map { it.first } + baselines).flatMap { l -> l.points { it.throughput.median }.map { it.second } }.maxOrNull() ?: 0.0
        val minU = p.users.minOrNull() ?: 1
        val maxU = maxOf(p.users.maxOrNull() ?: 128, 2)
        var paperMax = 0.0
        // Paper figures stay on our scale: a figure far above this run's data (other hardware) or at a level this run
        // did not measure is left off the chart; the table under the chart lists every figure.
        val measuredTop = measuredMax
        for (f in paper) {
            val c = colorOf[f.key()] ?: continue
            if (measuredTop > 0 && f.rps > 3 * measuredTop) continue
            if (f.users != null && (f.users < minU || f.users > maxU)) continue
            paperMax = maxOf(paperMax, f.rps)
            series += if (f.users != null) Charts.Series("${f.series} @${f.users}: ${PaperFigures.LABEL}", listOf(f.users to f.rps), c, Charts.Kind.POINTS, SeriesMarkers.DIAMOND)
            else Charts.Series("${f.series} peak (level not stated): ${PaperFigures.LABEL}", listOf(minU to f.rps, maxU to f.rps), c, Charts.Kind.DOTTED, SeriesMarkers.NONE, 1.5f)
        }
        if (p.floor.isNotEmpty()) series += Charts.Series("latency floor users/(items × delay)", p.floorCurve, Charts.black, Charts.Kind.DOTTED, SeriesMarkers.NONE, 2f)
        series += flagSeries(lines.map { it.first } + baselines) { it.throughput.median }
        // Keep the measured lines readable: the floor grows without bound, the y axis stops a little above the data
        // (XChart clips the floor line at the top of the plot).
        val top = maxOf(measuredTop, paperMax) * 1.12
        return Charts.usersChart(title, "throughput (req/s)", series, yMax = top.takeIf { it > 0 })
    }

    private fun lineSeries(lines: List<ChartLine>, dashed: Set<ChartLine>, metric: (RouteLevel) -> Double): List<Charts.Series> {
        var i = 0
        return lines.map { l ->
            if (l in dashed) Charts.Series(l.label, l.points(metric), Charts.grey, Charts.Kind.DASHED, SeriesMarkers.TRIANGLE_UP, 1.5f)
            else Charts.Series(l.label, l.points(metric), Charts.palette[i++ % Charts.palette.size], Charts.Kind.LINE,
                if (l.label.contains("(mean of")) SeriesMarkers.SQUARE else SeriesMarkers.CIRCLE, if (l.label.contains("(mean of")) 3f else 2f)
        }
    }

    /** Overlay markers: red crosses at levels with errors, dark squares at driver-bound levels. */
    private fun flagSeries(lines: List<ChartLine>, metric: (RouteLevel) -> Double): List<Charts.Series> {
        val err = lines.flatMap { l -> val e = l.withErrors(); l.points(metric).filter { it.first in e } }
        val drv = lines.flatMap { l -> val e = l.driverBound(); l.points(metric).filter { it.first in e } }
        return listOfNotNull(
            err.takeIf { it.isNotEmpty() }?.let { Charts.Series("level with errors (see table)", it, Charts.red, Charts.Kind.POINTS, SeriesMarkers.CROSS) },
            drv.takeIf { it.isNotEmpty() }?.let { Charts.Series("driver-bound", it, Color(0x2030a0), Charts.Kind.POINTS, SeriesMarkers.SQUARE) },
        )
    }

    private fun paperTable(p: ReportPanel, paper: List<PaperFigures.Figure>) {
        if (paper.isEmpty()) return
        val rows = paper.map { f ->
            val line = if (f.engine == null) p.aggregate(f.approach) else p.route(f.engine, f.approach)
            val pts = line?.points { it.throughput.median } ?: emptyList()
            val atLevel = f.users?.let { u -> pts.firstOrNull { it.first == u }?.second } ?: Double.NaN
            val peak = pts.maxByOrNull { it.second }
            listOf(f.series, Fmt.rps(f.rps), f.users?.toString() ?: "not stated",
                if (line == null) "not in this run" else Fmt.rps(atLevel),
                peak?.let { "${Fmt.rps(it.second)} @${it.first}" } ?: "–",
                peak?.let { Fmt.ratio(it.second / f.rps) } ?: "–")
        }
        sb.append("<details><summary>The paper's figures for ").append(htmlEscape("${p.framework} · ${p.model}")).append(" (")
            .append(htmlEscape(PaperFigures.LABEL)).append(")</summary>\n")
        htmlTable(listOf("series", "paper req/s", "paper users", "this run at that level", "this run peak", "peak / paper"), rows)
        sb.append("<p class=note>Absolute ratios mostly measure the difference between machines; the ordering of routes is what carries over. ")
            .append("A figure more than 3× above this run's data, or at a level this run did not measure, is not drawn on the chart.</p></details>\n")
    }

    private fun resourceTable(p: ReportPanel, lines: List<ChartLine>) {
        val rows = lines.map { l ->
            listOf(l.label) + p.users.map { u ->
                val ls = l.byUsers[u] ?: return@map "–"
                fun max(f: (RouteLevel) -> Double) = ls.map(f).filter { !it.isNaN() }.maxOrNull() ?: Double.NaN
                val cpu = ls.map { it.cpuMean }.filter { !it.isNaN() }.let { if (it.isEmpty()) Double.NaN else it.average() }
                if (cpu.isNaN() && max { it.heapPeak }.isNaN()) "not sampled"
                else "${Fmt.num(cpu, 0)}% / ${Fmt.num(max { it.cpuPeak }, 0)}% · ${Fmt.num(max { it.heapPeak }, 0)} MB · " +
                    "${Fmt.num(max { it.rssPeak }, 0)} MB RSS · ${Fmt.num(max { it.threadsPeak }, 0)} thr"
            }
        }
        sb.append("<details><summary>Resources per approach: CPU mean / peak, heap peak, RSS peak, platform threads</summary>\n")
        htmlTable(listOf("approach") + p.users.map { "$it users" }, rows)
        sb.append("</details>\n")
    }

    private fun errorsTable(p: ReportPanel) {
        val bad = p.levels.filter { it.errors > 0 }
        if (bad.isEmpty()) return
        sb.append("<h3 class=bad>Levels with errors (").append(bad.size).append(")</h3>\n")
        htmlTable(listOf("route", "users", "requests", "errors", "error rate"),
            bad.map { listOf("${it.engine}/${it.approach}", it.users.toString(), it.requests.toString(), it.errors.toString(), errorPct(it.errorRate)) },
            cellClass = { _, c -> if (c == 4) "err" else null })
    }

    private fun routeTables(p: ReportPanel) {
        val lv = p.levels.associateBy { Triple(it.engine, it.approach, it.users) }
        fun table(title: String, open: Boolean, routes: List<Pair<String, String>>, cell: (RouteLevel) -> String) {
            sb.append(if (open) "<details open>" else "<details>").append("<summary>").append(htmlEscape(title)).append("</summary>\n<table><tr><th>route</th>")
            for (u in p.users) sb.append("<th>").append(u).append(" users</th>")
            sb.append("</tr>\n")
            for ((e, a) in routes) {
                sb.append("<tr><td>").append(htmlEscape("$e/$a")).append("</td>")
                for (u in p.users) {
                    val l = lv[Triple(e, a, u)]
                    if (l == null) { sb.append("<td class=n>–</td>"); continue }
                    val cls = when { l.errors > 0 -> " err"; l.driverBound -> " drv"; else -> "" }
                    sb.append("<td class=\"n").append(cls).append("\">").append(cell(l))
                    if (l.errors > 0) sb.append(" <span class=flag>⚠ ").append(l.errors).append(" errors (").append(htmlEscape(errorPct(l.errorRate))).append(")</span>")
                    if (l.driverBound) sb.append(" <span class=dflag>ᴰ</span>")
                    sb.append("</td>")
                }
                sb.append("</tr>\n")
            }
            sb.append("</table></details>\n")
        }
        sb.append("<h3>Tables</h3>\n")
        table("Throughput (req/s): median; ± = 95% CI of the mean, relative", true, p.routes) { l ->
            val ci = l.throughput.relativeHalfWidth
            htmlEscape(Fmt.rps(l.throughput.median)) + if (ci.isFinite()) " <span class=ci>±${Fmt.pct(ci)}</span>" else ""
        }
        table("Efficiency vs latency floor (throughput / floor)", false, p.routes) { l -> Fmt.pct(l.efficiencyVsFloor) }
        table("Efficiency vs baseline (throughput / baseline of the same approach and users)", false, p.routes.filter { it.first != BASELINE }) { l ->
            Fmt.ratio(d.vsBaseline[l] ?: Double.NaN)
        }
        table("p99 latency (ms): median; ± = 95% CI", false, p.routes) { l ->
            val ci = l.latencyP99.relativeHalfWidth
            htmlEscape(Fmt.ms(l.latencyP99.median)) + if (ci.isFinite()) " <span class=ci>±${Fmt.pct(ci)}</span>" else ""
        }
        table("First item under load p50 / p99 (ms, side probe)", false, p.routes) { l -> "${Fmt.ms(l.firstItemP50.median)} / ${Fmt.ms(l.firstItemP99.median)}" }
        table("Time to first byte under load p50 / p99 (ms, side probe)", false, p.routes) { l -> "${Fmt.ms(l.ttfbP50.median)} / ${Fmt.ms(l.ttfbP99.median)}" }
        table("CPU per request, server / driver (µs)", false, p.routes) { l -> "${Fmt.num(l.serverCpuUs, 0)} / ${Fmt.num(l.driverCpuUs, 0)}" }
    }

    private fun verification() {
        sb.append("<h2 id=\"verification\">Verification</h2>\n")
        if (d.checks.isEmpty()) { sb.append("<p class=note>No verification.csv in this run.</p>\n"); return }
        val contra = d.checks.count { it.contradicts }
        val failed = d.checks.count { !it.passed }
        sb.append("<p class=note>").append(d.checks.size).append(" routes; ").append(d.checks.count { it.verdict == "streams" }).append(" stream, ")
            .append(d.checks.count { it.verdict == "buffered" }).append(" buffered, ").append(d.checks.count { it.verdict == "malformed" }).append(" malformed; ")
        sb.append(if (contra > 0) "<span class=bad>$contra contradict their claim</span>" else "no verdict contradicts its claim").append("; ")
        sb.append(if (failed > 0) "<span class=bad>$failed failed</span>" else "none failed").append(". Measured at itemDelayMs=100; timeline: cumulative bytes against time, one dot per chunk.</p>\n")
        val sorted = d.checks.sortedWith(compareBy({ orderOf(Frameworks.names, it.framework) }, { it.framework }, { orderOf(RunData.MODELS, it.model) },
            { it.model }, { orderOf(APPROACHES, it.approach) }, { it.approach }, { orderOf(ENGINES, it.engine) }, { it.engine }))
        for ((fw, cs) in sorted.groupBy { it.framework }) {
            sb.append("<h3>").append(htmlEscape(fw)).append("</h3>\n<table><tr><th>route</th><th>claims</th><th>verdict</th><th>body</th><th>TTFB ms</th>")
                .append("<th>first item ms</th><th>last byte ms</th><th>chunks</th><th>bytes</th><th>chunk timeline</th><th>status</th></tr>\n")
            // one time scale per model, so the strips of one model line up
            val spans = cs.groupBy { it.model }.mapValues { (_, m) -> m.maxOfOrNull { c -> maxOf(c.lastByteMs.takeIf { it.isFinite() } ?: 0.0, timeline(c.timeline).maxOfOrNull { it.first } ?: 0.0) }?.takeIf { it > 0 } ?: 1.0 }
            for (c in cs) {
                val span = spans.getValue(c.model)
                val cls = when { !c.passed -> " class=failed"; c.contradicts -> " class=contra"; else -> "" }
                val status = when {
                    !c.passed -> "<span class=bad>FAILED</span>" + if (c.error.isNotBlank()) ": " + htmlEscape(c.error) else ""
                    c.contradicts -> "<span class=bad>claim contradicted</span>"
                    else -> "ok"
                }
                sb.append("<tr").append(cls).append("><td>").append(htmlEscape("${c.model}/${c.engine}/${c.approach}")).append("</td><td>")
                    .append(if (c.claimsStreaming) "streams" else "buffered").append("</td><td class=\"verdict-").append(htmlEscape(c.verdict)).append("\">").append(htmlEscape(c.verdict))
                    .append("</td><td>").append(if (c.bodyOk) "ok" else "<span class=bad>wrong</span>").append("</td><td class=n>").append(Fmt.ms(c.ttfbMs))
                    .append("</td><td class=n>").append(Fmt.ms(c.firstItemMs)).append("</td><td class=n>").append(Fmt.ms(c.lastByteMs))
                    .append("</td><td class=n>").append(c.chunks).append("</td><td class=n>").append(c.bytes).append("</td><td>")
                    .append(timelineSvg(c, span)).append("</td><td>").append(status).append("</td></tr>\n")
            }
            sb.append("</table>\n")
        }
    }

    private fun timeline(s: String): List<Pair<Double, Int>> = s.split(';').mapNotNull { part ->
        val i = part.indexOf(':')
        if (i <= 0) null else part.substring(0, i).trim().toDoubleOrNull()?.let { t -> part.substring(i + 1).trim().toIntOrNull()?.let { t to it } }
    }

    /** A small inline SVG: cumulative bytes (step line) over [span] ms, a dot per chunk, the first item as a green tick. */
    private fun timelineSvg(c: RouteCheck, span: Double): String {
        val chunks = timeline(c.timeline).sortedBy { it.first }
        val w = 220.0; val h = 28.0
        if (chunks.isEmpty()) return "<span class=note>no timeline</span>"
        val total = chunks.sumOf { it.second }.coerceAtLeast(1)
        fun x(t: Double) = 2 + (t / span).coerceIn(0.0, 1.0) * (w - 4)
        fun y(b: Int) = h - 2 - b.toDouble() / total * (h - 4)
        val path = StringBuilder("M${f1(x(0.0))},${f1(y(0))}")
        var cum = 0
        val dots = StringBuilder()
        for ((t, b) in chunks) {
            path.append(" L${f1(x(t))},${f1(y(cum))}")
            cum += b
            path.append(" L${f1(x(t))},${f1(y(cum))}")
            dots.append("<circle cx=\"${f1(x(t))}\" cy=\"${f1(y(cum))}\" r=\"1.6\" fill=\"#1f77b4\"/>")
        }
        val first = if (c.firstItemMs.isFinite() && c.firstItemMs > 0) "<line x1=\"${f1(x(c.firstItemMs))}\" x2=\"${f1(x(c.firstItemMs))}\" y1=\"0\" y2=\"$h\" stroke=\"#2ca02c\" stroke-width=\"1\"/>" else ""
        return "<svg width=\"${w.toInt()}\" height=\"${h.toInt()}\" viewBox=\"0 0 $w $h\" role=\"img\"><title>${htmlEscape(c.route)}: ${chunks.size} chunks, last byte ${Fmt.ms(c.lastByteMs)} ms</title>" +
            "<rect x=\"0\" y=\"0\" width=\"$w\" height=\"$h\" fill=\"#fafafa\" stroke=\"#ddd\"/>$first<path d=\"$path\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.2\"/>$dots</svg>"
    }

    private fun errorPct(r: Double) = if (r > 0 && r < 0.001) "<0.1%" else Fmt.pct(r, 1)

    private fun f1(v: Double) = String.format(java.util.Locale.ROOT, "%.1f", v)

    private fun environment() {
        sb.append("<h2 id=\"environment\">Environment</h2>\n")
        when {
            d.environment != null -> htmlTable(listOf("key", "value"), d.environment.map { listOf(it.first, it.second) })
            d.environmentRaw != null -> sb.append("<pre>").append(htmlEscape(d.environmentRaw)).append("</pre>\n")
            else -> sb.append("<p class=note>No environment.json in this run.</p>\n")
        }
    }

    private fun img(uri: String?) {
        if (uri != null) sb.append("<img class=chart alt=\"chart\" src=\"").append(uri).append("\">\n")
    }

    private fun htmlTable(header: List<String>, rows: List<List<String>>, cellClass: (Int, Int) -> String? = { _, _ -> null }) {
        sb.append("<table><tr>")
        for (h in header) sb.append("<th>").append(htmlEscape(h)).append("</th>")
        sb.append("</tr>\n")
        rows.forEachIndexed { r, row ->
            sb.append("<tr>")
            row.forEachIndexed { c, v ->
                val numeric = v.isNotEmpty() && (v[0].isDigit() || v[0] == '–' || v[0] == '-') && v.any { it.isDigit() }
                val cls = listOfNotNull(if (numeric) "n" else null, cellClass(r, c)).joinToString(" ")
                sb.append(if (cls.isEmpty()) "<td>" else "<td class=\"$cls\">").append(htmlEscape(v)).append("</td>")
            }
            sb.append("</tr>\n")
        }
        sb.append("</table>\n")
    }
}

internal fun htmlEscape(s: String): String = buildString(s.length) {
    for (ch in s) when (ch) {
        '<' -> append("&lt;"); '>' -> append("&gt;"); '&' -> append("&amp;"); '"' -> append("&quot;"); '\'' -> append("&#39;")
        else -> append(ch)
    }
}

/** summary.md, and the headline table the report repeats at its top. */
object SummaryTables {
    /** The headline levels: 1, 32 and 128 users where present, else the lowest, a middle and the highest level. */
    fun headlineUsers(present: List<Int>): List<Int> {
        val p = present.distinct().sorted()
        if (p.isEmpty()) return emptyList()
        val wanted = listOf(1, 32, 128).filter { it in p }
        return (if (wanted.isNotEmpty()) wanted + p.last() else listOf(p.first(), p[p.size / 2], p.last())).distinct().sorted()
    }

    fun headlineHeader(d: RunData): List<String> =
        listOf("framework", "model", "series") + headlineUsers(d.levels.map { it.users }).map { "$it users" } + listOf("peak")

    /** Per framework x model: every approach's mean over engines, the paper's separated routes, and the baselines. */
    fun headlineRows(d: RunData): List<List<String>> {
        val users = headlineUsers(d.levels.map { it.users })
        val out = ArrayList<List<String>>()
        for (p in d.panels) {
            val lines = p.approaches.mapNotNull { p.aggregate(it) } +
                PaperFigures.separatedRoutes.mapNotNull { (e, a) -> p.route(e, a) } +
                p.baselines()
            for (l in lines.distinctBy { it.label }) {
                val pts = l.points { it.throughput.median }.toMap()
                val err = l.withErrors(); val drv = l.driverBound()
                val cells = users.map { u ->
                    val v = pts[u] ?: return@map "–"
                    Fmt.rps(v) + (if (u in err) " ⚠" else "") + (if (u in drv) " ᴰ" else "")
                }
                val peak = pts.maxByOrNull { it.value }?.let { "${Fmt.rps(it.value)} @${it.key}" } ?: "–"
                out += listOf(p.framework, p.model, l.label) + cells + peak
            }
        }
        return out
    }

    fun flushCostHeader(d: RunData): List<String> = listOf("framework", "model", "approach", "engines") + headlineUsers(d.levels.map { it.users }).map { "$it users" }

    /**
     * What flushing after each item costs: for every approach A served both as A and as A-flush, the
     * throughput of A-flush over A at each headline level, as the mean of the per-engine ratios over the
     * engines measured both ways (baseline excluded). Below 1.00× = flushing costs throughput.
     */
    fun flushCostRows(d: RunData): List<List<String>> {
        val users = headlineUsers(d.levels.map { it.users })
        val out = ArrayList<List<String>>()
        for (p in d.panels) for (a in p.approaches.filter { "$it-flush" in p.approaches }) {
            val engines = p.engines(a).filter { it in p.engines("$a-flush") }
            if (engines.isEmpty()) continue
            val cells = users.map { u ->
                val ratios = engines.mapNotNull { e ->
                    val plain = p.levels.firstOrNull { it.engine == e && it.approach == a && it.users == u }?.throughput?.median
                    val flushed = p.levels.firstOrNull { it.engine == e && it.approach == "$a-flush" && it.users == u }?.throughput?.median
                    if (plain == null || flushed == null || plain <= 0.0 || !flushed.isFinite()) null else flushed / plain
                }
                if (ratios.isEmpty()) "–" else Fmt.ratio(ratios.average())
            }
            out += listOf(p.framework, p.model, "$a-flush ÷ $a", engines.size.toString()) + cells
        }
        return out
    }

    /**
     * Engine levels that beat their framework's baseline (same model, approach and users) by more than 10%:
     * the baseline renders no template at the same cadence, so this is noise or a cold baseline, not a result.
     */
    fun aboveBaseline(d: RunData): List<Pair<RouteLevel, Double>> =
        d.levels.filter { it.engine != BASELINE }.mapNotNull { l -> d.vsBaseline[l]?.takeIf { it.isFinite() && it > 1.10 }?.let { l to it } }

    fun aboveBaselineNote(beats: List<Pair<RouteLevel, Double>>): String {
        val (top, ratio) = beats.maxBy { it.second }
        return "${beats.size} engine level${if (beats.size == 1) "" else "s"} above their framework's zero-template baseline by more than 10% " +
            "(highest: `${top.route}`@${top.users}, ${Fmt.ratio(ratio)}): the measurement is noisier than the difference; repeat (--repeat) " +
            "or lengthen the windows (--duration) before reading engine-vs-baseline ratios."
    }

    const val FLUSH_COST_NOTE = "Throughput with a flush after each item divided by the same route without it (mean of the per-engine " +
        "ratios, baseline excluded): below 1.00×, flushing costs throughput; what it buys is in the verification (streams vs buffered)."

    fun markdown(d: RunData): String = buildString {
        appendLine("# pssr-bench summary: ${d.name}")
        appendLine()
        if (d.isEmpty) { appendLine("No results and no verification in this run."); return@buildString }
        appendLine("Throughput in req/s, median over ${d.repetitions} repetition${if (d.repetitions == 1) "" else "s"} " +
            "(aggregates: mean over the engines of that approach, baseline excluded). ⚠ = errors at that level, ᴰ = driver-bound. " +
            "Charts, confidence intervals, latency and resources: `report.html`.")
        appendLine()
        if (d.panels.isNotEmpty()) {
            appendLine("## Throughput")
            appendLine()
            append(Table(headlineHeader(d), headlineRows(d)).markdown())
            appendLine()
            val flushCost = flushCostRows(d)
            if (flushCost.isNotEmpty()) {
                appendLine("## What flushing costs")
                appendLine()
                appendLine(FLUSH_COST_NOTE)
                appendLine()
                append(Table(flushCostHeader(d), flushCost).markdown())
                appendLine()
            }
        } else appendLine("No load results (verification only).\n")
        if (d.checks.isNotEmpty()) {
            appendLine("## Verification")
            appendLine()
            val rows = d.checks.groupBy { it.framework }.map { (fw, cs) ->
                listOf(fw, cs.size.toString(), cs.count { it.passed }.toString(), cs.count { it.verdict == "streams" }.toString(),
                    cs.count { it.verdict == "buffered" }.toString(), cs.count { it.verdict == "malformed" }.toString(),
                    cs.count { it.contradicts }.toString(), cs.count { !it.passed }.toString())
            }
            append(Table(listOf("framework", "routes", "passed", "streams", "buffered", "malformed", "claim contradicted", "failed"), rows).markdown())
            appendLine()
            val bad = d.checks.filter { !it.passed || it.contradicts }
            for (c in bad) appendLine("- ${if (!c.passed) "FAILED" else "contradicts its claim"}: `${c.route}` (claims ${if (c.claimsStreaming) "streams" else "buffered"}, measured ${c.verdict})${if (c.error.isNotBlank()) ": ${c.error}" else ""}")
            if (bad.isNotEmpty()) appendLine()
        }
        if (d.failures.isNotEmpty()) {
            appendLine("## Failures")
            appendLine()
            for (f in d.failures) appendLine("- FAILED `${f.what}` (${f.stage}): ${f.reason}")
            appendLine()
        }
        val errs = d.levels.filter { it.errors > 0 }
        val drv = d.levels.filter { it.driverBound }
        val beats = aboveBaseline(d)
        if (beats.isNotEmpty()) {
            appendLine("## Engines above their baseline")
            appendLine()
            appendLine(aboveBaselineNote(beats))
            appendLine()
        }
        if (errs.isNotEmpty() || drv.isNotEmpty()) {
            appendLine("## Flags")
            appendLine()
            if (errs.isNotEmpty()) {
                appendLine("${errs.size} level${if (errs.size == 1) "" else "s"} with errors:")
                for (l in errs.take(30)) appendLine("- `${l.route}` at ${l.users} users: ${l.errors} of ${l.requests} (${Fmt.pct(l.errorRate, 2)})")
                if (errs.size > 30) appendLine("- ... and ${errs.size - 30} more (report.html)")
            }
            if (drv.isNotEmpty()) appendLine("${drv.size} level${if (drv.size == 1) "" else "s"} driver-bound (the driver's CPU, not the server, limited them): " +
                drv.take(12).joinToString(", ") { "`${it.route}`@${it.users}" } + if (drv.size > 12) ", ..." else "")
            appendLine()
        }
    }
}
