package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import pssr.bench.measure.Latency
import pssr.bench.measure.Server
import pssr.bench.measure.TimelinePoint
import pssr.bench.paper.PaperFigures
import pssr.bench.stats.BASELINE
import pssr.bench.stats.RouteLevel

/** One framework x model section: its charts, the paper's figures beside ours, resources, errors and per-route tables. */
internal class PanelSection(
    private val d: RunData,
    sb: StringBuilder,
    private val charts: MutableList<ExplorerData.Chart>,
    private val timelines: MutableList<SeriesData.Timeline>,
) : HtmlSection(sb) {
    fun write(p: ReportPanel) {
        sb.append("<h2 id=\"").append(p.id).append("\">").append(htmlEscape("${p.framework} · ${p.model}")).append("</h2>\n")
        val delays = p.levels.map { it.itemDelayMs }.distinct()
        sb.append("<p class=note>Levels: ").append(p.users.joinToString(", ")).append(" users; ").append(p.repetitions)
            .append(
                if (p.repetitions == 1) {
                    " repetition"
                } else {
                    " repetitions (max)"
                },
            ).append("; item delay ").append(delays.joinToString(", ")).append(" ms")
        sb.append(".</p>\n")

        // Charts drawn in the browser (explorer.js) from the page's data: the paper's layout, latency, per engine, resources
        val explorer = Explorer(sb)
        fun line(key: String) = if (key.startsWith("agg:")) {
            ExplorerData.Line(p.framework, p.model, null, key.removePrefix("agg:"))
        } else {
            key.split("/").let { (e, a) -> ExplorerData.Line(p.framework, p.model, e, a) }
        }
        fun chart(
            suffix: String,
            title: String,
            metric: String,
            lines: List<ExplorerData.Line>,
            floor: Boolean = false,
            paper: Boolean = false,
        ) {
            val c = ExplorerData.Chart("${p.id}-$suffix", "${p.framework} · ${p.model}: $title", metric, lines, floor, paper)
            charts += c
            explorer.chart(c)
        }
        val headline = p.headlineLines().map { line(it.second) }
        val baselines = p.approaches.filter { p.route(BASELINE, it) != null }.map { ExplorerData.Line(p.framework, p.model, BASELINE, it) }
        val paper = PaperFigures.of(p.framework, p.model)
        chart("throughput", "throughput", "tput", headline + baselines, floor = true, paper = true)
        paperTable(p, paper)
        chart("p99", "p99 latency", "p99", headline + baselines, floor = true)
        chart("first-item", "first item under load, p99 (side probe)", "fi99", headline + baselines)

        sb.append("<h3>Per engine, by approach</h3>\n")
        for (a in p.approaches) {
            val lines = p.engines(a).map { ExplorerData.Line(p.framework, p.model, it, a) } +
                listOfNotNull(ExplorerData.Line(p.framework, p.model, null, a).takeIf { p.engines(a).size > 1 }) +
                listOfNotNull(ExplorerData.Line(p.framework, p.model, BASELINE, a).takeIf { p.route(BASELINE, a) != null })
            chart("$a-engines", "$a, per engine", "tput", lines, floor = true, paper = true)
        }

        sb.append("<h3>Server resources</h3>\n")
        val perApproach = p.approaches.mapNotNull { a -> (p.aggregate(a) ?: p.route(BASELINE, a)) }
        val perApproachLines = p.approaches.map { a ->
            ExplorerData.Line(p.framework, p.model, if (p.aggregate(a) != null) null else BASELINE, a)
        }
        chart("cpu", "server CPU (mean during the level)", "cpu", perApproachLines)
        chart("heap", "heap used, peak", "heap", perApproachLines)
        resourceTable(p, perApproach)
        timelines(p)

        // Tables
        errorsTable(p)
        routeTables(p)
    }

    private fun paperTable(p: ReportPanel, paper: List<PaperFigures.Figure>) {
        if (paper.isEmpty()) return
        val rows = paper.map { f ->
            val line = if (f.engine == null) p.aggregate(f.approach) else p.route(f.engine, f.approach)
            val pts = line?.points { it.throughput.median } ?: emptyList()
            val atLevel = f.users?.let { u -> pts.firstOrNull { it.first == u }?.second } ?: Double.NaN
            val peak = pts.maxByOrNull { it.second }
            listOf(
                f.series,
                Fmt.rps(f.rps),
                f.users?.toString() ?: "not stated",
                if (line == null) "not in this run" else Fmt.rps(atLevel),
                peak?.let { "${Fmt.rps(it.second)} @${it.first}" } ?: "–",
                peak?.let { Fmt.ratio(it.second / f.rps) } ?: "–",
            )
        }
        sb.append("<details><summary>The paper's figures for ").append(htmlEscape("${p.framework} · ${p.model}")).append(" (")
            .append(htmlEscape(PaperFigures.LABEL)).append(")</summary>\n")
        htmlTable(listOf("series", "paper req/s", "paper users", "this run at that level", "this run peak", "peak / paper"), rows)
        sb.append(
            "<p class=note>Absolute ratios mostly measure the difference between machines; the ordering of routes is what carries over. ",
        )
            .append(
                "A figure more than 3× above this run's data, or at a level this run did not measure, is not drawn on the " +
                    "chart.</p></details>\n",
            )
    }

    /**
     * The server's CPU, GC, heap and threads over each route's measured windows (first repetition): one small chart per route,
     * drawn by series.js from the page's data; without JavaScript its element shows min / mean / peak per level instead.
     */
    private fun timelines(p: ReportPanel) {
        if (d.timeline.isEmpty()) return
        val drawn = p.routes.mapNotNull { (engine, approach) ->
            val levels = timelineOf(p, engine, approach)
            SeriesData.timeline(timelineId(p, engine, approach), "$engine/$approach", levels)?.let { it to levels }
        }
        if (drawn.isEmpty()) return
        sb.append("<details><summary>CPU, GC, heap and threads over time, per route (").append(drawn.size)
            .append("; each route's name in the throughput table links to its chart)</summary>\n")
        for ((t, levels) in drawn) {
            timelines += t
            sb.append("<div class=\"chart timeline\" id=\"").append(htmlEscape(t.id)).append("\"><p class=note>")
                .append(htmlEscape(t.title)).append(": min / mean / peak per level (the chart needs JavaScript)</p>\n")
            htmlTable(
                listOf("users", "samples", "CPU % of one core", "heap MB", "threads"),
                levels.filter { it.second.isNotEmpty() }.map { (users, points) ->
                    fun spread(f: (TimelinePoint) -> Double): String {
                        val vs = points.map(f).filter { it.isFinite() }
                        if (vs.isEmpty()) return "–"
                        return "${Fmt.num(vs.min(), 0)} / ${Fmt.num(vs.average(), 0)} / ${Fmt.num(vs.max(), 0)}"
                    }
                    val threads = spread { it.threads.toDouble() }
                    listOf(users.toString(), points.size.toString(), spread { it.cpuPct }, spread { it.heapMb }, threads)
                },
            )
            sb.append("</div>\n")
        }
        sb.append("</details>\n")
    }

    /** The route's resource readings over its measured windows, level by level (first repetition). */
    private fun timelineOf(p: ReportPanel, engine: String, approach: String) =
        p.users.mapNotNull { u -> d.timeline["${p.framework}/${p.model}/$engine/$approach@$u#1"]?.let { u to it } }

    private fun rowsId(p: ReportPanel, engine: String, approach: String) = "rows-${p.id}-$engine-$approach"

    private fun timelineId(p: ReportPanel, engine: String, approach: String) = "${p.id}-$engine-$approach-timeline"

    private fun resourceTable(p: ReportPanel, lines: List<ChartLine>) {
        val rows = lines.map { l ->
            listOf(l.label) + p.users.map { u ->
                val ls = l.byUsers[u] ?: return@map "–"
                fun max(f: (RouteLevel) -> Double) = ls.map(f).filter { !it.isNaN() }.maxOrNull() ?: Double.NaN
                val cpu = ls.map { it.cpuMean }.filter { !it.isNaN() }.let { if (it.isEmpty()) Double.NaN else it.average() }
                if (cpu.isNaN() && max { it.heapPeak }.isNaN()) {
                    "not sampled"
                } else {
                    "${Fmt.num(cpu, 0)}% / ${Fmt.num(max { it.cpuPeak }, 0)}% · ${Fmt.num(max { it.heapPeak }, 0)} MB · " +
                        "${Fmt.num(max { it.rssPeak }, 0)} MB RSS · ${Fmt.num(max { it.threadsPeak }, 0)} thr"
                }
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
        htmlTable(
            listOf("route", "users", "requests", "errors", "error rate"),
            bad.map {
                listOf(
                    "${it.engine}/${it.approach}",
                    it.users.toString(),
                    it.requests.toString(),
                    it.errors.toString(),
                    errorPct(it.errorRate),
                )
            },
            cellClass = { _, c -> if (c == 4) "err" else null },
        )
    }

    private fun routeTables(p: ReportPanel) {
        val lv = p.levels.associateBy { Triple(it.engine, it.approach, it.users) }
        fun table(title: String, open: Boolean, routes: List<Pair<String, String>>, linked: Boolean = false, cell: (RouteLevel) -> String) {
            sb.append(
                if (open) "<details open>" else "<details>",
            ).append("<summary>").append(htmlEscape(title)).append("</summary>\n<table><tr><th>route</th>")
            for (u in p.users) sb.append("<th>").append(u).append(" users</th>")
            sb.append("</tr>\n")
            for ((e, a) in routes) {
                sb.append(if (linked) "<tr id=\"${htmlEscape(rowsId(p, e, a))}\"><td>" else "<tr><td>")
                if (linked && timelineOf(p, e, a).any { it.second.isNotEmpty() }) {
                    sb.append("<a href=\"#").append(
                        htmlEscape(timelineId(p, e, a)),
                    ).append("\" title=\"CPU, GC and heap over time\">").append(htmlEscape("$e/$a")).append("</a>")
                } else {
                    sb.append(htmlEscape("$e/$a"))
                }
                sb.append("</td>")
                for (u in p.users) {
                    val l = lv[Triple(e, a, u)]
                    if (l == null) {
                        sb.append("<td class=n>–</td>")
                        continue
                    }
                    val cls = when {
                        l.errors > 0 -> " err"
                        l.driverBound -> " drv"
                        else -> ""
                    }
                    sb.append("<td class=\"n").append(cls).append("\">").append(cell(l))
                    if (l.errors > 0) {
                        sb.append(
                            " <span class=flag>⚠ ",
                        ).append(l.errors).append(" errors (").append(htmlEscape(errorPct(l.errorRate))).append(")</span>")
                    }
                    if (l.driverBound) sb.append(" <span class=dflag>ᴰ</span>")
                    sb.append("</td>")
                }
                sb.append("</tr>\n")
            }
            sb.append("</table></details>\n")
        }
        sb.append("<h3>Tables</h3>\n")
        table("Throughput (req/s): median; ± = 95% CI of the mean, relative", true, p.routes, linked = true) { l ->
            val ci = l.throughput.printedRelativeHalfWidth
            htmlEscape(Fmt.rps(l.throughput.median)) + if (ci.isFinite()) " <span class=ci>±${Fmt.pct(ci)}</span>" else ""
        }
        table(
            "Regime: what limited each level (throughput / latency floor · cores busy · the driver's share of them; docs/HARNESS.md)",
            true,
            p.routes,
        ) { l ->
            "${Fmt.pct(l.efficiencyVsFloor)} · ${Fmt.pct(l.coresBusy)} · ${Fmt.pct(l.driverShare)} <span class=ci>${l.regime.id}</span>"
        }
        table(
            "Efficiency vs baseline (throughput / baseline of the same approach and users)",
            false,
            p.routes.filter {
                it.first != BASELINE
            },
        ) { l ->
            Fmt.ratio(d.vsBaseline[l] ?: Double.NaN)
        }
        table("p99 latency (ms): median; ± = 95% CI", false, p.routes) { l ->
            val ci = l.latencyP99.printedRelativeHalfWidth
            htmlEscape(Fmt.ms(l.latencyP99.median)) + if (ci.isFinite()) " <span class=ci>±${Fmt.pct(ci)}</span>" else ""
        }
        table("First item under load p50 / p99 (ms, side probe)", false, p.routes) { l ->
            "${Fmt.ms(l.firstItemP50.median)} / ${Fmt.ms(l.firstItemP99.median)}"
        }
        table("Time to first byte under load p50 / p99 (ms, side probe)", false, p.routes) { l ->
            "${Fmt.ms(l.ttfbP50.median)} / ${Fmt.ms(l.ttfbP99.median)}"
        }
        table("CPU per request, server / driver (µs)", false, p.routes) { l ->
            "${Fmt.num(l.serverCpuUs, 0)} / ${Fmt.num(l.driverCpuUs, 0)}"
        }
    }

    private fun errorPct(r: Double) = if (r > 0 && r < 0.001) "<0.1%" else Fmt.pct(r, 1)
}
