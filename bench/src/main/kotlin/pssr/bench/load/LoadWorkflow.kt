package pssr.bench.load

import pssr.bench.console.Progress
import pssr.bench.console.UsageError
import pssr.bench.measure.OpenModelDriver
import pssr.bench.measure.ProcessCpu
import pssr.bench.measure.WrkDriver
import pssr.bench.process.MeasureLock
import pssr.bench.process.Stopped
import pssr.bench.process.Stopping
import pssr.bench.project.Project
import pssr.probe.Jackson
import pssr.probe.page.ProbeOutput
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/**
 * `./pssr load URL [URL]` from its parsed options (cli/LoadCommand only parses and checks them): the folder checked, every
 * page learned before any load, then the levels, environment.json, pages.json, the report and the answer lines.
 * [commandLine] names the load in the measuring lock; [args] are its arguments, named in interrupted.txt.
 */
class LoadWorkflow(
    private val urls: List<String>,
    private val plan: LoadPlan,
    private val out: Path?,
    private val allowRemoteTarget: Boolean,
    private val wrkPath: Path?,
    /** Print the summary as JSON instead of the answer lines. */
    private val json: Boolean,
    private val commandLine: String,
    private val args: List<String>,
    private val allowConcurrent: Boolean,
) {
    fun execute(): Int {
        val dir = (out ?: Project.resultsPath("load-")).toAbsolutePath().normalize()
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw UsageError("--out $dir is a file; name a directory (it is created if missing)")
        }
        if (Files.exists(dir.resolve("load.csv"))) {
            throw UsageError("$dir already holds a load run; choose another --out (nothing was overwritten)")
        }
        // every page is learned (and every bad URL refused) before any load
        val pages = urls.mapIndexed { i, u -> LoadPage.learn(if (i == 0) "A" else "B", u, plan.timeout, allowRemoteTarget) }
        if (pages.size == 2 && pages[0].url == pages[1].url) throw UsageError("the two URLs are the same page; give two pages to compare")
        val wrk = if (plan.users.isNotEmpty()) WrkDriver.required(wrkPath) else null
        return MeasureLock.holding(commandLine, allowConcurrent) { measure(dir, pages, wrk) }
    }

    private fun measure(dir: Path, pages: List<LoadPage>, wrk: Path?): Int {
        Files.createDirectories(dir)
        val closed = wrk?.let { WrkDriver(it, 1, plan.timeout) }
        val open = if (plan.rates.isNotEmpty()) OpenModelDriver(plan.timeout) else null
        val method = method(closed?.description, open?.description)
        writeEnvironment(dir, method)
        val total = pages.size * plan.repeat * (plan.users.size + plan.rates.size)
        val warmup = if (plan.steadyCap > plan.pageWarmup) {
            "until steady, ${plan.pageWarmup.seconds}-${plan.steadyCap.seconds} s"
        } else {
            "${plan.pageWarmup.seconds} s"
        }
        System.err.println(
            "== ${pages.size} page(s) x ${plan.users.size + plan.rates.size} levels x ${plan.repeat} repetitions, " +
                "${plan.windows.warmup.seconds + plan.windows.measured.seconds} s each (+ warm-up per page: $warmup)",
        )
        val run = LoadRun(dir, pages, plan, closed, open, Progress(total, "load"))
        var code = 0
        // load has no --resume: a stop signal keeps the levels measured before, and interrupted.txt names the command to run again
        Stopping.started(
            dir,
            (listOf("./pssr", "load") + args).joinToString(" ", transform = Stopping::shellWord),
            how = "load has no --resume; to measure every level, run again",
        )
        // a server that dies or a driver that fails ends the load, never the levels already measured: they are reported
        val rows = try {
            (open ?: AutoCloseable {}).use { run.execute() }
        } catch (e: Exception) {
            if (e is Stopped || Stopping.now) throw Stopped() // stopping is not failing: nothing after the signal is recorded
            System.err.println(
                "pssr: load stopped: ${e.message ?: e.javaClass.simpleName}; the levels measured before are kept in ${run.rowsFile}",
            )
            code = 1
            if (Files.exists(run.rowsFile)) LoadRow.read(run.rowsFile) else emptyList()
        } finally {
            Stopping.ended()
        }
        val summary = LoadSummary(run.pages, rows)
        Files.writeString(
            dir.resolve("pages.json"),
            Jackson.writePretty(
                run.pages.map { p ->
                    linkedMapOf(
                        "page" to p.label,
                        "url" to p.url.toString(),
                        "bytes" to p.bytes,
                        "html" to p.html,
                        "probe" to ProbeOutput.reportMap(p.unloaded),
                    )
                },
            ),
        )
        LoadReport.write(dir, summary, run.timelines, method)
        if (json) {
            print(Jackson.writePretty(LoadReport.json(summary, dir)))
        } else {
            LoadReport.answer(summary).forEach(::println)
            println("results: ${run.rowsFile}")
            println("report:  ${dir.resolve("report.html")}")
        }
        return code
    }

    private fun writeEnvironment(dir: Path, method: String) {
        Files.writeString(
            dir.resolve("environment.json"),
            Jackson.writePretty(
                linkedMapOf(
                    "command" to "load",
                    "urls" to urls,
                    "startedAt" to Instant.now().toString(),
                    "measuredBeside" to MeasureLock.beside,
                    "jdkVersion" to System.getProperty("java.runtime.version"),
                    "cores" to ProcessCpu.onlineCpus.size,
                    "method" to method,
                    "options" to linkedMapOf(
                        "users" to plan.users, "rates" to plan.rates, "warmupS" to plan.windows.warmup.seconds,
                        "durationS" to plan.windows.measured.seconds, "pageWarmupS" to plan.pageWarmup.seconds,
                        "steadyCapS" to plan.steadyCap.seconds,
                        "repeat" to plan.repeat, "lengthTolerance" to plan.lengthTolerance, "timeoutS" to plan.timeout.seconds,
                    ),
                ),
            ),
        )
    }

    private fun method(wrk: String?, open: String?) =
        "Each page was learned by one probe fetch (gzip accepted, as a browser) and one uncompressed fetch " +
            "(the length the driver checks). Then ${plan.repeat} repetitions; per level and page a ${plan.windows.warmup.seconds} s " +
            "warm-up (discarded) and a ${plan.windows.measured.seconds} s measured window, pages alternated A B / B A. " +
            "Drivers: ${listOfNotNull(wrk, open).joinToString("; ")}. " +
            "During each measured window a side probe fetches the page every 200 ms on its own connection, one request at a time, " +
            "and judges each fetch with probe's rule; the level's verdict is the one most samples got. " +
            "Server CPU per request: the port's listening process (from /proc), read at both ends of the window; " +
            "driver CPU: wrk's own from /proc/self/stat. " +
            "Figures per level are medians over repetitions (throughput: mean with a Student t 95% interval)."
}
