package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.console.Durations
import pssr.bench.console.UsageError
import pssr.bench.probe.ProbeWorkflow
import pssr.bench.project.Project
import pssr.probe.browser.Chromium
import pssr.probe.page.BrowserLook
import pssr.probe.page.PageFetch
import pssr.probe.page.ProbeFailure
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "probe",
    mixinStandardHelpOptions = true,
    description = [
        "Does any page stream? Fetches each URL as a browser would.",
        "Accepts gzip, follows redirects and timestamps every chunk. Prints status, content type,",
        "compression, transfer encoding, time to first byte, to first visible content",
        "and to last byte, the chunk timeline, and a verdict - streams, buffered or",
        "too fast to tell - with its reason. When buffered: the known causes for the",
        "server it detects, each with the setting to change. Warns about malformed",
        "HTML (content after </html>, unbalanced tags, unfilled placeholders).",
        "How the verdict is decided: docs/ARCHITECTURE.md.",
        "Exit code 0 when every page was probed, whatever its verdict; 2 when a URL",
        "could not be probed (one line each).",
    ],
)
class ProbeCommand : Callable<Int> {
    @Parameters(arity = "1..*", paramLabel = "URL", description = ["http(s) URLs of the pages to probe"])
    lateinit var urls: List<String>

    @Option(names = ["--json"], description = ["Write the results as JSON on stdout instead of text"])
    var json: Boolean = false

    @Option(
        names = ["--repeat"],
        paramLabel = "N",
        description = ["Probe each page N times; timings are medians (default: \${DEFAULT-VALUE})"],
    )
    var repeat: Int = 1

    @Option(
        names = ["--browser"],
        description = ["Also load each page in headless Chromium: first contentful paint and a filmstrip of ${BrowserLook.FRAMES} frames"],
    )
    var browser: Boolean = false

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = ["Where --browser writes its filmstrip frames (default: results/probe-<timestamp>)"],
    )
    var out: Path? = null

    @Option(
        names = ["--chromium"],
        paramLabel = "FILE",
        description = ["Chromium or Chrome binary for --browser (default: \$CHROME_PATH, /usr/bin/chromium, chromium on the PATH)"],
    )
    var chromiumPath: Path? = null

    @Option(
        names = ["--timeout"],
        paramLabel = "DURATION",
        description = ["Give up on a page that has not ended after this long, redirects included (default: \${DEFAULT-VALUE})"],
    )
    var timeoutText: String = "30s"

    override fun call(): Int {
        if (repeat !in 1..100) throw UsageError("--repeat must be between 1 and 100, was $repeat")
        val timeout = Durations.seconds("--timeout", timeoutText, 1, 600)
        val parsed = urls.map { u ->
            try {
                PageFetch.parse(u)
            } catch (e: ProbeFailure) {
                throw UsageError(e.message!!)
            }
        }
        val dir = (out ?: Project.resultsPath("probe-")).toAbsolutePath().normalize()
        return ProbeWorkflow(parsed, repeat, timeout, chromium(), dir, json).execute()
    }

    /** With --browser: --chromium's path, or the one found; null without --browser. */
    private fun chromium(): Path? = if (!browser) {
        null
    } else {
        chromiumPath?.let { p ->
            p.takeIf { Files.isExecutable(it) }
                ?: throw UsageError("no Chromium at $p; install it: ${Chromium.INSTALL_HINT}")
        }
            ?: Chromium.executable()
            ?: throw UsageError(
                "--browser needs Chromium (looked at \$CHROME_PATH, /usr/bin/chromium, PATH); install it: ${Chromium.INSTALL_HINT}",
            )
    }
}
