package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.results.RunDirectory
import java.nio.file.Files

/**
 * `./pssr merge`'s entry point once results/ShardMerge has joined the shards into [merged]: normalised.csv (each route's
 * throughput against its shard's reference routes), report.html and summary.md, and the console lines; results.csv read once.
 */
object MergedReport {
    fun write(merged: RunDirectory, shards: Int): List<String> {
        val data = RunData.load(merged)
        val (shardOf, references) = ShardNormalisation.read(merged)!!
        val normalised = ShardNormalisation.of(data.everyRow, shardOf, references)
        Files.writeString(
            merged.dir.resolve("normalised.csv"),
            (
                listOf(
                    CsvFile.header(
                        listOf(
                            "route", "load_model", "level", "shard", "machine",
                            "raw_rps", "reference_rps", "normalised", "reference_spread",
                        ),
                    ),
                ) + normalised.map { n ->
                    CsvFile.line(
                        listOf(
                            n.route, n.loadModel, n.level, n.shard, n.machine,
                            Fmt.fixed(
                                n.raw,
                                2,
                                Fmt.NAN,
                            ),
                            Fmt.fixed(n.reference, 2, Fmt.NAN), Fmt.fixed(n.normalised, 4, Fmt.NAN),
                            Fmt.fixed(n.referenceSpread, 4, Fmt.NAN),
                        ),
                    )
                }
                ).joinToString("\n", postfix = "\n"),
        )
        Report.write(data)
        val machines = shardOf.values.toSet()
        val spread = normalised.map { it.referenceSpread }.filter { it.isFinite() }.maxOrNull() ?: Double.NaN
        return listOf(
            "merged $shards shards from ${machines.map { it.second }.distinct().size} machine(s): ${data.everyRow.size} rows of " +
                "${shardOf.size} routes; reference spread across shards up to ${Fmt.pct(spread, 1)}",
            "results: ${merged.results}",
            "report:  ${merged.report}",
        )
    }
}
