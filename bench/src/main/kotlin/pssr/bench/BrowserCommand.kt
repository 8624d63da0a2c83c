package pssr.bench

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.probe.StreamProbe
import pssr.probe.browser.Chromium
import pssr.views.demo.DemoPage
import pssr.views.demo.DemoRendering
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter
import java.util.concurrent.Callable
import java.util.concurrent.TimeUnit

@Command(name = "browser", mixinStandardHelpOptions = true,
    description = [
        "What the user sees: seed 002's Weather, Artist and Presentations pages with PSSR on and off, in headless",
        "Chromium with Lighthouse (score, FCP, LCP, Speed Index, TTFB; median of --runs runs, with Lighthouse's",
        "default simulated throttling and with --throttling-method=provided), plus filmstrips at fixed instants.",
        "Starts the WebFlux server itself. Writes every raw Lighthouse JSON, runs.csv, summary.csv, table.txt,",
        "filmstrips/*.png and a self-contained browser.html to --out. Needs Debian's chromium and Node.js; see docs/BROWSER.md.",
    ])
class BrowserCommand : Callable<Int> {
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

    override fun call(): Int {
        if (runs < 1) throw UsageError("--runs must be >= 1, was $runs")
        val pageList = pages.map { id -> DemoPage.byId(id) ?: throw UsageError("unknown page '$id'; valid pages: ${DemoPage.all.joinToString(", ")}") }
        val renderingList = renderings.map { id ->
            DemoRendering.byId(id)?.takeIf { it != DemoRendering.NAIVE } ?: throw UsageError("unknown rendering '$id'; valid renderings: suspending, virtual")
        }
        throttling.forEach { if (it !in Lighthouse.THROTTLINGS) throw UsageError("unknown throttling '$it'; valid: ${Lighthouse.THROTTLINGS.joinToString(", ")}") }

        val chromium = Chromium.executable() ?: throw UsageError("Chromium not found (looked at \$CHROME_PATH, /usr/bin/chromium, PATH); install it: ${Chromium.INSTALL_HINT}")
        val lighthouse = Lighthouse.prepare(Project.root.resolve("browser"), chromium)

        val dir = (out ?: Project.root.resolve("results").resolve("browser-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))).toAbsolutePath().normalize()
        if (Files.exists(dir) && Files.list(dir).use { it.findAny().isPresent }) throw UsageError("$dir exists and is not empty; results are never overwritten: choose another --out")
        Files.createDirectories(dir.resolve("lighthouse"))

        val cases = pageList.flatMap { p -> renderingList.flatMap { r -> listOf(false, true).map { BrowserCase(p, r, it) } } }
        val total = runs * throttling.size * cases.size
        println("pssr browser: ${cases.size} cases x ${throttling.size} throttling x $runs runs = $total Lighthouse runs (about ${total * 15 / 60 + 1} min), results in $dir")
        println("pssr browser: Chromium ${lighthouse.chromiumVersion}, Lighthouse ${lighthouse.version}, Node ${lighthouse.nodeVersion}")

        ServerProcess.start(Frameworks.byName("webflux"), ServerLaunch(), dir, "browser").use { server ->
            // Warm-up: every page once with no delay, so the first measured load pays no class loading or JIT.
            for (c in cases) StreamProbe.get(server.host, server.port, c.path(0), timeout = Duration.ofSeconds(30))
            val results = mutableListOf<LighthouseRun>()
            var n = 0
            // Rounds: every case once per round, so drift in machine load spreads over all cases alike.
            for (run in 1..runs) for (t in throttling) for (c in cases) {
                n++
                val file = dir.resolve("lighthouse").resolve("${c.id}-$t-run$run.json")
                print("\r[%3d/%d] %-48s".format(n, total, "${c.id} $t run $run"))
                System.out.flush()
                results += lighthouse.run(server.baseUrl + c.path(), file, t).copy(case = c, run = run)
            }
            println()
            val summary = BrowserSummary(results, dir)
            summary.writeCsv()
            val filmstrips = if (noFilmstrips) emptyList() else {
                println("pssr browser: filmstrips (direct capture at fixed instants) ...")
                Filmstrips.capture(chromium, server.baseUrl, cases, dir.resolve("filmstrips"))
            }
            val table = summary.table()
            Files.writeString(dir.resolve("table.txt"), table)
            BrowserHtml.write(dir.resolve("browser.html"), summary, filmstrips, lighthouse)
            println(table)
            println("pssr browser: ${dir.resolve("browser.html")}")
        }
        return 0
    }
}

/** One page x rendering x mode. */
data class BrowserCase(val page: DemoPage, val rendering: DemoRendering, val pssr: Boolean) {
    val mode get() = if (pssr) "on" else "off"
    val id get() = "${page.id}-${rendering.id}-pssr-$mode"
    fun path(itemDelayMs: Long? = null) = "/demo/${page.id}/${rendering.id}?pssr=$mode" + (itemDelayMs?.let { "&itemDelayMs=$it" } ?: "")
}

/** The figures of one Lighthouse run, read from its JSON report (milliseconds; score 0..100). */
data class LighthouseRun(
    val case: BrowserCase?, val run: Int, val throttling: String, val file: Path,
    val score: Double, val fcp: Double, val lcp: Double, val speedIndex: Double, val ttfb: Double,
    val observedFcp: Double, val warnings: List<String>,
)

/** Lighthouse 12.8.2 from `browser/node_modules` (npm ci), run as a child process per measurement. */
class Lighthouse private constructor(private val cli: Path, private val chromium: Path, val version: String, val nodeVersion: String, val chromiumVersion: String) {
    fun run(url: String, file: Path, throttling: String): LighthouseRun {
        val command = listOf("node", cli.toString(), url, "--output=json", "--output-path=$file", "--only-categories=performance",
            "--throttling-method=$throttling", "--chrome-flags=${Chromium.FLAGS.joinToString(" ")}", "--quiet")
        val log = Files.createTempFile("pssr-lighthouse-", ".log")
        try {
            val pb = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            pb.environment()["CHROME_PATH"] = chromium.toString()
            val process = pb.start()
            if (!process.waitFor(180, TimeUnit.SECONDS)) {
                process.destroyForcibly(); process.waitFor(10, TimeUnit.SECONDS)
                throw IllegalStateException("Lighthouse did not finish within 180 s: $url")
            }
            if (process.exitValue() != 0 || !Files.exists(file))
                throw IllegalStateException("Lighthouse failed (exit ${process.exitValue()}) on $url: ${Files.readString(log).takeLast(1500)}")
        } finally { Files.deleteIfExists(log) }
        return read(file, throttling)
    }

    companion object {
        val THROTTLINGS = listOf("simulate", "provided")

        /** Reads the figures pssr reports from one Lighthouse JSON report. */
        fun read(file: Path, throttling: String): LighthouseRun {
            val json = MiniJson.parse(Files.readString(file))
            fun at(vararg path: String): Any? = path.fold(json) { v, k -> (v as? Map<*, *>)?.get(k) }
            fun num(vararg path: String) = (at(*path) as? Double) ?: Double.NaN
            val runtimeError = at("runtimeError", "message") as? String
            if (runtimeError != null) throw IllegalStateException("Lighthouse runtime error in $file: $runtimeError")
            val metrics = ((at("audits", "metrics", "details", "items") as? List<*>)?.firstOrNull() as? Map<*, *>).orEmpty()
            return LighthouseRun(null, 0, throttling, file,
                score = num("categories", "performance", "score") * 100,
                fcp = num("audits", "first-contentful-paint", "numericValue"),
                lcp = num("audits", "largest-contentful-paint", "numericValue"),
                speedIndex = num("audits", "speed-index", "numericValue"),
                ttfb = num("audits", "server-response-time", "numericValue"),
                observedFcp = (metrics["observedFirstContentfulPaint"] as? Double) ?: Double.NaN,
                warnings = (at("runWarnings") as? List<*>).orEmpty().map { it.toString() })
        }

        /** Finds Node and Lighthouse (running `npm ci` in [folder] if node_modules is missing); [UsageError] with the exact fix otherwise. */
        fun prepare(folder: Path, chromium: Path): Lighthouse {
            val node = output(listOf("node", "--version"))
                ?: throw UsageError("Node.js not found; install it (apt-get install nodejs npm), then run: cd $folder && npm ci")
            val cli = folder.resolve("node_modules/lighthouse/cli/index.js")
            if (!Files.exists(cli)) {
                println("pssr browser: Lighthouse is not installed; running 'npm ci' in $folder ...")
                val ok = try {
                    val p = ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(folder.toFile()).inheritIO().start()
                    p.waitFor(600, TimeUnit.SECONDS) && p.exitValue() == 0
                } catch (e: Exception) { false }
                if (!ok || !Files.exists(cli)) throw UsageError("could not install Lighthouse; run: cd $folder && npm ci")
            }
            val version = (MiniJson.parse(Files.readString(folder.resolve("node_modules/lighthouse/package.json"))) as Map<*, *>)["version"].toString()
            val chromiumVersion = output(listOf(chromium.toString(), "--version"))?.lines()?.lastOrNull { it.contains("Chrom") }?.trim() ?: "unknown"
            return Lighthouse(cli, chromium, version, node.trim(), chromiumVersion)
        }

        private fun output(command: List<String>): String? = try {
            val p = ProcessBuilder(command).redirectErrorStream(true).start()
            val text = p.inputStream.bufferedReader().readText()
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) text else null
        } catch (e: Exception) { null }
    }
}
