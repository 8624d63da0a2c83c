package pssr.bench.load

import pssr.bench.console.UsageError
import pssr.bench.run.Remote
import pssr.probe.StreamProbe
import pssr.probe.page.PageFetch
import pssr.probe.page.PageProbe
import pssr.probe.page.PageReport
import pssr.probe.page.ProbeFailure
import java.net.URI
import java.time.Duration

/**
 * A user's page as `./pssr load` learned it before any load: [unloaded] is one probe fetch (the probe's own code:
 * status, compression, the streaming verdict without load), [bytes] the body's length as the load driver receives it
 * (wrk sends no Accept-Encoding, so the uncompressed body), [html] whether responses must end with `</html>`.
 * [label] is A or B, the name every table and chart uses.
 */
data class LoadPage(val label: String, val url: URI, val unloaded: PageReport, val bytes: Int, val body: String, val html: Boolean) {
    val host: String get() = url.host
    val port: Int get() = if (url.port > 0) url.port else 80
    val pathAndQuery: String get() = (url.rawPath.ifEmpty { "/" }) + (url.rawQuery?.let { "?$it" } ?: "")

    companion object {
        /**
         * Fetches [text] once as the probe does, then once as the driver will. Everything that makes a load test
         * meaningless is one [UsageError] here, before any load: not an http URL, another machine without
         * [allowRemote], no connection, a redirect (load the page it ends at: wrk would measure the redirect), a
         * non-2xx status, a page that does not end within [timeout].
         */
        fun learn(label: String, text: String, timeout: Duration, allowRemote: Boolean): LoadPage {
            val url = try {
                PageFetch.parse(text)
            } catch (e: ProbeFailure) {
                throw UsageError(e.message!!)
            }
            if (url.scheme.lowercase() != "http") {
                throw UsageError("$text: ./pssr load drives plain HTTP/1.1 (wrk); give the server's http:// address on loopback")
            }
            Remote.checkLoopback(text, allowRemote, "./pssr load URL")
            val report = try {
                PageProbe.probe(url, timeout, htmlOnly = false)
            } catch (e: ProbeFailure) {
                throw UsageError(e.message!!)
            }
            if (report.redirects.isNotEmpty()) {
                throw UsageError(
                    "$url redirects to ${report.finalUrl}; load the page it ends at (under load every answer would be the redirect)",
                )
            }
            val plain = try {
                StreamProbe.get(url, mapOf("Accept-Encoding" to "identity"), timeout)
            } catch (e: Exception) {
                throw UsageError("$url: the uncompressed fetch failed: ${e.message ?: e.javaClass.simpleName}")
            }
            // under load every answer but a complete 200 counts as a failure
            if (plain.status != 200 || !plain.complete) {
                throw UsageError(
                    "$url answered ${plain.status}${plain.error?.let { " ($it)" } ?: ""} when fetched without compression; " +
                        "under load every answer but 200 is a failure, so give a page that answers 200 both ways",
                )
            }
            return LoadPage(label, url, report, plain.raw.size, plain.body, PageFetch.isHtml(plain))
        }
    }
}
