package pssr.bench.measure

import pssr.bench.process.Children
import java.io.IOException
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.TimeUnit

/**
 * Apache Bench, the seeds' cross-check of JMeter (seed 000 §5.1: "2.83% mean absolute difference"; seed 002 used it
 * alone), run as their scripts ran it: `ab -q -s TIMEOUT -c USERS`, HTTP/1.0 without keep-alive (a connection per
 * request), for a time window (`-t`) or, in the seeds' profile, a number of requests (`-n`). ab checks the status
 * (non-2xx) and that every body has the first one's length; latency comes from its percentile table (`-e`, 1% steps)
 * rebuilt as a histogram of 100 equal parts; its CPU is read from its parent shell's cutime/cstime once ab has exited.
 */
class AbDriver(private val executable: Path, private val timeout: Duration) : LoadDriver {
    override val name = "ab"
    override val coresUsable: Double get() = 1.0
    override val description get() = "ApacheBench ${versionOf(executable)}, -cUSERS -s${timeout.seconds} -t WINDOW, HTTP/1.0 without " +
        "keep-alive (as seed 000's scripts)"

    override val countsRequests = true

    override fun run(target: LoadTarget, users: Int, window: Duration): DriverResult {
        require(window.toSeconds() >= 1) { "an ab window is whole seconds, at least 1" }
        // -n after -t so that -t's implied 50,000-request cap does not end the window early
        return load(target, users, listOf("-t", window.toSeconds().toString(), "-n", "100000000"), window.toSeconds())
    }

    /** Seed 002's profile: "the total number of requests equals the concurrency value multiplied by 256" (§5). */
    override fun runRequests(target: LoadTarget, users: Int, perUser: Int): DriverResult =
        load(target, users, listOf("-n", (users.toLong() * perUser).toString()), LoadDriver.boundOf(users, perUser).seconds)

    /** ab with [limit] (`-t` or `-n`), allowed [seconds] of sending before it is stopped. */
    private fun load(target: LoadTarget, users: Int, limit: List<String>, seconds: Long): DriverResult {
        val percentiles = Files.createTempFile("pssr-ab-", ".csv")
        val output = Files.createTempFile("pssr-ab-", ".out")
        // sh prints its own /proc stat after ab: cutime/cstime then hold ab's CPU
        val command = listOf(
            "sh", "-c",
            "\"$0\" \"$@\"; s=$?; cat /proc/$$/stat; exit \$s",
            executable.toString(), "-q", "-s", timeout.toSeconds().toString(),
            "-c", users.toString(),
        ) + limit + listOf("-e", percentiles.toString(), target.url)
        val start = System.currentTimeMillis()
        val process = Children.start(ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()), "ab", 3)
        try {
            val bound = seconds + timeout.toSeconds() + 30
            check(process.waitFor(bound, TimeUnit.SECONDS)) { "ab did not finish a ${limit.joinToString(" ")} window within $bound s" }
            val text = Files.readString(output)
            check(process.exitValue() == 0) {
                "ab exited with code ${process.exitValue()}: ${text.lines().filter { it.isNotBlank() }.takeLast(2).joinToString(" | ")}"
            }
            return parse(text, Files.readAllLines(percentiles), start, System.currentTimeMillis())
        } finally {
            Children.stop(process)
            Files.deleteIfExists(output)
            Files.deleteIfExists(percentiles)
        }
    }

    companion object {
        /** ab's summary, its `-e` percentile table and the shell's stat line as one result; [start]/[end] bound the window. */
        fun parse(text: String, percentiles: List<String>, start: Long, end: Long): DriverResult {
            fun field(name: String): String? = Regex("^$name:\\s+(\\S+)", RegexOption.MULTILINE).find(text)?.groupValues?.get(1)
            val complete = field(
                "Complete requests",
            )?.toLong() ?: throw IllegalStateException("ab printed no result: ${text.lines().take(3).joinToString(" | ")}")
            val seconds = field("Time taken for tests")?.toDouble() ?: Double.NaN
            val nonOk = field("Non-2xx responses")?.toLong() ?: 0
            val failed = Regex(
                "\\(Connect: (\\d+), Receive: (\\d+), Length: (\\d+), Exceptions: (\\d+)\\)",
            ).find(text)?.groupValues?.drop(1)?.map { it.toLong() }
                ?: listOf(0L, 0L, 0L, 0L)
            val histogram = Latency.histogram()
            // row p (1%..100%) stands for the requests between the (p-1)th and the pth hundredth of the completed ones;
            // counted cumulatively so that every request is recorded once, also when fewer than 100 completed
            for (row in percentiles.drop(1)) {
                val ms = row.substringAfter(',').toDoubleOrNull() ?: continue
                val p = row.substringBefore(',').toIntOrNull()?.takeIf { it in 1..100 } ?: continue
                val count = complete * p / 100 - complete * (p - 1) / 100
                if (count > 0) histogram.recordValueWithCount(maxOf(1L, (ms * 1000).toLong()).coerceAtMost(Latency.HIGHEST_US), count)
            }
            val stat = text.lineSequence().lastOrNull { it.contains(") ") && it.trim().first().isDigit() }
            val cpu = stat?.substringAfterLast(") ")?.split(' ')?.let { f ->
                (f[13].toLong() + f[14].toLong())
                    .toDouble() / ProcessCpu.CLOCK_TICKS
            } ?: Double.NaN
            val errors = Errors(status = nonOk, content = failed[2], connect = failed[0], read = failed[1] + failed[3])
            return DriverResult(complete, seconds, errors, histogram, cpu, start, end)
        }

        /** The ab binary on PATH, or null. */
        fun locate(): Path? = System.getenv("PATH").orEmpty().split(':').filter { it.isNotEmpty() }.map {
            Path.of(it, "ab")
        }.firstOrNull { Files.isExecutable(it) }

        const val INSTALL_HINT = "ab (Apache Bench) not found; install it (Debian/Ubuntu: sudo apt-get install apache2-utils)"

        fun versionOf(executable: Path): String = try {
            val p = Children.spawn(ProcessBuilder(executable.toString(), "-V").redirectErrorStream(true))
            val text = p.inputStream.bufferedReader().readText()
            p.waitFor(5, TimeUnit.SECONDS)
            Regex("Version (\\S+)").find(text)?.groupValues?.get(1) ?: "unknown"
        } catch (e: IOException) {
            throw DriverUnavailable("cannot run $executable: ${e.message}")
        }
    }
}
