package pssr.servers

import java.net.BindException
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
import kotlin.system.exitProcess

/**
 * How every server's `main` starts and ends (the three page servers, the api/downstream server, the students
 * server): a server that cannot start (port out of range, port in use, a bad setting) prints one line saying
 * why and exits with code 2, never a framework's page of stack trace. The frameworks' own failure reports are
 * switched off in each server's configuration, so this line is the only one.
 *
 * Whatever a framework does after a failure or a SIGTERM (a stop that never returns, as Quarkus's
 * `Application.stop` after a failed start, or non-daemon threads), the JVM ends: a watchdog halts it
 * [graceMillis] after the exit began. The port is checked before the framework boots, so a taken port is
 * reported at once, not after the context and the warm-up renders (8-10 s with both cores busy).
 */
object ServerStartup {
    const val EXIT_CANNOT_START = 2

    /** What a JVM ended by SIGTERM reports (128 + 15), also when the watchdog has to halt it. */
    const val EXIT_TERMINATED = 143

    /** `-Dpssr.exit-grace-ms`: how long shutdown hooks get before the JVM is halted. */
    const val GRACE_PROPERTY = "pssr.exit-grace-ms"

    /**
     * `-Dpssr.port-check=false` skips the early port check, so the framework meets the taken port itself: how the
     * stress script and the tests exercise the path a port taken between the check and the bind would take.
     */
    const val PORT_CHECK_PROPERTY = "pssr.port-check"

    /**
     * `-Dpssr.parent-pid=PID`, set by the harness: the server ends itself (as on SIGTERM) once that process is no longer
     * its parent, e.g. after the harness was killed with SIGKILL and could not stop it.
     */
    const val PARENT_PID_PROPERTY = "pssr.parent-pid"

    /** The address and port a server listens on, as its framework names them, with the framework's defaults. */
    data class Listen(
        val addressProperty: String,
        val portProperty: String,
        val defaultAddress: String = "127.0.0.1",
        val defaultPort: Int = 8080,
    ) {
        companion object {
            val SPRING = Listen("server.address", "server.port")
            val QUARKUS = Listen("quarkus.http.host", "quarkus.http.port")
        }
    }

    /** Whether the one line was printed; guarded by this object's lock. */
    private var reported = false

    /** The port asked for, when known: named in the one line when the framework's exception does not name it. */
    @Volatile private var requestedPort: Int? = null

    @Volatile private var haltCode = EXIT_TERMINATED

    val graceMillis: Long get() = System.getProperty(GRACE_PROPERTY)?.toLongOrNull()?.takeIf { it > 0 } ?: 5_000

    /**
     * Runs [start] (the framework's own `run`) after checking the port [listen] names in [args] (`--name=value`)
     * or the system properties (`-Dname=value`). Any failure, here or reported later through [failed], is one
     * line and exit code 2.
     */
    fun run(framework: String, args: Array<String>, listen: Listen?, start: () -> Unit) {
        installShutdownWatchdog()
        watchParent()
        try {
            listen?.let { checkPort(it, args) }
            start()
        } catch (e: Throwable) {
            failed(framework, e)
        }
    }

    /**
     * The one line for a start that failed, then exit code 2; the JVM is halted if the framework's shutdown hooks
     * do not let it exit within the grace. Safe to call from any thread, more than once: only the first call prints.
     */
    fun failed(framework: String, failure: Throwable): Nothing {
        // Under the lock, so that a second caller (Quarkus reports one failure on two threads) cannot exit, and
        // its quick shutdown end the JVM, while the first is still writing the line: seen in CI as code 2, no line.
        synchronized(this) {
            if (!reported) {
                reported = true
                System.err.println("pssr-server $framework: cannot start: ${reason(failure, requestedPort)}")
                System.err.flush()
            }
        }
        haltCode = EXIT_CANNOT_START
        exitProcess(EXIT_CANNOT_START)
    }

    /**
     * A shutdown hook that starts a daemon timer: once the JVM begins to exit (SIGTERM, Ctrl-C, exit after a failed
     * start), every other hook has [graceMillis] to finish, then the JVM is halted, hooks or not.
     */
    private fun installShutdownWatchdog() {
        Runtime.getRuntime().addShutdownHook(
            Thread({
                Thread.ofPlatform().daemon().name("pssr-exit-watchdog").start {
                    Thread.sleep(graceMillis)
                    System.err.println("pssr-server: shutdown did not finish within $graceMillis ms; halting the JVM (exit code $haltCode)")
                    System.err.flush()
                    Runtime.getRuntime().halt(haltCode)
                }
            }, "pssr-exit-watchdog-arm"),
        )
    }

    /** With [PARENT_PID_PROPERTY] set: a daemon thread that checks twice a second that this JVM's parent is still that process. */
    private fun watchParent() {
        val expected = System.getProperty(PARENT_PID_PROPERTY)?.toLongOrNull() ?: return
        Thread.ofPlatform().daemon().name("pssr-parent-watch").start {
            while (true) {
                Thread.sleep(500)
                val parent = ProcessHandle.current().parent().map { it.pid() }.orElse(-1L)
                if (parent != expected || ProcessHandle.of(expected).map { !it.isAlive }.orElse(true)) {
                    System.err.println("pssr-server: the harness (pid $expected) is gone (parent now $parent); exiting")
                    System.err.flush()
                    exitProcess(EXIT_TERMINATED)
                }
            }
        }
    }

    /**
     * Refuses a port that is not a number, out of range, or one another process listens on, before the framework
     * boots (port 0 is always free).
     */
    fun checkPort(listen: Listen, args: Array<String>) {
        fun setting(name: String) = args.lastOrNull { it.startsWith("--$name=") }?.substringAfter("=") ?: System.getProperty(name)
        val rawPort = setting(listen.portProperty)?.trim()
        val port = if (rawPort.isNullOrEmpty()) {
            listen.defaultPort
        } else {
            rawPort.toIntOrNull()
                ?: throw IllegalArgumentException("${listen.portProperty} must be a number from 0 (any free port) to 65535, was '$rawPort'")
        }
        if (port !in 0..65535) {
            throw IllegalArgumentException("port out of range: $port (${listen.portProperty}); a port is 0 (any free port) to 65535")
        }
        requestedPort = port
        if (port == 0 || System.getProperty(PORT_CHECK_PROPERTY) == "false") return
        val address = setting(listen.addressProperty)?.trim()?.ifEmpty { null } ?: listen.defaultAddress
        val host = try {
            InetAddress.getByName(address)
        } catch (e: Exception) {
            throw IllegalArgumentException("${listen.addressProperty} '$address' is not a known address")
        }
        try {
            ServerSocket().use {
                it.reuseAddress = true
                it.bind(InetSocketAddress(host, port))
            }
        } catch (e: BindException) {
            if ((e.message ?: "").contains("in use", ignoreCase = true)) {
                throw BindException("Port $port is already in use: Address already in use")
            }
            throw IllegalArgumentException(
                "cannot listen on $address:$port (${e.message}); ${listen.addressProperty} must be an address of this machine",
            )
        }
    }

    /** The first cause that says what is wrong: a port in use, an out-of-range port, a bad setting, else the root cause. */
    fun reason(failure: Throwable, requestedPort: Int? = null): String {
        val chain = generateSequence(failure) { e -> e.cause?.takeIf { it !== e } }.toList()
        (
            chain.firstOrNull { it is BindException || it.javaClass.simpleName == "PortInUseException" }
                ?: chain.firstOrNull { (it.message ?: "").contains("Address already in use") }
            )?.let { e ->
            val port =
                Regex("[Pp]ort (\\d+)").find(chain.joinToString(" ") { it.message ?: "" })?.groupValues?.get(1)
                    ?: requestedPort?.takeIf { it > 0 }?.toString()
            return "${port?.let {
                "port $it"
            } ?: "the port"} is already in use; choose another port, or 0 for any free one (${e.javaClass.simpleName})"
        }
        chain.firstOrNull { e ->
            listOf("port out of range", "port must be").any { (e.message ?: "").contains(it, ignoreCase = true) }
        }?.let { e ->
            val message = e.message!!.lineSequence().first()
            return if (message.contains("65535")) message else "$message; a port is 0 (any free port) to 65535"
        }
        chain.firstOrNull { it is IllegalArgumentException && it.message != null }?.let { return it.message!!.lineSequence().first() }
        val root = chain.last()
        return (root.message ?: root.toString()).lineSequence().first()
    }
}
