package pssr.servers.quarkus

import pssr.servers.contract.ChildServer
import java.nio.file.Files
import java.nio.file.Path

/**
 * The built application (`target/quarkus-app/quarkus-run.jar`, prod profile) in its own JVM, started the
 * way the harness starts it: `-Dquarkus.http.port=0 -Dpssr.port-file=FILE`, ready when the port file
 * appears. Its whole output goes to a log file the tests read. Stopped by its own PID.
 */
class QuarkusApp private constructor(private val server: ChildServer) : AutoCloseable by server {
    val port: Int get() = server.port
    val log: Path get() = server.log

    fun logText(): String = server.logText()

    /** Lines of the server's log that show an event-loop thread was blocked or a blocking call was refused on one. */
    fun eventLoopComplaints(): List<String> = logText().lines().filter { line -> BLOCKED.any { line.contains(it) } }

    companion object {
        /** What Vert.x and Quarkus log when an event loop is blocked or a blocking call is made on an I/O thread. */
        val BLOCKED = listOf(
            "has been blocked for",
            "BlockingNotAllowedException",
            "blocking operation on a IO thread",
            "on an IO thread",
            "BlockedThreadChecker",
        )

        /** The application as the harness runs it (512-byte output buffer). */
        val DEFAULT_JAR: Path = Path.of(System.getProperty("pssr.quarkus.app") ?: "target/quarkus-app/quarkus-run.jar")

        /** The same application built with Quarkus's default 8191-byte output buffer (a build-time setting). */
        val BUFFER_8K_JAR: Path = Path.of(System.getProperty("pssr.quarkus.app-8k") ?: "target/quarkus-app-8k/quarkus-run.jar")
        private val java = System.getProperty("pssr.quarkus.java") ?: Path.of(System.getProperty("java.home"), "bin", "java").toString()
        private val logs = Path.of(System.getProperty("pssr.quarkus.logs") ?: "target/it-logs")

        fun start(name: String, vararg properties: String): QuarkusApp = start(DEFAULT_JAR, name, *properties)

        /** The application's command line on loopback, with these `-D` [properties] (later ones win). */
        fun command(jar: Path, vararg properties: String): ProcessBuilder {
            check(Files.isRegularFile(jar)) { "$jar is not built: the *IT tests run after `package`" }
            return ProcessBuilder(
                buildList {
                    add(java)
                    if (Runtime.version().feature() >= 23) add("--sun-misc-unsafe-memory-access=allow")
                    add("-Xmx1g")
                    add("-Dquarkus.http.host=127.0.0.1")
                    properties.forEach { add("-D$it") }
                    add("-jar")
                    add(jar.toString())
                },
            )
        }

        fun start(jar: Path, name: String, vararg properties: String): QuarkusApp {
            check(Files.isRegularFile(jar)) { "$jar is not built: the *IT tests run after `package`" }
            return QuarkusApp(
                ChildServer.start("quarkus-$name", logs.resolve("$name.log")) { portFile ->
                    command(jar, "quarkus.http.port=0", "pssr.port-file=$portFile", *properties)
                },
            )
        }
    }
}
