package pssr.bench.report

import java.awt.Color
import org.knowm.xchart.style.markers.SeriesMarkers
import pssr.bench.measure.Latency
import pssr.bench.measure.Server

private fun PaperFigures.Figure.key() = if (engine == null) "agg:$approach" else "$engine/$approach"

/** One framework x model section: its charts, the paper's figures beside ours, resources, errors and per-route tables. */
internal class PanelSection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    fun write(p: ReportPanel) {
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
        timelines(p)

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

    /** The server's CPU and heap over each route's measured windows (first repetition), one small chart per route. */
    private fun timelines(p: ReportPanel) {
        if (d.timeline.isEmpty()) return
        val charts = p.routes.mapNotNull { (engine, approach) ->
            Charts.resourceTimeline("$engine/$approach", timelineOf(p, engine, approach))?.let { timelineId(p, engine, approach) to it }
        }
        if (charts.isEmpty()) return
        sb.append("<details><summary>CPU, GC and heap over time, per route (").append(charts.size)
            .append("; each route's name in the throughput table links to its chart)</summary>\n")
        for ((id, uri) in charts) sb.append("<img class=small id=\"").append(htmlEscape(id)).append("\" alt=\"resources over time\" src=\"").append(uri).append("\">\n")
        sb.append("</details>\n")
    }

    /** The route's resource readings over its measured windows, level by level (first repetition). */
    private fun timelineOf(p: ReportPanel, engine: String, approach: String) =
        p.users.mapNotNull { u -> d.timeline["${p.framework}/${p.model}/$engine/$approach@$u#1"]?.let { u to it } }

    private fun timelineId(p: ReportPanel, engine: String, approach: String) = "${p.id}-$engine-$approach-timeline"

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
        fun table(title: String, open: Boolean, routes: List<Pair<String, String>>, linked: Boolean = false, cell: (RouteLevel) -> String) {
            sb.append(if (open) "<details open>" else "<details>").append("<summary>").append(htmlEscape(title)).append("</summary>\n<table><tr><th>route</th>")
            for (u in p.users) sb.append("<th>").append(u).append(" users</th>")
            sb.append("</tr>\n")
            for ((e, a) in routes) {
                sb.append("<tr><td>")
                if (linked && timelineOf(p, e, a).any { it.second.isNotEmpty() })
                    sb.append("<a href=\"#").append(htmlEscape(timelineId(p, e, a))).append("\" title=\"CPU, GC and heap over time\">").append(htmlEscape("$e/$a")).append("</a>")
                else sb.append(htmlEscape("$e/$a"))
                sb.append("</td>")
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
        table("Throughput (req/s): median; ± = 95% CI of the mean, relative", true, p.routes, linked = true) { l ->
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

    private fun errorPct(r: Double) = if (r > 0 && r < 0.001) "<0.1%" else Fmt.pct(r, 1)
}
