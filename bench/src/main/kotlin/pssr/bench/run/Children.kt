package pssr.bench.run

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit

/**
 * Every child process pssr started and has not stopped yet (server JVMs, wrk). Each is stopped by its own
 * PID: by [stop] when its owner is done, and by a shutdown hook on Ctrl-C or a crash of the harness, so
 * none outlives pssr.
 */
object Children {
    private val live = ConcurrentHashMap<Process, Long>() // process -> seconds it gets to exit after SIGTERM
    init { Runtime.getRuntime().addShutdownHook(Thread({ live.keys.toList().forEach(::stop) }, "pssr-stop-children")) }

    /** Tracks [p]; on stop it gets SIGTERM and [graceSeconds] to exit before SIGKILL. */
    fun track(p: Process, graceSeconds: Long) { live[p] = graceSeconds }

    fun stop(p: Process) {
        val grace = live.remove(p) ?: 3
        if (!p.isAlive) return
        p.destroy()
        if (!p.waitFor(grace, TimeUnit.SECONDS)) { p.destroyForcibly(); p.waitFor(5, TimeUnit.SECONDS) }
    }
}
