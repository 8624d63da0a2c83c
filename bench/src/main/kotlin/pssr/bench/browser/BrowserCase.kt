package pssr.bench.browser

import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.nio.file.Path

/** One page x rendering x mode. */
data class BrowserCase(val page: DemoPage, val rendering: DemoRendering, val pssr: Boolean) {
    val mode get() = if (pssr) "on" else "off"
    val id get() = "${page.id}-${rendering.id}-pssr-$mode"
    fun path(itemDelayMs: Long? = null) = "/demo/${page.id}/${rendering.id}?pssr=$mode" + (itemDelayMs?.let { "&itemDelayMs=$it" } ?: "")
}

/** The figures of one Lighthouse run, read from its JSON report (milliseconds; score 0..100). */
data class LighthouseRun(
    val case: BrowserCase?,
    val run: Int,
    val throttling: String,
    val file: Path,
    val score: Double,
    val fcp: Double,
    val lcp: Double,
    val speedIndex: Double,
    val ttfb: Double,
    val observedFcp: Double,
    val warnings: List<String>,
)
