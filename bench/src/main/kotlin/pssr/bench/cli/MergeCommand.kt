package pssr.bench.cli

import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.report.MergedReport
import pssr.bench.results.ShardMerge
import java.nio.file.Path
import java.util.concurrent.Callable

@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Join the results folders of ./pssr run --shard 1/N .. N/N (from one machine each) into one folder and one report.",
        "Refuses, one line each: folders of different splits, a missing or duplicated shard, options that differ other than by --shard.",
        "Writes results.csv (each route's rows from the shard that owns it), shards.csv (route, shard, machine), " +
            "references.csv (every shard's reference routes), normalised.csv and report.html (docs/HARNESS.md).",
    ],
)
class MergeCommand : Callable<Int> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = ["The shards' results folders"])
    lateinit var dirs: List<Path>

    @Option(names = ["--out"], paramLabel = "DIR", required = true, description = ["The merged results folder (must not hold a run)"])
    lateinit var out: Path

    override fun call(): Int {
        MergedReport.write(ShardMerge.merge(dirs, out), dirs.size).forEach(::println)
        return 0
    }
}
