package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Mixin
import picocli.CommandLine.Option
import picocli.CommandLine.Spec
import pssr.bench.calibrate.CalibrateWorkflow
import pssr.bench.calibrate.CalibrationPlan
import pssr.bench.console.Durations
import pssr.bench.console.Fmt
import pssr.bench.console.UsageError
import pssr.bench.measure.ConnectionLimits
import pssr.bench.process.ConcurrencyOption
import pssr.bench.process.MeasureLock
import pssr.bench.project.Frameworks
import java.nio.file.Path
import java.time.LocalDateTime
import java.util.concurrent.Callable

@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Check on this machine that the ledger's words decide right (docs/CLAIMS.md, \"Calibration\"): A/A comparisons (one " +
            "route as A and as B) must come out \"comparable\", and the same slow page at 23 and at 20 users (a known 1.15x) must come " +
            "out \"different\". Prints how often each does, and writes calibration.csv.",
    ],
)
class CalibrateCommand : Callable<Int> {
    @Spec lateinit var spec: picocli.CommandLine.Model.CommandSpec

    @Mixin lateinit var concurrency: ConcurrencyOption

    @Option(names = ["--comparisons"], paramLabel = "N", description = ["Comparisons of each kind (default \${DEFAULT-VALUE})"])
    var comparisons: Int = 30

    @Option(
        names = ["--pairs"],
        paramLabel = "N",
        description = [
            "Window pairs per comparison, alternated A B B A, one per round over the run (default \${DEFAULT-VALUE}: the design " +
                "that met docs/CLAIMS.md's calibration figures here, about 38 min; fewer is a smoke check that says so)",
        ],
    )
    var pairs: Int = CalibrationPlan.DECIDING_PAIRS

    @Option(names = ["--window"], paramLabel = "DURATION", description = ["Each window (default \${DEFAULT-VALUE})"])
    var window: String = "1s"

    @Option(names = ["--users"], paramLabel = "N", description = ["Users of the A/A comparisons (default \${DEFAULT-VALUE})"])
    var users: Int = 128

    @Option(names = ["--framework"], description = ["The server (default \${DEFAULT-VALUE})"])
    var framework: String = "webflux"

    @Option(names = ["--route"], paramLabel = "PATH", description = ["The route compared (default \${DEFAULT-VALUE})"])
    var route: String = "/presentations/jstachio/virtual"

    @Option(names = ["--out"], paramLabel = "DIR", description = ["Where calibration.csv goes (default results/calibrate-<time>)"])
    var out: Path? = null

    override fun call(): Int {
        if (comparisons !in 2..1000) throw UsageError("--comparisons must be 2 to 1000, was $comparisons")
        if (pairs !in 2..100) throw UsageError("--pairs must be 2 to 100 (an interval needs two pairs), was $pairs")
        ConnectionLimits.checkUsers("--users", listOf(users))
        val fw = Frameworks.byName(framework)
        val win = Durations.seconds("--window", window, 1, 600)
        // the known ratio 1.15: 23 against 20 users at 10 ms per item, where the floor (users / (items x delay)) binds and the server idles
        val plan = CalibrationPlan(comparisons, pairs, win, users, knownDelayMs = 10, moreUsers = 23, fewerUsers = 20)
        val dir = out ?: Path.of("results", "calibrate-" + Fmt.stamp(LocalDateTime.now()))
        return CalibrateWorkflow(fw, route, plan, dir, MeasureLock.describe(spec), concurrency.allowConcurrent).execute()
    }
}
