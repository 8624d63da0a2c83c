package pssr.servers.contract

import java.io.OutputStream
import java.io.PrintStream

/**
 * Tees this JVM's stdout and stderr into memory, for tests that run a server in-process and check what it
 * logs (its console appender writes through `System.out` at every call). Start it before the server.
 */
object ConsoleCapture {
    private val text = StringBuffer()

    @Volatile private var started = false

    @Synchronized
    fun start() {
        if (started) return
        started = true
        System.setOut(tee(System.out))
        System.setErr(tee(System.err))
    }

    /** Everything written to stdout and stderr since [start]. */
    fun text(): String = text.toString()

    private fun tee(original: PrintStream) = PrintStream(
        object : OutputStream() {
            override fun write(b: Int) {
                original.write(b)
                text.append(b.toChar())
            }

            override fun write(b: ByteArray, off: Int, len: Int) {
                original.write(b, off, len)
                text.append(String(b, off, len, Charsets.UTF_8))
            }

            override fun flush() = original.flush()
        },
        true,
        Charsets.UTF_8,
    )
}
