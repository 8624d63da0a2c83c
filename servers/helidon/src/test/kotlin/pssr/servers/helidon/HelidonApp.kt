package pssr.servers.helidon

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * The built jar (`target/pssr-server-helidon-*.jar`, its dependencies in target/libs) in its own JVM, started the way
 * the harness starts it: `-Dserver.port=0 -Dpssr.port-file=FILE`, ready when the port file appears (at most 90 s).
 * Its whole output goes to a log file the tests read. Stopped by its own PID.
 */
class HelidonApp private constructor(private val process: Process, val port: Int, val log: Path) : AutoCloseable {

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
        val JAR: Path = Path.of(System.getProperty("pssr.helidon.jar") ?: "target/pssr-server-helidon-0.1.0-SNAPSHOT.jar")
        private val java = System.getProperty("pssr.helidon.java") ?: Path.of(System.getProperty("java.home"), "bin", "java").toString()
        private val logs = Path.of(System.getProperty("pssr.helidon.logs") ?: "target/it-logs")

        /** The jar's command line on loopback, with these `-D` [properties] (later ones win). */
        fun command(vararg properties: String): ProcessBuilder {
            check(Files.isRegularFile(JAR)) { "$JAR is not built: the *IT tests run after `package`" }
            return ProcessBuilder(
                buildList {
                    add(java)
                    add("-Xmx512m")
                    add("-D${HelidonSettings.HOST}=127.0.0.1")
                    properties.forEach { add("-D$it") }
                    add("-jar")
                    add(JAR.toString())
                },
            )
        }

        fun start(name: String, vararg properties: String): HelidonApp {
            Files.createDirectories(logs)
            val log = logs.resolve("$name.log")
            val portFile = Files.createTempFile("pssr-helidon-", ".port").also { Files.delete(it) }
            val process = command("${HelidonSettings.PORT}=0", "pssr.port-file=$portFile", *properties)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start()
            try {
                val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90)
                while (System.nanoTime() < deadline && process.isAlive) {
                    if (Files.exists(portFile)) {
                        Files.readString(portFile).trim().toIntOrNull()?.let { port ->
                            Files.deleteIfExists(portFile)
                            return HelidonApp(process, port, log)
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
