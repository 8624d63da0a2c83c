package pssr.bench.process

import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/**
 * Stopping is not failing. Once the JVM begins to exit while a measurement runs (SIGTERM, Ctrl-C, the end of a
 * `timeout`), the shutdown hooks stop the servers, and whatever the measuring thread sees after that (connection
 * refused, a server that "died") is the stop, not a result: [now] is set by the first hook to run ([begin], called
 * by every hook that stops something), and from then on no row and no failure is written (RunDirectory's appends
 * check it), and no further level starts ([check]). The run's folder gets `interrupted.txt`, naming where it was,
 * ready for `--resume`.
 */
object Stopping {
    const val FILE = "interrupted.txt"

    @Volatile var now: Boolean = false
        private set

    /** The folder being measured into and the command that continues it; null when no measurement runs. */
    @Volatile private var folder: Path? = null
    @Volatile private var resume: String? = null
    /** Where the measurement is: the level being measured, updated as it goes. */
    @Volatile var position: String = "starting"

    // first used in a shutdown hook (a JVM that never measured), the JVM is already exiting: no hook of its own then
    init { runCatching { Runtime.getRuntime().addShutdownHook(Thread({ begin() }, "pssr-stopping")) } }

    /** The JVM is exiting: nothing measured from now on is a result. Writes [FILE] if a measurement runs. Idempotent. */
    @Synchronized
    fun begin() {
        if (now) return
        now = true
        val dir = folder ?: return
        val text = "interrupted at ${Instant.now()} (a stop signal: SIGINT/SIGTERM, or the JVM exiting) during: $position\n" +
            "the levels measured before are kept; continue with: ${resume ?: "./pssr run --resume $dir"}\n"
        runCatching { Files.writeString(dir.resolve(FILE), text) }
        System.err.println("pssr: stopping; nothing from now on is recorded as a result or a failure; " +
            "${dir.resolve(FILE)} says where it stopped")
    }

    /** Throws [Stopped] once stopping began: a measuring loop calls it before each level. */
    fun check() { if (now) throw Stopped() }

    /** A measurement into [dir] starts (an earlier `interrupted.txt` there is removed: this run continues it); [ended] ends it. */
    @Synchronized
    fun started(dir: Path, resumeCommand: String) {
        Files.deleteIfExists(dir.resolve(FILE))
        folder = dir; resume = resumeCommand; position = "starting"
    }

    /** The measurement ended (finished or failed, not interrupted): no `interrupted.txt` on the JVM's exit. */
    @Synchronized
    fun ended() { folder = null; resume = null }
}

/** Thrown where a measurement notices the JVM is stopping: not a failure, nothing is recorded. */
class Stopped : RuntimeException("stopped by a signal (the JVM is exiting)")
