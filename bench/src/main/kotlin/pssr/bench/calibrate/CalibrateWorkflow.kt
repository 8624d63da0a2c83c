package pssr.bench.calibrate

import pssr.bench.console.UsageError
import pssr.bench.measure.WrkDriver
import pssr.bench.process.MeasureLock
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.Stopping
import pssr.bench.project.Framework
import pssr.probe.StreamProbe
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * `./pssr calibrate` from its checked options (cli/CalibrateCommand only parses): the server started, [route] compared
 * with itself and at a known ratio ([Calibration]), the summary printed and written beside calibration.csv in [dir].
 * [commandLine] names it in the measuring lock.
 */
class CalibrateWorkflow(
    private val framework: Framework,
    private val route: String,
    private val plan: CalibrationPlan,
    private val dir: Path,
    private val commandLine: String,
    private val allowConcurrent: Boolean,
) {
    fun execute(): Int {
        val wrk = WrkDriver.required(null) // checked to run before anything is written
        Files.createDirectories(dir)
        return MeasureLock.holding(commandLine, allowConcurrent) {
            Stopping.started(dir, "./pssr calibrate --out $dir")
            try {
                ServerProcess.start(framework, ServerLaunch(), dir.resolve("logs"), "calibrate").use { s ->
                    if (s.routes().none { it.path == route }) {
                        throw UsageError("${framework.name} serves no route $route; ./pssr list shows the routes")
                    }
                    WrkDriver(wrk, 1, Duration.ofSeconds(10)).use { driver ->
                        val page = { delay: Long ->
                            StreamProbe.get(s.host, s.port, "$route?itemDelayMs=$delay", timeout = Duration.ofSeconds(30)).body
                        }
                        val results = Calibration(driver, plan, dir).run("http://${s.host}:${s.port}$route", page, s.pid)
                        val lines = Calibration.summary(results, plan)
                        lines.forEach(::println)
                        Files.writeString(
                            dir.resolve("calibration.md"),
                            "# Calibration of ${framework.name} $route\n\n" + lines.joinToString("\n") { "- $it" } + "\n",
                        )
                        println("calibration: ${dir.resolve("calibration.csv")}")
                    }
                }
            } finally {
                Stopping.ended()
            }
            0
        }
    }
}
