package pssr.bench.load

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import java.net.InetSocketAddress
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger

/**
 * A real HTTP server on loopback whose pages come in [ITEMS] items, [itemMs] apart, as a slow data source would give
 * them. `/streams` writes and flushes each item as it comes; `/buffered` collects the page and writes it at the end;
 * `/breaks` streams while at most [maxStreaming] requests are in flight (its own included) and buffers beyond, as a
 * server whose streaming collapses under load (a pool that queues, a buffer that fills). All three send the same bytes.
 */
class StreamingPageServer(private val itemMs: Long = 40, private val maxStreaming: Int = 3) : AutoCloseable {
    private val inFlight = AtomicInteger()
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 1024).apply {
        executor = Executors.newVirtualThreadPerTaskExecutor()
        createContext("/streams") { page(it, stream = true) }
        createContext("/buffered") { page(it, stream = false) }
        createContext("/breaks") { ex ->
            val now = inFlight.incrementAndGet()
            try {
                page(ex, stream = now <= maxStreaming)
            } finally {
                inFlight.decrementAndGet()
            }
        }
        start()
    }
    val base: String get() = "http://127.0.0.1:${server.address.port}"

    private fun page(ex: HttpExchange, stream: Boolean) {
        ex.requestBody.readAllBytes()
        ex.responseHeaders.add("Content-Type", "text/html; charset=utf-8")
        ex.sendResponseHeaders(200, 0) // chunked either way: only the timing differs
        ex.responseBody.use { out ->
            val buffered = StringBuilder()
            fun send(s: String) {
                if (stream) {
                    out.write(s.toByteArray())
                    out.flush()
                } else {
                    buffered.append(s)
                }
            }
            send(HEAD)
            for (i in 1..ITEMS) {
                Thread.sleep(itemMs)
                send("<li>item $i: ${"some visible text ".repeat(6)}</li>\n")
            }
            send(TAIL)
            if (!stream) out.write(buffered.toString().toByteArray())
        }
    }

    override fun close() = server.stop(0)

    companion object {
        // the JDK server writes headers and body apart: without TCP_NODELAY each write waits for a delayed ACK
        init {
            System.setProperty("sun.net.httpserver.nodelay", "true")
        }
        const val ITEMS = 5
        const val HEAD = "<!DOCTYPE html><html><head><title>items</title></head><body><h1>Items</h1><ul>\n"
        const val TAIL = "</ul></body></html>"
    }
}
