package pssr.probe.process

import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * How pssr stops every process it started (servers, wrk, PostgreSQL, Chromium and Lighthouse): SIGTERM, a grace
 * period to exit cleanly, then SIGKILL, by PID. A process that needed SIGKILL is named on the console, because
 * it ignored SIGTERM or hung in its shutdown, and that is worth knowing (a server whose framework cannot stop).
 */
object StopProcess {
    /** Where a process that needed SIGKILL is named: stderr, one line each. */
    @Volatile var console: (String) -> Unit = { System.err.println(it) }

    /** Stops [process] (called [name] on the console); true when it needed SIGKILL. */
    fun stop(process: ProcessHandle, name: String, grace: Duration): Boolean = stopAll(listOf(process), name, grace)

    /**
     * Stops [root] and every process below it: the tree is read first (children outlive a parent that exits), each
     * gets SIGTERM, all share one [grace], and those still alive get SIGKILL. True when any needed it.
     */
    fun stopTree(root: ProcessHandle, name: String, grace: Duration): Boolean = stopAll(root.descendants().toList() + root, name, grace)

    private fun stopAll(processes: List<ProcessHandle>, name: String, grace: Duration): Boolean {
        val alive = processes.filter { it.isAlive }
        if (alive.isEmpty()) return false
        alive.forEach { it.destroy() }
        val deadline = System.nanoTime() + grace.toNanos()
        for (p in alive) {
            val left = (deadline - System.nanoTime()).coerceAtLeast(0)
            try {
                p.onExit().get(left, TimeUnit.NANOSECONDS)
            } catch (_: Exception) { }
        }
        val stubborn = alive.filter { it.isAlive }
        for (p in stubborn) {
            p.destroyForcibly()
            try {
                p.onExit().get(5, TimeUnit.SECONDS)
            } catch (_: Exception) { }
        }
        if (stubborn.isNotEmpty()) {
            val pids = stubborn.joinToString(", ") { it.pid().toString() }
            console("pssr: $name (pid $pids) did not exit within ${grace.toMillis()} ms of SIGTERM; stopped with SIGKILL")
        }
        return stubborn.isNotEmpty()
    }
}
