package pssr.bench

import picocli.CommandLine.Command
import picocli.CommandLine.Parameters
import java.nio.file.Files
import java.nio.file.Path

@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = ["Re-render report.html and summary.md from a run's stored results (results.csv, verification.csv, failures.csv, environment.json)."],
)
class ReportCommand : Runnable {
    @Parameters(index = "0", paramLabel = "DIR", description = ["a run directory, e.g. results/2025-01-01T12-00-00"])
    lateinit var dir: Path

    override fun run() {
        val run = openRun(dir)
        val report = Report.write(run)
        println(report.toAbsolutePath().normalize())
    }
}

/** A run directory that exists and holds at least one of results.csv / verification.csv, or a one-line UsageError. */
internal fun openRun(dir: Path): RunDirectory {
    if (!Files.exists(dir)) throw UsageError("no such directory: $dir")
    if (!Files.isDirectory(dir)) throw UsageError("not a directory: $dir (give the run's directory, e.g. results/<run-id>)")
    val run = RunDirectory(dir)
    if (!Files.exists(run.results) && !Files.exists(run.verification) && !Files.exists(run.failuresFile))
        throw UsageError("$dir holds no results: expected results.csv or verification.csv from './pssr run' or './pssr verify'")
    return run
}
