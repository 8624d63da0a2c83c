package pssr.probe.page

import pssr.probe.ProbeResult

/** One known cause of buffering, the evidence that points to it, and the setting to change. */
data class Advice(val cause: String, val evidence: String, val fix: String) {
    override fun toString() = "$cause ($evidence): $fix"
}

/**
 * The known causes of a buffered page, picked by what the answer shows (headers, chunk sizes). The fixes
 * are what this project measured on its own servers (servers/{mvc,quarkus,helidon}/NOTES.md, FACTS.md) or what the
 * probe itself measured in the same run (compression); a cause it could not measure says so.
 */
object Advisor {
    private const val TOMCAT_BUFFER = 8192 // Tomcat's OutputBuffer.DEFAULT_BUFFER_SIZE, servers/mvc/NOTES.md
    private const val QUARKUS_BUFFER = 8191 // quarkus.rest.output-buffer-size default, servers/quarkus/NOTES.md

    // No figures in these texts: every number the probe prints is measured in its own run; the NOTES hold this project's.
    val TOMCAT_FIX = "flush the response OutputStream after each item (StreamingResponseBody: out.flush()): Tomcat's 8 KB buffer " +
        "cannot be shrunk (setBufferSize only grows it) and Spring flushes only at the end (servers/mvc/NOTES.md: the *-flush routes " +
        "stream)"
    val QUARKUS_FIX = "flush the StreamingOutput's stream after each item, or build with quarkus.rest.output-buffer-size=512, " +
        "or return Multi<String> (servers/quarkus/NOTES.md: with a flush per item every buffer size streams)"
    val HELIDON_FIX = "flush ServerResponse.outputStream() after each item: Helidon SE holds the first write-buffer-size bytes " +
        "(4096 by default) until a second buffer or a flush, or lower the listener's write-buffer-size " +
        "(servers/helidon/NOTES.md: the virtual-flush routes stream)"
    val FLUX_IN_MVC = "return a StreamingResponseBody that flushes per item, or serve the page from WebFlux: " +
        "MVC collects a Flux<String> sent as text/html into a list first (FACTS.md)"
    val ENGINE_FIX = "render with an engine that writes as it iterates, into the response stream: Qute's {#for} and Trimou's sections " +
        "read the whole list before the first byte (docs/ARCHITECTURE.md#engines-that-read-ahead), and JTE streams only through a " +
        "WriterOutput over the response that flushes per item (its Utf8ByteOutput, a render into a String and its Spring starter's " +
        "views hold the page: WebFlux's ReactiveJteView renders into one buffer, MVC's JteView never flushes; servers/stock-views)"
    val PROXY_FIX =
        "turn response buffering off for this location: nginx 'proxy_buffering off;' or the response header 'X-Accel-Buffering: no' " +
            "(not measured by this project: probe the server directly to compare)"

    /** [withoutCompression] is the verdict of the same page fetched with `Accept-Encoding: identity`, when it was compressed. */
    fun advise(result: ProbeResult, encoding: String?, withoutCompression: PageVerdict?): List<Advice> {
        val server = result.header("server").orEmpty()
        val firstChunk = result.chunks.firstOrNull()?.bytes
        val sessionCookie = result.headers["set-cookie"]?.contains("JSESSIONID") == true
        val advice = mutableListOf<Advice>()
        if (encoding != null) {
            val measured = when (withoutCompression) {
                PageVerdict.STREAMS -> "the same page without compression (Accept-Encoding: identity) streams"
                null -> "not re-probed"
                else -> "without compression it is ${withoutCompression.label} too, so compression is not the only cause"
            }
            advice += Advice(
                "compression buffers",
                "Content-Encoding: $encoding; $measured",
                "turn compression off for streamed pages (Spring Boot: server.compression.enabled=false or text/html out of " +
                    "server.compression.mime-types; Quarkus: quarkus.http.enable-compression=false), or make the compressor flush " +
                    "when the page flushes (a filter's GZIPOutputStream(out, true))",
            )
        }
        val tomcat = server.contains("tomcat", true) || server.contains("coyote", true)
        if (tomcat || firstChunk == TOMCAT_BUFFER || (sessionCookie && encoding == null)) {
            val why = listOfNotNull(
                "Server: $server".takeIf { tomcat },
                "first chunk exactly $TOMCAT_BUFFER bytes, Tomcat's response buffer".takeIf { firstChunk == TOMCAT_BUFFER },
                "JSESSIONID cookie: a servlet container".takeIf { sessionCookie },
            ).joinToString("; ")
            advice += Advice("Tomcat / Spring MVC without a flush", why, TOMCAT_FIX)
            advice += Advice("Spring MVC returning Flux<String>", "if the page comes from a reactive controller", FLUX_IN_MVC)
        }
        val quarkus = server.contains("quarkus", true) || server.contains("vert.x", true)
        if (quarkus || firstChunk == QUARKUS_BUFFER) {
            val why = listOfNotNull(
                "Server: $server".takeIf { quarkus },
                "first chunk exactly $QUARKUS_BUFFER bytes, Quarkus REST's default output buffer".takeIf {
                    firstChunk == QUARKUS_BUFFER
                },
            ).joinToString("; ")
            advice += Advice("Quarkus REST output buffer", why, QUARKUS_FIX)
        }
        val proxyHeaders = listOf("via", "x-cache", "x-served-by", "cf-ray", "x-amz-cf-id", "x-varnish").filter {
            result.headers.containsKey(it)
        }
        val proxyServer = PROXIES.firstOrNull { server.contains(it, true) }
        if (proxyHeaders.isNotEmpty() || proxyServer != null) {
            val why = (
                listOfNotNull(
                    "Server: $server".takeIf {
                        proxyServer != null
                    },
                ) + proxyHeaders.map { "$it header" }
                ).joinToString("; ")
            advice += Advice("a proxy buffering the response", why, PROXY_FIX)
        }
        if (result.header("content-length") != null && encoding == null) {
            advice +=
                Advice(
                    "the whole page rendered before sending",
                    "Content-Length: ${result.header("content-length")}: the size was known before the first byte",
                    "render into the response stream instead of a String (no Content-Length), and flush after each item",
                )
            advice += Advice("a template engine that holds the page", "the size was known before the first byte", ENGINE_FIX)
        }
        if (advice.isEmpty()) {
            // nothing identifies the server: the usual suspects, each with its setting
            advice += Advice("Tomcat / Spring MVC without a flush", "server not identified", TOMCAT_FIX)
            advice += Advice("Quarkus REST output buffer", "server not identified", QUARKUS_FIX)
            advice += Advice("Helidon SE without a flush", "server not identified (Helidon sends no Server header)", HELIDON_FIX)
            advice += Advice("a proxy buffering the response", "server not identified", PROXY_FIX)
        }
        if (result.chunks.size == 1 && result.header("content-length") == null) {
            advice += Advice("a template engine that holds the page", "the whole page arrived as one chunk", ENGINE_FIX)
        }
        return advice
    }

    private val PROXIES = listOf("nginx", "apache", "cloudflare", "envoy", "caddy", "haproxy", "varnish", "traefik", "openresty")
}
