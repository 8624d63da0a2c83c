package pssr.bench.probe

import pssr.bench.console.UsageError
import pssr.bench.process.Children
import pssr.probe.browser.Chromium
import pssr.probe.page.BrowserLook
import pssr.probe.page.PageProbe
import pssr.probe.page.ProbeFailure
import pssr.probe.page.ProbeOutput
import pssr.probe.page.ProbeSummary
import java.net.URI
import java.nio.file.Path
import java.time.Duration

/**
 * `./pssr probe URL...` from its checked options (cli/ProbeCommand only parses): each page probed [repeat] times, with
 * [chromium] (when given) its look in the browser, its frames in [dir]; text or JSON on stdout, a page that could not be
 * probed as one line (the last through the usage-error path, exit code 2).
 */
class ProbeWorkflow(
    private val urls: List<URI>,
    private val repeat: Int,
    private val timeout: Duration,
    private val chromium: Path?,
    private val dir: Path,
    private val json: Boolean,
) {
    fun execute(): Int {
        val summaries = mutableListOf<ProbeSummary>()
        val failures = mutableListOf<String>()
        val open = lazy {
            try {
                Chromium.launch(chromium!!, spawn = Children::spawn).apply {
                    try {
                        warmUp()
                    } catch (e: Exception) {
                        close()
                        throw e
                    }
                }
            } catch (e: Exception) {
                throw UsageError("Chromium did not start: ${e.message?.lines()?.first()}")
            }
        }
        // Ctrl-C during --browser: Chromium is our child, not stopped with us unless we stop it
        val stopChromium = Thread { if (open.isInitialized()) open.value.close() }
        Runtime.getRuntime().addShutdownHook(stopChromium)
        try {
            for ((i, url) in urls.withIndex()) {
                var summary = try {
                    ProbeSummary((1..repeat).map { PageProbe.probe(url, timeout) })
                } catch (e: ProbeFailure) {
                    failures += e.message!!
                    continue
                }
                if (chromium != null) {
                    val view = try {
                        BrowserLook.look(open.value, url, summary.typical.lastByteMillis, dir, "page${i + 1}")
                    } catch (e: UsageError) {
                        throw e
                    } catch (e: Exception) {
                        failures += "Chromium could not show $url: ${e.message?.lines()?.first() ?: e.javaClass.simpleName}"
                        null
                    }
                    summary = ProbeSummary(summary.runs, view)
                }
                summaries += summary
                if (!json) println(ProbeOutput.text(summary))
            }
        } finally {
            if (open.isInitialized()) open.value.close() // stops Chromium by its PID and removes its profile
            runCatching { Runtime.getRuntime().removeShutdownHook(stopChromium) }
        }
        if (json) print(ProbeOutput.json(summaries) + "\n")
        // several URLs: each failure is its own line; the last one goes through the CLI's usage-error path
        failures.dropLast(1).forEach { System.err.println("pssr: $it") }
        failures.lastOrNull()?.let { throw UsageError(it) }
        return 0
    }
}
