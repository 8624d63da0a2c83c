package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Mixin
import picocli.CommandLine.Option
import pssr.bench.console.UsageError
import pssr.bench.run.Selection
import pssr.bench.run.VerifyWorkflow
import pssr.model.ItemDelay
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Check every route of every built server, without load: the HTML equals the golden page, and the page " +
            "streams or not as measured with a slow source (chunk timestamps), against the route's own claim.",
        "Exit code 0 when every route passes and no verdict contradicts its claim, 1 otherwise.",
    ],
)
class VerifyCommand : Callable<Int> {
    @Mixin lateinit var selection: Selection

    @Option(
        names = ["--item-delay"],
        paramLabel = "DELAY",
        description = ["Source delay per item for the streaming check, e.g. 100ms (default: \${DEFAULT-VALUE})"],
    )
    var itemDelay: String = "100ms"

    @Option(names = ["--out"], description = ["Also write verification.csv into this directory"])
    var out: Path? = null

    override fun call(): Int {
        selection.validate()
        // At least 10 ms: below that a page's items arrive too close together to tell streaming from buffering.
        val itemDelayMs = ItemDelay.parse(itemDelay, min = 10).getOrElse {
            throw UsageError("--item-delay ${it.message}")
        }.millis
        return VerifyWorkflow(selection, itemDelayMs, out).execute()
    }
}
