package pssr.bench.report

import pssr.bench.console.Fmt
import pssr.bench.csv.CsvFile
import pssr.bench.markup.HtmlSection
import pssr.bench.markup.htmlEscape
import pssr.bench.results.ReferenceRow
import pssr.bench.results.ResultRow
import pssr.bench.results.RunDirectory
import pssr.bench.results.ShardMerge
import pssr.bench.stats.Stats
import java.nio.file.Files

/**
 * A route's figure across machines: [raw] req/s (mean over repetitions) on its shard, divided by its shard's reference
 * route (same framework and model, same level) = [normalised]. [referenceSpread] is the reference's coefficient of
 * variation across shards at that level (NaN with one shard): how much the machines differ, the error a comparison
 * of raw figures across shards would carry and the normalised figure removes to first order.
 */
data class Normalised(
    val route: String,
    val loadModel: String,
    val level: Int,
    val shard: Int,
    val machine: String,
    val raw: Double,
    val reference: Double,
    val referenceSpread: Double,
) {
    val normalised: Double get() = raw / reference
}

object ShardNormalisation {
    fun of(rows: List<ResultRow>, shardOf: Map<String, Pair<Int, String>>, refs: List<ReferenceRow>): List<Normalised> {
        val refMean = refs.groupBy {
            listOf(it.shard, it.framework, it.model, it.loadModel, it.level)
        }.mapValues { (_, rs) -> rs.map { it.throughputRps }.average() }
        val spread = refs.groupBy { listOf(it.framework, it.model, it.loadModel, it.level) }.mapValues { (_, rs) ->
            val perShard = rs.groupBy { it.shard }.values.map { s -> s.map { it.throughputRps }.average() }
            if (perShard.size < 2) Double.NaN else Stats.stdev(perShard) / Stats.mean(perShard)
        }
        return rows.groupBy { listOf(it.route, it.loadModel, ShardMerge.levelOf(it)) }.mapNotNull { (_, rs) ->
            val r = rs.first()
            val (shard, machine) = shardOf[ShardMerge.baseKey(r)] ?: return@mapNotNull null
            val level = ShardMerge.levelOf(r)
            val ref = refMean[listOf(shard, r.frameworkLabel, r.model, r.loadModel, level)] ?: return@mapNotNull null
            Normalised(
                r.route,
                r.loadModel,
                level,
                shard,
                machine,
                rs.map { it.throughputRps }.average(),
                ref,
                spread[listOf(r.frameworkLabel, r.model, r.loadModel, level)] ?: Double.NaN,
            )
        }.sortedWith(compareBy({ it.route }, { it.loadModel }, { it.level }))
    }

    /** What a merged folder holds for [of]: each route's shard and machine, and every shard's reference rows; null for a run that was not
     * merged. */
    fun read(run: RunDirectory): Pair<Map<String, Pair<Int, String>>, List<ReferenceRow>>? = ShardMerge.readMerged(run)
}

/**
 * A merged run (`./pssr merge`): which machine measured which routes, and beside raw throughput the normalised figure
 * (route / its shard's reference route at the same level) with the reference's spread across shards. Raw figures of
 * routes on different machines are not comparable; normalised ones are, to the extent the reference stands for the
 * machine (docs/HARNESS.md, "Shards").
 */
internal class ShardsSection(private val d: RunData, sb: StringBuilder) : HtmlSection(sb) {
    private val read = ShardNormalisation.read(d.run)
    val present: Boolean get() = read != null

    fun write() {
        val (shardOf, refs) = read ?: return
        val all = ShardNormalisation.of(d.rows, shardOf, refs)
        val machines = shardOf.values.toSet().sortedBy { it.first }
        sb.append("<h2 id=\"").append(ANCHOR).append("\">Shards and machines</h2>\n<p class=note>Merged from ").append(machines.size)
            .append(" shards: ").append(htmlEscape(machines.joinToString("; ") { "${it.first}: ${it.second}" }))
            .append(
                ". Routes measured on different shards (different machines) cannot be compared by raw req/s: use the normalised figure, ",
            )
            .append(
                "each route's throughput over its own shard's reference route (same framework and model, same level). The reference's " +
                    "spread ",
            )
            .append(
                "across shards says how much the machines differed. The panels above compare raw figures; a comparison there between " +
                    "routes ",
            )
            .append("of different shards crosses machines.</p>\n")
        val top = all.maxOfOrNull { it.level } ?: return
        htmlTable(
            listOf("route", "level", "shard", "raw req/s", "reference req/s", "normalised", "reference spread across shards"),
            all.filter { it.level == top }.map { n ->
                listOf(
                    n.route,
                    "${n.level}",
                    "${n.shard}",
                    Fmt.rps(n.raw),
                    Fmt.rps(n.reference),
                    Fmt.ratio(n.normalised),
                    Fmt.pct(n.referenceSpread, 1),
                )
            },
        )
    }

    companion object {
        const val ANCHOR = "shards"
    }
}
