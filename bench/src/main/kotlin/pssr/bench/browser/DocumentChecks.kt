package pssr.bench.browser

import pssr.bench.console.Fmt
import pssr.bench.markup.Table
import pssr.bench.results.Probed
import pssr.bench.results.RouteCheck
import pssr.probe.StreamProbe
import pssr.probe.Verdict
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.time.Duration

/**
 * Seed 002 §3 on the wire: every demo page with a naive rendering (an asynchronous template that does not wait for its data,
 * Listing 1.4) fetched at [ITEM_DELAY_MS] per item beside the renderings that wait for it (suspending, virtual; PSSR on and
 * off). A document is well-formed when nothing but white space follows its first `</html>`; its verdict is the
 * verification's ([Verdict.of]: streams, buffered, or malformed when not well-formed). `./pssr browser` writes them to its
 * folder's verification.csv under the framework [FRAMEWORK], where the claims read them (`002-3-naive-async-malformed`).
 */
object DocumentChecks {
    const val FRAMEWORK = "demo"
    const val ITEM_DELAY_MS = 100L
    private const val END = "</html>"
    private const val STRAY_SHOWN = 60

    /** The cases: each page that has a naive rendering, in every rendering it supports, PSSR on and off (the naive page: on only). */
    fun cases(pages: List<DemoPage>): List<BrowserCase> = pages.filter { it.supports(DemoRendering.NAIVE) && it.itemMarker != null }
        .flatMap { p ->
            DemoRendering.entries.filter(p::supports).flatMap { r ->
                (if (r == DemoRendering.NAIVE) listOf(true) else listOf(false, true)).map { BrowserCase(p, r, it) }
            }
        }

    /** The checks as the console shows them: one line per page, rendering and mode, the document before the timing. */
    fun table(checks: List<RouteCheck>): String = Table(
        listOf("page", "rendering", "pssr", "document", "verdict", "1st item ms", "last byte ms", "chunks"),
        checks.map { c ->
            listOf(
                c.model,
                c.approach,
                if (c.claimsStreaming) "on" else "off",
                if (c.bodyOk) "well-formed" else c.error.substringBefore(':'),
                c.verdict,
                Fmt.fixed(c.firstItemMs, 0),
                Fmt.fixed(c.lastByteMs, 0),
                c.chunks.toString(),
            )
        },
    ).render()

    /** What follows the document's first `</html>` (all of [body] when it has none), trimmed. */
    fun afterEnd(body: String): String = body.indexOf(END).let { if (it < 0) body else body.substring(it + END.length) }.trim()

    fun check(host: String, port: Int, c: BrowserCase): RouteCheck {
        val path = c.path(ITEM_DELAY_MS)
        val probed = Probed(FRAMEWORK, c.page.id, c.rendering.id, c.rendering.id, path, c.pssr)
        val result = try {
            StreamProbe.get(host, port, path, c.page.itemMarker, Duration.ofSeconds(30))
        } catch (e: Exception) {
            return probed.failed("${e.message}")
        }
        val stray = afterEnd(result.body)
        val wellFormed = result.body.contains(END) && stray.isEmpty()
        val verdict = Verdict.of(result, c.page.itemCount, ITEM_DELAY_MS, wellFormed)
        val error = when {
            result.error != null -> result.error!!
            result.status != 200 -> "status ${result.status}"
            !result.body.contains(END) -> "no closing html tag"
            !wellFormed -> "${stray.length} characters after the closing html tag: ${stray.take(STRAY_SHOWN)}"
            else -> ""
        }
        return probed.measured(verdict, wellFormed, result, error)
    }
}
