package pssr.bench.measure

import com.sun.net.httpserver.HttpServer
import java.net.InetSocketAddress
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicLong

/**
 * A tiny real HTTP server on loopback for driver tests: `GET /page` gets [PAGE] after [delayMs] (anything else 404), and
 * when [stallAfterRequests] is set, that request stops the server for [stallMs] once (again after [resetStall]): every
 * request that arrives in that time waits for its end, as behind a long GC pause.
 */
class PageServer(private val delayMs: Long = 0, private val stallAfterRequests: Long = 0, private val stallMs: Long = 1000) :
    AutoCloseable {
    private val requests = AtomicLong()

    @Volatile private var stallUntil = 0L
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 1024).apply {
        executor = Executors.newVirtualThreadPerTaskExecutor()
        createContext("/") { ex ->
            ex.requestBody.readAllBytes()
            if (ex.requestURI.path != "/page") {
                ex.sendResponseHeaders(404, -1)
                ex.close()
                return@createContext
            }
            if (stallAfterRequests > 0 && requests.incrementAndGet() == stallAfterRequests) {
                stallUntil = System.currentTimeMillis() + stallMs
            }
            val wait = maxOf(delayMs, stallUntil - System.currentTimeMillis())
            if (wait > 0) Thread.sleep(wait)
            val body = PAGE.toByteArray()
            ex.responseHeaders.add("Content-Type", "text/html")
            ex.sendResponseHeaders(200, body.size.toLong())
            ex.responseBody.use { it.write(body) }
        }
        start()
    }
    val port: Int get() = server.address.port
    val url: String get() = "http://127.0.0.1:$port/page"
    val target: LoadTarget get() = LoadTarget(url, PAGE)

    /** The next window stalls again once [stallAfterRequests] requests have arrived in it. */
    fun resetStall() {
        requests.set(0)
        stallUntil = 0
    }

    override fun close() = server.stop(0)

    companion object {
        // the JDK server writes headers and body apart: without TCP_NODELAY each answer waits ~40 ms for a delayed ACK
        init {
            System.setProperty("sun.net.httpserver.nodelay", "true")
        }
        const val PAGE = "<!DOCTYPE html><html><body><p>page</p></body></html>"
    }
}
