package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.UsageError
import pssr.probe.page.PageFetch
import pssr.probe.page.PageProbe
import pssr.probe.page.ProbeFailure
import pssr.probe.page.ProbeOutput
import pssr.probe.page.ProbeSummary
import java.time.Duration
import java.util.concurrent.Callable

@Command(name = "probe", mixinStandardHelpOptions = true,
    description = [
        "Does any page stream? Fetches each URL as a browser would (gzip accepted, redirects followed), timestamps every",
        "chunk, and prints status, content type, compression, transfer encoding, time to first byte, to first visible",
        "content and to last byte, the chunk timeline, and a verdict (streams / buffered / too fast to tell) with its reason;",
        "when buffered, the known causes for the server it detects, each with the setting to change; and warnings for",
        "malformed HTML (content after </html>, unbalanced tags, unfilled placeholders). The rule is in docs/ARCHITECTURE.md.",
        "Exit code 0 when every page was probed (whatever its verdict), 2 when a URL could not be probed (one line each).",
    ])
class ProbeCommand : Callable<Int> {
    @Parameters(arity = "1..*", paramLabel = "URL", description = ["http(s) URLs of the pages to probe"])
    lateinit var urls: List<String>

    @Option(names = ["--json"], description = ["Write the results as JSON on stdout instead of text"])
    var json: Boolean = false

    @Option(names = ["--repeat"], paramLabel = "N", description = ["Probe each page N times; timings are medians (default: \${DEFAULT-VALUE})"])
    var repeat: Int = 1

    @Option(names = ["--timeout"], paramLabel = "SECONDS", description = ["Give up on a page that has not ended after this long, redirects included (default: \${DEFAULT-VALUE})"])
    var timeoutSeconds: Long = 30

    override fun call(): Int {
        if (repeat !in 1..100) throw UsageError("--repeat must be between 1 and 100, was $repeat")
        if (timeoutSeconds !in 1..600) throw UsageError("--timeout must be between 1 and 600 seconds, was $timeoutSeconds")
        val parsed = urls.map { u -> try { PageFetch.parse(u) } catch (e: ProbeFailure) { throw UsageError(e.message!!) } }
        val timeout = Duration.ofSeconds(timeoutSeconds)
        val summaries = mutableListOf<ProbeSummary>()
        val failures = mutableListOf<String>()
        for (url in parsed) {
            val summary = try { ProbeSummary((1..repeat).map { PageProbe.probe(url, timeout) }) }
            catch (e: ProbeFailure) { failures += e.message!!; continue }
            summaries += summary
            if (!json) println(ProbeOutput.text(summary))
        }
        if (json) print(ProbeOutput.json(summaries) + "\n")
        // several URLs: each failure is its own line; the last one goes through the CLI's usage-error path
        failures.dropLast(1).forEach { System.err.println("pssr: $it") }
        failures.lastOrNull()?.let { throw UsageError(it) }
        return 0
    }
}
