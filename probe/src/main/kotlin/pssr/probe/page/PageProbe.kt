
package pssr.probe.page

import pssr.probe.Chunk
import java.net.URI
import java.time.Duration
import java.util.Locale

/** What `probe URL` concludes about a page. */
enum class PageVerdict(val label: String) {
    STREAMS("streams"),
    BUFFERED("buffered"),
    TOO_FAST("too fast to tell"),
    ;

    override fun toString() = label
}

/**
 * One probe of one page: how it came off the wire, when its content became visible, the verdict with its
 * reason, advice when it is buffered, and the HTML warnings. Times are milliseconds after the request was
 * sent; every figure is from this probe.
 */
data class PageReport(
    val url: URI,
    val finalUrl: URI,
    val redirects: List<URI>,
    val status: Int,
    val contentType: String,
    val compression: String?,
    val transfer: String,
    val server: String?,
    val connectMillis: Double,
    val firstByteMillis: Double,
    val firstVisibleMillis: Double?,
    val firstVisibleWhat: String?,
    val halfVisibleMillis: Double,
    val lastByteMillis: Double,
    val chunks: List<Chunk>,
    val wireBytes: Int,
    val bodyChars: Int,
    val complete: Boolean,
    val verdict: PageVerdict,
    val reason: String,
    val advice: List<Advice>,
    val warnings: List<String>,
)

/**
 * `probe URL`: fetch a page as a browser would and decide, from the chunk timestamps and the HTML, whether
 * its content streams.
 *
 * The rule (docs/ARCHITECTURE.md, "How probe decides whether a page streams"): a page *streams* when its
 * body took at least [STREAM_LEAD] of the page's total time to arrive (first body byte to last byte), and
 * half of its visible text had arrived at least [STREAM_LEAD] of that body time before the last byte.
 * Visible text rather than bytes, because a page that flushes only its `<head>` (styles, scripts) early
 * and its content at the end looks like streaming by bytes but not to the user. Time before the first byte
 * is not held against a page: from the wire, a server that thinks and one that buffers look alike until
 * something arrives. A page whose server time (last byte minus one network round trip, estimated by the
 * TCP connect) is under [MIN_SERVER_MILLIS] is *too fast to tell*: there is nothing to stream.
 */
object PageProbe {
    /** Content arriving evenly puts its half at ~50% of the body time, a buffered page at ~100%: 25% sits between, with margin. */
    const val STREAM_LEAD = 0.25

    /** Below this, streaming and buffering look alike and no user could see the difference. */
    const val MIN_SERVER_MILLIS = 100.0

    fun probe(url: URI, timeout: Duration, htmlOnly: Boolean = true): PageReport {
        val fetched = PageFetch.fetch(url, timeout, htmlOnly = htmlOnly)
        val report = analyse(url, fetched)
        if (report.compression == null || report.verdict != PageVerdict.BUFFERED) return report
        // compressed and buffered: fetch it once more without compression, to measure whether the compressor is the cause
        val plain = runCatching {
            analyse(url, PageFetch.fetch(url, timeout, mapOf("Accept-Encoding" to "identity"), htmlOnly))
        }.getOrNull()
        // buffered without compression too: the uncompressed answer shows the server's own buffer (its chunk sizes)
        val uncompressed = plain?.takeIf { it.verdict == PageVerdict.BUFFERED }?.advice.orEmpty()
            .filter { !it.evidence.startsWith("server not identified") }.map { it.copy(evidence = "without compression: ${it.evidence}") }
        val advice = Advisor.advise(fetched.result, report.compression, plain?.verdict)
        return report.copy(advice = uncompressed + advice.filter { a -> uncompressed.none { it.cause == a.cause } })
    }

    fun analyse(url: URI, fetched: Fetched): PageReport {
        val r = fetched.result
        val decoded = DecodedBody.of(r)
        val html = HtmlCheck(decoded.text)
        val last = r.lastByteMillis
        val firstBody = r.chunks.firstOrNull()?.atMillis ?: last
        val visible = html.visible.mapNotNull { v -> decoded.arrivalOf(maxOf(0, v.endIndex - 1))?.let { it to v } }
        val firstVisible = visible.minByOrNull { it.first }
        val half = halfTime(visible.map { it.first to it.second.chars }) ?: halfTime(r.chunks.map { it.atMillis to it.bytes }) ?: last
        val serverMillis = last - r.connectMillis
        val what = if (visible.isNotEmpty()) "of the visible text" else "of the body"
        val window = last - firstBody
        val lateStart = if (firstBody >= STREAM_LEAD * last) ", after nothing for ${ms(firstBody)} ms" else ""
        val (verdict, reason) = when {
            serverMillis < MIN_SERVER_MILLIS ->
                PageVerdict.TOO_FAST to
                    "the whole page took ${ms(
                        last,
                    )} ms${if (r.connectMillis >= 1) " (${ms(r.connectMillis)} ms of it network)" else ""}, " +
                    "under ${ms(MIN_SERVER_MILLIS)} ms: nothing to see streaming; probe it while its data is slow (a slow query or service)"

            window < STREAM_LEAD * last ->
                PageVerdict.BUFFERED to
                    "first body byte arrived ${ms(
                        window,
                    )} ms before the last (at ${ms(firstBody)} of ${ms(last)} ms): the whole page was " +
                    "buffered"

            last - half >= STREAM_LEAD * window ->
                PageVerdict.STREAMS to
                    "half $what had arrived at ${ms(half)} ms, ${ms(last - half)} ms before the last byte (${ms(last)} ms): the page " +
                    "streams$lateStart"

            else ->
                PageVerdict.BUFFERED to
                    "the first body bytes came at ${ms(
                        firstBody,
                    )} ms, but half $what only at ${ms(half)} ms, ${ms(last - half)} ms before " +
                    "the last byte (${ms(last)} ms): only the beginning was sent early, the content was buffered"
        }
        val warnings = buildList {
            if (!r.complete) add("the body is incomplete (${r.error ?: "no terminating chunk"}): the server aborted the page")
            addAll(html.warnings)
        }
        val encoding = decoded.encoding
        return PageReport(
            url = url, finalUrl = fetched.url, redirects = fetched.redirects, status = r.status,
            contentType = r.header("content-type").orEmpty(), compression = encoding,
            transfer = when {
                r.chunked -> "chunked"
                r.header("content-length") != null -> "Content-Length ${r.header("content-length")}"
                else -> "until close"
            },
            server = r.header("server"), connectMillis = r.connectMillis, firstByteMillis = r.firstByteMillis,
            firstVisibleMillis = firstVisible?.first, firstVisibleWhat = firstVisible?.second?.what,
            halfVisibleMillis = half, lastByteMillis = last, chunks = r.chunks, wireBytes = r.raw.size,
            bodyChars = decoded.text.length, complete = r.complete, verdict = verdict, reason = reason,
            advice = if (verdict == PageVerdict.BUFFERED) Advisor.advise(r, encoding, null) else emptyList(),
            warnings = warnings,
        )
    }

    /** The time by which half of the weight had arrived, from (arrival, weight) pairs. */
    private fun halfTime(points: List<Pair<Double, Int>>): Double? {
        val total = points.sumOf { it.second.toLong() }
        if (total == 0L) return null
        var sum = 0L
        for ((at, weight) in points.sortedBy { it.first }) {
            sum += weight
            if (2 * sum >= total) return at
        }
        return null
    }

    private fun ms(v: Double) = "%.0f".format(Locale.ROOT, v)
}
