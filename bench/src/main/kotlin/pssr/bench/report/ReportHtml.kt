package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import pssr.bench.markup.pageHead
import pssr.bench.measure.Regime
import pssr.bench.paper.PaperFigures
import pssr.bench.results.Environment
import pssr.bench.results.RouteCheck
import java.time.ZonedDateTime

internal class ReportHtml(private val d: RunData) : HtmlSection(StringBuilder()) {
    /** The charts the sections place, listed in the page's data for explorer.js to draw. */
    private val charts = ArrayList<ExplorerData.Chart>()

    /** The per-route resource timelines the sections place, in the page's data for series.js to draw. */
    private val timelines = ArrayList<SeriesData.Timeline>()

    /** The headline's figures (the answer's bars), in the page's data for plot.js to draw. */
    private val figures = ArrayList<Figure>()

    /** The page carries its data and scripts (charts to draw): a run with levels or verified routes. */
    private val drawn = d.panels.isNotEmpty() || d.checks.isNotEmpty()

    /** The seeds' claims this run judges, each with the routes and levels its judgement read; null when the run has nothing to judge. */
    private val claims: List<ExplorerData.TracedClaim>? = d.claims

    fun render(): String {
        head()
        sb.append("<h1>pssr-bench report <small>").append(htmlEscape(d.name)).append("</small></h1>\n")
        sb.append("<p class=meta>Generated ").append(htmlEscape(Fmt.iso(ZonedDateTime.now())))
            .append(" from <code>").append(htmlEscape(d.run.dir.toAbsolutePath().normalize().toString())).append("</code>: ")
            .append(d.rows.size).append(" result rows, ").append(d.checks.size).append(" verified routes, ")
            .append(d.repetitions).append(if (d.repetitions == 1) " repetition" else " repetitions").append(".</p>\n")
        for (p in d.problems) sb.append("<p class=bad>").append(htmlEscape(p)).append("</p>\n")
        d.environment?.firstOrNull { it.first == "measuredBeside" }?.let { (_, holder) ->
            sb.append("<p class=bad>Measured beside another run (--allow-concurrent): ").append(htmlEscape(holder))
                .append("; both shared the machine, so neither's figures are clean.</p>\n")
        }
        toc()
        headline()
        howToRead()
        if (d.panels.isNotEmpty()) Explorer(sb).section(latency = d.latency.isNotEmpty())
        for (p in d.panels) PanelSection(d, sb, charts, timelines).write(p)
        OpenModelSection(d, sb).write()
        RuntimeSection(d, sb).write()
        SteadySection(d, sb).write()
        ShardsSection(d, sb).write()
        ProfileSection(d, sb).write()
        VerificationSection(d, sb, drawn).write()
        BrowserSection.html(d.run.dir)?.let { sb.append(it) } // ./pssr browser --out <run>/browser
        sb.append(WorkloadSections.sectionsHtml(d)) // students, ... (a section per workload)
        ClaimsSection(d, sb, claims).write()
        environment()
        // a link to a chart inside a closed <details> (a route's timeline) opens it
        if (drawn) Explorer(sb).scripts(ExplorerData.json(d, charts, claims.orEmpty(), timelines, figures))
        // printing: every folded table unfolds (CSS does it too where the browser can, without JavaScript)
        sb.append(
            "<script>addEventListener('beforeprint',function(){" +
                "document.querySelectorAll('details').forEach(function(d){d.open=true;});});</script>\n",
        )
        sb.append(
            "<script>function reveal(){var " +
                "e=location.hash&&document.getElementById(decodeURIComponent(location.hash.slice(1)));if(!e)return;",
        )
            .append(
                "for(var d=e.closest('details');d;d=d.parentElement&&d.parentElement.closest('details'))d.open=true;e.scrollIntoView();}",
            )
            .append("addEventListener('hashchange',reveal);reveal();</script>\n")
        sb.append("</body></html>\n")
        return sb.toString()
    }

    private fun head() {
        sb.append(pageHead("pssr-bench report ${d.name}"))
    }

    private fun toc() {
        sb.append("<nav>").append("<a href=\"#headline\">Headline</a><a href=\"#how\">How to read this</a>")
        if (d.panels.isNotEmpty()) sb.append("<a href=\"#${Explorer.ANCHOR}\">Explorer</a>")
        for (p in d.panels) {
            sb.append("<a href=\"#").append(p.id).append("\">").append(htmlEscape("${p.framework} · ${p.model}")).append("</a>")
        }
        if (OpenModelSection(d, StringBuilder()).present) sb.append("<a href=\"#${OpenModelSection.ANCHOR}\">Open model</a>")
        if (RuntimeSection(d, StringBuilder()).present) sb.append("<a href=\"#${RuntimeSection.ANCHOR}\">Runtimes</a>")
        if (SteadySection(d, StringBuilder()).present) sb.append("<a href=\"#${SteadySection.ANCHOR}\">Steady state</a>")
        if (ShardsSection(d, StringBuilder()).present) sb.append("<a href=\"#${ShardsSection.ANCHOR}\">Shards</a>")
        if (ProfileSection(d, StringBuilder()).present) sb.append("<a href=\"#${ProfileSection.ANCHOR}\">Profiles</a>")
        sb.append(
            "<a href=\"#verification\">Verification</a>",
        ).append(BrowserSection.tocLink(d.run.dir)).append(WorkloadSections.tocLinks(d))
        if (claims != null) sb.append("<a href=\"#${ClaimsSection.ANCHOR}\">Claims</a>")
        sb.append("<a href=\"#environment\">Environment</a></nav>\n")
    }

    private fun howToRead() {
        sb.append(
            """<details id="how"><summary>How to read this</summary>
<ul class=note>
<li><b>Throughput</b> (req/s) is correct responses (status 200, exactly the verified page) divided by the measured
window of a level; wrong answers, timeouts and connection errors are never throughput, they are the <b>error rate</b>.
Each level is a closed loop: <i>users</i> connections of the driver (wrk by default), each sending its next request as
soon as its answer arrived, over keep-alive; a warm-up window at the same users precedes the measured one.</li>
<li>Every number is the <b>median over the repetitions</b> of that route and level; <span class=ci>±x%</span> is the
half-width of the 95% confidence interval of the mean (Student t), relative to the mean, printed from three repetitions on
(from two, Student t gives ±12.7 standard errors: no use to a reader). Without a printed interval, treat differences under
~10% as noise.</li>
<li><b>Blocking / Virtual (mean of n engines)</b> are the paper's aggregates: the mean over the template engines run
with that approach (the baseline excluded). The three routes drawn separately are the paper's.</li>
<li>The <b>latency floor</b> (dotted black) is users / (items × item delay): a page whose n items arrive 1 ms apart
cannot complete in under n ms, so a closed loop of c users cannot exceed that rate. <b>Efficiency vs floor</b> is
throughput / floor (100% = tracks the line). The p99 chart's floor is items × delay.</li>
<li>The <b>regime</b> of a level says what limited it (the Regime table of each panel: throughput / floor · the machine's
cores busy · the driver's share of them): <i>floor</i> (at least ${Fmt.pct(Regime.FLOOR_SHARE)} of the floor, cores to spare:
the item delay sets the figure, nothing about the stack can be read from it), <i>cpu</i> (cores at least
${Fmt.pct(Regime.CORES_BUSY)} busy: the stack's CPU per request sets it), <i>knee</i> (both at once: the steep part of the
curve, where a slightly different CPU moves a figure most), <i>driver</i> (driver-bound, below), <i>pool</i> (more users
than the threads of the bounded pool the route's requests each hold one of, and at least ${Fmt.pct(Regime.FLOOR_SHARE)} of that
pool's floor, threads / (items × item delay), with cores to spare: the pool's size sets it), <i>overloaded</i> (past the knee:
the level below was CPU-bound and throughput fell by over ${Fmt.pct(Regime.STILL_RISING)}) or <i>other</i> (none of these: a
lock, a buffer or latency). The headline ranks each route at its level where the cores were busy, against its framework's
ceiling (answer.md, docs/RESULTS.md).</li>
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
<li>Figures marked <b>${htmlEscape(PaperFigures.LABEL)}</b> come from the seed paper (JDK 21, a GitHub Actions runner:
an AMD EPYC 7763 "configured with two CPU cores and two threads per core"). They are not comparable in absolute terms with this
machine: compare shapes and ratios between routes <i>within one run</i>, and use <code>./pssr compare</code> to compare two
runs on the same machine.</li>
<li>Verification ran before any load with a slow source (<code>itemDelayMs=100</code>): a route <i>streams</i> when its
first item arrives well before its last byte. A verdict that contradicts the route's own claim is red; a route that
failed verification was not load-tested and is listed as failed.</li>
</ul></details>
""",
        )
    }

    private fun headline() {
        sb.append("<h2 id=\"headline\">Headline</h2>\n")
        if (d.panels.isEmpty()) {
            sb.append("<p class=note>No load results in this run")
            if (d.checks.isNotEmpty()) sb.append(" (verification only; see <a href=\"#verification\">Verification</a>)")
            sb.append(".</p>\n")
        } else {
            AnswerSection(d, sb, figures).write()
            StreamSection(d, sb, figures).write()
            sb.append("<details><summary>Every level's throughput, and the regime of each level</summary><ul class=note>")
            for (c in d.capacities) {
                sb.append("<li>").append(htmlEscape("${c.panel.framework} · ${c.panel.model}: ${c.regimeLine()}")).append("</li>")
            }
            sb.append("</ul>\n<p class=note>Throughput in req/s, median over repetitions; ⚠ = a level with errors, ᴰ = driver-bound.</p>\n")
            htmlTable(SummaryTables.headlineHeader(d), SummaryTables.headlineRows(d))
            sb.append("</details>\n")
            val flushCost = SummaryTables.flushCostRows(d)
            if (flushCost.isNotEmpty()) {
                sb.append("<h3>What flushing costs</h3><p class=note>").append(htmlEscape(SummaryTables.FLUSH_COST_NOTE)).append("</p>\n")
                htmlTable(SummaryTables.flushCostHeader(d), flushCost)
            }
        }
        val beats = SummaryTables.aboveBaseline(d)
        if (beats.isNotEmpty()) sb.append("<p class=bad>").append(htmlEscape(SummaryTables.aboveBaselineNote(beats))).append("</p>\n")
        if (d.failures.isNotEmpty()) {
            sb.append("<h3 class=bad>Failures (").append(
                d.failures.size,
            ).append(")</h3><p class=note>Parts of the matrix that could not be measured (failures.csv); see <code>logs/</code>.</p>\n")
            htmlTable(listOf("what", "stage", "reason"), d.failures.map { listOf(it.what, it.stage, it.reason) }, cellClass = { _, c ->
                if (c == 0) {
                    "err"
                } else {
                    null
                }
            })
        }
        val notLoaded = notLoadTested()
        if (notLoaded.isNotEmpty()) {
            sb.append(
                "<h3 class=bad>Not load-tested</h3><p class=note>Verified routes with no load results (failed verification, a failed " +
                    "server, or not selected):</p>\n",
            )
            htmlTable(
                listOf("route", "verdict", "body", "error"),
                notLoaded.map {
                    listOf(it.route, it.verdict, if (it.bodyOk) "ok" else "WRONG", it.error)
                },
            )
        }
    }

    private fun notLoadTested(): List<RouteCheck> {
        if (d.rows.isEmpty()) return d.checks.filter { !it.passed }
        val loaded = d.levels.map { it.route }.toSet()
        return d.checks.filter { it.route !in loaded }
    }

    private fun environment() {
        sb.append("<h2 id=\"environment\">Environment</h2>\n")
        when {
            d.environment != null -> htmlTable(listOf("key", "value"), d.environment.map { listOf(it.first, it.second) })
            d.environmentRaw != null -> sb.append("<pre>").append(htmlEscape(d.environmentRaw)).append("</pre>\n")
            else -> sb.append("<p class=note>No environment.json in this run.</p>\n")
        }
    }
}
