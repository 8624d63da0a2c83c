package pssr.probe

import java.io.ByteArrayOutputStream
import java.io.IOException
import java.io.InputStream
import java.net.InetSocketAddress
import java.net.Socket
import java.net.SocketTimeoutException
import java.net.URI
import java.time.Duration
import javax.net.ssl.SSLSocket
import javax.net.ssl.SSLSocketFactory

/** One HTTP chunk as it came off the socket: when its first byte arrived (ms after the request was sent) and its size. */
data class Chunk(val atMillis: Double, val bytes: Int)

/**
 * What one streamed response looked like on the wire. Times are milliseconds after the request was sent.
 * [complete] is true only for a well-framed body: the terminating zero-size chunk, or all of Content-Length.
 */
data class ProbeResult(
    val status: Int,
    val headers: Map<String, String>,
    val body: String,
    val chunks: List<Chunk>,
    val complete: Boolean,
    val firstByteMillis: Double,
    val firstItemMillis: Double?,
    val lastByteMillis: Double,
    val error: String?,
    /** The body as it came off the wire (still compressed if the server compressed it). */
    val raw: ByteArray = ByteArray(0),
    /** How long the TCP connect took: about one network round trip, so a remote page's time can be told from the server's. */
    val connectMillis: Double = 0.0,
) {
    val chunked: Boolean get() = headers["transfer-encoding"]?.contains("chunked", ignoreCase = true) == true
    fun header(name: String): String? = headers[name.lowercase()]
}

/**
 * A deliberately small HTTP/1.1 client over a plain socket. General clients hide chunk boundaries and
 * arrival times; this one reads the chunked framing itself and timestamps every chunk, so it can tell a
 * page that streams from one that was buffered, and a complete page from an aborted one.
 */
object StreamProbe {

    /**
     * GETs [pathAndQuery] and records the response. [itemMarker], when given, is the text that starts an
     * item's markup: the time the body first contains it is [ProbeResult.firstItemMillis].
     */
    fun get(
        host: String,
        port: Int,
        pathAndQuery: String,
        itemMarker: String? = null,
        timeout: Duration = Duration.ofSeconds(30),
    ): ProbeResult {
        Socket().use { socket ->
            socket.tcpNoDelay = true
            socket.soTimeout = timeout.toMillis().toInt()
            socket.connect(InetSocketAddress(host, port), timeout.toMillis().toInt())
            val input = TimedInput(socket.getInputStream())
            socket.getOutputStream().write(
                "GET $pathAndQuery HTTP/1.1\r\nHost: $host:$port\r\nAccept: text/html\r\nConnection: close\r\n\r\n".toByteArray(),
            )
            socket.getOutputStream().flush()
            input.start = System.nanoTime()
            return read(input, itemMarker)
        }
    }

    /**
     * GETs an absolute http or https [uri] as a browser would ask for a page (`Accept: text/html`, plus
     * [requestHeaders]), without following redirects. The whole exchange, connect included, is bounded by
     * [timeout]: a page that never ends comes back with [ProbeResult.error] set, not as a hang.
     * Connection and TLS failures are thrown as the JDK's IOExceptions.
     */
    fun get(uri: URI, requestHeaders: Map<String, String> = emptyMap(), timeout: Duration = Duration.ofSeconds(30)): ProbeResult {
        val https = uri.scheme.equals("https", ignoreCase = true)
        val host = uri.host
        val port = if (uri.port > 0) {
            uri.port
        } else if (https) {
            443
        } else {
            80
        }
        val deadline = System.nanoTime() + timeout.toNanos()
        val plain = Socket()
        plain.use {
            plain.tcpNoDelay = true
            val connectStart = System.nanoTime()
            plain.connect(InetSocketAddress(host, port), timeout.toMillis().toInt())
            val connectMillis = (System.nanoTime() - connectStart) / 1e6
            val socket = if (!https) {
                plain
            } else {
                (
                    (SSLSocketFactory.getDefault() as SSLSocketFactory).createSocket(plain, host, port, true) as SSLSocket
                    ).apply {
                    // check the certificate's name, as a browser does
                    sslParameters = sslParameters.apply { endpointIdentificationAlgorithm = "HTTPS" }
                    soTimeout = remainingMillis(deadline)
                    startHandshake()
                }
            }
            socket.use {
                socket.soTimeout = remainingMillis(deadline)
                val input = TimedInput(socket.getInputStream(), socket, deadline)
                val path = (uri.rawPath?.ifEmpty { "/" } ?: "/") + (uri.rawQuery?.let { "?$it" } ?: "")
                val hostHeader = if (uri.port > 0) "$host:$port" else host
                val headers = buildString {
                    append("GET $path HTTP/1.1\r\nHost: $hostHeader\r\nAccept: text/html\r\nConnection: close\r\n")
                    requestHeaders.forEach { (k, v) -> append("$k: $v\r\n") }
                    append("\r\n")
                }
                socket.getOutputStream().write(headers.toByteArray())
                socket.getOutputStream().flush()
                input.start = System.nanoTime()
                return read(input, null).copy(connectMillis = connectMillis)
            }
        }
    }

    private fun remainingMillis(deadline: Long) = maxOf(1L, (deadline - System.nanoTime()) / 1_000_000).toInt()

    private fun read(input: TimedInput, itemMarker: String?): ProbeResult {
        val chunks = ArrayList<Chunk>()
        val body = ByteArrayOutputStream()
        var status = 0
        val headers = LinkedHashMap<String, String>()
        var complete = false
        var firstItem: Double? = null
        var error: String? = null
        val markerBytes = itemMarker?.toByteArray()
        fun noteItem() {
            if (firstItem == null && markerBytes != null && contains(body.toByteArray(), markerBytes)) firstItem = input.lastReadMillis()
        }
        try {
            val statusLine = input.line() ?: throw ProbeException("connection closed before a status line")
            status = statusLine.split(" ").getOrNull(1)?.toIntOrNull() ?: throw ProbeException("bad status line: $statusLine")
            while (true) {
                val line = input.line() ?: throw ProbeException("connection closed inside the headers")
                if (line.isEmpty()) break
                val colon = line.indexOf(':')
                if (colon > 0) headers[line.substring(0, colon).trim().lowercase()] = line.substring(colon + 1).trim()
            }
            if (headers["transfer-encoding"]?.contains("chunked", true) == true) {
                while (true) {
                    val sizeLine = input.line() ?: throw ProbeException("connection closed before the last chunk")
                    val size = sizeLine.substringBefore(';').trim().toIntOrNull(16) ?: throw ProbeException("bad chunk size: $sizeLine")
                    val at = input.lastReadMillis()
                    if (size == 0) {
                        complete = true
                        break
                    }
                    body.write(input.bytes(size) ?: throw ProbeException("connection closed inside a chunk"))
                    input.line()
                    chunks += Chunk(at, size)
                    noteItem()
                }
            } else {
                val length = headers["content-length"]?.toIntOrNull()
                while (length == null || body.size() < length) {
                    val at = input.peekMillis() ?: break
                    val piece = input.available() ?: break
                    body.write(piece)
                    chunks += Chunk(at, piece.size)
                    noteItem()
                }
                complete = length == null || body.size() == length
                if (!complete) error = "body ended after ${body.size()} of $length bytes"
            }
        } catch (e: ProbeException) {
            error = e.message
        } catch (e: DeadlineExceeded) {
            error = "did not end within the timeout"
        } catch (e: SocketTimeoutException) {
            error = "timed out waiting for the server"
        } catch (e: IOException) {
            error = "connection failed: ${e.message}"
        }
        val first = input.firstReadMillis ?: 0.0
        return ProbeResult(
            status, headers, body.toString(Charsets.UTF_8), chunks, complete && error == null,
            first, firstItem, input.lastReadMillis(), error, body.toByteArray(),
        )
    }

    private fun contains(haystack: ByteArray, needle: ByteArray): Boolean {
        outer@ for (i in 0..haystack.size - needle.size) {
            for (j in needle.indices) if (haystack[i + j] != needle[j]) continue@outer
            return true
        }
        return false
    }

    private class ProbeException(message: String) : Exception(message)
    private class DeadlineExceeded : IOException("deadline")

    /** Buffered reads that remember when each buffer-full arrived. */
    private class TimedInput(private val input: InputStream, private val socket: Socket? = null, private val deadline: Long? = null) {
        var start = System.nanoTime()
        var firstReadMillis: Double? = null
        private var lastRead = 0.0
        private val buffer = ByteArray(64 * 1024)
        private var pos = 0
        private var limit = 0

        fun lastReadMillis() = lastRead

        private fun fill(): Boolean {
            if (pos < limit) return true
            if (deadline != null) {
                // a page that trickles forever never trips the socket's idle timeout: bound the whole read
                val left = (deadline - System.nanoTime()) / 1_000_000
                if (left <= 0) throw DeadlineExceeded()
                socket?.soTimeout = left.toInt().coerceAtLeast(1)
            }
            // with a deadline the socket's timeout is the time left, so a timeout means the deadline passed
            val n = try {
                input.read(buffer)
            } catch (e: SocketTimeoutException) {
                if (deadline != null) throw DeadlineExceeded() else throw e
            }
            if (n <= 0) return false
            val now = (System.nanoTime() - start) / 1e6
            if (firstReadMillis == null) firstReadMillis = now
            lastRead = now
            pos = 0
            limit = n
            return true
        }

        fun line(): String? {
            val sb = StringBuilder()
            while (true) {
                if (!fill()) return if (sb.isEmpty()) null else sb.toString()
                val b = buffer[pos++].toInt().toChar()
                if (b == '\n') return sb.toString().removeSuffix("\r")
                sb.append(b)
            }
        }

        fun bytes(n: Int): ByteArray? {
            val out = ByteArray(n)
            var got = 0
            while (got < n) {
                if (!fill()) return null
                val take = minOf(n - got, limit - pos)
                System.arraycopy(buffer, pos, out, got, take)
                pos += take
                got += take
            }
            return out
        }

        fun peekMillis(): Double? = if (fill()) lastRead else null
        fun available(): ByteArray? {
            if (!fill()) return null
            val out = buffer.copyOfRange(pos, limit)
            pos = limit
            return out
        }
    }
}
