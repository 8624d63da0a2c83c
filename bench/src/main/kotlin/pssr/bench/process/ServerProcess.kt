package pssr.bench.process

import pssr.bench.project.Framework
import pssr.bench.setup.Setup
import pssr.probe.StreamProbe
import pssr.servers.ListedRoute
import pssr.servers.RoutesDocument
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/** How a server JVM is started: heap, extra flags, and the CPUs it may use (null = not pinned). */
data class ServerLaunch(
    /** Null: no minimum heap (the students workload compares memory footprints, which a fixed minimum would hide). */
    val heapMin: String? = "512m",
    val heapMax: String = "2g",
    val extraJvmFlags: List<String> = emptyList(),
    val cpus: String? = null,
    val java: Path = Path.of(System.getProperty("java.home"), "bin", "java"),
    val javaFeature: Int = Runtime.version().feature(),
    /** A paper's setup (`run --setup`): its server flags per framework and the build to start; null: the tool's own. */
    val setup: Setup? = null,
) {
    /** G1 unless the extra flags choose a collector: the JVM refuses two (`Multiple garbage collectors selected`). */
    fun jvmFlags(): List<String> = listOfNotNull(
        heapMin?.let { "-Xms$it" },
        "-Xmx$heapMax",
        "-XX:+UseG1GC".takeIf { extraJvmFlags.none(GC_CHOICE::matches) },
    ) + quietUnsafe() + extraJvmFlags

    /** The same launch on another runtime: its java, and its flags after ours (a later -Xmx wins; a collector replaces G1). */
    fun on(runtime: ServerRuntime): ServerLaunch =
        copy(java = runtime.java, javaFeature = runtime.feature, extraJvmFlags = extraJvmFlags + runtime.flags)

    private companion object {
        val GC_CHOICE = Regex("-XX:\\+Use\\w+GC")
    }

    /** JDK 23+ warns on stderr when Netty or XStream use sun.misc.Unsafe; allow it explicitly (the flag exists from 23 on). */
    private fun quietUnsafe() = if (javaFeature >= 23) listOf("--sun-misc-unsafe-memory-access=allow") else emptyList()
}

/**
 * One server in its own JVM, started from its built artifact on a free loopback port. It is ready when
 * `GET /routes` answers. It is stopped by its own PID on every exit path: [close], and a shutdown hook
 * for Ctrl-C or a crash of the harness — no JVM is left behind.
 */
class ServerProcess private constructor(val framework: Framework, private val process: Process, val port: Int, val log: Path) :
    AutoCloseable {
    val pid: Long get() = process.pid()
    val host = "127.0.0.1"
    val baseUrl get() = "http://$host:$port"

    /** Null while the server runs, else how it ended: "exited with code 1", "was killed by signal 9 (SIGKILL)". */
    fun ended(): String? {
        if (process.isAlive) return null
        val code = process.exitValue()
        // Java reports a child killed by signal N as exit value 128 + N
        return if (code > 128) {
            "was killed by signal ${code - 128}${SIGNALS[code - 128]?.let { " ($it)" } ?: ""}"
        } else {
            "exited with code $code"
        }
    }

    fun routes(): List<ListedRoute> {
        val listed = StreamProbe.get(host, port, "/routes", timeout = Duration.ofSeconds(10))
        check(listed.status == 200) { "GET /routes answered ${listed.status}" }
        return RoutesDocument.parse(listed.body)
    }

    override fun close() = Children.stop(process)

    companion object {
        private val SIGNALS = mapOf(1 to "SIGHUP", 2 to "SIGINT", 6 to "SIGABRT", 9 to "SIGKILL", 11 to "SIGSEGV", 15 to "SIGTERM")

        /**
         * Starts [framework] (its log: `<logDir>/<framework>-<tag>.log`) with [args] after the jar; it is ready when
         * [ready] passes (default: `GET /routes` lists its routes). Throws [ServerStartFailed] with the log's tail
         * if it does not become ready.
         */
        fun start(
            framework: Framework,
            launch: ServerLaunch,
            logDir: Path,
            tag: String,
            args: List<String> = emptyList(),
            readyTimeout: Duration = Duration.ofSeconds(90),
            ready: (ServerProcess) -> Unit = { it.routes() },
        ): ServerProcess {
            val variant = launch.setup?.variant(framework.name)
            val artifact = (if (variant == null) framework.launchable() else framework.launch?.artifact(variant))
                ?: throw ServerStartFailed(
                    framework.name,
                    "not built (no ${framework.name} server artifact); build with ./mvnw install",
                    "",
                )
            Files.createDirectories(logDir)
            val log = logDir.resolve("${framework.name}-$tag.log")
            val portFile = Files.createTempFile("pssr-${framework.name}-", ".port").also { Files.delete(it) }
            val command = command(framework, launch, artifact, "127.0.0.1", 0, portFile, args)
            // SIGTERM first: lets the server shut down cleanly
            val builder = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            val process = Children.start(builder, "the ${framework.name} server", graceSeconds = 10)
            val server = try {
                val port = awaitPort(process, portFile, readyTimeout) ?: run {
                    Children.stop(process)
                    throw ServerStartFailed(
                        framework.name,
                        if (process.isAlive) {
                            "did not announce a port within ${readyTimeout.seconds} s"
                        } else {
                            "exited with code ${process.exitValue()}"
                        },
                        tail(log),
                    )
                }
                ServerProcess(framework, process, port, log)
            } finally {
                Files.deleteIfExists(portFile)
            }
            val deadline = System.nanoTime() + readyTimeout.toNanos()
            while (true) {
                try {
                    ready(server)
                    return server
                } catch (e: Exception) {
                    if (!process.isAlive || System.nanoTime() > deadline) {
                        server.close()
                        throw ServerStartFailed(framework.name, "never became ready: ${e.message}", tail(log))
                    }
                    Thread.sleep(100)
                }
            }
        }

        /**
         * The one command line of a server JVM: [launch]'s CPUs, java and flags, its setup's flags for [framework], the address
         * and port ([portFile] receives the bound one), the parent's PID (the server ends itself when pssr is gone), the jar.
         */
        fun command(
            framework: Framework,
            launch: ServerLaunch,
            artifact: Path,
            address: String,
            port: Int,
            portFile: Path? = null,
            args: List<String> = emptyList(),
        ): List<String> = buildList {
            if (launch.cpus != null) {
                add("taskset")
                add("-c")
                add(launch.cpus)
            }
            add(launch.java.toString())
            addAll(launch.jvmFlags())
            launch.setup?.let { addAll(it.serverFlags(framework.name)) }
            addAll(framework.launch!!.systemProperties(address, port, portFile))
            add("-D${Children.PARENT_PID_PROPERTY}=${Children.parentPid}")
            add("-jar")
            add(artifact.toString())
            addAll(args)
        }

        /**
         * `./pssr serve`: [framework]'s [artifact] in the foreground on [address]:[port] with the default launch, its output on
         * this console, until it ends; its exit code. Ctrl-C: SIGTERM, 10 s, then SIGKILL (named on the console), so a server
         * stuck in its shutdown cannot hold pssr.
         */
        fun foreground(framework: Framework, artifact: Path, address: String, port: Int): Int {
            val command = command(framework, ServerLaunch(), artifact, address, port)
            println("pssr: starting ${framework.name}: ${command.joinToString(" ")}")
            println(
                "pssr: try  curl -s http://$address:$port/routes   and   curl -sN " +
                    "'http://$address:$port/presentations/jstachio/virtual?itemDelayMs=200'",
            )
            return Children.start(ProcessBuilder(command).inheritIO(), "the ${framework.name} server", graceSeconds = 10).waitFor()
        }

        private fun awaitPort(process: Process, portFile: Path, timeout: Duration): Int? {
            val deadline = System.nanoTime() + timeout.toNanos()
            while (System.nanoTime() < deadline && process.isAlive) {
                if (Files.exists(portFile)) Files.readString(portFile).trim().toIntOrNull()?.let { return it }
                Thread.sleep(50)
            }
            return null
        }

        fun tail(log: Path, lines: Int = 25): String =
            if (!Files.exists(log)) "" else Files.readAllLines(log).takeLast(lines).joinToString("\n")
    }
}

class ServerStartFailed(val framework: String, reason: String, val logTail: String) :
    RuntimeException("$framework server failed to start: $reason")
