package pssr.bench.cli

import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.concurrent.Callable
import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.bench.UsageError
import pssr.bench.browser.BrowserCase
import pssr.bench.browser.BrowserFailure
import pssr.bench.browser.BrowserHtml
import pssr.bench.browser.BrowserSummary
import pssr.bench.browser.Filmstrips
import pssr.bench.browser.Lighthouse
import pssr.bench.browser.LighthouseRun
import pssr.bench.cli
import pssr.bench.console.Progress
import pssr.bench.process.ServerLaunch
import pssr.bench.process.ServerProcess
import pssr.bench.process.ServerStartFailed
import pssr.bench.project.Frameworks
import pssr.bench.project.Project
import pssr.bench.report.BrowserSection
import pssr.probe.StreamProbe
import pssr.probe.browser.Chromium
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering

@Command(name = "browser", mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "What the user sees: seed 002's Weather, Artist and Presentations pages with PSSR on and off, in headless " +
            "Chromium with Lighthouse (score, FCP, LCP, Speed Index, TTFB; median of --runs runs, with Lighthouse's " +
            "default simulated throttling and with --throttling-method=provided), plus filmstrips at fixed instants.",
        "Starts the WebFlux server itself. Writes every raw Lighthouse JSON, runs.csv, summary.csv, table.txt, " +
            "filmstrips/*.png and a self-contained browser.html to --out (with --out results/<run>/browser, the run's " +
            "report.html gets a section too).",
        "Needs Debian's chromium, nodejs and npm; installs its pinned Lighthouse itself. See docs/BROWSER.md.",
    ])
class BrowserCommand : Callable<Int> {
    @picocli.CommandLine.Mixin lateinit var concurrency: pssr.bench.process.ConcurrencyOption
    @picocli.CommandLine.Spec lateinit var spec: picocli.CommandLine.Model.CommandSpec
    @Option(names = ["--out"], paramLabel = "DIR", description = ["Results directory (default: results/browser-<timestamp>); must not exist or be empty"])
    var out: Path? = null

    @Option(names = ["--runs"], description = ["Lighthouse runs per page x rendering x mode x throttling; each figure is their median (default: \${DEFAULT-VALUE})"])
    var runs: Int = 3

    @Option(names = ["--pages"], split = ",", paramLabel = "PAGE", description = ["Pages (default: weather,artist,presentations)"])
    var pages: List<String> = DemoPage.all.map { it.id }

    @Option(names = ["--renderings"], split = ",", paramLabel = "R", description = ["suspending (HtmlFlow), virtual (JStachio on a virtual thread); default: both"])
    var renderings: List<String> = listOf("suspending", "virtual")

    @Option(names = ["--throttling"], split = ",", paramLabel = "T", description = ["simulate (Lighthouse's default), provided (no throttling); default: both"])
    var throttling: List<String> = Lighthouse.THROTTLINGS

    @Option(names = ["--no-filmstrips"], description = ["Skip the filmstrips"])
    var noFilmstrips: Boolean = false

    @Option(names = ["--chromium"], paramLabel = "FILE", description = ["Chromium or Chrome binary (default: \$CHROME_PATH, /usr/bin/chromium, chromium on the PATH)"])
    var chromiumPath: Path? = null

    @Option(names = ["--lighthouse"], paramLabel = "FILE", description = ["A Lighthouse CLI (lighthouse/cli/index.js) to use as is (default: browser/node_modules, installed with npm ci when missing)"])
    var lighthouseCli: Path? = null

    override fun call(): Int {
        if (runs < 1) throw UsageError("--runs must be >= 1, was $runs")
        val pageList = pages.map { id -> DemoPage.byId(id) ?: throw UsageError("unknown page '$id'; valid pages: ${DemoPage.all.joinToString(", ")}") }
        val renderingList = renderings.map { id ->
            DemoRendering.byId(id)?.takeIf { it != DemoRendering.NAIVE } ?: throw UsageError("unknown rendering '$id'; valid renderings: suspending, virtual")
        }
        throttling.forEach { if (it !in Lighthouse.THROTTLINGS) throw UsageError("unknown throttling '$it'; valid: ${Lighthouse.THROTTLINGS.joinToString(", ")}") }

        val dir = (out ?: Project.resultsPath("browser-")).toAbsolutePath().normalize()
        if (Files.exists(dir) && Files.list(dir).use { it.findAny().isPresent }) throw UsageError("$dir exists and is not empty; results are never overwritten: choose another --out")
        val chromium = chromiumPath?.let { p -> p.takeIf { Files.isRegularFile(it) && Files.isExecutable(it) } ?: throw UsageError("no Chromium at $p; install it: ${Chromium.INSTALL_HINT}") }
            ?: Chromium.executable() ?: throw UsageError("Chromium not found (looked at \$CHROME_PATH, /usr/bin/chromium, PATH); install it: ${Chromium.INSTALL_HINT}")
        val lighthouse = lighthouseCli?.let { Lighthouse.at(it, chromium) } ?: Lighthouse.prepare(Project.root.resolve("browser"), chromium)
        Files.createDirectories(dir.resolve("lighthouse"))

        val cases = pageList.flatMap { p -> renderingList.flatMap { r -> listOf(false, true).map { BrowserCase(p, r, it) } } }
        val total = runs * throttling.size * cases.size
        println("pssr browser: ${cases.size} cases x ${throttling.size} throttling x $runs runs = $total Lighthouse runs (about ${total * 15 / 60 + 1} min), results in $dir")
        println("pssr browser: Chromium ${lighthouse.chromiumVersion}, Lighthouse ${lighthouse.version}, Node ${lighthouse.nodeVersion}")

        return pssr.bench.process.MeasureLock.holding(spec, concurrency) { measure(dir, chromium, lighthouse, cases, total) }
    }

    private fun measure(dir: Path, chromium: Path, lighthouse: Lighthouse, cases: List<BrowserCase>, total: Int): Int {
        pssr.bench.process.MeasureLock.beside?.let {
            Files.writeString(dir.resolve("measured-beside.txt"), "measured beside another run (--allow-concurrent): $it\n")
        }
        val server = try { ServerProcess.start(Frameworks.byName("webflux"), ServerLaunch(), dir, "browser") }
            catch (e: ServerStartFailed) { throw BrowserFailure("${e.message}; see ${dir.resolve("webflux-browser.log")}") }
        server.use {
            // Warm-up: every page once with no delay, so the first measured load pays no class loading or JIT.
            // A page that does not load here ends the command before Lighthouse waits on it.
            for (c in cases) {
                val answer = try { StreamProbe.get(server.host, server.port, c.path(0), timeout = Duration.ofSeconds(30)) }
                    catch (e: Exception) { throw BrowserFailure("${server.baseUrl}${c.path(0)} did not load: ${e.message ?: e.javaClass.simpleName}") }
                if (answer.status != 200 || !answer.complete) throw BrowserFailure("${server.baseUrl}${c.path(0)} did not load: HTTP ${answer.status}${if (answer.complete) "" else ", incomplete"}")
            }
            val results = mutableListOf<LighthouseRun>()
            val progress = Progress(total, "browser", System.out) // stdout, as the rest of its report; stderr stays for the one-line failure
            // Rounds: every case once per round, so drift in machine load spreads over all cases alike.
            for (run in 1..runs) for (t in throttling) for (c in cases) {
                val file = dir.resolve("lighthouse").resolve("${c.id}-$t-run$run.json")
                progress.advance(0, "${c.id} $t run $run")
                results += lighthouse.run(server.baseUrl + c.path(), file, t).copy(case = c, run = run)
                progress.advance(1, "${c.id} $t run $run")
            }
            val summary = BrowserSummary(results, dir)
            summary.writeCsv()
            val filmstrips = if (noFilmstrips) emptyList() else {
                println("pssr browser: filmstrips (direct capture at fixed instants) ...")
                try { Filmstrips.capture(chromium, server.baseUrl, cases, dir.resolve("filmstrips")) }
                catch (e: Exception) { throw BrowserFailure("filmstrips failed: ${e.message?.lines()?.first() ?: e.javaClass.simpleName}") }
            }
            val table = summary.table()
            Files.writeString(dir.resolve("table.txt"), table)
            BrowserHtml.write(dir.resolve("browser.html"), summary, filmstrips, lighthouse)
            println(table)
            println("pssr browser: ${dir.resolve("browser.html")}")
        }
        BrowserSection.rerenderRunReport(dir)?.let { println("pssr browser: added to the run's report: $it") }
        return 0
    }
}
