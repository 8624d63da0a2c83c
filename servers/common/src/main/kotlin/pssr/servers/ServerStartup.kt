package pssr.servers

import java.net.BindException
import kotlin.system.exitProcess

/**
 * How every server's `main` starts: a server that cannot start (port out of range, port in use, a bad
 * setting) prints one line saying why, and exits with code 2, never a framework's page of stack trace. The
 * frameworks' own failure reports are switched off in each server's configuration, so this line is the only one.
 */
object ServerStartup {
    const val EXIT_CANNOT_START = 2

    fun run(framework: String, start: () -> Unit) {
        try {
            start()
        } catch (e: Throwable) {
            System.err.println("pssr-server $framework: cannot start: ${reason(e)}")
            System.err.flush()
            exitProcess(EXIT_CANNOT_START)
        }
    }

    /** The first cause that says what is wrong: a port in use, an out-of-range port, a bad setting, else the root cause. */
    fun reason(failure: Throwable): String {
        val chain = generateSequence(failure) { e -> e.cause?.takeIf { it !== e } }.toList()
        chain.firstOrNull { it is BindException || it.javaClass.simpleName == "PortInUseException" || (it.message ?: "").contains("Address already in use") }?.let { e ->
            val port = Regex("[Pp]ort (\\d+)").find(chain.joinToString(" ") { it.message ?: "" })?.groupValues?.get(1)
            return "${port?.let { "port $it" } ?: "the port"} is already in use; choose another port, or 0 for any free one (${e.javaClass.simpleName})"
        }
        chain.firstOrNull { e -> listOf("port out of range", "port must be").any { (e.message ?: "").contains(it, ignoreCase = true) } }?.let { e ->
            return "${e.message}; a port is 0 (any free port) to 65535"
        }
        chain.firstOrNull { it is IllegalArgumentException && it.message != null }?.let { return it.message!!.lineSequence().first() }
        val root = chain.last()
        return (root.message ?: root.toString()).lineSequence().first()
    }
}
