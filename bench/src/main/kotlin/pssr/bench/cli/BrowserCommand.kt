package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import pssr.bench.browser.BrowserCampaign
import pssr.bench.browser.BrowserWorkflow
import pssr.bench.browser.Lighthouse
import pssr.bench.process.ConcurrencyOption
import pssr.bench.process.MeasureLock
import pssr.views.demo.DemoPage
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "browser",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "What the user sees: seed 002's Weather, Artist and Presentations pages with PSSR on and off, in headless " +
            "Chromium with Lighthouse (score, FCP, LCP, Speed Index, TTFB; median of --runs runs, with Lighthouse's " +
            "default simulated throttling and with --throttling-method=provided), plus filmstrips at fixed instants.",
        "Starts the WebFlux server itself. Writes every raw Lighthouse JSON, runs.csv, summary.csv, table.txt, " +
            "filmstrips/*.png and a self-contained browser.html to --out (with --out results/<run>/browser, the run's " +
            "report.html gets a section too).",
        "Needs Debian's chromium, nodejs and npm; installs its pinned Lighthouse itself. See docs/BROWSER.md.",
    ],
)
class BrowserCommand : Callable<Int> {
    @picocli.CommandLine.Mixin lateinit var concurrency: ConcurrencyOption

    @picocli.CommandLine.Spec lateinit var spec: picocli.CommandLine.Model.CommandSpec

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = ["Results directory (default: results/browser-<timestamp>); must not exist or be empty"],
    )
    var out: Path? = null

    @Option(
        names = ["--runs"],
        description = [
            "Lighthouse runs per page x rendering x mode x throttling; each figure is their median (default: \${DEFAULT-VALUE})",
        ],
    )
    var runs: Int = 3

    @Option(names = ["--pages"], split = ",", paramLabel = "PAGE", description = ["Pages (default: weather,artist,presentations)"])
    var pages: List<String> = DemoPage.all.map { it.id }

    @Option(
        names = ["--renderings"],
        split = ",",
        paramLabel = "R",
        description = ["suspending (HtmlFlow), virtual (JStachio on a virtual thread); default: both"],
    )
    var renderings: List<String> = listOf("suspending", "virtual")

    @Option(
        names = ["--throttling"],
        split = ",",
        paramLabel = "T",
        description = ["simulate (Lighthouse's default), provided (no throttling); default: both"],
    )
    var throttling: List<String> = Lighthouse.THROTTLINGS

    @Option(names = ["--no-filmstrips"], description = ["Skip the filmstrips"])
    var noFilmstrips: Boolean = false

    @Option(
        names = ["--chromium"],
        paramLabel = "FILE",
        description = ["Chromium or Chrome binary (default: \$CHROME_PATH, /usr/bin/chromium, chromium on the PATH)"],
    )
    var chromiumPath: Path? = null

    @Option(
        names = ["--lighthouse"],
        paramLabel = "FILE",
        description = [
            "A Lighthouse CLI (lighthouse/cli/index.js) to use as is (default: browser/node_modules, installed with npm ci when missing)",
        ],
    )
    var lighthouseCli: Path? = null

    @Option(
        names = ["--resume"],
        paramLabel = "DIR",
        description = [
            "Continue the campaign in DIR with its own options: complete Lighthouse reports are kept, the missing ones run",
        ],
    )
    var resume: Path? = null

    override fun call(): Int {
        // the options named on this command line, by the campaign's keys: a --resume refuses those that differ from the campaign's
        val named = spec.commandLine().parseResult.matchedOptions().map { it.longestName().removePrefix("--").removePrefix("no-") }.toSet()
        return BrowserWorkflow(
            BrowserCampaign(runs, pages, renderings, throttling, !noFilmstrips),
            out,
            chromiumPath,
            lighthouseCli,
            MeasureLock.describe(spec),
            concurrency.allowConcurrent,
            resume,
            named,
        ).execute()
    }
}
