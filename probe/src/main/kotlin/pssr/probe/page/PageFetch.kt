package pssr.probe.page

import pssr.probe.ProbeResult
import pssr.probe.StreamProbe
import java.io.IOException
import java.net.ConnectException
import java.net.NoRouteToHostException
import java.net.SocketTimeoutException
import java.net.URI
import java.net.URISyntaxException
import java.net.UnknownHostException
import java.time.Duration
import javax.net.ssl.SSLException

/** Something about the URL or its answer that makes a probe meaningless: one line for the user. */
class ProbeFailure(message: String) : RuntimeException(message)

/** One page fetched as a browser would: redirects followed, compression accepted, the final answer timed chunk by chunk. */
data class Fetched(val url: URI, val redirects: List<URI>, val result: ProbeResult)

object PageFetch {
    const val MAX_REDIRECTS = 10

    /** What browsers send: compression is on the wire by default, so a probe without it would miss a buffering compressor. */
    val BROWSER_ENCODINGS = mapOf("Accept-Encoding" to "gzip, deflate")

    /** Parses what the user typed; only absolute http(s) URLs with a host can be probed. */
    fun parse(text: String): URI {
        val uri = try {
            URI(text)
        } catch (e: URISyntaxException) {
            throw ProbeFailure("not a URL: '$text' (${e.reason})")
        }
        if (uri.scheme == null || uri.scheme.lowercase() !in setOf("http", "https") || uri.host.isNullOrEmpty()) {
            throw ProbeFailure("not an http(s) URL: '$text' (expected for example http://localhost:8080/page)")
        }
        return uri
    }

    /**
     * GETs [url], following up to [MAX_REDIRECTS] redirects; the whole of it is bounded by [timeout].
     * Throws [ProbeFailure] for everything that leaves nothing to judge: no connection, TLS failure, a
     * redirect loop, an error status, an answer that is not HTML (unless [htmlOnly] is false), a page that never ends.
     */
    fun fetch(url: URI, timeout: Duration, headers: Map<String, String> = BROWSER_ENCODINGS, htmlOnly: Boolean = true): Fetched {
        val deadline = System.nanoTime() + timeout.toNanos()
        val seen = mutableListOf<URI>()
        var current = url
        while (true) {
            if (current in seen) throw ProbeFailure("redirect loop: ${(seen.dropWhile { it != current } + current).joinToString(" -> ")}")
            if (seen.size > MAX_REDIRECTS) throw ProbeFailure("more than $MAX_REDIRECTS redirects from $url (last: $current)")
            seen += current
            val left = Duration.ofNanos(deadline - System.nanoTime())
            if (left.isNegative || left.isZero) {
                throw ProbeFailure("no answer from $url within ${timeout.toSeconds()} s (--timeout) after ${seen.size - 1} redirects")
            }
            val result = get(current, headers, left, timeout)
            if (result.status in 300..399 && result.header("location") != null) {
                current = try {
                    current.resolve(result.header("location")!!.trim())
                } catch (e: IllegalArgumentException) {
                    throw ProbeFailure("$current redirects to an invalid location: '${result.header("location")}'")
                }
                if (current.scheme?.lowercase() !in setOf("http", "https")) {
                    throw ProbeFailure("$url redirects to $current, which is not http(s)")
                }
                continue
            }
            check(result, current, timeout, htmlOnly)
            return Fetched(current, seen.dropLast(1), result)
        }
    }

    private fun get(url: URI, headers: Map<String, String>, left: Duration, timeout: Duration): ProbeResult {
        val where = "${url.host}:${if (url.port > 0) {
            url.port
        } else if (url.scheme.equals("https", true)) {
            443
        } else {
            80
        }}"
        return try {
            StreamProbe.get(url, headers, left)
        } catch (e: SSLException) {
            throw ProbeFailure("TLS handshake with $where failed: ${oneLine(e.message ?: e.javaClass.simpleName)}")
        } catch (e: ConnectException) {
            throw ProbeFailure("cannot connect to $where: ${oneLine(e.message ?: "connection refused").lowercase()}")
        } catch (e: UnknownHostException) {
            throw ProbeFailure("unknown host: ${url.host}")
        } catch (e: NoRouteToHostException) {
            throw ProbeFailure("no route to $where")
        } catch (e: SocketTimeoutException) {
            throw ProbeFailure("no answer from $where within ${timeout.toSeconds()} s (--timeout)")
        } catch (e: IOException) {
            throw ProbeFailure("request to $url failed: ${oneLine(e.message ?: e.javaClass.simpleName)}")
        }
    }

    private fun check(r: ProbeResult, url: URI, timeout: Duration, htmlOnly: Boolean) {
        if (r.status == 0 && r.error == "did not end within the timeout") {
            throw ProbeFailure("no answer from $url within ${timeout.toSeconds()} s (--timeout)")
        }
        if (r.status == 0) throw ProbeFailure("$url: no HTTP answer (${r.error ?: "nothing received"})")
        if (r.error == "did not end within the timeout") {
            throw ProbeFailure(
                "$url did not end within ${timeout.toSeconds()} s (--timeout): ${r.raw.size} bytes in ${r.chunks.size} chunks so far",
            )
        }
        if (r.error == "timed out waiting for the server" && r.chunks.isEmpty()) {
            throw ProbeFailure("$url sent headers but no body within ${timeout.toSeconds()} s (--timeout)")
        }
        if (r.status !in 200..299) {
            throw ProbeFailure(
                "$url answered ${r.status}${if (r.status in 300..399) " without a Location" else ""}: probe a page that answers 200",
            )
        }
        if (htmlOnly && !isHtml(r)) {
            throw ProbeFailure(
                "$url is not an HTML page: it answered ${r.header("content-type")?.substringBefore(';')?.trim() ?: "no Content-Type"}",
            )
        }
    }

    /** Whether the answer says it is an HTML page (text/html or XHTML). */
    fun isHtml(r: ProbeResult): Boolean =
        r.header("content-type")?.substringBefore(';')?.trim()?.lowercase() in setOf("text/html", "application/xhtml+xml")

    private fun oneLine(s: String) = s.lineSequence().first().trim()
}
