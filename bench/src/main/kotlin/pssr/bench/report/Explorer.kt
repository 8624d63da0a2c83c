package pssr.bench.report

import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import java.util.Properties

/**
 * The explorer section of report.html, and the one place that puts what every pssr report's charts need into a page: uPlot
 * (a pinned webjar, read from the classpath and inlined, so the file draws offline with nothing beside it), the page's
 * data once as JSON, plot.js (the drawing every chart shares, and the [Figure]s of compare, load and browser) and, in
 * report.html, lines.js, series.js (resource timelines, verification, latency distributions) and explorer.js, which draw
 * each section's charts and the explorer's view from the run's data (docs/REPORT.md).
 */
internal class Explorer(sb: StringBuilder) : HtmlSection(sb) {
    /**
     * The explorer: controls, one chart, the claim a link opened, the rows behind the view (filled by explorer.js) and, with
     * [latency] (the run kept histograms.csv), the latency distribution of the view's routes and levels (series.js).
     */
    fun section(latency: Boolean) {
        sb.append(
            """<h2 id="$ANCHOR">Explorer</h2>
<p class=note>Any metric of any route, drawn from this page's own data: pick the metric, tick frameworks, models, engines, approaches
and users; click a name in the legend to hide or show its line; hover a point for its value, 95% interval, repetitions (n) and CPU per
request. The address keeps the view (copy it to share it). Rings mark the levels a claim was judged on (each claim links here).</p>
<noscript><p class=note>The charts need JavaScript; every figure they draw is in the tables of each section.</p></noscript>
<div id="explorer-controls" class="controls"></div>
<div id="explorer-claim" class="note"></div>
<div id="explorer-chart" class="chart"></div>
<div id="explorer-rows"></div>
""",
        )
        if (latency) {
            sb.append(
                """<p class=note>The latency distribution of the routes and levels drawn above (all requests of their repetitions; a
route's hidden line hides its curves too; past 16 curves, each route at its highest level):</p>
<div id="explorer-latency" class="chart"></div>
""",
            )
        }
    }

    /** A chart's place in a section, drawn by explorer.js from [chart] (listed in the page's data), with a link that opens its view in the
     * explorer. */
    fun chart(chart: ExplorerData.Chart) {
        sb.append("<div class=chart id=\"").append(htmlEscape(chart.id)).append("\"></div>")
            .append(
                "<p class=\"note controls\"><a href=\"",
            ).append(htmlEscape(exploreLink(chart))).append("\">open in the explorer</a></p>\n")
    }

    /** report.html's data, uPlot, plot.js, lines.js, series.js and explorer.js, once per page, at its end. */
    fun scripts(json: String) = scripts(sb, json, explorer = true)

    companion object {
        const val ANCHOR = "explorer"

        /** The explorer's view of [chart]'s lines: its metric, frameworks, models, engines and approaches. */
        fun exploreLink(chart: ExplorerData.Chart): String {
            fun list(f: (ExplorerData.Line) -> String?) = chart.lines.mapNotNull(f).distinct().joinToString(",")
            val anyMean = chart.lines.any { it.engine == null }
            return "#explore?metric=${chart.metric}&fw=${list {
                it.framework
            }}&model=${list { it.model }}&approach=${list { it.approach }}" +
                "&engine=${list { it.engine }}&agg=${if (anyMean) 1 else 0}&paper=${if (chart.paper) 1 else 0}&floor=1"
        }

        /**
         * The data, uPlot and the drawing code, once per page, at its end: every [Figure] in [json] is drawn into its element;
         * [explorer] adds report.html's sections and explorer (their data is the run's, [ExplorerData]).
         */
        fun scripts(sb: StringBuilder, json: String, explorer: Boolean = false) {
            sb.append("<style>").append(UPLOT_CSS).append("</style>\n")
            sb.append("<script type=\"application/json\" id=\"pssr-data\">").append(json).append("</script>\n")
            sb.append("<script>").append(UPLOT_JS).append("</script>\n")
            sb.append("<script>").append(PLOT_JS).append("</script>\n")
            if (explorer) {
                sb.append("<script>").append(LINES_JS).append("</script>\n")
                sb.append("<script>").append(SERIES_JS).append("</script>\n")
                sb.append("<script>").append(EXPLORER_JS).append("</script>\n")
            }
        }

        /** uPlot's version, from the webjar's own Maven properties (the POM pins it once). */
        val UPLOT_VERSION: String by lazy {
            val props = Properties()
            resource("META-INF/maven/org.webjars.npm/uplot/pom.properties").byteInputStream().use { props.load(it) }
            props.getProperty("version") ?: error("uplot's pom.properties has no version")
        }
        val UPLOT_JS: String by lazy { resource("META-INF/resources/webjars/uplot/$UPLOT_VERSION/dist/uPlot.iife.min.js") }
        val UPLOT_CSS: String by lazy { resource("META-INF/resources/webjars/uplot/$UPLOT_VERSION/dist/uPlot.min.css") }
        val PLOT_JS: String by lazy { resource("pssr/bench/report/plot.js") }
        val LINES_JS: String by lazy { resource("pssr/bench/report/lines.js") }
        val SERIES_JS: String by lazy { resource("pssr/bench/report/series.js") }
        val EXPLORER_JS: String by lazy { resource("pssr/bench/report/explorer.js") }

        private fun resource(path: String): String = (
            Explorer::class.java.classLoader.getResourceAsStream(path)
                ?: error("$path is not on the classpath (the uplot webjar, bench's resources)")
            )
            .use { String(it.readAllBytes(), Charsets.UTF_8) }
            .also { check(!it.contains("</script", ignoreCase = true)) { "$path would end its <script> element early" } }
    }
}
