package pssr.bench.process

import pssr.probe.process.StopProcess
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutionException
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Every child process pssr starts goes through [start], so that none outlives pssr, however pssr ends:
 *
 * - Ctrl-C, SIGTERM, a crash: a shutdown hook stops every tracked child by its own PID (SIGTERM, the child's
 *   grace, then SIGKILL, naming a child that needed it, [StopProcess]); [stop] does the same when its owner is done.
 * - SIGKILL (no hook runs): each child is started under `setpriv --pdeathsig KILL` (util-linux), so the kernel kills it
 *   when its parent dies. The kernel ties that signal to the parent *thread* that forked the child, not the process, so
 *   every child is forked by one platform thread that lives as long as the JVM ([spawner]); a child forked by a short-lived
 *   worker thread would be killed when that thread ended. Server JVMs also watch their parent's PID (`-Dpssr.parent-pid`,
 *   [PARENT_PID_PROPERTY], read by pssr.servers.ServerStartup), and end themselves when it is gone.
 * - Processes a child starts in the background (PostgreSQL's postmaster, started by `pg_ctl`; Lighthouse's Chromium)
 *   are not our children: a [reaper] for each waits until this JVM is gone and then stops them.
 */
object Children {
    const val PARENT_PID_PROPERTY = "pssr.parent-pid"

    private class Tracked(val name: String, val grace: Duration)
    private val live = ConcurrentHashMap<Process, Tracked>()
    init {
        Runtime.getRuntime().addShutdownHook(
            Thread({
                Stopping.begin()
                live.keys.toList().forEach(::stop)
            }, "pssr-stop-children"),
        )
    }

    /** Forks every child; a platform daemon thread that never ends (an executor's only worker outlives a failed task). */
    private val spawner = Executors.newSingleThreadExecutor { r -> Thread(r, "pssr-spawner").apply { isDaemon = true } }

    /** `setpriv` when this machine has one that knows `--pdeathsig` (util-linux 2.33+), else null: then SIGKILL is not covered. */
    private val setpriv: String? by lazy {
        listOf("/usr/bin/setpriv", "/bin/setpriv").firstOrNull { Files.isExecutable(Path.of(it)) }?.takeIf { exe ->
            runCatching {
                val p = ProcessBuilder(exe, "--pdeathsig", "KILL", "true").redirectErrorStream(true).start()
                p.inputStream.readAllBytes()
                p.waitFor() == 0
            }.getOrDefault(false)
        }
    }

    /** Whether children die with this JVM on SIGKILL too (environment.json and `./pssr` name it). */
    val diesWithParent: Boolean get() = setpriv != null

    /** The PID children should watch: this JVM. */
    val parentPid: Long = ProcessHandle.current().pid()

    /**
     * Starts [builder]'s command as a child of this JVM that the kernel kills when this JVM dies ([dieWithParent]),
     * tracked as [name] with [graceSeconds] between SIGTERM and SIGKILL on [stop] ([track]: false for short-lived probes
     * the caller waits for). The builder's command is changed (`setpriv --pdeathsig KILL` before it).
     */
    fun start(
        builder: ProcessBuilder,
        name: String,
        graceSeconds: Long = 3,
        track: Boolean = true,
        dieWithParent: Boolean = true,
    ): Process {
        val wrapper = setpriv
        if (dieWithParent && wrapper != null) builder.command(listOf(wrapper, "--pdeathsig", "KILL") + builder.command())
        val future = spawner.submit<Process> { builder.start() }
        val process = try {
            future.get()
        } catch (e: ExecutionException) {
            throw e.cause ?: e
        }
        if (track) track(process, name, graceSeconds)
        return process
    }

    /** [start] for a child its caller waits for and stops itself (a version probe, Chromium): not tracked, dies with this JVM. */
    fun spawn(builder: ProcessBuilder): Process = start(builder, builder.command().first(), track = false)

    /** Tracks [p], called [name] on the console; on stop it gets SIGTERM and [graceSeconds] to exit before SIGKILL. */
    fun track(p: Process, name: String, graceSeconds: Long) {
        live[p] = Tracked(name, Duration.ofSeconds(graceSeconds))
    }

    /** Stops tracking [p], which its owner has stopped in its own way. */
    fun forget(p: Process) {
        live.remove(p)
    }

    fun stop(p: Process) {
        val tracked = live.remove(p) ?: Tracked("child process", Duration.ofSeconds(3))
        StopProcess.stop(p.toHandle(), tracked.name, tracked.grace)
    }

    /**
     * A small shell process that runs [script] (POSIX sh; [args] are its `$1`, `$2`, ...) once this JVM is gone, for
     * whatever reason, SIGKILL included: its stdin is a pipe from this JVM, which reaches end of file only when every
     * copy of the write end is closed, i.e. when the JVM has exited. It ignores SIGINT and SIGHUP (Ctrl-C reaches the
     * whole process group; the JVM's hooks do that work then). [Reaper.cancel] ends it without running the script.
     */
    fun reaper(name: String, script: String, vararg args: String): Reaper {
        val body = "trap '' INT HUP; while read -r _; do :; done; $script"
        val pb = ProcessBuilder(listOf("sh", "-c", body, "pssr-reaper") + args).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        return Reaper(name, start(pb, name, track = false, dieWithParent = false))
    }

    class Reaper(val name: String, val process: Process) {
        /** Ends the reaper (SIGKILL) without running its script: what it guards was stopped in the ordinary way. */
        fun cancel() {
            process.destroyForcibly()
            runCatching { process.waitFor(5, TimeUnit.SECONDS) }
        }
    }
}
