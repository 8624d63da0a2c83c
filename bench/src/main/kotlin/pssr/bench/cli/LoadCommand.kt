package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.console.Durations
import pssr.bench.console.UsageError
import pssr.bench.load.LoadPlan
import pssr.bench.load.LoadWorkflow
import pssr.bench.measure.ConnectionLimits
import pssr.bench.measure.Windows
import pssr.bench.process.ConcurrencyOption
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopping
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each to the terminal once (a line broken here would break twice)
        "Does your page still stream under load? Loads one page (or two, compared) of any HTTP/1.1 server on this " +
            "machine with the measurements of 'run': wrk closed loop (--users) or the open model (--rate), every response " +
            "checked (status 200, length within --length-tolerance, </html> at the end of HTML), latency percentiles " +
            "(HdrHistogram), CPU per request of the server (the port's listener, found from its socket) and of the driver, " +
            "and a side probe that fetches the page as 'probe' does during each window: time to first byte, first visible " +
            "content, half the visible text and last byte, and the streaming verdict under load, with the level where it changed.",
        "With two URLs, A and B alternate per level and repetition and are compared (Welch + Holm).",
        "Writes results/load-<time>/ (load.csv, pages.json, timelines.json, environment.json, summary.md, report.html).",
        "Durations are whole seconds: 3, 3s, 2m or 1h.",
        "Exit code 0 when every level was measured, 1 when the server stopped, 2 for bad input (before any load).",
    ],
)
class LoadCommand : Callable<Int> {
    @picocli.CommandLine.Mixin lateinit var concurrency: ConcurrencyOption

    @picocli.CommandLine.Spec lateinit var spec: picocli.CommandLine.Model.CommandSpec

    @Parameters(
        arity = "1..2",
        paramLabel = "URL",
        description = ["The page to load (http://127.0.0.1:PORT/path); a second URL is compared with the first"],
    )
    lateinit var urls: List<String>

    @Option(
        names = ["--users"],
        split = ",",
        paramLabel = "N",
        description = ["Closed-loop levels: concurrent users (wrk connections), default 1,16,64"],
    )
    var users: List<Int>? = null

    @Option(
        names = ["--rate"],
        split = ",",
        paramLabel = "R",
        description = ["Open-model levels: requests per second (as run --rate); alone it replaces the user levels, with --users both run"],
    )
    var rates: List<Int>? = null

    @Option(
        names = ["--duration"],
        paramLabel = "DURATION",
        description = ["Measured window per level and page (default \${DEFAULT-VALUE})"],
    )
    var duration: String = "5s"

    @Option(
        names = ["--warmup"],
        paramLabel = "DURATION",
        description = ["Warm-up window before each measured one, discarded (default \${DEFAULT-VALUE}; 0 for none)"],
    )
    var warmup: String = "2s"

    @Option(
        names = ["--page-warmup"],
        paramLabel = "DURATION",
        description = ["Load at the highest level before the first level of each page, discarded (default \${DEFAULT-VALUE})"],
    )
    var pageWarmup: String = "5s"

    @Option(
        names = ["--steady-cap"],
        paramLabel = "DURATION",
        description = [
            "A page's warm-up goes on past --page-warmup until its server is steady (a HotSpot JVM on this machine: its JIT " +
                "compiler threads idle; " +
                "any server: throughput no longer rising), for at most this much load (default \${DEFAULT-VALUE}; 0 for the fixed " +
                "--page-warmup only)",
        ],
    )
    var steadyCap: String = "60s"

    @Option(
        names = ["--repeat"],
        paramLabel = "N",
        description = ["Repetitions; two pages are compared over them, so at least 2 for a test (default \${DEFAULT-VALUE})"],
    )
    var repeat: Int = 3

    @Option(
        names = ["--length-tolerance"],
        paramLabel = "BYTES",
        description = ["How far an answer's length may differ from the learned page's (timestamps, tokens); default \${DEFAULT-VALUE}"],
    )
    var lengthTolerance: Int = 0

    @Option(
        names = ["--timeout"],
        paramLabel = "DURATION",
        description = [
            "A page that has not ended after this long fails (learning and side probe), and wrk's idle timeout (default \${DEFAULT-VALUE})",
        ],
    )
    var timeout: String = "10s"

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = ["Results directory (default results/load-<time>); must not hold a load run"],
    )
    var out: Path? = null

    @Option(
        names = ["--allow-remote-target"],
        description = [
            "Let the URL name another machine (without it only loopback is loaded, so that a typo never load-tests someone else's server)",
        ],
    )
    var allowRemoteTarget: Boolean = false

    @Option(names = ["--wrk"], paramLabel = "PATH", description = ["The wrk binary (default: wrk on PATH)"])
    var wrkPath: Path? = null

    @Option(names = ["--json"], description = ["Print the summary as JSON on stdout instead of the answer lines"])
    var json: Boolean = false

    override fun call(): Int = LoadWorkflow(
        urls, plan(), out, allowRemoteTarget, wrkPath, json, MeasureLock.describe(spec), Stopping.argsOf(spec),
        concurrency.allowConcurrent,
    ).execute()

    /** The options as a plan, every value checked (exit code 2 before anything is fetched). */
    private fun plan(): LoadPlan {
        val us = users ?: if (rates != null) emptyList() else listOf(1, 16, 64)
        if (users != null) ConnectionLimits.checkUsers("--users", us)
        val rs = rates.orEmpty()
        if (rates != null && (rs.isEmpty() || rs.any { it !in 1..100_000 })) {
            throw UsageError("--rate must be requests per second from 1 to 100000, was $rs")
        }
        val measured = Durations.seconds("--duration", duration, 1, 3600)
        val warm = Durations.seconds("--warmup", warmup, 0, 3600)
        val pageWarm = Durations.seconds("--page-warmup", pageWarmup, 0, 3600)
        if (repeat !in 1..100) throw UsageError("--repeat must be 1 to 100, was $repeat")
        if (lengthTolerance !in 0..100_000_000) throw UsageError("--length-tolerance must be bytes from 0, was $lengthTolerance")
        val idle = Durations.seconds("--timeout", timeout, 1, 600)
        val cap = Durations.seconds("--steady-cap", steadyCap, 0, 3600)
        return LoadPlan(
            us.distinct().sorted(),
            rs.distinct().sorted(),
            Windows(warm, measured),
            repeat,
            pageWarm,
            lengthTolerance,
            idle,
            if (cap.isZero) pageWarm else maxOf(cap, pageWarm),
        )
    }
}
