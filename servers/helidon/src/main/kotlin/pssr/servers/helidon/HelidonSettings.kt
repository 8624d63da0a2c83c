package pssr.servers.helidon

import io.helidon.common.Version
import pssr.model.ItemDelay
import pssr.servers.SettingsReader

/**
 * This server's configuration, read once at start-up by the shared [SettingsReader] from the command line
 * (`--name=value`, the last one wins) and the system properties (`-Dname=value`), and validated: a bad value stops
 * the server with a one-line reason (exit code 2). Every value that shapes a measurement is reported by `GET /routes`
 * ([report]).
 */
data class HelidonSettings(
    /** `server.host`: the interface the WebServer binds (announced in the port line). */
    val host: String,
    /** `server.port`: 0 is any free port (the bound one is announced). */
    val port: Int,
    /**
     * `server.write-buffer-size`: Helidon's listener `write-buffer-size`, the `BufferedOutputStream` in front of a
     * response's output stream (Helidon's default 4096 bytes). Without a flush nothing leaves before it fills.
     */
    val writeBufferBytes: Int,
    /**
     * `server.connection-options.tcp-no-delay`: TCP_NODELAY on each connection. Helidon's default is off; Reactor Netty,
     * Tomcat and Vert.x turn it on. Off, a page flushed per item meets Nagle's algorithm and the client's delayed ACK:
     * every request took about 44 ms more at 1 ms per item (NOTES.md), so the server turns it on like the other three.
     */
    val tcpNoDelay: Boolean,
    /** `pssr.item-delay-ms`: the source's delay between items when a request has no `?itemDelayMs=`. */
    val itemDelay: ItemDelay,
    /** `pssr.warmup-renders`: renders of every page at start-up, before the port is announced. */
    val warmupRenders: Int,
    /** `pssr.port-file`: where to write the bound port, or null. */
    val portFile: String?,
) {
    /**
     * Whether a route of `virtual` (no flush) streams: only when the write buffer is so small that part of every item's
     * markup fills it (as Quarkus's 512-byte output buffer); at Helidon's 4096 bytes the page waits in it (NOTES.md).
     */
    val unflushedStreams: Boolean get() = writeBufferBytes <= SMALL_BUFFER

    /** What `/routes` reports in every route's `settings` (flat values). */
    fun report(): Map<String, Any> = linkedMapOf(
        "helidon" to Version.VERSION,
        "server" to "Helidon SE WebServer (Níma), HTTP/1.1, routing handlers writing ServerResponse.outputStream()",
        "threads" to "one new virtual thread per request (Helidon's own); the page is rendered and written on it",
        "writeBufferBytes" to writeBufferBytes,
        "tcpNoDelay" to tcpNoDelay,
        "flushPolicy" to
            "virtual-flush: OutputStream.flush() after the head and after each item (one chunk per item); virtual: no flush until " +
            "the end, chunks leave when the $writeBufferBytes-byte write buffer fills",
        "firstWriteHeld" to "Helidon keeps the first buffer it is given until a second write or a flush (to send Content-Length)",
        "itemDelayMsDefault" to itemDelay.millis,
        "warmupRendersPerPage" to warmupRenders,
        "jdk" to Runtime.version().toString(),
    )

    companion object {
        const val HOST = "server.host"
        const val PORT = "server.port"
        const val WRITE_BUFFER = "server.write-buffer-size"
        const val TCP_NO_DELAY = "server.connection-options.tcp-no-delay"
        const val DEFAULT_WRITE_BUFFER = 4096
        const val SMALL_BUFFER = 512

        fun from(args: Array<String>, properties: (String) -> String? = System::getProperty): HelidonSettings {
            val read = SettingsReader { name -> args.lastOrNull { it.startsWith("--$name=") }?.substringAfter("=") ?: properties(name) }
            return HelidonSettings(
                host = read.text(HOST) ?: "127.0.0.1",
                port = read.int(PORT, 8080),
                writeBufferBytes = read.int(WRITE_BUFFER, DEFAULT_WRITE_BUFFER, min = 1),
                tcpNoDelay = read.bool(TCP_NO_DELAY, true),
                itemDelay = read.itemDelay(),
                warmupRenders = read.int(SettingsReader.WARMUP_RENDERS, 3, min = 0),
                portFile = read.portFile(),
            )
        }
    }
}
