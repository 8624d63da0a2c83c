package pssr.bench.measure

import pssr.bench.console.Fmt
import pssr.bench.console.UsageError
import java.nio.file.Files
import java.nio.file.Path

/**
 * What this machine lets a load level open, read before any load. Every user is a connection: a file descriptor in the
 * driver and one in the server (children inherit this JVM's open-files limit, which the JVM itself raises to the hard
 * limit, and `./pssr` raises its shell's), and a local port of loopback towards the server's one port
 * (`net.ipv4.ip_local_port_range`; a port in TIME_WAIT is reused on loopback while `net.ipv4.tcp_tw_reuse` is 1 or 2). A
 * level beyond either is refused before any load. The listen backlog (`net.core.somaxconn`) only delays a burst of
 * connects beyond it (a SYN dropped is sent again a second later, inside a long page's lead): a note, not a refusal.
 */
data class ConnectionLimits(val openFiles: Long, val openFilesHard: Long, val portLow: Int, val portHigh: Int, val somaxconn: Int) {
    val ports: Int get() = portHigh - portLow + 1

    /** The most users a level can have here: both limits less what else holds descriptors and ports. */
    val maxUsers: Int get() = minOf(openFiles - SPARE_FDS, (ports - SPARE_PORTS).toLong()).coerceIn(1, MAX_USERS.toLong()).toInt()

    /** A [UsageError] naming the limit and the setting when [option]'s highest level cannot be opened here. */
    fun check(option: String, levels: List<Int>) {
        val top = levels.maxOrNull() ?: return
        if (top + SPARE_FDS > openFiles) {
            throw UsageError(
                "$option $top: each user is a file descriptor of the driver and of the server, and processes started here may open " +
                    "${Fmt.grouped(openFiles.toDouble())} (open files, ulimit -n; hard limit ${Fmt.grouped(openFilesHard.toDouble())}): " +
                    "at most ${Fmt.grouped(maxUsers.toDouble())} users; raise the hard limit (nofile in /etc/security/limits.conf, " +
                    "or LimitNOFILE for a service)",
            )
        }
        if (top + SPARE_PORTS > ports) {
            throw UsageError(
                "$option $top: loopback has ${Fmt.grouped(ports.toDouble())} local ports to reach one server port " +
                    "(net.ipv4.ip_local_port_range $portLow $portHigh): at most ${Fmt.grouped(maxUsers.toDouble())} users; " +
                    "widen it: sudo sysctl -w net.ipv4.ip_local_port_range='1024 65535'",
            )
        }
    }

    /** A line for the console when [levels] connect more at once than the listen backlog holds; null otherwise. */
    fun backlogNote(levels: List<Int>): String? {
        val top = levels.maxOrNull() ?: return null
        if (somaxconn <= 0 || top <= somaxconn) return null
        return "pssr: note: $top users connect at once, more than the listen backlog holds (net.core.somaxconn $somaxconn): " +
            "connects beyond it wait for a SYN sent again (1 s and more); a long page's lead absorbs that, a short page's window " +
            "may count it"
    }

    companion object {
        /** The most users any option takes, whatever the machine. */
        const val MAX_USERS = 65_536

        /** Descriptors a process holds besides its connections (a JVM's jars, pipes, the side probe's and JMX's sockets). */
        const val SPARE_FDS = 512L

        /** Local ports other connections may hold at the same time (the side probe, the harness's JMX, anything else). */
        const val SPARE_PORTS = 128

        /** This machine's limits, as this JVM (and so every process it starts) has them. */
        fun read(): ConnectionLimits {
            val limits = text("/proc/self/limits").lineSequence().firstOrNull { it.startsWith("Max open files") }
                ?.trim()?.split(Regex("\\s{2,}"))
            fun limit(i: Int) = limits?.getOrNull(i)?.toLongOrNull() ?: Long.MAX_VALUE
            val range = text("/proc/sys/net/ipv4/ip_local_port_range").trim().split(Regex("\\s+")).mapNotNull { it.toIntOrNull() }
            return ConnectionLimits(
                limit(1),
                limit(2),
                range.getOrElse(0) { 32768 },
                range.getOrElse(1) { 60999 },
                text("/proc/sys/net/core/somaxconn").trim().toIntOrNull() ?: -1,
            )
        }

        // procfs files: read by lines (a /proc/sys file read whole by Files.readString gave "4" for "4096")
        private fun text(path: String): String = try {
            Files.readAllLines(Path.of(path)).joinToString("\n")
        } catch (e: Exception) {
            ""
        }

        /**
         * [levels] of [option] checked: each 1 to [MAX_USERS] ([UsageError] otherwise), then against this machine's limits;
         * the backlog's note printed when it applies.
         */
        fun checkUsers(option: String, levels: List<Int>, limits: ConnectionLimits = read()) {
            if (levels.isEmpty() || levels.any { it !in 1..MAX_USERS }) {
                throw UsageError("$option must be numbers from 1 to $MAX_USERS, was $levels")
            }
            limits.check(option, levels)
            limits.backlogNote(levels)?.let { System.err.println(it) }
        }
    }
}
