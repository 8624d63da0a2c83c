package pssr.bench.measure

import java.net.InetSocketAddress
import java.net.Socket
import java.net.URI
import java.time.Duration

/**
 * A long page's load ends with every stream it opened aborted, and the server is not done with them: a blocking route's pool
 * still holds the queued ones (each ends at its first write, up to an item later: 16,384 queued on 256 threads took seconds),
 * an asynchronous one cancels them and collects their garbage. Measured: the first level after a warm-up at 16,384 users read
 * 0-20% of what the same level read once drained. So before a long page's measured window, and before the reading of the
 * server once its streams closed, the server drains: until its CPU over half a second is under a tenth of a core and a new
 * request's first byte comes within 250 ms, twice in a row, for at most 20 page times (5 s to 3 min).
 */
object Drain {
    private const val QUIET_CORES = 0.1
    private const val PROMPT_MS = 250L

    /** Waits until [server] has drained after a long page's load of [target]; the seconds it waited. */
    fun await(server: Server, target: LoadTarget): Double {
        val bound = Duration.ofMillis((target.pageSeconds * 20_000).toLong().coerceIn(5_000, 180_000))
        val start = System.nanoTime()
        var inARow = 0
        while (inARow < 2 && System.nanoTime() - start < bound.toNanos()) {
            val before = server.pid?.let(ProcessCpu::treeSeconds) ?: Double.NaN
            Thread.sleep(500)
            val cores = (server.pid?.let(ProcessCpu::treeSeconds) ?: Double.NaN) - before
            val quiet = cores.isNaN() || cores / 0.5 < QUIET_CORES
            inARow = if (quiet && firstByteWithin(target.url, PROMPT_MS)) inARow + 1 else 0
        }
        return (System.nanoTime() - start) / 1e9
    }

    /** A new request to [url] gets its first byte within [millis] (connection closed after it). */
    private fun firstByteWithin(url: String, millis: Long): Boolean = try {
        val u = URI.create(url)
        Socket().use { s ->
            s.connect(InetSocketAddress(u.host, if (u.port > 0) u.port else 80), millis.toInt())
            s.soTimeout = millis.toInt()
            val path = u.rawPath.ifEmpty { "/" } + (u.rawQuery?.let { "?$it" } ?: "")
            s.getOutputStream().write("GET $path HTTP/1.1\r\nHost: ${u.host}\r\nConnection: close\r\n\r\n".toByteArray())
            s.getInputStream().read() >= 0
        }
    } catch (e: Exception) {
        false
    }
}
