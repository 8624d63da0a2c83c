package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Parameters
import pssr.bench.report.Report
import pssr.bench.report.RunData
import pssr.bench.results.openChecked
import java.nio.file.Path

@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = [
        "Re-render report.html and summary.md from a run's stored results (results.csv, verification.csv, failures.csv, environment.json).",
    ],
)
class ReportCommand : Runnable {
    @Parameters(index = "0", paramLabel = "DIR", description = ["a run directory, e.g. results/2025-01-01T12-00-00"])
    lateinit var dir: Path

    override fun run() {
        val opened = openChecked(dir)
        val report = Report.write(RunData.load(opened.run, opened.contents)) // results.csv parsed once, by the folder's check
        println(report.toAbsolutePath().normalize())
    }
}
