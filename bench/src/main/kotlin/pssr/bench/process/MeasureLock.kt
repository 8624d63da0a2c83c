package pssr.bench.process

import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import java.io.IOException
import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.channels.FileLock
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import java.time.Instant

/**
 * One measurement at a time on this machine: `run`, `reproduce`, `load` and `browser` hold an exclusive lock on
 * one file ([path], default `/tmp/pssr-measure.lock`, `-Dpssr.measure-lock` to move it) while they measure, with the
 * holder's PID, command and start time written in it. A second one refuses with one line naming the holder (exit code 2)
 * unless `--allow-concurrent`, which is then written into its environment.json ([beside]) and report.
 *
 * The lock is a POSIX record lock (`FileChannel.tryLock`): the kernel drops it when its process ends, SIGKILL included,
 * so a lock whose holder is gone is simply free; the file's old text then names the run that died, and the new holder says so.
 * Reentrant within one JVM (`reproduce` runs its phases through the same CLI in-process).
 */
object MeasureLock {
    const val PROPERTY = "pssr.measure-lock"
    val path: Path get() = Path.of(System.getProperty(PROPERTY) ?: "/tmp/pssr-measure.lock")

    private var channel: FileChannel? = null
    private var lock: FileLock? = null
    private var depth = 0
    private val hook by lazy { Runtime.getRuntime().addShutdownHook(Thread({ releaseNow() }, "pssr-measure-lock")) }

    /** The run that held the lock when this one started beside it (`--allow-concurrent`), else null. */
    @Volatile var beside: String? = null
        private set

    /** Takes the lock for [command] (or joins this JVM's own hold); a [UsageError] if another holds it, unless [allowConcurrent]. */
    @Synchronized
    fun acquire(command: String, allowConcurrent: Boolean) {
        if (depth > 0) {
            depth++
            return
        }
        val file = path
        Files.createDirectories(file.toAbsolutePath().parent)
        val ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)
        val previous = read(ch)
        val got = try {
            ch.tryLock()
        } catch (e: IOException) {
            null
        }
        if (got == null) {
            ch.close()
            val holder = previous.ifBlank { "another pssr (its lock file $file names none yet)" }
            if (!allowConcurrent) {
                throw UsageError(
                    "another measurement is running: $holder; wait for it, " +
                        "or add --allow-concurrent (both are then marked as measured side by side)",
                )
            }
            System.err.println("pssr: --allow-concurrent: measuring beside $holder; this run's environment.json and report say so")
            beside = holder
            depth = 1
            return
        }
        if (previous.isNotBlank()) System.err.println("pssr: took over the measurement lock $file from $previous (that process is gone)")
        val me = ProcessHandle.current()
        val text = "pid ${me.pid()} ($command, started ${Instant.now()}, by ${System.getProperty("user.name")})"
        ch.truncate(0)
        ch.write(ByteBuffer.wrap((text + "\n").toByteArray()), 0)
        ch.force(false)
        channel = ch
        lock = got
        depth = 1
        beside = null
        hook // released with the JVM too (the kernel drops the lock on exit); the text goes on an orderly exit
    }

    /** Ends this JVM's hold when the outermost [acquire] is done. */
    @Synchronized
    fun release() {
        if (depth == 0) return
        if (--depth == 0) releaseNow()
    }

    @Synchronized
    private fun releaseNow() {
        val ch = channel ?: return
        runCatching { ch.truncate(0) }
        runCatching { lock?.release() }
        runCatching { ch.close() }
        channel = null
        lock = null
        depth = 0
    }

    /** The lock file's text: who holds (or last held) the lock. */
    private fun read(ch: FileChannel): String = runCatching {
        val buf = ByteBuffer.allocate(4096)
        ch.read(buf, 0)
        String(buf.array(), 0, buf.position()).trim()
    }.getOrDefault("")

    /** Runs [body] holding the lock for [spec]'s command line. */
    fun <T> holding(spec: picocli.CommandLine.Model.CommandSpec, option: ConcurrencyOption, body: () -> T): T =
        holding(describe(spec), option.allowConcurrent, body)

    /** Runs [body] holding the lock for [command] ([describe] of a command line): a workflow's form, the command parsed. */
    fun <T> holding(command: String, allowConcurrent: Boolean, body: () -> T): T {
        acquire(command, allowConcurrent)
        try {
            return body()
        } finally {
            release()
        }
    }

    /** `pssr run --quick ...`: the command line [spec] was given, shortened. */
    fun describe(spec: picocli.CommandLine.Model.CommandSpec): String {
        val line = (listOf("pssr", spec.name()) + Stopping.argsOf(spec)).joinToString(" ")
        return if (line.length > 300) line.take(297) + "..." else line
    }
}

/** `--allow-concurrent`, on every command that measures. */
class ConcurrencyOption {
    @Option(
        names = ["--allow-concurrent"],
        description = [
            "Measure even while another pssr measurement runs on this machine " +
                "(refused otherwise); environment.json and the report then say the run was measured beside another",
        ],
    )
    var allowConcurrent: Boolean = false
}
