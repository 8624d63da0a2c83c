
package pssr.probe.page

import java.io.ByteArrayOutputStream
import java.io.IOException
import java.io.OutputStream
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.net.URI
import java.util.concurrent.Executors

/**
 * A tiny HTTP/1.1 server on loopback that writes its answers byte for byte, so a test decides exactly which
 * bytes leave in which chunk and when — an 8 KB buffer, a compressor, a page that flushes per item. Real
 * sockets, real HTTP; only the server is small.
 */
class LoopbackServer(private val handler: (request: Request, out: OutputStream) -> Unit) : AutoCloseable {
    class Request(val path: String, val headers: Map<String, String>)

    private val socket = ServerSocket(0, 50, InetAddress.getLoopbackAddress())
    private val pool = Executors.newVirtualThreadPerTaskExecutor()
    val port: Int get() = socket.localPort
    fun url(path: String): URI = URI("http://127.0.0.1:$port$path")

    init {
        Thread.ofVirtual().start {
            while (!socket.isClosed) {
                val client = try {
                    socket.accept()
                } catch (e: Exception) {
                    break
                }
                pool.execute { serve(client) }
            }
        }
    }

    private fun serve(client: Socket) = client.use {
        val input = client.getInputStream().bufferedReader(Charsets.ISO_8859_1)
        val path = input.readLine()?.split(" ")?.getOrNull(1) ?: return
        val headers = generateSequence { input.readLine()?.takeIf { it.isNotEmpty() } }
            .associate { it.substringBefore(':').trim().lowercase() to it.substringAfter(':').trim() }
        try {
            handler(Request(path, headers), client.getOutputStream())
        } catch (_: IOException) { }
    }

    override fun close() {
        socket.close()
        pool.shutdownNow()
    }

    companion object {
        fun head(out: OutputStream, vararg headers: String) {
            out.write(("HTTP/1.1 200 OK\r\n" + headers.joinToString("") { "$it\r\n" } + "Transfer-Encoding: chunked\r\n\r\n").toByteArray())
            out.flush()
        }

        fun chunk(out: OutputStream, bytes: ByteArray) {
            if (bytes.isEmpty()) return
            out.write("${Integer.toHexString(bytes.size)}\r\n".toByteArray())
            out.write(bytes)
            out.write("\r\n".toByteArray())
            out.flush()
        }

        fun end(out: OutputStream) {
            out.write("0\r\n\r\n".toByteArray())
            out.flush()
        }
    }
}

/**
 * A chunked body behind a buffer of [size] bytes, as Tomcat's response buffer: nothing leaves until the
 * buffer is full (then exactly [size] bytes as one chunk) or [flush] is called; [close] sends the rest and
 * the terminating chunk.
 */
class BufferedChunks(private val out: OutputStream, private val size: Int) : OutputStream() {
    private val buffer = ByteArrayOutputStream()
    override fun write(b: Int) = write(byteArrayOf(b.toByte()), 0, 1)
    override fun write(b: ByteArray, off: Int, len: Int) {
        var o = off
        var left = len
        while (left > 0) {
            val take = minOf(left, size - buffer.size())
            buffer.write(b, o, take)
            o += take
            left -= take
            if (buffer.size() == size) flush()
        }
    }
    override fun flush() {
        LoopbackServer.chunk(out, buffer.toByteArray())
        buffer.reset()
    }
    override fun close() {
        flush()
        LoopbackServer.end(out)
    }
}

/** A page of [items] items, [delayMs] apart, written to [out]; [afterItem] runs after each item (a flush, or nothing). */
object TestPage {
    fun write(out: OutputStream, items: Int, delayMs: Long, afterItem: () -> Unit) {
        out.write(
            (
                "<!DOCTYPE html><html><head><title>Items</title><style>body { font-family: sans-serif " +
                    "}</style></head><body><h1>Items</h1><ul>"
                ).toByteArray(),
        )
        afterItem()
        for (i in 1..items) {
            Thread.sleep(delayMs)
            out.write("<li><h2>Item $i</h2><p>${"Some text about item $i. ".repeat(30)}</p></li>".toByteArray())
            afterItem()
        }
        out.write("</ul></body></html>".toByteArray())
    }
}
