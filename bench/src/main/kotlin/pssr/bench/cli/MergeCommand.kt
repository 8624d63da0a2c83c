package pssr.bench.cli

import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable
import picocli.CommandLine.Command
import picocli.CommandLine.Option
import picocli.CommandLine.Parameters
import pssr.bench.csv.CsvFile
import pssr.bench.report.Fmt
import pssr.bench.report.Report
import pssr.bench.report.ShardNormalisation
import pssr.bench.results.ShardMerge

@Command(name = "merge", mixinStandardHelpOptions = true,
    description = [
        // one paragraph per element: picocli wraps each once
        "Join the results folders of ./pssr run --shard 1/N .. N/N (from one machine each) into one folder and one " +
            "report.",
        "Refuses, one line each: folders of different splits, a missing or duplicated shard, options that differ " +
            "other than by --shard.",
        "Writes results.csv (each route's rows from the shard that owns it), shards.csv (route, shard, machine), " +
            "references.csv (every shard's reference routes), normalised.csv and report.html (docs/HARNESS.md).",
    ])
class MergeCommand : Callable<Int> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = ["The shards' results folders"])
    lateinit var dirs: List<Path>

    @Option(names = ["--out"], paramLabel = "DIR", required = true, description = ["The merged results folder (must not hold a run)"])
    lateinit var out: Path

    override fun call(): Int {
        val merged = ShardMerge.merge(dirs, out)
        val read = ShardNormalisation.read(merged)!!
        val normalised = ShardNormalisation.of(merged.rows(), read.first, read.second)
        Files.writeString(merged.dir.resolve("normalised.csv"), (listOf(CsvFile.header(listOf("route", "load_model", "level", "shard", "machine",
            "raw_rps", "reference_rps", "normalised", "reference_spread"))) + normalised.map { n ->
            fun f(v: Double, decimals: Int) = if (v.isNaN()) "NaN" else String.format(java.util.Locale.ROOT, "%.${decimals}f", v)
            CsvFile.line(listOf(n.route, n.loadModel, n.level, n.shard, n.machine, f(n.raw, 2), f(n.reference, 2), f(n.normalised, 4), f(n.referenceSpread, 4)))
        }).joinToString("\n", postfix = "\n"))
        Report.write(merged)
        val machines = read.first.values.toSet()
        println("merged ${dirs.size} shards from ${machines.map { it.second }.distinct().size} machine(s): ${merged.rows().size} rows of ${read.first.size} routes; " +
            "reference spread across shards up to ${Fmt.pct(normalised.map { it.referenceSpread }.filter { it.isFinite() }.maxOrNull() ?: Double.NaN, 1)}")
        println("results: ${merged.results}")
        println("report:  ${merged.report}")
        return 0
    }
}
