package pssr.servers.contract

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * A built server in its own JVM, started the way the harness starts it: port 0 and `pssr.port-file=FILE`, ready when the
 * port file appears (at most 90 s). Its whole output goes to [log], which the tests read. Stopped by its own PID.
 */
class ChildServer private constructor(private val process: Process, val port: Int, val log: Path) : AutoCloseable {
    fun logText(): String = Files.readString(log)

    override fun close() {
        if (!process.isAlive) return
        process.destroy()
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly()
            process.waitFor(5, TimeUnit.SECONDS)
        }
    }

    companion object {
        /** Starts the JVM [command] builds for a port file (its path, to pass as `pssr.port-file`); [name] names it in errors. */
        fun start(name: String, log: Path, command: (portFile: Path) -> ProcessBuilder): ChildServer {
            Files.createDirectories(log.parent)
            val portFile = Files.createTempFile("pssr-$name-", ".port").also { Files.delete(it) }
            val process = command(portFile).redirectErrorStream(true).redirectOutput(log.toFile()).start()
            try {
                val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90)
                while (System.nanoTime() < deadline && process.isAlive) {
                    if (Files.exists(portFile)) {
                        Files.readString(portFile).trim().toIntOrNull()?.let { port ->
                            Files.deleteIfExists(portFile)
                            return ChildServer(process, port, log)
                        }
                    }
                    Thread.sleep(50)
                }
                throw IllegalStateException(
                    "$name: no port announced (${if (process.isAlive) "time-out" else "exit ${process.exitValue()}"}):\n" +
                        Files.readAllLines(log).takeLast(30).joinToString("\n"),
                )
            } catch (e: Throwable) {
                process.destroyForcibly()
                process.waitFor(5, TimeUnit.SECONDS)
                Files.deleteIfExists(portFile)
                throw e
            }
        }
    }
}
