package pssr.bench.report

import org.knowm.xchart.BitmapEncoder
import org.knowm.xchart.XYChart
import org.knowm.xchart.style.Styler
import org.knowm.xchart.style.markers.SeriesMarkers
import pssr.bench.markup.Fmt
import java.awt.Color
import java.awt.Font
import java.util.Base64
import kotlin.math.abs

/**
 * The one PNG chart left in the reports, the run report's small resource timelines (CPU and heap on two y axes): XChart
 * rendered headless and returned as `data:` URIs, so report.html needs no file next to it and no network. Every other
 * chart is drawn in the browser from the page's data (Explorer, Figure).
 */
object Charts {
    init {
        System.setProperty("java.awt.headless", "true")
    }

    /** The series colours, the same as plot.js's. */
    val palette = listOf(
        Color(0x1f77b4), Color(0xd62728), Color(0x2ca02c), Color(0xff7f0e), Color(0x9467bd), Color(0x8c564b),
        Color(0xe377c2), Color(0x17becf), Color(0xbcbd22), Color(0x393b79), Color(0x637939), Color(0x843c39),
    )
    val red = Color(0xd00000)

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

    fun resourceTimeline(
        title: String,
        levels: List<Pair<Int, List<pssr.bench.measure.TimelinePoint>>>,
        width: Int = 520,
        height: Int = 220,
    ): String? {
        val ordered = levels.filter { it.second.isNotEmpty() }.sortedBy { it.first }
        if (ordered.isEmpty()) return null
        val xs = ArrayList<Double>()
        val cpu = ArrayList<Double>()
        val heap = ArrayList<Double>()
        val gc = ArrayList<Double>()
        var offset = 0.0
        for ((_, points) in ordered) {
            var before = TimelinePointZero
            for (p in points) {
                xs += offset + p.seconds
                cpu += p.cpuPct
                heap += if (p.heapMb.isFinite()) p.heapMb else 0.0
                // GC time is cumulative over the window: its share of each interval, in % of wall time
                val dt = (p.seconds - before.seconds) * 1000
                gc += if (dt > 0 && p.gcMs.isFinite() && before.gcMs.isFinite()) {
                    ((p.gcMs - before.gcMs) / dt * 100)
                        .coerceAtLeast(0.0)
                } else {
                    0.0
                }
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
        chart.addSeries("CPU %", xs.toDoubleArray(), cpu.toDoubleArray()).apply {
            setLineColor(palette[0])
            setMarker(SeriesMarkers.NONE)
            yAxisGroup = 0
        }
        chart.addSeries("GC % of time", xs.toDoubleArray(), gc.toDoubleArray()).apply {
            setLineColor(red)
            setMarker(SeriesMarkers.NONE)
            yAxisGroup = 0
        }
        chart.addSeries("heap MB", xs.toDoubleArray(), heap.toDoubleArray()).apply {
            setLineColor(palette[3])
            setMarker(SeriesMarkers.NONE)
            yAxisGroup =
                1
        }
        chart.styler.setYAxisGroupPosition(1, Styler.YAxisPosition.Right)
        return png(chart)
    }

    private fun png(chart: XYChart): String =
        "data:image/png;base64," + Base64.getEncoder().encodeToString(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG))
}

/** The one number formatter (markup/Fmt), named here for the report's files that call it unqualified. */
