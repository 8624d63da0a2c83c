package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.console.UsageError
import pssr.bench.run.JmhWorkflow
import pssr.views.Engines
import java.nio.file.Path

@Command(
    name = "jmh",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Render microbenchmark: every engine x model, zero delay, into a discarding sink (ops/s and B/op).",
        "Default is short (1 fork, 2x1 s warm-up, 3x1 s measurement, -prof gc). Arguments after '--' go to JMH, " +
            "e.g. ./pssr jmh -- -f 3 -wi 5 -i 10 -p engine=jstachio,htmlflow",
    ],
)
class JmhCommand : Runnable {
    @Option(
        names = ["--engines"],
        split = ",",
        description = ["Engines to run (default: all). Valid: \${COMPLETION-CANDIDATES}"],
        completionCandidates = EngineNames::class,
    )
    var engines: List<String> = emptyList()

    @Option(names = ["--out"], paramLabel = "FILE", description = ["Where JMH's results go as JSON (default results/jmh-<time>.json)"])
    var out: Path? = null

    @Parameters(description = ["JMH options (after --)"], arity = "0..*")
    var jmhArgs: List<String> = emptyList()

    override fun run() {
        engines.forEach {
            if (Engines.byName(it) == null) throw UsageError("unknown engine '$it'; valid engines: ${Engines.names.joinToString(", ")}")
        }
        JmhWorkflow.execute(engines, out, jmhArgs)
    }
}

class EngineNames : Iterable<String> {
    override fun iterator() = Engines.names.iterator()
}
