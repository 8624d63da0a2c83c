package pssr.bench.browser

import pssr.bench.console.Progress
import pssr.bench.console.UsageError
import pssr.bench.process.MeasureLock
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.ServerStartFailed
import pssr.bench.process.Stopping
import pssr.bench.project.Frameworks
import pssr.bench.project.Project
import pssr.bench.report.BrowserSection
import pssr.bench.results.RunDirectory
import pssr.probe.StreamProbe
import pssr.probe.browser.Chromium
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * `./pssr browser` from its checked options (cli/BrowserCommand only parses): the folder, Chromium and Lighthouse found,
 * then the Lighthouse campaign on a WebFlux server it starts, the filmstrips, browser.html, and the run's report re-rendered
 * when the folder is a run's `browser/`. [commandLine] names the campaign in the measuring lock.
 */
class BrowserWorkflow(
    private val asked: BrowserCampaign,
    private val out: Path?,
    private val chromiumPath: Path?,
    private val lighthouseCli: Path?,
    private val commandLine: String,
    private val allowConcurrent: Boolean,
    /** `--resume DIR`: the campaign DIR started, its complete Lighthouse reports kept; [named] the options given beside it. */
    private val resume: Path? = null,
    private val named: Set<String> = emptySet(),
) {
    private val campaign = asked.checked().let { a -> resume?.let { a.resumed(it.toAbsolutePath().normalize(), named) } ?: a }
    private val runs = campaign.runs
    private val throttling = campaign.throttling
    private val filmstrips = campaign.filmstrips
    private val pages = campaign.pages.map { id ->
        DemoPage.byId(id) ?: throw UsageError("unknown page '$id'; valid pages: ${DemoPage.all.joinToString(", ")}")
    }
    private val renderings = campaign.renderings.map { id ->
        DemoRendering.byId(id)?.takeIf { it != DemoRendering.NAIVE }
            ?: throw UsageError("unknown rendering '$id'; valid renderings: suspending, virtual")
    }

    fun execute(): Int {
        if (out != null && resume != null && out.toAbsolutePath() != resume.toAbsolutePath()) {
            throw UsageError("--resume and --out name different directories; give only --resume DIR")
        }
        val dir = (resume ?: out ?: Project.resultsPath("browser-")).toAbsolutePath().normalize()
        if (resume == null && Files.exists(dir) && Files.list(dir).use { it.findAny().isPresent }) {
            throw UsageError("$dir exists and is not empty; results are never overwritten: choose another --out, or --resume $dir")
        }
        val chromium = chromiumPath?.let { p ->
            p.takeIf { Files.isRegularFile(it) && Files.isExecutable(it) } ?: throw UsageError(
                "no Chromium at $p; install it: ${Chromium.INSTALL_HINT}",
            )
        } ?: Chromium.executable()
            ?: throw UsageError(
                "Chromium not found (looked at \$CHROME_PATH, /usr/bin/chromium, PATH); install it: ${Chromium.INSTALL_HINT}",
            )
        val lighthouse = lighthouseCli?.let { Lighthouse.at(it, chromium) } ?: Lighthouse.prepare(Project.root.resolve("browser"), chromium)
        Files.createDirectories(dir.resolve("lighthouse"))
        // a resumed campaign keeps its campaign.json: the versions it names are those of the build that began it
        if (resume == null) campaign.write(dir)

        val cases = pages.flatMap { p -> renderings.flatMap { r -> listOf(false, true).map { BrowserCase(p, r, it) } } }
        val total = runs * throttling.size * cases.size
        println(
            "pssr browser: ${cases.size} cases x ${throttling.size} throttling x $runs runs = $total Lighthouse runs " +
                "(about ${estimate(total).toMinutes() + 1} min), results in $dir",
        )
        println("pssr browser: Chromium ${lighthouse.chromiumVersion}, Lighthouse ${lighthouse.version}, Node ${lighthouse.nodeVersion}")

        return MeasureLock.holding(commandLine, allowConcurrent) {
            Stopping.started(dir, "./pssr browser --resume ${Stopping.shellWord(dir.toString())}")
            try {
                measure(dir, chromium, lighthouse, cases, total)
            } finally {
                Stopping.ended()
            }
        }
    }

    private fun measure(dir: Path, chromium: Path, lighthouse: Lighthouse, cases: List<BrowserCase>, total: Int): Int {
        MeasureLock.beside?.let {
            Files.writeString(dir.resolve("measured-beside.txt"), "measured beside another run (--allow-concurrent): $it\n")
        }
        val server = try {
            ServerProcess.start(Frameworks.byName("webflux"), ServerLaunch(), dir, "browser")
        } catch (e: ServerStartFailed) {
            throw BrowserFailure("${e.message}; see ${dir.resolve("webflux-browser.log")}")
        }
        server.use {
            warmUp(server, cases)
            // a resumed campaign keeps the documents' checks it made (verification.csv is appended, never rewritten)
            if (resume == null || !Files.exists(RunDirectory(dir).verification)) checkDocuments(server, dir)
            val results = mutableListOf<LighthouseRun>()
            // stdout, as the rest of its report; stderr stays for the one-line failure
            val progress = Progress(total, "browser", System.out)
            // Rounds: every case once per round, so drift in machine load spreads over all cases alike.
            for (run in 1..runs) {
                for (t in throttling) {
                    for (c in cases) {
                        val file = dir.resolve("lighthouse").resolve("${c.id}-$t-run$run.json")
                        // --resume: a complete report is kept; a missing or cut one is measured (again)
                        val kept = if (resume != null) BrowserCampaign.kept(file, t) else null
                        if (kept != null) {
                            results += kept.copy(case = c, run = run)
                            progress.advance(1, "${c.id} $t run $run (kept)")
                            continue
                        }
                        Stopping.check()
                        Stopping.position = "${c.id} $t run $run"
                        progress.advance(0, "${c.id} $t run $run")
                        results += lighthouse.run(server.baseUrl + c.path(), file, t).copy(case = c, run = run)
                        progress.advance(1, "${c.id} $t run $run")
                    }
                }
            }
            val summary = BrowserSummary(results, dir)
            summary.writeCsv()
            val strips = if (!filmstrips) {
                emptyList()
            } else {
                println("pssr browser: filmstrips (direct capture at fixed instants) ...")
                try {
                    Filmstrips.capture(chromium, server.baseUrl, cases, dir.resolve("filmstrips"))
                } catch (e: Exception) {
                    throw BrowserFailure("filmstrips failed: ${e.message?.lines()?.first() ?: e.javaClass.simpleName}")
                }
            }
            val table = summary.table()
            Files.writeString(dir.resolve("table.txt"), table)
            BrowserHtml.write(dir.resolve("browser.html"), summary, strips, lighthouse)
            println(table)
            println("pssr browser: ${dir.resolve("browser.html")}")
        }
        BrowserSection.rerenderRunReport(dir)?.let { println("pssr browser: added to the run's report: $it") }
        return 0
    }

    /** Seed 002 §3's documents, well-formed or not ([DocumentChecks]), into the folder's verification.csv, and their table. */
    private fun checkDocuments(server: ServerProcess, dir: Path) {
        val checks = DocumentChecks.cases(pages).map { DocumentChecks.check(server.host, server.port, it) }
        if (checks.isEmpty()) return
        val folder = RunDirectory(dir)
        checks.forEach(folder::append)
        println("pssr browser: the demo pages' documents at ${DocumentChecks.ITEM_DELAY_MS} ms per item (seed 002 §3: naive is malformed)")
        println(DocumentChecks.table(checks))
    }

    /**
     * Every page once with no delay, so the first measured load pays no class loading or JIT.
     * A page that does not load here ends the command before Lighthouse waits on it.
     */
    private fun warmUp(server: ServerProcess, cases: List<BrowserCase>) {
        for (c in cases) {
            val answer = try {
                StreamProbe.get(server.host, server.port, c.path(0), timeout = Duration.ofSeconds(30))
            } catch (e: Exception) {
                throw BrowserFailure("${server.baseUrl}${c.path(0)} did not load: ${e.message ?: e.javaClass.simpleName}")
            }
            if (answer.status != 200 || !answer.complete) {
                throw BrowserFailure(
                    "${server.baseUrl}${c.path(0)} did not load: HTTP ${answer.status}${if (answer.complete) "" else ", incomplete"}",
                )
            }
        }
    }

    companion object {
        /** One Lighthouse run here, Chromium's start with it: 48 runs took 13 min 04 s in run K (16.3 s each). */
        private const val SECONDS_PER_RUN = 16.5

        /** Beside the runs: the server's start and warm-up, the documents' checks and the filmstrips (78 s in run K). */
        private const val FIXED_SECONDS = 80L

        /** How long a campaign of [runs] Lighthouse runs takes here (`reproduce --plan` counts its browser phase so). */
        fun estimate(runs: Int): Duration = Duration.ofSeconds(FIXED_SECONDS + (runs * SECONDS_PER_RUN).toLong())
    }
}
