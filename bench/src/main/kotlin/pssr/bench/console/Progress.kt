package pssr.bench.console

import java.io.PrintStream

/**
 * A one-line progress bar with ETA (on stderr unless told otherwise), across the whole run (routes x levels x repetitions).
 * The ETA extrapolates the time per finished unit; it is redrawn in place on a terminal and printed as
 * plain lines (at most every 10%) when output goes to a file.
 */
class Progress(private val total: Int, private val label: String, private val out: PrintStream = System.err) {
    private val start = System.nanoTime()
    private var done = 0
    private var lastPrintedDecile = -1
    private val tty = System.console() != null

    @Synchronized
    fun advance(units: Int, what: String) {
        done = (done + units).coerceAtMost(total)
        val fraction = if (total == 0) 1.0 else done.toDouble() / total
        val elapsed = (System.nanoTime() - start) / 1e9
        val eta = if (done == 0) Double.NaN else elapsed / done * (total - done)
        val width = 30
        val filled = (fraction * width).toInt()
        val line = Fmt.line(
            "%s [%s%s] %3.0f%% %d/%d  elapsed %s  ETA %s  %s",
            label, "#".repeat(filled), ".".repeat(width - filled),
            fraction * 100, done, total, clock(elapsed), clock(eta), what.take(60),
        )
        if (tty) {
            out.print("\r" + line.padEnd(150))
            if (done == total) out.println()
        } else {
            val decile = (fraction * 10).toInt()
            if (decile != lastPrintedDecile || done == total) {
                out.println(line)
                lastPrintedDecile = decile
            }
        }
    }

    /** Prints a message without breaking the bar. */
    @Synchronized
    fun note(message: String) {
        if (tty) out.print("\r" + " ".repeat(150) + "\r")
        out.println(message)
    }

    private fun clock(seconds: Double): String =
        if (seconds.isNaN() || seconds.isInfinite()) "--:--" else Fmt.line("%d:%02d", (seconds / 60).toInt(), (seconds % 60).toInt())
}
