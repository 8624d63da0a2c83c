package pssr.probe.page

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.SerializationFeature
import pssr.probe.Chunk
import java.util.Locale

/** Every probe of one URL (`--repeat N`): medians over the runs, and the verdict most runs gave. */
class ProbeSummary(val runs: List<PageReport>, val browser: BrowserView? = null) {
    init {
        require(runs.isNotEmpty())
    }

    /** The run whose last byte is the median one: its timeline and reason stand for the others. */
    val typical: PageReport = runs.sortedBy { it.lastByteMillis }[(runs.size - 1) / 2]
    val verdicts: Map<PageVerdict, Int> = runs.groupingBy { it.verdict }.eachCount()
    val verdict: PageVerdict = verdicts.entries.sortedWith(
        compareByDescending<Map.Entry<PageVerdict, Int>> { it.value }
            .thenBy { if (it.key == typical.verdict) 0 else 1 },
    ).first().key

    fun median(of: (PageReport) -> Double?): Double? {
        val values = runs.mapNotNull(of).sorted()
        if (values.isEmpty()) return null
        val mid = values.size / 2
        return if (values.size % 2 == 1) values[mid] else (values[mid - 1] + values[mid]) / 2
    }
}

object ProbeOutput {
    private const val WIDTH = 48
    private val BARS = "▁▂▃▄▅▆▇█"

    fun text(s: ProbeSummary): String = buildString {
        val r = s.typical
        val n = s.runs.size
        val m = if (n > 1) " (median of $n runs)" else ""
        appendLine(r.url.toString())
        if (r.redirects.isNotEmpty()) appendLine("  redirected ${(r.redirects.drop(1) + r.finalUrl).joinToString(" -> ")}")
        appendLine(
            "  answer     ${r.status} ${r.contentType.ifEmpty {
                "-"
            }} · ${r.compression?.let { "compressed: $it" } ?: "not compressed"} · " +
                "${r.transfer} · server: ${r.server ?: "not named"}",
        )
        appendLine(
            "  timing     first byte ${ms(s.median { it.firstByteMillis })} ms · first visible content " +
                (s.median { it.firstVisibleMillis }?.let { "${ms(it)} ms" } ?: "none") +
                (r.firstVisibleWhat?.let { " (\"$it\")" } ?: "") + " · " +
                "half visible ${ms(s.median { it.halfVisibleMillis })} ms · last byte ${ms(s.median { it.lastByteMillis })} ms$m",
        )
        appendLine(
            "  chunks     ${ms(s.median { it.chunks.size.toDouble() })} chunks$m, ${group(r.wireBytes)} bytes on the wire" +
                "${if (r.compression != null) " (${group(r.bodyChars)} characters decoded)" else ""}",
        )
        appendLine(
            "  timeline   |${sparkline(
                r.chunks,
                r.lastByteMillis,
            )}| 0-${ms(r.lastByteMillis)} ms, one column per ${ms(r.lastByteMillis / WIDTH)} ms",
        )
        val counts = if (n > 1) " [${s.verdicts.entries.joinToString(", ") { "${it.key} ${it.value} of $n" }}]" else ""
        appendLine("  verdict    ${s.verdict}$counts: ${r.reason}")
        val advice = if (r.verdict == s.verdict) r.advice else s.runs.first { it.verdict == s.verdict }.advice
        advice.forEach { appendLine("  advice     $it") }
        s.browser?.let { b ->
            appendLine(
                "  browser    first contentful paint ${b.firstContentfulPaintMs?.let {
                    "${ms(it)} ms"
                } ?: "none"} · first byte ${ms(b.firstByteMs)} ms · " +
                    "load event ${ms(b.loadEventMs)} ms (headless Chromium)",
            )
            appendLine(
                "  filmstrip  ${b.frames.size} frames at ${b.frameMillis.joinToString(
                    ", ",
                )} ms: ${b.frames.firstOrNull()?.parent ?: "-"}/" +
                    "${b.frames.firstOrNull()?.fileName?.toString()?.substringBeforeLast('-') ?: ""}-*.png",
            )
        }
        val warnings = s.runs.flatMap { it.warnings }.distinct()
        if (warnings.isEmpty()) {
            appendLine("  html       well-formed: nothing after </html>, tags balanced, no placeholders left")
        } else {
            warnings.forEach { appendLine("  html       WARNING $it") }
        }
    }

    /** One column per 1/[WIDTH] of the page's time; the bar's height is the bytes that arrived in it. */
    fun sparkline(chunks: List<Chunk>, lastMillis: Double, width: Int = WIDTH): String {
        val cols = LongArray(width)
        val span = if (lastMillis > 0) lastMillis else 1.0
        for (c in chunks) cols[((c.atMillis / span) * (width - 1)).toInt().coerceIn(0, width - 1)] += c.bytes.toLong()
        val max = cols.maxOrNull()?.takeIf { it > 0 } ?: return " ".repeat(width)
        return cols.joinToString("") { b ->
            if (b == 0L) {
                " "
            } else {
                BARS[((b * BARS.length + max - 1) / max - 1).toInt().coerceIn(0, BARS.length - 1)].toString()
            }
        }
    }

    private val mapper = ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)

    fun json(summaries: List<ProbeSummary>): String = mapper.writeValueAsString(
        summaries.map { s ->
            linkedMapOf(
                "url" to s.typical.url.toString(),
                "runs" to s.runs.size,
                "verdict" to s.verdict.label,
                "verdicts" to s.verdicts.entries.associate { it.key.label to it.value },
                "median" to linkedMapOf(
                    "firstByteMs" to s.median { it.firstByteMillis },
                    "firstVisibleMs" to s.median { it.firstVisibleMillis },
                    "halfVisibleMs" to s.median { it.halfVisibleMillis },
                    "lastByteMs" to s.median { it.lastByteMillis },
                    "chunks" to s.median { it.chunks.size.toDouble() },
                ),
                "browser" to s.browser?.let { b ->
                    linkedMapOf(
                        "firstContentfulPaintMs" to b.firstContentfulPaintMs,
                        "firstByteMs" to b.firstByteMs,
                        "loadEventMs" to b.loadEventMs,
                        "filmstrip" to b.frames.zip(b.frameMillis).map { (f, at) -> linkedMapOf("atMs" to at, "file" to f.toString()) },
                    )
                },
                "probes" to s.runs.map(::reportMap),
            )
        },
    )

    /** One probe of one page as JSON: every figure and the chunk timeline. */
    fun reportMap(r: PageReport): Map<String, Any?> = linkedMapOf(
        "finalUrl" to r.finalUrl.toString(),
        "redirects" to r.redirects.map { it.toString() },
        "status" to r.status,
        "contentType" to r.contentType,
        "compression" to r.compression,
        "transfer" to r.transfer,
        "server" to r.server,
        "connectMs" to r.connectMillis,
        "firstByteMs" to r.firstByteMillis,
        "firstVisibleMs" to r.firstVisibleMillis,
        "firstVisibleText" to r.firstVisibleWhat,
        "halfVisibleMs" to r.halfVisibleMillis,
        "lastByteMs" to r.lastByteMillis,
        "chunks" to r.chunks.map { linkedMapOf("atMs" to it.atMillis, "bytes" to it.bytes) },
        "wireBytes" to r.wireBytes,
        "bodyChars" to r.bodyChars,
        "complete" to r.complete,
        "verdict" to r.verdict.label,
        "reason" to r.reason,
        "advice" to r.advice.map { linkedMapOf("cause" to it.cause, "evidence" to it.evidence, "fix" to it.fix) },
        "warnings" to r.warnings,
    )

    private fun ms(v: Double?) = if (v == null) "-" else "%.0f".format(Locale.ROOT, v)
    private fun group(v: Int) = "%,d".format(Locale.ROOT, v)
}
