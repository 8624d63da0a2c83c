package pssr.bench.measure

import pssr.bench.console.UsageError
import pssr.bench.process.Children
import pssr.probe.Jackson
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * The default driver: wrk (the reference driver of TechEmpower's benchmarks), one process per window, in
 * C with an event loop per thread, so on two shared cores it takes a small fraction of the CPU the server
 * takes. Every response is checked inside wrk by `check.lua` (status 200, exact body length, closing tag);
 * latency percentiles come from wrk's own histogram, handed back whole (value:count pairs) and rebuilt as
 * an HdrHistogram. wrk's own CPU is read by the script from `/proc/self/stat` when it finishes.
 */
class WrkDriver(private val executable: Path, private val threads: Int, private val timeout: Duration) : LoadDriver {
    override val name = "wrk"
    override val coresUsable: Double get() = threads.toDouble()
    private val version: String = versionOf(executable)
    override val description get() = "$version, -t$threads (capped at users) -cUSERS -T${timeout.seconds}s, closed loop, HTTP/1.1 " +
        "keep-alive, check.lua"

    private val script: Path = Files.createTempFile("pssr-wrk-check-", ".lua").also { f ->
        f.toFile().deleteOnExit()
        WrkDriver::class.java.getResourceAsStream("check.lua")!!.use {
            Files.copy(it, f, StandardCopyOption.REPLACE_EXISTING)
        }
    }

    override fun run(target: LoadTarget, users: Int, window: Duration): DriverResult {
        require(window.toSeconds() >= 1) { "a wrk window is whole seconds, at least 1" }
        val start = System.currentTimeMillis()
        val (process, text) = wrk(target, users, window.toSeconds(), emptyList()) {}
        return parse(resultLine(process, text), start, System.currentTimeMillis())
    }

    /**
     * A long page's window: one wrk for [lead] + [window] + [HOLD], so that the window sees connections that have been
     * loading for [lead] (a fresh wrk's connections all start their first page at once, and a window as long as a few
     * pages counts the ramp, not the stack). check.lua counts only responses completed inside the window; wrk's CPU is read
     * from /proc at its ends; [marks] run there, the end's while wrk still holds every connection ([HOLD]). wrk's
     * latency histogram and its socket errors cover the whole run, lead included: wrk cannot split them.
     */
    override fun runWindow(target: LoadTarget, level: Int, window: Duration, lead: Duration, marks: WindowMarks): DriverResult {
        if (lead.isZero) return super.runWindow(target, level, window, lead, marks)
        val launched = System.currentTimeMillis()
        val from = launched + lead.toMillis()
        val to = from + window.toMillis()
        val seconds = Math.ceilDiv(to - launched + HOLD.toMillis(), 1000L)
        var ticks = Double.NaN
        var held = false
        val (process, text) = wrk(target, level, seconds, listOf(from.toString(), to.toString())) { p ->
            sleepUntil(from)
            val before = ProcessCpu.ticks(p.pid())
            marks.started()
            sleepUntil(to)
            val after = ProcessCpu.ticks(p.pid())
            if (before >= 0 && after >= 0) ticks = (after - before).toDouble() / ProcessCpu.CLOCK_TICKS
            marks.ended()
            held = p.isAlive
        }
        val r = parse(resultLine(process, text), from, to)
        return r.copy(
            windowSeconds = (to - from) / 1000.0,
            driverCpuSeconds = ticks,
            leadSeconds = lead.toMillis() / 1000.0,
            heldThroughEnd = held,
        )
    }

    /** wrk for [seconds] with check.lua's [extra] arguments, [during] run while it loads; its exit and its whole output. */
    private fun wrk(target: LoadTarget, users: Int, seconds: Long, extra: List<String>, during: (Process) -> Unit): Pair<Process, String> {
        val command = listOf(
            executable.toString(), "-t${minOf(threads, users)}", "-c$users", "-d${seconds}s",
            "-T${timeout.toSeconds()}s", "-s", script.toString(), target.url, "--", target.pageBytes.toString(), target.closingTag,
            target.lengthTolerance.toString(),
        ) + extra
        // wrk's output (its summary and the result line with the whole histogram, which can exceed a pipe's
        // buffer) goes to a file, read once wrk has exited
        val output = Files.createTempFile("pssr-wrk-", ".out")
        val process = Children.start(ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()), "wrk", 3)
        try {
            during(process)
            val bound = seconds + timeout.toSeconds() + 30
            check(process.waitFor(bound, TimeUnit.SECONDS)) { "wrk did not finish a $seconds s run within $bound s" }
            return process to Files.readString(output)
        } finally {
            Children.stop(process)
            Files.deleteIfExists(output)
        }
    }

    private fun resultLine(process: Process, text: String): String =
        text.lineSequence().firstOrNull { it.startsWith("PSSR-RESULT ") }?.removePrefix("PSSR-RESULT ")
            ?: throw IllegalStateException(
                "wrk exited with code ${process.exitValue()} without a result: ${text.lines().filter {
                    it.isNotBlank()
                }.takeLast(3).joinToString(" | ")}",
            )

    private fun sleepUntil(epochMillis: Long) {
        val wait = epochMillis - System.currentTimeMillis()
        if (wait > 0) Thread.sleep(wait)
    }

    companion object {
        /** Turns check.lua's JSON line into a result; [start]/[end] bound the window in epoch ms. */
        fun parse(json: String, start: Long, end: Long): DriverResult {
            @Suppress("UNCHECKED_CAST")
            val m = Jackson.read(json) as Map<String, Any?>
            fun n(k: String) = (m[k] as Number).toLong()
            // wrk counts non-2xx/3xx answers itself ("status"); check.lua counts every answer that is not 200
            // (badStatus) and every 200 that is not the page (badContent): the script's counts are the finer ones.
            val windowed = m.containsKey("windowed")
            val errors = Errors(
                status = n("badStatus"),
                content = n("badContent"),
                connect = n("connect"),
                read = n("read") + n("write"),
                timeout = n("timeout"),
            )
            val ticks = n("cpuTicks")
            return DriverResult(
                // a long page's window counts the responses check.lua saw inside it (wrk's own count is the whole run)
                if (windowed) n("checked") else n("requests"),
                n("durationUs") / 1e6,
                errors,
                Latency.fromPairs(m["latencyUs"] as String),
                if (ticks < 0) Double.NaN else ticks.toDouble() / ProcessCpu.CLOCK_TICKS,
                start,
                end,
            )
        }

        /** The wrk binary: [explicit], else `wrk` on PATH; null when there is none. */
        fun locate(explicit: Path?): Path? {
            if (explicit != null) return explicit.takeIf { Files.isExecutable(it) }
            return System.getenv("PATH").orEmpty().split(':').filter { it.isNotEmpty() }.map {
                Path.of(it, "wrk")
            }.firstOrNull { Files.isExecutable(it) }
        }

        /** The wrk binary to use, checked to run and to be wrk; a [pssr.bench.console.UsageError] naming how to install it otherwise. */
        fun required(explicit: Path?): Path {
            val exe = locate(explicit) ?: throw UsageError(
                if (explicit != null) {
                    "--wrk $explicit: no executable there; $INSTALL_HINT"
                } else {
                    INSTALL_HINT
                },
            )
            try {
                versionOf(exe)
            } catch (e: DriverUnavailable) {
                throw UsageError(e.message ?: "wrk cannot run")
            }
            return exe
        }

        /** How long wrk holds its connections past a long page's window: the server's open streams are read there. */
        val HOLD: Duration = Duration.ofSeconds(4)

        const val INSTALL_HINT = "wrk not found; install it (Debian/Ubuntu: sudo apt-get install wrk), or use --driver jmeter, or name " +
            "the binary with --wrk PATH"

        /** `wrk 4.1.0 [epoll] ...` -> `wrk 4.1.0 [epoll]`. */
        fun versionOf(executable: Path): String = try {
            val p = Children.spawn(ProcessBuilder(executable.toString(), "--version").redirectErrorStream(true))
            val text = p.inputStream.bufferedReader().readText()
            p.waitFor(5, TimeUnit.SECONDS)
            Regex("wrk \\S+( \\[\\w+])?").find(text)?.value ?: throw DriverUnavailable(
                "$executable is not wrk (its --version printed: ${text.lines().firstOrNull().orEmpty().take(80)})",
            )
        } catch (e: IOException) {
            throw DriverUnavailable("cannot run $executable: ${e.message}")
        }
    }
}
