package pssr.servers.helidon

import pssr.servers.contract.ChildServer
import java.nio.file.Files
import java.nio.file.Path

/**
 * The built jar (`target/pssr-server-helidon-*.jar`, its dependencies in target/libs) in its own JVM, started the way
 * the harness starts it: `-Dserver.port=0 -Dpssr.port-file=FILE`, ready when the port file appears (at most 90 s).
 * Its whole output goes to a log file the tests read. Stopped by its own PID (common's [ChildServer]).
 */
class HelidonApp private constructor(private val server: ChildServer) : AutoCloseable by server {
    val port: Int get() = server.port
    val log: Path get() = server.log

    fun logText(): String = server.logText()

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

        fun start(name: String, vararg properties: String): HelidonApp = HelidonApp(
            ChildServer.start("helidon-$name", logs.resolve("$name.log")) { portFile ->
                command("${HelidonSettings.PORT}=0", "pssr.port-file=$portFile", *properties)
            },
        )
    }
}
