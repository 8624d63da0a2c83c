package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.claims.ClaimsWorkflow
import pssr.bench.console.UsageError
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "claims",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Judge the seeds' claims on existing result folders, together (pages runs, students, products/forward, " +
            "browser): holds, refuted, inconclusive (the 95%% interval straddles the tolerance) or not measured (with " +
            "the command that measures it).",
        "Writes claims.md and claims.csv (docs/CLAIMS.md) into --out (default: the first folder; a reproduce folder, which " +
            "stands for its measured phase folders, gets them in its rejudged folder, its own ledger left as it was).",
        "With --diff A B: two ledgers verdict by verdict (every verdict that changed, and any claim that holds in one and is refuted in " +
            "the other).",
    ],
)
class ClaimsCommand : Callable<Int> {
    @Parameters(paramLabel = "DIR", arity = "0..*", description = ["Result folders of ./pssr run, ./pssr browser or ./pssr reproduce"])
    var folders: List<Path> = emptyList()

    @Option(
        names = ["--confidence"],
        paramLabel = "LEVEL",
        description = [
            "The intervals' confidence, e.g. 0.975 (default \${DEFAULT-VALUE}; " +
                "reproduce uses a smaller alpha per look when it measures again, docs/CLAIMS.md)",
        ],
    )
    var confidence: Double = 0.95

    @Option(
        names = ["--diff"],
        arity = "2",
        paramLabel = "LEDGER",
        description = ["Compare two ledgers (claims.csv, or folders holding one) verdict by verdict"],
    )
    var diff: List<Path>? = null

    @Option(
        names = ["--out"],
        paramLabel = "DIR",
        description = ["Where claims.md and claims.csv go (default: the first DIR, or DIR/rejudged for a reproduce folder)"],
    )
    var out: Path? = null

    override fun call(): Int {
        diff?.let { (a, b) ->
            if (folders.isNotEmpty()) throw UsageError("--diff compares two ledgers; give no result folders with it")
            return ClaimsWorkflow.diff(a, b, out)
        }
        if (folders.isEmpty()) throw UsageError("give result folders to judge (./pssr claims DIR...), or --diff A B to compare two ledgers")
        if (!(confidence >= 0.5 && confidence < 1)) {
            throw UsageError("--confidence must be from 0.5 to below 1, e.g. 0.95 or 0.975, was $confidence")
        }
        return ClaimsWorkflow.judge(folders, out, confidence)
    }
}
