package pssr.bench.run

import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.isDirectory
import kotlin.io.path.isRegularFile

/**
 * The time a `reproduce` has spent in [dir], across `--resume`: kept in `time-spent.txt` (seconds) after every phase and
 * round run, so that a resumed reproduce's rounds get what is left of its budget, not the whole budget again. A folder
 * without that file (written by an older pssr) counts each of its folders' span, from its first file's time to its last
 * one's. A phase stopped midway adds nothing until it ends (what it measured before the stop is not counted).
 */
internal class ReproduceClock(private val dir: Path) {
    private val file = dir.resolve(FILE)

    /** Seconds spent before this invocation. */
    val earlier: Long = runCatching { Files.readString(file).trim().toLong() }.getOrNull() ?: spans()
    private val started = System.nanoTime()

    /** Seconds spent so far, earlier invocations included. */
    fun seconds(): Long = earlier + (System.nanoTime() - started) / 1_000_000_000

    fun save() {
        Files.writeString(file, "${seconds()}\n")
    }

    /**
     * The clock's seconds when the rounds began: kept in `rounds-started.txt` by the invocation that first reached them,
     * so that a resume cut in a round reports the rounds' whole time, not only its own minutes.
     */
    fun roundsStarted(): Long {
        val kept = dir.resolve(ROUNDS_FILE)
        runCatching { Files.readString(kept).trim().toLong() }.getOrNull()?.let { return it }
        return seconds().also { Files.writeString(kept, "$it\n") }
    }

    private fun spans(): Long {
        if (!dir.isDirectory()) return 0
        val folders = Files.list(dir).use { s -> s.filter { it.isDirectory() }.toList() }
        return folders.sumOf { f ->
            val times = Files.walk(f).use { s -> s.filter { it.isRegularFile() }.map { Files.getLastModifiedTime(it).toMillis() }.toList() }
            if (times.isEmpty()) 0L else (times.max() - times.min()) / 1000
        }
    }

    companion object {
        const val FILE = "time-spent.txt"
        const val ROUNDS_FILE = "rounds-started.txt"
    }
}
