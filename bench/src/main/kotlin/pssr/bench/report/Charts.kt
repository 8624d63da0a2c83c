package pssr.bench.report

import java.awt.BasicStroke
import java.awt.Color
import java.awt.Font
import java.util.Base64
import kotlin.math.abs
import kotlin.math.log2
import kotlin.math.pow
import kotlin.math.roundToInt
import org.knowm.xchart.BitmapEncoder
import org.knowm.xchart.XYChart
import org.knowm.xchart.XYSeries
import org.knowm.xchart.style.Styler
import org.knowm.xchart.style.lines.SeriesLines
import org.knowm.xchart.style.markers.Marker
import org.knowm.xchart.style.markers.SeriesMarkers
import pssr.bench.measure.TimelinePoint

/**
 * Charts for the report: XChart rendered headless to PNG and returned as `data:` URIs, so report.html
 * needs no file next to it and no network. The x axis is users on a log2 scale (1, 2, 4 .. 128, like the
 * paper's figures): points are placed at log2(users) and the ticks are labelled with the user count.
 */
object Charts {
    init {
        System.setProperty("java.awt.headless", "true")
    }

    enum class Kind { LINE, DASHED, DOTTED, POINTS }

    /** One series: (users, value) points, NaN values are left out. */
    data class Series(
        val name: String,
        val points: List<Pair<Int, Double>>,
        val color: Color,
        val kind: Kind = Kind.LINE,
        val marker: Marker = SeriesMarkers.CIRCLE,
        val width: Float = 2f,
    )

    val palette = listOf(
        Color(0x1f77b4), Color(0xd62728), Color(0x2ca02c), Color(0xff7f0e), Color(0x9467bd), Color(0x8c564b),
        Color(0xe377c2), Color(0x17becf), Color(0xbcbd22), Color(0x393b79), Color(0x637939), Color(0x843c39),
    )
    val grey = Color(0x7f7f7f)
    val lightGrey = Color(0xb0b0b0)
    val black = Color(0x222222)
    val red = Color(0xd00000)

    /**
     * A users-on-x chart as a PNG data URI, or null when no series has a plottable point (a chart with
     * nothing in it is left out of the report rather than drawn empty).
     */
    fun usersChart(title: String, yTitle: String, series: List<Series>, logY: Boolean = false, width: Int = 1000, height: Int = 430, yMax: Double? = null,
                   xTitle: String = "concurrent users (log2 scale)"): String? {
        val plottable = series.map { s -> s.copy(points = s.points.filter { (u, v) -> u > 0 && v.isFinite() && (!logY || v > 0) }) }
            .filter { it.points.isNotEmpty() }
        if (plottable.isEmpty()) return null
        val chart = XYChart(width, height)
        chart.title = title
        chart.xAxisTitle = xTitle
        chart.yAxisTitle = yTitle
        style(chart)
        val xs = plottable.flatMap { s -> s.points.map { log2(it.first.toDouble()) } }
        chart.styler.setXAxisMin(minOf(0.0, xs.min()))
        chart.styler.setXAxisMax(maxOf(xs.max(), 1.0))
        chart.styler.setYAxisLogarithmic(logY)
        if (!logY) chart.styler.setYAxisMin(0.0)
        if (yMax != null && yMax > 0) chart.styler.setYAxisMax(yMax)
        chart.setCustomXAxisTickLabelsFormatter { v -> if (abs(v - v.roundToInt()) < 1e-6) "%d".format(2.0.pow(v.roundToInt()).roundToInt()) else "" }
        chart.setCustomYAxisTickLabelsFormatter { v -> if (!logY || oneTwoFive(v)) Fmt.compact(v) else "" }
        for (s in plottable) {
            val x = s.points.map { log2(it.first.toDouble()) }.toDoubleArray()
            val y = s.points.map { it.second }.toDoubleArray()
            val xy = chart.addSeries(uniqueName(chart, s.name), x, y)
            xy.setLineColor(s.color)
            xy.setMarkerColor(s.color)
            xy.setMarker(s.marker)
            when (s.kind) {
                Kind.LINE -> xy.setLineStyle(BasicStroke(s.width))
                Kind.DASHED -> xy.setLineStyle(BasicStroke(s.width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_BEVEL, 10f, floatArrayOf(6f, 4f), 0f))
                Kind.DOTTED -> xy.setLineStyle(BasicStroke(s.width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, floatArrayOf(1.5f, 4f), 0f))
                Kind.POINTS -> { xy.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter); xy.setLineStyle(SeriesLines.NONE) }
            }
        }
        return png(chart)
    }

    /** Cumulative body bytes against arrival time for a set of routes (a chunk timeline). */
    fun timelineChart(title: String, series: List<Pair<String, List<Pair<Double, Int>>>>, width: Int = 1000, height: Int = 380,
                      xTitle: String = "ms after the request (itemDelayMs=100)"): String? {
        val ok = series.filter { it.second.isNotEmpty() }
        if (ok.isEmpty()) return null
        val chart = XYChart(width, height)
        chart.title = title
        chart.xAxisTitle = xTitle
        chart.yAxisTitle = "bytes received"
        style(chart)
        chart.styler.setXAxisMin(0.0)
        chart.styler.setYAxisMin(0.0)
        ok.forEachIndexed { i, (name, chunks) ->
            var total = 0
            val xs = ArrayList<Double>(); val ys = ArrayList<Double>()
            for ((t, b) in chunks.sortedBy { it.first }) {
                xs += t; ys += total.toDouble()
                total += b
                xs += t; ys += total.toDouble()
            }
            val s = chart.addSeries(uniqueName(chart, name), xs.toDoubleArray(), ys.toDoubleArray())
            s.setLineColor(palette[i % palette.size])
            s.setMarkerColor(palette[i % palette.size])
            s.setMarker(SeriesMarkers.NONE)
            s.setLineStyle(BasicStroke(1.6f))
        }
        return png(chart)
    }

    /** On a log axis, label only 1, 2 and 5 times a power of ten (the other grid lines stay, unlabelled). */
    private fun oneTwoFive(v: Double): Boolean {
        if (v <= 0 || !v.isFinite()) return false
        val m = v / 10.0.pow(kotlin.math.floor(kotlin.math.log10(v)))
        return listOf(1.0, 2.0, 5.0, 10.0).any { abs(m - it) < 1e-6 * it }
    }

    private fun uniqueName(chart: XYChart, name: String): String {
        var n = name; var i = 2
        while (chart.getSeries(n) != null) n = "$name ($i)".also { i++ }
        return n
    }

    private fun style(chart: XYChart) {
        val st = chart.styler
        st.setChartBackgroundColor(Color.WHITE)
        st.setPlotBackgroundColor(Color.WHITE)
        st.setPlotGridLinesColor(Color(0xe6e6e6))
        st.setPlotBorderVisible(false)
        st.setLegendPosition(Styler.LegendPosition.OutsideE)
        st.setLegendBorderColor(Color.WHITE)
        st.setLegendFont(Font(Font.SANS_SERIF, Font.PLAIN, 11))
        st.setChartTitleFont(Font(Font.SANS_SERIF, Font.BOLD, 14))
        st.setAxisTitleFont(Font(Font.SANS_SERIF, Font.PLAIN, 12))
        st.setAxisTickLabelsFont(Font(Font.SANS_SERIF, Font.PLAIN, 11))
        st.setMarkerSize(7)
        st.setChartTitleBoxVisible(false)
        st.setYAxisLogarithmicDecadeOnly(false)
    }

    /**
     * A small chart of one route's server over time, its levels' measured windows back to back: CPU % of one
     * core on the left axis, heap used (MB) on the right; null with no readings.
     */
    private val TimelinePointZero = pssr.bench.measure.TimelinePoint(0.0, 0.0, 0.0, 0.0, 0)

    fun resourceTimeline(title: String, levels: List<Pair<Int, List<pssr.bench.measure.TimelinePoint>>>, width: Int = 520, height: Int = 220): String? {
        val ordered = levels.filter { it.second.isNotEmpty() }.sortedBy { it.first }
        if (ordered.isEmpty()) return null
        val xs = ArrayList<Double>(); val cpu = ArrayList<Double>(); val heap = ArrayList<Double>(); val gc = ArrayList<Double>()
        var offset = 0.0
        for ((_, points) in ordered) {
            var before = TimelinePointZero
            for (p in points) {
                xs += offset + p.seconds; cpu += p.cpuPct; heap += if (p.heapMb.isFinite()) p.heapMb else 0.0
                // GC time is cumulative over the window: its share of each interval, in % of wall time
                val dt = (p.seconds - before.seconds) * 1000
                gc += if (dt > 0 && p.gcMs.isFinite() && before.gcMs.isFinite()) ((p.gcMs - before.gcMs) / dt * 100).coerceAtLeast(0.0) else 0.0
                before = p
            }
            offset += points.last().seconds
        }
        val chart = XYChart(width, height)
        chart.title = title
        chart.xAxisTitle = "s, measured windows of ${ordered.joinToString(", ") { it.first.toString() }} users"
        style(chart)
        chart.styler.setLegendPosition(Styler.LegendPosition.InsideNW)
        chart.styler.setMarkerSize(0)
        chart.styler.setYAxisMin(0, 0.0)
        chart.styler.setYAxisMin(1, 0.0)
        chart.setYAxisGroupTitle(0, "CPU %, GC %")
        chart.setYAxisGroupTitle(1, "heap MB")
        chart.addSeries("CPU %", xs.toDoubleArray(), cpu.toDoubleArray()).apply { setLineColor(palette[0]); setMarker(SeriesMarkers.NONE); yAxisGroup = 0 }
        chart.addSeries("GC % of time", xs.toDoubleArray(), gc.toDoubleArray()).apply { setLineColor(red); setMarker(SeriesMarkers.NONE); yAxisGroup = 0 }
        chart.addSeries("heap MB", xs.toDoubleArray(), heap.toDoubleArray()).apply { setLineColor(palette[3]); setMarker(SeriesMarkers.NONE); yAxisGroup = 1 }
        chart.styler.setYAxisGroupPosition(1, Styler.YAxisPosition.Right)
        return png(chart)
    }

    private fun png(chart: XYChart): String =
        "data:image/png;base64," + Base64.getEncoder().encodeToString(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG))
}

/** The one number formatter (markup/Fmt), named here for the report's files that call it unqualified. */
typealias Fmt = pssr.bench.markup.Fmt
