package pssr.bench.load

import pssr.bench.measure.Latency
import pssr.bench.measure.LatencySummary
import pssr.bench.measure.ProbeLoop
import pssr.bench.measure.ProbeSchedule
import pssr.bench.measure.SideProbe
import pssr.bench.measure.WindowProbe
import pssr.probe.Chunk
import pssr.probe.page.PageFetch
import pssr.probe.page.PageProbe
import pssr.probe.page.PageVerdict
import java.time.Duration

/**
 * What the side probe saw of a user's page during one window, in the probe's own definitions (docs/ARCHITECTURE.md,
 * "How probe decides whether a page streams"): time to first byte, to first visible content, to half the visible
 * text, to last byte (ms); how many samples each verdict got; and the chunk timeline of the sample with the median
 * last byte.
 */
data class PageFigures(
    val samples: Int,
    val failed: Int,
    val ttfb: LatencySummary,
    val firstContent: LatencySummary,
    val halfVisible: LatencySummary,
    val lastByte: LatencySummary,
    val verdicts: Map<PageVerdict, Int>,
    val typicalChunks: List<Chunk>,
) {
    /** The verdict most samples got (ties go to buffered, the one that asks for action); null without a judged sample. */
    val verdict: PageVerdict? get() = verdictOf(verdicts)

    companion object {
        fun verdictOf(counts: Map<PageVerdict, Int>): PageVerdict? {
            val judged = counts.filterValues { it > 0 }
            if (judged.isEmpty()) return null
            val top = judged.values.max()
            return listOf(PageVerdict.BUFFERED, PageVerdict.STREAMS, PageVerdict.TOO_FAST).first { judged[it] == top }
        }
    }
}

/**
 * The side probe for `./pssr load`: while the driver loads the page, fetches it as `./pssr probe` does (compression
 * accepted, its own connection, one request at a time, [ProbeLoop]) and judges each fetch with the probe's rule, so
 * the verdict under load is the same verdict a user gets unloaded. A foreign page has no item marker: first visible
 * content stands where pssr's own pages use the first item.
 */
class PageSideProbe(private val page: LoadPage, schedule: ProbeSchedule = ProbeSchedule.SHORT) : WindowProbe<PageFigures> {
    private val timeout = schedule.timeout
    private val ttfb = Latency.histogram()
    private val firstContent = Latency.histogram()
    private val half = Latency.histogram()
    private val last = Latency.histogram()
    private val verdicts = HashMap<PageVerdict, Int>()
    private val timelines = ArrayList<Pair<Double, List<Chunk>>>()
    private var samples = 0
    private var failed = 0
    private val loop = ProbeLoop(schedule.interval, schedule.timeout, schedule.inFlight) { sample() }

    private fun sample() {
        val report = try {
            PageProbe.analyse(page.url, PageFetch.fetch(page.url, timeout, htmlOnly = false))
        } catch (e: Exception) {
            null
        }
        synchronized(this) {
            samples++
            if (report == null || !report.complete || report.status != 200) {
                failed++
                return
            }
            SideProbe.record(ttfb, report.firstByteMillis)
            SideProbe.record(firstContent, report.firstVisibleMillis ?: report.lastByteMillis)
            SideProbe.record(half, report.halfVisibleMillis)
            SideProbe.record(last, report.lastByteMillis)
            verdicts.merge(report.verdict, 1, Int::plus)
            timelines += report.lastByteMillis to report.chunks
        }
    }

    override fun finish(): PageFigures {
        loop.finish()
        return synchronized(this) {
            val typical = timelines.sortedBy { it.first }.getOrNull(timelines.size / 2)?.second.orEmpty()
            PageFigures(
                samples,
                failed,
                LatencySummary.of(ttfb),
                LatencySummary.of(firstContent),
                LatencySummary.of(half),
                LatencySummary.of(last),
                verdicts.toMap(),
                typical,
            )
        }
    }

    override fun stopStarting() = loop.stopStarting()

    override fun close() = loop.close()
}
