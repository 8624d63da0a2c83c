package pssr.probe.page

import pssr.probe.browser.Chromium
import java.net.URI
import java.nio.file.Files
import java.nio.file.Path

/** What headless Chromium showed: its first contentful paint and a filmstrip (frames written to disk). */
data class BrowserView(
    val firstContentfulPaintMs: Double?,
    val firstByteMs: Double,
    val loadEventMs: Double,
    val frames: List<Path>,
    val frameMillis: List<Long>,
)

/**
 * `probe --browser`: the page in headless Chromium (the browser module's DevTools client), once for its
 * paint timings and once for a filmstrip at fixed instants spread over the time the probe measured.
 */
object BrowserLook {
    const val FRAMES = 6

    fun look(browser: Chromium, url: URI, lastByteMillis: Double, dir: Path, name: String): BrowserView {
        Files.createDirectories(dir)
        val load = browser.newPage().use { it.load(url.toString()) }
        // frames from the start to a little after the last byte, so the finished page is the last one
        val end = (lastByteMillis * 1.2).toLong().coerceAtLeast(200)
        val instants = (0 until FRAMES).map { i -> end * i / (FRAMES - 1) }
        val frames = browser.newPage().use { it.filmstrip(url.toString(), instants) }
        val files = frames.map { f ->
            dir.resolve("$name-${"%05d".format(f.wantedMillis)}ms.png").also { Files.write(it, f.png) }
        }
        return BrowserView(load.firstContentfulPaintMs, load.firstByteMs, load.loadEventMs, files, frames.map { it.atMillis })
    }
}
