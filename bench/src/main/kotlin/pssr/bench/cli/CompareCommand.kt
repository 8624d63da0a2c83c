package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.console.UsageError
import pssr.bench.report.CompareRuns
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = [
        "Compare two runs route by route and level by level.",
        "B/A of the median throughput and p99 latency, and whether each change is",
        "beyond noise:",
        "  Welch  both runs have 2+ repetitions at that level: Welch's t-test of",
        "         the means (throughput and p99 separately); the p-values of all",
        "         tests in the table are Holm-adjusted together; significant when",
        "         the adjusted p < --alpha.",
        "  thr    a single repetition on either side: NOT a test; the change",
        "         counts when |B/A - 1| > --threshold.",
        "Refuses (exit 2) runs whose environment.json differ in cores, JDK,",
        "driver or item delay; --allow-different-env compares under a warning.",
        "Prints the table and writes it to DIR_B/compare-<name of DIR_A>.md, and beside it",
        "compare-<name of DIR_A>.html (B/A per route and level drawn, then the table).",
        "Details: docs/REPORT.md.",
    ],
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = [
        "0:compared (and, with --fail-on-regression, no regression beyond PCT)",
        "1:--fail-on-regression PCT: some route and level is significantly slower (or its p99 significantly higher) in B by more than PCT",
        "2:bad arguments, a run without results, or runs from different environments (without --allow-different-env)",
    ],
)
class CompareCommand : Callable<Int> {
    @Parameters(index = "0", paramLabel = "DIR_A", description = ["the reference run"])
    lateinit var a: Path

    @Parameters(index = "1", paramLabel = "DIR_B", description = ["the run compared with it"])
    lateinit var b: Path

    @Option(
        names = ["--out"],
        paramLabel = "FILE",
        description = ["where to write the Markdown table (default: DIR_B/compare-<A>.md); the page goes beside it (.html)"],
    )
    var out: Path? = null

    @Option(
        names = ["--alpha"],
        paramLabel = "P",
        description = ["significance level of the Holm-adjusted Welch tests (default: \${DEFAULT-VALUE})"],
    )
    var alpha: Double = 0.05

    @Option(
        names = ["--threshold"],
        paramLabel = "PCT",
        description = ["change that counts when a run has a single repetition; a rule, not a test (default: \${DEFAULT-VALUE}%%)"],
    )
    var thresholdPct: Double = 10.0

    @Option(
        names = ["--allow-different-env"],
        description = ["compare runs whose cores, JDK, driver or item delay differ (the output then starts with a warning)"],
    )
    var allowDifferentEnv: Boolean = false

    @Option(
        names = ["--fail-on-regression"],
        paramLabel = "PCT",
        description = [
            "exit code 1 when a route and level's throughput is significantly lower in B by more than PCT percent, " +
                "or its p99 significantly higher by more than PCT percent (0 < PCT < 100); lists them",
        ],
    )
    var failOnRegressionPct: Double? = null

    override fun call(): Int {
        if (thresholdPct <= 0 || thresholdPct >= 1000) {
            throw UsageError("--threshold must be a percentage between 0 and 1000, was $thresholdPct")
        }
        if (!(alpha > 0 && alpha < 1)) throw UsageError("--alpha must be between 0 and 1 (exclusive), was $alpha")
        failOnRegressionPct?.let {
            if (!(it > 0 && it < 100)) throw UsageError("--fail-on-regression must be a percentage between 0 and 100 (exclusive), was $it")
        }
        return CompareRuns.execute(a, b, out, thresholdPct, alpha, allowDifferentEnv, failOnRegressionPct)
    }
}
