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

    /** How [FILE] introduces [resume]: "continue with" (a resumable run), or what to do instead (`load` has no --resume). */
    @Volatile private var how: String = "continue with"

    /** A command running others in this JVM (`reproduce`): its folder and the command that continues it, named before the inner run's. */
    @Volatile private var outer: Pair<Path, String>? = null

    /**
     * The command that goes on with the last measurement started (the outer reproduce's when there is one): kept after [ended],
     * so that a run stopped by a failed write can name it.
     */
    @Volatile var lastContinue: String? = null
        private set

    /** Where the measurement is: the level being measured, updated as it goes. */
    @Volatile var position: String = "starting"

    /** Where the [outer] command is (reproduce's phase), named before [position]. */
    @Volatile var stage: String? = null

    // first used in a shutdown hook (a JVM that never measured), the JVM is already exiting: no hook of its own then
    init {
        runCatching { Runtime.getRuntime().addShutdownHook(Thread({ begin() }, "pssr-stopping")) }
    }

    /** The JVM is exiting: nothing measured from now on is a result. Writes [FILE] if a measurement runs. Idempotent. */
    @Synchronized
    fun begin() {
        if (now) return
        now = true
        val dirs = listOfNotNull(outer?.first, folder).distinct()
        if (dirs.isEmpty()) return
        val next = outer?.second ?: resume ?: "./pssr run --resume $folder"
        val where = stage?.let { "$it, " }.orEmpty() + position
        val text = "interrupted at ${Instant.now()} (a stop signal: SIGINT/SIGTERM, or the JVM exiting) during: $where\n" +
            "the levels measured before are kept; ${if (outer != null) "continue with" else how}: $next\n"
        dirs.forEach { runCatching { Files.writeString(it.resolve(FILE), text) } }
        System.err.println(
            "pssr: stopping; nothing from now on is recorded as a result or a failure; " +
                "${dirs.first().resolve(FILE)} says where it stopped and how to continue",
        )
    }

    /** Throws [Stopped] once stopping began: a measuring loop calls it before each level. */
    fun check() {
        if (now) throw Stopped()
    }

    /**
     * A measurement into [dir] starts (an earlier `interrupted.txt` there is removed: this run continues it); [ended] ends it.
     * [next]: the exact command that continues it ([resumeCommand]), or for a command without `--resume`, what to run
     * again, introduced by [how].
     */
    @Synchronized
    fun started(dir: Path, next: String, how: String = "continue with") {
        Files.deleteIfExists(dir.resolve(FILE))
        folder = dir
        resume = next
        this.how = how
        if (how == "continue with") lastContinue = outer?.second ?: next
        position = "starting"
    }

    /** The measurement ended (finished or failed, not interrupted): no `interrupted.txt` on the JVM's exit. */
    @Synchronized
    fun ended() {
        folder = null
        resume = null
        how = "continue with"
    }

    /**
     * `reproduce` runs its phases through the CLI in this JVM: while [body] runs, a stop writes [FILE] into [dir] too and
     * names [resumeCommand] (the reproduce's own `--resume`), not the phase's `run --resume`.
     */
    fun <T> within(dir: Path, resumeCommand: String, body: () -> T): T {
        Files.deleteIfExists(dir.resolve(FILE))
        outer = dir to resumeCommand
        lastContinue = resumeCommand
        try {
            return body()
        } finally {
            outer = null
            stage = null
        }
    }

    /** The command line [spec]'s command was given, without the command's name (picocli's original arguments). */
    fun argsOf(spec: picocli.CommandLine.Model.CommandSpec): List<String> {
        val args = runCatching { spec.commandLine().parseResult.originalArgs() }.getOrNull().orEmpty()
        return if (args.firstOrNull() == spec.name()) args.drop(1) else args
    }

    /**
     * The exact command that continues [dir]: `./pssr COMMAND` with the options it was given (a resume must be given the
     * same ones), its `--out` or `--resume` replaced by `--resume DIR`, each word quoted for a shell where it needs it.
     */
    fun resumeCommand(command: String, args: List<String>, dir: Path): String =
        (listOf("./pssr", command) + withoutFolder(args) + listOf("--resume", dir.toString())).joinToString(" ", transform = ::shellWord)

    /** [args] without `--out DIR` and `--resume DIR`: what a run's folder records as the options it was started with. */
    fun withoutFolder(args: List<String>): List<String> {
        val kept = ArrayList<String>()
        var skipNext = false
        for (a in args) {
            when {
                skipNext -> skipNext = false
                a == "--out" || a == "--resume" -> skipNext = true
                a.startsWith("--out=") || a.startsWith("--resume=") -> {}
                else -> kept += a
            }
        }
        return kept
    }

    /** [word] as a shell reads it back: unchanged when plain, else in single quotes. */
    fun shellWord(word: String): String =
        if (word.isNotEmpty() && word.all { it.isLetterOrDigit() || it in "_./:=,@%+-" }) word else "'" + word.replace("'", "'\\''") + "'"
}

/** Thrown where a measurement notices the JVM is stopping: not a failure, nothing is recorded. */
class Stopped : RuntimeException("stopped by a signal (the JVM is exiting)")
