package pssr.bench.run

import java.time.Duration
import java.util.concurrent.ConcurrentHashMap
import pssr.probe.process.StopProcess

/**
 * Every child process pssr started and has not stopped yet (server JVMs, wrk). Each is stopped by its own
 * PID: by [stop] when its owner is done, and by a shutdown hook on Ctrl-C or a crash of the harness, so
 * none outlives pssr. Stopping is SIGTERM, the child's grace, then SIGKILL, naming a child that needed it ([StopProcess]).
 */
object Children {
    private class Tracked(val name: String, val grace: Duration)
    private val live = ConcurrentHashMap<Process, Tracked>()
    init { Runtime.getRuntime().addShutdownHook(Thread({ live.keys.toList().forEach(::stop) }, "pssr-stop-children")) }

    /** Tracks [p], called [name] on the console; on stop it gets SIGTERM and [graceSeconds] to exit before SIGKILL. */
    fun track(p: Process, name: String, graceSeconds: Long) { live[p] = Tracked(name, Duration.ofSeconds(graceSeconds)) }

    fun stop(p: Process) {
        val tracked = live.remove(p) ?: Tracked("child process", Duration.ofSeconds(3))
        StopProcess.stop(p.toHandle(), tracked.name, tracked.grace)
    }
}
