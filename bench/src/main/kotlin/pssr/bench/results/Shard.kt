package pssr.bench.results

import pssr.bench.console.UsageError
import pssr.probe.Jackson
import pssr.servers.ListedRoute
import pssr.servers.key
import java.net.InetAddress
import java.nio.file.Files
import java.nio.file.Path
import java.security.MessageDigest
import java.util.HexFormat

/**
 * `run --shard K/N`: this machine measures part K of N of the selected routes. The split is a pure function of the
 * routes each server lists (after the --frameworks/--models/... filters) and N, so every machine computes the same
 * one: per framework, the routes sorted by key are dealt round-robin, starting at an offset taken from the framework's
 * name (so that small frameworks do not all start on shard 1). Every route of a run costs the same (same levels,
 * windows, repetitions, a fresh JVM each), so equal counts are equal expected times, within one route per framework.
 *
 * Each shard also measures a **reference route** per framework and model (the `baseline` engine at the first approach
 * that has one, else the first route), at the same levels: the yardstick of its machine ([ShardRecord]).
 */
data class Shard(val index: Int, val count: Int) {
    override fun toString() = "$index/$count"

    /** Of one framework's [routes], the keys this shard owns. */
    fun owned(framework: String, routes: List<ListedRoute>): Set<String> {
        val keys = routes.map { it.key(framework).toString() }.sorted()
        val offset = Math.floorMod(framework.hashCode(), count)
        return keys.filterIndexed { i, _ -> (i + offset) % count == index - 1 }.toSet()
    }

    companion object {
        /** `K/N` with 1 <= K <= N <= 256; anything else is a [UsageError]. */
        fun parse(text: String): Shard {
            val m = Regex("^(\\d+)/(\\d+)$").find(text.trim()) ?: throw UsageError("--shard must be K/N such as 2/4, was '$text'")
            val (k, n) = m.groupValues.drop(1).map { it.toInt() }
            if (n !in 1..256 || k !in 1..n) throw UsageError("--shard K/N needs 1 <= K <= N <= 256, was '$text'")
            return Shard(k, n)
        }

        /** Per model, the route whose figure every other route of the shard is divided by ([ShardRecord]). */
        fun references(routes: List<ListedRoute>): List<ListedRoute> = routes.groupBy { it.model.id }.values.map { rs ->
            rs.filter { it.engine == "baseline" }.minByOrNull { it.approach } ?: rs.minBy { "${it.engine}/${it.approach}" }
        }
    }
}

/**
 * What a shard measured, written to `shard.json` beside environment.json once its routes are known: the shard, the
 * split's hash (every selected route of every framework, and N: shards of one split have the same hash), the machine,
 * the routes it owns and its reference routes. `./pssr merge` reads it.
 */
class ShardRecord(val shard: Shard) {
    private val selected = sortedSetOf<String>()
    private val owned = sortedSetOf<String>()
    private val references = sortedSetOf<String>()

    /** One framework's selected routes: returns those this shard measures (its own and the references). */
    fun take(framework: String, routes: List<ListedRoute>): List<ListedRoute> {
        val own = shard.owned(framework, routes)
        val refs = Shard.references(routes).map { it.key(framework).toString() }
        selected += routes.map { it.key(framework).toString() }
        owned += own
        references += refs
        return routes.filter { it.key(framework).toString() in own || it.key(framework).toString() in refs }
    }

    fun write(dir: Path) = Files.writeString(
        dir.resolve(FILE),
        Jackson.writePretty(
            linkedMapOf(
                "shard" to shard.index,
                "shards" to shard.count,
                "splitHash" to splitHash(),
                "machine" to machine(),
                "owned" to owned.toList(),
                "references" to references.toList(),
            ),
        ),
    )

    private fun splitHash(): String =
        MessageDigest.getInstance("SHA-256").digest((selected.joinToString("\n") + "\n" + shard.count).toByteArray())
            .let { HexFormat.of().formatHex(it) }.take(16)

    companion object {
        const val FILE = "shard.json"

        /** This machine as merged reports name it: host name and CPU model. */
        fun machine(): String {
            val host = try {
                InetAddress.getLocalHost().hostName
            } catch (e: Exception) {
                System.getenv("HOSTNAME") ?: "unknown"
            }
            return "$host (${pssr.bench.results.Environment.cpuModel()})"
        }
    }
}
